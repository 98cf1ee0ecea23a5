/**
 * E2E of issue 20 (Translate, Settings, first run) in Chromium through the web harness:
 * - point 11: nothing in the Translate top bar moves the panes or changes width with its content (detected
 *   language, a swap's Undo, long "not available" notes in the To list, the Options panel opened);
 * - point 10: a draft restored in a new window is not sent again — counted at the service (a hosted connection
 *   pointed at the test service, whose request counter is what would be billed);
 * - point 15: Settings on a fresh start shows no error, and an error's Details pass axe in light and dark;
 * - screenshots of Translate and Settings (light/dark, 1280×800 and 900×700) into docs/.
 */
import { createServer, type Server } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.js';
import { expect, ROOT, startWebHarness, test, skipBecause } from './fixtures.js';
import { addHostedKey, chooseLocalEngine, openOptions, output, pickLanguages, sourceBox } from './helpers.js';
import { useLocale } from './i18n-helpers.js';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 700 },
] as const;

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not visible`);
  return b;
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      await page.screenshot({ path: join(ROOT, 'docs', `${name}-${scheme}-${size.width}x${size.height}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize(SIZES[0]);
}

test('the Translate top bar keeps its size: detection, swap, long notes and Options move nothing', async ({ verso: { page } }) => {
  test.setTimeout(300_000); // a busy shared machine
  await page.setViewportSize(SIZES[0]);
  await chooseLocalEngine(page);
  await pickLanguages(page, '', 'DE');
  const panes0 = await box(page, '.tr-panes');
  const to0 = await box(page, '#target-lang');

  await sourceBox(page).fill('The committee met on Tuesday.');
  // The local engine's first answer after start can be slow on a busy machine.
  await expect(output(page)).not.toBeEmpty({ timeout: 60_000 });
  await expect(page.locator('#detected-lang')).toContainText('Detected language');
  expect((await box(page, '.tr-panes')).y).toBe(panes0.y);

  await page.getByRole('button', { name: 'Swap languages' }).click();
  await expect(page.getByRole('button', { name: 'Undo swap' })).toBeVisible();
  expect((await box(page, '.tr-panes')).y).toBe(panes0.y);
  await page.getByRole('button', { name: 'Undo swap' }).click();

  // The To list with the longest note a pair list can give it keeps its width.
  await page.evaluate(() => {
    const o = document.createElement('option');
    o.text = 'Portuguese (Brazilian) — not available from Norwegian (Bokmål) on this connection';
    o.disabled = true;
    document.getElementById('target-lang')?.append(o);
  });
  expect((await box(page, '#target-lang')).width).toBe(to0.width);

  await openOptions(page);
  const panes1 = await box(page, '.tr-panes');
  expect(panes1.height).toBe(panes0.height);
  expect(panes1.y).toBe(panes0.y);
});

test('the Options line is in view under both panes on arrival, at 900×700 and 1280×800', async ({ verso: { page } }) => {
  // Seen on a tour at 900×700: the stacked panes pushed Options just below the fold, with nothing to say it was there.
  test.setTimeout(300_000);
  await page.setViewportSize(SIZES[1]);
  await chooseLocalEngine(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    const summary = await box(page, '.tr-options > summary');
    const panes = await box(page, '.tr-panes');
    expect(summary.y + summary.height, `${size.width}×${size.height}`).toBeLessThanOrEqual(size.height);
    expect(panes.height, `${size.width}×${size.height}`).toBeGreaterThanOrEqual(300);
  }
});

test('screenshots: Translate and Settings in light and dark, 1280×800 and 900×700', async ({ verso: { page } }) => {
  test.setTimeout(400_000); // axe on a busy shared machine
  await page.setViewportSize(SIZES[0]);
  await chooseLocalEngine(page);
  await pickLanguages(page, 'EN', 'DE');
  await sourceBox(page).fill(
    'thank you for sending the contract so quickly. We have read it with our\nlawyer and would like to change two points before we sign it: the notice\nperiod in section 4 and the payment terms in section 7.',
  );
  await expect(output(page)).not.toBeEmpty();
  await expect(page.getByRole('checkbox', { name: 'Join wrapped lines' })).toBeChecked();
  await shoot(page, 'issue20-translate');
  await expectAccessible(page, 'Translate with the join-wrapped-lines offer');

  await page.keyboard.press('F1');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await shoot(page, 'issue20-keyboard-help');
  await expectAccessible(page, 'Keyboard help');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.getByRole('heading', { name: 'Translate', level: 2 }).scrollIntoViewIfNeeded();
  await shoot(page, 'issue20-settings-translate');
  await page.getByRole('heading', { name: 'Desktop', level: 2 }).scrollIntoViewIfNeeded();
  await shoot(page, 'issue20-settings-desktop');
});

