// @vitest-environment happy-dom
/**
 * The glossary editor without surprises (issue 20 points 1, 6, 12; component tests against a fake VersoApi):
 * a new glossary offers only the pairs the connection can use for glossaries and translate, starting with the pair
 * last used in Translate; its problems show only once a field was touched or Save was tried (nothing on arrival),
 * and the cell at fault is the one marked, with a sentence saying which term; an imported file's preview says what
 * became of its first row, and with entries in the draft "Add to the entries" is the default, not "Replace".
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportResult } from '../../../shared/ipc/contract-glossaries.js';
import { useTranslateStore } from '../../state/translate-store.js';
import { useUiStore } from '../../state/ui-store.js';
import { renderApp } from '../../test-utils/scenario.js';
import { fakeAccount, glossary, onGlossariesScreen } from './glossaries-test-kit.js';

onGlossariesScreen();

/** The local service lists glossary pairs it cannot translate; its engine translates EN↔ES and EN→FR only. */
const GLOSSARY_PAIRS = ['EN>DE', 'EN>JA', 'EN>ES', 'EN>FR', 'ES>EN', 'DE>EN'].map((p) => ({ sourceLang: p.split('>')[0]!, targetLang: p.split('>')[1]! }));
const TRANSLATABLE = [
  { source: 'EN', target: 'ES' },
  { source: 'ES', target: 'EN-GB' },
  { source: 'ES', target: 'EN-US' },
  { source: 'EN', target: 'FR' },
];

function app(extra: Record<string, unknown> = {}) {
  const acc = fakeAccount([glossary({ glossaryId: 'g-legal', name: 'Legal terms', entryCount: 1 })], { 'g-legal': [['contract', 'contrato']] });
  return renderApp({
    ...acc.handlers,
    'glossaries.languagePairs': () => GLOSSARY_PAIRS,
    'languages.pairs': () => ({ pairs: TRANSLATABLE }),
    ...extra,
  } as never);
}

/** What main answers for a UTF-8 TSV without a header row: its first row is an entry. */
const headerlessTsv = (entries: [string, string][]): ImportResult => ({
  format: 'tsv',
  entries,
  delimiter: '\t',
  header: false,
  headerGuessed: true,
  firstRow: entries[0]!,
  encoding: 'UTF-8',
  skipped: 0,
});

