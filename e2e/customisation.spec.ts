/**
 * E2E: the v3 customisation through the web harness against the local service (a hosted connection aimed at the
 * test service, so the test reads what the service holds). A multilingual glossary is listed with both its
 * dictionaries and one entry is edited in place (same id, the other dictionary untouched); a style rule list and a
 * translation memory are chosen by name on Translate (the request carries their ids) and on Documents (the job
 * carries them and the memory's translation is in the saved file). Screenshots for the README go to docs/.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.js';
import { expect, ROOT, test, type TestService, skipBecause } from './fixtures.js';
import { addHostedKey, fieldsInBrowserStyle, openOptions, output, pickLanguages, sourceBox } from './helpers.js';

async function v3(service: TestService, path: string, body?: unknown, method?: string) {
  const res = await service.request(path, { key: service.keys.pro_key, method: method ?? (body === undefined ? 'GET' : 'POST'), ...(body !== undefined && { body }) });
  expect(res.ok, `${method ?? 'GET'} ${path}: ${res.status}`).toBe(true);
  return res.status === 204 ? null : ((await res.json()) as Record<string, unknown>);
}

async function entries(service: TestService, id: string, s: string, t: string) {
  const body = (await v3(service, `/v3/glossaries/${id}/entries?source_lang=${s}&target_lang=${t}`)) as { dictionaries: { entries: string }[] };
  return body.dictionaries[0]!.entries;
}

async function shot(page: Page, name: string) {
  if (process.env.VERSO_DOCS_SCREENSHOTS !== '1') return;
  for (const [w, h] of [[1280, 800], [900, 700]] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(ROOT, 'docs', `${name}-${scheme}-${w}x${h}.png`), fullPage: false });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a multilingual glossary is listed with both dictionaries and one entry is edited in place', async ({ verso: { page }, service }) => {
  const made = (await v3(service, '/v3/glossaries', {
    name: 'Product terms',
    dictionaries: [
      { source_lang: 'en', target_lang: 'de', entries: 'cart\tWarenkorb\ncheckout\tKasse', entries_format: 'tsv' },
      { source_lang: 'en', target_lang: 'fr', entries: 'cart\tpanier', entries_format: 'tsv' },
    ],
  })) as { glossary_id: string };
  await addHostedKey(page, service.keys.pro_key, 'pro');
  await page.getByRole('button', { name: 'Glossaries' }).first().click();
  await expect(page.getByRole('heading', { name: 'Glossaries', level: 1 })).toBeVisible();

  const dicts = page.getByRole('list', { name: 'Dictionaries of Product terms' });
  await expect(dicts.getByRole('listitem')).toHaveCount(2);
  await expect(dicts.getByRole('listitem').filter({ hasText: 'English → German' })).toContainText('2 entries');
  await expect(dicts.getByRole('listitem').filter({ hasText: 'English → French' })).toContainText('1 entry');
  await expectAccessible(page, 'glossaries: a multilingual glossary');
  await shot(page, 'customisation-glossary-list');

  await page.getByRole('button', { name: 'Edit the English → German dictionary of Product terms' }).click();
  const target2 = page.getByLabel('Target term, row 2', { exact: true });
  await expect(target2).toHaveValue('Kasse');
  await target2.fill('Zur Kasse');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved “Product terms”/)).toBeVisible();

  const list = (await v3(service, '/v3/glossaries')) as { glossaries: { glossary_id: string }[] };
  expect(list.glossaries.map((g) => g.glossary_id)).toEqual([made.glossary_id]);
  expect(await entries(service, made.glossary_id, 'en', 'de')).toBe('cart\tWarenkorb\ncheckout\tZur Kasse');
  expect(await entries(service, made.glossary_id, 'en', 'fr')).toBe('cart\tpanier');
});

test('a style rule list and a translation memory are chosen by name on Translate and on Documents', async ({ verso: { page, dataDir }, service, tempDir }, testInfo) => {
  const style = (await v3(service, '/v3/style_rules', {
    name: 'House style',
    language: 'de',
    configured_rules: { punctuation: { quotation_mark: 'use_guillemets' } },
    custom_instructions: [{ label: 'Tone', prompt: 'Use a friendly tone' }],
  })) as { style_id: string };
  await v3(service, '/v3/style_rules', { name: 'French style', language: 'fr' });
  const tm = (await v3(service, '/v3/translation_memories', {
    name: 'Shop memory',
    source_language: 'en',
    target_language: 'de',
    entries: 'Your cart is empty\tIhr Warenkorb ist leer\n',
  })) as { translation_memory_id: string };

  await addHostedKey(page, service.keys.pro_key, 'pro');
  await pickLanguages(page, 'EN', 'DE');
  await openOptions(page);
  const styleSelect = page.getByLabel('Style rule list', { exact: true });
  // Only the list for the target's language is offered.
  await expect(styleSelect.locator('option')).toHaveText(['None', 'House style']);
  await styleSelect.selectOption({ label: 'House style' });
  await page.getByLabel('Translation memory', { exact: true }).selectOption({ label: 'Shop memory — from English into German · 1 segment' });
  await page.getByLabel('Match threshold (0–100)', { exact: true }).fill('90');
  await expect(page.getByLabel('Style rule list id')).toHaveCount(0);
  await sourceBox(page).fill('Your cart is empty');
  await expect(output(page)).toHaveText('Ihr Warenkorb ist leer');
  const { body } = await service.lastRequest('/v2/translate');
  expect(body).toMatchObject({ style_id: style.style_id, translation_memory_id: tm.translation_memory_id, translation_memory_threshold: 90 });
  await expectAccessible(page, 'translate: style rule and memory by name');
  await page.locator('.style-tm-picker').scrollIntoViewIfNeeded();
  await shot(page, 'customisation-translate-options');

  skipBecause(testInfo, testInfo.project.name === 'electron', 'the web harness stages files; the desktop app reads their paths');
  const file = join(tempDir, 'cart.txt');
  await writeFile(file, 'Your cart is empty\n');
  await page.getByRole('button', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await page.getByTestId('documents-file-input').setInputFiles([file]);
  await page.getByLabel('Source language', { exact: true }).or(page.getByLabel('From', { exact: true })).first().selectOption('EN');
  await page.getByRole('checkbox', { name: 'German', exact: true }).check();
  await page.getByLabel('Style rule list', { exact: true }).selectOption({ label: 'House style' });
  await page.getByLabel('Translation memory', { exact: true }).selectOption({ label: 'Shop memory — from English into German · 1 segment' });
  await expectAccessible(page, 'documents: style rule and memory by name');
  await page.getByRole('button', { name: /^Translate 1 document/ }).click();
  await expect(page.getByText(/^1 saved, 0 in progress, 0 failed/)).toBeVisible({ timeout: 60_000 });
  const saved = await readFile(join(dataDir, 'Verso translations', 'cart.DE.txt'), 'utf8');
  expect(saved.trim()).toBe('Ihr Warenkorb ist leer');
  const jobsDir = join(dataDir, 'documents', 'jobs');
  const jobs = await Promise.all((await readdir(jobsDir)).filter((f) => f.endsWith('.json')).map(async (f) => JSON.parse(await readFile(join(jobsDir, f), 'utf8')) as Record<string, unknown>));
  expect(JSON.stringify(jobs)).toContain(style.style_id);
  expect(JSON.stringify(jobs)).toContain(tm.translation_memory_id);
});

test('the style rule editor: create a list, set a configured rule, add and edit a custom instruction', async ({ verso: { page }, service }) => {
  await addHostedKey(page, service.keys.pro_key, 'pro');
  await page.getByRole('button', { name: 'Glossaries' }).first().click();
  await page.getByRole('button', { name: 'New style rule list' }).click();
  await page.getByRole('form', { name: 'New style rule list' }).getByLabel('Name').fill('Hausstil');
  await page.getByRole('form', { name: 'New style rule list' }).getByLabel('Language').selectOption('DE');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const editor = page.getByRole('region', { name: /Style rule list “Hausstil”/ });
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: 'Add rule' }).click();
  await editor.getByLabel('Group').selectOption('numbers');
  await editor.getByLabel('Rule', { exact: true }).fill('decimal_separator');
  await editor.getByLabel('Option', { exact: true }).fill('use_comma');
  // The editor's name, rule and option fields (inputs without a type) in the app's style, not Arial 13 px.
  expect(await fieldsInBrowserStyle(page)).toEqual([]);
  await editor.getByRole('button', { name: 'Save rules' }).click();
  await expect(editor.getByRole('status')).toHaveText('Saved.');
  await editor.getByRole('button', { name: 'Add instruction' }).click();
  await editor.getByLabel('Label').fill('Tone');
  await editor.getByLabel('Instruction', { exact: true }).fill('Use a friendly tone');
  await editor.getByRole('button', { name: 'Save instruction' }).click();
  await expect(editor.getByRole('button', { name: 'Remove the instruction Tone' })).toBeVisible();
  await expectAccessible(page, 'style rule editor');
  await shot(page, 'customisation-style-rule-editor');
  const list = (await v3(service, '/v3/style_rules?detailed=true')) as { style_rules: { name: string; configured_rules: unknown; custom_instructions: { prompt: string }[] }[] };
  const rule = list.style_rules.find((r) => r.name === 'Hausstil')!;
  expect(rule.configured_rules).toEqual({ numbers: { decimal_separator: 'use_comma' } });
  expect(rule.custom_instructions.map((c) => c.prompt)).toEqual(['Use a friendly tone']);
});
