/**
 * E2E (web harness, issue 21 points 5, 8, 9) in German and Arabic at 900×700: the limit field reads numbers as the
 * UI language writes them and refuses "1,5 Mio" or "-3" with the reason under the field (Apply off); the change log
 * shows "no limit" and grouped numbers in the UI language, each value isolated; rows grow with their content (a
 * long German label, "Deactivated on …") without covering the next, and every action is reachable without sideways
 * scrolling; the rename field does not cover the key id beside it (point 10, also at 1280×800). It also writes
 * the screenshots in docs/ (English, German, Arabic; light and dark; 1280×800, 900×700).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.js';
import { expect, ROOT, test, type TestService } from './fixtures.js';
import { addHostedKey } from './helpers.js';
import { useLocale } from './i18n-helpers.js';

type Catalog = Record<string, string>;
const catalog = (lang: string): Catalog => ({
  ...(JSON.parse(readFileSync(join(ROOT, 'shared/i18n', lang, 'app.json'), 'utf8')) as Catalog),
  ...(JSON.parse(readFileSync(join(ROOT, 'shared/i18n', lang, 'keys.json'), 'utf8')) as Catalog),
});
/** A catalog message with its simple `{name}` placeholders filled. */
const msg = (c: Catalog, id: string, values: Record<string, string> = {}) => c[id]!.replace(/\{(\w+)\}/g, (_, n: string) => values[n] ?? `{${n}}`);

const LONG = 'Übersetzungsserver der Buchhaltungsabteilung für den nächtlichen Rechnungslauf';

async function admin(service: TestService, path: string, method: string, body?: unknown) {
  const res = await service.request(path, { method, key: service.keys.admin_key, body });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as { key_id: string };
}

/** Rows of the key table: none covers the next, and none is cut. */
async function rowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('.keys-scroll [role="row"]')].map((r) => ({ r, box: r.getBoundingClientRect() }));
    rows.sort((a, b) => a.box.top - b.box.top);
    const out: string[] = [];
    rows.forEach(({ r, box }, i) => {
      if (r.scrollHeight > r.clientHeight + 1) out.push(`row ${i} is cut (${r.scrollHeight} > ${r.clientHeight})`);
      const next = rows[i + 1];
      if (next && box.bottom > next.box.top + 1) out.push(`row ${i} covers row ${i + 1} (${box.bottom} > ${next.box.top})`);
    });
    return out;
  });
}

/** Every row action can be brought into view without scrolling sideways. */
async function unreachableActions(page: Page): Promise<string[]> {
  const out: string[] = [];
  const buttons = page.locator('.keys-scroll [role="row"] .keys-actions button');
  const n = await buttons.count();
  const width = page.viewportSize()!.width;
  for (let i = 0; i < n; i++) {
    const b = buttons.nth(i);
    await b.scrollIntoViewIfNeeded();
    const box = (await b.boundingBox())!;
    if (box.x < 0 || box.x + box.width > width + 0.5) out.push(`${await b.getAttribute('aria-label')} at x=${box.x}..${box.x + box.width}`);
  }
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
  if (sideways) out.push('the page scrolls sideways');
  return out;
}

/** The open rename field's box against the key id cell (id and Copy) of its row: any overlap is listed. */
async function renameCoversId(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const input = document.querySelector<HTMLElement>('.keys-scroll [role="row"] input.keys-rename');
    const id = input?.closest('[role="row"]')?.querySelector<HTMLElement>('.keys-id');
    if (!input || !id) return ['no rename field or key id cell'];
    const a = input.getBoundingClientRect();
    const b = id.getBoundingClientRect();
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return w > 0.5 && h > 0.5 ? [`rename field ${a.left}..${a.right} × ${a.top}..${a.bottom} covers the key id ${b.left}..${b.right} × ${b.top}..${b.bottom}`] : [];
  });
}

