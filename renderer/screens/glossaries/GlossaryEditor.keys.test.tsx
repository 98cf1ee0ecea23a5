// @vitest-environment happy-dom
/**
 * The glossary editor with the keyboard (seen on a French keyboard tour): after "Delete 1 row" the focus dropped to
 * the page, so Ctrl+Z was the browser's text undo, which turned "client" into "clien" and left the row deleted.
 * Now the focus goes to the row that took its place; Ctrl+Z on the page (or anywhere outside another text field)
 * is the editor's undo; the browser's text undo never changes a cell. Every action whose control goes away or is
 * disabled keeps the focus in the editor; Save goes to the list's notice. A panel opened takes the focus. In
 * right-to-left languages the export path is isolated and the versions' arrow is the catalog's.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ar from '../../../shared/i18n/ar/index.js';
import en from '../../../shared/i18n/en/index.js';
import { compileCatalog } from '../../../shared/i18n/compile.js';
import type { ImportResult, VersionSummary } from '../../../shared/ipc/contract-glossaries.js';
import { installTestI18n } from '../../i18n/index.js';
import type { Handlers } from '../../test-utils/fake-api.js';
import { renderApp, settings } from '../../test-utils/scenario.js';
import { fakeAccount, glossary, onGlossariesScreen } from './glossaries-test-kit.js';

onGlossariesScreen();

const ACME: [string, string][] = [
  ['invoice', 'facture'],
  ['purchase order', 'bon de commande'],
  ['customer', 'client'],
  ['shipping address', 'adresse de livraison'],
];

type User = ReturnType<typeof userEvent.setup>;

async function openAcme(user: User, entries: [string, string][] = ACME, more: Handlers = {}) {
  const acc = fakeAccount([glossary({ glossaryId: 'g-acme', name: 'Acme', entryCount: entries.length })], {
    'g-acme': entries,
  });
  const app = renderApp({ ...acc.handlers, ...more });
  await user.click(await screen.findByRole('button', { name: 'Edit Acme' }));
  await screen.findByRole('grid');
  return app;
}

const cell = (side: 'Source' | 'Target', row: number) =>
  screen.getByRole('textbox', { name: `${side} term, row ${row}` }) as HTMLInputElement;
const rows = () =>
  [...document.querySelectorAll<HTMLElement>('.gl-scroll [data-index]')].map((r) => {
    const [s, t] = r.querySelectorAll<HTMLInputElement>('input[type="text"]');
    return `${s!.value}=${t!.value}`;
  });
const editor = () => document.querySelector('.gl-editor')!;

/** The focus is on an enabled control of the editor, not on the page (the tour's <body>). */
function expectFocusInEditor() {
  const a = document.activeElement as HTMLElement | null;
  expect(a).not.toBe(document.body);
  expect(a && editor().contains(a)).toBe(true);
  expect((a as HTMLButtonElement).disabled ?? false).toBe(false);
}

/** The browser's own text undo or redo about to act on `el` (Edit menu, Ctrl+Z elsewhere); true if cancelled. */
function browserHistory(el: HTMLElement, inputType: 'historyUndo' | 'historyRedo'): boolean {
  const e = new InputEvent('beforeinput', { inputType, bubbles: true, cancelable: true });
  el.dispatchEvent(e);
  return e.defaultPrevented;
}

/** Presses Enter on a control as the keyboard does (focus, then Enter). */
async function pressEnterOn(user: User, el: HTMLElement) {
  el.focus();
  await user.keyboard('{Enter}');
}

/** The focus on the page itself, as after a control that had it went (focused in a cell first, then left). */
function toPage() {
  cell('Source', 1).focus();
  cell('Source', 1).blur();
}

const ctrlZ = (target: Element, shift = false) =>
  fireEvent.keyDown(target, { key: shift ? 'Z' : 'z', ctrlKey: true, shiftKey: shift });

