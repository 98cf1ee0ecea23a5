/**
 * Unit test (main): Settings' "Replace key" checks the new API key with the service before it replaces the one that
 * works — a mistyped key or an admin key is refused with the service's reason and the connection keeps translating
 * with its old key; a good key replaces it. Against a real local service standing in for a hosted account.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../service/server.js';
import { createTestApp, type TestApp } from '../test-support.js';

let svc: RunningService;
let app: TestApp;
let svcDir: string;
let work: string;

beforeEach(async () => {
  svcDir = await mkdtemp(join(tmpdir(), 'verso-replace-key-'));
  svc = await startService({ engines: ['pseudo'], dataDir: svcDir, port: 0, freePort: 0 });
  app = await createTestApp({ hosted: { pro: svc.proUrl, free: svc.freeUrl } });
  const added = await app.call('connections.addHosted', {
    name: 'Work',
    apiKey: svc.keys.pro_key,
    persistence: 'session',
  });
  if (!added.ok) throw new Error(added.error.message);
  work = added.data.id;
});

afterEach(async () => {
  await app.close();
  await svc.close();
  await rm(svcDir, { recursive: true, force: true });
});

const translates = async (): Promise<boolean> => {
  const r = await app.call('connections.test', { id: work });
  return r.ok && r.data.reachable;
};

describe('replacing a connection’s API key', () => {
  it('refuses a key the service does not accept, and keeps the key that works', async () => {
    const wrong = await app.call('credentials.setApiKey', {
      connectionId: work,
      apiKey: 'not-a-real-key',
      persistence: 'session',
    });
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.error.code).toBe('auth_failed');
    expect(await translates()).toBe(true);
  });

  it('refuses the account’s admin key as the translating key, saying why', async () => {
    const admin = await app.call('credentials.setApiKey', {
      connectionId: work,
      apiKey: svc.keys.admin_key,
      persistence: 'session',
    });
    expect(admin.ok).toBe(false);
    if (!admin.ok)
      expect(admin.error).toMatchObject({
        code: 'auth_failed',
        status: 403,
        serviceCode: 'admin_key_not_allowed',
      });
    expect(await translates()).toBe(true);
  });

  it('replaces it with a key the service accepts', async () => {
    const other = await app.call('credentials.setApiKey', {
      connectionId: work,
      apiKey: svc.keys.pro_key,
      persistence: 'session',
    });
    expect(other.ok).toBe(true);
    expect(await translates()).toBe(true);
  });
});
