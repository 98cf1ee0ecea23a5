/**
 * E2E: the glossary editor with the keyboard, in Chromium through the web harness (seen on a French keyboard tour).
 * Delete selected takes the focus to the row that took the deleted row's place, never to the page; Ctrl+Z after it
 * brings the row back and leaves every other cell as it was, also with the focus on the page or in a text field
 * outside the editor (the browser's own text undo, whose history is the whole page's, undid typing in cells: "client"
 * became "clien", and that damage became a step of the editor's history). F8 at 900×700 brings the last row, with a
 * problem, into sight above the sticky footer. The import panel takes the focus when it opens (Tab went to Export
 * and Versions first).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { addHostedKey } from './helpers.js';

test.use({ serviceV3: false });

const cell = (page: Page, side: 'Source' | 'Target', row: number) =>
  page.getByLabel(`${side} term, row ${row}`, { exact: true });

/** Every row's source=target, and what has the focus. */
async function snapshot(page: Page) {
  return page.evaluate(() => {
    const rows: string[] = [];
    for (let i = 1; ; i++) {
      const s = document.querySelector<HTMLInputElement>(`[aria-label="Source term, row ${i}"]`);
      const t = document.querySelector<HTMLInputElement>(`[aria-label="Target term, row ${i}"]`);
      if (!s || !t) break;
      rows.push(`${s.value}=${t.value}`);
    }
    const a = document.activeElement;
    return {
      rows,
      focus:
        a === document.body || !a
          ? 'BODY'
          : `${a.tagName}:${a.getAttribute('aria-label') ?? a.textContent ?? ''}`,
      inEditor: !!a?.closest('.gl-editor') && !(a as HTMLButtonElement).disabled,
    };
  });
}

