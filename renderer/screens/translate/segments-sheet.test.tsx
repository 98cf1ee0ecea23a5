// @vitest-environment happy-dom
/**
 * Component test (issue 20, point 7): pasting spreadsheet cells `btn.save ⇥ Save changes` asks which column to
 * translate (nothing is sent before the choice), keeps the ids for the export, keeps blank rows as blank segments
 * (not sent) and exports in the sheet's own row order.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetRenderer, reverse, settings } from '../../test-utils/scenario.js';
import { englishToGerman, reversingBatch } from './translate-test-kit.js';

beforeEach(() => resetRenderer());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Translate on EN → DE in Segments' reach: batches come back reversed, exports are "saved" under /tmp. */
function sheetApp() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(360);
  return renderApp(
    englishToGerman({
      'translate.batch': reversingBatch,
      'app.saveTextFile': ({ suggestedName }) => ({ path: `/tmp/${suggestedName}` }),
    }),
  );
}

describe('Segments from a spreadsheet', () => {
  it('asks for the column, keeps blank rows and the other columns, exports in row order', async () => {
    const user = userEvent.setup();
    const app = sheetApp();
    await user.click(await screen.findByRole('radio', { name: 'Segments' }));
    fireEvent.input(await screen.findByLabelText(/One segment per line/), {
      target: { value: 'btn.save\tSave changes\n\t\nbtn.quit\tQuit\n' },
    });
    const picker = screen.getByLabelText(/Column to translate/) as HTMLSelectElement;
    expect(picker.value).toBe('');
    expect((screen.getByRole('button', { name: /^Translate \d/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(picker, 'Column 2 — Save changes');
    expect(screen.getByText(/2 segments \(1 blank row kept in place\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Translate 2 segments' }));
    await waitFor(() => expect(app.callsOf('translate.batch')).toHaveLength(1));
    // The text column, never the ids; the blank row is not sent.
    expect(app.callsOf('translate.batch')[0]!.segments).toEqual(['Save changes', 'Quit']);
    const table = await screen.findByRole('table', { name: 'Segments and translations' });
    await waitFor(() =>
      expect(within(table).getAllByRole('cell').map((c) => c.textContent)).toEqual([
        '1', 'Save changes', reverse('Save changes'),
        '2', '', '',
        '3', 'Quit', reverse('Quit'),
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Export TSV' }));
    await waitFor(() => expect(app.callsOf('app.saveTextFile')).toHaveLength(1));
    expect(app.callsOf('app.saveTextFile')[0]!.content.split('\r\n')).toEqual([
      // The sheet's columns, the translation, then the QA check column (issue 22), in the sheet's row order.
      'column 1\tcolumn 2\ttarget (DE)\tCheck',
      `btn.save\tSave changes\t${reverse('Save changes')}\t`,
      '\t\t\t',
      `btn.quit\tQuit\t${reverse('Quit')}\t`,
    ]);
  });

  it('keeps a first row the user marks as column titles out of the translation, as the export header', async () => {
    // Seen on a keyboard tour: "ID / English / Notes" was sent and translated as a segment.
    const user = userEvent.setup();
    const app = sheetApp();
    await user.click(await screen.findByRole('radio', { name: 'Segments' }));
    fireEvent.input(await screen.findByLabelText(/One segment per line/), {
      target: { value: 'ID\tEnglish\tNotes\nbtn.save\tSave changes\tbutton\n' },
    });
    await user.selectOptions(screen.getByLabelText(/Column to translate/), 'Column 2 — English');
    const titles = screen.getByRole('checkbox', { name: /The first row holds column titles \(ID · English · Notes\)/ }) as HTMLInputElement;
    // Nothing guessed: the row counts as a segment until the user says otherwise.
    expect(titles.checked).toBe(false);
    expect(screen.getByText(/^2 segments/)).toBeTruthy();
    await user.click(titles);
    await user.click(screen.getByRole('button', { name: 'Translate 1 segment' }));
    await waitFor(() => expect(app.callsOf('translate.batch')).toHaveLength(1));
    expect(app.callsOf('translate.batch')[0]!.segments).toEqual(['Save changes']);
    await screen.findByRole('table', { name: 'Segments and translations' });
    await user.click(await screen.findByRole('button', { name: 'Export TSV' }));
    await waitFor(() => expect(app.callsOf('app.saveTextFile')).toHaveLength(1));
    expect(app.callsOf('app.saveTextFile')[0]!.content.split('\r\n')).toEqual([
      'ID\tEnglish\tNotes\ttarget (DE)\tCheck',
      `btn.save\tSave changes\tbutton\t${reverse('Save changes')}\t`,
    ]);
  });

  it('keeps the chosen column and the titles row with the draft, and finds them again after a restart', async () => {
    // Seen on two tours: after a reload the pasted cells were back, but not their column or titles row: "0 segments".
    const user = userEvent.setup();
    const app = sheetApp();
    await user.click(await screen.findByRole('radio', { name: 'Segments' }));
    fireEvent.input(await screen.findByLabelText(/One segment per line/), {
      target: { value: 'ID\tEnglish\nbtn.save\tSave changes\nbtn.quit\tQuit\n' },
    });
    await user.selectOptions(screen.getByLabelText(/Column to translate/), 'Column 2 — English');
    await user.click(screen.getByRole('checkbox', { name: /The first row holds column titles/ }));
    const saved = () =>
      app
        .callsOf('settings.update')
        .map((c) => c.translateDraft)
        .filter((d) => d !== undefined)
        .at(-1);
    await waitFor(() =>
      expect(saved()).toMatchObject({ segmentsColumn: { columns: 2, column: 1 }, segmentsTitles: { columns: 2, on: true } }),
    );
    const draft = saved()!;
    cleanup();
    resetRenderer();
    // The next start: the saved draft comes back with settings.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(360);
    renderApp(englishToGerman({ 'settings.get': () => settings({ translateDraft: draft }) }));
    const picker = (await screen.findByLabelText(/Column to translate/)) as HTMLSelectElement;
    expect(picker.value).toBe('1');
    expect((screen.getByRole('checkbox', { name: /The first row holds column titles/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Translate 2 segments' })).toBeTruthy();
  });

  it('asks about titles afresh for another paste, but keeps the tick while the same sheet is edited', async () => {
    // Seen: ticked for a paste headed "ID · Source", the box stayed ticked for the next paste (select all, paste),
    // which had no titles row: it read "(msg.001 · Open the file.)" and that first row was left untranslated.
    const user = userEvent.setup();
    const app = sheetApp();
    await user.click(await screen.findByRole('radio', { name: 'Segments' }));
    const input = await screen.findByLabelText(/One segment per line/);
    fireEvent.input(input, { target: { value: 'ID\tSource\nmsg.001\tOpen the file.\nmsg.002\tSave\n' } });
    await user.selectOptions(screen.getByLabelText(/Column to translate/), 'Column 2 — Source');
    await user.click(screen.getByRole('checkbox', { name: /The first row holds column titles \(ID · Source\)/ }));
    // Editing a cell of the same sheet keeps the user's tick.
    fireEvent.input(input, { target: { value: 'ID\tSource\nmsg.001\tOpen the file.\nmsg.002\tSave all\n' } });
    expect((screen.getByRole('checkbox', { name: /The first row holds column titles/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/^2 segments/)).toBeTruthy();
    // Another sheet pasted over it, with no titles row.
    fireEvent.input(input, { target: { value: 'msg.001\tOpen the file.\nmsg.002\tSave\nmsg.003\tQuit\n' } });
    const titles = screen.getByRole('checkbox', { name: /The first row holds column titles \(msg\.001 · Open the file\.\)/ }) as HTMLInputElement;
    expect(titles.checked).toBe(false);
    // As many columns as before: the column chosen stays.
    expect((screen.getByLabelText(/Column to translate/) as HTMLSelectElement).value).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Translate 3 segments' }));
    await waitFor(() => expect(app.callsOf('translate.batch')).toHaveLength(1));
    expect(app.callsOf('translate.batch')[0]!.segments).toEqual(['Open the file.', 'Save', 'Quit']);
    // The draft keeps no titles choice for the new sheet either.
    const saved = () =>
      app
        .callsOf('settings.update')
        .map((c) => c.translateDraft)
        .filter((d) => d !== undefined)
        .at(-1);
    await waitFor(() => expect(saved()).toMatchObject({ segmentsTitles: null, segmentsColumn: { columns: 2, column: 1 } }));
  });

  it('asks for the column again when another paste has another number of columns', async () => {
    const user = userEvent.setup();
    sheetApp();
    await user.click(await screen.findByRole('radio', { name: 'Segments' }));
    const input = await screen.findByLabelText(/One segment per line/);
    fireEvent.input(input, { target: { value: 'ID\tEnglish\nbtn.save\tSave changes\n' } });
    await user.selectOptions(screen.getByLabelText(/Column to translate/), 'Column 2 — English');
    await user.click(screen.getByRole('checkbox', { name: /The first row holds column titles/ }));
    fireEvent.input(input, { target: { value: 'a\tb\tc\nd\te\tf\n' } });
    expect((screen.getByLabelText(/Column to translate/) as HTMLSelectElement).value).toBe('');
    // Back to two columns: the choice made for the earlier sheet does not come back.
    fireEvent.input(input, { target: { value: 'ID\tEnglish\nbtn.save\tSave changes\n' } });
    expect((screen.getByLabelText(/Column to translate/) as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('checkbox', { name: /The first row holds column titles/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('keeps every pasted line its own segment when cells start with a quote, and says so', async () => {
    // Seen: this paste read as "1 segment" whose text held the later ids, its opening quote lost.
    const user = userEvent.setup();
    const app = sheetApp();
    await user.click(await screen.findByRole('radio', { name: 'Segments' }));
    fireEvent.input(await screen.findByLabelText(/One segment per line/), {
      target: {
        value:
          'msg.001\tOpen the file.\nmsg.002\t"Save" saves the document.\nmsg.003\tClose the window.\n' +
          'msg.004\t"Cancel\nmsg.005\tDelete all items.\nmsg.006\tExit the program.\n',
      },
    });
    await user.selectOptions(screen.getByLabelText(/Column to translate/), 'Column 2 — Open the file.');
    expect(
      screen.getByText('6 segments (quotes kept as text, no lines joined: see the quote on line 2)'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Translate 6 segments' }));
    await waitFor(() => expect(app.callsOf('translate.batch')).toHaveLength(1));
    expect(app.callsOf('translate.batch')[0]!.segments).toEqual([
      'Open the file.',
      '"Save" saves the document.',
      'Close the window.',
      '"Cancel',
      'Delete all items.',
      'Exit the program.',
    ]);
  });

  it('translates with Ctrl+Enter from the column list, not only from the text box', async () => {
    const user = userEvent.setup();
    const app = sheetApp();
    await user.click(await screen.findByRole('radio', { name: 'Segments' }));
    fireEvent.input(await screen.findByLabelText(/One segment per line/), { target: { value: 'btn.save\tSave changes\n' } });
    const picker = screen.getByLabelText(/Column to translate/) as HTMLSelectElement;
    await user.selectOptions(picker, 'Column 2 — Save changes');
    picker.focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(app.callsOf('translate.batch')).toHaveLength(1));
    expect(app.callsOf('translate.batch')[0]!.segments).toEqual(['Save changes']);
  });
});
