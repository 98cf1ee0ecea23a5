/**
 * E2E: "Copy" in the web harness really copies. Main runs in Node there (maybe without a display), so the harness
 * shim copies with the page's clipboard API and reports honestly whether it could; the UI says which happened.
 */
import { expect, test, skipBecause } from './fixtures.js';
import { chooseLocalEngine, output, pickLanguages, sourceBox } from './helpers.js';

test('Copy puts the translation on the clipboard', async ({ verso: { page, url } }, testInfo) => {
  skipBecause(testInfo, testInfo.project.name === 'electron', 'the desktop app copies through Electron’s clipboard in main; this spec checks the web harness’s page-side copy.');
  await chooseLocalEngine(page);
  await pickLanguages(page, 'EN', 'DE');
  await sourceBox(page).fill('Copy this');
  await expect(output(page)).not.toBeEmpty();
  const translated = (await output(page).textContent()) ?? '';

  // Reading back needs the read permission; the component tests cover the answer when copying is refused.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(translated);
});
