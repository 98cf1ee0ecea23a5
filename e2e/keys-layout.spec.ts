/**
 * E2E (web harness): the Keys screen with 32 keys at 900×700 and 1280×800 has one scrollbar, the screen's. Seen on a
 * tour: the key list was a box of 480 px inside the scrolling screen, two keys in view under two scrollbars. Scrolled
 * to, the list takes the window's height (six keys or more), the rows are still virtualized, End reaches the last
 * key, and at 1280×800 the column heads stay at the top while the rows go by, never over the control focused.
 * The change log flows in the screen too (it was a 320 px box of its own), all of a long log reachable, and the first
 * view at 900×700 shows three keys or more under the note about the key Verso cannot tell (it showed two).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type TestService } from './fixtures.js';
import { addHostedKey } from './helpers.js';
import { rowsInView, scrollers } from './list-layout.js';

async function admin(service: TestService, path: string, method: string, body?: unknown) {
  const res = await service.request(path, { method, key: service.keys.admin_key, body });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as { key_id: string };
}

/**
 * Keys at 900×700 for a hosted connection with a pasted key (so the note about the key Verso cannot tell is shown):
 * thirty keys made elsewhere, ten of them deactivated (an account keeps those), 32 with the two it had.
 */
async function openKeysWith32(page: Page, service: TestService) {
  await page.setViewportSize({ width: 900, height: 700 });
  await addHostedKey(page, service.keys.pro_key);
  await page.keyboard.press('Control+5');
  await page.getByLabel('Admin key', { exact: true }).fill(service.keys.admin_key);
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByText('2 of 25 active')).toBeVisible();
  for (let i = 1; i <= 30; i++) {
    const k = await admin(service, '/v2/admin/developer-keys', 'POST', { label: `Team laptop ${i}` });
    if (i > 20) await admin(service, '/v2/admin/developer-keys/deactivate', 'PUT', { key_id: k.key_id });
  }
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByText('Showing 32 of 32')).toBeVisible();
}

/**
 * A change log of `count` entries, as main keeps it (oldest first, up to 10,000): "Log key 1" is the oldest. Written
 * before the window opens the Keys screen.
 */
async function writeChangeLog(dataDir: string, count: number) {
  const entries = Array.from({ length: count }, (_, i) => ({
    at: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
    connectionId: 'elsewhere',
    connectionName: 'Team account',
    action: 'limit',
    keyId: `k${i + 1}`,
    label: `Log key ${i + 1}`,
    before: 'no limit',
    after: String(1000 * (i + 1)),
  }));
  await mkdir(join(dataDir, 'admin-keys'), { recursive: true });
  await writeFile(join(dataDir, 'admin-keys', 'audit.json'), JSON.stringify({ entries }));
}

/** Every box in the page that scrolls (by its class), whatever it is. */
function everyScroller(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => /auto|scroll/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.className),
  );
}