test('Settings on a fresh start shows no error; error details pass axe in light and dark', async ({ verso: { page } }) => {
  test.setTimeout(400_000); // axe on a busy shared machine
  // First run: a key the service refuses, with what it said behind Details (opened).
  await page.getByRole('radio', { name: /Hosted service with an API key/ }).check();
  await page.getByLabel('API key', { exact: true }).fill('not-a-real-key');
  await page.getByRole('button', { name: 'Check and save' }).click();
  const alert = page.getByRole('alert').filter({ hasText: /key/ });
  await expect(alert).toBeVisible();
  await alert.getByText('Details').click();
  await expectAccessible(page, 'First run, refused key with its details open');

  await page.getByRole('radio', { name: /Local engine/ }).check();
  await chooseLocalEngine(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Desktop', level: 2 })).toBeVisible();
  await expect(page.getByText('These settings apply in the desktop app', { exact: false })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page, 'Settings on a fresh start');
});

/** Keeps a port taken so the next harness gets another origin (see draft-restart.spec.ts). */
function holdPort(port: number): Promise<Server> {
  return new Promise((ok, fail) => {
    const s = createServer((socket) => socket.destroy());
    s.once('error', fail);
    s.listen(port, '127.0.0.1', () => ok(s));
  });
}

test('a draft restored in a new window is not sent (or billed) again', async ({ service, tempDir, page }, testInfo) => {
  skipBecause(testInfo, testInfo.project.name === 'electron', 'this spec restarts the web harness; the desktop app restores its draft through the same code.');
  const dataDir = join(tempDir, 'verso');
  const first = await startWebHarness(service, dataDir);
  let second: Awaited<ReturnType<typeof startWebHarness>> | undefined;
  let held: Server | undefined;
  try {
    await page.goto(first.url);
    await addHostedKey(page, service.keys.pro_key);
    await pickLanguages(page, 'EN', 'DE');
    await sourceBox(page).fill('A sentence billed once.');
    await expect(output(page)).not.toBeEmpty();
    await expect
      .poll(async () => {
        const file = await readFile(join(dataDir, 'settings.json'), 'utf8').catch(() => '{}');
        return (JSON.parse(file) as { settings?: { translateDraft?: { text?: string } } }).settings?.translateDraft?.text;
      })
      .toBe('A sentence billed once.');
    const translated = (await service.stats()).byPath['/v2/translate'] ?? 0;
    expect(translated).toBeGreaterThan(0);

    await first.proc.stop();
    held = await holdPort(Number(new URL(first.url).port));
    second = await startWebHarness(service, dataDir);
    await page.goto(second.url);
    await expect(sourceBox(page)).toHaveValue('A sentence billed once.');
    await expect(page.getByText(/Your text from last time/)).toBeVisible();
    // Well past the typing pause and the languages' arrival: still nothing sent.
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('DE');
    await page.waitForTimeout(1500);
    expect((await service.stats()).byPath['/v2/translate'] ?? 0).toBe(translated);

    // Translate (the user asking) sends it once.
    await page.getByRole('button', { name: 'Translate now' }).click();
    await expect(output(page)).not.toBeEmpty();
    expect((await service.stats()).byPath['/v2/translate'] ?? 0).toBe(translated + 1);
  } finally {
    await page.close();
    await second?.proc.stop();
    await first.proc.stop();
    await new Promise<void>((r) => (held ? held.close(() => r()) : r()));
  }
});

test('keyboard help at 900×700 in Spanish: opens at its top with its focused Close in view', async ({ verso: { page } }) => {
  await page.setViewportSize({ width: 900, height: 700 });
  await chooseLocalEngine(page);
  // Spanish: the longer words make the keys run well past the dialog's height (the tour's case).
  await useLocale(page, 'es');
  await page.keyboard.press('F1');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole('button', { name: 'Cerrar' });
  await expect(close).toBeFocused();
  // The keys scroll (in their own area above Close) and the dialog opened at its title, not at its end.
  const keys = dialog.locator('.kb-body');
  const scroll = await keys.evaluate((d) => ({ over: d.scrollHeight - d.clientHeight, top: d.scrollTop }));
  expect(scroll.over).toBeGreaterThan(20);
  expect(scroll.top).toBe(0);
  // The focused Close is drawn, whole, inside the dialog's visible part (it sat below it, cut off).
  const d = (await dialog.boundingBox())!;
  const c = (await close.boundingBox())!;
  expect(c.y + c.height).toBeLessThanOrEqual(d.y + d.height);
  expect(await close.evaluate((b) => document.elementFromPoint(b.getBoundingClientRect().x + 4, b.getBoundingClientRect().bottom - 4) === b)).toBe(true);
});
