/**
 * E2E (issue 21, point 7): the Usage screen's numbers and dates in German and in Arabic, in a browser in New York
 * whose own locale writes another digit system (ar-EG: Eastern Arabic digits) than the UI language (Latin).
 * Against the local service standing in for a Pro account, with 1,000 characters used before Verso's first read:
 * the period ends on its last day in the account's (UTC) period, "Updated" is never in the future after Refresh,
 * the chart's axes are labelled, the legend shows values without a pointer, every digit on screen and drawn on the
 * chart's canvas is of one system, and the 1,000 characters show as "before Verso's first read", not as today's.
 * Also saves the screenshots of the Usage screen in docs/ (English, German, Arabic; light and dark; two sizes).
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.js';
import { expect, test, type TestService } from './fixtures.js';
import { addHostedKey, output, pickLanguages, sourceBox } from './helpers.js';
import { useLocale } from './i18n-helpers.js';

const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/;

interface Case {
  ui: 'de' | 'ar';
  browserLocale: string;
  refresh: string;
  updated: RegExp;
  future: RegExp;
  beforeFirst: RegExp;
  axisPerDay: string;
  axisTotal: string;
  legend: string;
}

const CASES: Case[] = [
  {
    ui: 'de',
    browserLocale: 'de-DE',
    refresh: 'Aktualisieren',
    updated: /^Aktualisiert /,
    future: /\bin \d/,
    beforeFirst: /Vor dem ersten Abruf dieses Zeitraums durch Verso .*1\.000 Zeichen/,
    axisPerDay: 'Zeichen pro Tag',
    axisTotal: 'Zeichen in diesem Zeitraum, gesamt',
    legend: 'Legende des Diagramms',
  },
  {
    ui: 'ar',
    browserLocale: 'ar-EG',
    refresh: 'تحديث',
    updated: /^آخر تحديث /,
    future: /خلال/,
    beforeFirst: /قبل أول قراءة لهذه الفترة في Verso.*1,000 حرف/,
    axisPerDay: 'الحروف في اليوم',
    axisTotal: 'حروف هذه الفترة، الإجمالي',
    legend: 'مفتاح الرسم البياني',
  },
];

/** Records every string the page draws on a canvas (the chart's axes live only there). */
async function recordCanvasText(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __drawn: string[] };
    w.__drawn = [];
    const proto = CanvasRenderingContext2D.prototype;
    const fill = proto.fillText;
    proto.fillText = function (text: string, x: number, y: number, max?: number) {
      w.__drawn.push(String(text));
      return max === undefined ? fill.call(this, text, x, y) : fill.call(this, text, x, y, max);
    };
  });
}

const drawn = (page: Page) => page.evaluate(() => (window as unknown as { __drawn: string[] }).__drawn.slice());

/** 1,000 characters used through the API before Verso ever reads the account's usage. */
async function useBeforeVerso(service: TestService): Promise<void> {
  const res = await service.request('/v2/translate', { method: 'POST', key: service.keys.pro_key, body: { text: ['x'.repeat(1000)], target_lang: 'DE' } });
  expect(res.status).toBe(200);
}

/** The period the service reports, its first and last day written as the UI language writes dates. */
function periodWords(locale: string, now = new Date()): { first: string; last: string } {
  const f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const last = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0);
  return { first: f.format(first), last: f.format(last) };
}

for (const c of CASES) {
  test.describe(`Usage numbers and dates in ${c.ui}`, () => {
    test.use({ timezoneId: 'America/New_York', locale: c.browserLocale, viewport: { width: 1280, height: 800 } });

    test(`period end-inclusive in UTC, no future "updated", labelled axes, legend values, one digit system, before-Verso part (${c.ui})`, async ({
      verso: { page },
      service,
    }) => {
      // Two axe runs take 15-20 s each on the loaded shared machine.
      test.setTimeout(300_000);
      await useBeforeVerso(service);
      await useLocale(page, 'en');
      await addHostedKey(page, service.keys.pro_key);
      // Verso's first read of the period: the 1,000 characters are already counted.
      await page.keyboard.press('Control+4');
      await expect(page.locator('main').getByText('1,000 characters, no limit').first()).toBeVisible();
      await page.keyboard.press('Control+1');
      await pickLanguages(page, 'EN', 'DE');
      await sourceBox(page).fill('Invoice');
      await expect(output(page)).not.toBeEmpty();
      await recordCanvasText(page);
      await useLocale(page, c.ui);
      await page.keyboard.press('Control+4');
      const main = page.locator('main');
      const period = main.getByRole('region').first();

      // The period: first to last day of the account's (UTC) month, even though the browser is in New York.
      const { first, last } = periodWords(c.ui);
      await expect(main.locator('.usage-period-dates')).toContainText(first);
      await expect(main.locator('.usage-period-dates')).toContainText(last);

      // The legend shows values without hover; what came before Verso's first read is named as such.
      const legend = main.getByRole('group', { name: c.legend });
      await expect(legend).toBeVisible();
      await expect(legend.locator('.usage-legend-value').first()).not.toHaveText('--');
      await expect(legend).toContainText(c.beforeFirst);
      // 7 characters translated through Verso today; the 1,000 before are not today's.
      await expect(legend.locator('.usage-legend-0 .usage-legend-value')).toHaveText('7');

      // Refresh, then "Updated …" must be now or past, never "in N seconds".
      await expect(main.getByText(c.updated)).toBeVisible();
      await main.getByRole('button', { name: c.refresh, exact: true }).click();
      await expect(main.getByRole('button', { name: c.refresh, exact: true })).toBeEnabled();
      const updated = (await main.getByText(c.updated).textContent()) ?? '';
      expect(updated).not.toMatch(c.future);

      // The chart's axes are labelled, and every digit drawn or shown is Latin (the UI's system).
      await expect.poll(async () => (await drawn(page)).join('|')).toContain(c.axisPerDay);
      const texts = await drawn(page);
      expect(texts).toContain(c.axisTotal);
      expect(texts.filter((s) => /\d/.test(s)).length).toBeGreaterThan(0);
      expect(texts.filter((s) => EASTERN_DIGITS.test(s))).toEqual([]);
      expect(EASTERN_DIGITS.test((await main.innerText()) ?? '')).toBe(false);
      await expect(period).toBeVisible();
      await expectAccessible(page, `Usage in ${c.ui}`);
    });
  });
}
