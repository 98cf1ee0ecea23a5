/**
 * E2E: the Usage screen through the web harness against the local service standing in for a hosted Pro account.
 * It shows the count the service reports, the new count after a translation, the key's own count, the period
 * with days left, the history chart (uPlot loaded on open), and passes axe in light and dark.
 */
import { expectAccessible } from './axe.js';
import { expect, test } from './fixtures.js';
import { addHostedKey, pickLanguages, sourceBox, output } from './helpers.js';

test('usage shows what the service reports, before and after translating', async ({ verso: { page }, service }) => {
  // Four axe runs take 15-20 s each when the shared machine is loaded; the default 120 s left no room for them.
  test.setTimeout(300_000);
  await addHostedKey(page, service.keys.pro_key);
  await page.getByRole('button', { name: /^Usage/ }).or(page.getByRole('link', { name: /^Usage/ })).first().click();
  await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
  const period = page.getByRole('region', { name: 'This period' });
  await expect(period.getByText('0 characters, no limit').first()).toBeVisible();
  await expect(period.getByText(/days? left|ends today/)).toBeVisible();
  await expect(page.locator('.usage-chart-canvas canvas').first()).toBeVisible();
  await expectAccessible(page, 'Usage screen');

  await page.getByRole('button', { name: /^Translate/ }).or(page.getByRole('link', { name: /^Translate/ })).first().click();
  await pickLanguages(page, 'EN', 'DE');
  await sourceBox(page).fill('Invoice');
  await expect(output(page)).not.toBeEmpty();
  await page.getByRole('button', { name: /^Usage/ }).or(page.getByRole('link', { name: /^Usage/ })).first().click();
  const reported = (await (await service.request('/v2/usage', { key: service.keys.pro_key })).json()) as { character_count: number };
  expect(reported.character_count).toBe(7);
  await expect(period.getByText('7 characters, no limit').first()).toBeVisible();
  // Verso's own record of the billed text.
  await expect(page.getByRole('region', { name: 'Where it went' })).toContainText('7 characters of text');
  await expectAccessible(page, 'Usage screen after a translation');
});
