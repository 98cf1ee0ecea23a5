/**
 * Renderer component: source (with "Detect language") and target pickers fed by `languages.list`, and the swap
 * button. Targets the connection cannot reach from the chosen source (`languages.pairs`) stay listed but disabled,
 * with "not available from <source> on this connection". Shows the detected language, says when the text already is
 * in the target language (or that the second language was used), and says plainly when the lists could not be
 * loaded or come from the pseudo engine.
 */
import type { ReactNode } from 'react';
import type { LanguagePairView, LanguageView } from '../../shared/ipc/contract.js';
import { useFormat, useT } from '../i18n/index.js';
import { reachable, reachableTargets, sameBase, sameCode } from '../screens/translate/language-logic.js';
import { isolate } from '../lib/bidi.js';
import { ErrorAlert } from './ErrorAlert.js';
import { MOD_KEY } from './Sidebar.js';
import { Icon } from './Icon.js';
import { useLanguageOrder } from '../lib/language-order.js';

export interface LanguageBarProps {
  sources: LanguageView[] | undefined;
  targets: LanguageView[] | undefined;
  /** Null: every combination; undefined: not known yet. */
  pairs: LanguagePairView[] | null | undefined;
  sourceLang: string;
  targetLang: string;
  detected: string | null;
  /** The target used instead because the text already is in the target language. */
  redirectedTo: string | null;
  /** Why that one: the second language (Settings), the last other target used, or the first one reachable. */
  redirectWhy?: RedirectWhy;
  loading: boolean;
  error: unknown;
  pseudo: boolean;
  onChange: (patch: { sourceLang?: string; targetLang?: string }) => void;
  onSwap: () => void;
  onRetry: () => void;
  /** More one-line notes for the status line under the pickers (the swap's note and its Undo). */
  status?: ReactNode;
}

export type RedirectWhy = 'second' | 'last' | 'first';

const REDIRECT_MESSAGES = {
  second: 'translate.lang.redirected',
  last: 'translate.lang.redirectedLast',
  first: 'translate.lang.redirectedFirst',
} as const;