test('32 keys at 900×700 and 1280×800: one scrollbar, and the list fills the window (six keys or more)', async ({ verso: { page }, service }) => {
  test.setTimeout(300_000);
  await openKeysWith32(page, service);
  const table = page.getByRole('table', { name: 'Developer keys' });

  for (const [w, h] of [
    [900, 700],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    // One scrollbar: the screen's; the key rows are not a scroll box inside it.
    expect(await scrollers(page, { name: 'rows', selector: '.keys-scroll' }), `${w}×${h}`).toEqual(['screen']);
    // Scrolled to, the list takes the window's height: six keys or more in view, each whole.
    await expect.poll(() => rowsInView(page, '.keys-scroll', '[role="row"]'), `${w}×${h}`).toBeGreaterThanOrEqual(6);
    // Still virtualized: the rows drawn are those near the view, not all 32.
    expect(await table.locator('.keys-scroll [role="row"]').count(), `${w}×${h}`).toBeLessThan(32);
  }

  // At 1280×800, scrolled into the list, the column heads stay at the top of the window.
  await page.locator('.screen').evaluate((s) => s.scrollBy(0, 600));
  const head = table.getByRole('columnheader', { name: 'Label' });
  await expect(head).toBeInViewport({ ratio: 1 });
  expect((await head.boundingBox())!.y).toBeLessThan(60);
  // Shift+Tab from the row just under the heads to the row above: the control focused comes out from under them.
  const headBottom = await page.locator('.keys-head').evaluate((h) => h.getBoundingClientRect().bottom);
  const tenth = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'Team laptop 10', exact: true }) });
  await page.locator('.screen').evaluate((s, by) => s.scrollBy(0, by), (await tenth.boundingBox())!.y - headBottom - 2);
  await tenth.getByRole('checkbox').focus();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Deactivate Team laptop 11' })).toBeFocused();
  const focused = (await page.getByRole('button', { name: 'Deactivate Team laptop 11' }).boundingBox())!;
  expect(focused.y).toBeGreaterThanOrEqual(headBottom);

  // The keyboard: End in the list goes to its last key, drawn and in view (the last of 32 is row 33, after the heads).
  await page.setViewportSize({ width: 900, height: 700 });
  await page.getByRole('rowgroup', { name: 'Developer keys', exact: true }).focus();
  await page.keyboard.press('End');
  await expect(table.locator('[role="row"][aria-rowindex="33"]')).toBeInViewport({ ratio: 1 });
  expect(await scrollers(page, { name: 'rows', selector: '.keys-scroll' })).toEqual(['screen']);
});

test('900×700, a key selected and a change log below: End in the list brings its last key into view above the bulk bar', async ({
  verso: { page, dataDir },
  service,
}) => {
  test.setTimeout(300_000);
  // A change log after the table: the screen's own end is the log's, not the list's.
  await writeChangeLog(dataDir, 40);
  await openKeysWith32(page, service);
  const table = page.getByRole('table', { name: 'Developer keys' });
  await table.locator('.keys-scroll [role="row"] input[type="checkbox"]:enabled').first().check();
  const bar = page.getByRole('group', { name: 'Selected keys' });
  await expect(bar).toBeVisible();

  await page.getByRole('rowgroup', { name: 'Developer keys', exact: true }).focus();
  await page.keyboard.press('End');
  const last = table.locator('[role="row"][aria-rowindex="33"]');
  await expect(last).toBeInViewport({ ratio: 1 });
  // Whole above the bar that stays at the window's bottom, not under it.
  await expect
    .poll(async () => {
      const row = (await last.boundingBox())!;
      return row.y + row.height - (await bar.boundingBox())!.y;
    })
    .toBeLessThanOrEqual(1);
});

test('900×700: three keys or more in the first view under a one-line note; a change log of 300 entries flows in the screen', async ({
  verso: { page, dataDir },
  service,
}) => {
  test.setTimeout(300_000);
  // A long log: "Log key 1", the oldest, is beyond the newest 200.
  await writeChangeLog(dataDir, 300);
  await openKeysWith32(page, service);

  // The first view, before any scrolling: the note is one line and the question beside its field (it took 150 px
  // over four lines), its why behind "More"; the toolbar is two lines; three keys or more are in view, each whole.
  const note = page.locator('.alert').filter({ hasText: 'Verso cannot tell which key' });
  await expect(note.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'false');
  await expect(note.getByText(/^A key pasted in Settings/)).toBeHidden();
  expect((await note.boundingBox())!.height).toBeLessThan(100);
  await page.locator('.screen').evaluate((s) => s.scrollTo(0, 0));
  const firstView = await page.evaluate(
    () =>
      [...document.querySelectorAll('.keys-scroll [role="row"]')].filter((r) => {
        const b = r.getBoundingClientRect();
        return b.top >= 0 && b.bottom <= window.innerHeight;
      }).length,
  );
  expect(firstView).toBeGreaterThanOrEqual(3);
  await note.getByRole('button', { name: 'More' }).click();
  await expect(note.getByText(/^A key pasted in Settings/)).toBeVisible();

  // The change log: no box of its own (the screen is the only one that scrolls, at the log too), its rows drawn near
  // the view only, and End on its entries brings the oldest of all 300 into view.
  const log = page.getByRole('table', { name: 'Changes made with Verso' });
  await expect(log).toHaveAttribute('aria-rowcount', '301');
  const entriesGroup = log.getByRole('rowgroup', { name: 'Changes, newest first' });
  await entriesGroup.scrollIntoViewIfNeeded();
  expect(await everyScroller(page)).toEqual(['screen keys-screen']);
  expect(await entriesGroup.getByRole('row').count()).toBeLessThan(100);
  // Scrolled to the middle of the log, its entries there are drawn in the window (the rows drawn were those of
  // another place: the list's start in the screen was taken as 0, measured before the log had loaded).
  const drawnInView = () =>
    page.evaluate(() => {
      const screen = document.querySelector<HTMLElement>('.screen')!;
      const body = document.querySelector<HTMLElement>('.keys-audit tbody')!;
      screen.scrollBy(0, body.getBoundingClientRect().top - screen.getBoundingClientRect().top + 7000);
      return [...body.querySelectorAll('tr[aria-rowindex]')].filter((r) => {
        const b = r.getBoundingClientRect();
        return b.bottom > 0 && b.top < window.innerHeight;
      }).length;
    });
  await expect.poll(drawnInView).toBeGreaterThanOrEqual(8);
  await entriesGroup.focus();
  await page.keyboard.press('End');
  const oldest = log.locator('tr[aria-rowindex="301"]');
  await expect(oldest).toBeInViewport({ ratio: 1 });
  await expect(oldest).toContainText('Log key 1');
  expect(await everyScroller(page)).toEqual(['screen keys-screen']);
});