test('Delete selected then Ctrl+Z: the row comes back, no other cell changes, wherever the focus is', async ({
  verso: { page },
  service,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await addHostedKey(page, service.keys.pro_key, 'pro');
  await page.getByRole('button', { name: 'Glossaries' }).first().click();
  await page.getByRole('button', { name: 'New glossary' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Client Acme');
  await expect(page.getByLabel('Source language').locator('option[value="EN"]')).toHaveCount(1);
  await page.getByLabel('Source language').selectOption('EN');
  await page.getByLabel('Target language').selectOption('FR');
  // Typed key by key, as a user does: the browser keeps its own undo history of each cell's typing.
  const words = [
    ['invoice', 'facture'],
    ['purchase order', 'bon de commande'],
    ['customer', 'client'],
    ['shipping address', 'adresse de livraison'],
    ['refund', 'remboursement'],
  ];
  await cell(page, 'Source', 1).focus();
  for (let i = 0; i < words.length; i++) {
    await page.keyboard.type(words[i]![0]!);
    await page.keyboard.press('Tab');
    await page.keyboard.type(words[i]![1]!);
    if (i < words.length - 1) {
      await page.keyboard.press('Enter');
      await expect(cell(page, 'Source', i + 2)).toBeFocused();
    }
  }
  await expect(page.getByText('5 entries')).toBeVisible();
  const typed = words.map(([s, t]) => `${s}=${t}`);
  expect((await snapshot(page)).rows).toEqual(typed);

  await cell(page, 'Target', 1).focus();
  await page.keyboard.press('End');
  await page.keyboard.type(' X');
  const edited = ['invoice=facture X', ...typed.slice(1)];
  await page.getByLabel('Select row 4', { exact: true }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Delete 1 row' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('4 entries')).toBeVisible();
  // The focus is on the row that took the deleted row's place, not on the page.
  await expect(cell(page, 'Source', 4)).toBeFocused();
  await expect(cell(page, 'Source', 4)).toHaveValue('refund');

  await page.keyboard.press('Control+z');
  await expect(page.getByText('5 entries')).toBeVisible();
  expect((await snapshot(page)).rows).toEqual(edited);

  // With the focus on the page: the editor's redo and undo, not the browser's text undo.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  expect((await snapshot(page)).focus).toBe('BODY');
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByText('4 entries')).toBeVisible();
  expect((await snapshot(page)).rows).toEqual(edited.filter((_, i) => i !== 3));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Control+z');
  await expect(page.getByText('5 entries')).toBeVisible();
  expect((await snapshot(page)).rows).toEqual(edited);
  // The next step back is the typing in row 1's target, whole, as the editor recorded it.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Control+z');
  await expect(cell(page, 'Target', 1)).toHaveValue('facture');
  expect((await snapshot(page)).rows).toEqual(typed);
  await page.keyboard.press('Control+Shift+z');
  await expect(cell(page, 'Target', 1)).toHaveValue('facture X');

  // In a text field outside the editor, Ctrl+Z is the browser's there, but the browser's history is the page's: it
  // would undo typing in a cell. The editor's undo runs instead, and the cells keep the editor's history.
  const undoButton = page.getByRole('button', { name: 'Undo', exact: true });
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.id = 'outside-field';
    input.setAttribute('aria-label', 'Outside');
    document.body.append(input);
  });
  await page.locator('#outside-field').focus();
  await page.keyboard.press('Control+z');
  await expect(cell(page, 'Target', 1)).toHaveValue('facture');
  expect((await snapshot(page)).rows).toEqual(typed);
  // No step was added by it: redo still brings back " X".
  await undoButton.focus();
  await page.keyboard.press('Control+Shift+z');
  await expect(cell(page, 'Target', 1)).toHaveValue('facture X');
  expect((await snapshot(page)).rows).toEqual(edited);
});

test('F8 at 900×700 brings the last row into sight above the sticky footer, with or without a panel open', async ({
  verso: { page },
  service,
  tempDir,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 900, height: 700 });
  await addHostedKey(page, service.keys.pro_key, 'pro');
  // 12 entries; the tour then added a 13th whose source repeats the first's.
  const lines = ['invoice\tfacture'];
  for (let i = 2; i <= 12; i++) lines.push(`term ${i}\tterme ${i}`);
  const file = join(tempDir, 'acme.tsv');
  await writeFile(file, `${lines.join('\n')}\n`);
  await page.getByRole('button', { name: 'Glossaries' }).first().click();
  await page.getByRole('button', { name: 'New glossary' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Acme');
  await expect(page.getByLabel('Source language').locator('option[value="EN"]')).toHaveCount(1);
  await page.getByLabel('Source language').selectOption('EN');
  await page.getByLabel('Target language').selectOption('FR');
  await page.getByRole('button', { name: 'Import file…' }).click();
  await page.getByLabel('File', { exact: true }).setInputFiles(file);
  await page.getByRole('button', { name: 'Use these entries' }).click();
  await expect(page.getByText('12 entries')).toBeVisible();
  await page.getByRole('button', { name: 'Add row' }).focus();
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Source', 13)).toBeFocused();
  await page.keyboard.type('invoice');
  await page.keyboard.press('Tab');
  await page.keyboard.type('facture client');
  await expect(page.getByText('1 row has a problem')).toBeVisible();

  /** The focused row is in the grid's view, above the footer, and its cell is what the window shows there. */
  const expectInSight = async (label: string) => {
    await expect(page.locator('input:focus')).toHaveAttribute('aria-label', label);
    // The scroll that follows the focus may take a frame.
    await expect
      .poll(async () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const row = el.closest('[data-index]')!.getBoundingClientRect();
          const scroll = document.querySelector('[data-testid="gl-scroll"]')!.getBoundingClientRect();
          const footerTop = document.querySelector('.gl-footer')!.getBoundingClientRect().top;
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
          return {
            inScroll: row.top >= scroll.top - 0.5 && row.bottom <= scroll.bottom + 0.5,
            aboveFooter: row.bottom <= footerTop + 0.5,
            inWindow: row.top >= 0 && row.bottom <= innerHeight,
            seen: hit === el,
          };
        }),
      )
      .toEqual({ inScroll: true, aboveFooter: true, inWindow: true, seen: true });
  };

  // The row typed in stayed in sight while the footer grew (the problem line, the count, Next problem).
  await expectInSight('Target term, row 13');
  // From the toolbar, as on the tour.
  await page.getByRole('button', { name: 'Add row' }).focus();
  await page.keyboard.press('F8');
  await expectInSight('Source term, row 13');
  // Back to the top, then again from the name field.
  await cell(page, 'Source', 1).focus();
  await page.getByLabel('Name', { exact: true }).focus();
  await page.keyboard.press('F8');
  await expectInSight('Source term, row 13');

  // A panel open: the screen scrolls, the footer stays over the grid.
  await page.getByRole('button', { name: 'Export…' }).click();
  await cell(page, 'Source', 1).focus();
  await page.getByLabel('Name', { exact: true }).focus();
  await page.keyboard.press('F8');
  await expectInSight('Source term, row 13');
});

test('the import panel takes the focus when it opens; Tab goes on inside it', async ({
  verso: { page },
  service,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await addHostedKey(page, service.keys.pro_key, 'pro');
  await page.getByRole('button', { name: 'Glossaries' }).first().click();
  await page.getByRole('button', { name: 'New glossary' }).click();
  await expect(page.getByRole('grid')).toBeVisible();
  await page.getByRole('button', { name: 'Import file…' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Choose a file…' })).toBeFocused();
  // From there Tab goes on below the panel, not back to Export and Versions (which swapped the panel on Enter).
  await page.keyboard.press('Tab');
  await expect(page.getByRole('searchbox', { name: 'Find' })).toBeFocused();
  await page.getByRole('button', { name: 'Export…' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Format' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Import a file' })).toHaveCount(0);
});
