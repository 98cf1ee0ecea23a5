/**
 * E2E: the Glossaries screen through the web harness against a real local service (hosted connection aimed at the
 * test service, so the test can read what the service holds). Create by typing, a duplicate source flagged with
 * nothing sent, save; reopen, edit a cell, save (one glossary with that name, a new id, the edit); import a TSV;
 * the draft survives a harness restart. axe in light and dark on each state.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.js';
import { expect, startWebHarness, test, type TestService, skipBecause } from './fixtures.js';
import { addHostedKey } from './helpers.js';

// The v2 glossary path (immutable: delete and recreate, read back through /v2): a service without v3, where Verso
// keeps that path; the v3 path (edited in place) is e2e/customisation.spec.ts.
test.use({ serviceV3: false });

async function glossariesOn(service: TestService) {
  const res = await service.request('/v2/glossaries', { key: service.keys.pro_key });
  return ((await res.json()) as { glossaries: { glossary_id: string; name: string; entry_count: number }[] }).glossaries;
}

async function entriesOf(service: TestService, id: string) {
  return (await service.request(`/v2/glossaries/${id}/entries`, { key: service.keys.pro_key })).text();
}

async function openGlossaries(page: Page) {
  await page.getByRole('link', { name: 'Glossaries' }).or(page.getByRole('button', { name: 'Glossaries' })).first().click();
  await expect(page.getByRole('heading', { name: 'Glossaries', level: 1 })).toBeVisible();
}

function cell(page: Page, side: 'Source' | 'Target', row: number) {
  return page.getByLabel(`${side} term, row ${row}`, { exact: true });
}

test('create by typing, duplicate flagged and nothing sent, save, reopen, edit, save again', async ({ verso: { page }, service }) => {
  await addHostedKey(page, service.keys.pro_key, 'pro');
  await openGlossaries(page);
  await expect(page.getByText(/no glossaries yet/)).toBeVisible();
  await expectAccessible(page, 'glossaries: empty list');

  await page.getByRole('button', { name: 'New glossary' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Shop terms');
  await expect(page.getByLabel('Source language').locator('option[value="EN"]')).toHaveCount(1);
  await page.getByLabel('Source language').selectOption('EN');
  await page.getByLabel('Target language').selectOption('DE');
  await cell(page, 'Source', 1).fill('cart');
  await cell(page, 'Target', 1).fill('Warenkorb');
  await cell(page, 'Target', 1).press('Enter');
  await cell(page, 'Source', 2).fill('cart');
  await cell(page, 'Target', 2).fill('Einkaufswagen');
  await expect(page.getByText('1 row has a problem')).toBeVisible();
  await expect(page.getByText('Same source term as row 1.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expectAccessible(page, 'glossaries: editor with a problem');
  expect(await glossariesOn(service)).toEqual([]);

  await cell(page, 'Source', 2).fill('checkout');
  await cell(page, 'Target', 2).fill('Kasse');
  await expect(page.getByText('No problems')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved “Shop terms” with 2 entries.')).toBeVisible();
  const [first] = await glossariesOn(service);
  expect(first).toMatchObject({ name: 'Shop terms', entry_count: 2 });
  await expectAccessible(page, 'glossaries: list');

  await page.getByRole('button', { name: 'Edit Shop terms' }).click();
  await expect(cell(page, 'Target', 2)).toHaveValue('Kasse');
  await cell(page, 'Target', 2).fill('Zur Kasse');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved “Shop terms” with 2 entries.')).toBeVisible();
  const after = await glossariesOn(service);
  expect(after).toHaveLength(1);
  expect(after[0]!.glossary_id).not.toBe(first!.glossary_id);
  expect(await entriesOf(service, after[0]!.glossary_id)).toContain('checkout\tZur Kasse');
});

test('import a TSV into a new glossary and save it', async ({ verso: { page }, service, tempDir }) => {
  const file = join(tempDir, 'terms.tsv');
  await writeFile(file, '\uFEFFsource\ttarget\r\nbolt\tSchraube\r\nnut\tMutter\r\n\r\nwasher\tUnterlegscheibe\r\n');
  await addHostedKey(page, service.keys.pro_key, 'pro');
  await openGlossaries(page);
  await page.getByRole('button', { name: 'New glossary' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Hardware');
  await page.getByRole('button', { name: 'Import file…' }).click();
  await page.getByLabel('File', { exact: true }).setInputFiles(file);
  await expect(page.getByText(/TSV: 3 entries found/)).toBeVisible();
  await expect(page.getByLabel('The first row is a header')).toBeChecked();
  await expectAccessible(page, 'glossaries: import preview');
  await page.getByRole('button', { name: 'Use these entries' }).click();
  await expect(cell(page, 'Source', 3)).toHaveValue('washer');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved “Hardware” with 3 entries.')).toBeVisible();
  const [g] = await glossariesOn(service);
  expect(await entriesOf(service, g!.glossary_id)).toBe('bolt\tSchraube\nnut\tMutter\nwasher\tUnterlegscheibe');
});

test('unsaved edits survive a harness restart with the same data dir', async ({ service, tempDir, page }, testInfo) => {
  skipBecause(testInfo, testInfo.project.name === 'electron', 'this spec restarts the web harness; the desktop app keeps drafts through the same service.');
  const dataDir = join(tempDir, 'verso-restart');
  const first = await startWebHarness(service, dataDir);
  try {
    await page.goto(first.url);
    await addHostedKey(page, service.keys.pro_key, 'pro');
    await openGlossaries(page);
    await page.getByRole('button', { name: 'New glossary' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Draft terms');
    await cell(page, 'Source', 1).fill('kept');
    await cell(page, 'Target', 1).fill('behalten');
    await expect(page.getByText('Draft kept on this computer')).toBeVisible();
  } finally {
    await first.proc.stop();
  }
  const second = await startWebHarness(service, dataDir);
  try {
    await page.goto(second.url);
    await openGlossaries(page);
    await expect(page.getByText('Draft terms')).toBeVisible();
    await page.getByRole('button', { name: 'Continue editing' }).click();
    await expect(cell(page, 'Target', 1)).toHaveValue('behalten');
  } finally {
    await second.proc.stop();
  }
});
