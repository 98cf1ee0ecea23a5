/**
 * E2E of the Translate domain's Settings (issue 7) in Chromium through the web harness: an admin key is checked
 * against the service's admin interface before it is kept (a developer key is refused in words that say what it
 * means), the local engine is described with its engines, and the Settings screen passes axe in light and dark.
 */
import { expectAccessible } from './axe.js';
import { expect, test } from './fixtures.js';
import { addHostedKey } from './helpers.js';

test('an admin key is checked before it is saved; a developer key is refused in words', async ({ verso: { page }, service }) => {
  await addHostedKey(page, service.keys.pro_key);
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Check an admin key' });
  const field = section.getByLabel(/^Admin key for /);
  await field.fill(service.keys.pro_key);
  await section.getByRole('button', { name: 'Check and save the admin key' }).click();
  // Told apart as the Keys screen does (issue 21): a developer key is not an unknown key.
  await expect(section.getByRole('alert')).toContainText('This is a developer key: it translates, but cannot manage keys.');
  await expect(section.getByText(/^The admin key works/)).toHaveCount(0);
  await field.fill('not-a-key-the-service-knows');
  await section.getByRole('button', { name: 'Check and save the admin key' }).click();
  await expect(section.getByRole('alert')).toContainText('The service does not know this key');
  await expectAccessible(page, 'Settings, admin key refused');

  await field.fill(service.keys.admin_key);
  await section.getByRole('button', { name: 'Check and save the admin key' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'The admin key works and is saved.' })).toBeVisible();
  await expect(field).toHaveValue('');
  // The Keys screen now works with it.
  await page.getByRole('button', { name: 'Keys' }).click();
  await expect(page.getByText('An admin key is needed')).toHaveCount(0);
});

test('the local engine is described by its engines, and its keys are said to live in its keys.json', async ({ verso: { page } }) => {
  await page.getByRole('button', { name: 'Start translating with the local engine' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  const engine = page.getByRole('region', { name: 'Local engine' });
  await expect(engine.getByText('Running with the pseudo-localisation engine.')).toBeVisible();
  await expect(engine.getByText(/Every combination of its languages/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Check an admin key' })).toContainText('keys.json');
  await expectAccessible(page, 'Settings with the Translate sections');
});
