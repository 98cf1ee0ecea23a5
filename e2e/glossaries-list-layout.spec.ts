/**
 * E2E (a Russian translator's tour) of the Glossaries list at 900×700 in Russian: the list fits its area at rest and
 * with a rename field, the "Add dictionary" pair picker or the delete confirmation open. It ran 18 px past its area
 * at rest and wider with a form open, so the screen scrolled sideways: names were cut on the left ("нтомия") and
 * the row's buttons cut to "И", "П", "Уд". Names wrap and the row's buttons go onto a second line instead.
 */
import type { Page } from '@playwright/test';
import { expect, test, type TestService } from './fixtures.js';
import { addHostedKey } from './helpers.js';
import { useLocale } from './i18n-helpers.js';

async function v3(service: TestService, path: string, body: unknown) {
  const res = await service.request(path, { key: service.keys.pro_key, method: 'POST', body });
  expect(res.ok, `POST ${path}: ${res.status}`).toBe(true);
}

/** How far the screen scrolls sideways, and how far the table and every button run past the screen's content box. */
async function overflow(page: Page): Promise<{ screen: number; table: number; buttons: string[] }> {
  return page.evaluate(() => {
    const screen = document.querySelector<HTMLElement>('.screen')!;
    const box = screen.getBoundingClientRect();
    const right = box.right - parseFloat(getComputedStyle(screen).paddingRight) + 1;
    const left = box.left + parseFloat(getComputedStyle(screen).paddingLeft) - 1;
    const table = document.querySelector('.gl-table')!.getBoundingClientRect();
    const buttons = [...document.querySelectorAll<HTMLElement>('.gl-table button, .gl-dialog button')]
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.right > right || r.left < left;
      })
      .map((b) => b.textContent ?? '');
    return { screen: screen.scrollWidth - screen.clientWidth, table: Math.max(0, table.right - right), buttons };
  });
}

test('the glossary list fits 900×700 in Russian, with a rename, Add dictionary or a delete confirmation open', async ({ verso: { page }, service }) => {
  for (const name of ['Анатомия и физиологическиетерминыбезпробелов', 'Ёлки и ежи']) {
    await v3(service, '/v3/glossaries', {
      name,
      dictionaries: [
        { source_lang: 'en', target_lang: 'de', entries: 'cart\tWarenkorb', entries_format: 'tsv' },
        { source_lang: 'en', target_lang: 'fr', entries: 'cart\tpanier', entries_format: 'tsv' },
      ],
    });
  }
  await page.setViewportSize({ width: 900, height: 700 });
  await addHostedKey(page, service.keys.pro_key, 'pro');
  await useLocale(page, 'ru');
  await page.getByRole('button', { name: 'Глоссарии' }).first().click();
  await expect(page.getByRole('rowheader', { name: 'Ёлки и ежи' })).toBeVisible();
  const fits = async (state: string) => expect(await overflow(page), state).toEqual({ screen: 0, table: 0, buttons: [] });
  await fits('at rest');

  await page.getByRole('button', { name: 'Переименовать Анатомия и физиологическиетерминыбезпробелов' }).click();
  await expect(page.getByRole('textbox', { name: 'Название' })).toBeFocused();
  await fits('rename open');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Переименовать Анатомия и физиологическиетерминыбезпробелов' })).toBeFocused();

  await page.getByRole('button', { name: /^Добавить словарь в Анатомия/ }).click();
  await fits('add dictionary open');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /^Добавить словарь в Анатомия/ })).toBeFocused();

  await page.getByRole('button', { name: 'Удалить «Ёлки и ежи»' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await fits('delete confirmation open');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Удалить «Ёлки и ежи»' })).toBeFocused();
});
