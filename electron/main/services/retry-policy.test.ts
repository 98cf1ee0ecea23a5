/** Back-off sequence, cap, jitter band and Retry-After parsing. */
import { describe, expect, it } from 'vitest';
import { backoffDelayMs, isRetryableStatus, parseRetryAfterMs } from './retry-policy.js';

describe('retry policy', () => {
  it('grows 1 s × 1.6 per retry, capped at 60 s, within ±23 % jitter', () => {
    expect([0, 1, 2, 3].map((r) => backoffDelayMs(r, () => 0.5))).toEqual([1000, 1600, 2560, 4096]);
    expect(backoffDelayMs(0, () => 0)).toBe(770);
    expect(backoffDelayMs(0, () => 1)).toBe(1230);
    expect(backoffDelayMs(30, () => 1)).toBe(60_000);
  });

  it('retries 429, 529 and 500/502/503/504 only', () => {
    expect([429, 529, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 403, 404, 413, 415, 456, 501].some(isRetryableStatus)).toBe(false);
  });

  it('reads Retry-After as seconds or an HTTP date, clamped to 60 s', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfterMs('2', now)).toBe(2000);
    expect(parseRetryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfterMs('86400', now)).toBe(60_000);
    expect(parseRetryAfterMs('soon', now)).toBeUndefined();
    expect(parseRetryAfterMs(null, now)).toBeUndefined();
  });
});
