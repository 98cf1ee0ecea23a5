/**
 * Renderer component: source (with "Detect language") and target pickers fed by `languages.list`, and the swap
 * button. Shows the detected language next to the source picker and says plainly when the lists could not be
 * loaded or come from the pseudo engine.
 */
import type { LanguageView } from '../../shared/ipc/contract.js';
import { baseLanguage, languageName } from '../../shared/spec/languages.js';
import { errorMessage } from '../lib/api.js';

export interface LanguageBarProps {
  sources: LanguageView[] | undefined;
  targets: LanguageView[] | undefined;
  sourceLang: string;
  targetLang: string;
  detected: string | null;
  loading: boolean;
  error: unknown;
  pseudo: boolean;
  onChange: (patch: { sourceLang?: string; targetLang?: string }) => void;
  onSwap: () => void;
  onRetry: () => void;
}

/** Picks the target code for a source language: the same code if listed, else the first listed variant. */
export function targetFor(source: string, targets: readonly LanguageView[]): string | null {
  const s = source.toUpperCase();
  const exact = targets.find((t) => t.code.toUpperCase() === s);
  if (exact) return exact.code;
  return targets.find((t) => baseLanguage(t.code) === baseLanguage(s))?.code ?? null;
}

/** Picks the source code for a target language (`EN-GB` → `EN`), if the source list has it. */
export function sourceFor(target: string, sources: readonly LanguageView[]): string | null {
  const base = baseLanguage(target);
  return (
    sources.find((s) => s.code.toUpperCase() === target.toUpperCase())?.code ??
    sources.find((s) => baseLanguage(s.code) === base)?.code ??
    null
  );
}

function nameIn(list: readonly LanguageView[] | undefined, code: string): string {
  return list?.find((l) => l.code.toUpperCase() === code.toUpperCase())?.name ?? languageName(code);
}

export function LanguageBar(p: LanguageBarProps) {
  const targetMissing =
    p.targets !== undefined &&
    p.targetLang !== '' &&
    !p.targets.some((t) => t.code.toUpperCase() === p.targetLang.toUpperCase());
  const sourceMissing =
    p.sources !== undefined &&
    p.sourceLang !== '' &&
    !p.sources.some((s) => s.code.toUpperCase() === p.sourceLang.toUpperCase());
  return (
    <div className="lang-bar-wrap">
      <div className="lang-bar">
        <div className="field">
          <label htmlFor="source-lang">From</label>
          <select
            id="source-lang"
            value={p.sourceLang}
            onChange={(e) => p.onChange({ sourceLang: e.target.value })}
            disabled={!p.sources}
            aria-describedby="detected-lang"
          >
            <option value="">Detect language{p.detected ? ` (${nameIn(p.sources, p.detected)})` : ''}</option>
            {sourceMissing && (
              <option value={p.sourceLang}>{languageName(p.sourceLang)} (not offered)</option>
            )}
            {p.sources?.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn"
          onClick={p.onSwap}
          aria-label="Swap languages"
          title="Swap languages (the translation becomes the new source text)"
          disabled={!p.sources || !p.targets}
        >
          ⇄
        </button>
        <div className="field">
          <label htmlFor="target-lang">To</label>
          <select
            id="target-lang"
            value={p.targetLang}
            onChange={(e) => p.onChange({ targetLang: e.target.value })}
            disabled={!p.targets}
            aria-invalid={targetMissing || undefined}
          >
            {(targetMissing || !p.targets) && p.targetLang && (
              <option value={p.targetLang}>
                {languageName(p.targetLang)}
                {targetMissing ? ' (not offered)' : ''}
              </option>
            )}
            {p.targets?.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={p.onRetry}
          disabled={p.loading}
          aria-label="Refresh the language lists"
          title="Ask the service for its current languages"
        >
          ↻
        </button>
        {p.loading && <span className="spinner" role="status" aria-label="Loading languages" />}
        {p.pseudo && (
          <span
            className="badge badge-pseudo"
            title="The pseudo engine makes layout previews, not translations"
          >
            Pseudo-localisation engine
          </span>
        )}
      </div>
      <p id="detected-lang" className="hint" aria-live="polite">
        {p.sourceLang === '' && p.detected ? `Detected language: ${nameIn(p.sources, p.detected)}` : ''}
        {p.sourceLang === '' && p.detected && sameLanguage(p.detected, p.targetLang)
          ? ` — the text is already in ${languageName(p.targetLang)}, so it comes back unchanged; choose another target language.`
          : ''}
      </p>
      {targetMissing && (
        <p className="reason" role="alert">
          This connection does not translate into {languageName(p.targetLang)}; choose another target
          language.
        </p>
      )}
      {sourceMissing && (
        <p className="reason" role="alert">
          This connection does not translate from {languageName(p.sourceLang)}; choose another source language
          or “Detect language”.
        </p>
      )}
      {p.error !== null && p.error !== undefined && (
        <div className="alert alert-error" role="alert">
          Languages could not be loaded: {errorMessage(p.error)}{' '}
          <button type="button" className="btn btn-small" onClick={p.onRetry}>
            Try again
          </button>
        </div>
      )}
    </div>
  );
}

/** True when two codes name the same base language (`EN` and `EN-US`): the service returns such text unchanged. */
function sameLanguage(a: string, b: string): boolean {
  return a.split('-')[0]!.toUpperCase() === b.split('-')[0]!.toUpperCase();
}
