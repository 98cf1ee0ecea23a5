/**
 * Renderer component: the source box and the result of the single-text mode, with the character count (billed
 * code points), the billed characters the service reported, copy, the Translate button (Ctrl/Cmd+Enter) and the
 * messages for errors, retries and pseudo-localised output (never presented as a translation).
 */
import { useState } from 'react';
import { api, errorCode, errorMessage, unwrap, ApiError } from '../lib/api.js';
import { countCharacters } from '../lib/translate-rules.js';
import type { LiveTranslation } from '../lib/use-live-translation.js';
import { MOD_KEY } from './Sidebar.js';

const fmt = new Intl.NumberFormat();

export interface SinglePaneProps {
  text: string;
  onText: (text: string) => void;
  live: LiveTranslation;
  auto: boolean;
  blockedReason: string | undefined;
}

/** The message for a failed translation, with the usage numbers when the quota ran out. */
export function translationErrorText(err: unknown): string {
  const base = errorMessage(err);
  if (err instanceof ApiError && err.code === 'quota_exceeded' && err.error.usage) {
    const { characterCount, characterLimit } = err.error.usage;
    return `${base} (${fmt.format(characterCount)} of ${fmt.format(characterLimit)} characters used.)`;
  }
  return base;
}

export function SinglePane({ text, onText, live, auto, blockedReason }: SinglePaneProps) {
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');
  const result = live.result;
  const output = result?.translations.map((t) => t.text).join('\n') ?? '';
  const pseudo = result?.engine === 'pseudo';
  const billed = result?.translations.reduce<number | null>(
    (sum, t) => (t.billedCharacters === undefined ? sum : (sum ?? 0) + t.billedCharacters),
    null,
  );
  const chars = countCharacters(text);

  const copy = async () => {
    try {
      // Main copies (in the web harness its shim uses the page's clipboard) and says honestly whether it could.
      const res = await unwrap(api().app.copyText({ text: output }));
      setCopied(res.copied ? 'done' : 'failed');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <>
      <div className="panes">
        <div className="pane">
          <label htmlFor="source-text" className="visually-hidden">
            Text to translate
          </label>
          <textarea
            id="source-text"
            value={text}
            autoFocus
            placeholder={
              auto
                ? 'Type or paste text; it is translated as you type.'
                : `Type or paste text, then press ${MOD_KEY}Enter.`
            }
            onChange={(e) => {
              onText(e.target.value);
              setCopied('idle');
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                live.translateNow();
              }
            }}
            aria-keyshortcuts="Control+Enter Meta+Enter"
          />
          <div className="pane-footer">
            <span aria-live="polite">
              {fmt.format(chars)} {chars === 1 ? 'character' : 'characters'}
            </span>
            <span className="spacer" />
            {text && (
              <button type="button" className="btn btn-ghost btn-small" onClick={() => onText('')}>
                Clear
              </button>
            )}
            <button
              type="button"
              className="btn btn-primary btn-small"
              onClick={live.translateNow}
              disabled={!text.trim() || blockedReason !== undefined}
              title={`${MOD_KEY}Enter`}
              aria-label="Translate now"
            >
              Translate
            </button>
          </div>
        </div>
        <div className="pane">
          <div
            className="output"
            role="region"
            aria-label={pseudo ? 'Pseudo-localised preview (not a translation)' : 'Translation'}
            aria-live="polite"
            aria-busy={live.pending || undefined}
            tabIndex={0}
            data-testid="translation-output"
          >
            {output}
          </div>
          <div className="pane-footer">
            {pseudo && (
              <span
                className="badge badge-pseudo"
                title="Output of the pseudo engine: a layout preview, not a translation"
              >
                Pseudo-localisation — not a translation
              </span>
            )}
            {live.pending && <span className="spinner" role="status" aria-label="Translating" />}
            {billed !== null && billed !== undefined && !live.stale && (
              <span>Billed: {fmt.format(billed)} characters</span>
            )}
            {result?.cached && !live.stale && <span className="hint">from cache, not billed again</span>}
            <span className="spacer" />
            <button type="button" className="btn btn-small" onClick={() => void copy()} disabled={!output}>
              Copy
            </button>
            <span role="status" className="hint">
              {copied === 'done'
                ? 'Copied'
                : copied === 'failed'
                  ? 'Could not copy; select the text and copy it.'
                  : ''}
            </span>
          </div>
        </div>
      </div>
      {blockedReason && text.trim() && <p className="reason">Not translating yet: {blockedReason}</p>}
      {live.retrying && (
        <div className="alert alert-warning" role="status">
          {live.retrying.status === 429 || live.retrying.status === 529
            ? `The service is slowing Verso down (${live.retrying.status}). Retrying in ${Math.max(1, Math.round(live.retrying.delayMs / 1000))} s…`
            : `${live.retrying.message} Retrying in ${Math.max(1, Math.round(live.retrying.delayMs / 1000))} s…`}
        </div>
      )}
      {live.error !== null && live.error !== undefined && errorCode(live.error) !== 'cancelled' && (
        <div className="alert alert-error" role="alert">
          {translationErrorText(live.error)}
        </div>
      )}
    </>
  );
}
