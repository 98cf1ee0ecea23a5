/**
 * Every registrar through a fake ipcMain, with the real services, Node adapters, a temp dir and the local service
 * (pseudo engine): sender checks, input validation, first run on the local engine, credentials that never come
 * back, session-only storage, settings, batches and link allowlisting.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startService } from '../../../service/server.js';
import { CALL_NAMES, DRAFT_LIMITS, channelOf } from '../../../shared/ipc/contract.js';
import { createTestApp, TRUSTED_SENDER, type TestApp } from '../test-support.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function localApp(o: Parameters<typeof createTestApp>[0] = {}) {
  app = await createTestApp(o);
  const r = await app.call('connections.addLocal', {});
  if (!r.ok) throw new Error(r.error.message);
  const svc = app.launcher.running[0]!;
  return { app, svc };
}

describe('registration and sender checks', () => {
  it('registers a handler for every call of the contract', async () => {
    app = await createTestApp();
    for (const name of CALL_NAMES) expect(app.ipc.handlers.has(channelOf(name)), name).toBe(true);
  });

  it('refuses calls from windows it did not create or from another origin, without running the service', async () => {
    app = await createTestApp();
    const bad = [
      { sender: { id: 'some-webview' }, senderFrame: { url: 'app://verso/index.html' } },
      { sender: TRUSTED_SENDER, senderFrame: { url: 'https://evil.example/' } },
      { sender: TRUSTED_SENDER, senderFrame: null },
    ];
    for (const event of bad) {
      const r = await app.call('settings.update', { theme: 'dark' }, event);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('forbidden_sender');
    }
    const s = await app.call('settings.get');
    expect(s.ok && s.data.theme).toBe('system');
  });

  it('rejects invalid input with a message naming the field', async () => {
    app = await createTestApp();
    const r1 = await app.call('settings.update', { debounceMs: 5 });
    expect(r1.ok).toBe(false);
    if (!r1.ok) {
      expect(r1.error.code).toBe('invalid_input');
      expect(r1.error.field).toBe('debounceMs');
      expect(r1.error.message).toContain('100 ms');
    }
    const r2 = await app.call('translate.run', { texts: Array.from({ length: 51 }, () => 'x'), options: { targetLang: 'DE' } });
    expect(!r2.ok && r2.error.message).toMatch(/multi-segment/);
    const r3 = await app.call('translate.run', { texts: ['x'], options: { targetLang: 'DE', glossaryId: 'g' } });
    expect(!r3.ok && r3.error.message).toMatch(/source language/);
    const r4 = await app.call('connections.addCustom', { name: 'x', baseUrl: 'ftp://host', apiKey: 'k' });
    expect(!r4.ok && r4.error.field).toBe('baseUrl');
    // Not even a call name the contract lacks reaches anything: unknown input shapes are refused too.
    const r5 = await app.call('settings.update', { theme: 'dark', extra: 1 } as never);
    expect(r5.ok).toBe(false);
  });
});

describe('first run on the local engine', () => {
  it('starts with no connection, then translates through the local engine and caches identical requests', async () => {
    app = await createTestApp();
    const before = await app.call('connections.status');
    expect(before.ok && before.data.state).toBe('none');
    const noConn = await app.call('translate.run', { texts: ['Hello'], options: { targetLang: 'DE' } });
    expect(!noConn.ok && noConn.error.code).toBe('no_connection');

    const added = await app.call('connections.addLocal', {});
    expect(added.ok && added.data.kind).toBe('local');
    const status = await app.call('connections.status');
    expect(status.ok && status.data.state).toBe('ready');

    const r = await app.call('translate.run', { requestId: 'live', texts: ['Hello world'], options: { targetLang: 'DE' } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.engine).toBe('pseudo');
    expect(r.data.translations[0]!.text).not.toBe('Hello world');
    expect(r.data.characters).toBe(11);
    const again = await app.call('translate.run', { requestId: 'live', texts: ['Hello world'], options: { targetLang: 'DE' } });
    expect(again.ok && again.data.cached).toBe(true);

    const langs = await app.call('languages.list', { type: 'target' });
    expect(langs.ok && langs.data.pseudo).toBe(true);
    expect(langs.ok && langs.data.languages.length).toBeGreaterThan(0);
    const cachedLangs = await app.call('languages.list', { type: 'target' });
    expect(cachedLangs.ok && cachedLangs.data.fromCache).toBe(true);
    expect(app.events.some((e) => e.name === 'localService.statusChanged')).toBe(true);
  });

  it('translates a batch of 120 segments in 3 requests, in order, with progress events', async () => {
    const { app } = await localApp();
    const segments = Array.from({ length: 120 }, (_, i) => `Segment number ${i}`);
    const r = await app.call('translate.batch', { batchId: 'b1', segments, options: { targetLang: 'DE' }, concurrency: 3 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.requests).toBe(3);
    expect(r.data.translations).toHaveLength(120);
    // Pseudo-localisation keeps digits, so each output still carries its own segment number: order is kept.
    r.data.translations.forEach((t, i) => expect(t.text).toContain(String(i)));
    const progress = app.events.filter((e) => e.name === 'translate.batchProgress').map((e) => (e.payload as { done: number }).done);
    expect(progress.at(-1)).toBe(120);
  });
});

describe('credentials', () => {
  it('a custom connection is checked, its key encrypted at rest, and never returned or leaked', async () => {
    const { app, svc } = await localApp();
    const key = svc.keys.pro_key;
    const wrong = await app.call('connections.addCustom', { name: 'Bad', baseUrl: svc.proUrl, apiKey: `${key}x` });
    expect(!wrong.ok && wrong.error.code).toBe('auth_failed');
    expect(JSON.stringify(wrong)).not.toContain(key);

    const added = await app.call('connections.addCustom', { name: 'Mine', baseUrl: svc.proUrl, apiKey: key });
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    expect(added.data.apiKey).toEqual({ configured: true, persisted: true });
    await app.call('connections.setActive', { id: added.data.id });
    const t = await app.call('translate.run', { texts: ['Hi'], options: { targetLang: 'FR' } });
    expect(t.ok).toBe(true);

    const onDisk = await readFile(join(app.dir, 'secrets.json'), 'utf8');
    expect(onDisk).not.toContain(key);
    const everything = JSON.stringify([
      added,
      await app.call('connections.list'),
      await app.call('credentials.status'),
      t,
      app.events,
      app.logs,
    ]);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(svc.keys.admin_key);

    const cleared = await app.call('credentials.clearApiKey', { connectionId: added.data.id });
    expect(cleared.ok && cleared.data.configured).toBe(false);
    const after = await app.call('translate.run', { texts: ['Hi again'], options: { targetLang: 'FR' } });
    expect(!after.ok && after.error.message).toMatch(/no API key/);
  });

  it('without a keyring it refuses to persist and offers this session only', async () => {
    const { app, svc } = await localApp({ persistSecrets: false });
    const st = await app.call('credentials.status');
    expect(st.ok && st.data.canPersist).toBe(false);
    const refused = await app.call('connections.addCustom', { name: 'X', baseUrl: svc.proUrl, apiKey: svc.keys.pro_key });
    expect(!refused.ok && refused.error.code).toBe('secret_storage_unavailable');
    expect(!refused.ok && refused.error.message).toMatch(/this session only/);
    const session = await app.call('connections.addCustom', { name: 'X', baseUrl: svc.proUrl, apiKey: svc.keys.pro_key, persistence: 'session' });
    expect(session.ok && session.data.apiKey).toEqual({ configured: true, persisted: false });
    const onDisk = await readFile(join(app.dir, 'secrets.json'), 'utf8').catch(() => '');
    expect(onDisk).not.toContain(svc.keys.pro_key);
  });

  it('a hosted key is checked and routed by tier: a Free key (:fx) goes to the Free base', async () => {
    const svc = await startService({ engines: ['pseudo'], inMemory: true, port: 0, freePort: 0 });
    try {
      app = await createTestApp({ hosted: { pro: svc.proUrl, free: svc.freeUrl } });
      const pro = await app.call('connections.addHosted', { name: 'Pro', apiKey: svc.keys.pro_key });
      expect(pro.ok && pro.data).toMatchObject({ baseUrl: svc.proUrl, tier: 'pro' });
      expect(svc.keys.free_key.endsWith(':fx')).toBe(true);
      const free = await app.call('connections.addHosted', { name: 'Free', apiKey: svc.keys.free_key });
      expect(free.ok && free.data).toMatchObject({ baseUrl: svc.freeUrl, tier: 'free' });
      const forced = await app.call('connections.addHosted', { name: 'Wrong', apiKey: svc.keys.free_key, tier: 'pro' });
      expect(!forced.ok && forced.error.code).toBe('auth_failed');
      const list = await app.call('connections.list');
      expect(list.ok && list.data.connections.map((c) => c.name)).toEqual(['Pro', 'Free']);
    } finally {
      await app?.close();
      app = undefined;
      await svc.close();
    }
  });
});

describe('a developer key created with the admin key', () => {
  it('never crosses IPC, and reaches the user once: on the clipboard or as a new connection', async () => {
    const svc = await startService({ engines: ['pseudo'], inMemory: true, port: 0, freePort: 0 });
    try {
      app = await createTestApp({ hosted: { pro: svc.proUrl, free: svc.freeUrl }, clipboardWorks: false });
      const admin = await app.call('connections.addHosted', { name: 'Team', apiKey: svc.keys.pro_key });
      if (!admin.ok) throw new Error(admin.error.message);
      await app.call('credentials.setAdminKey', { connectionId: admin.data.id, adminKey: svc.keys.admin_key });

      const before = new Set(app.composed.secrets());
      const created = await app.call('adminKeys.create', { connectionId: admin.data.id, label: 'CI robot' });
      if (!created.ok) throw new Error(created.error.message);
      // What main now holds in memory (for redaction) tells the test the new key's secret.
      const fresh = app.composed.secrets().filter((k) => !before.has(k));
      expect(fresh).toHaveLength(1);
      expect(created.data).toMatchObject({ label: 'CI robot', secretHeld: true, isDeactivated: false });
      // No clipboard in this shell: the copy says so and the key is kept for the other way.
      const copy = await app.call('adminKeys.copyNewKey', { keyId: created.data.keyId });
      expect(copy.ok && copy.data.copied).toBe(false);

      const saved = await app.call('adminKeys.saveNewKeyAsConnection', { keyId: created.data.keyId, name: 'CI robot' });
      if (!saved.ok) throw new Error(saved.error.message);
      expect(saved.data).toMatchObject({ name: 'CI robot', kind: 'hosted', tier: 'pro', apiKey: { configured: true } });
      // The saved key works: it is a real key of that account, checked against the service.
      const works = await app.call('connections.test', { id: saved.data.id });
      expect(works.ok && works.data.reachable).toBe(true);
      const again = await app.call('adminKeys.copyNewKey', { keyId: created.data.keyId });
      expect(!again.ok && again.error.message).toMatch(/only once/);

      const keys = await app.call('adminKeys.list', { connectionId: admin.data.id });
      expect(keys.ok && keys.data.keys.map((k) => k.label)).toContain('CI robot');
      const everything = JSON.stringify([created, copy, saved, works, again, keys, app.events, app.logs]);
      for (const k of [fresh[0]!, svc.keys.admin_key, svc.keys.pro_key]) expect(everything).not.toContain(k);
      expect(await readFile(join(app.dir, 'secrets.json'), 'utf8')).not.toContain(fresh[0]!);
    } finally {
      await app?.close();
      app = undefined;
      await svc.close();
    }
  });

  it('copies a new key of the local engine to the clipboard once, and refuses to save it as a connection', async () => {
    const { app } = await localApp();
    const state = await app.call('connections.list');
    const created = await app.call('adminKeys.create', { connectionId: (state.ok && state.data.activeId) || '' });
    if (!created.ok) throw new Error(created.error.message);
    expect(created.data.secretHeld).toBe(true);
    const asConnection = await app.call('adminKeys.saveNewKeyAsConnection', { keyId: created.data.keyId, name: 'x' });
    expect(!asConnection.ok && asConnection.error.message).toMatch(/Copy the key instead/);
    const copy = await app.call('adminKeys.copyNewKey', { keyId: created.data.keyId });
    expect(copy.ok && copy.data.copied).toBe(true);
    const secret = app.clipboard.at(-1)!;
    expect(secret.length).toBeGreaterThan(8);
    expect(JSON.stringify([created, asConnection, copy, app.events, app.logs])).not.toContain(secret);
    const twice = await app.call('adminKeys.copyNewKey', { keyId: created.data.keyId });
    expect(!twice.ok && twice.error.code).toBe('not_found');
    expect(app.clipboard).toHaveLength(1);
  });
});

describe('settings and app', () => {
  it('updates settings, persists them and emits settings.changed', async () => {
    app = await createTestApp();
    const r = await app.call('settings.update', { theme: 'dark', debounceMs: 800, defaults: { targetLang: 'fr' } });
    expect(r.ok && r.data).toMatchObject({ theme: 'dark', debounceMs: 800, defaults: { targetLang: 'FR', sourceLang: null } });
    const file = JSON.parse(await readFile(join(app.dir, 'settings.json'), 'utf8')) as { settings: { theme: string } };
    expect(file.settings.theme).toBe('dark');
    expect(app.events.some((e) => e.name === 'settings.changed')).toBe(true);
  });

  it('keeps the Translate draft in the settings file without broadcasting it, and refuses one over 2 MB', async () => {
    app = await createTestApp();
    const draft = { mode: 'multi' as const, text: '', segmentsText: 'a\nb', options: { targetLang: 'FR' }, languagesTouched: true };
    const r = await app.call('settings.update', { translateDraft: draft });
    expect(r.ok && r.data.translateDraft).toEqual(draft);
    const file = JSON.parse(await readFile(join(app.dir, 'settings.json'), 'utf8')) as { settings: { translateDraft: unknown } };
    expect(file.settings.translateDraft).toEqual(draft);
    expect(app.events.some((e) => e.name === 'settings.changed')).toBe(false);

    const big = await app.call('settings.update', { translateDraft: { ...draft, text: 'x'.repeat(DRAFT_LIMITS.textChars) } });
    expect(big.ok).toBe(false);
    if (!big.ok) {
      expect(big.error.code).toBe('invalid_input');
      expect(big.error.message).toMatch(/2 MB.*save it to a file/);
    }
    const bad = await app.call('settings.update', { translateDraft: { ...draft, options: { nested: { deep: 1 } } } as never });
    expect(bad.ok).toBe(false);
    const still = await app.call('settings.get');
    expect(still.ok && still.data.translateDraft).toEqual(draft);
  });

  it('opens only https links to allowlisted hosts', async () => {
    app = await createTestApp();
    expect((await app.call('app.openExternal', { url: 'https://github.com/x' })).ok).toBe(true);
    for (const url of ['http://github.com/', 'https://evil.example/', 'file:///etc/passwd', 'https://user:pw@github.com/']) {
      const r = await app.call('app.openExternal', { url });
      expect(r.ok, url).toBe(false);
    }
  });

  it('documents start with an empty list and refuse a path that is not a document', async () => {
    app = await createTestApp();
    const list = await app.call('documents.list');
    expect(list.ok && list.data.jobs).toEqual([]);
    const up = await app.call('documents.enqueue', { paths: ['/etc/passwd'], options: { targetLangs: ['DE'] } });
    expect(up.ok).toBe(false);
  });
});

describe('app.start', () => {
  it('does not wait on the network (a list whose request hangs is left out, the own call joins it), and its state is as new as its sending', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let holding = false;
    const asked: string[] = [];
    app = await createTestApp({
      wrapTransport: (inner) => ({
        send: async (req) => {
          if (req.url.includes('/v2/languages')) asked.push(req.url);
          const res = await inner.send(req);
          if (holding && req.url.includes('/v2/languages?')) await released;
          return res;
        },
      }),
    });
    const added = await app.call('connections.addLocal', {});
    if (!added.ok) throw new Error(added.error.message);
    holding = true;
    const starting = app.call('app.start', { translate: true });
    // A change main announces while it waits for the lists is in the answer (read in the turn it leaves in), not
    // older than the event the page gets before it.
    await new Promise((r) => setTimeout(r, 50));
    await app.call('settings.update', { theme: 'dark' });
    const start = await starting;
    if (!start.ok) throw new Error(start.error.message);
    expect(start.data.settings?.theme).toBe('dark');
    // What main has without the network is there; the lists, not cached yet, are left for the renderer to ask.
    expect(start.data.settings).not.toBeNull();
    expect(start.data.status?.activeId).toBe(added.data.id);
    expect(start.data.translate).toMatchObject({ connectionId: added.data.id, source: null, target: null });
    expect(start.data.translate?.prefs).not.toBeNull();
    const sourceRequests = () => asked.filter((u) => u.includes('type=source')).length;
    expect(sourceRequests()).toBe(1);
    const own = app.call('languages.list', { type: 'source' });
    await new Promise((r) => setTimeout(r, 50));
    expect(sourceRequests()).toBe(1); // joined the request on its way, did not send another
    release();
    const list = await own;
    expect(list.ok && list.data.languages.length).toBeGreaterThan(1);
    // Once cached, app.start has it.
    const again = await app.call('app.start', { translate: true });
    expect(again.ok && again.data.translate?.source?.languages.length).toBeGreaterThan(1);
  });
});
