// @vitest-environment happy-dom
/**
 * Component tests (a Russian translator's tour of the glossary list) of the keyboard and the outcomes there: the
 * focus never drops to the page after a rename (Enter, Cancel, Escape), a cancelled or done delete, a cancelled
 * "Add dictionary" or a kept draft discarded; Escape cancels each panel; a rename says so in place of the outcome
 * shown before it; "Discard draft" asks first and each of those buttons names its glossary; search by name folds
 * case, accents and ё.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DraftSummary, GlossaryView, SaveOutcome } from '../../../shared/ipc/contract-glossaries.js';
import { renderApp } from '../../test-utils/scenario.js';
import { fakeAccount, glossary, onGlossariesScreen, productTerms } from './glossaries-test-kit.js';

const ID = 'g-multi';

/** Product terms (v3, renamed and extended in place) and two v2 glossaries. */
function account(drafts: DraftSummary[] = []) {
  const acc = fakeAccount([
    productTerms(ID, 'DE'),
    glossary({ glossaryId: 'g-ezh', name: 'Ёлки и ежи', sourceLang: 'RU', targetLang: 'EN' }),
    glossary({ glossaryId: 'g-cor', name: 'Corazón', sourceLang: 'ES', targetLang: 'EN' }),
  ]);
  let kept = [...drafts];
  const update = (patch: (g: GlossaryView) => GlossaryView): GlossaryView => {
    const g = patch(acc.glossaries.find((x) => x.glossaryId === ID)!);
    acc.glossaries = acc.glossaries.map((x) => (x.glossaryId === ID ? g : x));
    return g;
  };
  acc.handlers = {
    ...acc.handlers,
    'glossaries.drafts': () => kept,
    'glossaries.draftDiscard': ({ draftId }) => {
      kept = kept.filter((d) => d.draftId !== draftId);
      return { discarded: true };
    },
    'customisation.renameGlossary': ({ name }) => update((g) => ({ ...g, name })),
    'glossaries.save': (d): SaveOutcome => {
      const g = update((x) => ({ ...x, dictionaries: [...x.dictionaries!, { sourceLang: d.sourceLang, targetLang: d.targetLang, entryCount: d.entries.length }] }));
      return { status: 'saved', glossary: g, replacedId: null };
    },
  };
  return acc;
}

const draft = (draftId: string, name: string, entryCount: number): DraftSummary => ({
  draftId,
  glossaryId: null,
  name,
  sourceLang: 'EN',
  targetLang: 'DE',
  entryCount,
  connectionId: 'c-local',
  updatedAt: '2026-01-10T10:00:00.000Z',
  pendingSave: null,
});

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((r) => r.textContent);

onGlossariesScreen();

