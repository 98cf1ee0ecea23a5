/**
 * Renderer start-up: everything the first screen reads comes from main in one call, `app.start` — settings, the
 * connection state and list, and for Translate the active connection's languages, pairs, remembered choices and
 * capabilities and glossaries —, one round trip instead of two (the Translate data needs the active connection's
 * id). The preload (or the harness's shim) sent it as the window opened, so its answer is usually in when the entry
 * asks (shared/ipc/early-start.ts). Its parts go into the cache under the keys the components' own queries use, so
 * nothing is asked twice, and its language names (worked out by main in its UI language) into that language's
 * formatters; a part main could not read, or the whole answer if the call fails, is asked for by its own call, as
 * before, and shows its own error. The glossaries come in the same answer (when main has them within its budget):
 * the screen's options depend on them, and an answer that came after the first render rendered the whole screen again
 * as the page subscribed to it (~10 ms before the page was idle). The usage behind the quota warning is read after
 * the first idle moment (QuotaWarning). Style rules and translation memories are not asked for here: only the options
 * panel lists them, and it builds its body when opened.
 *
 * `ready` settles once what the first screen shows has arrived (settings, the connection state, and for Translate
 * its languages, pairs, remembered choices and capabilities) or could not be read, and the saved draft, the
 * connection's languages and the theme are in place. The entry renders then, so the screen appears whole, once,
 * instead of "Opening…" and then a render per answer.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LanguageList, Settings, StartAnswer } from '../../shared/ipc/contract.js';
import type { TranslatePrefs } from '../../shared/ipc/contract-translate.js';
import { applyConnectionLanguages } from '../screens/translate/connection-languages.js';
import { restoreDraft } from '../state/draft-sync.js';
import { useTranslateStore } from '../state/translate-store.js';
import { useUiStore } from '../state/ui-store.js';
import { createFormatters } from '../../shared/i18n/format.js';
import { api, unwrap } from './api.js';
import { capabilitiesQuery, customisationKeys } from './customisation-queries.js';
import {
  connectCacheEvents,
  connectionsQuery,
  keys,
  prefetchTranslateData,
  settingsQuery,
  statusQuery,
} from './queries.js';

export interface StartData {
  /** Settles once what the first screen shows has arrived (or could not be read). */
  ready: Promise<void>;
}

export function prefetchStartData(qc: QueryClient, onTranslate: () => boolean): StartData {
  // Listening first: a change main announces after its answer has left must not be missed (the socket keeps order).
  connectCacheEvents(qc);
  // Every query below is fresh for a while (staleTime), so once the answer is in the cache they ask main for nothing.
  const answered = unwrap(api().app.start({ translate: onTranslate() })).then(
    (answer) => putInCache(qc, answer),
    () => undefined, // each part is then asked for on its own, and its own call says what went wrong
  );
  const settings = answered
    .then(() => qc.prefetchQuery(settingsQuery))
    .then(() => {
      // The saved draft goes into the Translate screen's state as soon as it is read, not after a first render; the
      // theme onto the page, so a dark theme's first paint is not a light one.
      const read = qc.getQueryData<Settings>(keys.settings);
      if (!read) return;
      restoreDraft(read.translateDraft ?? null);
      useUiStore.getState().setTheme(read.theme);
    });
  void answered.then(() => qc.prefetchQuery(connectionsQuery));
  const screen = answered
    .then(() => qc.prefetchQuery(statusQuery))
    .then(() => {
      const activeId = qc.getQueryData<{ activeId: string | null }>(keys.status)?.activeId;
      if (!activeId || !onTranslate()) return;
      // The languages wait for the draft too: its own choice of languages may stand.
      return Promise.all([
        prefetchTranslateData(qc, activeId),
        qc.prefetchQuery(capabilitiesQuery(activeId)),
        settings,
      ]).then(() => startLanguages(qc, activeId));
    });
  return { ready: Promise.all([settings, screen]).then(() => undefined) };
}

/** The parts of `app.start`'s answer main could read, under the keys the components' queries read them from. */
function putInCache(qc: QueryClient, answer: StartAnswer): void {
  const put = (key: readonly unknown[], value: unknown): void => {
    if (value !== null) qc.setQueryData(key, value);
  };
  put(keys.settings, answer.settings);
  put(keys.connections, answer.connections);
  put(keys.status, answer.status);
  const translate = answer.translate;
  if (!translate) return;
  const id = translate.connectionId;
  put(keys.languages('source', id), translate.source);
  put(keys.languages('target', id), translate.target);
  put(keys.pairs(id), translate.pairs);
  put(keys.translatePrefs, translate.prefs);
  put(customisationKeys.capabilities(id), translate.capabilities);
  put(keys.glossaries(id), translate.glossaries);
  // The pickers' names, worked out by main with the same function: used when main's UI language is the page's.
  if (translate.names) createFormatters(translate.names.locale).knowNames(translate.names.byCode);
}

/** The languages the Translate screen opens with, in place before its first render (see connection-languages.ts). */
function startLanguages(qc: QueryClient, activeId: string): void {
  const sources = qc.getQueryData<LanguageList>(keys.languages('source', activeId))?.languages;
  const targets = qc.getQueryData<LanguageList>(keys.languages('target', activeId))?.languages;
  const prefs = qc.getQueryData<TranslatePrefs>(keys.translatePrefs);
  if (!sources || !targets || !prefs || !useTranslateStore.getState().draftLoaded) return;
  applyConnectionLanguages({ connectionId: activeId, sources, targets, prefs, first: true });
}
