/**
 * E2E (web harness, issue 21 points 1–3): the Keys screen follows the connection chosen in the sidebar at once and a
 * panel opened for one account never acts on another; the local engine's own key is shown as used by it, its
 * deactivation names "This computer" and asks once more, and the next translation still works (the engine made
 * itself a new key); a new key's secret, with no clipboard here, can be saved as a connection for this session only.
 */
import type { Page } from '@playwright/test';
import { expect, test, type TestService } from './fixtures.js';
import { addHostedKey, output, pickLanguages, sourceBox } from './helpers.js';

type Key = { key_id: string; label: string; is_deactivated: boolean; usage_limits?: { characters: number | null } };

async function listing(service: TestService): Promise<Key[]> {
  return (await (await service.request('/v2/admin/developer-keys', { key: service.keys.admin_key })).json()) as Key[];
}

function row(page: Page, label: string) {
  return page.getByRole('row').filter({ has: page.getByRole('button', { name: label, exact: true }) });
}

// Two web-harness flows with a local engine on a shared two-core machine: more than the default two minutes.
test.describe.configure({ timeout: 360_000 });

const switcher = (page: Page) => page.getByRole('combobox', { name: 'Connection', exact: true });

async function openKeysWithAdminKey(page: Page, service: TestService) {
  await addHostedKey(page, service.keys.pro_key);
  await page.getByRole('button', { name: /^Keys/ }).first().click();
  await page.getByLabel('Admin key', { exact: true }).fill(service.keys.admin_key);
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByText('2 of 25 active')).toBeVisible();
}

test('Keys follows the sidebar connection at once; the local engine heals after its own key is deactivated', async ({ verso: { page }, service }) => {
  await openKeysWithAdminKey(page, service);
  // Verso cannot tell which key the pasted hosted key is, and says so instead of "not used by Verso".
  await expect(page.getByText(/Verso cannot tell which key/)).toBeVisible();
  await expect(row(page, 'Local Pro key')).toContainText('Not known to Verso');
  // The admin tells Verso which key it is; from then on the table names the connection.
  await page.getByLabel(/^Which key does .*Hosted service.* translate with\?$/).selectOption({ label: 'Local Pro key' });
  await page.getByRole('button', { name: 'Remember' }).click();
  await expect(row(page, 'Local Pro key').locator('.keys-used-by')).toContainText('Hosted service');
  await expect(page.getByText(/Verso cannot tell which key/)).toHaveCount(0);

  // A limit panel is open for the hosted account when the sidebar switches to the local engine.
  await row(page, 'Local Pro key').getByRole('button', { name: 'Set the limit of Local Pro key' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.evaluate(async () => {
    const v = (globalThis as unknown as { verso: { connections: { addLocal(i: object): Promise<{ ok: boolean }> } } }).verso;
    await v.connections.addLocal({});
  });
  const before = await listing(service);
  const local = await switcher(page).locator('option').filter({ hasText: /This computer/ }).getAttribute('value');
  await switcher(page).selectOption(local!);
  // At once: the title, the table (the local engine's own keys) and no panel of the other account.
  await expect(page.getByText(/^Connection: .*This computer/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const own = page.getByRole('row').filter({ has: page.locator('.keys-used-by strong', { hasText: 'This computer' }) });
  await expect(own).toHaveCount(1);
  expect(await listing(service)).toEqual(before);

  // Deactivating the local engine's own key names it and asks once more.
  const ownLabel = (await own.getByRole('button').first().textContent())!.trim();
  await own.getByRole('button', { name: `Deactivate ${ownLabel}` }).click();
  await expect(page.getByText(/the local engine\), which will make itself a new key/)).toBeVisible();
  await page.getByLabel(/Type the key's label/).fill(ownLabel);
  const submit = page.getByRole('button', { name: 'Deactivate', exact: true });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: /I understand that this affects/ }).check();
  await submit.click();
  await expect(row(page, ownLabel)).toContainText('Deactivated');

  // Translate again on the local engine: it works (a new key, made by the engine itself).
  await page.getByRole('button', { name: /^Translate/ }).first().click();
  await pickLanguages(page, 'EN', 'DE');
  await sourceBox(page).fill('The engine heals itself.');
  await expect(output(page)).not.toBeEmpty();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: /^Keys/ }).first().click();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('row').filter({ has: page.locator('.keys-used-by strong', { hasText: 'This computer' }) })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ has: page.locator('.keys-used-by strong', { hasText: 'This computer' }) })).not.toContainText('Deactivated');
});

test('a new key without a clipboard can be saved as a connection for this session only', async ({ verso: { page }, service }) => {
  await openKeysWithAdminKey(page, service);
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByLabel(/^Label/).fill('Laptop');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('cannot be shown again')).toBeVisible();
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText(/clipboard could not be reached/)).toBeVisible();
  // The panel stays; the secret is still held for the other way.
  await page.getByRole('checkbox', { name: /this session only/ }).check();
  await page.getByRole('button', { name: 'Save as a connection' }).click();
  await expect(page.getByText(/Saved as the connection/)).toBeVisible();
  const state = await page.evaluate(async () => {
    const v = (globalThis as unknown as { verso: { connections: { list(): Promise<{ ok: true; data: { connections: { name: string; apiKey: { persisted: boolean } }[] } }> } } }).verso;
    return (await v.connections.list()).data.connections;
  });
  expect(state.find((c) => c.name === 'Laptop')?.apiKey.persisted).toBe(false);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(row(page, 'Laptop').locator('.keys-used-by strong')).toContainText('Laptop');
});
