/**
 * E2E (issue 20 point 2): a document is never sent twice after a crash. The test service holds the upload request
 * (fault injection: a delay before it answers) while the web harness is killed with SIGKILL; the harness is started
 * again on the same data dir. The row says the upload may have reached the service and that sending again may be
 * billed twice, and nothing is uploaded (counted by the service) until the user clicks "Send again".
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.js';
import { expect, startWebHarness, test, skipBecause } from './fixtures.js';
import { submitHostedKey } from './helpers.js';

async function openDocuments(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
}

/** Child processes of a process (a local engine it started), so the SIGKILL leaves nothing behind. */
async function childrenOf(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const out: number[] = [];
  for (const t of tasks) {
    const text = await readFile(`/proc/${pid}/task/${t}/children`, 'utf8').catch(() => '');
    for (const p of text.split(/\s+/).filter(Boolean)) out.push(Number(p));
  }
  return out;
}

test('killed while the service holds the upload: after the restart nothing is uploaded until "Send again"', async ({ service, tempDir, page }, testInfo) => {
  skipBecause(testInfo, testInfo.project.name === 'electron', 'this spec kills and restarts the web harness process');
  // Two harness starts and a held request on a machine shared by several test runs.
  test.setTimeout(300_000);
  const dataDir = join(tempDir, 'verso');
  const report = join(tempDir, 'report.txt');
  await writeFile(report, 'The red car is fast.\nThe house is big.\n');
  const first = await startWebHarness(service, dataDir);
  let second: Awaited<ReturnType<typeof startWebHarness>> | undefined;
  try {
    await page.goto(first.url);
    await submitHostedKey(page, service.keys.pro_key);
    await openDocuments(page);
    await page.getByTestId('documents-file-input').setInputFiles([report]);
    await expect(page.getByRole('table').getByRole('row', { name: /report\.txt/ })).toContainText('Ready');
    await page.getByRole('checkbox', { name: 'German', exact: true }).check();

    // From here the service holds every request of the app for 20 s before it answers (the upload among them).
    await service.armFaults({ 'delay-ms': '20000', 'delay-count': '50' });
    await page.getByRole('button', { name: 'Translate 1 document' }).click();
    await expect.poll(async () => (await service.stats()).byPath['/v2/document'] ?? 0, { timeout: 30_000 }).toBe(1);
    await expect(page.locator('.doc-row').filter({ hasText: 'report.txt' })).toContainText(/Uploading/);

    const pid = first.proc.child.pid!;
    const children = await childrenOf(pid);
    first.proc.child.kill('SIGKILL');
    for (const c of children) {
      try {
        process.kill(c, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await first.proc.stop();
    await service.armFaults({});

    second = await startWebHarness(service, dataDir);
    await page.goto(second.url);
    await openDocuments(page);
    const row = page.locator('.doc-row').filter({ hasText: 'report.txt' });
    await expect(row).toContainText('Upload interrupted: Verso stopped', { timeout: 30_000 });
    await expect(row).toContainText('The service may have received it; sending it again may be billed twice.');
    await expect(row.getByRole('button', { name: 'Send again' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expectAccessible(page, 'documents: upload interrupted by a crash');
    // The job is stopped, not waiting: the restarted harness sent nothing (the one upload is the first run's).
    expect((await service.stats()).byPath['/v2/document']).toBe(1);
    await expect(page.getByText(/^0 saved, 0 in progress, 1 failed/)).toBeVisible();
    expect((await service.stats()).byPath['/v2/document']).toBe(1);

    await row.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByText(/^1 saved, 0 in progress, 0 failed/)).toBeVisible({ timeout: 60_000 });
    expect((await service.stats()).byPath['/v2/document']).toBe(2);
    await expect(row).toContainText('Uploaded again: Verso stopped while the first upload was under way.');
    const outDir = join(dataDir, 'Verso translations');
    expect(await readdir(outDir)).toEqual(['report.DE.txt']);
  } finally {
    await second?.proc.stop();
    await first.proc.stop();
  }
});
