// @vitest-environment happy-dom
/**
 * Component tests of the history panel as a user meets it: opened, it takes the focus; off and empty, it offers only
 * to turn history on (no search or exports of nothing); on, it lists, searches and reopens.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ar from '../../../shared/i18n/ar/index.js';
import en from '../../../shared/i18n/en/index.js';
import { compileCatalog } from '../../../shared/i18n/compile.js';
import { DEFAULT_TRANSLATE_PREFS, type HistoryEntry, type TranslatePrefs } from '../../../shared/ipc/contract.js';
import { installTestI18n } from '../../i18n/index.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer, settings } from '../../test-utils/scenario.js';

beforeEach(() => resetRenderer());
afterEach(() => cleanup());

const ENTRY: HistoryEntry = {
  id: 'h1',
  time: '2026-11-24T10:00:00.000Z',
  connectionId: LOCAL_CONNECTION.id,
  connectionName: 'This computer',
  sourceLang: 'EN',
  detectedSourceLang: 'EN',
  targetLang: 'DE',
  source: 'Invoices are due on Friday.',
  target: 'Rechnungen sind am Freitag fällig.',
  billedCharacters: null,
};

function render(entry: HistoryEntry = ENTRY, saved: string[] = []) {
  let prefs: TranslatePrefs = { ...DEFAULT_TRANSLATE_PREFS, perConnection: { [LOCAL_CONNECTION.id]: { sourceLang: 'EN', targetLang: 'DE' } } };
  return renderApp({
    'translatePrefs.get': () => prefs,
    'translatePrefs.update': (patch) => (prefs = { ...prefs, ...(patch.historyEnabled !== undefined && { historyEnabled: patch.historyEnabled }) }),
    'languages.pairs': () => ({ pairs: null }),
    'history.list': ({ query }) => ({
      enabled: prefs.historyEnabled,
      entries: prefs.historyEnabled && (!query || entry.source.toLowerCase().includes(query.toLowerCase())) ? [entry] : [],
      total: prefs.historyEnabled ? 1 : 0,
    }),
    'app.saveTextFile': ({ content }) => {
      saved.push(content);
      return { path: '/home/anna/verso-history.csv' };
    },
  });
}

describe('history panel', () => {
  it('takes the focus, offers only to turn history on while it is off, then lists and reopens', async () => {
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const heading = await screen.findByRole('heading', { name: 'History' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByLabelText('Search history')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export TSV' })).toBeNull();
    const on = screen.getByRole('button', { name: 'Turn history on' });
    expect(on.className).toContain('btn-primary');
    await user.click(on);
    expect(await screen.findByText('Invoices are due on Friday.')).toBeTruthy();
    // Each entry says when to the minute, as the UI language writes it: two translations of one day differ.
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ENTRY.time));
    expect(screen.getByText((_, el) => el?.matches('.tr-history-list .hint') === true && el.textContent!.includes(when))).toBeTruthy();
    await user.type(screen.getByLabelText('Search history'), 'nothing like it');
    expect(await screen.findByText(/Nothing in the history matches/)).toBeTruthy();
    await user.clear(screen.getByLabelText('Search history'));
    await user.click(await screen.findByRole('button', { name: 'Open in Translate' }));
    expect((screen.getByLabelText('Text to translate') as HTMLTextAreaElement).value).toBe('Invoices are due on Friday.');
  });

  it("exports the local engine's name as the list shows it, in the current UI language, not as stored", async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    render({ ...ENTRY, connectionName: 'Dieser Computer (offline)' }, saved);
    await user.click(await screen.findByRole('button', { name: 'History' }));
    await user.click(await screen.findByRole('button', { name: 'Turn history on' }));
    expect(await screen.findByText(/This computer \(offline\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toContain('This computer (offline)');
    expect(saved[0]).not.toContain('Dieser Computer');
  });

  describe('in the Arabic UI', () => {
    beforeEach(() => installTestI18n('ar', compileCatalog(en), compileCatalog(ar)));
    afterEach(() => installTestI18n('en', compileCatalog(en)));

    it('shows an English entry in its own direction, and the saved file\'s path isolated in the sentence', async () => {
      const user = userEvent.setup();
      const prefs: TranslatePrefs = { ...DEFAULT_TRANSLATE_PREFS, historyEnabled: true };
      renderApp({
        'settings.get': () => settings({ uiLanguage: 'ar' }),
        'translatePrefs.get': () => prefs,
        'languages.pairs': () => ({ pairs: null }),
        'history.list': () => ({ enabled: true, entries: [ENTRY], total: 1 }),
        'app.saveTextFile': () => ({ path: '/home/anna/verso-history.csv' }),
      });
      await user.click(await screen.findByRole('button', { name: ar['translate.history.open'] }));
      // The texts follow their own direction (dir="auto": English reads left to right, its full stop at its end), not
      // the Arabic page's: they were right-aligned with the full stop first (".Invoices are due on Friday").
      const source = await screen.findByText(ENTRY.source);
      expect(source.getAttribute('dir')).toBe('auto');
      expect(screen.getByText(ENTRY.target).getAttribute('dir')).toBe('auto');
      await user.click(screen.getByRole('button', { name: ar['history.exportCsv'] }));
      const saved = await screen.findByText((_, el) => el?.getAttribute('role') === 'status' && /verso-history/.test(el.textContent ?? ''));
      // The path keeps its left-to-right order inside the Arabic sentence (it read `home/anna/verso-history.csv/`).
      expect(saved.textContent).toContain('\u2068/home/anna/verso-history.csv\u2069');
    });
  });
});
