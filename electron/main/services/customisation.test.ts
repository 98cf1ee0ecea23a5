/**
 * Customisation through the app's own client code (CustomisationService, GlossariesService with `inPlace`,
 * V3Client over ApiClient) against two peers: the local Translation Service and DeepL's own mock server (started
 * from ../shared/peers/deepl-mock; skipped with the reason printed when absent). Discovery, listing multilingual
 * glossaries, in-place edits (same id, other dictionaries untouched), style rules CRUD, translation memories by
 * name, per-language features; and the v2 fallback against a local service started without v3.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../service/server.js';
import { findDeeplMock, startDeeplMock, MOCK_AUTH_SCHEME, type RunningDeeplMock } from '../../../scripts/peers/deepl-mock.js';
import { systemClock } from '../adapters/node-clock.js';
import { createNodeHttpTransport } from '../adapters/node-http.js';
import { ApiClient } from './api-client.js';
import { CustomisationService } from './customisation.js';
import { GlossariesService } from './glossaries.js';
import { GlossaryStore } from './glossaries-store.js';
import type { HttpRequest, HttpTransport } from './ports.js';
import { V3Client } from './v3-client.js';
import type { EntryPair } from '../../../shared/ipc/contract-glossaries.js';

let transport: HttpTransport;
let local: RunningService;
let mock: RunningDeeplMock | null = null;
let dir: string;
const mockFound = findDeeplMock();
// The cases against DeepL's mock are skipped when it is not there: say why, once, where the run's output shows it.
if (!mockFound.dir) console.warn(`[customisation.test] cases against DeepL's mock server skipped: ${mockFound.reason}`);

beforeAll(async () => {
  transport = createNodeHttpTransport();
  dir = mkdtempSync(join(tmpdir(), 'verso-customisation-'));
  local = await startService({ engines: ['pseudo'], inMemory: true });
  if (mockFound.dir) mock = await startDeeplMock();
}, 180_000);
afterAll(async () => {
  await transport?.close?.();
  await local?.close();
  await mock?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Peer {
  name: string;
  client: () => ApiClient;
}

const peers: Peer[] = [
  {
    name: 'local service',
    client: () => new ApiClient({ transport, clock: systemClock, baseUrl: local.proUrl, apiKey: local.keys.pro_key, userAgent: 'Verso-test' }),
  },
  {
    name: "DeepL's mock server",
    client: () => new ApiClient({ transport, clock: systemClock, baseUrl: mock!.url, apiKey: mock!.proKey, authScheme: MOCK_AUTH_SCHEME, userAgent: 'Verso-test' }),
  },
];

function services(client: () => ApiClient, connectionId = 'c1') {
  const customisation = new CustomisationService({ client: async () => client(), activeConnectionId: () => connectionId });
  const glossaries = new GlossariesService({
    client: async () => client(),
    activeConnectionId: () => connectionId,
    store: new GlossaryStore(join(dir, randomUUID())),
    inPlace: customisation.inPlace,
  });
  return { customisation, glossaries };
}

describe.each(peers)('against the $name', (peer) => {
  const skip = () => peer.name !== 'local service' && !mock;

  it('discovers v3 and lists a multilingual glossary with all its dictionaries', async (ctx) => {
    if (skip()) return ctx.skip();
    const { customisation, glossaries } = services(peer.client);
    const caps = await customisation.capabilities();
    expect(caps).toMatchObject({ languages: true, glossaries: true, styleRules: true, translationMemories: true });
    const de = caps.text!.find((l) => l.code === 'DE')!;
    expect(de.features).toEqual(expect.arrayContaining(['formality', 'glossary']));
    expect(caps.text!.find((l) => l.code === 'DA')?.features ?? []).not.toContain('formality');

    const name = `Terms ${randomUUID().slice(0, 8)}`;
    const made = await new V3Client(peer.client()).createGlossary(name, [
      { sourceLang: 'EN', targetLang: 'DE', entriesTsv: 'car\tAuto\nhouse\tHaus' },
      { sourceLang: 'EN', targetLang: 'FR', entriesTsv: 'car\tvoiture' },
    ]);
    const listed = (await glossaries.list()).find((g) => g.glossaryId === made.glossary_id);
    expect(listed?.name).toBe(name);
    expect(listed?.dictionaries).toEqual(
      expect.arrayContaining([
        { sourceLang: 'EN', targetLang: 'DE', entryCount: 2 },
        { sourceLang: 'EN', targetLang: 'FR', entryCount: 1 },
      ]),
    );
  });

  it('edits one dictionary in place: same id, the other dictionary untouched, removed entries gone', async (ctx) => {
    if (skip()) return ctx.skip();
    const { customisation, glossaries } = services(peer.client);
    const made = await new V3Client(peer.client()).createGlossary('In place', [
      { sourceLang: 'EN', targetLang: 'DE', entriesTsv: 'car\tAuto\nhouse\tHaus' },
      { sourceLang: 'EN', targetLang: 'FR', entriesTsv: 'car\tvoiture' },
    ]);
    const draft = await glossaries.edit(made.glossary_id, { sourceLang: 'EN', targetLang: 'DE' });
    expect(draft.entries).toEqual([['car', 'Auto'], ['house', 'Haus']]);
    const out = await glossaries.save({ ...draft, name: 'In place (renamed)', entries: [['car', 'Wagen']] satisfies EntryPair[] });
    expect(out.status).toBe('saved');
    if (out.status !== 'saved') return;
    expect(out.glossary.glossaryId).toBe(made.glossary_id);
    expect(out.replacedId).toBeNull();
    expect(out.glossary.name).toBe('In place (renamed)');
    expect(await customisation.dictionaryEntries(made.glossary_id, 'EN', 'DE')).toEqual([['car', 'Wagen']]);
    expect(await customisation.dictionaryEntries(made.glossary_id, 'EN', 'FR')).toEqual([['car', 'voiture']]);
    const ids = (await glossaries.list()).filter((g) => g.name === 'In place (renamed)').map((g) => g.glossaryId);
    expect(ids).toEqual([made.glossary_id]);

    // Add a dictionary, then remove it; the others stay.
    const added = await customisation.addDictionary(made.glossary_id, 'DE', 'EN', [['Auto', 'car']]);
    expect(added.dictionaries).toHaveLength(3);
    const removed = await customisation.removeDictionary(made.glossary_id, 'DE', 'EN');
    expect(removed.dictionaries?.map((d) => `${d.sourceLang}-${d.targetLang}`).sort()).toEqual(['EN-DE', 'EN-FR']);
    await glossaries.remove(made.glossary_id);
    expect((await glossaries.list()).some((g) => g.glossaryId === made.glossary_id)).toBe(false);
  });

  it('creates a new glossary as a v3 glossary on a v3 service', async (ctx) => {
    if (skip()) return ctx.skip();
    const { glossaries } = services(peer.client);
    const out = await glossaries.save({ draftId: randomUUID(), glossaryId: null, name: 'Fresh', sourceLang: 'EN', targetLang: 'DE', entries: [['tree', 'Baum']] });
    if (out.status !== 'saved') throw new Error('not saved');
    expect(out.glossary.dictionaries).toEqual([{ sourceLang: 'EN', targetLang: 'DE', entryCount: 1 }]);
  });

  it('style rules: create, rename, configure, custom instructions, delete', async (ctx) => {
    if (skip()) return ctx.skip();
    const { customisation } = services(peer.client);
    const made = await customisation.styleRuleCreate('House style', 'DE', { punctuation: { quotation_mark: 'use_guillemets' } });
    expect(made).toMatchObject({ name: 'House style', language: 'DE', configuredRules: { punctuation: { quotation_mark: 'use_guillemets' } } });
    const renamed = await customisation.styleRuleRename(made.styleId, 'Hausstil');
    expect(renamed.name).toBe('Hausstil');
    const configured = await customisation.styleRuleConfigure(made.styleId, { numbers: { decimal_separator: 'use_comma' } });
    expect(configured.configuredRules).toEqual({ numbers: { decimal_separator: 'use_comma' } });
    const withOne = await customisation.instructionAdd(made.styleId, 'Tone', 'Use a friendly tone');
    expect(withOne.customInstructions).toHaveLength(1);
    const id = withOne.customInstructions[0]!.id;
    const edited = await customisation.instructionUpdate(made.styleId, id, 'Tone', 'Use a formal tone');
    expect(edited.customInstructions[0]!.prompt).toBe('Use a formal tone');
    const listed = (await customisation.styleRules()).find((r) => r.styleId === made.styleId);
    expect(listed).toMatchObject({ name: 'Hausstil', language: 'DE' });
    expect(listed?.customInstructions).toHaveLength(1);
    expect((await customisation.instructionRemove(made.styleId, id)).customInstructions).toEqual([]);
    await customisation.styleRuleDelete(made.styleId);
    expect((await customisation.styleRules()).some((r) => r.styleId === made.styleId)).toBe(false);
  });

  it('lists translation memories by name with languages and segment counts', async (ctx) => {
    if (skip()) return ctx.skip();
    if (peer.name === 'local service') {
      await fetch(`${local.proUrl}/v3/translation_memories`, {
        method: 'POST',
        headers: { authorization: `Service-Auth-Key ${local.keys.pro_key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Default Translation Memory', source_language: 'de', target_language: 'en', entries: 'Hallo\tHello' }),
      });
    }
    const { customisation } = services(peer.client);
    const tms = await customisation.translationMemories();
    const tm = tms.find((t) => t.name === 'Default Translation Memory');
    expect(tm).toMatchObject({ sourceLang: 'DE' });
    expect(tm?.targetLangs).toContain('EN');
    expect(tm?.segmentCount).toBeGreaterThan(0);
  });
});

describe('a service without v3', () => {
  let old: RunningService;
  beforeAll(async () => {
    old = await startService({ engines: ['pseudo'], inMemory: true, v3: false });
  });
  afterAll(async () => old?.close());

  it('is discovered as v2 only, and an edit keeps the v2 replace path (create new, delete old)', async () => {
    const client = () => new ApiClient({ transport, clock: systemClock, baseUrl: old.proUrl, apiKey: old.keys.pro_key, userAgent: 'Verso-test' });
    const { customisation, glossaries } = services(client, 'old');
    expect(await customisation.capabilities()).toMatchObject({ languages: false, glossaries: false, styleRules: false, translationMemories: false, text: null });
    expect(await customisation.styleRules()).toEqual([]);
    expect(await customisation.translationMemories()).toEqual([]);
    const first = await glossaries.save({ draftId: randomUUID(), glossaryId: null, name: 'Old style', sourceLang: 'EN', targetLang: 'DE', entries: [['car', 'Auto']] });
    if (first.status !== 'saved') throw new Error('not saved');
    expect(first.glossary.dictionaries).toBeUndefined();
    const draft = await glossaries.edit(first.glossary.glossaryId);
    const second = await glossaries.save({ ...draft, entries: [['car', 'Wagen']] });
    if (second.status !== 'saved') throw new Error('not saved');
    expect(second.replacedId).toBe(first.glossary.glossaryId);
    expect(second.glossary.glossaryId).not.toBe(first.glossary.glossaryId);
    expect((await glossaries.list()).map((g) => g.glossaryId)).toEqual([second.glossary.glossaryId]);
  });
});

describe('capabilities are per connection, and only a definite answer is kept', () => {
  let old: RunningService;
  /** /v3 requests per address; `refuse` answers them 403 (a key that may not use them now). */
  const seen = new Map<string, number>();
  let refuse = false;
  const counting = (): HttpTransport => ({
    send: async (r: HttpRequest) => {
      const u = new URL(r.url);
      if (u.pathname.startsWith('/v3/')) seen.set(u.origin, (seen.get(u.origin) ?? 0) + 1);
      if (refuse && u.pathname.startsWith('/v3/')) {
        const body = JSON.stringify({ message: 'Forbidden' });
        return { status: 403, header: (n) => (n.toLowerCase() === 'content-type' ? 'application/json' : null), text: async () => body, bytes: async () => new TextEncoder().encode(body), chunks: async function* () {} };
      }
      return transport.send(r);
    },
  });
  beforeAll(async () => {
    old = await startService({ engines: ['pseudo'], inMemory: true, v3: false });
  });
  afterAll(async () => old?.close());

  it('switching connection asks the other service, and switching back uses the first one\'s answer', async () => {
    seen.clear();
    refuse = false;
    const t = counting();
    let active: 'new' | 'old' = 'new';
    const client = () =>
      active === 'new'
        ? new ApiClient({ transport: t, clock: systemClock, baseUrl: local.proUrl, apiKey: local.keys.pro_key, userAgent: 'Verso-test' })
        : new ApiClient({ transport: t, clock: systemClock, baseUrl: old.proUrl, apiKey: old.keys.pro_key, userAgent: 'Verso-test' });
    const customisation = new CustomisationService({ client: async () => client(), activeConnectionId: () => (active === 'new' ? 'c-new' : 'c-old') });

    expect(await customisation.capabilities()).toMatchObject({ connectionId: 'c-new', glossaries: true, styleRules: true, languages: true });
    const newOrigin = new URL(local.proUrl).origin;
    const oldOrigin = new URL(old.proUrl).origin;
    const askedNew = seen.get(newOrigin)!;
    expect(askedNew).toBeGreaterThan(0);

    active = 'old';
    expect(await customisation.capabilities()).toMatchObject({ connectionId: 'c-old', glossaries: false, styleRules: false, languages: false, text: null });
    expect(seen.get(oldOrigin)).toBeGreaterThan(0);
    const askedOld = seen.get(oldOrigin)!;

    active = 'new';
    expect(await customisation.capabilities()).toMatchObject({ connectionId: 'c-new', glossaries: true, styleRules: true });
    active = 'old';
    expect(await customisation.capabilities()).toMatchObject({ connectionId: 'c-old', glossaries: false });
    // Both answers were kept: neither service was asked again.
    expect(seen.get(newOrigin)).toBe(askedNew);
    expect(seen.get(oldOrigin)).toBe(askedOld);
  });

  it('a refused probe (403) shows nothing offered but is asked again; the answer after it is kept', async () => {
    seen.clear();
    refuse = true;
    const t = counting();
    const client = () => new ApiClient({ transport: t, clock: systemClock, baseUrl: local.proUrl, apiKey: local.keys.pro_key, userAgent: 'Verso-test' });
    const customisation = new CustomisationService({ client: async () => client(), activeConnectionId: () => 'c-key' });
    const origin = new URL(local.proUrl).origin;

    expect(await customisation.capabilities()).toMatchObject({ glossaries: false, styleRules: false, translationMemories: false, languages: false });
    const first = seen.get(origin)!;
    expect(first).toBeGreaterThan(0);

    // The key is fixed: the next call asks again, and now sees what the service offers.
    refuse = false;
    expect(await customisation.capabilities()).toMatchObject({ glossaries: true, styleRules: true, translationMemories: true, languages: true });
    const second = seen.get(origin)!;
    expect(second).toBeGreaterThan(first);
    expect(await customisation.capabilities()).toMatchObject({ glossaries: true });
    expect(seen.get(origin)).toBe(second);
  });

  it('a probe that fails (no answer) is not kept: the next call asks again', async () => {
    seen.clear();
    refuse = false;
    let down = true;
    const t: HttpTransport = {
      send: async (r) => {
        if (down && new URL(r.url).pathname.startsWith('/v3/')) throw new TypeError('connect ECONNREFUSED');
        return transport.send(r);
      },
    };
    const noWait = { now: () => Date.now(), sleep: async () => {} };
    const client = () => new ApiClient({ transport: t, clock: noWait, baseUrl: local.proUrl, apiKey: local.keys.pro_key, userAgent: 'Verso-test' });
    const customisation = new CustomisationService({ client: async () => client(), activeConnectionId: () => 'c-net' });
    await expect(customisation.capabilities()).rejects.toBeTruthy();
    down = false;
    expect(await customisation.capabilities()).toMatchObject({ glossaries: true, styleRules: true });
  });
});
