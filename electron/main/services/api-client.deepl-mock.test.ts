/**
 * The API client against DeepL's own mock server (`../shared/peers/deepl-mock`, a peer no one on the Verso team
 * wrote): translate, usage, v2 glossaries, documents, and retries of 429 driven by its `mock-server-session-*`
 * headers; and protection of placeholders and code (issue 22), checked on what reached the mock's wire.
 * Skipped, with the reason printed, in a checkout without the peer folder.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDeeplMock, MOCK_AUTH_SCHEME, startDeeplMock, type RunningDeeplMock } from '../../../scripts/peers/deepl-mock.js';
import { createFakeClock } from '../adapters/node-clock.js';
import { createNodeHttpTransport } from '../adapters/node-http.js';
import { ApiClient, type ApiClientOptions, type RetryInfo } from './api-client.js';
import type { HttpTransport } from './ports.js';
import { prepareTexts } from './translate-protect.js';
import { toView } from './translate.js';

const found = findDeeplMock();
if (found.dir === null) console.warn(`[api-client.deepl-mock] skipped: ${found.reason}`);
const suite = found.dir ? describe : describe.skip;

let mock: RunningDeeplMock;
let transport: HttpTransport;

beforeAll(async () => {
  if (!found.dir) return;
  mock = await startDeeplMock();
  transport = createNodeHttpTransport();
}, 180_000);
afterAll(async () => {
  await transport?.close?.();
  await mock?.close();
});

function sessionClient(faults: Record<string, number> = {}, extra: Partial<ApiClientOptions> = {}) {
  const session = randomUUID();
  const headers: Record<string, string> = { 'mock-server-session': session };
  for (const [k, v] of Object.entries(faults)) headers[`mock-server-session-${k}`] = String(v);
  const clock = createFakeClock();
  const retries: RetryInfo[] = [];
  const client = new ApiClient({
    transport,
    clock,
    random: () => 0.5,
    baseUrl: mock.url,
    apiKey: mock.proKey,
    authScheme: MOCK_AUTH_SCHEME,
    userAgent: 'Verso/0.0.0-test (test) node/20',
    extraHeaders: headers,
    onRetry: (r) => retries.push(r),
    ...extra,
  });
  const lastRequest = async () => {
    const res = await fetch(`${mock.url}/__session__/last-request`, { headers: { 'mock-server-session': session } });
    return (await res.json()) as { path: string; headers: Record<string, string>; body: Record<string, unknown> };
  };
  return { client, clock, retries, lastRequest };
}

suite('API client against DeepL’s mock server', () => {
  it('translates with the DeepL-Auth-Key scheme and every text answered in order', async () => {
    const { client, lastRequest } = sessionClient();
    const out = await client.translate(['Hello world', 'Second'], { targetLang: 'DE', sourceLang: 'EN', showBilledCharacters: true });
    expect(out.translations.map((t) => t.text)).toHaveLength(2);
    expect(out.translations[0]!.billed_characters).toBe('Hello world'.length);
    const last = await lastRequest();
    expect(last.path).toBe('/v2/translate');
    expect(last.headers.authorization).toBe(`DeepL-Auth-Key ${mock.proKey}`);
  });

  it('reads usage', async () => {
    const { client } = sessionClient();
    const u = await client.getUsage();
    expect(typeof u.character_count).toBe('number');
    expect(u.character_limit).toBeGreaterThan(0);
  });

  it('creates, lists, reads and deletes a v2 glossary', async () => {
    const { client } = sessionClient();
    const g = await client.createGlossary({ name: 'Verso test', sourceLang: 'EN', targetLang: 'DE', entries: 'car\tAuto\nhouse\tHaus', format: 'tsv' });
    expect(g.entry_count).toBe(2);
    expect((await client.listGlossaries()).map((x) => x.glossary_id)).toContain(g.glossary_id);
    expect((await client.getGlossary(g.glossary_id)).name).toBe('Verso test');
    expect((await client.getGlossaryEntries(g.glossary_id)).split('\n').filter(Boolean).sort()).toEqual(['car\tAuto', 'house\tHaus']);
    const pairs = await client.getGlossaryLanguagePairs();
    expect(pairs.length).toBeGreaterThan(0);
    await client.deleteGlossary(g.glossary_id);
    expect((await client.listGlossaries()).map((x) => x.glossary_id)).not.toContain(g.glossary_id);
  });

  it('uploads a document, polls it to done and downloads the result once', async () => {
    const { client } = sessionClient();
    const handle = await client.uploadDocument({ name: 'note.txt', data: new Blob(['Hello world\n']) }, { target_lang: 'DE' });
    expect(handle.document_id).toBeTruthy();
    const status = await client.getDocumentStatus(handle.document_id, handle.document_key);
    expect(status.status).toBe('done');
    const res = await client.downloadDocument(handle.document_id, handle.document_key);
    expect((await res.text()).length).toBeGreaterThan(0);
  });

  it('retries 429 from a mock session and then succeeds', async () => {
    const { client, retries } = sessionClient({ '429-count': 2 });
    const out = await client.translate(['one'], { targetLang: 'DE' });
    expect(out.translations).toHaveLength(1);
    expect(retries.map((r) => r.status)).toEqual([429, 429]);
  });

  it('protection: the spans go out wrapped in an ignore_tags element with tag_handling=xml, and the mock accepts it', async () => {
    const { client, lastRequest } = sessionClient();
    const source = 'Delete {count} items & open https://x.org/?a=1&b=2';
    const prep = prepareTexts([source], { targetLang: 'DE', sourceLang: 'EN' }, true);
    const res = await client.translate(prep.texts, prep.options);
    const last = await lastRequest();
    expect(last.body).toMatchObject({
      text: ['Delete <x-vk>{count}</x-vk> items &amp; open <x-vk>https://x.org/?a=1&amp;b=2</x-vk>'],
      tag_handling: 'xml',
      ignore_tags: ['x-vk'],
    });
    expect(last.body).not.toHaveProperty('protect');
    // The mock answers every text with one fixed sentence: the placeholder is lost, and QA says so.
    const view = prep.finish(toView(res.translations[0]!), source);
    expect(view.qa?.missing).toContainEqual({ kind: 'placeholder', text: '{count}' });
  });

  it('protection on text the user marked up as HTML adds to their ignore_tags', async () => {
    const { client, lastRequest } = sessionClient();
    const prep = prepareTexts(['<p>Use %s</p>'], { targetLang: 'FR', tagHandling: 'html', ignoreTags: ['code'] }, true);
    await client.translate(prep.texts, prep.options);
    expect((await lastRequest()).body).toMatchObject({ text: ['<p>Use <x-vk>%s</x-vk></p>'], tag_handling: 'html', ignore_tags: ['code', 'x-vk'] });
  });
});
