/**
 * Renderer: the focus after an action whose control went away (a row removed, a panel replaced by another). The
 * browser then leaves it on the page, and the next Tab starts again at "Skip to content" (seen on a keyboard tour);
 * these put it where the user is working instead, and never take it from where it still is.
 */

/** True when nothing has the focus any more: it is on the page itself, or on an element that left it. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !document.contains(active);
}

/** After the next frame (once React has removed what was pressed), focuses the first of `selectors` found, if lost. */
export function refocusIfLost(...selectors: string[]): void {
  requestAnimationFrame(() => {
    if (!focusLost()) return;
    for (const s of selectors) {
      const el = document.querySelector<HTMLElement>(s);
      if (el) return el.focus();
    }
  });
}

/**
 * The focus has gone: lost as above, or on a control that was disabled (Chromium then sends the keys to the page:
 * the glossary tour's Ctrl+Z after "Delete 1 row").
 */
export function focusGone(): boolean {
  const a = document.activeElement;
  const control =
    a instanceof HTMLButtonElement || a instanceof HTMLInputElement || a instanceof HTMLSelectElement;
  return focusLost() || (control && a.disabled);
}

/** Focuses the first of `els` that is there and enabled; false when none is. */
export function focusFirst(...els: (Element | null | undefined)[]): boolean {
  for (const el of els) {
    if (!(el instanceof HTMLElement) || !el.isConnected || (el as HTMLButtonElement).disabled) continue;
    el.focus();
    return true;
  }
  return false;
}
