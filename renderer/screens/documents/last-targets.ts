/**
 * Renderer: the languages of the last batch sent on a connection, read from the queue and history main keeps across
 * restarts. A new batch after a restart opens with them ticked (and says so), as the batch store keeps them within a
 * session, instead of a batch with no language until the user ticks the same ones again.
 */
import type { DocumentJobView } from '../../../shared/ipc/contract-documents.js';

/** The target languages of the most recent batch sent on `connectionId`, in the order it listed them; none if none. */
export function lastBatchTargets(jobs: readonly DocumentJobView[], connectionId: string | null | undefined): string[] {
  if (!connectionId) return [];
  let last: DocumentJobView | undefined;
  for (const j of jobs) if (j.connectionId === connectionId && (!last || j.createdAt > last.createdAt)) last = j;
  if (!last) return [];
  const batch = last.batchId;
  return [...new Set(jobs.filter((j) => j.batchId === batch && j.connectionId === connectionId).map((j) => j.targetLang))];
}
