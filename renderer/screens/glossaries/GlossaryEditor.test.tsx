// @vitest-environment happy-dom
/**
 * Component tests of the glossary editor against a fake VersoApi (opened from the list, as a user does): a cell
 * edited in place is what Save sends; problems are said on their row and counted, Save stays off while any is
 * left (nothing sent), and the one-click fixes clear them; the problem line in the footer says in full what is
 * wrong with the row "Next problem" went to, and each click goes on to the next; undo and redo by button and
 * keyboard; cells pasted from a spreadsheet fill rows from the cell pasted into, adding rows at the end.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/scenario.js';
import { fakeAccount, glossary, onGlossariesScreen } from './glossaries-test-kit.js';

onGlossariesScreen();

const ENTRIES: [string, string][] = [
  ['contract', 'Vertrag'],
  ['court', 'Gericht'],
  ['judge', 'Richter'],
];

async function openLegal(user: ReturnType<typeof userEvent.setup>) {
  const acc = fakeAccount([glossary({ glossaryId: 'g-legal', name: 'Legal terms', entryCount: 3 })], { 'g-legal': ENTRIES });
  const app = renderApp(acc.handlers);
  await user.click(await screen.findByRole('button', { name: 'Edit Legal terms' }));
  await screen.findByRole('grid');
  return { app, acc };
}

const cell = (side: 'Source' | 'Target', row: number) => screen.getByRole('textbox', { name: `${side} term, row ${row}` }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('Glossary editor', () => {
  it('selects the rows between two ticks with Shift+click, and one row with a plain click or Space', async () => {
    const user = userEvent.setup();
    await openLegal(user);
    const tick = (row: number) => screen.getByRole('checkbox', { name: `Select row ${row}` }) as HTMLInputElement;
    await user.click(tick(1));
    await user.keyboard('{Shift>}');
    await user.click(tick(3));
    await user.keyboard('{/Shift}');
    expect([1, 2, 3].map((row) => tick(row).checked)).toEqual([true, true, true]);
    await user.click(tick(2));
    expect([1, 2, 3].map((row) => tick(row).checked)).toEqual([true, false, true]);
    tick(2).focus();
    await user.keyboard(' ');
    expect([1, 2, 3].map((row) => tick(row).checked)).toEqual([true, true, true]);
  });

  it('edits a cell in place and saves exactly the edited entries', async () => {
    const user = userEvent.setup();
    const { app } = await openLegal(user);
    expect(cell('Source', 1).value).toBe('contract');
    expect(cell('Target', 3).value).toBe('Richter');
    // A term runs in its own direction whatever the UI's (English in the Arabic UI reads left to right); an empty
    // cell follows the page.
    expect(cell('Source', 1).getAttribute('dir')).toBe('auto');
    await user.clear(cell('Target', 2));
    // No direction of its own: no `dir`, or an empty one (which the browser reads as none; the runtime writes it so).
    expect((cell('Target', 2) as HTMLElement).dir).toBe('');
    await user.type(cell('Target', 2), 'Gerichtshof');
    expect(screen.getByText('No problems')).toBeTruthy();
    await user.click(saveButton());
    await waitFor(() => expect(app.callsOf('glossaries.save')).toHaveLength(1));
    const sent = app.callsOf('glossaries.save')[0]!;
    expect(sent).toMatchObject({ glossaryId: 'g-legal', name: 'Legal terms', sourceLang: 'EN', targetLang: 'DE' });
    expect(sent.entries).toEqual([
      ['contract', 'Vertrag'],
      ['court', 'Gerichtshof'],
      ['judge', 'Richter'],
    ]);
    // Back on the list, which says what was saved.
    expect(await screen.findByText(/Legal terms/, { selector: '.alert-success' })).toBeTruthy();
  });

  it('says each problem on its row, counts them, keeps Save off, and fixes spaces and exact duplicates in one click', async () => {
    const user = userEvent.setup();
    const { app } = await openLegal(user);
    // A duplicate source (same target: an exact duplicate), a trailing space, and an empty target.
    await user.clear(cell('Source', 2));
    await user.type(cell('Source', 2), 'contract');
    await user.clear(cell('Target', 2));
    await user.type(cell('Target', 2), 'Vertrag');
    await user.type(cell('Source', 3), ' ');
    expect(await screen.findByText('Same source term as row 1.')).toBeTruthy();
    expect(screen.getByText('The source term starts or ends with a space.')).toBeTruthy();
    // The cell at fault is marked, not its row's target.
    expect(cell('Source', 3).getAttribute('aria-invalid')).toBe('true');
    expect(cell('Target', 3).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('2 rows have problems')).toBeTruthy();
    expect(cell('Source', 2).getAttribute('aria-invalid')).toBe('true');
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText('Fix the problems above to save; nothing invalid is sent.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove spaces at the ends (1)' }));
    expect(cell('Source', 3).value).toBe('judge');
    await user.click(screen.getByRole('button', { name: 'Drop exact duplicates (1)' }));
    await waitFor(() => expect(screen.getByText('No problems')).toBeTruthy());
    expect(screen.getByText('2 entries')).toBeTruthy();

    // An empty name is refused too.
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    expect(screen.getByText('Give the glossary a name.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    // Ctrl+S does not send it either.
    fireEvent.keyDown(name, { key: 's', ctrlKey: true });
    expect(app.callsOf('glossaries.save')).toEqual([]);
  });

  it('says in full, in the footer, what is wrong with the row "Next problem" goes to; each click goes on', async () => {
    const user = userEvent.setup();
    // Row 4 repeats row 1's source, row 5's source ends with a space: both shown on opening (content came in whole).
    const acc = fakeAccount([glossary({ glossaryId: 'g-legal', name: 'Legal terms', entryCount: 5 })], {
      'g-legal': [...ENTRIES, ['contract', 'Abkommen'], ['bench ', 'Richterbank']],
    });
    renderApp(acc.handlers);
    await user.click(await screen.findByRole('button', { name: 'Edit Legal terms' }));
    expect(await screen.findByText('2 rows have problems')).toBeTruthy();
    /** The elements a cell's aria-describedby names. */
    const description = (el: HTMLElement) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id))
        .filter((x) => x !== null);
    const line = () => screen.getByTestId('gl-problem-line');
    const next = screen.getByRole('button', { name: 'Next problem' });

    await user.click(next);
    await waitFor(() => expect(document.activeElement).toBe(cell('Source', 4)));
    expect(cell('Source', 4).getAttribute('aria-invalid')).toBe('true');
    // The sentence the cell points at is the one shown, whole, outside the fixed-height rows (the 36 px row cut
    // off the sentence squeezed under its fields), in the footer that stays in view, not in its live summary
    // (read out on every move).
    const [said] = description(cell('Source', 4));
    expect(said?.textContent).toBe('Same source term as row 1.');
    expect(said!.closest('[hidden], .gl-scroll')).toBeNull();
    expect(line().contains(said!)).toBe(true);
    expect(line().closest('.gl-footer')).not.toBeNull();
    expect(said!.closest('[aria-live]')).toBeNull();
    // The other problem row's cell still points at its own sentence (a hidden copy in its row).
    expect(description(cell('Source', 5))[0]?.textContent).toBe('The source term starts or ends with a space.');
    expect(cell('Target', 5).getAttribute('aria-invalid')).toBeNull();

    // Clicked again (the button has the focus), it goes on to the next problem, not back to the first.
    await user.click(next);
    await waitFor(() => expect(document.activeElement).toBe(cell('Source', 5)));
    expect(line().textContent).toBe('5The source term starts or ends with a space.');
    expect(line().contains(description(cell('Source', 5))[0]!)).toBe(true);
    await user.click(next);
    await waitFor(() => expect(document.activeElement).toBe(cell('Source', 4)));

    // Fixed, the row's problem leaves the line, which names the next one; with none left, the line goes.
    await user.clear(cell('Source', 4));
    await user.type(cell('Source', 4), 'treaty');
    await waitFor(() => expect(line().textContent).toBe('5The source term starts or ends with a space.'));
    await user.click(screen.getByRole('button', { name: 'Remove spaces at the ends (1)' }));
    await waitFor(() => expect(screen.getByText('No problems')).toBeTruthy());
    expect(screen.queryByTestId('gl-problem-line')).toBeNull();
  });

  it('undoes and redoes edits, by button and by keyboard', async () => {
    const user = userEvent.setup();
    await openLegal(user);
    const undo = screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement;
    const redo = screen.getByRole('button', { name: 'Redo' }) as HTMLButtonElement;
    expect(undo.disabled).toBe(true);
    await user.type(cell('Source', 1), ' law');
    expect(cell('Source', 1).value).toBe('contract law');
    // Typing in one cell is one step.
    await user.click(undo);
    expect(cell('Source', 1).value).toBe('contract');
    expect(undo.disabled).toBe(true);
    await user.click(redo);
    expect(cell('Source', 1).value).toBe('contract law');

    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await waitFor(() => expect(screen.getByText('3 entries')).toBeTruthy());
    expect(screen.getByRole('textbox', { name: 'Source term, row 4' })).toBeTruthy();
    fireEvent.keyDown(cell('Source', 1), { key: 'z', ctrlKey: true });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Source term, row 4' })).toBeNull());
    fireEvent.keyDown(cell('Source', 1), { key: 'z', ctrlKey: true });
    expect(cell('Source', 1).value).toBe('contract');
    fireEvent.keyDown(cell('Source', 1), { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(cell('Source', 1).value).toBe('contract law');
  });

  it('pastes spreadsheet cells from the cell pasted into, adding rows at the end, as one undo step', async () => {
    const user = userEvent.setup();
    await openLegal(user);
    fireEvent.paste(cell('Source', 3), { clipboardData: { getData: () => 'witness\tZeuge\r\nverdict\tUrteil\r\n"appeal, ""final"""\tBerufung\r\n' } });
    await waitFor(() => expect(screen.getByText('5 entries')).toBeTruthy());
    expect(cell('Source', 3).value).toBe('witness');
    expect(cell('Target', 3).value).toBe('Zeuge');
    expect(cell('Source', 4).value).toBe('verdict');
    expect(cell('Source', 5).value).toBe('appeal, "final"');
    expect(cell('Target', 5).value).toBe('Berufung');
    // Rows above the paste are untouched.
    expect(cell('Source', 2).value).toBe('court');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByText('3 entries')).toBeTruthy());
    expect(cell('Source', 3).value).toBe('judge');
  });
});
