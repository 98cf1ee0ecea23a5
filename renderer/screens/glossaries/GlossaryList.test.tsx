// @vitest-environment happy-dom
/**
 * Component tests of the glossary list against a fake VersoApi: every glossary with its pair and entries, search
 * by name, filter by pair (with a "nothing matches" message), sort by name, date or size, and delete, which asks
 * first (Cancel sends nothing; the confirmation deletes that glossary and the list no longer shows it).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../state/ui-store.js';
import { renderApp, resetRenderer } from '../../test-utils/scenario.js';
import { useEditorStore } from './editor-store.js';
import { fakeAccount, glossary } from './glossaries-test-kit.js';

const GLOSSARIES = [
  glossary({ glossaryId: 'g-legal', name: 'Legal terms', entryCount: 120, creationTime: '2026-01-05T09:00:00.000Z' }),
  glossary({ glossaryId: 'g-brand', name: 'Brand names', entryCount: 8, creationTime: '2026-01-20T09:00:00.000Z', targetLang: 'FR' }),
  glossary({ glossaryId: 'g-med', name: 'Medical', entryCount: 3400, creationTime: '2026-01-12T09:00:00.000Z', sourceLang: 'DE', targetLang: 'EN' }),
];

beforeEach(() => {
  resetRenderer();
  useEditorStore.getState().close();
  useUiStore.setState({ screen: 'glossaries' });
});
afterEach(() => cleanup());

/** Glossary names in the order the table shows them. */
function names(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getByRole('rowheader').textContent ?? '');
}

describe('Glossary list', () => {
  it('lists every glossary with its languages and entries, sorted by name', async () => {
    renderApp(fakeAccount(GLOSSARIES).handlers);
    await screen.findByRole('table');
    expect(names()).toEqual(['Brand names', 'Legal terms', 'Medical']);
    const medical = screen.getByRole('row', { name: /Medical/ });
    expect(medical.textContent).toContain('German → English');
    expect(medical.textContent).toContain('3,400');
    expect(screen.getByText('3 glossaries')).toBeTruthy();
    // Whose glossaries these are: the active connection, under the title.
    expect(screen.getByRole('heading', { level: 1, name: 'Glossaries' })).toBeTruthy();
    expect(screen.getByText('Connection: \u2068Local engine\u2069')).toBeTruthy();
  });

  it('searches by name, filters by pair, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderApp(fakeAccount(GLOSSARIES).handlers);
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Search by name' });
    await user.type(search, 'LEG');
    expect(names()).toEqual(['Legal terms']);
    await user.clear(search);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language pair' }), 'English → French');
    expect(names()).toEqual(['Brand names']);
    await user.type(search, 'medical');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(/No glossary matches the search or the pair/)).toBeTruthy();
  });

  it('sorts by newest first and by most entries', async () => {
    const user = userEvent.setup();
    renderApp(fakeAccount(GLOSSARIES).handlers);
    await screen.findByRole('table');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'Newest first');
    expect(names()).toEqual(['Brand names', 'Medical', 'Legal terms']);
    await user.selectOptions(sort, 'Most entries');
    expect(names()).toEqual(['Medical', 'Legal terms', 'Brand names']);
  });

  it('asks before deleting: Cancel sends nothing, the confirmation deletes that glossary', async () => {
    const user = userEvent.setup();
    const acc = fakeAccount(GLOSSARIES);
    const app = renderApp(acc.handlers);
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Delete Legal terms' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Legal terms”?' });
    expect(dialog.textContent).toContain('120 entries are removed from the service');
    // The safe choice has the focus.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(app.callsOf('glossaries.remove')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Legal terms' }));
    await user.click(screen.getByRole('button', { name: 'Delete glossary' }));
    await waitFor(() => expect(app.callsOf('glossaries.remove')).toEqual([{ glossaryId: 'g-legal' }]));
    await waitFor(() => expect(names()).toEqual(['Brand names', 'Medical']));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows an empty state with how to start when the connection has no glossaries', async () => {
    renderApp(fakeAccount([]).handlers);
    expect(await screen.findByText(/This connection has no glossaries yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New glossary' })).toBeTruthy();
  });
});
