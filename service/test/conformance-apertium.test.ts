/**
 * Conformance with the real offline engine: the service on Apertium, probed over HTTP. Skipped (with the reason
 * printed) where Debian's apertium and the eng-spa / es-pt pairs are not installed.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../server.js';
import { call } from './http.js';

const hasApertium =
  existsSync('/usr/share/apertium/modes/eng-spa.mode') && existsSync('/usr/share/apertium/modes/es-pt.mode');
if (!hasApertium) {
  console.warn('Skipping Apertium conformance: install apertium, apertium-eng-spa and apertium-es-pt (./scripts/setup).');
}

describe.skipIf(!hasApertium)('the service on Apertium', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService({ inMemory: true, engines: ['apertium'] });
  }, 180_000);
  afterAll(async () => svc?.close());

  const tr = (json: Record<string, unknown>) => call(svc.proUrl, '/v2/translate', { key: svc.keys.pro_key, json });

  it('translates English into Spanish for real, without labelling it pseudo', async () => {
    const r = await tr({ text: ['The red car is very fast.'], source_lang: 'EN', target_lang: 'ES' });
    expect(r.status).toBe(200);
    expect(r.body.translations[0].text).toMatch(/coche/);
    expect(r.body.translations[0].text).toMatch(/rojo/);
    expect(r.headers.get('x-verso-engine')).toBe('apertium');
  });

  it('pivots through Spanish and detects the source', async () => {
    const r = await tr({ text: ['The red car is very fast and the house is big.'], target_lang: 'PT-BR' });
    expect(r.status).toBe(200);
    expect(r.body.translations[0].detected_source_language).toBe('EN');
    expect(r.body.translations[0].text).toMatch(/carro|casa/);
  });

  it('keeps inline tags on the words they belong to', async () => {
    const r = await tr({ text: ['I love <b>red</b> cheese.'], source_lang: 'EN', target_lang: 'ES', tag_handling: 'xml' });
    expect(r.body.translations[0].text).toMatch(/queso <b>rojo<\/b>/);
  });

  it('applies glossary terms inside a real translation', async () => {
    const g = await call(svc.proUrl, '/v2/glossaries', {
      key: svc.keys.pro_key,
      json: { name: 'cars', source_lang: 'en', target_lang: 'es', entries: 'car\tautomóvil', entries_format: 'tsv' },
    });
    const r = await tr({ text: ['The car is fast.'], source_lang: 'EN', target_lang: 'ES', glossary_id: g.body.glossary_id });
    expect(r.body.translations[0].text).toMatch(/automóvil/);
    expect(r.body.translations[0].text).not.toMatch(/coche/);
  });

  it('gives back every tab, line break and run of spaces byte for byte where Apertium drops a word', async () => {
    // Whitespace other than one space between words: what a spreadsheet needs back exactly.
    const layout = (s: string) => (s.match(/\s+/g) ?? []).filter((w) => w !== ' ');
    const texts = [
      'btn.save\tSave changes\nmsg.count\tYou have {count} new messages',
      'msg.x\tYou have 3 files',
      'Hello you\thave 3 files',
      'Hello  you have 3 files',
      'Files\n\tYou have 3 files',
    ];
    const r = await tr({ text: texts, source_lang: 'EN', target_lang: 'ES' });
    const out = r.body.translations.map((t: { text: string }) => t.text);
    expect(out[0]).toMatch(/^btn\.save\t\S.*\nmsg\.count\tTienes \{count\} mensajes nuevos$/);
    expect(out[1]).toBe('msg.x\tTienes 3 limas');
    for (const [i, text] of texts.entries()) expect(layout(out[i]), out[i]).toEqual(layout(text));
    // The same with the app's protection of the key and the placeholder (tag_handling=xml, ignore_tags).
    const wrapped = await tr({
      text: ['<x-vk>msg.count</x-vk>\tYou have <x-vk>{count}</x-vk> new messages'],
      source_lang: 'EN',
      target_lang: 'ES',
      tag_handling: 'xml',
      ignore_tags: ['x-vk'],
    });
    expect(wrapped.body.translations[0].text).toBe(
      '<x-vk>msg.count</x-vk>\tTienes <x-vk>{count}</x-vk> mensajes nuevos',
    );
  });

  it('lists only what the installed pairs can do and refuses the rest with a clear message', async () => {
    const t = await call(svc.proUrl, '/v2/languages?type=target', { key: svc.keys.pro_key });
    const codes = t.body.map((l: { language: string }) => l.language);
    expect(codes).toContain('ES');
    expect(codes).not.toContain('DE');
    expect(t.body.every((l: { name: string }) => !l.name.includes('pseudo'))).toBe(true);
    const r = await tr({ text: ['Hello'], source_lang: 'EN', target_lang: 'DE' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/cannot translate EN .* into DE/);
  });
});