describe('the glossary list by keyboard', () => {
  it('a rename saved with Enter says so, replaces the outcome shown before, and keeps the focus on Rename', async () => {
    const user = userEvent.setup();
    const app = renderApp(account().handlers);
    // An outcome on the list first: a dictionary added and saved.
    await user.click(await screen.findByRole('button', { name: 'Add a dictionary to Product terms' }, { timeout: 15_000 }));
    await user.click(screen.getByRole('button', { name: 'Open in the editor' }));
    await user.type(await screen.findByRole('textbox', { name: 'Source term, row 1' }), 'Vertrag');
    await user.type(screen.getByRole('textbox', { name: 'Target term, row 1' }), 'contract');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByText(/^Saved “Product terms”/);

    await user.click(await screen.findByRole('button', { name: 'Rename Product terms' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(field);
    await user.type(field, 'Catalogue terms{Enter}');
    await waitFor(() => expect(app.callsOf('customisation.renameGlossary')).toEqual([{ glossaryId: ID, name: 'Catalogue terms' }]));
    await waitFor(() => expect(notice.textContent).toBe('Renamed “Product terms” to “Catalogue terms”.'));
    expect(screen.queryByText(/^Saved “Product terms”/)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Catalogue terms' })));
  });

  it('Cancel and Escape close the rename field and give the focus back to Rename', async () => {
    const user = userEvent.setup();
    const app = renderApp(account().handlers);
    await user.click(await screen.findByRole('button', { name: 'Rename Product terms' }, { timeout: 15_000 }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Product terms' })));

    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('x{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Product terms' })));
    expect(app.callsOf('customisation.renameGlossary')).toEqual([]);
  });

  it('Escape closes the "Add dictionary" pair picker and the focus goes back to its button', async () => {
    const user = userEvent.setup();
    renderApp(account().handlers);
    await user.click(await screen.findByRole('button', { name: 'Add a dictionary to Product terms' }, { timeout: 15_000 }));
    const dicts = screen.getByRole('list', { name: 'Dictionaries of Product terms' }).parentElement!;
    expect(document.activeElement).toBe(within(dicts).getByRole('combobox', { name: 'Language pair' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Open in the editor' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a dictionary to Product terms' })));
  });

  it('delete: Escape and Cancel give the focus back to the row’s Delete; done, it goes to the next row’s', async () => {
    const user = userEvent.setup();
    const app = renderApp(account().handlers);
    await screen.findByRole('table', {}, { timeout: 15_000 });
    expect(names()).toEqual(['Corazón', 'Product terms', 'Ёлки и ежи']);
    await user.click(screen.getByRole('button', { name: 'Delete Corazón' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Corazón' })));

    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Corazón' })));

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Delete glossary' }));
    await waitFor(() => expect(names()).toEqual(['Product terms', 'Ёлки и ежи']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Product terms' })));
    expect(app.callsOf('glossaries.remove')).toEqual([{ glossaryId: 'g-cor' }]);
  });

  it('Escape cancels the removal of one dictionary; the focus goes back to its Remove', async () => {
    const user = userEvent.setup();
    const app = renderApp(account().handlers);
    const remove = await screen.findByRole('button', { name: 'Remove the English → French dictionary of Product terms' }, { timeout: 15_000 });
    await user.click(remove);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove the English → French dictionary of Product terms' })));
    expect(app.callsOf('customisation.removeDictionary')).toEqual([]);
  });

  it('"Discard draft" names its glossary, asks first with the entry count, and then keeps the focus in the list', async () => {
    const user = userEvent.setup();
    const app = renderApp(account([draft('d1', 'Medical', 12), draft('d2', '', 1)]).handlers);
    const first = await screen.findByRole('button', { name: 'Discard the draft of Medical' }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Discard the draft of Untitled glossary' })).toBeTruthy();

    await user.click(first);
    const dialog = screen.getByRole('alertdialog', { name: 'Discard the draft of “Medical”?' });
    expect(dialog.textContent).toContain('The draft (12 entries) and its unsaved changes are deleted from this computer.');
    expect(app.callsOf('glossaries.draftDiscard')).toEqual([]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Discard the draft of Medical' })));
    expect(app.callsOf('glossaries.draftDiscard')).toEqual([]);

    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(app.callsOf('glossaries.draftDiscard')).toEqual([{ draftId: 'd1' }]));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Discard the draft of Medical' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Discard the draft of Untitled glossary' })));

    await user.keyboard('{Enter}');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New glossary' })));
  });

  it('search by name folds case, accents and ё ("елки" finds "Ёлки и ежи", "corazon" finds "Corazón")', async () => {
    const user = userEvent.setup();
    renderApp(account().handlers);
    const search = await screen.findByRole('searchbox', { name: 'Search by name' }, { timeout: 15_000 });
    await user.type(search, 'елки');
    expect(names()).toEqual(['Ёлки и ежи']);
    await user.clear(search);
    await user.type(search, 'ЕЖИ');
    expect(names()).toEqual(['Ёлки и ежи']);
    await user.clear(search);
    await user.type(search, 'corazon');
    expect(names()).toEqual(['Corazón']);
  });
});
