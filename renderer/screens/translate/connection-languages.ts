/**
 * Renderer: the languages the Translate screen starts with on a connection — the pair last used on it; else the
 * draft's when this connection offers them; else the system's language (untouched drafts only), or English when the
 * connection does not offer it (see `startTarget`). Applied to the
 * Translate store by the screen when the connection changes, and by the start-up code as soon as the first answers
 * are in, so the first paint already shows them (the screen then finds them in place and changes nothing).
 */
import type { LanguageView } from '../../../shared/ipc/contract.js';
import type { TranslatePrefs } from '../../../shared/ipc/contract-translate.js';
import { useTranslateStore } from '../../state/translate-store.js';
import { sameCode, systemTarget, targetFor } from './language-logic.js';

/** The system's preferred languages (Electron passes the OS's to Chromium; the harness has the browser's). */
function systemLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/**
 * The target an untouched draft starts with: the system's language; where the connection does not offer it (a
 * Japanese system on the local engine), English, not the list's first entry — that was Danish there, which nothing
 * typed in English or Spanish reaches on that engine, so the first translation ended in an error. English is the
 * target connections reach from the most languages (the local engine's pairs included) and the one a user whose own
 * language is missing is most likely to read; the list's first only where there is no English either.
 */
export function startTarget(system: readonly string[], targets: readonly LanguageView[]): string | null {
  return systemTarget(system, targets) ?? targetFor('EN-US', targets) ?? targets[0]?.code ?? null;
}

export interface ConnectionLanguagesInput {
  connectionId: string;
  sources: readonly LanguageView[];
  targets: readonly LanguageView[];
  prefs: TranslatePrefs;
  /** The first connection the screen sees (a draft's own choice then stands); false after a switch. */
  first: boolean;
}

export function applyConnectionLanguages({
  connectionId,
  sources,
  targets,
  prefs,
  first,
}: ConnectionLanguagesInput): void {
  const store = useTranslateStore.getState();
  const remembered = prefs.perConnection[connectionId];
  const cur = store.options;
  if (remembered && (!first || !store.languagesTouched)) {
    const target = targetFor(remembered.targetLang, targets);
    const source =
      remembered.sourceLang && sources.some((s) => s.code === remembered.sourceLang)
        ? remembered.sourceLang
        : '';
    if (target) {
      store.applyDefaults({ sourceLang: source, targetLang: target });
      if (!first) store.setOptions({ sourceLang: source, targetLang: target });
      return;
    }
  }
  const offered = cur.targetLang !== '' && targets.some((l) => sameCode(l.code, cur.targetLang));
  if (offered && store.languagesTouched) return;
  const target = startTarget(systemLanguages(), targets);
  if (!target) return;
  if (store.languagesTouched) store.setOptions({ targetLang: target });
  else store.applyDefaults({ targetLang: target });
}
