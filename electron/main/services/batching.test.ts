/** Batch planning and running: the 50-text and 128 KiB limits, order, 413 halving, failures per segment. */
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-errors.js';
import { BATCH_BODY_BUDGET, minimumRequests, planBatches, runBatches, textCost } from './batching.js';

describe('planBatches', () => {
  it('never puts more than 50 texts in a request', () => {
    const plan = planBatches(Array.from({ length: 120 }, () => 'x'), 50);
    expect(plan.chunks.map((c) => c.length)).toEqual([50, 50, 20]);
  });

  it('keeps every request body under the budget and matches the lower bound on mixed lengths', () => {
    const segs = Array.from({ length: 500 }, (_, i) => 'é'.repeat((i * 7919) % 4000));
    const plan = planBatches(segs, 60);
    for (const c of plan.chunks) {
      expect(60 + c.reduce((n, i) => n + textCost(segs[i]!), 0)).toBeLessThanOrEqual(BATCH_BODY_BUDGET);
    }
    expect(plan.chunks.flat()).toEqual(segs.map((_, i) => i));
    // Greedy in-order packing can use a request more than the bound only when items straddle a boundary.
    expect(plan.chunks.length).toBeLessThanOrEqual(minimumRequests(segs, 60) + Math.ceil(minimumRequests(segs, 60) / 2));
  });

  it('sets aside a segment that alone is over the limit', () => {
    const plan = planBatches(['a', 'b'.repeat(200_000), 'c'], 50);
    expect(plan.tooLarge).toEqual([1]);
    expect(plan.chunks).toEqual([[0, 2]]);
  });
});

describe('runBatches', () => {
  it('returns results in input order whatever order requests finish in', async () => {
    const segs = Array.from({ length: 130 }, (_, i) => `s${i}`);
    let n = 0;
    const out = await runBatches({
      segments: segs,
      baseBytes: 40,
      concurrency: 3,
      send: async (texts) => {
        // Later requests finish first.
        await new Promise((r) => setImmediate(r));
        if (n++ === 0) await new Promise((r) => setImmediate(r));
        return texts.map((t) => t.toUpperCase());
      },
    });
    expect(out.results).toEqual(segs.map((s) => s.toUpperCase()));
    expect(out.requests).toBe(3);
  });

  it('splits a batch in half on 413 and retries, failing only a single text that is still too large', async () => {
    const segs = ['ok1', 'BIG', 'ok2', 'ok3'];
    const progress: number[] = [];
    const out = await runBatches({
      segments: segs,
      baseBytes: 40,
      concurrency: 1,
      send: async (texts) => {
        if (texts.includes('BIG')) throw new ApiError('too_large', 'too large');
        return texts;
      },
      onProgress: (p) => progress.push(p.done),
    });
    expect(out.results).toEqual(['ok1', undefined, 'ok2', 'ok3']);
    expect(out.failures.map((f) => f.index)).toEqual([1]);
    expect(progress.at(-1)).toBe(4);
  });

  it('stops the whole batch on another error (key, quota, network) and reports it', async () => {
    await expect(
      runBatches({
        segments: Array.from({ length: 200 }, () => 'x'),
        baseBytes: 40,
        concurrency: 2,
        send: async () => {
          throw new ApiError('quota_exceeded', 'quota');
        },
      }),
    ).rejects.toMatchObject({ code: 'quota_exceeded' });
  });
});