describe('Glossary editor: Delete selected and Ctrl+Z', () => {
  it('puts the focus on the row that took the deleted row’s place; Ctrl+Z there brings it back, other cells unchanged', async () => {
    const user = userEvent.setup();
    await openAcme(user);
    await user.click(cell('Target', 1));
    await user.keyboard('{End} X');
    expect(cell('Target', 1).value).toBe('facture X');
    const edited = [
      'invoice=facture X',
      'purchase order=bon de commande',
      'customer=client',
      'shipping address=adresse de livraison',
    ];
    await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    await pressEnterOn(user, screen.getByRole('button', { name: 'Delete 1 row' }));
    await waitFor(() => expect(screen.getByText('3 entries')).toBeTruthy());
    // The row that took its place has the focus (the button is disabled now: the focus was dropped to the page).
    await waitFor(() => expect(document.activeElement).toBe(cell('Source', 3)));
    expect(cell('Source', 3).value).toBe('shipping address');
    expectFocusInEditor();

    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(rows()).toEqual(edited));
    expectFocusInEditor();
  });

  it('runs the editor’s undo and redo for Ctrl+Z and Ctrl+Shift+Z with the focus on the page (the tour’s <body>)', async () => {
    const user = userEvent.setup();
    await openAcme(user);
    await user.click(cell('Target', 1));
    await user.keyboard('{End} X');
    const edited = [
      'invoice=facture X',
      'purchase order=bon de commande',
      'customer=client',
      'shipping address=adresse de livraison',
    ];
    await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    await user.click(screen.getByRole('button', { name: 'Delete 1 row' }));
    await waitFor(() => expect(screen.getByText('3 entries')).toBeTruthy());
    // On the page: undo and redo are the editor's, the browser's prevented (it would change cells' text).
    toPage();
    expect(document.activeElement).toBe(document.body);
    expect(ctrlZ(document.body)).toBe(false);
    await waitFor(() => expect(rows()).toEqual(edited));
    // The editor puts the focus back in the grid after it.
    await waitFor(() => expectFocusInEditor());
    toPage();
    expect(ctrlZ(document.body, true)).toBe(false);
    await waitFor(() => expect(rows()).toEqual(edited.filter((_, i) => i !== 2)));
    toPage();
    ctrlZ(document.body);
    await waitFor(() => expect(rows()).toEqual(edited));
    // The next step back is the typing in row 1's target: no step was added by the undos.
    toPage();
    ctrlZ(document.body);
    await waitFor(() => expect(cell('Target', 1).value).toBe('facture'));
    expect(rows()).toEqual(ACME.map(([s, t]) => `${s}=${t}`));
    // Ctrl+Y on the screen's title, outside the editor: the editor's redo too.
    const heading = screen.getByRole('heading', { name: 'Glossaries', level: 1 });
    expect(fireEvent.keyDown(heading, { key: 'y', ctrlKey: true })).toBe(false);
    await waitFor(() => expect(cell('Target', 1).value).toBe('facture X'));
  });

  it('leaves no text undo to the browser: Ctrl+Z in a cell is the editor’s, and the browser’s undo of a cell runs the editor’s instead', async () => {
    const user = userEvent.setup();
    await openAcme(user);
    await user.click(cell('Source', 3));
    await user.keyboard('{End}{Backspace}');
    expect(cell('Source', 3).value).toBe('custome');
    await user.click(cell('Target', 2));
    await user.keyboard(' (BC)');
    // In a cell: the editor's undo, the browser's prevented.
    expect(ctrlZ(cell('Target', 2))).toBe(false);
    await waitFor(() => expect(cell('Target', 2).value).toBe('bon de commande'));
    // The browser's text undo (Edit menu, or Ctrl+Z in a text field elsewhere: its history is the whole page's)
    // acting on a cell: cancelled, and the editor's undo runs, as one step of its own history.
    expect(browserHistory(cell('Source', 3), 'historyUndo')).toBe(true);
    await waitFor(() => expect(cell('Source', 3).value).toBe('customer'));
    expect(rows()).toEqual(ACME.map(([s, t]) => `${s}=${t}`));
    expect(browserHistory(cell('Target', 1), 'historyRedo')).toBe(true);
    await waitFor(() => expect(cell('Source', 3).value).toBe('custome'));
    // A text field outside the editor keeps its own Ctrl+Z (the editor's rows do not move).
    const outside = document.createElement('input');
    document.body.append(outside);
    outside.focus();
    expect(ctrlZ(outside)).toBe(true);
    expect(cell('Source', 3).value).toBe('custome');
    outside.remove();
  });
});

const tsvResult = (entries: [string, string][]): ImportResult => ({
  format: 'tsv',
  entries,
  delimiter: '\t',
  header: false,
  headerGuessed: false,
  firstRow: entries[0]!,
  encoding: 'UTF-8',
  skipped: 0,
});

