/**
 * Conformance: POST /v2/translate — every parameter of the spec's table, its rules and its 400s, JSON and form,
 * limits, billing, and the pseudo engine's labelling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../server.js';
import { call } from './http.js';

let svc: RunningService;
let key: string;
let accountId: string;

beforeAll(async () => {
  svc = await startService({ inMemory: true, engines: ['pseudo'], faults: true });
  key = svc.keys.pro_key;
  accountId = svc.store.listAccounts()[0]!.id;
});
afterAll(async () => svc?.close());

const tr = (json: Record<string, unknown>) => call(svc.proUrl, '/v2/translate', { key, json });
const lastRequest = async () => (await call(svc.proUrl, '/__session__/last-request')).body;

describe('basic translation', () => {
  it('translates every text, in order, and labels pseudo output', async () => {
    const r = await tr({ text: ['One', 'Two', 'Three'], target_lang: 'DE', source_lang: 'EN' });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-verso-engine')).toBe('pseudo');
    expect(r.body.translations.map((t: { text: string }) => t.text)).toEqual(['⟦Óñé⟧', '⟦Ŧŵó⟧', '⟦Ŧĥŕéé⟧']);
    expect(r.body.translations[0].detected_source_language).toBe('EN');
    expect(r.body.translations[0]).not.toHaveProperty('billed_characters');
    expect(r.body.translations[0]).not.toHaveProperty('model_type_used');
    expect(r.body.translations[0]).not.toHaveProperty('tag_handling_version');
  });

  it('accepts form bodies with repeated text and 1/0 booleans', async () => {
    const r = await call(svc.proUrl, '/v2/translate', {
      key,
      form: [
        ['text', 'Cat'],
        ['text', 'Dog'],
        ['target_lang', 'FR'],
        ['source_lang', 'EN'],
        ['show_billed_characters', '1'],
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.translations).toHaveLength(2);
    expect(r.body.translations[1].text).toBe('⟦Đóĝ⟧');
    expect(r.body.translations[1].billed_characters).toBe(3);
  });

  it('detects the source language when source_lang is omitted', async () => {
    const r = await tr({ text: ['Der Hund schläft den ganzen Tag im Garten hinter dem Haus.'], target_lang: 'EN-GB' });
    expect(r.status).toBe(200);
    expect(r.body.translations[0].detected_source_language).toBe('DE');
  });

  it('detects short texts sent together as their batch language, and keeps a sentence in another language', async () => {
    const r = await tr({
      text: [
        'Hello, {name}!',
        'Save changes',
        'Your changes have been saved.',
        'Das Wetter war gestern so schön, dass wir am Fluss entlang spazieren gegangen sind.',
      ],
      target_lang: 'FR',
    });
    expect(r.status).toBe(200);
    expect(r.body.translations.map((t: { detected_source_language: string }) => t.detected_source_language)).toEqual([
      'EN',
      'EN',
      'EN',
      'DE',
    ]);
  });

  it('leaves text unchanged between variants of one language, and bills equal languages', async () => {
    const r = await tr({ text: ['Colour me surprised'], source_lang: 'EN', target_lang: 'EN-US', show_billed_characters: true });
    expect(r.body.translations[0].text).toBe('Colour me surprised');
    expect(r.body.translations[0].billed_characters).toBe(19);
    const same = await tr({ text: ['Hola'], source_lang: 'ES', target_lang: 'ES', show_billed_characters: true });
    expect(same.body.translations[0].text).toBe('Hola');
    expect(same.body.translations[0].billed_characters).toBe(4);
  });

  it('bills Unicode code points and never bills context', async () => {
    const text = '😀 naïve 中文';
    const r = await tr({ text: [text], source_lang: 'EN', target_lang: 'DE', show_billed_characters: true, context: 'x'.repeat(500) });
    expect(r.body.translations[0].billed_characters).toBe([...text].length);
    expect([...text].length).not.toBe(text.length);
  });

  it('echoes model_type_used when model_type is set', async () => {
    for (const [sent, used] of [
      ['latency_optimized', 'latency_optimized'],
      ['quality_optimized', 'quality_optimized'],
      ['prefer_quality_optimized', 'quality_optimized'],
    ]) {
      const r = await tr({ text: ['x'], source_lang: 'EN', target_lang: 'DE', model_type: sent });
      expect(r.body.translations[0].model_type_used).toBe(used);
    }
  });

  it('splits sentences per split_sentences', async () => {
    const text = 'First one. Second one\nThird line';
    const count = async (split?: string) => {
      const body: Record<string, unknown> = { text: [text], source_lang: 'EN', target_lang: 'DE' };
      if (split !== undefined) body.split_sentences = split;
      const r = await tr(body);
      return (r.body.translations[0].text.match(/⟦/g) ?? []).length;
    };
    expect(await count()).toBe(3);
    expect(await count('1')).toBe(3);
    expect(await count('0')).toBe(1);
    expect(await count('nonewlines')).toBe(2);
  });

  it('gives back tabs, line breaks and runs of spaces exactly (tab-separated lines)', async () => {
    const text = 'btn.save\tSave changes\nmsg.count\tYou have {count} new messages\n\tx  y \t z';
    const r = await tr({ text: [text], source_lang: 'EN', target_lang: 'DE' });
    const out: string = r.body.translations[0].text;
    expect(out.replace(/[^\s]+/g, '')).toBe(text.replace(/[^\s]+/g, ''));
    expect(out).toContain('msg.count\tÝóú ĥáṽé {count} ñéŵ ɱéššáĝéš');
  });

  it('keeps markup exactly with tag_handling and echoes the version', async () => {
    const text = '<p>Hello <b>bold</b> world<br/></p><code>keep me</code>';
    const r = await tr({ text: [text], source_lang: 'EN', target_lang: 'DE', tag_handling: 'xml', ignore_tags: ['code'] });
    expect(r.status).toBe(200);
    const out: string = r.body.translations[0].text;
    expect(out).toContain('<b>');
    expect(out).toContain('</b>');
    expect(out).toContain('<br/>');
    expect(out).toContain('<code>keep me</code>');
    expect(out).toContain('ƀóĺđ');
    expect(r.body.translations[0].tag_handling_version).toBe('v2');
    const v1 = await tr({ text: ['<p>x</p>'], source_lang: 'EN', target_lang: 'DE', tag_handling: 'html', tag_handling_version: 'v1' });
    expect(v1.body.translations[0].tag_handling_version).toBe('v1');
  });

  it('answers 400 for malformed XML with tag_handling=xml', async () => {
    const r = await tr({ text: ['<p>open <b>never closed</p>'], source_lang: 'EN', target_lang: 'DE', tag_handling: 'xml' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/text/);
  });

  it('sends every option to the service as given (last request)', async () => {
    await call(svc.proUrl, '/v2/translate', {
      key,
      form: [['text', 'a'], ['target_lang', 'DE'], ['formality', 'prefer_less'], ['non_splitting_tags', 'b,i']],
    });
    const last = await lastRequest();
    expect(last.path).toBe('/v2/translate');
    expect(last.body.formality).toBe('prefer_less');
    expect(last.body.non_splitting_tags).toBe('b,i');
    expect(last.headers.authorization).toMatch(/^Service-Auth-Key /);
  });
});

describe('limits', () => {
  it('accepts 50 texts and refuses 51 with a message naming text', async () => {
    const fifty = await tr({ text: Array.from({ length: 50 }, (_, i) => `t${i}`), target_lang: 'DE', source_lang: 'EN' });
    expect(fifty.status).toBe(200);
    expect(fifty.body.translations).toHaveLength(50);
    expect(fifty.body.translations[49].text).toBe('⟦ŧ49⟧');
    const many = await tr({ text: Array.from({ length: 51 }, () => 'x'), target_lang: 'DE' });
    expect(many.status).toBe(400);
    expect(many.body.message).toMatch(/'text'.*50/);
  });

  it('answers 413 for a body over 128 KiB and 200 just under it', async () => {
    const big = await tr({ text: ['a'.repeat(131072)], target_lang: 'DE' });
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/128 KiB/);
    const under = await tr({ text: ['a'.repeat(130000)], target_lang: 'DE', source_lang: 'EN' });
    expect(under.status).toBe(200);
  });
});

describe('parameter validation (400 names the parameter)', () => {
  const base = { text: ['Hello'], target_lang: 'DE', source_lang: 'EN' };
  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['missing text', { target_lang: 'DE' }, /'text'/],
    ['text not strings', { text: [1, 2], target_lang: 'DE' }, /'text'/],
    ['missing target_lang', { text: ['x'] }, /'target_lang'/],
    ['unknown target_lang', { ...base, target_lang: 'XX' }, /'target_lang'/],
    ['ambiguous target EN', { ...base, target_lang: 'EN' }, /EN-GB or EN-US/],
    ['ambiguous target PT', { ...base, target_lang: 'PT' }, /PT-PT or PT-BR/],
    ['variant as source', { ...base, source_lang: 'EN-US' }, /'source_lang'/],
    ['unknown model_type', { ...base, model_type: 'fast' }, /'model_type'/],
    ['bad split_sentences', { ...base, split_sentences: '2' }, /'split_sentences'/],
    ['bad preserve_formatting', { ...base, preserve_formatting: 'yes' }, /'preserve_formatting'/],
    ['bad formality', { ...base, formality: 'polite' }, /'formality'/],
    ['formality more for EN-GB', { ...base, source_lang: 'DE', target_lang: 'EN-GB', formality: 'more' }, /'formality'/],
    ['formality less for ZH', { ...base, target_lang: 'ZH', formality: 'less' }, /'formality'/],
    ['glossary_id and glossary_ids', { ...base, glossary_id: 'a', glossary_ids: ['b'] }, /'glossary_id' and 'glossary_ids'/],
    ['glossary without source', { text: ['x'], target_lang: 'DE', glossary_id: 'a' }, /'glossary_id' requires 'source_lang'/],
    ['six glossaries', { ...base, glossary_ids: ['a', 'b', 'c', 'd', 'e', 'f'] }, /'glossary_ids'/],
    ['eleven custom instructions', { ...base, custom_instructions: Array(11).fill('Be brief') }, /'custom_instructions'/],
    ['long custom instruction', { ...base, custom_instructions: ['x'.repeat(301)] }, /'custom_instructions'/],
    ['custom instructions for PL', { ...base, target_lang: 'PL', custom_instructions: ['Be brief'] }, /'custom_instructions'/],
    ['tm id not a uuid', { ...base, translation_memory_id: 'tm1' }, /'translation_memory_id'/],
    ['tm threshold 101', { ...base, translation_memory_threshold: 101 }, /'translation_memory_threshold'/],
    ['tm threshold text', { ...base, translation_memory_threshold: 'high' }, /'translation_memory_threshold'/],
    ['bad show_billed_characters', { ...base, show_billed_characters: 'maybe' }, /'show_billed_characters'/],
    ['bad tag_handling', { ...base, tag_handling: 'markdown' }, /'tag_handling'/],
    ['bad tag_handling_version', { ...base, tag_handling: 'xml', tag_handling_version: 'v3' }, /'tag_handling_version'/],
    ['bad outline_detection', { ...base, outline_detection: 'no' }, /'outline_detection'/],
    ['bad splitting_tags', { ...base, splitting_tags: ['<p>'] }, /'splitting_tags'/],
    ['bad non_splitting_tags', { ...base, non_splitting_tags: 'a b' }, /'non_splitting_tags'/],
    ['bad ignore_tags', { ...base, ignore_tags: [3] }, /'ignore_tags'/],
    ['bad enable_beta_languages', { ...base, enable_beta_languages: 'x' }, /'enable_beta_languages'/],
    ['context not a string', { ...base, context: 5.5 }, /./],
  ];
  for (const [name, body, re] of bad) {
    it(`refuses ${name}`, async () => {
      const r = await tr(body);
      if (name === 'context not a string') {
        // A number is read as its decimal string, as form bodies would send it.
        expect(r.status).toBe(200);
        return;
      }
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(re);
    });
  }

  it('falls back to the default for prefer_* formality on targets without formality', async () => {
    const r = await tr({ ...base, target_lang: 'EN-GB', source_lang: 'DE', formality: 'prefer_more' });
    expect(r.status).toBe(200);
    expect(r.body.translations[0].text.startsWith('⟦+')).toBe(false);
    const de = await tr({ ...base, formality: 'more' });
    expect(de.body.translations[0].text.startsWith('⟦+')).toBe(true);
  });

  it('accepts custom instructions for variants of allowed targets', async () => {
    const r = await tr({ ...base, source_lang: 'DE', target_lang: 'EN-US', custom_instructions: ['Use US spelling'] });
    expect(r.status).toBe(200);
  });
});

describe('glossaries, style rules and translation memories in translation', () => {
  let glossaryId: string;
  beforeAll(async () => {
    const g = await call(svc.proUrl, '/v2/glossaries', {
      key,
      json: { name: 'cars', source_lang: 'en', target_lang: 'de', entries: 'car\tAuto\nsales report\tVerkaufsbericht', entries_format: 'tsv' },
    });
    expect(g.status).toBe(201);
    glossaryId = g.body.glossary_id;
  });

  it('applies glossary terms as written', async () => {
    const r = await tr({ text: ['The car and the sales report'], source_lang: 'EN', target_lang: 'DE', glossary_id: glossaryId });
    expect(r.status).toBe(200);
    expect(r.body.translations[0].text).toContain('Auto');
    expect(r.body.translations[0].text).toContain('Verkaufsbericht');
  });

  it('refuses a glossary for another pair and an unknown glossary', async () => {
    const pair = await tr({ text: ['car'], source_lang: 'EN', target_lang: 'FR', glossary_ids: [glossaryId] });
    expect(pair.status).toBe(400);
    expect(pair.body.message).toMatch(/EN→DE/);
    const unknown = await tr({ text: ['car'], source_lang: 'EN', target_lang: 'DE', glossary_id: '0b5d2a4e-6f0f-4c53-9d8c-2d7c3c1c9a11' });
    expect(unknown.status).toBe(404);
  });

  it('serves every variant with EN, PT and ZH glossaries', async () => {
    const g = await call(svc.proUrl, '/v2/glossaries', {
      key,
      json: { name: 'pt', source_lang: 'en', target_lang: 'pt', entries: 'car\tcarro', entries_format: 'tsv' },
    });
    for (const target of ['PT-BR', 'PT-PT']) {
      const r = await tr({ text: ['my car'], source_lang: 'EN', target_lang: target, glossary_id: g.body.glossary_id });
      expect(r.status).toBe(200);
      expect(r.body.translations[0].text).toContain('carro');
    }
  });

  it('checks style_id exists and matches the target', async () => {
    const style = svc.store.createStyleRule(accountId, 'house style', 'DE');
    expect((await tr({ ...{ text: ['x'], source_lang: 'EN' }, target_lang: 'DE', style_id: style.id })).status).toBe(200);
    const wrong = await tr({ text: ['x'], source_lang: 'EN', target_lang: 'FR', style_id: style.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/'style_id'/);
    expect((await tr({ text: ['x'], source_lang: 'EN', target_lang: 'DE', style_id: 'nope' })).status).toBe(404);
  });

  it('applies a translation memory above the threshold only', async () => {
    const tm = svc.store.createTranslationMemory({
      accountId,
      name: 'tm',
      sourceLang: 'EN',
      targetLang: 'DE',
      entriesTsv: 'The printer is out of paper.\tDer Drucker hat kein Papier mehr.\n',
    });
    const near = 'The printer is out of paper!';
    const hit = await tr({ text: [near], source_lang: 'EN', target_lang: 'DE', translation_memory_id: tm.id });
    expect(hit.body.translations[0].text).toBe('Der Drucker hat kein Papier mehr.');
    const strict = await tr({ text: [near], source_lang: 'EN', target_lang: 'DE', translation_memory_id: tm.id, translation_memory_threshold: 100 });
    expect(strict.body.translations[0].text).not.toBe('Der Drucker hat kein Papier mehr.');
    const wrongPair = await tr({ text: [near], source_lang: 'EN', target_lang: 'FR', translation_memory_id: tm.id });
    expect(wrongPair.status).toBe(400);
  });
});
