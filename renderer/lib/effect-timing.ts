/**
 * When the renderer's `useEffect` callbacks run. The renderer runs on Preact's compat layer
 * (renderer/build/preact-alias.ts), which by default runs them after the next frame (a `requestAnimationFrame`, or a
 * 100 ms timer). React runs the effects of a render caused by a click or a key at once, before the browser takes the
 * next input: a screen's keyboard shortcuts (added in an effect) work from the moment it shows. After the frame,
 * Ctrl+6 pressed as the Translate screen appeared went nowhere (seen in an e2e run on a busy machine). So effects run
 * as soon as the render that queued them has finished, in the same task (a microtask), for every render. The
 * component tests give Preact the same timing (renderer/test-utils/react-settle.ts).
 */
import { options } from 'preact';

/** Preact's hook for scheduling the effects' flush; `schedule` wraps the microtask (the tests count them). */
export function runEffectsAfterRender(schedule: (flush: () => void) => void = queueMicrotask): void {
  options.requestAnimationFrame = schedule;
}
