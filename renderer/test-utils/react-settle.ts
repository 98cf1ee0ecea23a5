/**
 * Test helper (renderer component tests): wait until React has no work left queued, so a query that found an
 * element returns after the effects of the render that made it (a panel that moves the focus to its title, a
 * list that replaces a box), not between the render and its effects.
 *
 * React's scheduler runs its tasks (renders in slices, passive effects) in `setImmediate` callbacks under Node.
 * How many of them run before a test's next step depended on the machine's load: on a busy CI machine a test found
 * the "Fill" button, focused it, and the preview's effect then moved the focus to the preview's title before Enter
 * was pressed. The scheduler keeps no public count of its queue (scheduler 0.28 dropped
 * `unstable_getFirstCallbackNode`), so this module keeps the `setImmediate` callbacks still pending (those cleared leave too). It must be
 * loaded before `react-dom` takes its reference to `setImmediate`: it is a Vitest set-up file.
 */
const nodeSetImmediate = globalThis.setImmediate;
const nodeClearImmediate = globalThis.clearImmediate;
/** The `setImmediate` callbacks scheduled and neither run nor cleared yet. */
const live = new Set<NodeJS.Immediate>();

if (typeof document !== 'undefined' && typeof nodeSetImmediate === 'function') {
  const counted = ((callback: (...args: unknown[]) => void, ...args: unknown[]) => {
    const handle = nodeSetImmediate(() => {
      live.delete(handle);
      callback(...args);
    });
    live.add(handle);
    return handle;
  }) as typeof setImmediate;
  globalThis.setImmediate = Object.assign(counted, { __promisify__: nodeSetImmediate.__promisify__ });
  globalThis.clearImmediate = (handle: NodeJS.Immediate | string | number | undefined) => {
    if (handle !== undefined && typeof handle === 'object') live.delete(handle);
    nodeClearImmediate(handle as NodeJS.Immediate);
  };
}

/** Resolves once no counted `setImmediate` callback is pending (at most 200 turns, for work that never ends). */
export async function reactSettled(): Promise<void> {
  for (let turn = 0; turn < 200 && live.size > 0; turn++) {
    await new Promise<void>((resolve) => nodeSetImmediate(resolve));
  }
}