test('900×700: "Select every active key shown" is drawn above the cards and works by keyboard; every value says its column, after a full-width colon in Japanese and Chinese', async ({
  verso: { page },
  service,
}) => {
  // Seen on a Japanese tour: in the card layout the select-all box went with the hidden column heads, the "used by
  // Verso" value had no label, and the labels ended in ": " where Japanese and Chinese write "：".
  await page.setViewportSize({ width: 900, height: 700 });
  await addHostedKey(page, service.keys.pro_key);
  await page.keyboard.press('Control+5');
  await page.getByLabel('Admin key', { exact: true }).fill(service.keys.admin_key);
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByText('2 of 25 active')).toBeVisible();
  const table = page.getByRole('table', { name: 'Developer keys' });

  // The cards: the column heads are gone but select-all, its words beside it, above the first card.
  const all = table.getByRole('checkbox', { name: 'Select every active key shown' });
  await expect(all).toBeVisible();
  await expect(table.getByText('Select every active key shown')).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Label' })).toBeHidden();
  const firstCard = table.locator('.keys-scroll [role="row"]').first();
  expect((await all.boundingBox())!.y).toBeLessThan((await firstCard.boundingBox())!.y);
  // The keyboard: Space selects both keys, again clears them; a click does the same.
  await all.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('2 keys selected')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByText(/keys? selected/)).toBeHidden();
  await all.click();
  await expect(page.getByText('2 keys selected')).toBeVisible();
  await page.getByRole('button', { name: 'Clear selection' }).click();

  // Each value after its column's name, "used by Verso" too; in Japanese and Chinese with "：" and no space.
  const labels = () =>
    firstCard.evaluate((row) =>
      [...row.querySelectorAll('[role="cell"]')].map((c) => getComputedStyle(c, '::before').content).filter((c) => c !== 'none' && c !== 'normal'),
    );
  expect(await labels()).toEqual(['"Created: "', '"Status: "', '"Character limit: "', '"Used by Verso: "']);
  for (const lang of ['ja', 'zh-Hans']) {
    await page.evaluate((l) => (document.documentElement.lang = l), lang);
    expect(await labels(), lang).toEqual(['"Created："', '"Status："', '"Character limit："', '"Used by Verso："']);
  }
  await page.evaluate(() => (document.documentElement.lang = 'en'));

  // The table at 1280×800: the box in its column head, its words for assistive technology only, the heads shown.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(table.getByRole('columnheader', { name: 'Label' })).toBeVisible();
  await expect(all).toBeVisible();
  expect((await table.locator('.keys-select-all-text').boundingBox())!.width).toBeLessThanOrEqual(1);
  expect(await labels()).toEqual([]);
});