async function shoot(page: Page, lang: string) {
  for (const [w, h] of [
    [1280, 800],
    [900, 700],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      await page.screenshot({ path: join(ROOT, 'docs', `keys-${lang}-${scheme}-${w}x${h}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: null });
}

test('Keys in German and Arabic at 900×700: limits in the UI language, formatted change log, rows that grow, actions in reach', async ({ verso: { page }, service }) => {
  test.setTimeout(600_000);
  await addHostedKey(page, service.keys.pro_key);
  await page.keyboard.press('Control+5');
  await page.getByLabel('Admin key', { exact: true }).fill(service.keys.admin_key);
  await page.getByRole('button', { name: 'Check and save' }).click();
  await expect(page.getByText('2 of 25 active')).toBeVisible();
  // Keys made elsewhere: a long German label, and a deactivated one ("Deactivated on …" is long in every language).
  const long = await admin(service, '/v2/admin/developer-keys', 'POST', { label: LONG });
  const old = await admin(service, '/v2/admin/developer-keys', 'POST', { label: 'Alter Laptop' });
  await admin(service, '/v2/admin/developer-keys/deactivate', 'PUT', { key_id: old.key_id });

  for (const lang of ['de', 'ar']) {
    const c = catalog(lang);
    await page.setViewportSize({ width: 900, height: 700 });
    await useLocale(page, lang);
    await page.getByRole('button', { name: c['keys.action.refresh']! }).click();
    await expect(page.getByRole('button', { name: LONG, exact: true })).toBeVisible();

    // 9: rows grow with their content and every action is in reach.
    await expect.poll(() => rowProblems(page)).toEqual([]);
    expect(await unreachableActions(page)).toEqual([]);

    // 10: the rename field takes the label's cell and does not cover the key id beside it, at 900×700 (rows as
    // cards) and at 1280×800 (the grid, where the label's column is narrow).
    for (const [w, h] of [
      [900, 700],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.getByRole('button', { name: LONG, exact: true }).click();
      const rename = page.getByRole('textbox', { name: msg(c, 'keys.rename.field', { label: LONG }) });
      await expect(rename).toBeFocused();
      expect(await renameCoversId(page), `${lang} at ${w}×${h}`).toEqual([]);
      await rename.press('Escape');
      await expect(rename).toHaveCount(0);
    }
    await page.setViewportSize({ width: 900, height: 700 });

    // 5: the limit field in the UI language.
    await page.getByRole('button', { name: msg(c, 'keys.action.limitFor', { label: LONG }) }).click();
    await page.getByRole('radio', { name: c['keys.limit.number']! }).check();
    const field = page.getByLabel(c['keys.limit.characters']!, { exact: true });
    const apply = page.getByRole('button', { name: c['keys.limit.apply']!, exact: true });
    for (const wrong of ['1,5 Mio', '-3']) {
      await field.fill(wrong);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#limit-value-error')).toBeVisible();
      await expect(apply).toBeDisabled();
    }
    // The panel as a user sees it with a refused value (the app's own field and button styles).
    await page.getByRole('dialog').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ROOT, 'docs', `keys-${lang}-limit-refused-900x700.png`) });
    const five = lang === 'de' ? '5.000' : '5000';
    await field.fill(five);
    await expect(apply).toBeEnabled();
    await apply.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const limits = (await (await service.request('/v2/admin/developer-keys', { key: service.keys.admin_key })).json()) as { label: string; usage_limits?: { characters: number | null } }[];
    expect(limits.find((k) => k.label === LONG)?.usage_limits?.characters).toBe(5000);

    // 8: the change log in the UI language, each value isolated (the limit goes back to none for the next language).
    const audit = page.getByRole('region', { name: c['keys.audit.title']! });
    const cell = audit.getByRole('row').nth(1).locator('td').last();
    const formatted = await page.evaluate(([l]) => new Intl.NumberFormat(l).format(5000), [lang]);
    await expect(cell).toHaveText(`\u2068${c['app.common.noLimit']}\u2069 ${lang === 'ar' ? '←' : '→'} \u2068${formatted}\u2069`);
    expect(await cell.textContent()).not.toMatch(/5000|no limit|\d{4}-\d\d-\d\dT/);
    await expect.poll(() => rowProblems(page)).toEqual([]);
    await expectAccessible(page, `Keys in ${lang} at 900×700`);
    await admin(service, '/v2/admin/developer-keys/limits', 'PUT', { key_id: long.key_id, characters: null });
  }

  // Screenshots (looked at before committing): English, German and Arabic, light and dark, two window sizes.
  for (const lang of ['en', 'de', 'ar']) {
    await useLocale(page, lang);
    await page.getByRole('button', { name: catalog(lang)['keys.action.refresh']! }).click();
    await expect(page.getByRole('button', { name: LONG, exact: true })).toBeVisible();
    await shoot(page, lang);
  }
});
