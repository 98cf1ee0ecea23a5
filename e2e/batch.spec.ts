/**
 * E2E: the multi-segment mode with more than 50 segments: main splits them into requests of at most 50 texts,
 * the results come back in order, and the export writes them all.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pseudoText } from '../service/engines/pseudo.js';
import { expect, test } from './fixtures.js';
import { addHostedKey, pickLanguages } from './helpers.js';

test('a 60-segment batch is translated in order in two requests and exported', async ({
  verso: { page, dataDir },
  service,
}) => {
  const segments = Array.from({ length: 60 }, (_, i) => `Line number ${i + 1}`);
  await addHostedKey(page, service.keys.pro_key);
  await pickLanguages(page, 'EN', 'DE');
  const before = (await service.stats()).byPath['/v2/translate'] ?? 0;
  await page.getByRole('radio', { name: 'Segments' }).click();
  await page.getByLabel(/One segment per line/).fill(segments.join('\n'));
  await expect(page.getByText('60 segments', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Translate 60 segments' }).click();
  await expect(page.getByText('Done: 60 segments in 2 requests', { exact: false })).toBeVisible();
  expect(((await service.stats()).byPath['/v2/translate'] ?? 0) - before).toBe(2);

  const table = page.getByRole('table', { name: 'Segments and translations' });
  await expect(table.getByRole('row').nth(1)).toContainText(pseudoText('Line number 1'));
  // The table is virtualised: scroll to the end and the last row is there, in order.
  await page.getByLabel('Segment rows, scrollable').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(table.getByRole('row', { name: /Line number 60/ })).toContainText(
    pseudoText('Line number 60'),
  );

  await page.getByRole('button', { name: 'Export TSV' }).click();
  await expect(page.getByText(/^Saved to /)).toBeVisible();
  const dir = join(dataDir, 'exports');
  const [file] = await readdir(dir);
  const lines = (await readFile(join(dir, file!), 'utf8')).trimEnd().split('\r\n');
  expect(lines).toHaveLength(61);
  expect(lines[60]!.split('\t')[0]).toBe('Line number 60');
  expect(lines[60]!.split('\t')[1]).toContain(pseudoText('Line number 60'));
});
