// @vitest-environment happy-dom
/**
 * Component tests (issue 24, point 2) of a multilingual (v3) glossary on the Glossaries screen: the list shows each
 * dictionary (pair and entries); "Rename", "Remove" of one dictionary (asks first) and "Add dictionary" (a pair, then
 * the editor) send the calls that change that glossary in place — same id, the other dictionaries untouched — and the
 * list shows the result.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GlossaryView, SaveOutcome } from '../../../shared/ipc/contract-glossaries.js';
import { renderApp } from '../../test-utils/scenario.js';
import { fakeAccount, onGlossariesScreen, productTerms } from './glossaries-test-kit.js';

const ID = 'g-multi';
const MULTI = productTerms(ID, 'DE');

/** The fake account, plus main's v3 calls on it: each changes the glossary in place (same id). */
function v3Account() {
  const acc = fakeAccount([MULTI]);
  const update = (patch: (g: GlossaryView) => GlossaryView): GlossaryView => {
    const g = patch(acc.glossaries.find((x) => x.glossaryId === ID)!);
    const dicts = g.dictionaries ?? [];
    const next = { ...g, entryCount: dicts.reduce((n, d) => n + d.entryCount, 0), sourceLang: dicts[0]!.sourceLang, targetLang: dicts[0]!.targetLang };
    acc.glossaries = acc.glossaries.map((x) => (x.glossaryId === ID ? next : x));
    return next;
  };
  acc.handlers = {
    ...acc.handlers,
    'customisation.renameGlossary': ({ name }) => update((g) => ({ ...g, name })),
    'customisation.removeDictionary': ({ sourceLang, targetLang }) =>
      update((g) => ({ ...g, dictionaries: g.dictionaries!.filter((d) => !(d.sourceLang === sourceLang && d.targetLang === targetLang)) })),
    // Save of a dictionary of a v3 glossary: in place (main PUTs that one dictionary).
    'glossaries.save': (d): SaveOutcome => {
      const g = update((x) => ({
        ...x,
        dictionaries: [
          ...x.dictionaries!.filter((y) => !(y.sourceLang === d.sourceLang && y.targetLang === d.targetLang)),
          { sourceLang: d.sourceLang, targetLang: d.targetLang, entryCount: d.entries.length },
        ],
      }));
      return { status: 'saved', glossary: g, replacedId: null };
    },
  };
  return acc;
}

onGlossariesScreen();

const dictionaries = () => screen.getByRole('list', { name: /^Dictionaries of / });
const dictTexts = () => within(dictionaries()).getAllByRole('listitem').map((li) => li.textContent ?? '');

describe('a multilingual glossary on the Glossaries screen', () => {
  it('lists each dictionary with its pair and entries', async () => {
    renderApp(v3Account().handlers);
    // The first test of the file waits for the lazily loaded screen on a shared machine.
    await screen.findByRole('table', {}, { timeout: 15_000 });
    expect(screen.getByRole('list', { name: 'Dictionaries of Product terms' })).toBeTruthy();
    expect(dictTexts()).toEqual([
      expect.stringMatching(/^English → German · 3 entries/),
      expect.stringMatching(/^English → French · 4 entries/),
    ]);
  });

  it('Rename sends renameGlossary for the same glossary and the list shows the new name', async () => {
    const user = userEvent.setup();
    const app = renderApp(v3Account().handlers);
    await user.click(await screen.findByRole('button', { name: 'Rename Product terms' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Catalogue terms');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.callsOf('customisation.renameGlossary')).toEqual([{ glossaryId: ID, name: 'Catalogue terms' }]));
    expect(await screen.findByRole('rowheader', { name: 'Catalogue terms' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Product terms' })).toBeNull();
    expect(dictTexts()).toHaveLength(2);
    expect(app.callsOf('glossaries.remove')).toEqual([]);
  });

  it('Remove of one dictionary asks first, sends removeDictionary for that pair, and the other dictionary stays', async () => {
    const user = userEvent.setup();
    const app = renderApp(v3Account().handlers);
    await user.click(await screen.findByRole('button', { name: 'Remove the English → French dictionary of Product terms' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Remove the English → French dictionary (4 entries)? The other dictionaries stay as they are.');
    expect(app.callsOf('customisation.removeDictionary')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(app.callsOf('customisation.removeDictionary')).toEqual([{ glossaryId: ID, sourceLang: 'EN', targetLang: 'FR' }]));
    await waitFor(() => expect(dictTexts()).toEqual([expect.stringMatching(/^English → German · 3 entries/)]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // One dictionary left: the row's Edit opens it, with no second Edit beside it.
    expect(screen.queryByRole('button', { name: 'Edit the English → German dictionary of Product terms' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Product terms' })).toBeTruthy();
    expect(app.callsOf('glossaries.remove')).toEqual([]);
  });

  it('Add dictionary: a pair it lacks, then the editor; Save adds it to the same glossary and the list shows it', async () => {
    const user = userEvent.setup();
    const app = renderApp(v3Account().handlers);
    await user.click(await screen.findByRole('button', { name: 'Add a dictionary to Product terms' }));
    const pair = within(dictionaries().parentElement!).getByRole('combobox', { name: 'Language pair' }) as HTMLSelectElement;
    // Only the pair it does not have yet is offered.
    expect([...pair.options].map((o) => o.textContent)).toEqual(['German → English']);
    await user.click(screen.getByRole('button', { name: 'Open in the editor' }));

    await user.type(await screen.findByRole('textbox', { name: 'Source term, row 1' }), 'Vertrag');
    await user.type(screen.getByRole('textbox', { name: 'Target term, row 1' }), 'contract');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.callsOf('glossaries.save')).toHaveLength(1));
    const sent = app.callsOf('glossaries.save')[0]!;
    expect(sent).toMatchObject({ glossaryId: ID, sourceLang: 'DE', targetLang: 'EN', entries: [['Vertrag', 'contract']] });

    await waitFor(() =>
      expect(dictTexts()).toEqual([
        expect.stringMatching(/^English → German · 3 entries/),
        expect.stringMatching(/^English → French · 4 entries/),
        expect.stringMatching(/^German → English · 1 entry/),
      ]),
    );
    expect(app.callsOf('glossaries.remove')).toEqual([]);
  });

  it('Add dictionary lists the pairs by their names in the UI language, not by code', async () => {
    const user = userEvent.setup();
    const account = v3Account();
    // The service lists pairs by code: DE → EN before EN → JA, and JA → EN after them.
    const byCode = ['DE>EN', 'EN>ES', 'EN>JA', 'JA>EN', 'NL>EN'].map((x) => ({ sourceLang: x.slice(0, 2), targetLang: x.slice(3) }));
    renderApp({ ...account.handlers, 'glossaries.languagePairs': () => byCode });
    await user.click(await screen.findByRole('button', { name: 'Add a dictionary to Product terms' }));
    const pair = within(dictionaries().parentElement!).getByRole('combobox', { name: 'Language pair' }) as HTMLSelectElement;
    expect([...pair.options].map((o) => o.textContent)).toEqual([
      'Dutch → English',
      'English → Japanese',
      'English → Spanish',
      'German → English',
      'Japanese → English',
    ]);
    // The first in that order is the one chosen.
    expect(pair.value).toBe('NL>EN');
  });
});