describe('Glossary editor: the focus after an action whose control goes away or is disabled', () => {
  it('Add to the entries (import panel): the first row that came in', async () => {
    const user = userEvent.setup();
    await openAcme(user, ACME, {
      'glossaries.importFile': () =>
        tsvResult([
          ['refund', 'remboursement'],
          ['lead time', 'délai'],
        ]),
    });
    await user.click(screen.getByRole('button', { name: 'Import file…' }));
    await user.upload(
      screen.getByLabelText('File', { exact: true }),
      new File(['refund\tremboursement\n'], 'more.tsv'),
    );
    await pressEnterOn(user, await screen.findByRole('button', { name: 'Add to the entries' }));
    await waitFor(() => expect(screen.getByText('6 entries')).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(cell('Source', 5)));
    expect(cell('Source', 5).value).toBe('refund');
    expectFocusInEditor();
  });

  it('Replace all, Sort, and Undo until it is disabled: the control itself, else its neighbour', async () => {
    const user = userEvent.setup();
    await openAcme(user);
    await user.type(screen.getByRole('searchbox', { name: 'Find' }), 'client');
    await user.type(screen.getByRole('textbox', { name: 'Replace with' }), 'customer');
    await pressEnterOn(user, screen.getByRole('button', { name: 'Replace all' }));
    await waitFor(() => expect(screen.getByText('1 replacement')).toBeTruthy());
    expectFocusInEditor();
    await user.clear(screen.getByRole('searchbox', { name: 'Find' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'source:desc');
    await waitFor(() => expect(cell('Source', 1).value).toBe('shipping address'));
    expectFocusInEditor();
    // Undo pressed until nothing is left to undo: the button is disabled, the focus goes to Redo beside it.
    const undo = screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement;
    await pressEnterOn(user, undo);
    await pressEnterOn(user, undo);
    await waitFor(() => expect(undo.disabled).toBe(true));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Redo' })));
    expect(cell('Target', 3).value).toBe('client');
  });

  it('Remove spaces at the ends and Drop exact duplicates: the next thing the footer offers', async () => {
    const user = userEvent.setup();
    await openAcme(user, [...ACME, ['refund ', 'remboursement'], ['invoice', 'facture']]);
    await pressEnterOn(user, await screen.findByRole('button', { name: 'Remove spaces at the ends (1)' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove spaces at the ends (1)' })).toBeNull(),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Drop exact duplicates (1)' })),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('No problems')).toBeTruthy());
    await waitFor(() => expectFocusInEditor());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
  });

  it('Restore a version: the first row of the version, the button kept focusable while it loads', async () => {
    const user = userEvent.setup();
    const version: VersionSummary = {
      versionId: 'v1',
      name: 'Acme',
      sourceLang: 'EN',
      targetLang: 'DE',
      savedAt: '2026-01-09T10:00:00.000Z',
      glossaryId: 'g-acme',
      entryCount: 2,
    } as VersionSummary;
    let release!: () => void;
    const loaded = new Promise<void>((r) => (release = r));
    await openAcme(user, ACME, {
      'glossaries.versions': () => [version],
      'glossaries.versionEntries': async () => {
        await loaded;
        return [
          ['bill', 'facture'],
          ['client', 'client'],
        ];
      },
    });
    await pressEnterOn(user, screen.getByRole('button', { name: 'Versions' }));
    const restore = await screen.findByRole('button', { name: 'Restore' });
    await pressEnterOn(user, restore);
    await waitFor(() => expect(restore.getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(restore);
    release();
    await waitFor(() => expect(screen.getByText('2 entries')).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(cell('Source', 1)));
    expect(cell('Source', 1).value).toBe('bill');
  });

  it('Export: the button keeps the focus while it works; the path is isolated in the sentence', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const written = new Promise<void>((r) => (release = r));
    await openAcme(user, ACME, {
      'glossaries.exportFile': async () => {
        await written;
        return { path: '/home/me/Acme.tsv' };
      },
    });
    await pressEnterOn(user, screen.getByRole('button', { name: 'Export…' }));
    const exportButton = screen.getByRole('button', { name: 'Export' });
    await pressEnterOn(user, exportButton);
    await waitFor(() => expect(exportButton.getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(exportButton);
    release();
    const said = await screen.findByText(/Saved to/);
    expect(said.textContent).toBe('Saved to \u2068/home/me/Acme.tsv\u2069');
    expect(document.activeElement).toBe(exportButton);
  });

  it('Ctrl+S from a cell saves and puts the focus on what the list says, not on the page', async () => {
    const user = userEvent.setup();
    await openAcme(user);
    await user.click(cell('Target', 3));
    await user.keyboard('s');
    await user.keyboard('{Control>}s{/Control}');
    const notice = await screen.findByText(/Saved “Acme”/);
    await waitFor(() => expect(document.activeElement).toBe(notice));
  });
});

describe('Glossary editor: "Translate empty targets" and the focus', () => {
  it('Cancel takes the focus while it works (its button is disabled); Fill, the preview gone, a row', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await openAcme(user, [...ACME, ['refund', '']], {
      'languages.pairs': () => ({ pairs: [{ source: 'EN', target: 'DE' }] }),
      'translate.batch': async ({ batchId, segments }) => {
        await gate;
        return {
          batchId,
          translations: segments.map((x) => ({
            text: x.toUpperCase(),
            detectedSourceLanguage: 'EN',
            protected: true,
          })),
          failures: [],
          requests: 1,
          characters: 6,
          engine: 'apertium',
        };
      },
    });
    await pressEnterOn(user, await screen.findByRole('button', { name: 'Translate 1 empty target' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
    release();
    // The preview takes the focus on its title (its effect, after the render that shows Fill): on a busy machine
    // that effect ran between the test focusing Fill and pressing Enter, and Enter went to the title.
    const title = await screen.findByRole('heading', { name: '1 suggestion to fill' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    const fill = screen.getByRole('button', { name: /^Fill/ });
    await pressEnterOn(user, fill);
    await waitFor(() => expect(cell('Target', 5).value).toBe('REFUND'));
    await waitFor(() => expectFocusInEditor());
    expect(document.activeElement?.closest('.gl-scroll')).not.toBeNull();
  });
});

describe('Glossary editor: panels', () => {
  it('a panel opened takes the focus: its first control', async () => {
    const user = userEvent.setup();
    await openAcme(user, ACME, { 'glossaries.versions': () => [] });
    await pressEnterOn(user, screen.getByRole('button', { name: 'Import file…' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose a file…' })),
    );
    await pressEnterOn(user, screen.getByRole('button', { name: 'Export…' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Format' })),
    );
    expect(screen.queryByRole('heading', { name: 'Import a file' })).toBeNull();
    // Versions has no control yet while its list loads: its title.
    await pressEnterOn(user, screen.getByRole('button', { name: 'Versions' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'Versions kept on this computer' }),
      ),
    );
  });
});

describe('Glossary editor: Escape', () => {
  it('closes the Import and Export panels and gives the focus back to their buttons (a Russian tour: it did nothing)', async () => {
    const user = userEvent.setup();
    await openAcme(user);
    await pressEnterOn(user, screen.getByRole('button', { name: 'Import file…' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose a file…' })));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Choose a file…' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Import file…' })));
    await pressEnterOn(user, screen.getByRole('button', { name: 'Export…' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Format' })));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Format' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Export…' })));
  });
});

describe('Glossary editor in the Arabic UI', () => {
  beforeEach(() => installTestI18n('ar', compileCatalog(en), compileCatalog(ar)));
  afterEach(() => installTestI18n('en', compileCatalog(en)));

  it('compares a version with the arrow of the catalog (← in Arabic), each term isolated', async () => {
    const user = userEvent.setup();
    const version = {
      versionId: 'v1',
      name: 'Acme',
      sourceLang: 'EN',
      targetLang: 'DE',
      savedAt: '2026-01-09T10:00:00.000Z',
      glossaryId: 'g-acme',
      entryCount: 1,
    } as VersionSummary;
    const acc = fakeAccount([glossary({ glossaryId: 'g-acme', name: 'Acme', entryCount: 1 })], {
      'g-acme': [['invoice', 'facture X']],
    });
    renderApp({
      ...acc.handlers,
      'settings.get': () => settings({ uiLanguage: 'ar' }),
      'glossaries.versions': () => [version],
      'glossaries.versionEntries': () => [['invoice', 'facture']],
    });
    await user.click(
      await screen.findByRole(
        'button',
        { name: ar['glossaries.list.editNamed'].replace('{name}', 'Acme') },
        { timeout: 15_000 },
      ),
    );
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: ar['glossaries.editor.versions'] }));
    await user.click(await screen.findByRole('button', { name: ar['glossaries.versions.compare'] }));
    const changed = await screen.findByRole('rowheader', { name: ar['glossaries.versions.changed'] });
    const td = changed.closest('tr')!.querySelectorAll('td')[1]!;
    expect(td.textContent).toBe('facture ← facture X');
    expect(within(td).getByText('facture').tagName).toBe('DEL');
    expect(within(td).getByText('facture X').tagName).toBe('INS');
    expect(td.querySelector('del')!.getAttribute('dir')).toBe('auto');
  });
});

describe('Glossary editor with an input method', () => {
  it('does not take the Enter or arrows of a composition as the grid’s (Japanese tour: a row was added mid-word)', async () => {
    const user = userEvent.setup();
    await openAcme(user);
    const last = cell('Target', 4);
    last.focus();
    fireEvent.keyDown(last, { key: 'Enter', keyCode: 229, isComposing: true });
    fireEvent.keyDown(last, { key: 'ArrowDown', keyCode: 229, isComposing: true });
    expect(rows()).toHaveLength(4);
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'Enter' });
    await waitFor(() => expect(rows()).toHaveLength(5));
  });
});
