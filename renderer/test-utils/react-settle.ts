/**
 * Test helper (renderer component tests): wait until the renderer has no work left queued, so a query that found an
 * element returns after the effects of the render that made it (a panel that moves the focus to its title, a
 * list that replaces a box), not between the render and its effects.
 *
 * The renderer runs on Preact's compat layer (renderer/build/preact-alias.ts). Preact queues a re-render after a
 * state change (`options.debounceRendering`, a microtask by default) and runs `useEffect` callbacks after the next
 * frame (`options.requestAnimationFrame`; the app sets it to run them right after their render, effect-timing.ts).
 * How many of those ran before a test's next step must not depend on the machine's load: on a busy CI machine a test
 * found the "Fill" button, focused it, and the preview's effect then moved the focus to the preview's title before
 * Enter was pressed. So this set-up file gives Preact both schedulers, the app's timing (microtasks), counting what is
 * queued and not run yet. Testing Library's `act` (preact/test-utils) puts its own in place while it runs and these
 * back after.
 */
import { options } from 'preact';
import { runEffectsAfterRender } from '../lib/effect-timing.js';

const nodeSetImmediate = globalThis.setImmediate;
/** Renders and effect flushes queued and not run yet. */
let pending = 0;

function counted(schedule: (run: () => void) => void): (callback: () => void) => void {
  return (callback) => {
    pending++;
    schedule(() => {
      pending--;
      callback();
    });
  };
}

if (typeof document !== 'undefined') {
  options.debounceRendering = counted(queueMicrotask);
  // The app's timing (renderer/lib/effect-timing.ts): effects right after their render, counted.
  runEffectsAfterRender(counted(queueMicrotask));
}

/** Resolves once no render or effect flush is queued (at most 200 turns, for work that never ends). */
export async function reactSettled(): Promise<void> {
  for (let turn = 0; turn < 200 && pending > 0; turn++) {
    await new Promise<void>((resolve) => nodeSetImmediate(resolve));
  }
}
