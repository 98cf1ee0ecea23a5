// @vitest-environment happy-dom
/**
 * Component tests (issue 20, point 13): keyboard help on every screen (F1 or Ctrl+/, also while typing), `?` never
 * taken from a text box, each screen's keys listed; Clear in Translate can be undone with Ctrl+Z. Its scrolling (a
 * Dutch tour at 900×700: the last line was cut in half under a sticky Close bar): the keys scroll in an area of their
 * own above Close, with a shade where more follows, and Tab reaches that area while it scrolls.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
// A test reads the style sheet it checks (happy-dom applies none, and Vitest serves a .css import as empty text).
// eslint-disable-next-line no-restricted-imports
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ar from '../../shared/i18n/ar/index.js';
import en from '../../shared/i18n/en/index.js';
import fr from '../../shared/i18n/fr/index.js';
import { compileCatalog } from '../../shared/i18n/compile.js';
import { DEFAULT_TRANSLATE_PREFS } from '../../shared/ipc/contract.js';
import { installTestI18n } from '../i18n/index.js';
import { useUiStore } from '../state/ui-store.js';
import { renderApp, resetRenderer, settings } from '../test-utils/scenario.js';
import { useKeyboardHelp } from './KeyboardHelp.js';

function open() {
  return renderApp({
    'translatePrefs.get': () => DEFAULT_TRANSLATE_PREFS,
    'translatePrefs.update': () => DEFAULT_TRANSLATE_PREFS,
    'languages.pairs': () => ({ pairs: null }),
  });
}

/** Opens the app on Translate and the keyboard help with F1, as from the text box; returns the help's dialog. */
async function openHelp(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  open();
  await screen.findByLabelText('Text to translate');
  await user.keyboard('{F1}');
  return screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
}

beforeEach(() => {
  resetRenderer();
  useKeyboardHelp.setState({ open: false });
});
afterEach(() => cleanup());

describe('keyboard help', () => {
  it('does not take a question mark typed in the text box; F1 opens it from there', async () => {
    const user = userEvent.setup();
    open();
    const box = (await screen.findByLabelText('Text to translate')) as HTMLTextAreaElement;
    await user.click(box);
    await user.keyboard('Why?');
    expect(box.value).toBe('Why?');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('{F1}');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    // Each screen's keys: Translate first (the current screen), Documents and Glossaries too.
    const headings = within(dialog).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings.slice(0, 1)).toEqual(['Translate']);
    expect(headings).toEqual(expect.arrayContaining(['Documents', 'Glossaries', 'Everywhere']));
    expect(within(dialog).getByText('Add documents')).toBeTruthy();
    expect(within(dialog).getByText('Save the glossary')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(box.value).toBe('Why?');
  });

  it('opens with Ctrl+/ on another screen, that screen first', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByLabelText('Text to translate');
    act(() => useUiStore.getState().setScreen('documents'));
    await user.keyboard('{Control>}/{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getAllByRole('heading', { level: 3 })[0]?.textContent).toBe('Documents');
  });
});

describe('Clear', () => {
  it('can be undone with Ctrl+Z', async () => {
    const user = userEvent.setup();
    open();
    const box = (await screen.findByLabelText('Text to translate')) as HTMLTextAreaElement;
    await user.type(box, 'A long paragraph');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(box.value).toBe('');
    await user.keyboard('{Control>}z{/Control}');
    expect(box.value).toBe('A long paragraph');
  });
});

describe('modal panels by keyboard', () => {
  it('keeps Tab inside the keyboard help, and Escape closes the Translate options', async () => {
    // Seen on a keyboard tour: Tab from Close went on to the page behind the overlay; Esc left the options open.
    const user = userEvent.setup();
    const close = within(await openHelp(user)).getByRole('button', { name: 'Close' });
    await waitFor(() => expect(document.activeElement).toBe(close));
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const summary = screen.getByText('Options', { selector: 'summary' });
    await user.click(summary);
    const details = summary.closest('details')!;
    expect(details.open).toBe(true);
    (await screen.findByRole('button', { name: 'Reset options' })).focus();
    await user.keyboard('{Escape}');
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(summary);
  });
});

