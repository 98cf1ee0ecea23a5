/**
 * E2E (issue 22 point 5): "Translate this term" in the glossary editor, through the web harness against the local
 * service with the pseudo engine (which changes every letter, so a placeholder it was given shows changed). A term
 * with `{count}` comes back with `{count}` byte for byte, sent wrapped for `ignore_tags` as Translate and Segments
 * send it; the target cell is filled and labelled; "Translate empty targets" previews before it fills; the fills
 * reach the draft on disk. axe in light and dark; the German UI at 900×700 fits. With VERSO_DOCS_SCREENSHOTS=1 the
 * spec writes docs/glossary-translate-term-*.png (light and dark, 1280×800 and 900×700).
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe.js';
import { expect, test } from './fixtures.js';
import { addHostedKey } from './helpers.js';
import { useLocale } from './i18n-helpers.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
test.use({ serviceV3: false });
test.describe.configure({ timeout: process.env.VERSO_DOCS_SCREENSHOTS === '1' ? 600_000 : 240_000 });

const TERMS = ['Delete {count} items', 'Open %s in /home/anna/.config/verso/', 'COMPANY_CODE settings'];

function cell(page: Page, side: 'Source' | 'Target', row: number) {
  return page.getByLabel(`${side} term, row ${row}`, { exact: true });
}

async function shots(page: Page, name: string, inView?: string): Promise<void> {
  if (process.env.VERSO_DOCS_SCREENSHOTS !== '1') return;
  for (const [w, h] of [
    [1280, 800],
    [900, 700],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    // As the editor does when the part opens at this size.
    if (inView) await page.locator(inView).evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      await page.screenshot({ path: join(ROOT, 'docs', `glossary-translate-term-${name}-${scheme}-${w}x${h}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: null });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Every glossary draft's entries on disk (main writes them under the data dir). */
async function draftsOnDisk(dataDir: string): Promise<[string, string][][]> {
  const out: [string, string][][] = [];
  const walk = async (dir: string): Promise<void> => {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(dir, n);
      if (n.endsWith('.json')) {
        try {
          const d = JSON.parse(await readFile(p, 'utf8')) as { entries?: [string, string][] };
          if (Array.isArray(d.entries)) out.push(d.entries);
        } catch {
          // A file being replaced at this moment: the next poll reads it.
        }
      } else if (!n.includes('.')) await walk(p);
    }
  };
  await walk(join(dataDir, 'glossaries'));
  return out;
}

async function newGlossaryWithTerms(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Glossaries' }).or(page.getByRole('button', { name: 'Glossaries' })).first().click();
  await page.getByRole('button', { name: 'New glossary' }).click();
  await page.getByLabel('Name', { exact: true }).fill('UI strings');
  await expect(page.getByLabel('Source language').locator('option[value="EN"]')).toHaveCount(1);
  await page.getByLabel('Source language').selectOption('EN');
  await page.getByLabel('Target language').selectOption('DE');
  for (const [i, term] of TERMS.entries()) {
    await cell(page, 'Source', i + 1).fill(term);
    if (i < TERMS.length - 1) await cell(page, 'Source', i + 1).press('Enter');
  }
}

test('a term with {count} is translated with {count} kept byte for byte, the cell filled, labelled and written to the draft', async ({
  verso: { page, dataDir },
  service,
}) => {
  await addHostedKey(page, service.keys.pro_key, 'pro');
  await newGlossaryWithTerms(page);

  // One row, by keyboard: Tab from its target field reaches its button.
  await cell(page, 'Target', 1).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Translate the term of row 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  const first = cell(page, 'Target', 1);
  await expect(first).not.toHaveValue('');
  // The button went with the empty target: the focus is on the filled cell.
  await expect(first).toBeFocused();
  const filled = await first.inputValue();
  // `{count}` as it went, the words around it through the pseudo engine (every letter changed).
  expect(filled.match(/\{count\}/g)).toEqual(['{count}']);
  expect(filled).not.toContain('Delete');
  expect(filled).not.toContain('items');
  // Sent the way Translate and Segments send it: wrapped for ignore_tags, XML tag handling.
  const sent = (await service.lastRequest('/v2/translate')).body as { text: string[]; tag_handling?: string; ignore_tags?: string[]; source_lang?: string; target_lang?: string };
  expect(sent.text).toEqual(['Delete <x-vk>{count}</x-vk> items']);
  expect(sent.tag_handling).toBe('xml');
  expect(sent.ignore_tags).toContain('x-vk');
  expect([sent.source_lang, sent.target_lang]).toEqual(['EN', 'DE']);
  // Labelled as what it is (the pseudo engine makes previews, not translations).
  await expect(page.locator('.gl-suggest')).toHaveText(['Pseudo-localised']);

  // The other empty targets at once: a preview first, nothing filled until Fill.
  await page.getByRole('button', { name: 'Translate 2 empty targets' }).click();
  const preview = page.getByRole('region', { name: '2 suggestions to fill' });
  await expect(preview).toBeVisible();
  await expect(cell(page, 'Target', 2)).toHaveValue('');
  await expectAccessible(page, 'glossary editor: preview of suggestions');
  await shots(page, 'preview', '.gl-term-preview');
  await preview.getByRole('button', { name: 'Fill 2 targets' }).click();
  const second = await cell(page, 'Target', 2).inputValue();
  expect(second).toContain('%s');
  expect(second).toContain('/home/anna/.config/verso/');
  expect(second).not.toContain('Open');
  const third = await cell(page, 'Target', 3).inputValue();
  expect(third).toContain('COMPANY_CODE');
  expect(third).not.toContain('settings');
  await expect(page.locator('.gl-suggest')).toHaveCount(3);
  await expect(page.getByText('No problems')).toBeVisible();
  await expectAccessible(page, 'glossary editor: filled suggestions');
  await shots(page, 'filled');

  // The fills are in the draft on disk, like any edit.
  await expect
    .poll(async () => (await draftsOnDisk(dataDir)).some((e) => e.length === 3 && e[0]![1] === filled && e[1]![1] === second && e[2]![1] === third), {
      timeout: 10_000,
    })
    .toBe(true);

  // Edited, a target is the user's own: its label goes.
  await cell(page, 'Target', 3).fill('COMPANY_CODE-Einstellungen');
  await expect(page.locator('.gl-suggest')).toHaveCount(2);
});

test('German UI at 900×700: the action and its labels fit', async ({ verso: { page }, service }) => {
  await addHostedKey(page, service.keys.pro_key, 'pro');
  await useLocale(page, 'de');
  await page.setViewportSize({ width: 900, height: 700 });
  await page.keyboard.press('Control+3');
  await page.getByRole('button', { name: 'Neues Glossar' }).click();
  await page.getByLabel('Name', { exact: true }).fill('UI-Texte');
  const src = page.locator('input[data-side="source"]').first();
  await src.fill('Delete {count} items');
  const button = page.getByRole('button', { name: 'Begriff in Zeile 1 übersetzen' });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  const grid = await page.getByRole('grid').boundingBox();
  expect(box && grid && box.x + box.width <= grid.x + grid.width).toBe(true);
  await button.click();
  await expect(page.locator('input[data-side="target"]').first()).toHaveValue(/\{count\}/);
  await expect(page.locator('.gl-suggest')).toHaveText(['Pseudolokalisiert']);
  await expectAccessible(page, 'glossary editor in German');
  if (process.env.VERSO_DOCS_SCREENSHOTS === '1') {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      await page.screenshot({ path: join(ROOT, 'docs', `glossary-translate-term-de-${scheme}-900x700.png`) });
    }
  }
});
