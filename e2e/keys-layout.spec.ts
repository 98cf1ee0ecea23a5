/**
 * E2E (web harness): the Keys screen with 32 keys at 900×700 and 1280×800 has one scrollbar, the screen's. Seen on a
 * tour: the key list was a box of 480 px inside the scrolling screen, two keys in view under two scrollbars. Scrolled
 * to, the list takes the window's height (six keys or more), the rows are still virtualized, End reaches the last
 * key, and at 1280×800 the column heads stay at the top while the rows go by, never over the control focused.
 */
import { expect, test, type TestService } from './fixtures.js';
import { addHostedKey } from './helpers.js';
import { rowsInView, scrollers } from './list-layout.js';

async function admin(service: TestService, path: string, method: string, body?: unknown) {
  const res = await service.request(path, { method, key: service.keys.admin_key, body });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as { key_id: string };
}

test('32 keys at 900×700 and 1280×800: one scrollbar, and the list fills the window (six keys or more)', async ({ verso: { page }, service }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 900, height: 700 });
  await addHostedKey(page, service.keys.pro_key);
  await page.keyboard.press('Control+5');
  await page.getByLabel('Admin key', { exact: true }).fill(service.keys.admin_key);
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByText('2 of 25 active')).toBeVisible();
  // Thirty keys made elsewhere, ten of them deactivated (an account keeps those): 32 with the two it had.
  for (let i = 1; i <= 30; i++) {
    const k = await admin(service, '/v2/admin/developer-keys', 'POST', { label: `Team laptop ${i}` });
    if (i > 20) await admin(service, '/v2/admin/developer-keys/deactivate', 'PUT', { key_id: k.key_id });
  }
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByText('Showing 32 of 32')).toBeVisible();
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
  await page.getByRole('rowgroup', { name: 'Developer keys, scrollable' }).focus();
  await page.keyboard.press('End');
  await expect(table.locator('[role="row"][aria-rowindex="33"]')).toBeInViewport({ ratio: 1 });
  expect(await scrollers(page, { name: 'rows', selector: '.keys-scroll' })).toEqual(['screen']);
});
