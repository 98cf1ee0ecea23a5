/**
 * The languages a new batch opens with after a restart: the last batch sent on the same connection, read from the
 * queue and history (other connections' and older batches do not count).
 */
import { describe, expect, it } from 'vitest';
import type { DocumentJobView } from '../../../shared/ipc/contract-documents.js';
import { lastBatchTargets } from './last-targets.js';

const job = (batchId: string, targetLang: string, createdAt: string, connectionId = 'c1'): DocumentJobView =>
  ({ jobId: `${batchId}-${targetLang}`, batchId, targetLang, createdAt, connectionId }) as DocumentJobView;

describe('lastBatchTargets', () => {
  it('gives the targets of the newest batch on the connection, each once, in its order', () => {
    const jobs = [
      job('old', 'ES', '2026-11-01T10:00:00.000Z'),
      job('new', 'DE', '2026-11-20T10:00:00.000Z'),
      job('new', 'FR', '2026-11-20T10:00:00.000Z'),
      job('new', 'DE', '2026-11-20T10:00:01.000Z'),
    ];
    expect(lastBatchTargets(jobs, 'c1')).toEqual(['DE', 'FR']);
  });

  it("ignores other connections' batches, and gives none without a batch or a connection", () => {
    const jobs = [job('mine', 'IT', '2026-11-01T10:00:00.000Z'), job('theirs', 'JA', '2026-11-25T10:00:00.000Z', 'c2')];
    expect(lastBatchTargets(jobs, 'c1')).toEqual(['IT']);
    expect(lastBatchTargets(jobs, 'c3')).toEqual([]);
    expect(lastBatchTargets([], 'c1')).toEqual([]);
    expect(lastBatchTargets(jobs, null)).toEqual([]);
  });
});
