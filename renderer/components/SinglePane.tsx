/**
 * Renderer component: the source box and the result of the single-text mode, side by side (stacked in narrow
 * windows), both growing with the window and resizable. Under them: the character count (billed code points, with
 * a warning for large texts), the billed characters the service reported, Copy (only a current translation), the
 * Translate button (Ctrl/Cmd+Enter), progress and Cancel for long texts, and one message per error. A result that
 * belongs to older input stays visible but dimmed and marked busy until the new one arrives.
 */
import { useState, type ReactNode } from 'react';
import { useFormat, useT } from '../i18n/index.js';
import { api, errorCode, unwrap } from '../lib/api.js';
import { isolate } from '../lib/bidi.js';
import { useStartIdle } from '../lib/start-idle.js';
import { ownDirection } from '../lib/text-direction.js';
import { countCharacters } from '../lib/translate-rules.js';
import type { LiveTranslation } from '../lib/use-live-translation.js';
import { ErrorAlert } from './ErrorAlert.js';
import { MOD_KEY } from './Sidebar.js';
import { ProtectedSource } from '../screens/translate/ProtectedText.js';
import { QaFlags } from '../screens/translate/QaFlags.js';
import { useKeptSpans, useProtectionOn, useTagMode } from '../screens/translate/protect-state.js';
import { isEnter } from '../lib/keys.js';
import { billedCharacters } from '../lib/translate-request.js';
import { focusOnMount } from '../lib/focus-on-mount.js';

/** Above this many characters the count warns that a paid plan bills them (a plan's month is often 500,000). */
export const LARGE_TEXT_CHARS = 50_000;

export interface SinglePaneProps {
  text: string;
  onText: (text: string) => void;
  live: LiveTranslation;
  auto: boolean;
  /** Told when an input method starts and ends composing characters in the text box. */
  onComposing?: (composing: boolean) => void;
  blockedReason: string | undefined;
  /** The connection bills characters (hosted or custom): large texts get a warning before they are sent. */
  billed: boolean;
  /** Characters billed for this text by a first try whose answer was replaced (it came back in the text's own language). */
  alsoBilled?: number;
  /** Ctrl/Cmd+Z in the box right after a swap: undoes the swap (returns false when there is nothing to undo). */
  onUndo: () => boolean;
  /** What made the translation (e.g. "Rule-based draft by Apertium"), shown under it while it is current. */
  outputLabel?: ReactNode;
  /** The text is a draft restored from the last session, not sent until the user edits it or presses Translate. */
  held?: boolean;
  /** Words for the error where the screen knows better than the generic ones (the service's stay behind Details). */
  errorMessage?: string | undefined;
}

