/**
 * Renderer start-up: asks main, as soon as the entry script runs (before the UI catalog is read and React renders),
 * for everything the first screen reads: settings, the connection state and list, and once the active connection is
 * known, the Translate screen's data (languages, pairs, glossaries, remembered choices, what the service offers, its
 * style rules and memories, the usage behind the quota warning). The answers travel while the page is still
 * starting and land in the cache together, instead of being asked for by each component after it has mounted (one
 * round trip after another, one render per answer). Every query is the same one its component runs, so nothing is
 * asked twice.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Capabilities } from '../../shared/ipc/contract-customisation.js';
import { quotaReportQuery } from '../components/QuotaWarning.js';
import { capabilitiesQuery, styleRulesQuery, translationMemoriesQuery } from './customisation-queries.js';
import { connectCacheEvents, connectionsQuery, keys, prefetchTranslateData, settingsQuery, statusQuery } from './queries.js';

export function prefetchStartData(qc: QueryClient, onTranslate: () => boolean): void {
  // Listening first: a change main announces after an answer below has left must not be missed.
  connectCacheEvents(qc);
  void qc.prefetchQuery(settingsQuery);
  void qc.prefetchQuery(connectionsQuery);
  void qc.prefetchQuery(statusQuery).then(() => {
    const activeId = qc.getQueryData<{ activeId: string | null }>(keys.status)?.activeId;
    if (!activeId || !onTranslate()) return;
    prefetchTranslateData(qc, activeId);
    void qc.prefetchQuery(quotaReportQuery(activeId));
    void qc.prefetchQuery(capabilitiesQuery(activeId)).then(() => {
      // The options' style rule and memory pickers list them only where the service offers them.
      const caps = qc.getQueryData<Capabilities>(capabilitiesQuery(activeId).queryKey);
      if (caps?.styleRules) void qc.prefetchQuery(styleRulesQuery(activeId));
      if (caps?.translationMemories) void qc.prefetchQuery(translationMemoriesQuery(activeId));
    });
  });
}
