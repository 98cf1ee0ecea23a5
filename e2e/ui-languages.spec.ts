/**
 * Every screen in every UI language (UI-languages issue, part 2): with the language chosen as Settings does, each
 * screen opens with its title from that language's catalog, the sidebar names every screen in that language,
 * nothing is clipped or spills out of its box, and right-to-left languages mirror the shell and stay axe-clean.
 * With VERSO_DOCS_SCREENSHOTS=1 it also writes the screenshots the README shows (docs/ui-<locale>-<screen>.png).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectAccessible } from './axe.js';
import { expect, ROOT, test } from './fixtures.js';
import { chooseLocalEngine } from './helpers.js';
import { openScreen, overflowingElements, SCREENS, useLocale } from './i18n-helpers.js';

const I18N = join(ROOT, 'shared', 'i18n');
const LOCALES = (readFileSync(join(I18N, 'locales.ts'), 'utf8').match(/UI_LOCALES = \[([^\]]*)\]/)?.[1] ?? '')
  .split(',')
  .map((s) => s.trim().replace(/'/g, ''))
  .filter(Boolean);

function catalog(locale: string): Record<string, string> {
  const dir = join(I18N, locale);
  return Object.assign({}, ...readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8'))));
}

/** The catalog key of each screen's sidebar label (the shell's navigation). */
const NAV_KEY: Record<string, string> = {
  translate: 'app.nav.translate',
  documents: 'app.nav.documents',
  glossaries: 'app.nav.glossaries',
  usage: 'app.nav.usage',
  keys: 'app.nav.keys',
  settings: 'app.nav.settings',
};

const SHOTS = process.env.VERSO_DOCS_SCREENSHOTS === '1' ? new Set(['ar:translate', 'ar:documents', 'ja:translate', 'ja:documents']) : new Set<string>();

for (const locale of LOCALES) {
  test(`${locale}: every screen opens in ${locale}, named in it, nothing clipped`, async ({ verso: { page } }) => {
    const messages = catalog(locale);
    await chooseLocalEngine(page);
    await useLocale(page, locale);
    const rtl = locale === 'ar';
    expect(await page.evaluate(() => document.dir)).toBe(rtl ? 'rtl' : 'ltr');
    for (const s of SCREENS) {
      await openScreen(page, s);
      await expect(page.locator('.sidebar nav')).toContainText(messages[NAV_KEY[s.id]!]!);
      expect(await overflowingElements(page), `${locale} ${s.id}: clipped or overflowing`).toEqual([]);
      if (rtl) {
        const sidebar = await page.locator('.sidebar').boundingBox();
        const main = await page.locator('main#main').boundingBox();
        expect(sidebar!.x, `${s.id}: the sidebar sits on the right`).toBeGreaterThanOrEqual(main!.x + main!.width - 1);
        await expectAccessible(page, `${s.id} in ${locale}`);
      }
      if (SHOTS.has(`${locale}:${s.id}`)) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.screenshot({ path: join(ROOT, 'docs', `ui-${locale}-${s.id}.png`) });
      }
    }
  });
}