export function LanguageBar(p: LanguageBarProps) {
  const t = useT();
  const f = useFormat();
  const name = (code: string) => f.languageName(code, p.sources?.find((l) => sameCode(l.code, code))?.name);
  // The same name inside a sentence: "El texto ya está en español" (lower case where the UI language writes it so).
  const inText = (code: string) => f.languageNameInText(code, p.sources?.find((l) => sameCode(l.code, code))?.name);
  const sources = useLanguageOrder(p.sources);
  const targets = useLanguageOrder(p.targets);
  const has = (list: LanguageView[] | undefined, code: string) => list?.some((l) => sameCode(l.code, code));
  const targetMissing = p.targets !== undefined && p.targetLang !== '' && !has(p.targets, p.targetLang);
  const sourceMissing = p.sources !== undefined && p.sourceLang !== '' && !has(p.sources, p.sourceLang);
  const pairMissing =
    !targetMissing && !sourceMissing && p.sourceLang !== '' && p.targetLang !== '' && !reachable(p.pairs, p.sourceLang, p.targetLang);
  const sameAsTarget = p.sourceLang === '' && p.detected !== null && p.redirectedTo === null && sameBase(p.detected, p.targetLang);
  // Chosen so (English → English (British)): the service gives the text back as it is; said, not left to be found out.
  const sameChosen = p.sourceLang !== '' && p.targetLang !== '' && p.redirectedTo === null && sameBase(p.sourceLang, p.targetLang);
  return (
    <div className="lang-bar-wrap">
      <div className="lang-bar">
        <div className="field">
          <label htmlFor="source-lang">{t('translate.lang.from')}</label>
          <select
            id="source-lang"
            value={p.sourceLang}
            onChange={(e) => p.onChange({ sourceLang: e.target.value })}
            disabled={!p.sources}
            aria-describedby="detected-lang"
          >
            <option value="">
              {p.detected ? t('translate.lang.detectWith', { language: inText(p.detected) }) : t('translate.lang.detect')}
            </option>
            {sourceMissing && <option value={p.sourceLang}>{t('translate.lang.notOffered', { language: name(p.sourceLang) })}</option>}
            {sources?.map((l) => (
              <option key={l.code} value={l.code}>
                {f.languageName(l.code, l.name)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn"
          onClick={p.onSwap}
          aria-label={t('translate.lang.swap')}
          title={t('translate.lang.swapTitle', { shortcut: isolate(`${MOD_KEY}Shift+S`) })}
          aria-keyshortcuts="Control+Shift+S Meta+Shift+S"
          disabled={!p.sources || !p.targets}
        >
          {/* A direction-bearing glyph: turned in right-to-left interfaces (app.css .mirror-rtl). */}
          <span className="mirror-rtl" aria-hidden="true">
            <Icon name="swap" />
          </span>
        </button>
        <div className="field">
          <label htmlFor="target-lang">{t('translate.lang.to')}</label>
          <select
            id="target-lang"
            value={p.targetLang}
            onChange={(e) => p.onChange({ targetLang: e.target.value })}
            disabled={!p.targets}
            aria-invalid={targetMissing || pairMissing || undefined}
          >
            {p.targetLang === '' && <option value="" />}
            {(targetMissing || !p.targets) && p.targetLang && (
              <option value={p.targetLang}>
                {targetMissing ? t('translate.lang.notOffered', { language: name(p.targetLang) }) : name(p.targetLang)}
              </option>
            )}
            {targets?.map((l) => {
              const ok = reachable(p.pairs, p.sourceLang, l.code);
              return (
                // The chosen target stays selectable even when unreachable, so the select shows the truth.
                <option key={l.code} value={l.code} disabled={!ok && !sameCode(l.code, p.targetLang)}>
                  {ok
                    ? f.languageName(l.code, l.name)
                    : t('translate.lang.unreachable', { language: f.languageName(l.code, l.name), source: inText(p.sourceLang) })}
                </option>
              );
            })}
          </select>
        </div>
        <button
          type="button"
          className="btn lang-refresh"
          onClick={p.onRetry}
          disabled={p.loading}
          aria-label={t('translate.lang.refresh')}
          title={t('translate.lang.refreshTitle')}
        >
          <Icon name="refresh" />
        </button>
        {/* Always in place (hidden when idle), so the bar never reflows when loading starts or ends. */}
        <span
          className={p.loading ? 'spinner' : 'spinner tr-idle'}
          role="status"
          aria-label={p.loading ? t('translate.lang.loading') : undefined}
        />
        {p.pseudo && (
          <span className="badge badge-pseudo" title={t('translate.lang.pseudoTitle')}>
            {t('translate.lang.pseudoEngine')}
          </span>
        )}
      </div>
      {/* A status line of fixed height: what is detected, redirects, the swap's note and Undo never push the panes. */}
      <div className="tr-bar-status">
        <p id="detected-lang" className="hint" aria-live="polite">
          {/* Each its own sentence: "Detected language: German" has no full stop of its own, so a separator. */}
          {[
            p.sourceLang === '' && p.detected ? t('translate.lang.detected', { language: inText(p.detected) }) : '',
            p.redirectedTo && (p.detected || p.sourceLang)
              ? t(REDIRECT_MESSAGES[p.redirectWhy ?? 'second'], {
                  language: inText(p.detected ?? p.sourceLang),
                  second: inText(p.redirectedTo),
                })
              : '',
            sameAsTarget ? t('translate.lang.alreadyTarget', { language: inText(p.targetLang) }) : '',
            sameChosen ? t('translate.lang.sameChosen', { source: name(p.sourceLang), target: name(p.targetLang) }) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {p.status}
      </div>
      {targetMissing && (
        <p className="reason" role="alert">
          {t('translate.lang.targetMissing', { language: inText(p.targetLang) })}
        </p>
      )}
      {sourceMissing && (
        <p className="reason" role="alert">
          {t('translate.lang.sourceMissing', { language: inText(p.sourceLang) })}
        </p>
      )}
      {pairMissing && p.targets && (
        <p className="reason" role="alert">
          {t('translate.lang.pairMissing', {
            source: inText(p.sourceLang),
            target: inText(p.targetLang),
            targets: f.list(reachableTargets(p.pairs, p.sourceLang, p.targets).map((l) => f.languageNameInText(l.code, l.name))),
          })}
        </p>
      )}
      {p.error !== null && p.error !== undefined && (
        <div className="toolbar">
          <ErrorAlert error={p.error} look="box" message={t('translate.lang.loadFailed')} />
          <button type="button" className="btn btn-small" onClick={p.onRetry}>
            {t('app.tryAgain')}
          </button>
        </div>
      )}
    </div>
  );
}
