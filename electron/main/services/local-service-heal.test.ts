/**
 * Local engine self-healing (main process, vitest, in-process local service): the Keys screen shows which key the
 * local engine translates with ("Used by: This computer"); when that key is deactivated, the next translation still
 * works because the engine makes itself a new key with its own admin key, writes it to keys.json and keeps its
 * connection (id, name, language choices) as it was. A keys.json from before key ids were written gets them.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startService } from '../../../service/server.js';
import { createTestApp, type TestApp } from '../test-support.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function ok<T>(p: Promise<{ ok: true; data: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

describe('the local engine', () => {
  it('shows its own key as used by it, and heals itself after that key is deactivated', async () => {
    app = await createTestApp();
    const local = await ok(app.call('connections.addLocal', {}));
    const keysFile = join(app.dir, 'local-service', 'keys.json');
    const before = JSON.parse(await readFile(keysFile, 'utf8')) as Record<string, string>;

    const listing = await ok(app.call('adminKeys.list', { connectionId: local.id }));
    const own = listing.keys.filter((k) => k.usedBy.some((u) => u.id === local.id));
    expect(own.map((k) => k.keyId)).toEqual([before.pro_key_id]);
    expect(own[0]!.usedBy).toEqual([{ id: local.id, name: local.name, local: true }]);
    expect(listing.unidentified).toEqual([]);

    expect((await ok(app.call('translate.run', { texts: ['Hello'], options: { targetLang: 'DE' } }))).translations).toHaveLength(1);
    await ok(app.call('adminKeys.deactivate', { connectionId: local.id, keyId: before.pro_key_id! }));

    // Translate again: works, with a new key the engine made itself and wrote to keys.json.
    const again = await ok(app.call('translate.run', { texts: ['Hello again'], options: { targetLang: 'DE' } }));
    expect(again.translations).toHaveLength(1);
    const after = JSON.parse(await readFile(keysFile, 'utf8')) as Record<string, string>;
    expect(after.pro_key).not.toBe(before.pro_key);
    expect(after.pro_key_id).not.toBe(before.pro_key_id);
    expect(after.admin_key).toBe(before.admin_key);
    // The same connection, still active; the new key is the one shown as used by it.
    const state = await ok(app.call('connections.list'));
    expect(state.activeId).toBe(local.id);
    expect(state.connections.map((c) => c.id)).toEqual([local.id]);
    const relisted = await ok(app.call('adminKeys.list', { connectionId: local.id }));
    expect(relisted.keys.find((k) => k.usedBy.length > 0)?.keyId).toBe(after.pro_key_id);
    // A restart reads the healed keys.json: still works.
    await ok(app.call('localService.restart'));
    expect((await ok(app.call('translate.run', { texts: ['After restart'], options: { targetLang: 'DE' } }))).translations).toHaveLength(1);
  });

  it('keeps the user\'s settings and translate preferences when it heals itself, and after a restart', async () => {
    app = await createTestApp();
    const local = await ok(app.call('connections.addLocal', {}));
    const keysFile = join(app.dir, 'local-service', 'keys.json');
    const before = JSON.parse(await readFile(keysFile, 'utf8')) as Record<string, string>;
    // What a user set: UI language and theme, a second language, the languages last used on this computer's
    // engine and on a connection that is not open now.
    await ok(app.call('settings.update', { uiLanguage: 'de', theme: 'dark', debounceMs: 900 }));
    await ok(app.call('translatePrefs.update', { secondLanguage: 'FR' }));
    await ok(app.call('translatePrefs.update', { remember: { connectionId: 'c-team', sourceLang: 'EN', targetLang: 'ES' } }));
    await ok(app.call('translatePrefs.update', { remember: { connectionId: local.id, sourceLang: 'EN', targetLang: 'DE' } }));
    const settings = await ok(app.call('settings.get'));
    const prefs = await ok(app.call('translatePrefs.get'));
    expect(prefs.perConnection[local.id]).toEqual({ sourceLang: 'EN', targetLang: 'DE' });
    const onDisk = await readFile(join(app.dir, 'settings.json'), 'utf8');

    await ok(app.call('adminKeys.deactivate', { connectionId: local.id, keyId: before.pro_key_id! }));
    expect((await ok(app.call('translate.run', { texts: ['Hello'], options: { sourceLang: 'EN', targetLang: 'DE' } }))).translations).toHaveLength(1);
    // Healed (a new key in keys.json) ...
    expect(JSON.parse(await readFile(keysFile, 'utf8')).pro_key_id).not.toBe(before.pro_key_id);
    // ... and everything the user set is as it was: same connection, its languages, the second language, UI
    // language and theme, in memory and on disk.
    const expectUnchanged = async () => {
      expect((await ok(app!.call('connections.list'))).activeId).toBe(local.id);
      expect(await ok(app!.call('settings.get'))).toEqual(settings);
      expect(await ok(app!.call('translatePrefs.get'))).toEqual(prefs);
      expect(JSON.parse(await readFile(join(app!.dir, 'settings.json'), 'utf8'))).toEqual(JSON.parse(onDisk));
    };
    await expectUnchanged();
    expect(settings).toMatchObject({ uiLanguage: 'de', theme: 'dark', debounceMs: 900 });
    expect(prefs).toMatchObject({ secondLanguage: 'FR', perConnection: { 'c-team': { sourceLang: 'EN', targetLang: 'ES' } } });
    // A restart of the engine with the healed keys.json changes none of it either.
    await ok(app.call('localService.restart'));
    expect((await ok(app.call('translate.run', { texts: ['After restart'], options: { targetLang: 'DE' } }))).translations).toHaveLength(1);
    await expectUnchanged();
  });

  it('a request refused with the old key after another one healed is sent again with the new key', async () => {
    // Languages requests are held until released, so their 403 arrives after the translation's heal has finished.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let holding = false;
    app = await createTestApp({
      wrapTransport: (inner) => ({
        send: async (req) => {
          const res = await inner.send(req);
          if (holding && req.url.includes('/v2/languages')) await released;
          return res;
        },
      }),
    });
    const local = await ok(app.call('connections.addLocal', {}));
    const keysFile = join(app.dir, 'local-service', 'keys.json');
    const before = JSON.parse(await readFile(keysFile, 'utf8')) as Record<string, string>;
    await ok(app.call('adminKeys.deactivate', { connectionId: local.id, keyId: before.pro_key_id! }));
    holding = true;
    const languages = app.call('languages.list', { type: 'source', refresh: true });
    const translated = await ok(app.call('translate.run', { texts: ['Hello'], options: { targetLang: 'DE' } }));
    expect(translated.translations).toHaveLength(1);
    release();
    expect((await ok(languages)).languages.length).toBeGreaterThan(1);
  });

  it('adds the key ids to a keys.json written before they were', async () => {
    app = await createTestApp();
    const dir = join(app.dir, 'svc');
    const first = await startService({ engines: ['pseudo'], dataDir: dir, port: 0, freePort: 0 });
    const { pro_key, free_key, admin_key, pro_key_id } = first.keys;
    await first.close();
    await writeFile(join(dir, 'keys.json'), JSON.stringify({ pro_key, free_key, admin_key }));
    const second = await startService({ engines: ['pseudo'], dataDir: dir, port: 0, freePort: 0 });
    try {
      expect(second.keys.pro_key_id).toBe(pro_key_id);
      expect(JSON.parse(await readFile(join(dir, 'keys.json'), 'utf8')).pro_key_id).toBe(pro_key_id);
    } finally {
      await second.close();
    }
  });
});