const optionValues = (name: string) => [...(screen.getByRole('combobox', { name }) as HTMLSelectElement).options].map((o) => o.value);
const cell = (side: 'Source' | 'Target', row: number) => screen.getByRole('textbox', { name: `${side} term, row ${row}` }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
/** "New glossary" from the list, and the editor's grid in the page. */
async function newGlossary(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.click(await screen.findByRole('button', { name: 'New glossary' }));
  await screen.findByRole('grid');
}

describe('a new glossary', () => {
  it('offers only pairs the connection can use, starting with the pair last used in Translate', async () => {
    const user = userEvent.setup();
    useTranslateStore.getState().setOptions({ sourceLang: 'EN', targetLang: 'FR' });
    app();
    await user.click(await screen.findByRole('button', { name: 'New glossary' }));
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Source language' }) as HTMLSelectElement).value).toBe('EN'));
    expect((screen.getByRole('combobox', { name: 'Target language' }) as HTMLSelectElement).value).toBe('FR');
    expect(optionValues('Source language').sort()).toEqual(['EN', 'ES']);
    expect(optionValues('Target language').sort()).toEqual(['ES', 'FR']);
  });

  it('shows no problem on arrival; leaving the name empty or trying Save shows it, and nothing is sent', async () => {
    const user = userEvent.setup();
    const fake = app();
    await newGlossary(user);
    expect(screen.queryByText('Give the glossary a name.')).toBeNull();
    expect(screen.queryByText(/row has a problem|rows have problems/)).toBeNull();
    // Save is there to be tried: it shows what is missing instead of sending.
    expect(saveButton().disabled).toBe(false);
    await user.click(saveButton());
    expect(await screen.findByText('Give the glossary a name.')).toBeTruthy();
    // The footer does not say "No problems" beside the name's problem and "Fix the problems above".
    expect(screen.queryByText('No problems')).toBeNull();
    expect(fake.callsOf('glossaries.save')).toEqual([]);
    expect(saveButton().disabled).toBe(true);
  });

  it('with a name but no entry yet, says that an entry is missing, not that there are problems to fix', async () => {
    const user = userEvent.setup();
    app();
    await newGlossary(user);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Clients');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(screen.getByText('No problems')).toBeTruthy();
    expect(screen.getByText('Add at least one entry to save.')).toBeTruthy();
    expect(screen.queryByText('Fix the problems above to save; nothing invalid is sent.')).toBeNull();
    // One entry, and Save is on with nothing said against it.
    await user.type(cell('Source', 1), 'client');
    await user.type(cell('Target', 1), 'cliente');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(screen.queryByText('Add at least one entry to save.')).toBeNull();
  });

  it('a row shows its problem once edited, and the cell at fault is the one marked', async () => {
    const user = userEvent.setup();
    app();
    await newGlossary(user);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.tab();
    expect(await screen.findByText('Give the glossary a name.')).toBeTruthy();
    await user.type(name, 'Sun');
    await user.type(cell('Source', 1), 'sun');
    await user.type(cell('Target', 1), 'sol ');
    expect(await screen.findByText('The target term starts or ends with a space.')).toBeTruthy();
    expect(cell('Target', 1).getAttribute('aria-invalid')).toBe('true');
    expect(cell('Source', 1).getAttribute('aria-invalid')).toBeNull();
    expect(cell('Target', 1).getAttribute('type')).toBe('text');
    expect(screen.getByText('1 row has a problem')).toBeTruthy();
  });
});

describe('opening the editor by keyboard', () => {
  it('puts the focus in a new glossary\'s name, and passing through it says nothing yet', async () => {
    // Seen on a keyboard tour: after Enter on "New glossary" the focus was on the page, two Tabs from the name.
    const user = userEvent.setup();
    app();
    (await screen.findByRole('button', { name: 'New glossary' })).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('grid');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' })));
    await user.tab();
    expect(screen.queryByText('Give the glossary a name.')).toBeNull();
  });
});

describe('F8, the next problem', () => {
  it('puts the focus in the cell at fault: an empty target, not its source', async () => {
    // Seen on a keyboard tour: F8 went to the source cell, and typing the missing translation gave "printerimpresora".
    const user = userEvent.setup();
    app();
    await newGlossary(user);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Office');
    await user.type(cell('Source', 1), 'printer');
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{F8}');
    await waitFor(() => expect(document.activeElement).toBe(cell('Target', 1)));
    await user.keyboard('impresora');
    expect(cell('Source', 1).value).toBe('printer');
    expect(cell('Target', 1).value).toBe('impresora');
  });
});

describe('importing a file into a draft with entries', () => {
  const result = headerlessTsv([
    ['sun', 'sol'],
    ['moon', 'luna'],
    ['star', 'estrella'],
  ]);

  it('says the first row is imported as an entry, and Add (not Replace) is the default', async () => {
    const user = userEvent.setup();
    app({ 'glossaries.importFile': () => result });
    await user.click(await screen.findByRole('button', { name: 'Edit Legal terms' }));
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Import file…' }));
    await user.upload(screen.getByLabelText('File', { exact: true }), new File(['sun\tsol\nmoon\tluna\nstar\testrella\n'], 'astro.tsv'));
    expect(await screen.findByText('The first row (“sun” → “sol”) is imported as an entry. Tick “The first row is a header” if it holds column titles.')).toBeTruthy();
    const panel = screen.getByRole('region', { name: 'Import a file' });
    const buttons = within(panel).getAllByRole('button');
    const add = within(panel).getByRole('button', { name: 'Add to the entries' });
    const replace = within(panel).getByRole('button', { name: 'Replace the entries' });
    expect(add.className).toContain('btn-primary');
    expect(replace.className).not.toContain('btn-primary');
    expect(buttons.indexOf(add)).toBeLessThan(buttons.indexOf(replace));
    await user.click(add);
    await waitFor(() => expect(screen.getByText('4 entries')).toBeTruthy());
    expect(cell('Source', 1).value).toBe('contract');
    expect(cell('Source', 2).value).toBe('sun');
  });
});

describe('choosing or dropping a glossary file', () => {
  const result = headerlessTsv([['sun', 'sol']]);

  it('offers a chooser in the UI language, and a file dropped on the panel is imported here, not taken to Documents', async () => {
    const user = userEvent.setup();
    const fake = app({ 'glossaries.importFile': () => result });
    await user.click(await screen.findByRole('button', { name: 'Edit Legal terms' }));
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Import file…' }));
    const choose = screen.getByRole('button', { name: 'Choose a file…' });
    expect(choose.getAttribute('aria-describedby') && document.getElementById(choose.getAttribute('aria-describedby')!)?.textContent).toBe('No file chosen');
    const zone = choose.parentElement!;
    const files = [new File(['sun\tsol\n'], 'astro.tsv'), new File(['moon\tluna\n'], 'second.tsv')];
    fireEvent.dragOver(zone, { dataTransfer: { files, types: ['Files'] } });
    fireEvent.drop(zone, { dataTransfer: { files, types: ['Files'] } });
    expect(await screen.findByText('One more file was dropped and is not imported: second.tsv. Import them one at a time.')).toBeTruthy();
    await waitFor(() => expect(fake.callsOf('glossaries.importFile')).toHaveLength(1));
    expect(fake.callsOf('glossaries.importFile')[0]).toMatchObject({ fileName: 'astro.tsv' });
    expect(document.getElementById(choose.getAttribute('aria-describedby')!)?.textContent).toBe('astro.tsv');
    expect(await screen.findByText(/TSV: 1 entry found/)).toBeTruthy();
    // Still on Glossaries, in the editor: the window's drop-anywhere (→ Documents) did not take it.
    expect(useUiStore.getState().screen).toBe('glossaries');
    expect(screen.getByRole('region', { name: 'Import a file' })).toBeTruthy();
  });
});
