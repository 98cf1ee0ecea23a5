/**
 * E2E (issue 20 points 3, 4, 11): Documents rows on the local engine through the web harness. Saved rows say
 * nothing is billed and what made the output (here the test engine); at 900×700 rows wrap instead of cutting a
 * long name or the billing note, and a name's tooltip is the file's own name, never the harness's staging path.
 * Writes the screenshots the README shows (light and dark, 1280×800 and 900×700) into docs/. With twenty documents
 * at 900×700 the screen has one scrollbar (the queue is no box of its own inside it) and, scrolled to, the queue
 * fills the window: six rows or more, still virtualized, End reaching the oldest. Before any scrolling, the drop
 * zone is one compact row above the queue and the first view shows four whole rows (the large zone left room for two).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.js';
import { expect, ROOT, test, skipBecause } from './fixtures.js';
import { chooseLocalEngine, fieldsInBrowserStyle } from './helpers.js';
import { rowsInView, scrollers } from './list-layout.js';

const LONG = 'Quarterly report for the regional sales teams, final version approved by the board 2026.txt';

/** Every row's parts fit their box (nothing cut), and the name's tooltip is the file name. */
async function rowsFit(page: Page): Promise<{ cut: string[]; titles: string[] }> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const titles: string[] = [];
    for (const row of document.querySelectorAll<HTMLElement>('.doc-row')) {
      for (const part of row.querySelectorAll<HTMLElement>('.doc-row-main > span')) {
        if (part.scrollWidth > part.clientWidth + 1) cut.push(`${part.className}: ${part.textContent}`);
      }
      if (row.scrollWidth > row.clientWidth + 1) cut.push(`row: ${row.getAttribute('aria-label')}`);
      titles.push(row.querySelector('.doc-row-name')?.getAttribute('title') ?? '');
    }
    return { cut, titles };
  });
}

