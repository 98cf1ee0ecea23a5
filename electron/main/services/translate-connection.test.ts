/**
 * Main-side Translate domain (issue 7): results belong to the connection they were asked of, also for a
 * multi-segment batch, and a detected source the engine cannot translate comes back naming the detected language.
 * A second service is a small HTTP server on 127.0.0.1 that records what it receives; the local engine is the real
 * local service (pseudo engine).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support.js';
import { closeSecondServices, secondService, type Seen } from './second-service-test-kit.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  await closeSecondServices();
});

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
