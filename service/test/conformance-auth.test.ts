/**
 * Conformance: listeners, auth, scopes, errors, trace ids, logs (HTTP level, real server on free ports).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../server.js';
import { call } from './http.js';

let svc: RunningService;
let accountId: string;

beforeAll(async () => {
  svc = await startService({ inMemory: true, engines: ['pseudo'], faults: true });
  accountId = svc.store.listAccounts()[0]!.id;
});
afterAll(async () => svc?.close());

const translateBody = { text: ['Hello world'], target_lang: 'DE' };

describe('listeners and keys', () => {
  it('serves a Pro and a Free base on loopback with three keys', () => {
    expect(svc.proUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(svc.freeUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(svc.proUrl).not.toBe(svc.freeUrl);
    expect(svc.keys.free_key.endsWith(':fx')).toBe(true);
    expect(new Set([svc.keys.pro_key, svc.keys.free_key, svc.keys.admin_key]).size).toBe(3);
    // keys.json also names the local engine's own keys by id, so Keys can say which key Verso uses (issue 21).
    expect(svc.keys.pro_key_id).toMatch(/^[0-9a-f-]+:[0-9a-f-]+$/);
  });

  it('puts an X-Trace-ID on every response, errors included', async () => {
    const ok = await call(svc.proUrl, '/v2/usage', { key: svc.keys.pro_key });
    const denied = await call(svc.proUrl, '/v2/usage');
    const missing = await call(svc.proUrl, '/v2/nothing');
    for (const r of [ok, denied, missing]) expect(r.headers.get('x-trace-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(ok.headers.get('x-trace-id')).not.toBe(denied.headers.get('x-trace-id'));
  });
});

describe('authentication', () => {
  const cases: [string, Record<string, string>][] = [
    ['missing header', {}],
    ['wrong scheme', { authorization: `DeepL-Auth-Key KEY` }],
    ['bearer', { authorization: `Bearer KEY` }],
    ['scheme without key', { authorization: 'Service-Auth-Key ' }],
    ['unknown key', { authorization: 'Service-Auth-Key not-a-key-of-this-service' }],
  ];
  for (const [name, headers] of cases) {
    it(`answers 403 with an Error body for a ${name}`, async () => {
      const h = { ...headers };
      if (h.authorization?.includes('KEY')) h.authorization = h.authorization.replace('KEY', svc.keys.pro_key);
      const r = await call(svc.proUrl, '/v2/translate', { json: translateBody, headers: h });
      expect(r.status).toBe(403);
      expect(typeof r.body.message).toBe('string');
      expect(r.body.message.length).toBeGreaterThan(10);
    });
  }

  it('accepts the Service-Auth-Key scheme on every endpoint family', async () => {
    const key = svc.keys.pro_key;
    expect((await call(svc.proUrl, '/v2/usage', { key })).status).toBe(200);
    expect((await call(svc.proUrl, '/v2/languages', { key })).status).toBe(200);
    expect((await call(svc.proUrl, '/v2/glossaries', { key })).status).toBe(200);
    expect((await call(svc.proUrl, '/v2/translate', { key, json: translateBody })).status).toBe(200);
    expect((await call(svc.proUrl, '/v3/detect/language', { key, json: { text: ['Hallo Welt, wie geht es dir heute?'] } })).status).toBe(200);
    expect((await call(svc.proUrl, '/v2/admin/developer-keys', { key: svc.keys.admin_key })).status).toBe(200);
  });

  it('sends a Free key to the Free base and a Pro key to the Pro base, naming the right base', async () => {
    const freeOnPro = await call(svc.proUrl, '/v2/translate', { key: svc.keys.free_key, json: translateBody });
    expect(freeOnPro.status).toBe(403);
    expect(freeOnPro.body.message).toContain(svc.freeUrl);
    const proOnFree = await call(svc.freeUrl, '/v2/translate', { key: svc.keys.pro_key, json: translateBody });
    expect(proOnFree.status).toBe(403);
    expect(proOnFree.body.message).toContain(svc.proUrl);
    const freeOnFree = await call(svc.freeUrl, '/v2/translate', { key: svc.keys.free_key, json: translateBody });
    expect(freeOnFree.status).toBe(200);
  });

  it('lets admin keys use only the admin endpoints, only on the Pro base', async () => {
    const onTranslate = await call(svc.proUrl, '/v2/translate', { key: svc.keys.admin_key, json: translateBody });
    expect(onTranslate.status).toBe(403);
    const onFree = await call(svc.freeUrl, '/v2/admin/developer-keys', { key: svc.keys.admin_key });
    expect(onFree.status).toBe(403);
    expect(onFree.body.message).toMatch(/Pro base/);
    const proOnAdmin = await call(svc.proUrl, '/v2/admin/developer-keys', { key: svc.keys.pro_key });
    expect(proOnAdmin.status).toBe(403);
  });

  it('refuses the admin interface to accounts that do not have it enabled', async () => {
    const other = svc.store.createAccount({ name: 'no admin' });
    const { secret } = svc.store.createKey({ accountId: other.id, tier: 'admin' });
    const r = await call(svc.proUrl, '/v2/admin/developer-keys', { key: secret });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/not enabled/);
  });

  it('refuses a scoped key outside its scope and allows it inside', async () => {
    const { secret } = svc.store.createKey({ accountId, tier: 'pro', scopes: ['usage'] });
    expect((await call(svc.proUrl, '/v2/usage', { key: secret })).status).toBe(200);
    const r = await call(svc.proUrl, '/v2/translate', { key: secret, json: translateBody });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/limited to usage/);
  });

  it('refuses detection without the beta', async () => {
    const other = svc.store.createAccount({ name: 'no beta' });
    const { secret } = svc.store.createKey({ accountId: other.id, tier: 'pro' });
    const r = await call(svc.proUrl, '/v3/detect/language', { key: secret, json: { text: ['Bonjour'] } });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/beta/);
  });

  it('rejects a deactivated key at once', async () => {
    const { key, secret } = svc.store.createKey({ accountId, tier: 'pro' });
    expect((await call(svc.proUrl, '/v2/usage', { key: secret })).status).toBe(200);
    const d = await call(svc.proUrl, '/v2/admin/developer-keys/deactivate', {
      method: 'PUT',
      key: svc.keys.admin_key,
      json: { key_id: key.keyId },
    });
    expect(d.status).toBe(200);
    const r = await call(svc.proUrl, '/v2/usage', { key: secret });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/deactivated/);
  });
});

describe('errors', () => {
  it('answers 404 with an Error body for unknown paths', async () => {
    const r = await call(svc.proUrl, '/v2/nope', { key: svc.keys.pro_key });
    expect(r.status).toBe(404);
    expect(r.body.message).toMatch(/No endpoint/);
  });

  it('answers 405 with Allow for a wrong method on a known path', async () => {
    const r = await call(svc.proUrl, '/v2/translate', { method: 'GET', key: svc.keys.pro_key });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toContain('POST');
    expect(r.body.message).toMatch(/not allowed/);
    const d = await call(svc.proUrl, '/v2/glossaries/abc', { method: 'POST', key: svc.keys.pro_key, json: {} });
    expect(d.status).toBe(405);
  });

  it('answers 400 for malformed JSON and for a body that is not an object', async () => {
    const bad = await call(svc.proUrl, '/v2/translate', {
      key: svc.keys.pro_key,
      body: '{"text": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/malformed/i);
    const arr = await call(svc.proUrl, '/v2/translate', { key: svc.keys.pro_key, json: ['x'] });
    expect(arr.status).toBe(400);
    const type = await call(svc.proUrl, '/v2/translate', {
      key: svc.keys.pro_key,
      body: 'text=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(type.status).toBe(400);
    expect(type.body.message).toMatch(/Content-Type/);
  });
});
