// @vitest-environment happy-dom
/**
 * Component tests of the history panel's place on the screen (seen on a Dutch tour at 900×700: it opened under the
 * output, half below the fold): opened, it is scrolled into view (without motion when the system asks for less) and
 * its heading takes the focus; closed by its button or Escape, the focus goes back to the History button; each entry
 * gives the time with the date, in the UI language.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../shared/i18n/en/index.js';
import nl from '../../../shared/i18n/nl/index.js';
import { compileCatalog } from '../../../shared/i18n/compile.js';
import { DEFAULT_TRANSLATE_PREFS, type HistoryEntry } from '../../../shared/ipc/contract.js';
import { installTestI18n } from '../../i18n/index.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer, settings } from '../../test-utils/scenario.js';

const ENTRY: HistoryEntry = {
  id: 'h1',
  time: '2026-11-29T10:05:00.000Z',
  connectionId: LOCAL_CONNECTION.id,
  connectionName: 'This computer',
  sourceLang: 'EN',
  detectedSourceLang: 'EN',
  targetLang: 'DE',
  source: 'Invoices are due on Friday.',
  target: 'Rechnungen sind am Freitag fällig.',
  billedCharacters: null,
};

let scrolled: Array<{ el: Element; options: ScrollIntoViewOptions | boolean | undefined }> = [];
let reducedMotion = false;

beforeEach(() => {
  resetRenderer();
  scrolled = [];
  reducedMotion = false;
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element, options) {
    scrolled.push({ el: this, options });
  });
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reducedMotion && query.includes('prefers-reduced-motion: reduce'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function render(uiLanguage = 'en') {
  const prefs = { ...DEFAULT_TRANSLATE_PREFS, historyEnabled: true };
  return renderApp({
    'settings.get': () => settings({ uiLanguage }),
    'translatePrefs.get': () => prefs,
    'translatePrefs.update': () => prefs,
    'languages.pairs': () => ({ pairs: null }),
    'history.list': () => ({ enabled: true, entries: [ENTRY], total: 1 }),
  });
}

/** Opens History from its button and waits for its list: the button, the panel's heading and the panel. */
async function openHistory(user: ReturnType<typeof userEvent.setup>) {
  render();
  const button = await screen.findByRole('button', { name: 'History' });
  await user.click(button);
  const heading = await screen.findByRole('heading', { name: 'History' });
  await screen.findByText(ENTRY.source);
  return { button, heading, panel: heading.closest('section')! };
}

describe('history panel on the screen', () => {
  it('opened, is scrolled into view smoothly and its heading takes the focus; Close gives it back to History', async () => {
    const user = userEvent.setup();
    const { button, heading, panel } = await openHistory(user);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await waitFor(() => expect(scrolled.some((s) => s.el === panel)).toBe(true));
    expect(scrolled.find((s) => s.el === panel)?.options).toEqual({ block: 'nearest', behavior: 'smooth' });
    await user.click(screen.getByRole('button', { name: 'Close history' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'History' })).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('scrolls without motion when the system asks for reduced motion; Escape closes it, focus back on History', async () => {
    reducedMotion = true;
    const user = userEvent.setup();
    const { button, heading, panel } = await openHistory(user);
    await waitFor(() => expect(scrolled.some((s) => s.el === panel)).toBe(true));
    expect(scrolled.find((s) => s.el === panel)?.options).toEqual({ block: 'nearest', behavior: 'auto' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'History' })).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('Escape in the search box clears the search first, and keeps the panel open', async () => {
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const search = (await screen.findByLabelText('Search history')) as HTMLInputElement;
    await user.type(search, 'Friday');
    await user.keyboard('{Escape}');
    expect(search.value).toBe('');
    expect(screen.getByRole('heading', { name: 'History' })).toBeTruthy();
  });

  describe('in the Dutch UI', () => {
    beforeEach(() => installTestI18n('nl', compileCatalog(en), compileCatalog(nl)));
    afterEach(() => installTestI18n('en', compileCatalog(en)));

    it('gives each entry its date and time as Dutch writes them', async () => {
      const user = userEvent.setup();
      render('nl');
      await user.click(await screen.findByRole('button', { name: nl['translate.history.open'] }));
      await screen.findByText(ENTRY.source);
      const when = new Intl.DateTimeFormat('nl', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(ENTRY.time),
      );
      const date = new Intl.DateTimeFormat('nl', { dateStyle: 'medium' }).format(new Date(ENTRY.time));
      expect(when).not.toBe(date);
      const line = document.querySelector('.tr-history-list .hint');
      expect(line?.textContent).toContain(when);
    });
  });
});
