/**
 * E2E: the Documents screen in Chromium through the web harness, with real files. Files of different formats are
 * given to the browser's file input and dropped on the window (their bytes are streamed to the harness's staging
 * folder), checked (a broken .docx shows what it is), sent to two targets and saved with the right names and
 * translated content. Then the crash test: SIGKILL the harness with documents in flight, start it again on the
 * same data dir, and every document is saved once and none is uploaded twice (counted by the service).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.js';
import { expect, startWebHarness, test, skipBecause } from './fixtures.js';
import { chooseLocalEngine, submitHostedKey } from './helpers.js';

async function openDocuments(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
}

async function makeFiles(dir: string): Promise<{ report: string; page: string; broken: string }> {
  const report = join(dir, 'report.txt');
  const pageFile = join(dir, 'page.html');
  const broken = join(dir, 'broken.docx');
  await writeFile(report, 'The red car is fast.\nThe house is big.\n');
  await writeFile(pageFile, '<html><body><h1>Welcome</h1><p>Hello world</p></body></html>');
  await writeFile(broken, 'This is not a Word document at all.');
  return { report, page: pageFile, broken };
}

/** Child processes of a process (its local engine), so a SIGKILL test can clean up what the harness started. */
async function childrenOf(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const out: number[] = [];
  for (const t of tasks) {
    const text = await readFile(`/proc/${pid}/task/${t}/children`, 'utf8').catch(() => '');
    for (const p of text.split(/\s+/).filter(Boolean)) out.push(Number(p));
  }
  return out;
}

test('files given to the browser are checked, translated into two languages and saved with the right names', async ({ verso, tempDir }, testInfo) => {
  skipBecause(testInfo, testInfo.project.name === 'electron', 'the web harness stages files; the desktop app reads their paths');
  const { page, dataDir } = verso;
  const files = await makeFiles(tempDir);
  await chooseLocalEngine(page);
  await openDocuments(page);
  await expect(page.getByRole('heading', { name: 'No documents yet' })).toBeVisible();
  await expectAccessible(page, 'documents: empty');

  await page.getByTestId('documents-file-input').setInputFiles([files.report, files.broken]);
  // A drop anywhere in the window (here on the heading) adds files too.
  const html = await readFile(files.page, 'utf8');
  await page.evaluate((content) => {
    const dt = new DataTransfer();
    dt.items.add(new File([content], 'page.html', { type: 'text/html' }));
    const target = document.querySelector('h1')!;
    target.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, html);

  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /broken\.docx/ })).toContainText('looks like plain text');
  // The local engine bills nothing (issue 20 point 3): no character count to pay for, no minimum.
  await expect(table.getByRole('row', { name: /report\.txt/ })).toContainText('not billed');
  await expect(table.getByRole('row', { name: /page\.html/ })).toContainText('Ready');

  await page.getByRole('checkbox', { name: 'German', exact: true }).check();
  await page.getByRole('checkbox', { name: 'French', exact: true }).check();
  await expect(page.getByText('2 files × 2 languages on the local engine: nothing is billed, there is no minimum.')).toBeVisible();
  await expectAccessible(page, 'documents: batch checked');
  await page.getByRole('button', { name: 'Translate 4 documents' }).click();

  await expect(page.getByText(/^4 saved, 0 in progress, 0 failed/)).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page, 'documents: saved');
  const outDir = join(dataDir, 'Verso translations');
  const saved = (await readdir(outDir)).sort();
  expect(saved).toEqual(['page.DE.html', 'page.FR.html', 'report.DE.txt', 'report.FR.txt']);
  const de = await readFile(join(outDir, 'report.DE.txt'), 'utf8');
  expect(de).toMatch(/⟦/);
  expect(de).not.toContain('The red car is fast.');
  expect(await readFile(join(outDir, 'page.FR.html'), 'utf8')).toMatch(/<h1>.*⟦/s);
});

test('SIGKILL with documents in flight: after a restart on the same data dir all are saved, none uploaded twice', async ({ service, tempDir, page }, testInfo) => {
  skipBecause(testInfo, testInfo.project.name === 'electron', 'this spec kills and restarts the web harness process');
  const dataDir = join(tempDir, 'verso');
  const files = await makeFiles(tempDir);
  const first = await startWebHarness(service, dataDir);
  let second: Awaited<ReturnType<typeof startWebHarness>> | undefined;
  try {
    await page.goto(first.url);
    // The hosted connection is the test service, which outlives the harness (a local engine would die with it).
    await submitHostedKey(page, service.keys.pro_key);
    await openDocuments(page);
    await service.armFaults({ 'doc-translate-time': '4000' });
    await page.getByTestId('documents-file-input').setInputFiles([files.report, files.page]);
    await expect(page.getByRole('table').getByRole('row', { name: /page\.html/ })).toContainText('Ready');
    await page.getByRole('checkbox', { name: 'German', exact: true }).check();
    await page.getByRole('button', { name: 'Translate 2 documents' }).click();
    await expect.poll(async () => (await service.stats()).byPath['/v2/document'] ?? 0, { timeout: 30_000 }).toBe(2);
    // Both handles are on disk once both rows say the service has them (the state is written before it is shown).
    await expect(page.locator('.doc-row').filter({ hasText: /Queued at the service|Translating/ })).toHaveCount(2, { timeout: 30_000 });

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

    second = await startWebHarness(service, dataDir);
    await page.goto(second.url);
    await openDocuments(page);
    await expect(page.getByText(/^2 saved, 0 in progress, 0 failed/)).toBeVisible({ timeout: 60_000 });
    expect((await service.stats()).byPath['/v2/document']).toBe(2);
    const outDir = join(dataDir, 'Verso translations');
    expect((await readdir(outDir)).sort()).toEqual(['page.DE.html', 'report.DE.txt']);
    expect(await readFile(join(outDir, 'report.DE.txt'), 'utf8')).toMatch(/⟦/);
  } finally {
    await second?.proc.stop();
    await first.proc.stop();
  }
});
