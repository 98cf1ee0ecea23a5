/**
 * Conformance: glossaries v2, language detection, languages, usage, quotas (including concurrency) and the
 * admin interface, with two accounts that must not see each other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../server.js';
import { call } from './http.js';

let svc: RunningService;
let key: string;
let otherKey: string;
let accountId: string;

beforeAll(async () => {
  svc = await startService({ inMemory: true, engines: ['pseudo'], faults: true });
  key = svc.keys.pro_key;
  accountId = svc.store.listAccounts()[0]!.id;
  const other = svc.store.createAccount({ name: 'Other', detectBeta: true });
  otherKey = svc.store.createKey({ accountId: other.id, tier: 'pro' }).secret;
});
afterAll(async () => svc?.close());

const createGlossary = (k: string, body: Record<string, unknown>) =>
  call(svc.proUrl, '/v2/glossaries', { key: k, json: { name: 'g', source_lang: 'en', target_lang: 'de', entries_format: 'tsv', ...body } });

describe('glossaries v2', () => {
  it('creates from TSV and CSV, lists, gets, reads entries and deletes', async () => {
    const tsv = await createGlossary(key, { name: 'My terms', entries: 'car\tAuto\r\nhouse\tHaus\n\n' });
    expect(tsv.status).toBe(201);
    expect(tsv.body).toMatchObject({ name: 'My terms', ready: true, source_lang: 'en', target_lang: 'de', entry_count: 2 });
    expect(tsv.body.glossary_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(tsv.body.creation_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const csv = await createGlossary(key, { entries: '"car, red",rotes Auto\nhouse,Haus', entries_format: 'csv' });
    expect(csv.status).toBe(201);
    expect(csv.body.entry_count).toBe(2);

    const list = await call(svc.proUrl, '/v2/glossaries', { key });
    expect(list.body.glossaries.map((g: { glossary_id: string }) => g.glossary_id)).toEqual(
      expect.arrayContaining([tsv.body.glossary_id, csv.body.glossary_id]),
    );
    expect(list.body.glossaries[0]).not.toHaveProperty('entries');
    const one = await call(svc.proUrl, `/v2/glossaries/${csv.body.glossary_id}`, { key });
    expect(one.body.entry_count).toBe(2);

    const entries = await call(svc.proUrl, `/v2/glossaries/${csv.body.glossary_id}/entries`, {
      key,
      headers: { accept: 'text/tab-separated-values' },
    });
    expect(entries.status).toBe(200);
    expect(entries.headers.get('content-type')).toMatch(/^text\/tab-separated-values/);
    expect(entries.text.split('\n').filter(Boolean)).toEqual(['car, red\trotes Auto', 'house\tHaus']);

    const json = await call(svc.proUrl, `/v2/glossaries/${csv.body.glossary_id}/entries`, { key, headers: { accept: 'application/json' } });
    expect(json.status).toBe(415);

    const del = await call(svc.proUrl, `/v2/glossaries/${csv.body.glossary_id}`, { key, method: 'DELETE' });
    expect(del.status).toBe(204);
    expect((await call(svc.proUrl, `/v2/glossaries/${csv.body.glossary_id}`, { key })).status).toBe(404);
    expect((await call(svc.proUrl, `/v2/glossaries/${csv.body.glossary_id}`, { key, method: 'DELETE' })).status).toBe(404);
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ['duplicate sources', { entries: 'car\tAuto\nbus\tBus\ncar\tWagen' }, /[Ll]ine 3.*duplicate/],
    ['an empty target', { entries: 'car\t' }, /[Ll]ine 1/],
    ['a missing tab', { entries: 'car Auto' }, /[Ll]ine 1/],
    ['control characters', { entries: 'ca\u0007r\tAuto' }, /[Ll]ine 1.*control/i],
    ['leading whitespace', { entries: ' car\tAuto' }, /[Ll]ine 1.*whitespace/i],
    ['a term over 1024 bytes', { entries: `${'é'.repeat(513)}\tx` }, /[Ll]ine 1.*1024/],
    ['no entries', { entries: '\n\n' }, /entr/i],
    ['an empty name', { name: '', entries: 'a\tb' }, /'name'/],
    ['a name over 1024 bytes', { name: 'n'.repeat(1025), entries: 'a\tb' }, /'name'/],
    ['an unknown format', { entries: 'a\tb', entries_format: 'xlsx' }, /'entries_format'/],
    ['an unknown language', { entries: 'a\tb', target_lang: 'xx' }, /'target_lang'/],
    ['equal languages', { entries: 'a\tb', target_lang: 'en' }, /two different/],
  ];
  for (const [name, body, re] of invalid) {
    it(`refuses entries with ${name} and names the line and rule`, async () => {
      const r = await createGlossary(key, body);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(re);
    });
  }

  it('refuses glossaries over 10 MiB with 413', async () => {
    const line = `${'a'.repeat(1000)}\tb\n`;
    const entries = Array.from({ length: 10600 }, (_, i) => `${i}${line}`).join('');
    const r = await createGlossary(key, { entries });
    expect(r.status).toBe(413);
  });

  it('keeps accounts apart', async () => {
    const mine = await createGlossary(key, { entries: 'secret\tgeheim' });
    const theirs = await call(svc.proUrl, '/v2/glossaries', { key: otherKey });
    expect(theirs.body.glossaries).toEqual([]);
    expect((await call(svc.proUrl, `/v2/glossaries/${mine.body.glossary_id}`, { key: otherKey })).status).toBe(404);
    expect((await call(svc.proUrl, `/v2/glossaries/${mine.body.glossary_id}/entries`, { key: otherKey })).status).toBe(404);
    expect((await call(svc.proUrl, `/v2/glossaries/${mine.body.glossary_id}`, { key: otherKey, method: 'DELETE' })).status).toBe(404);
    const use = await call(svc.proUrl, '/v2/translate', {
      key: otherKey,
      json: { text: ['secret'], source_lang: 'EN', target_lang: 'DE', glossary_id: mine.body.glossary_id },
    });
    expect(use.status).toBe(404);
  });

  it('lists glossary language pairs', async () => {
    const r = await call(svc.proUrl, '/v2/glossary-language-pairs', { key });
    expect(r.body.supported_languages).toContainEqual({ source_lang: 'en', target_lang: 'de' });
    expect(r.body.supported_languages.every((p: { source_lang: string; target_lang: string }) => p.source_lang !== p.target_lang)).toBe(true);
  });
});

describe('language detection', () => {
  const detect = (body: Parameters<typeof call>[2]) => call(svc.proUrl, '/v3/detect/language', { key, ...body });

  it('detects each text in order, from JSON and from a form', async () => {
    const r = await detect({ json: { text: ['Das ist ein schöner Tag im Park.', 'This is a beautiful day in the park.'] } });
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([
      { detection_status: 'success', detected_language: 'de' },
      { detection_status: 'success', detected_language: 'en' },
    ]);
    const f = await detect({ form: [['text', 'Aujourd’hui il fait très beau à Paris.'], ['text', '12345 !!!']] });
    expect(f.body.results[0]).toEqual({ detection_status: 'success', detected_language: 'fr' });
    expect(f.body.results[1]).toEqual({ detection_status: 'no_language_detected' });
  });

  it('answers 415 invalid_content_type for other media types', async () => {
    const r = await detect({ body: 'text=hi', headers: { 'content-type': 'text/plain' } });
    expect(r.status).toBe(415);
    expect(r.body.code).toBe('invalid_content_type');
  });

  it('refuses more than 50 texts and a missing text', async () => {
    expect((await detect({ json: { text: Array(51).fill('hello there') } })).status).toBe(400);
    const none = await detect({ json: {} });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/'text'/);
  });
});

describe('languages', () => {
  it('lists what the engines can do, with supports_formality on targets, marked pseudo', async () => {
    const t = await call(svc.proUrl, '/v2/languages?type=target', { key });
    const de = t.body.find((l: { language: string }) => l.language === 'DE');
    expect(de).toMatchObject({ supports_formality: true });
    expect(de.name).toMatch(/\(pseudo\)$/);
    expect(t.body.find((l: { language: string }) => l.language === 'EN-GB').supports_formality).toBe(false);
    const s = await call(svc.proUrl, '/v2/languages', { key });
    expect(s.body.map((l: { language: string }) => l.language)).toContain('EN');
    expect(s.body.map((l: { language: string }) => l.language)).not.toContain('EN-GB');
    expect((await call(svc.proUrl, '/v2/languages?type=both', { key })).status).toBe(400);
  });
});

describe('usage and quotas', () => {
  it('reports the Pro shape for Pro keys and the short shape for Free keys', async () => {
    const fresh = svc.store.createAccount({ name: 'Usage' });
    const pro = svc.store.createKey({ accountId: fresh.id, tier: 'pro' }).secret;
    const free = svc.store.createKey({ accountId: fresh.id, tier: 'free' }).secret;
    await call(svc.proUrl, '/v2/translate', { key: pro, json: { text: ['abcdef'], source_lang: 'EN', target_lang: 'DE', context: 'not billed' } });
    const u = await call(svc.proUrl, '/v2/usage', { key: pro });
    expect(u.body).toMatchObject({
      character_count: 6,
      character_limit: 1000000000000,
      api_key_character_count: 6,
      api_key_character_limit: 1000000000000,
    });
    expect(u.body.products).toContainEqual({ product_type: 'translate', api_key_character_count: 6, character_count: 6 });
    expect(new Date(u.body.start_time).getTime()).toBeLessThan(Date.now());
    expect(new Date(u.body.end_time).getTime()).toBeGreaterThan(Date.now());
    const f = await call(svc.freeUrl, '/v2/usage', { key: free });
    expect(f.body).toEqual({ character_count: 6, character_limit: 1000000000000 });
  });

  it('answers 456 when the account limit would be passed, and counts nothing for refused requests', async () => {
    const acc = svc.store.createAccount({ name: 'Limited', characterLimit: 10 });
    const k = svc.store.createKey({ accountId: acc.id, tier: 'pro' }).secret;
    const t = (text: string) => call(svc.proUrl, '/v2/translate', { key: k, json: { text: [text], source_lang: 'EN', target_lang: 'DE' } });
    expect((await t('12345678')).status).toBe(200);
    const over = await t('123');
    expect(over.status).toBe(456);
    expect(over.body.message).toMatch(/account's character limit is 10/);
    expect((await t('12')).status).toBe(200);
    expect((await call(svc.proUrl, '/v2/usage', { key: k })).body.character_count).toBe(10);
  });

  it('never overruns a limit under concurrent requests', async () => {
    const acc = svc.store.createAccount({ name: 'Race', characterLimit: 1000 });
    const k = svc.store.createKey({ accountId: acc.id, tier: 'pro' }).secret;
    const results = await Promise.all(
      Array.from({ length: 60 }, () =>
        call(svc.proUrl, '/v2/translate', { key: k, json: { text: ['x'.repeat(40)], source_lang: 'EN', target_lang: 'DE' } }),
      ),
    );
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBe(25);
    expect(results.filter((r) => r.status === 456).length).toBe(35);
    expect((await call(svc.proUrl, '/v2/usage', { key: k })).body.character_count).toBe(1000);
  });
});

describe('admin interface', () => {
  const admin = (path: string, method: string, json?: unknown) =>
    call(svc.proUrl, `/v2/admin/developer-keys${path}`, { key: svc.keys.admin_key, method, json });

  it('creates keys with a default label, GUID:GUID ids and millisecond timestamps, usable at once', async () => {
    const c = await admin('', 'POST', {});
    expect(c.status).toBe(200);
    expect(c.body.label).toBe('Developer key');
    expect(c.body.key_id).toMatch(/^[0-9a-f-]{36}:[0-9a-f-]{36}$/);
    expect(c.body.creation_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(c.body.is_deactivated).toBe(false);
    expect(c.body.usage_limits).toEqual({ characters: null });
    const use = await call(svc.proUrl, '/v2/translate', { key: c.body.key, json: { text: ['hi'], source_lang: 'EN', target_lang: 'DE' } });
    expect(use.status).toBe(200);
    const named = await admin('', 'POST', { label: 'CI' });
    expect(named.body.label).toBe('CI');
  });

  it('lists active and deactivated keys; deactivation is immediate and permanent', async () => {
    const c = await admin('', 'POST', { label: 'temp' });
    const d = await admin('/deactivate', 'PUT', { key_id: c.body.key_id });
    expect(d.body.is_deactivated).toBe(true);
    expect(d.body.deactivated_time).toMatch(/\.\d{3}Z$/);
    const list = await admin('', 'GET');
    const found = list.body.find((k: { key_id: string }) => k.key_id === c.body.key_id);
    expect(found.is_deactivated).toBe(true);
    expect(list.body.some((k: { is_deactivated: boolean }) => !k.is_deactivated)).toBe(true);
    expect((await call(svc.proUrl, '/v2/usage', { key: c.body.key })).status).toBe(403);
    expect(list.body.every((k: Record<string, unknown>) => !('key' in k))).toBe(true);
  });

  it('renames and limits keys; 0 blocks, null removes the cap', async () => {
    const c = await admin('', 'POST', { label: 'limited' });
    const renamed = await admin('/label', 'PUT', { key_id: c.body.key_id, label: 'Renamed' });
    expect(renamed.body.label).toBe('Renamed');
    expect((await admin('/label', 'PUT', { key_id: c.body.key_id, label: '' })).status).toBe(400);
    const t = () => call(svc.proUrl, '/v2/translate', { key: c.body.key, json: { text: ['hello'], source_lang: 'EN', target_lang: 'DE' } });
    expect((await admin('/limits', 'PUT', { key_id: c.body.key_id, characters: 0 })).body.usage_limits).toEqual({ characters: 0 });
    const blocked = await t();
    expect(blocked.status).toBe(456);
    expect(blocked.body.message).toMatch(/key's character limit/);
    await admin('/limits', 'PUT', { key_id: c.body.key_id, characters: 7 });
    expect((await t()).status).toBe(200);
    expect((await t()).status).toBe(456);
    const usage = await call(svc.proUrl, '/v2/usage', { key: c.body.key });
    expect(usage.body.api_key_character_limit).toBe(7);
    await admin('/limits', 'PUT', { key_id: c.body.key_id, characters: null });
    expect((await t()).status).toBe(200);
    for (const bad of [{ key_id: c.body.key_id }, { key_id: c.body.key_id, characters: -1 }, { key_id: c.body.key_id, characters: 'lots' }]) {
      const r = await admin('/limits', 'PUT', bad);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/'characters'/);
    }
    expect((await admin('/limits', 'PUT', { key_id: 'a:b', characters: 1 })).status).toBe(404);
    expect((await admin('/deactivate', 'PUT', {})).status).toBe(400);
  });

  it('allows at most 25 active keys', async () => {
    const acc = svc.store.createAccount({ name: 'Many', adminEnabled: true });
    const adminKey = svc.store.createKey({ accountId: acc.id, tier: 'admin' }).secret;
    const create = () => call(svc.proUrl, '/v2/admin/developer-keys', { key: adminKey, json: {} });
    const made = [];
    for (let i = 0; i < 25; i++) made.push(await create());
    expect(made.every((r) => r.status === 200)).toBe(true);
    const extra = await create();
    expect(extra.status).toBe(400);
    expect(extra.body.message).toMatch(/25/);
    await call(svc.proUrl, '/v2/admin/developer-keys/deactivate', { key: adminKey, method: 'PUT', json: { key_id: made[0]!.body.key_id } });
    expect((await create()).status).toBe(200);
  });

  it('never shows one account the keys of another', async () => {
    const acc = svc.store.createAccount({ name: 'Other admin', adminEnabled: true });
    const adminKey = svc.store.createKey({ accountId: acc.id, tier: 'admin' }).secret;
    const mine = await admin('', 'GET');
    const theirs = await call(svc.proUrl, '/v2/admin/developer-keys', { key: adminKey });
    expect(theirs.body).toEqual([]);
    const r = await call(svc.proUrl, '/v2/admin/developer-keys/deactivate', {
      key: adminKey,
      method: 'PUT',
      json: { key_id: mine.body[0].key_id },
    });
    expect(r.status).toBe(404);
    expect(accountId).toBeTruthy();
  });
});
