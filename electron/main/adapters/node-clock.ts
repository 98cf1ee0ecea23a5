/**
 * Clocks (main process, plain Node): the real one, and a fake for tests that records every sleep and advances its
 * own time instantly, so back-off sequences are asserted without waiting.
 */
import type { Clock } from '../services/ports.js';

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const t = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(t);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

export interface FakeClock extends Clock {
  /** Every delay passed to `sleep`, in order. */
  readonly sleeps: number[];
}

/** Test clock: `sleep` returns at once and moves `now` forward by the delay. */
export function createFakeClock(start = 1_700_000_000_000): FakeClock {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    async sleep(ms, signal) {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      now += ms;
    },
  };
}