/** How many rows the screen shows whole in its first view, before any scrolling (the screen at its top). */
async function rowsInFirstView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const screen = document.querySelector<HTMLElement>('.screen')!;
    screen.scrollTop = 0;
    const view = screen.getBoundingClientRect();
    const bottom = Math.min(window.innerHeight, view.bottom) + 1;
    return [...document.querySelectorAll<HTMLElement>('.doc-row')].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.top >= view.top - 1 && b.bottom <= bottom;
    }).length;
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    await page.screenshot({ path: join(ROOT, 'docs', `${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: null });
}

test('local engine rows: not billed, labelled, wrapping at 900×700 with the file name as tooltip', async ({ verso: { page }, tempDir }, testInfo) => {
  skipBecause(testInfo, testInfo.project.name === 'electron', 'the web harness stages files; the desktop app reads their paths');
  // Four documents through the harness on a machine shared by several test runs.
  test.setTimeout(300_000);
  const long = join(tempDir, LONG);
  const short = join(tempDir, 'notes.txt');
  await writeFile(long, 'The red car is fast.\nThe house is big.\n');
  await writeFile(short, 'Hello world.\n');
  await page.setViewportSize({ width: 1280, height: 800 });
  await chooseLocalEngine(page);
  await page.getByRole('button', { name: 'Documents' }).click();
  await page.getByTestId('documents-file-input').setInputFiles([long, short]);
  await expect(page.getByRole('table').getByRole('row', { name: /notes\.txt/ })).toContainText('Ready', { timeout: 60_000 });
  await page.getByRole('checkbox', { name: 'German', exact: true }).check();
  await page.getByRole('checkbox', { name: 'French', exact: true }).check();
  await expect(page.getByText('2 files × 2 languages on the local engine: nothing is billed, there is no minimum.')).toBeVisible();
  // The batch's fields (the output folder among them, an input without a type) in the app's style, not Arial 13 px.
  expect(await fieldsInBrowserStyle(page)).toEqual([]);
  await expect(page.getByText(/Estimated:/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Translate 4 documents' }).click();
  // On a loaded machine the harness's local engine may drop an upload mid-way; such a row waits for the user, who
  // sends it again (as a user would: Verso never resends an upload whose fate is unknown on its own).
  const done = page.getByText('4 saved, 0 in progress, 0 failed; nothing billed on the local engine.');
  for (let round = 0; round < 6 && !(await done.isVisible()); round++) {
    await expect(page.getByText(/ 0 in progress, /)).toBeVisible({ timeout: 90_000 });
    const again = page.getByRole('button', { name: 'Send again' });
    for (const b of await again.all()) await b.click();
  }
  await expect(done).toBeVisible({ timeout: 60_000 });

  const rows = page.locator('.doc-row');
  await expect(rows).toHaveCount(4);
  for (const row of await rows.all()) {
    await expect(row).toContainText('Not billed (local engine)');
    await expect(row).not.toContainText('characters billed');
    await expect(row).toContainText('Pseudo-translation by the test engine');
  }
  await expectAccessible(page, 'documents: local rows');
  await shoot(page, 'documents-rows-1280x800');

  await page.setViewportSize({ width: 900, height: 700 });
  await expect(rows.first()).toBeVisible();
  const fit = await rowsFit(page);
  expect(fit.cut).toEqual([]);
  expect(new Set(fit.titles)).toEqual(new Set([LONG, 'notes.txt']));
  await shoot(page, 'documents-rows-900x700');
  // However narrow the name's room, it never wraps inside its extension (seen: "…2026.tx" above "t"). Every width
  // from 30 to 400 px is tried, so a break that falls inside ".txt" at any of them is found.
  const splitAt = await page.evaluate((long) => {
    const name = [...document.querySelectorAll<HTMLElement>('.doc-row-name')].find((n) => n.title === long)!;
    const widths: number[] = [];
    for (let w = 30; w <= 400; w++) {
      name.style.flex = `0 0 ${w}px`;
      const range = document.createRange();
      const text = [...name.querySelectorAll('*'), name].flatMap((el) => [...el.childNodes]).find((c) => c.nodeType === 3 && c.textContent?.endsWith('.txt'));
      const ext = text ?? name.querySelector('.doc-row-ext')?.firstChild;
      if (!ext?.textContent) continue;
      const at = ext.textContent.lastIndexOf('.txt');
      range.setStart(ext, at);
      range.setEnd(ext, at + 4);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) widths.push(w);
    }
    name.style.flex = '';
    return widths;
  }, LONG);
  expect(splitAt).toEqual([]);
});

test('twenty documents at 900×700: one scrollbar, and the queue fills the window (six rows or more)', async ({ verso: { page }, tempDir }, testInfo) => {
  skipBecause(testInfo, testInfo.project.name === 'electron', 'the web harness stages files; the desktop app reads their paths');
  test.setTimeout(300_000);
  // Seen on a tour: the queue was a box of 60vh inside the scrolling screen, 1.5 documents in view, two scrollbars.
  const files: string[] = [];
  for (let i = 1; i <= 20; i++) {
    files.push(join(tempDir, i === 7 ? `${i} ${LONG}` : `document-${i}.txt`));
    await writeFile(files.at(-1)!, `The red car is fast ${i}.\n`);
  }
  await page.setViewportSize({ width: 900, height: 700 });
  await chooseLocalEngine(page);
  await page.getByRole('button', { name: 'Documents' }).click();
  // Empty, the zone is the large invitation with the formats.
  await expect(page.getByRole('group', { name: 'Drop files here' })).toContainText('Drop documents or folders here to translate them.');
  await page.getByTestId('documents-file-input').setInputFiles(files);
  await expect(page.getByRole('table').getByRole('row', { name: /document-20\.txt/ })).toContainText('Ready', { timeout: 60_000 });
  await page.getByRole('checkbox', { name: 'German', exact: true }).check();
  await page.getByRole('button', { name: 'Translate 20 documents' }).click();
  const done = page.getByText('20 saved, 0 in progress, 0 failed; nothing billed on the local engine.');
  await expect(done).toBeVisible({ timeout: 60_000 });

  // The first view, before scrolling: the drop zone is one compact row once documents are queued, so four whole rows
  // are in view under it (measured: four, the fourth ending 13 px above the window's edge; two with the large zone).
  await expect.poll(() => rowsInFirstView(page)).toBeGreaterThanOrEqual(4);
  const zone = page.getByRole('group', { name: 'Drop files here' });
  await expect(zone).toContainText('Drop more documents or folders here.');
  await expect(zone.getByRole('button', { name: 'Choose files…' })).toBeInViewport({ ratio: 1 });

  // One scrollbar: the screen's, the queue is not a scroll box inside it.
  expect(await scrollers(page, { name: 'queue', selector: '.doc-list' })).toEqual(['screen']);
  // Scrolled to, the queue takes the window's height: six rows or more in view, each whole (rows wrap, not cut).
  await expect.poll(() => rowsInView(page, '.doc-list', '.doc-row')).toBeGreaterThanOrEqual(6);
  expect((await rowsFit(page)).cut).toEqual([]);
  // Still virtualized: the rows drawn are those near the view, not all twenty.
  expect(await page.locator('.doc-row').count()).toBeLessThan(20);

  // The keyboard: End in the queue goes to its last (oldest) document, drawn and in view.
  await page.getByRole('region', { name: 'Documents', exact: true }).focus();
  await page.keyboard.press('End');
  await expect(page.getByRole('listitem', { name: /^document-1\.txt,/ })).toBeInViewport({ ratio: 1 });
  expect(await scrollers(page, { name: 'queue', selector: '.doc-list' })).toEqual(['screen']);

  // 1280×800 too.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await scrollers(page, { name: 'queue', selector: '.doc-list' })).toEqual(['screen']);
  await expect.poll(() => rowsInView(page, '.doc-list', '.doc-row')).toBeGreaterThanOrEqual(6);
});
