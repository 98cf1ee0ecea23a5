/**
 * A ref callback that focuses its element once, when it is put in the page: what React's `autoFocus` prop does on a
 * mount. The renderer runs on Preact's compat layer (renderer/build/preact-alias.ts), which writes `autofocus` as the
 * HTML attribute, and browsers honour that attribute only while the page loads, not for a field that appears later
 * (a rename box, a dialog's button). Pass the function itself (`ref={focusOnMount}`): one identity, so a re-render
 * never calls it again.
 */
export function focusOnMount(el: HTMLElement | null): void {
  if (!el) return;
  if (el.isConnected) el.focus();
  // Put in a new subtree that is not in the document yet: focus it once the commit has placed it.
  else queueMicrotask(() => el.isConnected && el.focus());
}
