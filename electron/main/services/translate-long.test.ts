/**
 * Main-side Translate domain against a real local service (pseudo engine): long texts cut into several requests
 * and joined back with progress, the language pairs extension, translate preferences and the opt-in history.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function localApp() {
  app = await createTestApp();
  const r = await app.call('connections.addLocal', {});
  if (!r.ok) throw new Error(r.error.message);
  return { app, connectionId: r.data.id };
}

describe('Translate domain in main', () => {
  it('translates a text over the request limit in several requests, in order, with the separators kept', async () => {
    const { app } = await localApp();
    const paragraphs = Array.from({ length: 5000 }, (_, i) => `Paragraph ${i} says hello to the world.`);
    const text = paragraphs.join('\n\n');
    expect(new TextEncoder().encode(text).length).toBeGreaterThan(128 * 1024);
    const r = await app.call('translate.run', { requestId: 'long-1', texts: [text], options: { targetLang: 'DE', sourceLang: 'EN', showBilledCharacters: true } });
    if (!r.ok) throw new Error(r.error.message);
    const out = r.data.translations[0]!.text.split('\n\n');
    expect(out).toHaveLength(paragraphs.length);
    // The pseudo engine keeps digits: paragraph i is still paragraph i.
    out.forEach((p, i) => expect(p).toContain(String(i)));
    expect(r.data.requests).toBeGreaterThan(1);
    // Billed: every character sent; the blank lines where the text was cut stay local (not sent, not billed).
    const billed = r.data.translations[0]!.billedCharacters!;
    expect(billed).toBeLessThanOrEqual([...text].length);
    expect(billed).toBeGreaterThanOrEqual([...text].length - 2 * r.data.requests!);
    const progress = app.events.filter((e) => e.name === 'translate.batchProgress' && (e.payload as { batchId: string }).batchId === 'long-1');
    expect(progress.length).toBeGreaterThan(1);
  });

  it('lists the pairs the local engine can translate', async () => {
    const { app } = await localApp();
    const r = await app.call('languages.pairs', {});
    if (!r.ok) throw new Error(r.error.message);
    expect(r.data.pairs).not.toBeNull();
    expect(r.data.pairs).toContainEqual({ source: 'EN', target: 'DE' });
  });

  it('keeps history only after the user turned it on, and never a key', async () => {
    const { app, connectionId } = await localApp();
    const opts = { targetLang: 'DE', sourceLang: 'EN' };
    await app.call('translate.run', { texts: ['First text.'], options: opts });
    const off = await app.call('history.list', {});
    expect(off.ok && off.data).toMatchObject({ total: 0, enabled: false });
    const p = await app.call('translatePrefs.update', { historyEnabled: true, secondLanguage: 'de', remember: { connectionId, sourceLang: 'EN', targetLang: 'de' } });
    expect(p.ok && p.data).toMatchObject({ historyEnabled: true, secondLanguage: 'DE', perConnection: { [connectionId]: { sourceLang: 'EN', targetLang: 'DE' } } });
    await app.call('translate.run', { texts: ['Second text.'], options: opts });
    // The history is written after the answer went back (a slow disk never delays a translation).
    await vi.waitFor(async () => {
      const l = await app.call('history.list', { query: 'second' });
      // The local engine bills nothing: no billed count in its entries.
      expect(l.ok && l.data.entries.map((e) => [e.source, e.targetLang, e.billedCharacters])).toEqual([['Second text.', 'DE', null]]);
    });
    await vi.waitFor(() => expect(readFileSync(join(app.dir, 'history.json'), 'utf8')).toContain('Second text.'));
    const file = readFileSync(join(app.dir, 'history.json'), 'utf8');
    for (const secret of app.composed.secrets()) expect(file).not.toContain(secret);
  });
});