export function SinglePane({
  text,
  onText,
  live,
  auto,
  onComposing,
  blockedReason,
  billed: billedPlan,
  alsoBilled = 0,
  onUndo,
  held = false,
  outputLabel,
  errorMessage,
}: SinglePaneProps) {
  const idle = useStartIdle();
  const t = useT();
  const f = useFormat();
  // What Copy did, and for which output: the note belongs to that output only. It stayed beside an output that was
  // never copied (after Clear, Undo or a new language: "Copied" beside Portuguese while the clipboard held Spanish,
  // seen on a Dutch tour).
  const [copied, setCopied] = useState<{ outcome: 'done' | 'failed'; of: string } | null>(null);
  // What Clear removed, until the user types again: Ctrl/Cmd+Z (or Undo) brings it back. The box's own undo
  // cannot, because Clear replaces its value from outside.
  const [cleared, setCleared] = useState<string | null>(null);
  const clear = () => {
    setCleared(text);
    onText('');
    document.getElementById('source-text')?.focus();
  };
  const undoClear = () => {
    if (cleared === null || text !== '') return false;
    onText(cleared);
    setCleared(null);
    return true;
  };
  const result = live.result;
  const output = result?.translations.map((x) => x.text).join('\n') ?? '';
  const pseudo = result?.engine === 'pseudo';
  const billed = result?.translations.some((x) => x.billedCharacters !== undefined) ? billedCharacters(result) : null;
  const chars = countCharacters(text);
  const stale = live.stale;
  const copyNote = copied && copied.of === output && !stale ? copied.outcome : null;
  const busy = live.pending || stale;
  const kept = useKeptSpans(text, useProtectionOn(), useTagMode());

  const copy = async () => {
    if (stale) return;
    try {
      // Main copies (in the web harness its shim uses the page's clipboard) and says honestly whether it could.
      const res = await unwrap(api().app.copyText({ text: output }));
      setCopied({ outcome: res.copied ? 'done' : 'failed', of: output });
    } catch {
      setCopied({ outcome: 'failed', of: output });
    }
  };

  const progress = live.progress;
  const cancelled = errorCode(live.error) === 'cancelled';
  const failed = live.error !== null && live.error !== undefined && !cancelled;
  const hasNotes = (progress && progress.total > 0) || (blockedReason && text.trim()) || live.retrying || cancelled || failed;

  return (
    <>
      <div className="tr-panes">
        <div className="pane">
          <label htmlFor="source-text" className="visually-hidden">
            {t('translate.source.label')}
          </label>
          <ProtectedSource text={text} spans={kept.spans} extra={kept.extra} billed={billedPlan}>
            {/* The text in its own direction; the marks' layer behind it takes the same. */}
            <textarea
              id="source-text"
              dir={ownDirection(text)}
              value={text}
              ref={focusOnMount}
              placeholder={
                auto ? t('translate.source.placeholderAuto') : t('translate.source.placeholderManual', { shortcut: isolate(`${MOD_KEY}Enter`) })
              }
              onChange={(e) => {
                onText(e.target.value);
                setCopied(null);
                setCleared(null);
              }}
              onCompositionStart={() => onComposing?.(true)}
              onCompositionEnd={() => onComposing?.(false)}
              onBlur={() => onComposing?.(false)}
              onKeyDown={(e) => {
                if (isEnter(e) && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  live.translateNow();
                } else if (e.key.toLowerCase() === 'z' && (e.ctrlKey || e.metaKey) && !e.shiftKey) {
                  // Native undo cannot reach back past a swap or a Clear (the box's value was replaced): undo those.
                  if (undoClear() || onUndo()) e.preventDefault();
                }
              }}
              aria-keyshortcuts="Control+Enter Meta+Enter"
            />
          </ProtectedSource>
          <div className="pane-footer">
            {/* Its plural needs Intl, which the first render does without (lib/start-idle.ts): it shows when idle. */}
            <span aria-live={idle ? 'polite' : undefined}>{idle && t('app.common.characters', { count: chars })}</span>
            <span className="spacer" />
            {text && (
              <button type="button" className="btn btn-ghost btn-small" onClick={clear}>
                {t('translate.source.clear')}
              </button>
            )}
            {!text && cleared !== null && (
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={undoClear}
                aria-keyshortcuts="Control+Z Meta+Z"
                title={t('translate.source.undoClearTitle', { shortcut: isolate(`${MOD_KEY}Z`) })}
              >
                {t('translate.source.undoClear')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-primary btn-small"
              onClick={live.translateNow}
              disabled={!text.trim() || blockedReason !== undefined}
              title={t('translate.shortcut', { shortcut: `${MOD_KEY}Enter` })}
              aria-label={t('translate.source.translateNow')}
            >
              {t('translate.source.translate')}
            </button>
          </div>
          {billedPlan && chars > LARGE_TEXT_CHARS && (
            <p className="hint tr-large" role="note">
              {t('translate.source.largeWarning', { count: chars })}
            </p>
          )}
        </div>
        <div className="pane">
          <div
            className={stale ? 'output tr-stale' : 'output'}
            role="region"
            aria-label={pseudo ? t('translate.output.pseudoLabel') : t('translate.output.label')}
            aria-live="polite"
            aria-busy={busy || undefined}
            tabIndex={0}
            data-testid="translation-output"
            data-stale={stale || undefined}
            dir={ownDirection(output)}
          >
            {output}
            {held && !output && text.trim() !== '' && <p className="hint tr-held">{t('translate.source.restoredHeld')}</p>}
          </div>
          {!stale && <QaFlags report={result?.translations[0]?.qa} />}
          {/* Progress, why nothing was translated, a retry, a cancel: in the output pane, where the translation would be.
              Below the panes they were out of view at 900×700 (a German text on the local engine: an empty output and
              no word why, seen on a tour). The pane keeps its size: the output gives up the room. */}
          {hasNotes && (
            <div className="tr-pane-notes">
              {progress && progress.total > 0 && (
                <div className="toolbar">
                  <progress max={progress.total} value={progress.done} aria-label={t('translate.output.progressLabel')} />
                  <span role="status">
                    {t('translate.output.progress', {
                      done: progress.done,
                      total: progress.total,
                      percent: f.percent(progress.done / progress.total),
                    })}
                  </span>
                  <button type="button" className="btn btn-small" onClick={live.cancel}>
                    {t('translate.output.cancel')}
                  </button>
                </div>
              )}
              {blockedReason && text.trim() && <p className="reason">{t('translate.source.notYet', { reason: blockedReason })}</p>}
              {live.retrying && (
                <div className="alert alert-warning" role="status">
                  {live.retrying.status === 429 || live.retrying.status === 529
                    ? t('translate.retry.slowDown', { seconds: Math.max(1, Math.round(live.retrying.delayMs / 1000)) })
                    : t('translate.retry.other', { seconds: Math.max(1, Math.round(live.retrying.delayMs / 1000)) })}
                </div>
              )}
              {cancelled && (
                <div className="alert alert-info" role="status">
                  {t('translate.output.cancelled')}
                </div>
              )}
              {failed && (
                <ErrorAlert error={live.error} look="box" {...(errorMessage !== undefined && { message: errorMessage })} />
              )}
            </div>
          )}
          <div className="pane-footer">
            {pseudo && (
              <span className="badge badge-pseudo" title={t('translate.output.pseudoTitle')}>
                {t('translate.output.pseudoBadge')}
              </span>
            )}
            {output && !stale && outputLabel}
            {live.pending && <span className="spinner" role="status" aria-label={t('translate.output.translating')} />}
            {stale && <span className="hint">{t('translate.output.outdated')}</span>}
            {/* The local engine bills nothing: a billed count there would only make a translator wonder. */}
            {billedPlan && billed !== null && billed !== undefined && !stale && (
              <span>
                {alsoBilled > 0
                  ? t('translate.output.billedWithFirstTry', { count: billed + alsoBilled, first: alsoBilled })
                  : t('translate.output.billed', { count: billed })}
              </span>
            )}
            {billedPlan && result?.cached && !stale && <span className="hint">{t('translate.output.cached')}</span>}
            <span className="spacer" />
            <button
              type="button"
              className="btn btn-small"
              onClick={() => void copy()}
              disabled={!output || stale}
              title={stale ? t('translate.output.copyStale') : undefined}
            >
              {t('translate.output.copy')}
            </button>
            <span role="status" className="hint">
              {copyNote === 'done' ? t('translate.output.copied') : copyNote === 'failed' ? t('translate.output.copyFailed') : ''}
            </span>
          </div>
        </div>
      </div>
    </>
  );
}
