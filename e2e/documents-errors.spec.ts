/**
 * E2E: what the Documents screen says when money or the service is at stake, in Chromium through the web harness
 * with a hosted connection to the test service. A batch over what is left of the account's limit (set with the
 * service's CLI) is flagged before anything is sent and goes only after "Send anyway"; the service then refuses the
 * document past the limit (456), which becomes an error row with the figures and what to do. A document the
 * service fails (fault `doc-failure`) becomes an error row with the service's words; Retry uploads it again and it
 * is saved. Axe in light and dark on each state.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.js';
import { expect, test, skipBecause } from './fixtures.js';
import { addHostedKey } from './helpers.js';

async function openDocuments(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
}

/** A plain-text file of exactly `chars` characters (counted exactly, so the estimate is known). */
async function textFile(dir: string, name: string, chars: number): Promise<string> {
  const sentence = 'The red car is fast. ';
  const p = join(dir, name);
  await writeFile(p, sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars));
  return p;
}

test('a batch over the remaining quota needs "Send anyway", and the refused document is an error row', async ({ verso, service, tempDir }, testInfo) => {
  skipBecause(testInfo, testInfo.project.name === 'electron', 'the web harness stages files; the desktop app reads their paths');
  const { page } = verso;
  // The account of the test service's keys gets a limit of 60,000 characters, none used yet.
  const [account] = await service.cli(['account', 'list']);
  await service.cli(['account', 'set', '--account', String(account!.id), '--character-limit', '60000']);
  await addHostedKey(page, service.keys.pro_key);
  await openDocuments(page);

  await page.getByTestId('documents-file-input').setInputFiles([await textFile(tempDir, 'long.txt', 40_000)]);
  await expect(page.getByRole('table').getByRole('row', { name: /long\.txt/ })).toContainText('40,000 characters');
  await page.getByRole('checkbox', { name: 'German', exact: true }).check();
  await expect(page.getByRole('button', { name: 'Translate 1 document' })).toBeEnabled();
  await expect(page.getByText('60,000 characters left this period.', { exact: false })).toBeVisible();

  // Two targets: 80,000 characters against 60,000 left.
  await page.getByRole('checkbox', { name: 'French', exact: true }).check();
  const warning = page.getByRole('alert').filter({ hasText: 'would pass what is left of your limit' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('80,000');
  const send = page.getByRole('button', { name: 'Translate 2 documents' });
  await expect(send).toBeDisabled();
  await expectAccessible(page, 'documents: batch over quota');
  expect((await service.stats()).byPath['/v2/document'] ?? 0).toBe(0);

  await warning.getByRole('checkbox', { name: 'Send anyway' }).check();
  await expect(send).toBeEnabled();
  await send.click();

  // The service charges at upload: the first document fits, the second is refused with 456.
  await expect(page.getByText(/^1 saved, 0 in progress, 1 failed/)).toBeVisible({ timeout: 60_000 });
  const failed = page.locator('.doc-row-error');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('Refused by the service (456)');
  await expect(failed).toContainText('Quota: wait for the next period or raise the limit.');
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expectAccessible(page, 'documents: quota error row');
});

test('a document the service fails is an error row with its words; Retry uploads it again and saves it', async ({ verso, service, tempDir }, testInfo) => {
  skipBecause(testInfo, testInfo.project.name === 'electron', 'the web harness stages files; the desktop app reads their paths');
  const { page, dataDir } = verso;
  await addHostedKey(page, service.keys.pro_key);
  await openDocuments(page);
  await service.armFaults({ 'doc-failure': '1' });

  await page.getByTestId('documents-file-input').setInputFiles([await textFile(tempDir, 'notes.txt', 200)]);
  await expect(page.getByRole('table').getByRole('row', { name: /notes\.txt/ })).toContainText('Ready');
  await page.getByRole('checkbox', { name: 'German', exact: true }).check();
  await page.getByRole('button', { name: 'Translate 1 document' }).click();

  await expect(page.getByText(/^0 saved, 0 in progress, 1 failed/)).toBeVisible({ timeout: 60_000 });
  const row = page.locator('.doc-row-error');
  await expect(row).toContainText('Translation failed');
  await expect(row).toContainText('The service said:');
  await expect(row).toContainText('Retry uploads the document again.');
  await expectAccessible(page, 'documents: service failure row');

  await row.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(/^1 saved, 0 in progress, 0 failed/)).toBeVisible({ timeout: 60_000 });
  expect((await service.stats()).byPath['/v2/document']).toBe(2);
  // Saved under the harness's folder for staged files, once.
  const saved = page.locator('.doc-row-saved');
  await expect(saved).toHaveCount(1);
  await saved.getByRole('button', { name: 'Open' }).click();
  await expect(saved.getByLabel('Where the translation is saved')).toHaveValue(join(dataDir, 'Verso translations', 'notes.DE.txt'));
  await expectAccessible(page, 'documents: saved path shown');
});
