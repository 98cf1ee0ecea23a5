/**
 * E2E: adding connections to the hosted service (here the local service stands in for it) with a Pro key and with
 * a Free key. The key is checked before it is saved, a Free key is sent to the Free address, and translating
 * works right away through the new connection.
 */
import { pseudoText } from '../service/engines/pseudo.js';
import { expect, test } from './fixtures.js';
import { addHostedKey, output, pickLanguages, sourceBox } from './helpers.js';

test('add a connection with a Pro key and translate through the Pro address', async ({
  verso: { page },
  service,
}) => {
  await addHostedKey(page, service.keys.pro_key);
  await expect(page.getByRole('combobox', { name: 'Connection', exact: true })).toContainText('Hosted service — pro');
  await pickLanguages(page, 'EN', 'FR');
  await sourceBox(page).fill('Invoice');
  await expect(output(page)).toContainText(pseudoText('Invoice'));
  const last = await service.lastRequest('/v2/translate');
  expect(last.path).toBe('/v2/translate');
  expect(last.body.text).toEqual(['Invoice']);
  // It went to the Pro listener, with the key in the spec's header.
  expect(last.headers.host).toBe(new URL(service.proUrl).host);
  expect(last.headers.authorization).toMatch(/^Service-Auth-Key \S+$/);
});

test('add a connection with a Free key: it is detected and sent to the Free address', async ({
  verso: { page },
  service,
}) => {
  expect(service.keys.free_key.endsWith(':fx')).toBe(true);
  await addHostedKey(page, service.keys.free_key);
  await expect(page.getByRole('combobox', { name: 'Connection', exact: true })).toContainText('Hosted service — free');
  await pickLanguages(page, 'EN', 'DE');
  await sourceBox(page).fill('Receipt');
  await expect(output(page)).toContainText(pseudoText('Receipt'));
  const last = await service.lastRequest('/v2/translate');
  expect(last.path).toBe('/v2/translate');
  expect(last.body.text).toEqual(['Receipt']);
  expect(last.headers.host).toBe(new URL(service.freeUrl).host);
});

test('a second connection can be added in Settings and switched to from the sidebar', async ({
  verso: { page },
  service,
}) => {
  await addHostedKey(page, service.keys.pro_key);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Local engine', exact: true }).click();
  await page.getByRole('button', { name: 'Use the local engine' }).click();
  const switcher = page.getByRole('combobox', { name: 'Connection', exact: true });
  await expect(switcher.locator('option')).toHaveCount(2);
  // Verso's own name of the local engine's connection, without "— local engine" after it (it says what it is).
  await expect(switcher.locator('option:checked')).toHaveText('This computer (offline)');
  const hosted = await switcher.locator('option', { hasText: 'Hosted service — pro' }).getAttribute('value');
  await switcher.selectOption(hosted ?? '');
  await expect(switcher.locator('option:checked')).toContainText('Hosted service — pro');
});
