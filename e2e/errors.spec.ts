/**
 * E2E: the 403, 456 and 429 flows show messages that say what happened and what to do.
 */
import { pseudoText } from '../service/engines/pseudo.js';
import { expect, test } from './fixtures.js';
import { addHostedKey, output, pickLanguages, sourceBox, submitHostedKey } from './helpers.js';

test('403: a wrong key, or a Pro key on the Free address, is refused before it is saved', async ({
  verso: { page },
  service,
}) => {
  await submitHostedKey(page, 'f63c02c5-f056-4b6f-8f8d-d4e2b6a0e6b1');
  await expect(page.getByRole('alert')).toContainText('403');
  await expect(page.getByRole('alert')).toContainText(/key is right/);
  await submitHostedKey(page, service.keys.pro_key, 'free');
  await expect(page.getByRole('alert')).toContainText('403');
  await expect(page.getByRole('alert')).toContainText(
    /Free key \(ending in :fx\) is used with the Free address/,
  );
  // Nothing was saved: still on the first-run screen.
  await expect(page.getByRole('heading', { name: 'Welcome to Verso' })).toBeVisible();
});

test('456: a key whose quota is used up says so, with what to do', async ({ verso: { page }, service }) => {
  const created = await service.request('/v2/admin/developer-keys', {
    method: 'POST',
    key: service.keys.admin_key,
    body: { label: 'Blocked' },
  });
  expect(created.ok).toBe(true);
  const dev = (await created.json()) as { key_id: string; key: string };
  const limited = await service.request('/v2/admin/developer-keys/limits', {
    method: 'PUT',
    key: service.keys.admin_key,
    body: { key_id: dev.key_id, characters: 0 },
  });
  expect(limited.status).toBe(200);

  await page.setViewportSize({ width: 900, height: 700 });
  await addHostedKey(page, dev.key);
  await pickLanguages(page, 'EN', 'DE');
  await sourceBox(page).fill('Anything');
  const alert = page.getByRole('alert').filter({ hasText: '456' });
  await expect(alert).toContainText(/quota/i);
  await expect(alert).toContainText(/Wait for the next period|raise the limit|local engine/);
  // In view at 900×700 without scrolling: in the output pane, where the translation would be (below the panes, the
  // user saw an empty output and no word why).
  await expect(alert).toBeInViewport();
  await expect(page.getByTestId('translation-output').locator('xpath=..').getByRole('alert')).toHaveCount(1);
  // The text is kept, ready to translate once the quota allows.
  await expect(sourceBox(page)).toHaveValue('Anything');
});

test('429: the service slows Verso down; the user sees the retry, then the translation', async ({
  verso: { page },
  service,
}) => {
  await addHostedKey(page, service.keys.pro_key);
  await pickLanguages(page, 'EN', 'DE');
  await service.armFaults({ '429-count': '2', 'retry-after': '2' });
  await sourceBox(page).fill('Slow down');
  await expect(
    page.getByRole('status').filter({ hasText: /The service asked Verso to slow down\. Retrying in \d+ seconds?/ }),
  ).toBeInViewport();
  await expect(output(page)).toContainText(pseudoText('Slow down'));
  await expect(page.getByText(/Retrying in/)).toHaveCount(0);
});
