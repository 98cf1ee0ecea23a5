/**
 * Test set-up (renderer component tests, happy-dom): the event handler properties Chromium's elements have and
 * happy-dom's lack. Preact (the renderer's runtime, renderer/build/preact-alias.ts) listens for `onDragOver` as
 * `dragover` only when `'ondragover' in element`, as in every browser; without the property it would listen for an
 * event named `DragOver`, which nothing fires, and a test would fail for a reason no user meets.
 */
const MISSING = ['ondragenter', 'ondragover', 'ondragleave', 'ondrop', 'ontoggle'];

if (typeof HTMLElement !== 'undefined') {
  for (const name of MISSING) {
    if (!(name in HTMLElement.prototype)) {
      Object.defineProperty(HTMLElement.prototype, name, { value: null, writable: true, configurable: true });
    }
  }
}
