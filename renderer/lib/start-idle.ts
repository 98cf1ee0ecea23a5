/**
 * The first idle moment after the first screen has been committed. Work the first paint does not need waits for
 * it: building the `Intl` objects (the first in a page costs ~20–30 ms, as Chromium loads its locale data then) and
 * the text that needs them, such as the character count's plural. Only the entry defers (`deferUntilStartIdle`, then
 * `<StartIdle>` beside the app); anywhere else — tests, a component mounted later — `useStartIdle()` is true at once.
 */
import { useEffect, useSyncExternalStore } from 'react';

let reached = true;
const listeners = new Set<() => void>();

/** Called by the entry before its first render: until `<StartIdle>` has run, `useStartIdle()` is false. */
export function deferUntilStartIdle(): void {
  reached = false;
}

/**
 * Rendered once by the entry beside the app: once the first commit has been painted (not before it, so the idle
 * moment it waits for is one the user can already type in and see), runs `then` in the first idle moment, and the
 * waiting text shows. The frame comes first because effects run right after their render (effect-timing.ts): the
 * first render can be done before the page's DOMContentLoaded, and an idle callback asked for then would take the
 * first idle moment itself, before the screen is even painted.
 */
export function StartIdle({ then }: { then: () => void }): null {
  useEffect(() => {
    if (reached) return;
    afterFrame(() =>
      whenIdle(() => {
        try {
          then();
        } finally {
          reached = true;
          for (const l of listeners) l();
        }
      }),
    );
  }, [then]);
  return null;
}

/** Runs `run` as the next frame is made (where there is no `requestAnimationFrame`, at once). */
function afterFrame(run: () => void): void {
  const frame = (globalThis as { requestAnimationFrame?: (cb: () => void) => number }).requestAnimationFrame;
  if (frame) frame(run);
  else run();
}

/** Runs `run` in the page's next idle moment; where there is no `requestIdleCallback` (happy-dom), after `fallbackMs`. */
export function whenIdle(run: () => void, fallbackMs = 1): void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback;
  if (idle) idle(run);
  else setTimeout(run, fallbackMs);
}

/**
 * Runs `run` once the start's idle moment has passed (at once where it has, or where the start was not deferred):
 * work that can wait longer than the first screen's own deferred text, such as fetching the other screens. Until
 * then it would take the first idle moment, when the page should be quiet and ready to type in. Returns a cancel.
 */
export function afterStartIdle(run: () => void): () => void {
  if (reached) {
    run();
    return () => undefined;
  }
  const stop = subscribe(() => {
    stop();
    run();
  });
  return stop;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = (): boolean => reached;

/** False from the entry's first render until its first idle moment; true from then on (and wherever not deferred). */
export function useStartIdle(): boolean {
  return useSyncExternalStore(subscribe, read, read);
}
