/**
 * Main-side Translate domain (issue 7): results belong to the connection they were asked of, also for a
 * multi-segment batch, and a detected source the engine cannot translate comes back naming the detected language.
 * A second service is a small HTTP server on 127.0.0.1 that records what it receives; the local engine is the real
 * local service (pseudo engine).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support.js';

let app: TestApp | undefined;
let server: Server | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

interface Seen {
  path: string;
  body: string;
}

/** A second translation service: answers /v2/usage, and /v2/translate with `second:<text>` (or `reply`). */
async function secondService(reply?: (body: URLSearchParams | Record<string, unknown>) => { status: number; body: unknown }) {
  const seen: Seen[] = [];
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString('utf8')));
      req.on('end', () => resolve(data));
    });
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const path = (req.url ?? '').split('?')[0]!;
      seen.push({ path, body });
      res.setHeader('content-type', 'application/json');
      if (path === '/v2/usage') {
        res.end(JSON.stringify({ character_count: 0, character_limit: 1_000_000 }));
        return;
      }
      if (path === '/v2/translate') {
        const json = JSON.parse(body) as { text: string[] };
        const custom = reply?.(json);
        if (custom) {
          res.statusCode = custom.status;
          res.end(JSON.stringify(custom.body));
          return;
        }
        res.end(JSON.stringify({ translations: json.text.map((t) => ({ detected_source_language: 'EN', text: `second:${t}` })) }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ message: 'not here' }));
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function twoConnections(reply?: Parameters<typeof secondService>[0]) {
  app = await createTestApp();
  const second = await secondService(reply);
  const local = await app.call('connections.addLocal', {});
  if (!local.ok) throw new Error(local.error.message);
  const custom = await app.call('connections.addCustom', { name: 'Second', baseUrl: second.url, apiKey: 'second-service-key-1234' });
  if (!custom.ok) throw new Error(custom.error.message);
  return { app, second, localId: local.data.id, customId: custom.data.id };
}

const translateCalls = (seen: Seen[]) => seen.filter((s) => s.path === '/v2/translate');

describe('a batch belongs to its connection', () => {
  it('goes to the connection it names, not to the one made active meanwhile', async () => {
    const { app, second, localId, customId } = await twoConnections();
    await app.call('connections.setActive', { id: customId });
    const r = await app.call('translate.batch', {
      batchId: 'b-local',
      connectionId: localId,
      segments: ['One.', 'Two.'],
      options: { sourceLang: 'EN', targetLang: 'DE' },
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.data.engine).toBe('pseudo');
    expect(r.data.translations.map((t) => t.text).join(' ')).not.toContain('second:');
    expect(translateCalls(second.seen)).toHaveLength(0);

    const r2 = await app.call('translate.batch', {
      batchId: 'b-second',
      connectionId: customId,
      segments: ['Three.'],
      options: { sourceLang: 'EN', targetLang: 'DE' },
    });
    expect(r2.ok && r2.data.translations.map((t) => t.text)).toEqual(['second:Three.']);
    expect(translateCalls(second.seen)).toHaveLength(1);
  });
});

describe('a detected source the engine cannot translate', () => {
  it('comes back naming the detected language, so the screen can say it in words', async () => {
    const { app, customId } = await twoConnections(() => ({
      status: 400,
      body: {
        message: 'The local engine cannot translate DA (detected from text 1) into ES. See GET /v2/languages for what it can do.',
        code: 'unsupported_language_pair',
      },
    }));
    const r = await app.call('translate.run', { connectionId: customId, texts: ['Hej verden'], options: { targetLang: 'ES' } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code: 'bad_request', serviceCode: 'unsupported_language_pair', detectedSourceLanguage: 'DA' });
    // With a source chosen by the user there is nothing detected to name.
    const chosen = await app.call('translate.run', { connectionId: customId, texts: ['Hej verden'], options: { sourceLang: 'DA', targetLang: 'ES' } });
    expect(!chosen.ok && chosen.error.detectedSourceLanguage).toBeUndefined();
    // A batch of segments (Translate's Segments mode) names it too.
    const batch = await app.call('translate.batch', { batchId: 'b-da', connectionId: customId, segments: ['Save changes', 'Hej verden'], options: { targetLang: 'ES' } });
    expect(!batch.ok && batch.error).toMatchObject({ serviceCode: 'unsupported_language_pair', detectedSourceLanguage: 'DA' });
  });
});

describe('Settings → Translate in main', () => {
  it('lists the local engine’s pairs while another connection is active, and forgets remembered languages', async () => {
    const { app, localId, customId } = await twoConnections();
    await app.call('connections.setActive', { id: customId });
    const local = await app.call('languages.pairs', { connectionId: localId });
    expect(local.ok && local.data.pairs).toContainEqual({ source: 'EN', target: 'DE' });
    const active = await app.call('languages.pairs', {});
    expect(active.ok && active.data.pairs).toBeNull();

    await app.call('translatePrefs.update', { remember: { connectionId: localId, sourceLang: 'EN', targetLang: 'DE' } });
    await app.call('translatePrefs.update', { remember: { connectionId: customId, sourceLang: '', targetLang: 'FR' } });
    const after = await app.call('translatePrefs.update', { forget: customId });
    expect(after.ok && after.data.perConnection).toEqual({ [localId]: { sourceLang: 'EN', targetLang: 'DE' } });
    expect(app.events.some((e) => e.name === 'translatePrefs.changed')).toBe(true);
  });
});

describe('history and the cache', () => {
  it('keeps a translation answered from the cache too (billed nothing that time on a billing service)', async () => {
    const { app, customId } = await twoConnections();
    await app.call('connections.setActive', { id: customId });
    const opts = { sourceLang: 'EN', targetLang: 'DE', showBilledCharacters: true };
    // Translated while history was off: in the cache, not in the history.
    await app.call('translate.run', { texts: ['Invoices are due on Friday.'], options: opts });
    await app.call('translatePrefs.update', { historyEnabled: true });
    const again = await app.call('translate.run', { texts: ['Invoices are due on Friday.'], options: opts });
    expect(again.ok && again.data.cached).toBe(true);
    await vi.waitFor(async () => {
      const l = await app.call('history.list', {});
      expect(l.ok && l.data.entries.map((e) => [e.source, e.billedCharacters])).toEqual([['Invoices are due on Friday.', 0]]);
    });
  });
});
