/**
 * Renderer, Translate screen: whether placeholders and code are protected for the current draft — the draft's own
 * choice (Options) or else Settings → Translate (on by default) — and the spans that will be kept, found with the
 * same detector main uses (`shared/protect/wrap.ts`), so what the screen marks is what goes out kept.
 */
import { useDeferredValue, useMemo } from 'react';
import { codePoints } from '../../../shared/spec/billing.js';
import { keptSpans, protectRequest, type KeptSpan, type TagMode } from '../../../shared/protect/wrap.js';
import { useTranslatePrefs } from '../../lib/queries.js';
import { useTranslateStore } from '../../state/translate-store.js';

export function useProtectionOn(): boolean {
  const own = useTranslateStore((s) => s.options.protect);
  const prefs = useTranslatePrefs();
  if (own === 'on') return true;
  if (own === 'off') return false;
  return prefs.data?.protectSpans ?? true;
}

export function useTagMode(): TagMode {
  return useTranslateStore((s) => s.options.tagHandling) || 'plain';
}

/** Spans kept in `text` (none when protection is off), and the characters the marks add to what is sent. */
export function useKeptSpans(text: string, enabled: boolean, mode: TagMode): { spans: KeptSpan[]; extra: number } {
  // Deferred: a long text being typed is searched when the input is idle, never on the keystroke's frame.
  const deferred = useDeferredValue(text);
  return useMemo(() => {
    if (!enabled || deferred === '') return { spans: [], extra: 0 };
    const spans = keptSpans(deferred, mode);
    if (spans.length === 0) return { spans, extra: 0 };
    const sent = protectRequest([deferred], mode === 'plain' ? {} : { tagHandling: mode }).texts[0]!;
    return { spans, extra: codePoints(sent) - codePoints(deferred) };
  }, [deferred, enabled, mode]);
}
