/**
 * Conformance of the v3 customisation endpoints (service process): multilingual glossaries edited in place and
 * used by the engines (text and documents), style rule lists with configured rules and custom instructions,
 * translation memory listing, /v3/languages, and a service started without v3 (every v3 path 404, v2 intact).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../server.js';
import { createDocumentsPlugin } from '../documents/plugin.js';
import { call } from './http.js';

let svc: RunningService;
let key: string;
let otherKey: string;

beforeAll(async () => {
  svc = await startService({ inMemory: true, engines: ['pseudo'], plugins: [createDocumentsPlugin({})] });
  key = svc.keys.pro_key;
  const other = svc.store.createAccount({ name: 'Other' });
  otherKey = svc.store.createKey({ accountId: other.id, tier: 'pro' }).secret;
});
afterAll(async () => svc?.close());

const v3 = (path: string, o: Parameters<typeof call>[2] = {}) => call(svc.proUrl, path, { key, ...o });

async function twoDictGlossary() {
  const res = await v3('/v3/glossaries', {
    json: {
      name: 'Product terms',
      dictionaries: [
        { source_lang: 'en', target_lang: 'de', entries: 'car\tAuto\nhouse\tHaus', entries_format: 'tsv' },
        { source_lang: 'en', target_lang: 'fr', entries: 'car,voiture', entries_format: 'csv' },
      ],
    },
  });
  expect(res.status).toBe(201);
  return res.body as { glossary_id: string; name: string; dictionaries: { source_lang: string; target_lang: string; entry_count: number }[] };
}

describe('v3 glossaries', () => {
  it('creates a multilingual glossary, lists it with its dictionaries and reads one dictionary', async () => {
    const g = await twoDictGlossary();
    expect(g.dictionaries).toEqual([
      { source_lang: 'en', target_lang: 'de', entry_count: 2 },
      { source_lang: 'en', target_lang: 'fr', entry_count: 1 },
    ]);
    const list = await v3('/v3/glossaries');
    expect(list.body.glossaries.find((x: { glossary_id: string }) => x.glossary_id === g.glossary_id)).toMatchObject({ name: 'Product terms' });
    expect((await call(svc.proUrl, '/v3/glossaries', { key: otherKey })).body.glossaries).toEqual([]);
    expect((await call(svc.proUrl, `/v3/glossaries/${g.glossary_id}`, { key: otherKey })).status).toBe(404);
    const entries = await v3(`/v3/glossaries/${g.glossary_id}/entries?source_lang=en&target_lang=fr`);
    expect(entries.body).toEqual({ dictionaries: [{ source_lang: 'en', target_lang: 'fr', entries: 'car\tvoiture', entries_format: 'tsv' }] });
    expect((await v3(`/v3/glossaries/${g.glossary_id}/entries?source_lang=en&target_lang=es`)).status).toBe(404);
  });

  it('edits in place: PUT replaces one dictionary, PATCH renames and merges; id and other dictionaries stay', async () => {
    const g = await twoDictGlossary();
    const put = await v3(`/v3/glossaries/${g.glossary_id}/dictionaries`, {
      method: 'PUT',
      json: { source_lang: 'en', target_lang: 'de', entries: 'car\tWagen', entries_format: 'tsv' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ source_lang: 'en', target_lang: 'de', entry_count: 1 });
    const patch = await v3(`/v3/glossaries/${g.glossary_id}`, {
      method: 'PATCH',
      json: { name: 'Renamed', dictionaries: [{ source_lang: 'en', target_lang: 'fr', entries: 'house\tmaison', entries_format: 'tsv' }] },
    });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ glossary_id: g.glossary_id, name: 'Renamed' });
    const after = await v3(`/v3/glossaries/${g.glossary_id}`);
    expect(after.body.dictionaries).toEqual(
      expect.arrayContaining([
        { source_lang: 'en', target_lang: 'de', entry_count: 1 },
        { source_lang: 'en', target_lang: 'fr', entry_count: 2 },
      ]),
    );
    // A new pair is added by PUT, and removed by DELETE …/dictionaries; the others stay.
    await v3(`/v3/glossaries/${g.glossary_id}/dictionaries`, { method: 'PUT', json: { source_lang: 'de', target_lang: 'en', entries: 'Auto\tcar', entries_format: 'tsv' } });
    expect((await v3(`/v3/glossaries/${g.glossary_id}/dictionaries?source_lang=en&target_lang=fr`, { method: 'DELETE' })).status).toBe(204);
    const pairs = (await v3(`/v3/glossaries/${g.glossary_id}`)).body.dictionaries.map((d: { source_lang: string; target_lang: string }) => `${d.source_lang}-${d.target_lang}`);
    expect(pairs.sort()).toEqual(['de-en', 'en-de']);
    expect((await v3(`/v3/glossaries/${g.glossary_id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await v3(`/v3/glossaries/${g.glossary_id}`)).status).toBe(404);
  });

  it('refuses bad dictionaries with a message naming the field', async () => {
    const dup = await v3('/v3/glossaries', {
      json: { name: 'x', dictionaries: [
        { source_lang: 'en', target_lang: 'de', entries: 'a\tb', entries_format: 'tsv' },
        { source_lang: 'EN', target_lang: 'DE', entries: 'c\td', entries_format: 'tsv' },
      ] },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toMatch(/two dictionaries for EN→DE/);
    const bad = await v3('/v3/glossaries', { json: { name: 'x', dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'a\tb\na\tc', entries_format: 'tsv' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/dictionaries\[0\]\.entries/);
    expect((await v3('/v3/glossaries', { json: { name: 'x', dictionaries: [] } })).status).toBe(400);
  });

  it('is used by the engine in /v2/translate: glossary_id picks the dictionary of the pair, and follows an edit', async () => {
    const g = await twoDictGlossary();
    const tr = (target: string) =>
      v3('/v2/translate', { json: { text: ['car'], source_lang: 'EN', target_lang: target, glossary_id: g.glossary_id } });
    expect((await tr('DE')).body.translations[0].text).toContain('Auto');
    expect((await tr('FR')).body.translations[0].text).toContain('voiture');
    const es = await tr('ES');
    expect(es.status).toBe(400);
    expect(es.body.message).toMatch(/no dictionary for EN→ES/);
    await v3(`/v3/glossaries/${g.glossary_id}/dictionaries`, { method: 'PUT', json: { source_lang: 'en', target_lang: 'de', entries: 'car\tWagen', entries_format: 'tsv' } });
    const after = (await tr('DE')).body.translations[0].text as string;
    expect(after).toContain('Wagen');
    expect(after).not.toContain('Auto');
  });

  it('is used by documents', async () => {
    const g = await twoDictGlossary();
    const form = new FormData();
    form.append('file', new Blob(['car']), 'a.txt');
    form.append('target_lang', 'FR');
    form.append('source_lang', 'EN');
    form.append('glossary_id', g.glossary_id);
    const up = await fetch(`${svc.proUrl}/v2/document`, { method: 'POST', headers: { authorization: `Service-Auth-Key ${key}` }, body: form });
    expect(up.status).toBe(200);
    const { document_id, document_key } = (await up.json()) as { document_id: string; document_key: string };
    let status = '';
    for (let i = 0; i < 200 && status !== 'done' && status !== 'error'; i++) {
      status = (await v3(`/v2/document/${document_id}`, { json: { document_key } })).body.status;
      if (status !== 'done') await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('done');
    const result = await v3(`/v2/document/${document_id}/result`, { json: { document_key } });
    expect(result.text).toContain('voiture');
  });
});

describe('style rules', () => {
  it('create, list (paged, detailed), rename, configured rules, custom instructions, delete', async () => {
    const made = await v3('/v3/style_rules', {
      json: {
        name: 'House style',
        language: 'de',
        configured_rules: { punctuation: { quotation_mark: 'use_guillemets' } },
        custom_instructions: [{ label: 'Tone', prompt: 'Use a friendly tone' }],
      },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'House style', language: 'de', version: 1, configured_rules: { punctuation: { quotation_mark: 'use_guillemets' } } });
    expect(made.body.custom_instructions).toEqual([{ id: expect.any(String), label: 'Tone', prompt: 'Use a friendly tone', source_language: 'de' }]);
    const id = made.body.style_id as string;

    const list = await v3('/v3/style_rules?detailed=true&page_size=25');
    expect(list.body.style_rules.find((r: { style_id: string }) => r.style_id === id).custom_instructions).toHaveLength(1);
    expect((await v3('/v3/style_rules')).body.style_rules[0]).not.toHaveProperty('configured_rules');
    expect((await call(svc.proUrl, `/v3/style_rules/${id}`, { key: otherKey })).status).toBe(404);

    expect((await v3(`/v3/style_rules/${id}`, { method: 'PATCH', json: { name: 'Hausstil' } })).body).toMatchObject({ name: 'Hausstil', version: 2 });
    const rules = await v3(`/v3/style_rules/${id}/configured_rules`, { method: 'PUT', json: { numbers: { decimal_separator: 'use_comma' } } });
    expect(rules.body.configured_rules).toEqual({ numbers: { decimal_separator: 'use_comma' } });
    expect((await v3(`/v3/style_rules/${id}/configured_rules`, { method: 'PUT', json: { colours: {} } })).status).toBe(400);

    const ci = await v3(`/v3/style_rules/${id}/custom_instructions`, { json: { label: 'Units', prompt: 'Write units in SI' } });
    expect(ci.status).toBe(201);
    const edited = await v3(`/v3/style_rules/${id}/custom_instructions/${ci.body.id}`, { method: 'PUT', json: { label: 'Units', prompt: 'Use SI units' } });
    expect(edited.body.prompt).toBe('Use SI units');
    expect((await v3(`/v3/style_rules/${id}/custom_instructions`, { json: { label: 'Long', prompt: 'x'.repeat(301) } })).status).toBe(400);
    expect((await v3(`/v3/style_rules/${id}/custom_instructions/${ci.body.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await v3(`/v3/style_rules/${id}`)).body.custom_instructions).toHaveLength(1);

    // Used by translate: language checked, output of the local engine unchanged (no effect stated in the README).
    const plain = await v3('/v2/translate', { json: { text: ['Hello'], source_lang: 'EN', target_lang: 'DE' } });
    const styled = await v3('/v2/translate', { json: { text: ['Hello'], source_lang: 'EN', target_lang: 'DE', style_id: id } });
    expect(styled.body.translations[0].text).toBe(plain.body.translations[0].text);
    expect((await v3('/v2/translate', { json: { text: ['Hello'], target_lang: 'FR', style_id: id } })).status).toBe(400);

    expect((await v3(`/v3/style_rules/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await v3(`/v3/style_rules/${id}`)).status).toBe(404);
  });
});

describe('translation memories', () => {
  it('lists memories with languages and segment counts, paged', async () => {
    const made = await v3('/v3/translation_memories', { json: { name: 'Support', source_language: 'en', target_language: 'de', entries: 'Hello\tHallo\nBye\tTschüss' } });
    expect(made.status).toBe(201);
    const list = await v3('/v3/translation_memories?page_size=25');
    expect(list.body.total_count).toBeGreaterThanOrEqual(1);
    expect(list.body.translation_memories).toContainEqual({
      translation_memory_id: made.body.translation_memory_id,
      name: 'Support',
      source_language: 'en',
      target_languages: ['de'],
      segment_count: 2,
    });
    const tr = await v3('/v2/translate', { json: { text: ['Hello'], source_lang: 'EN', target_lang: 'DE', translation_memory_id: made.body.translation_memory_id } });
    expect(tr.body.translations[0].text).toBe('Hallo');
  });
});

describe('/v3/languages', () => {
  it('lists languages per resource with the features the engines have', async () => {
    const text = await v3('/v3/languages?resource=translate_text');
    expect(text.status).toBe(200);
    const de = text.body.find((l: { lang: string }) => l.lang === 'de');
    expect(de).toMatchObject({ name: 'German', usable_as_source: true, usable_as_target: true });
    expect(Object.keys(de.features)).toEqual(expect.arrayContaining(['formality', 'glossary', 'style_rules', 'tag_handling']));
    const enGb = text.body.find((l: { lang: string }) => l.lang === 'en-GB');
    expect(enGb.usable_as_source).toBe(false);
    const da = text.body.find((l: { lang: string }) => l.lang === 'da');
    expect(da.features).not.toHaveProperty('formality');
    expect(da.features).not.toHaveProperty('style_rules');
    const styles = await v3('/v3/languages?resource=style_rules');
    expect(styles.body.map((l: { lang: string }) => l.lang).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'zh']);
    expect((await v3('/v3/languages')).status).toBe(400);
  });
});

describe('started without v3', () => {
  it('answers 404 on every v3 customisation path and keeps v2', async () => {
    const old = await startService({ inMemory: true, engines: ['pseudo'], v3: false });
    try {
      for (const path of ['/v3/languages?resource=translate_text', '/v3/glossaries', '/v3/style_rules', '/v3/translation_memories']) {
        expect((await call(old.proUrl, path, { key: old.keys.pro_key })).status).toBe(404);
      }
      expect((await call(old.proUrl, '/v2/glossaries', { key: old.keys.pro_key })).status).toBe(200);
    } finally {
      await old.close();
    }
  });
});
