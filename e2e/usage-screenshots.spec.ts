/**
 * E2E (issue 21): pictures of the Usage screen for the docs and for looking at — English, German and Arabic, light
 * and dark, 1280×800 and 900×700 — against the local service as a Pro account with a 5,000-character limit, 1,000
 * characters used before Verso's first read and a translation through Verso after it. Also the 80 % warning on
 * Translate and the 456 message with its details. Each picture is taken after the screen shows its figures; the
 * spec asserts that nothing spills sideways at either size.
 */
import { join } from 'node:path';
import { expect, ROOT, test } from './fixtures.js';
import { addHostedKey, output, pickLanguages, sourceBox } from './helpers.js';
import { useLocale } from './i18n-helpers.js';

const shot = (name: string) => join(ROOT, 'docs', `usage-${name}.png`);

test.use({ timezoneId: 'America/New_York', viewport: { width: 1280, height: 800 } });

test('Usage screen pictures in English, German and Arabic, light and dark, two sizes; the 80 % warning and the 456', async ({
  verso: { page },
  service,
}) => {
  test.setTimeout(300_000);
  const [account] = await service.cli(['account', 'list']);
  await service.cli(['account', 'set', '--account', String(account!.id), '--character-limit', '5000']);
  const before = await service.request('/v2/translate', { method: 'POST', key: service.keys.pro_key, body: { text: ['x'.repeat(1000)], target_lang: 'DE' } });
  expect(before.status).toBe(200);
  await useLocale(page, 'en');
  await addHostedKey(page, service.keys.pro_key);
  await page.keyboard.press('Control+4');
  await expect(page.locator('main').getByText(/^1,000 of 5,000 characters/).first()).toBeVisible();
  await page.keyboard.press('Control+1');
  await pickLanguages(page, 'EN', 'DE');
  await sourceBox(page).fill('Invoice for the translation of the annual report, second part.');
  await expect(output(page)).not.toBeEmpty();

  for (const locale of ['en', 'de', 'ar'] as const) {
    await useLocale(page, locale);
    await page.keyboard.press('Control+4');
    await expect(page.locator('main .usage-legend')).toBeVisible();
    await expect(page.locator('main .usage-chart-canvas canvas').first()).toBeVisible();
    for (const size of [
      { width: 1280, height: 800 },
      { width: 900, height: 700 },
    ]) {
      await page.setViewportSize(size);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        // Each picture from the top of the screen (the scroll position survives a language switch).
        await page.evaluate(() => document.querySelectorAll('*').forEach((e) => e.scrollTop && (e.scrollTop = 0)));
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
        expect(sideways, `${locale} ${size.width} ${scheme}: the page scrolls sideways`).toBe(false);
        await page.screenshot({ path: shot(`${locale}-${scheme}-${size.width}x${size.height}`) });
        if (size.width === 1280) {
          await page.locator('main').getByRole('region').nth(1).screenshot({ path: shot(`${locale}-${scheme}-history`) });
        }
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: null });
  }

  // The 80 % warning on Translate, and the 456 with whose limit, what is left and how long the text is.
  await useLocale(page, 'en');
  await service.request('/v2/translate', { method: 'POST', key: service.keys.pro_key, body: { text: ['y'.repeat(3100)], target_lang: 'DE' } });
  await page.keyboard.press('Control+4');
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await page.keyboard.press('Control+1');
  await expect(page.getByText(/^The account has used 8\d% of its character limit this period/)).toBeVisible();
  await sourceBox(page).fill('z'.repeat(1049));
  const alert = page.getByRole('alert').filter({ hasText: "The account's character limit stops this text" });
  await expect(alert).toContainText('but the text has 1,049. A shorter text may still go through.');
  await alert.getByText('Details').click();
  await expect(alert).toContainText("The service's own words:");
  await page.screenshot({ path: shot('translate-quota-en-light-1280x800') });
});
