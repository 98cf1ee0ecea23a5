/**
 * Batching for multi-segment mode (main process, plain Node): packs any number of segments into requests of at
 * most 50 texts and under 128 KiB of JSON body (with a margin), runs them with bounded concurrency, keeps results
 * in input order, halves a batch that still gets 413 and reports progress. Written by hand because the packing
 * depends on the spec's two limits and our exact body encoding; no library knows either.
 */
import { LIMITS } from '../../../shared/spec/limits.js';
import { ApiError } from './api-errors.js';

/**
 * Margin under 128 KiB: services measure the limit differently from clients (users saw 413 just under it), so
 * plan for 120 KiB. The measured request still counts every byte of our own encoding.
 */
export const BATCH_BODY_BUDGET = LIMITS.requestBodyBytes - 8 * 1024;

const encoder = new TextEncoder();

/** Bytes a text adds to the JSON `text` array: its JSON string form plus a separating comma. */
export function textCost(text: string): number {
  return encoder.encode(JSON.stringify(text)).length + 1;
}

export interface BatchPlan {
  /** Each chunk is a list of segment indexes, contiguous and in order. */
  chunks: number[][];
  /** Segments that cannot be sent at all: alone they are over the budget. */
  tooLarge: number[];
}

/**
 * Greedy contiguous packing. With both limits monotone in the number of texts, filling each request as far as it
 * goes gives the fewest requests for an in-order split.
 * `baseBytes` is the body without any text (options, `target_lang`, ...).
 */
export function planBatches(
  segments: readonly string[],
  baseBytes: number,
  limits: { maxTexts?: number; budget?: number } = {},
): BatchPlan {
  const maxTexts = limits.maxTexts ?? LIMITS.textsPerRequest;
  const budget = limits.budget ?? BATCH_BODY_BUDGET;
  const chunks: number[][] = [];
  const tooLarge: number[] = [];
  let current: number[] = [];
  let bytes = baseBytes;
  for (let i = 0; i < segments.length; i++) {
    const cost = textCost(segments[i]!);
    if (baseBytes + cost > budget) {
      tooLarge.push(i);
      continue;
    }
    if (current.length >= maxTexts || bytes + cost > budget) {
      chunks.push(current);
      current = [];
      bytes = baseBytes;
    }
    current.push(i);
    bytes += cost;
  }
  if (current.length > 0) chunks.push(current);
  return { chunks, tooLarge };
}

/** Fewest requests any split could use: the bound the bulk benchmark compares against. */
export function minimumRequests(segments: readonly string[], baseBytes: number, budget = BATCH_BODY_BUDGET): number {
  let total = 0;
  let n = 0;
  for (const s of segments) {
    const c = textCost(s);
    if (baseBytes + c > budget) continue;
    total += c;
    n++;
  }
  if (n === 0) return 0;
  return Math.max(Math.ceil(n / LIMITS.textsPerRequest), Math.ceil(total / (budget - baseBytes)));
}

export interface BatchProgress {
  done: number;
  total: number;
  requests: number;
}

export interface RunBatchesOptions<R> {
  segments: readonly string[];
  baseBytes: number;
  concurrency: number;
  /** Sends one request; must return one result per text, in order. */
  send: (texts: string[], signal: AbortSignal) => Promise<R[]>;
  signal?: AbortSignal;
  onProgress?: (p: BatchProgress) => void;
  budget?: number;
}

export interface BatchOutcome<R> {
  results: (R | undefined)[];
  failures: { index: number; message: string }[];
  requests: number;
}

/**
 * Runs the plan. A 413 splits that chunk in half and retries both halves; a single text that still gets 413 fails
 * alone. Any other error stops the whole batch (it would hit every chunk: key, quota, network).
 */
export async function runBatches<R>(opts: RunBatchesOptions<R>): Promise<BatchOutcome<R>> {
  const { segments } = opts;
  const plan = planBatches(segments, opts.baseBytes, opts.budget === undefined ? {} : { budget: opts.budget });
  const results: (R | undefined)[] = new Array(segments.length);
  const failures: { index: number; message: string }[] = plan.tooLarge.map((index) => ({
    index,
    message: `Segment ${index + 1} alone is larger than one request may be (128 KiB); shorten it or translate it as a document.`,
  }));
  let requests = 0;
  let done = plan.tooLarge.length;
  const total = segments.length;
  const inner = new AbortController();
  const onAbort = () => inner.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const report = () => opts.onProgress?.({ done, total, requests });

  const queue: number[][] = [...plan.chunks];
  let firstError: unknown;

  const runChunk = async (chunk: number[]): Promise<void> => {
    requests++;
    try {
      const out = await opts.send(
        chunk.map((i) => segments[i]!),
        inner.signal,
      );
      chunk.forEach((idx, k) => {
        results[idx] = out[k];
      });
      done += chunk.length;
      report();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'too_large') {
        if (chunk.length === 1) {
          failures.push({ index: chunk[0]!, message: `Segment ${chunk[0]! + 1} is too large for the service even alone; shorten it.` });
          done += 1;
          report();
          return;
        }
        const mid = Math.ceil(chunk.length / 2);
        queue.unshift(chunk.slice(0, mid), chunk.slice(mid));
        return;
      }
      throw e;
    }
  };

  const worker = async () => {
    while (queue.length > 0 && firstError === undefined) {
      const chunk = queue.shift()!;
      try {
        await runChunk(chunk);
      } catch (e) {
        if (firstError === undefined) firstError = e;
        inner.abort();
      }
    }
  };

  try {
    report();
    // Workers keep pulling until the queue (which 413 splits may refill) is empty.
    const workers = Array.from({ length: Math.max(1, opts.concurrency) }, () => worker());
    await Promise.all(workers);
    // A split may have queued work after some workers exited: drain it.
    while (queue.length > 0 && firstError === undefined) await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, () => worker()));
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
  if (firstError !== undefined) throw firstError;
  failures.sort((a, b) => a.index - b.index);
  return { results, failures, requests };
}
