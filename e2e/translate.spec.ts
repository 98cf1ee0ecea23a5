/**
 * E2E of the Translate screen (issue 7) in Chromium through the web harness: a switch of connection re-translates
 * the same text on the new service, swap during the typing pause keeps what was typed, targets the local engine
 * cannot reach are disabled (Apertium: the pseudo engine does every pair), the default target follows the browser's
 * language, the second language is used when the text already is in the target, a 1 MB text translates in Text
 * mode, each state passes axe in light and dark, and nothing keeps animating once the screen is idle.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { pseudoText } from '../service/engines/pseudo.js';
import { expectAccessible } from './axe.js';
import { expect, startTsProcess, test, type TestService, skipBecause } from './fixtures.js';
import { chooseLocalEngine, openOptions, output, pickLanguages, sourceBox } from './helpers.js';

const APERTIUM = existsSync('/usr/share/apertium/modes/eng-spa.mode') || existsSync('/usr/local/share/apertium/modes/eng-spa.mode');
const NO_APERTIUM = 'Apertium with English→Spanish is not installed here (./scripts/setup installs it); the pseudo engine translates every pair, so nothing would be unreachable.';

/** The web harness with chosen local engines (the fixture's runs the pseudo engine only). */
async function harness(service: TestService, dataDir: string, engines: string) {
  return startTsProcess(
    'web/server.ts',
    [
      '--port', '0',
      '--data-dir', dataDir,
      '--engines', engines,
      '--test-cipher',
      '--hosted-pro-url', service.proUrl,
      '--hosted-free-url', service.freeUrl,
      ...(process.env.VERSO_E2E_RENDERER_DIR ? ['--renderer-dir', process.env.VERSO_E2E_RENDERER_DIR] : []),
    ],
    /Verso web harness: (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/,
    'The Verso web harness',
  );
}

async function translateRequests(service: TestService): Promise<number> {
  return (await service.stats()).byPath['/v2/translate'] ?? 0;
}

/** Settings → Connections → add a hosted Pro key (it becomes the active connection), back to Translate. */
async function addHostedInSettings(page: Page, key: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Hosted key' }).click();
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Check and save', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Connection', exact: true }).locator('option')).toHaveCount(2);
}

test('switching from the local engine to a hosted service re-translates the same text there', async ({ service, tempDir, page }, testInfo) => {
  skipBecause(testInfo, testInfo.project.name === 'electron', 'starts its own web harness with Apertium as the local engine');
  // With Apertium the two outputs differ (real Spanish vs the test service's pseudo text); without it both are
  // pseudo text and the proof is the request the service received and the billed count only it reports.
  const { proc, match } = await harness(service, join(tempDir, 'verso'), APERTIUM ? 'apertium' : 'pseudo');
  try {
    await page.goto(match[1]!);
    await chooseLocalEngine(page);
    await pickLanguages(page, 'EN', 'ES');
    const text = 'The cat sleeps on the table.';
    await sourceBox(page).fill(text);
    await expect(output(page)).not.toBeEmpty();
    await expect(output(page)).not.toHaveAttribute('data-stale', 'true');
    const localOut = await output(page).innerText();
    const before = await translateRequests(service);

    await addHostedInSettings(page, service.keys.pro_key);
    await page.getByRole('button', { name: 'Translate', exact: true }).first().click();
    await expect(sourceBox(page)).toHaveValue(text);
    // The new service receives the same text, without any typing, and its answer replaces the old one.
    await expect.poll(() => translateRequests(service)).toBeGreaterThan(before);
    expect((await service.lastRequest('/v2/translate')).body).toMatchObject({ text: [text], target_lang: 'ES' });
    await expect(output(page)).toContainText(pseudoText(text));
    await expect(output(page)).not.toHaveAttribute('data-stale', 'true');
    if (APERTIUM) expect(localOut).not.toContain(pseudoText(text));
  } finally {
    await page.close();
    await proc.stop();
  }
});

