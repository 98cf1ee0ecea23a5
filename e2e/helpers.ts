/**
 * E2E page helpers (Playwright, Node): the steps specs share, written with roles and labels as a user sees them.
 */
import { expect, type Page } from '@playwright/test';

/** First run → the local engine (pseudo in tests) → the Translate screen. */
export async function chooseLocalEngine(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome to Verso' })).toBeVisible();
  await page.getByRole('button', { name: 'Start translating with the local engine' }).click();
  await expect(page.getByRole('heading', { name: 'Translate', level: 1 })).toBeVisible();
}

/** First run → a hosted key → the Translate screen (or an error shown on the form). */
export async function submitHostedKey(
  page: Page,
  key: string,
  plan: 'auto' | 'pro' | 'free' = 'auto',
): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome to Verso' })).toBeVisible();
  await page.getByRole('radio', { name: /Hosted service with an API key/ }).check();
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByLabel('Plan', { exact: true }).selectOption(plan);
  await page.getByRole('button', { name: 'Check and save' }).click();
}

export async function addHostedKey(
  page: Page,
  key: string,
  plan: 'auto' | 'pro' | 'free' = 'auto',
): Promise<void> {
  await submitHostedKey(page, key, plan);
  await expect(page.getByRole('heading', { name: 'Translate', level: 1 })).toBeVisible();
}

/** Waits until the language pickers are filled, then picks the pair ('' source = detect). */
export async function pickLanguages(page: Page, source: string, target: string): Promise<void> {
  const to = page.getByLabel('To', { exact: true });
  const from = page.getByLabel('From', { exact: true });
  // The lists come from the engine, which may still be starting (Apertium reads its pairs): a minute, not 20 s.
  await expect(to.locator(`option[value="${target}"]`)).toHaveCount(1, { timeout: 60_000 });
  await expect(from).toBeEnabled({ timeout: 60_000 });
  await from.selectOption(source);
  await to.selectOption(target);
}

export function sourceBox(page: Page) {
  return page.getByLabel('Text to translate');
}

export function output(page: Page) {
  return page.getByTestId('translation-output');
}

/** Opens the Translate screen's options panel (collapsed by default, with a one-line summary) if it is closed. */
export async function openOptions(page: Page): Promise<void> {
  const panel = page.locator('details.tr-options');
  if (!(await panel.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await panel.locator(':scope > summary').click(); // its own summary, not a nested one (Advanced: ids)
  }
  await expect(panel).toHaveAttribute('open', '');
}

/**
 * Every visible text field, list and text box on the page has the app's own field style (its font), not the browser's
 * default (Arial 13 px), which an input without a `type` used to fall back to. Returns the fields that do not.
 */
export async function fieldsInBrowserStyle(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const appFont = getComputedStyle(document.body).fontFamily;
    const fields = [...document.querySelectorAll<HTMLElement>('input, select, textarea')].filter((el) => {
      if (el instanceof HTMLInputElement && ['checkbox', 'radio', 'file', 'hidden', 'range', 'color'].includes(el.type)) return false;
      return el.getClientRects().length > 0;
    });
    return fields
      .filter((el) => getComputedStyle(el).fontFamily !== appFont)
      .map((el) => `${el.tagName.toLowerCase()}#${el.id || '?'} "${el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? ''}": ${getComputedStyle(el).font}`);
  });
}
