/**
 * E2E of the translation history (issue 7) in Chromium through the web harness: off until the user turns it on;
 * then each translation is kept on this computer, searchable, re-openable into the Translate screen, exportable
 * as TSV, and deleted all at once after a question. The panel passes axe in light and dark.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pseudoText } from '../service/engines/pseudo.js';
import { expectAccessible } from './axe.js';
import { expect, test } from './fixtures.js';
import { chooseLocalEngine, output, pickLanguages, sourceBox } from './helpers.js';

test('history on: search, reopen, export and delete all', async ({ verso: { page, dataDir } }) => {
  await chooseLocalEngine(page);
  await pickLanguages(page, 'EN', 'DE');
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const panel = page.getByRole('region', { name: 'History' });
  await expect(panel.getByText(/History is off/)).toBeVisible();
  await panel.getByRole('button', { name: 'Turn history on' }).click();
  await expect(panel.getByRole('button', { name: 'Turn history off' })).toBeVisible();

  for (const text of ['The morning train is late.', 'Invoices are due on Friday.']) {
    await sourceBox(page).fill(text);
    await expect(output(page)).toContainText(pseudoText(text));
    await expect(panel.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(panel.getByText('2 of 2 translations')).toBeVisible();
  await expectAccessible(page, 'Translate, history panel with entries');

  await panel.getByLabel('Search history').fill('invoices');
  await expect(panel.getByText('1 of 2 translations')).toBeVisible();
  await expect(panel.getByText('The morning train is late.')).toHaveCount(0);

  await panel.getByLabel('Search history').fill('');
  await expect(panel.getByText('2 of 2 translations')).toBeVisible();
  await panel.getByRole('button', { name: 'Export TSV' }).click();
  await expect(panel.getByText(/^Saved to /)).toBeVisible();
  const dir = join(dataDir, 'exports');
  const [file] = await readdir(dir);
  const tsv = await readFile(join(dir, file!), 'utf8');
  expect(tsv).toContain('The morning train is late.');
  expect(tsv).toContain(pseudoText('Invoices are due on Friday.'));

  await panel.getByLabel('Search history').fill('morning');
  await panel.getByRole('button', { name: 'Open in Translate' }).click();
  await expect(sourceBox(page)).toHaveValue('The morning train is late.');
  await expect(output(page)).toContainText(pseudoText('The morning train is late.'));

  await page.getByRole('button', { name: 'History', exact: true }).click();
  await panel.getByLabel('Search history').fill('');
  await panel.getByRole('button', { name: 'Delete all' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Delete all 2 translations from the history?');
  await question.getByRole('button', { name: 'Delete all' }).click();
  await expect(panel.getByText('No translations kept yet. They appear here as you translate.')).toBeVisible();
  // Gone from the data folder too, not only from the list.
  await expect
    .poll(async () => (JSON.parse(await readFile(join(dataDir, 'history.json'), 'utf8')) as { entries: unknown[] }).entries.length)
    .toBe(0);
});