test('swap during the typing pause keeps the typed text; Undo brings the languages back', async ({ verso: { page } }) => {
  await chooseLocalEngine(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const pause = page.getByLabel('Pause after typing before translating (ms)');
  await pause.fill('4000');
  await pause.press('Enter');
  await page.getByRole('button', { name: 'Translate', exact: true }).first().click();
  await pickLanguages(page, 'EN', 'DE');
  await sourceBox(page).fill('First text');
  await page.getByRole('button', { name: 'Translate', exact: true }).last().click();
  await expect(output(page)).toContainText(pseudoText('First text'));

  await sourceBox(page).fill('Second text, not translated yet');
  await page.getByRole('button', { name: 'Swap languages' }).click();
  await expect(sourceBox(page)).toHaveValue('Second text, not translated yet');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('DE');
  await expect(page.getByText('Languages swapped; your new text stays the source.')).toBeVisible();
  await page.getByRole('button', { name: 'Undo swap' }).click();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('EN');
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('DE');
  await expect(sourceBox(page)).toHaveValue('Second text, not translated yet');
});

test('targets the local engine cannot reach from the source are shown disabled, with the reason', async ({ service, tempDir, page }, testInfo) => {
  skipBecause(testInfo, testInfo.project.name === 'electron', 'starts its own web harness with Apertium as the local engine');
  skipBecause(testInfo, !APERTIUM, NO_APERTIUM);
  const { proc, match } = await harness(service, join(tempDir, 'verso'), 'apertium');
  try {
    await page.goto(match[1]!);
    await chooseLocalEngine(page);
    await pickLanguages(page, 'EN', 'ES');
    const to = page.getByLabel('To', { exact: true });
    await expect(to.locator('option[value="ES"]')).toBeEnabled();
    // Apertium does English → Spanish, not English → every language it lists: those are there, disabled, saying why.
    const unreachable = to.locator('option:disabled');
    await expect(unreachable.first()).toContainText('not available from English on this connection');
    const codes = await unreachable.evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(codes).not.toContain('ES');
    expect(codes.length).toBeGreaterThan(0);
    await sourceBox(page).fill('Good morning.');
    await expect(output(page)).not.toBeEmpty();
    await expectAccessible(page, 'Translate screen with Apertium pairs');
  } finally {
    await page.close();
    await proc.stop();
  }
});

const plFirstRun = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'shared', 'i18n', 'pl', 'first-run.json'), 'utf8')) as Record<string, string>;

test.describe('default target from the browser language', () => {
  test.use({ locale: 'pl-PL' });
  test('a Polish browser gets Polish as the first target', async ({ verso: { page } }) => {
    // The UI follows the browser's language too (Polish is offered), so the steps use the Polish catalog's words.
    await page.getByRole('button', { name: plFirstRun['firstRun.start']! }).click();
    expect(await page.evaluate(() => navigator.language)).toBe('pl-PL');
    await expect(page.locator('#target-lang')).toHaveValue('PL');
  });
});

test('the second language is used when the text already is in the target language, and it says so', async ({ verso: { page }, service }) => {
  await chooseLocalEngine(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Second language').selectOption('DE');
  await expect(page.getByLabel('Second language')).toHaveValue('DE');
  await page.getByRole('button', { name: 'Translate', exact: true }).first().click();
  const to = page.getByLabel('To', { exact: true });
  const english = await to.locator('option[value^="EN"]').first().getAttribute('value');
  await pickLanguages(page, '', english!);
  const text = 'This is plainly an English sentence about the weather and the trains today.';
  await sourceBox(page).fill(text);
  await expect(page.getByText(/The text is already in English, so Verso translated it into German \(your second language\)\./)).toBeVisible();
  await expect(output(page)).toContainText(pseudoText('weather'));
  void service;
});

test('a 1 MB text translates in Text mode, in several requests, with progress', async ({ verso: { page } }) => {
  test.setTimeout(300_000);
  await chooseLocalEngine(page);
  await pickLanguages(page, 'EN', 'DE');
  const paragraphs = Array.from({ length: 22_000 }, (_, i) => `Paragraph ${i + 1} of the long report says hello.`);
  const text = paragraphs.join('\n\n');
  expect(new TextEncoder().encode(text).length).toBeGreaterThan(1_000_000);
  // In one go, as a paste lands (Playwright's fill types it through insertText, which takes minutes for 1 MB).
  await sourceBox(page).evaluate((el: HTMLTextAreaElement, v) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
  await expect(page.getByRole('progressbar', { name: /progress/i })).toBeVisible();
  await expect(output(page)).toContainText(pseudoText('Paragraph 22000 of the long report'), { timeout: 240_000 });
  await expect(output(page)).not.toHaveAttribute('data-stale', 'true');
  const out = await output(page).evaluate((el) => el.textContent ?? '');
  expect(out.split('\n\n')).toHaveLength(paragraphs.length);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Translate screen states pass axe in light and dark', async ({ verso: { page } }) => {
  await chooseLocalEngine(page);
  await expectAccessible(page, 'Translate, empty');
  await pickLanguages(page, 'EN', 'DE');
  await sourceBox(page).fill('Accessible text');
  await expect(output(page)).toContainText(pseudoText('Accessible text'));
  await expectAccessible(page, 'Translate, with a translation');
  await openOptions(page);
  await expectAccessible(page, 'Translate, options open');
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('button', { name: 'Turn history on' })).toBeVisible();
  await expectAccessible(page, 'Translate, history panel (off)');
  await page.keyboard.press('Escape');
  await page.locator('body').press('?');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'Translate, keyboard help');
});

test('nothing keeps animating once the screen is idle (the hidden spinner ran forever and kept the compositor busy)', async ({ verso: { page } }) => {
  await chooseLocalEngine(page);
  await pickLanguages(page, 'EN', 'DE');
  await sourceBox(page).fill('Idle after this');
  await expect(output(page)).toContainText(pseudoText('Idle after this'));
  await expect(output(page)).not.toHaveAttribute('data-stale', 'true');
  // Every animation still running, by element: none once nothing is loading or translating.
  const running = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running')
        .map((a) => `${(a as CSSAnimation).animationName} on .${((a.effect as KeyframeEffect).target as Element).className.replaceAll(' ', '.')}`),
    );
  await expect.poll(running).toEqual([]);
});
