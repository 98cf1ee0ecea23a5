/**
 * E2E: the Keys screen through the web harness against the local service as a hosted account: the admin key is
 * asked for and checked, then create (the secret never reaches the page), limit 5,000, rename, deactivate with the
 * typed label, and a bulk limit; after each step the service's own admin listing agrees. Axe in light and dark.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.js';
import { expect, test, type TestService } from './fixtures.js';
import { addHostedKey } from './helpers.js';

type Key = { key_id: string; label: string; is_deactivated: boolean; usage_limits?: { characters: number | null } };

async function listing(service: TestService): Promise<Key[]> {
  return (await (await service.request('/v2/admin/developer-keys', { key: service.keys.admin_key })).json()) as Key[];
}

function row(page: Page, label: string) {
  return page.getByRole('row').filter({ has: page.getByRole('button', { name: label, exact: true }) });
}

test('keys: admin key, create, limit, rename, deactivate, bulk limit', async ({ verso: { page }, service }) => {
  // Eight axe runs (light and dark each) on a shared two-core machine take longer than the default two minutes.
  test.setTimeout(360_000);
  await addHostedKey(page, service.keys.pro_key);
  await page.getByRole('button', { name: /^Keys/ }).or(page.getByRole('link', { name: /^Keys/ })).first().click();
  await expect(page.getByRole('heading', { name: 'An admin key is needed' })).toBeVisible();
  await expectAccessible(page, 'Keys screen without an admin key');

  // A developer key is refused with the reason, and nothing is saved.
  await page.getByLabel('Admin key', { exact: true }).fill(service.keys.pro_key);
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByRole('alert')).toContainText('not an admin key');
  await page.getByLabel('Admin key', { exact: true }).fill(service.keys.admin_key);
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByText('2 of 25 active')).toBeVisible();
  await expectAccessible(page, 'Keys table');

  // Create: the dialog says the secret cannot be shown again; the secret never appears in the page.
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByLabel(/^Label/).fill('CI robot');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('cannot be shown again')).toBeVisible();
  await expectAccessible(page, 'Key created');
  const all = await listing(service);
  const created = all.find((k) => k.label === 'CI robot')!;
  expect(created).toBeTruthy();
  // Secrets are UUIDs. The page may hold UUIDs only as parts of key ids or as connection ids (the switcher's values).
  const allowed = new Set(all.flatMap((k) => k.key_id.split(':')));
  const connectionIds = await page.getByRole('combobox', { name: 'Connection', exact: true }).locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
  for (const id of connectionIds) allowed.add(id);
  const uuids = (await page.content()).match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];
  expect(uuids.filter((u) => !allowed.has(u))).toEqual([]);
  // Neither copied nor saved: closing warns that the secret is then gone for good.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('neither copied nor saved')).toBeVisible();
  await page.getByRole('button', { name: 'Close and lose the secret' }).click();

  // Limit 5,000.
  await row(page, 'CI robot').getByRole('button', { name: 'Set the limit of CI robot' }).click();
  await page.getByRole('radio', { name: 'A number of characters' }).check();
  await page.getByLabel('Characters per period').fill('5000');
  await expect(page.getByRole('status').filter({ hasText: /CI robot\W+no limit\W+→/ })).toContainText('5,000 characters a period');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(row(page, 'CI robot')).toContainText('5,000');
  expect((await listing(service)).find((k) => k.key_id === created.key_id)?.usage_limits?.characters).toBe(5000);

  // Rename in place.
  await row(page, 'CI robot').getByRole('button', { name: 'CI robot', exact: true }).click();
  await page.getByLabel('New label for CI robot').fill('Build server');
  await page.getByLabel('New label for CI robot').press('Enter');
  await expect(row(page, 'Build server')).toBeVisible();
  await expect.poll(async () => (await listing(service)).find((k) => k.key_id === created.key_id)?.label).toBe('Build server');

  // Deactivate: the button stays off until the label is typed.
  await row(page, 'Build server').getByRole('button', { name: 'Deactivate Build server' }).click();
  await expect(page.getByText('immediate and permanent')).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Deactivate', exact: true });
  await expect(confirm).toBeDisabled();
  await page.getByLabel(/Type the key's label/).fill('Build server');
  await confirm.click();
  await expect(row(page, 'Build server')).toContainText('Deactivated');
  expect((await listing(service)).find((k) => k.key_id === created.key_id)?.is_deactivated).toBe(true);

  // Bulk: both remaining active keys get a limit in one go.
  await page.getByLabel('Select every active key shown').check();
  await page.getByRole('button', { name: 'Set limit…' }).click();
  await page.getByRole('button', { name: '100,000', exact: true }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: 'Set limit…' })).toHaveCount(0);
  await expect.poll(async () => (await listing(service)).filter((k) => !k.is_deactivated).map((k) => k.usage_limits?.characters)).toEqual([100000, 100000]);

  // The audit log has every change, newest first.
  const audit = page.getByRole('region', { name: 'Changes made with Verso' });
  await expect(audit.getByRole('row')).toHaveCount(1 + 6);
  await expectAccessible(page, 'Keys after changes');
});