describe('keyboard help in the Arabic UI', () => {
  beforeEach(() => installTestI18n('ar', compileCatalog(en), compileCatalog(ar)));
  afterEach(() => installTestI18n('en', compileCatalog(en)));

  it('writes the keys left to right: the table, the note under it and the sidebar', async () => {
    const user = userEvent.setup();
    renderApp({
      'settings.get': () => settings({ uiLanguage: 'ar' }),
      'translatePrefs.get': () => DEFAULT_TRANSLATE_PREFS,
      'translatePrefs.update': () => DEFAULT_TRANSLATE_PREFS,
      'languages.pairs': () => ({ pairs: null }),
    });
    await screen.findByRole('heading', { level: 1 });
    await user.keyboard('{F1}');
    const dialog = await screen.findByRole('dialog', { name: ar['translate.help.title'] });
    // "F1 · Ctrl+/" was shown as "/+F1 · Ctrl", "Ctrl+1 … 6" as "6 … Ctrl+1".
    const keys = dialog.querySelectorAll('kbd');
    expect([...keys].map((k) => k.textContent)).toEqual(expect.arrayContaining(['F1 · Ctrl+/', 'Ctrl+1 … 6']));
    for (const k of keys) expect(k.getAttribute('dir'), k.textContent!).toBe('ltr');
    // The note's Ctrl+/ is isolated in its Arabic sentence (it read "/+Ctrl").
    const note = [...dialog.querySelectorAll('p.hint')].find((p) => p.textContent!.includes('F1'))!;
    expect(note.textContent).toContain('\u2068Ctrl+/\u2069');
    // The sidebar's hints too (⌘1 on macOS read "1⌘").
    const hints = document.querySelectorAll('.sidebar .shortcut');
    expect(hints.length).toBe(6);
    for (const h of hints) expect(h.getAttribute('dir')).toBe('ltr');
  });
});

describe('keyboard help in the French UI', () => {
  beforeEach(() => installTestI18n('fr', compileCatalog(en), compileCatalog(fr)));
  afterEach(() => installTestI18n('en', compileCatalog(en)));

  it('names the keys as the language does, and opens at its title, not scrolled to Close', async () => {
    // Seen on a French tour: "Enter", "Shift+Enter" and "Esc" in the help while the glossary footer said "Entrée";
    // at 900×700 the help opened scrolled to its end, the title cut off.
    const focused: Array<FocusOptions | undefined> = [];
    const focus = HTMLElement.prototype.focus;
    HTMLElement.prototype.focus = function (this: HTMLElement, o?: FocusOptions) {
      if (this.textContent === fr['translate.help.close']) focused.push(o);
      return focus.call(this, o);
    };
    try {
      const user = userEvent.setup();
      renderApp({
        'settings.get': () => settings({ uiLanguage: 'fr' }),
        'translatePrefs.get': () => DEFAULT_TRANSLATE_PREFS,
        'translatePrefs.update': () => DEFAULT_TRANSLATE_PREFS,
        'languages.pairs': () => ({ pairs: null }),
      });
      await screen.findByRole('heading', { level: 1 });
      useUiStore.setState({ screen: 'glossaries' });
      await user.keyboard('{F1}');
      const dialog = await screen.findByRole('dialog', { name: fr['translate.help.title'] });
      const keys = [...dialog.querySelectorAll('kbd')].map((k) => k.textContent);
      expect(keys).toEqual(expect.arrayContaining(['Ctrl+Maj+Z', 'Entrée', 'Maj+Entrée', 'Échap', 'Ctrl+Entrée']));
      expect(keys.join(' ')).not.toMatch(/\b(Enter|Shift|Esc)\b/);
      expect(focused).toEqual([{ preventScroll: true }]);
    } finally {
      HTMLElement.prototype.focus = focus;
    }
  });
});

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
    const dialog = await openHelp(user);
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
    const dialog = await openHelp(user);
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
