/**
 * Retry policy (main process, plain Node): which answers are retried and how long to wait. Pure functions so the
 * back-off sequence can be tested without a network. The scheme is the gRPC connection back-off that the official
 * clients use (start 1 s, ×1.6, ±23 % jitter) with the cap lowered to 60 s, because a desktop user waiting more
 * than a minute for one retry is better served by an error that says what is happening.
 */
import type { Random } from './ports.js';

export const BACKOFF = {
  initialMs: 1000,
  factor: 1.6,
  maxMs: 60_000,
  jitter: 0.23,
  /** A `Retry-After` longer than this is clamped (a broken header must not stall the app for hours). */
  maxRetryAfterMs: 60_000,
} as const;

/** 429 and 529 (slow down), 500/502/503/504 (transient). Never 456 or any other 4xx. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 529, 500, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/** Delay before retry number `retry` (0 = first retry): 1 s × 1.6^retry, capped, with uniform ±23 % jitter. */
export function backoffDelayMs(retry: number, random: Random): number {
  const base = Math.min(BACKOFF.initialMs * BACKOFF.factor ** retry, BACKOFF.maxMs);
  const jitter = 1 + BACKOFF.jitter * (2 * random() - 1);
  return Math.round(Math.min(base * jitter, BACKOFF.maxMs));
}

/**
 * `Retry-After` as milliseconds (seconds or an HTTP date), clamped to [0, 60 s]; undefined when absent or
 * unreadable, in which case the computed back-off applies.
 */
export function parseRetryAfterMs(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (v === '') return undefined;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(v)) {
    ms = Number(v) * 1000;
  } else {
    const at = Date.parse(v);
    if (Number.isNaN(at)) return undefined;
    ms = at - nowMs;
  }
  return Math.max(0, Math.min(Math.round(ms), BACKOFF.maxRetryAfterMs));
}
