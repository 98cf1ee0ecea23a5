// @vitest-environment happy-dom
/**
 * Component tests of the keyboard help's scrolling (seen on a Dutch tour at 900×700: its last line was cut in half
 * under the sticky Close bar, with no sign that the list scrolls): the keys scroll in their own area that ends above
 * the foot (Close is not inside it), that area shows a shade at an edge where more follows (CSS, light and dark),
 * and when it scrolls, Tab reaches it so the keys can be scrolled from the keyboard too.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// A test reads the style sheet it checks (happy-dom applies none, and Vitest serves a .css import as empty text).
// eslint-disable-next-line no-restricted-imports
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSLATE_PREFS } from '../../shared/ipc/contract.js';
import { renderApp, resetRenderer } from '../test-utils/scenario.js';
import { useKeyboardHelp } from './KeyboardHelp.js';

function open() {
  return renderApp({
    'translatePrefs.get': () => DEFAULT_TRANSLATE_PREFS,
    'translatePrefs.update': () => DEFAULT_TRANSLATE_PREFS,
    'languages.pairs': () => ({ pairs: null }),
  });
}

beforeEach(() => {
  resetRenderer();
  useKeyboardHelp.setState({ open: false });
});
afterEach(() => cleanup());

const here = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '')).replace(/[^/]*$/, '');
const css = readFileSync(`${here}keyboard-help.css`, 'utf8');
/** The declarations of one rule of keyboard-help.css, by its exact selector. */
function rule(selector: string): string {
  const at = css.indexOf(`${selector} {`);
  return at < 0 ? '' : css.slice(at, css.indexOf('}', at));
}

describe('keyboard help scrolling', () => {
  it('scrolls the keys in an area of their own that ends above Close, the last line inside it', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByLabelText('Text to translate');
    await user.keyboard('{F1}');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const body = dialog.querySelector('.kb-body');
    expect(body).not.toBeNull();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    // The foot follows the scroll area, outside it: nothing scrolls under Close.
    expect(body!.contains(close)).toBe(false);
    expect(body!.nextElementSibling?.contains(close)).toBe(true);
    // The keys and the closing hint (the line that was cut in half) are in the scroll area.
    expect(body!.querySelectorAll('table.kb-keys').length).toBeGreaterThan(1);
    expect(body!.lastElementChild?.matches('p.hint')).toBe(true);
    // The scroll area is the one that scrolls, with room after its last line; the dialog and its foot do not.
    expect(rule('.kb-body')).toMatch(/overflow-y: auto/);
    expect(rule('.kb-body')).toMatch(/padding-block-end: var\(--space-/);
    expect(rule('.kb-dialog')).toMatch(/display: flex/);
    expect(rule('.kb-dialog')).not.toMatch(/overflow: auto/);
    expect(rule('.kb-dialog > .kb-foot')).not.toMatch(/sticky/);
    // A shade at the edge where more follows, from the theme's own colours (light and dark alike).
    expect(rule('.kb-body')).toMatch(/background-attachment: local, local, scroll, scroll/);
    expect(rule('.kb-body')).toMatch(/var\(--bg-elev\)/);
  });

  it('lets Tab reach the keys when they scroll, and still keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByLabelText('Text to translate');
    await user.keyboard('{F1}');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await waitFor(() => expect(document.activeElement).toBe(close));
    const body = dialog.querySelector<HTMLElement>('.kb-body')!;
    Object.defineProperty(body, 'scrollHeight', { configurable: true, value: 900 });
    Object.defineProperty(body, 'clientHeight', { configurable: true, value: 480 });
    await user.tab();
    expect(document.activeElement).toBe(body);
    expect(body.getAttribute('aria-labelledby')).toBe('kb-help-title');
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(body);
  });
});
