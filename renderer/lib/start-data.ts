/**
 * Renderer start-up: asks main, as soon as the entry script runs (before the UI catalog is read and React renders),
 * for everything the first screen reads: settings, the connection state and list, and once the active connection is
 * known, the Translate screen's data (languages, pairs, remembered choices, what the service offers, glossaries, the
 * usage behind the quota warning). The answers travel while the page is still starting and land in the cache
 * together, instead of being asked for by each component after it has mounted (one round trip after another, one
 * render per answer). Every query is the same one its component runs, so nothing is asked twice. Style rules and
 * translation memories are not asked for here: only the options panel lists them, and it builds its body when opened.
 *
 * `asked` settles once the connection state is known and the first screen's calls are out; `ready` once what the
 * first screen shows has arrived (settings, the connection state, and for Translate its languages, pairs,
 * remembered choices and capabilities) or could not be read, and the saved draft and the connection's languages
 * are in the Translate store. The entry renders then, so the screen appears whole, once, instead of "Opening…"
 * and then a render per answer.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LanguageList, Settings } from '../../shared/ipc/contract.js';
import type { TranslatePrefs } from '../../shared/ipc/contract-translate.js';
import { applyConnectionLanguages } from '../screens/translate/connection-languages.js';
import { restoreDraft } from '../state/draft-sync.js';
import { useTranslateStore } from '../state/translate-store.js';
import { quotaReportQuery } from '../components/QuotaWarning.js';
import { capabilitiesQuery } from './customisation-queries.js';
import {
  connectCacheEvents,
  connectionsQuery,
  keys,
  prefetchTranslateData,
  settingsQuery,
  statusQuery,
} from './queries.js';

export interface StartData {
  /** Settles once the connection state is known and the first screen's calls have gone out. */
  asked: Promise<void>;
  /** Settles once what the first screen shows has arrived (or could not be read). */
  ready: Promise<void>;
}

export function prefetchStartData(qc: QueryClient, onTranslate: () => boolean): StartData {
  // Listening first: a change main announces after an answer below has left must not be missed.
  connectCacheEvents(qc);
  const settings = qc.prefetchQuery(settingsQuery).then(() => {
    // The saved draft goes into the Translate screen's state as soon as it is read, not after a first render.
    const read = qc.getQueryData<Settings>(keys.settings);
    if (read) restoreDraft(read.translateDraft ?? null);
  });
  void qc.prefetchQuery(connectionsQuery);
  let screen: Promise<unknown> = Promise.resolve();
  const asked = qc.prefetchQuery(statusQuery).then(() => {
    const activeId = qc.getQueryData<{ activeId: string | null }>(keys.status)?.activeId;
    if (!activeId || !onTranslate()) return;
    void qc.prefetchQuery(quotaReportQuery(activeId));
    // The languages wait for the draft too: its own choice of languages may stand.
    screen = Promise.all([
      prefetchTranslateData(qc, activeId),
      qc.prefetchQuery(capabilitiesQuery(activeId)),
      settings,
    ]).then(() => startLanguages(qc, activeId));
  });
  return {
    asked,
    ready: Promise.all([settings, asked])
      .then(() => screen)
      .then(() => undefined),
  };
}

/** The languages the Translate screen opens with, in place before its first render (see connection-languages.ts). */
function startLanguages(qc: QueryClient, activeId: string): void {
  const sources = qc.getQueryData<LanguageList>(keys.languages('source', activeId))?.languages;
  const targets = qc.getQueryData<LanguageList>(keys.languages('target', activeId))?.languages;
  const prefs = qc.getQueryData<TranslatePrefs>(keys.translatePrefs);
  if (!sources || !targets || !prefs || !useTranslateStore.getState().draftLoaded) return;
  applyConnectionLanguages({ connectionId: activeId, sources, targets, prefs, first: true });
}
