/**
 * E2E: creating glossaries from imported files through the web harness against a real local service (hosted
 * connection aimed at the test service, so the test can read what the service holds). An XLSX made in the test
 * with exceljs (header row, a duplicate source flagged, fixed in the grid, saved), and a 150,000-row TSV with one
 * exact duplicate (flagged, nothing sent, the one-click fix, saved): the count the editor shows, the count the
 * save reports and the service's `entry_count` agree.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible } from './axe.js';
import { expect, test, type TestService } from './fixtures.js';
import { addHostedKey } from './helpers.js';

// The v2 glossary path (immutable: delete and recreate, read back through /v2): a service without v3, where Verso
// keeps that path; the v3 path (edited in place) is e2e/customisation.spec.ts.
test.use({ serviceV3: false });

interface ServiceGlossary {
  glossary_id: string;
  name: string;
  entry_count: number;
}

async function glossariesOn(service: TestService): Promise<ServiceGlossary[]> {
  const res = await service.request('/v2/glossaries', { key: service.keys.pro_key });
  return ((await res.json()) as { glossaries: ServiceGlossary[] }).glossaries;
}

async function glossaryOn(service: TestService, id: string): Promise<ServiceGlossary> {
  const res = await service.request(`/v2/glossaries/${id}`, { key: service.keys.pro_key });
  expect(res.status).toBe(200);
  return (await res.json()) as ServiceGlossary;
}

async function newGlossaryFromFile(page: Page, name: string, file: string) {
  await page.getByRole('link', { name: 'Glossaries' }).or(page.getByRole('button', { name: 'Glossaries' })).first().click();
  await page.getByRole('button', { name: 'New glossary' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Import file…' }).click();
  await page.getByLabel('File', { exact: true }).setInputFiles(file);
}

/** A grid cell by its label; the row number is formatted as the UI formats it (English: 75,001). */
const cell = (page: Page, side: 'Source' | 'Target', row: number) =>
  page.getByLabel(`${side} term, row ${row.toLocaleString('en')}`, { exact: true });

test('import an XLSX: header detected, a duplicate source flagged and nothing sent, fixed, saved with the right count', async ({
  verso: { page },
  service,
  tempDir,
}) => {
  const file = join(tempDir, 'parts.xlsx');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Terms');
  sheet.addRows([
    ['English', 'German'],
    ['screw', 'Schraube'],
    ['nut', 'Mutter'],
    ['screw', 'Bolzen'],
  ]);
  await book.xlsx.writeFile(file);

  await addHostedKey(page, service.keys.pro_key, 'pro');
  await newGlossaryFromFile(page, 'Parts', file);
  await expect(page.getByText(/XLSX: 3 entries found/)).toBeVisible();
  await expect(page.getByLabel('The first row is a header')).toBeChecked();
  await expect(page.getByLabel('Sheet')).toHaveValue('0');
  await expectAccessible(page, 'glossaries: XLSX import preview');
  await page.getByRole('button', { name: 'Use these entries' }).click();

  await expect(page.locator('.gl-summary')).toContainText('3 entries');
  await expect(cell(page, 'Target', 3)).toHaveValue('Bolzen');
  await expect(page.getByText('1 row has a problem')).toBeVisible();
  await expect(page.getByText('Same source term as row 1.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  expect(await glossariesOn(service)).toEqual([]);

  await cell(page, 'Source', 3).fill('bolt');
  await expect(page.getByText('No problems')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved “Parts” with 3 entries.')).toBeVisible();
  const [saved] = await glossariesOn(service);
  expect(saved).toMatchObject({ name: 'Parts', entry_count: 3 });
  expect(await glossaryOn(service, saved!.glossary_id)).toMatchObject({ name: 'Parts', entry_count: 3 });
  const entries = await (await service.request(`/v2/glossaries/${saved!.glossary_id}/entries`, { key: service.keys.pro_key })).text();
  expect(entries).toBe('screw\tSchraube\nnut\tMutter\nbolt\tBolzen');
});

test('import a 150,000-row TSV: count shown, the duplicate flagged and nothing sent, dropped, saved with 149,999 entries', async ({
  verso: { page },
  service,
  tempDir,
}) => {
  test.setTimeout(240_000);
  const ROWS = 150_000;
  const DUP_AT = 75_000; // 0-based: row 75,001 repeats row 1 exactly
  const lines = ['source\ttarget'];
  for (let i = 0; i < ROWS; i++) lines.push(i === DUP_AT ? 'term 0\tBegriff 0' : `term ${i}\tBegriff ${i}`);
  const file = join(tempDir, 'big.tsv');
  await writeFile(file, `${lines.join('\n')}\n`);

  await addHostedKey(page, service.keys.pro_key, 'pro');
  await newGlossaryFromFile(page, 'Big termbase', file);
  await expect(page.getByText(/TSV: 150,000 entries found, none skipped/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel('The first row is a header')).toBeChecked();
  await page.getByRole('button', { name: 'Use these entries' }).click();

  await expect(page.locator('.gl-summary')).toContainText('150,000 entries', { timeout: 60_000 });
  await expect(cell(page, 'Source', 1)).toHaveValue('term 0');
  await expect(page.getByText('1 row has a problem')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  // "Next problem" brings the flagged row into the virtualized grid.
  await page.getByRole('button', { name: 'Next problem' }).click();
  await expect(cell(page, 'Source', DUP_AT + 1)).toBeFocused();
  await expect(cell(page, 'Source', DUP_AT + 1)).toHaveValue('term 0');
  await expect(page.getByText('Same source term as row 1.')).toBeVisible();
  await expectAccessible(page, 'glossaries: 150,000 rows, one duplicate');
  expect(await glossariesOn(service)).toEqual([]);

  await page.getByRole('button', { name: 'Drop exact duplicates (1)' }).click();
  await expect(page.locator('.gl-summary')).toContainText('149,999 entries');
  await expect(page.getByText('No problems')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved “Big termbase” with 149,999 entries.')).toBeVisible({ timeout: 120_000 });

  const all = await glossariesOn(service);
  expect(all).toHaveLength(1);
  expect(await glossaryOn(service, all[0]!.glossary_id)).toMatchObject({ name: 'Big termbase', entry_count: ROWS - 1 });
  await expect(page.getByRole('row', { name: /Big termbase/ })).toContainText('149,999');
});
