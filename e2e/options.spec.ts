/**
 * E2E: every option of the Translate screen reaches the wire. The user sets each option in the UI; the request the
 * service received (`/__session__/last-request`) must carry each one under the spec's name.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures.js';
import { addHostedKey, openOptions, output, pickLanguages, sourceBox } from './helpers.js';

function list(v: unknown): string[] {
  return Array.isArray(v)
    ? v.map(String)
    : String(v)
        .split(',')
        .map((s) => s.trim());
}

test('every option of the Translate screen reaches the wire', async ({
  verso: { page },
  service,
  tempDir,
}) => {
  const created = await service.request('/v2/glossaries', {
    method: 'POST',
    key: service.keys.pro_key,
    body: {
      name: 'Shop terms',
      source_lang: 'en',
      target_lang: 'de',
      entries: 'cart\tWarenkorb\n',
      entries_format: 'tsv',
    },
  });
  expect(created.ok).toBe(true);
  const glossary = (await created.json()) as { glossary_id: string };
  // Style rule lists and translation memories have no API in the spec; the service's admin CLI makes them.
  const [account] = await service.cli(['account', 'list']);
  const accountId = String(account?.id);
  const [style] = await service.cli(['style-rule', 'create', '--account', accountId, '--language', 'DE', '--name', 'House style']);
  const entries = join(tempDir, 'tm.tsv');
  await writeFile(entries, 'Your cart is empty\tIhr Warenkorb ist leer\n');
  const [tm] = await service.cli([
    'tm',
    'create',
    '--account',
    accountId,
    '--source',
    'EN',
    '--target',
    'DE',
    '--entries',
    entries,
    '--name',
    'Shop memory',
  ]);
  const styleId = String(style?.style_id);
  const tmId = String(tm?.translation_memory_id);

  await addHostedKey(page, service.keys.pro_key);
  await pickLanguages(page, 'EN', 'DE');
  await openOptions(page);
  await page.getByLabel('Formality', { exact: true }).selectOption('more');
  await page.getByLabel('Model', { exact: true }).selectOption('quality_optimized');
  await page.getByLabel(/^Context/).fill('Labels of an online shop');
  await page.getByRole('checkbox', { name: /Shop terms/ }).check();
  // The service lists them (v3): chosen by name, not typed as ids.
  await page.getByLabel('Style rule list', { exact: true }).selectOption({ label: 'House style' });
  await page.getByLabel('Translation memory', { exact: true }).selectOption({ label: 'Shop memory — from English into German · 1 segment' });
  await page.getByLabel('Match threshold (0–100)', { exact: true }).fill('80');
  await page.getByRole('button', { name: 'Add instruction' }).click();
  await page.getByLabel('Instruction 1', { exact: true }).fill('Use short words');
  await page.getByLabel('Tag handling', { exact: true }).selectOption('xml');
  await page.getByLabel('Tag handling version', { exact: true }).selectOption('v2');
  await page.getByLabel('Detect the XML outline automatically', { exact: true }).uncheck();
  await page.getByLabel('Splitting tags', { exact: true }).fill('p, br');
  await page.getByLabel('Non-splitting tags', { exact: true }).fill('b');
  await page.getByLabel('Ignore tags (not translated)', { exact: true }).fill('code');
  await page.getByLabel('Split sentences', { exact: true }).selectOption('nonewlines');
  await page.getByLabel(/Preserve formatting/).check();

  await sourceBox(page).fill('<p>Your <b>cart</b> is <code>empty</code></p>');
  await expect(output(page)).not.toBeEmpty();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect
    .poll(async () => (await service.lastRequest('/v2/translate')).body?.text)
    .toEqual(['<p>Your <b>cart</b> is <code>empty</code></p>']);
  const { body, path } = await service.lastRequest('/v2/translate');
  expect(path).toBe('/v2/translate');
  expect(body).toMatchObject({
    source_lang: 'EN',
    target_lang: 'DE',
    formality: 'more',
    model_type: 'quality_optimized',
    context: 'Labels of an online shop',
    glossary_id: glossary.glossary_id,
    style_id: styleId,
    translation_memory_id: tmId,
    translation_memory_threshold: 80,
    custom_instructions: ['Use short words'],
    tag_handling: 'xml',
    tag_handling_version: 'v2',
    outline_detection: false,
    split_sentences: 'nonewlines',
    preserve_formatting: true,
    show_billed_characters: true,
  });
  expect(list(body.splitting_tags)).toEqual(['p', 'br']);
  expect(list(body.non_splitting_tags)).toEqual(['b']);
  expect(list(body.ignore_tags)).toEqual(['code']);
});

test('options the spec forbids for the pair are disabled with the reason and never sent', async ({
  verso: { page },
  service,
}) => {
  await addHostedKey(page, service.keys.pro_key);
  await pickLanguages(page, '', 'BG');
  await openOptions(page);
  await expect(page.getByLabel('Formality', { exact: true })).toBeDisabled();
  await expect(page.getByText(/Bulgarian has no formal\/informal distinction/)).toBeVisible();
  await expect(page.getByText(/Glossaries need a source language/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add instruction' })).toBeDisabled();
  await expect(page.getByText(/Custom instructions work only for/)).toBeVisible();
  await sourceBox(page).fill('Hello');
  await expect.poll(async () => (await service.lastRequest('/v2/translate')).body?.text).toEqual(['Hello']);
  const { body } = await service.lastRequest('/v2/translate');
  expect(body.target_lang).toBe('BG');
  for (const forbidden of [
    'formality',
    'glossary_id',
    'glossary_ids',
    'custom_instructions',
    'source_lang',
  ]) {
    expect(body).not.toHaveProperty(forbidden);
  }
});
