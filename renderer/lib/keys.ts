/**
 * Renderer helper: keyboard events that mean an action. With an input method (Japanese, Chinese, Korean), Enter
 * confirms the characters being composed; that Enter must not save, submit or move on (seen on a Japanese tour: a
 * key renamed to raw kana, a glossary row added mid-word). Chromium marks it `isComposing`, with keyCode 229.
 */
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

export function composing(e: ReactKeyboardEvent | KeyboardEvent): boolean {
  const native = 'nativeEvent' in e ? e.nativeEvent : e;
  return native.isComposing || native.keyCode === 229;
}

/** Enter pressed as a key, not to confirm an input method's composition. */
export function isEnter(e: ReactKeyboardEvent | KeyboardEvent): boolean {
  return e.key === 'Enter' && !composing(e);
}

/**
 * Escape in a panel or confirmation does what its Cancel does, once: not an Escape that ends an input method's
 * composition (the characters being composed are kept or dropped, the panel stays), nor one a control inside
 * already took. Call it from the panel's `onKeyDown`.
 */
export function escapeCancels(e: ReactKeyboardEvent, cancel: () => void): void {
  if (e.key !== 'Escape' || e.defaultPrevented || composing(e)) return;
  e.preventDefault();
  cancel();
}
