/**
 * Admin-keys tests (main process, vitest) against a real local service standing in for a hosted account: the
 * admin key checked before it is saved (a developer key and an account with the admin interface off are refused
 * with their service codes), create/rename/limit 0/null/n/deactivate with the service's listing agreeing, bulk
 * changes, the 25-key limit, a 456 caused by a key limit, the audit log and the CSV exports.
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
/** The "Work" connection the Keys screen shows (every call names it). */
let work: string;

beforeEach(async () => {
  svcDir = await mkdtemp(join(tmpdir(), 'verso-admin-svc-'));
  svc = await startService({ engines: ['pseudo'], dataDir: svcDir, port: 0, freePort: 0 });
  app = await createTestApp({ hosted: { pro: svc.proUrl, free: svc.freeUrl } });
  const added = await app.call('connections.addHosted', { name: 'Work', apiKey: svc.keys.pro_key, persistence: 'session' });
  if (!added.ok) throw new Error(added.error.message);
  work = added.data.id;
});

afterEach(async () => {
  await app.close();
  await svc.close();
  await rm(svcDir, { recursive: true, force: true });
});

/** The service's own listing, read with the admin key directly (not through Verso). */
async function serviceListing(): Promise<{ key_id: string; label: string; is_deactivated: boolean; usage_limits?: { characters: number | null } }[]> {
  const res = await fetch(`${svc.proUrl}/v2/admin/developer-keys`, { headers: { Authorization: `Service-Auth-Key ${svc.keys.admin_key}` } });
  return (await res.json()) as never;
}

async function ok<T>(p: Promise<{ ok: true; data: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

describe('admin key', () => {
  it('is checked against the admin endpoint before it is saved', async () => {
    expect((await ok(app.call('adminKeys.access'))).configured).toBe(false);
    const dev = await app.call('adminKeys.setAdminKey', { adminKey: svc.keys.pro_key, persistence: 'session' });
    expect(!dev.ok && dev.error).toMatchObject({ code: 'auth_failed', status: 403, serviceCode: 'admin_key_required' });
    expect((await ok(app.call('adminKeys.access'))).configured).toBe(false);

    const account = svc.store.listAccounts()[0]!;
    svc.store.updateAccount(account.id, { adminEnabled: false });
    const off = await app.call('adminKeys.setAdminKey', { adminKey: svc.keys.admin_key, persistence: 'session' });
    expect(!off.ok && off.error.serviceCode).toBe('admin_not_enabled');
    svc.store.updateAccount(account.id, { adminEnabled: true });

    const on = await ok(app.call('adminKeys.setAdminKey', { adminKey: svc.keys.admin_key, persistence: 'session' }));
    expect(on.configured).toBe(true);
    const { keys } = await ok(app.call('adminKeys.list', { connectionId: work }));
    expect(keys.map((k) => k.label).sort()).toEqual(['Local Free key', 'Local Pro key']);
  });
});

describe('developer keys', () => {
  beforeEach(async () => {
    await ok(app.call('adminKeys.setAdminKey', { adminKey: svc.keys.admin_key, persistence: 'session' }));
  });

  it('creates, renames, limits (n, 0, null) and deactivates, and the service agrees after each step', async () => {
    const created = await ok(app.call('adminKeys.create', { connectionId: work,  label: 'CI' }));
    expect(created.secretHeld).toBe(true);
    expect(JSON.stringify(created)).not.toMatch(/[0-9a-f-]{36}:fx|"key"/);
    const find = async () => (await serviceListing()).find((k) => k.key_id === created.keyId)!;

    await ok(app.call('adminKeys.rename', { connectionId: work,  keyId: created.keyId, label: 'CI runner' }));
    expect((await find()).label).toBe('CI runner');
    await ok(app.call('adminKeys.setLimit', { connectionId: work,  keyId: created.keyId, characters: 5000 }));
    expect((await find()).usage_limits?.characters).toBe(5000);
    await ok(app.call('adminKeys.setLimit', { connectionId: work,  keyId: created.keyId, characters: 0 }));
    expect((await find()).usage_limits?.characters).toBe(0);
    await ok(app.call('adminKeys.setLimit', { connectionId: work,  keyId: created.keyId, characters: null }));
    expect((await find()).usage_limits?.characters ?? null).toBeNull();
    const off = await ok(app.call('adminKeys.deactivate', { connectionId: work,  keyId: created.keyId }));
    expect(off.isDeactivated).toBe(true);
    expect((await find()).is_deactivated).toBe(true);

    const audit = await ok(app.call('adminKeys.audit'));
    expect(audit.map((e) => [e.action, e.before, e.after])).toEqual([
      ['create', null, 'CI'],
      ['rename', 'CI', 'CI runner'],
      ['limit', 'no limit', '5000'],
      ['limit', '5000', '0'],
      ['limit', '0', 'no limit'],
      ['deactivate', 'active', off.deactivatedTime],
    ]);
    expect(audit.every((e) => e.connectionName === 'Work')).toBe(true);
    const csv = await app.composed.services.adminKeys.auditCsv();
    expect(csv.split('\r\n')).toHaveLength(audit.length + 2);
    const unknown = await app.call('adminKeys.rename', { connectionId: work,  keyId: 'no-such-key', label: 'x' });
    expect(!unknown.ok && unknown.error.code).toBe('not_found');
  });

  it('saves a new key as a connection once, shows its usage in the table, and its limit stops it with 456', async () => {
    const created = await ok(app.call('adminKeys.create', { connectionId: work, }));
    const conn = await ok(app.call('adminKeys.saveNewKeyAsConnection', { keyId: created.keyId, name: 'New key', persistence: 'session' }));
    const again = await app.call('adminKeys.copyNewKey', { keyId: created.keyId });
    expect(!again.ok && again.error.code).toBe('not_found');
    await ok(app.call('adminKeys.setLimit', { connectionId: work,  keyId: created.keyId, characters: 5 }));
    await ok(app.call('connections.setActive', { id: conn.id }));
    const r = await app.call('translate.run', { texts: ['more than five'], options: { targetLang: 'DE' } });
    expect(!r.ok && r.error.code).toBe('quota_exceeded');
    await ok(app.call('usage.get'));
    const first = (await ok(app.call('connections.list'))).connections[0]!;
    await ok(app.call('connections.setActive', { id: first.id }));
    const row = (await ok(app.call('adminKeys.list', { connectionId: work }))).keys.find((k) => k.keyId === created.keyId)!;
    expect(row.connection).toMatchObject({ id: conn.id, name: 'New key', characterCount: 0 });
    const csv = await app.composed.services.adminKeys.keysCsv(work);
    expect(csv).toContain(`${created.keyId},`);
    expect(row.usedBy).toEqual([{ id: conn.id, name: 'New key', local: false }]);
  });

  it('refuses a 26th active key with the service code, and bulk changes report each key', async () => {
    const ids: string[] = [];
    // The account starts with 2 active developer keys (Pro and Free).
    for (let i = 0; i < 23; i++) ids.push((await ok(app.call('adminKeys.create', { connectionId: work,  label: `k${i}` }))).keyId);
    const over = await app.call('adminKeys.create', { connectionId: work,  label: 'one too many' });
    expect(!over.ok && over.error).toMatchObject({ code: 'bad_request', serviceCode: 'too_many_keys' });

    const bulk = await ok(app.call('adminKeys.bulkSetLimit', { connectionId: work,  keyIds: [...ids.slice(0, 3), 'missing'], characters: 1000 }));
    expect(bulk.map((b) => b.ok)).toEqual([true, true, true, false]);
    const listing = await serviceListing();
    expect(ids.slice(0, 3).map((id) => listing.find((k) => k.key_id === id)?.usage_limits?.characters)).toEqual([1000, 1000, 1000]);
    const gone = await ok(app.call('adminKeys.bulkDeactivate', { connectionId: work,  keyIds: ids.slice(0, 2) }));
    expect(gone.every((g) => g.ok && g.key?.isDeactivated)).toBe(true);
    expect((await ok(app.call('adminKeys.create', { connectionId: work,  label: 'fits again' }))).label).toBe('fits again');
  });
});

describe('bound to the connection the screen showed', () => {
  beforeEach(async () => {
    await ok(app.call('adminKeys.setAdminKey', { adminKey: svc.keys.admin_key, persistence: 'session' }));
  });

  it('refuses a change once another connection is active, and nothing reaches either account', async () => {
    const { keys } = await ok(app.call('adminKeys.list', { connectionId: work }));
    const pro = keys.find((k) => k.label === 'Local Pro key')!;
    const other = await ok(app.call('connections.addLocal', {}));
    await ok(app.call('connections.setActive', { id: other.id }));
    const before = await serviceListing();
    for (const r of [
      await app.call('adminKeys.rename', { connectionId: work, keyId: pro.keyId, label: 'Hijacked' }),
      await app.call('adminKeys.setLimit', { connectionId: work, keyId: pro.keyId, characters: 0 }),
      await app.call('adminKeys.deactivate', { connectionId: work, keyId: pro.keyId }),
      await app.call('adminKeys.bulkDeactivate', { connectionId: work, keyIds: [pro.keyId] }),
      await app.call('adminKeys.list', { connectionId: work }),
    ]) {
      expect(!r.ok && r.error.code).toBe('conflict');
    }
    expect(await serviceListing()).toEqual(before);
    expect(await ok(app.call('adminKeys.audit'))).toEqual([]);
  });

  it('says "no admin key for this connection" (not a refused key) when the active connection has none', async () => {
    const second = await ok(app.call('connections.addHosted', { name: 'Second', apiKey: svc.keys.pro_key, persistence: 'session' }));
    await ok(app.call('connections.setActive', { id: second.id }));
    const r = await app.call('adminKeys.list', { connectionId: second.id });
    expect(!r.ok && r.error).toMatchObject({ code: 'auth_failed', message: expect.stringMatching(/No admin key is set for this connection/) });
    expect(!r.ok && r.error.status).toBeUndefined();
  });

  it('lists the connections whose key Verso cannot identify', async () => {
    const listing = await ok(app.call('adminKeys.list', { connectionId: work }));
    expect(listing.connectionId).toBe(work);
    expect(listing.unidentified).toEqual([{ id: work, name: 'Work' }]);
    expect(listing.keys.every((k) => k.usedBy.length === 0)).toBe(true);
    // The admin says which key it is: from then on the table names it.
    const pro = listing.keys.find((k) => k.label === 'Local Pro key')!;
    const linked = await ok(app.call('adminKeys.linkConnection', { connectionId: work, keyId: pro.keyId, usedBy: work }));
    expect(linked.unidentified).toEqual([]);
    expect(linked.keys.find((k) => k.keyId === pro.keyId)?.usedBy).toEqual([{ id: work, name: 'Work', local: false }]);
    const again = await app.call('adminKeys.linkConnection', { connectionId: work, keyId: pro.keyId, usedBy: work });
    expect(!again.ok && again.error.code).toBe('bad_request');
  });
});

describe('CSV for a spreadsheet in the UI language', () => {
  beforeEach(async () => {
    await ok(app.call('adminKeys.setAdminKey', { adminKey: svc.keys.admin_key, persistence: 'session' }));
  });

  it('writes a BOM, the locale delimiter, limits as numbers and no limit as an empty cell', async () => {
    const created = await ok(app.call('adminKeys.create', { connectionId: work, label: 'Zahlen' }));
    await ok(app.call('adminKeys.setLimit', { connectionId: work, keyId: created.keyId, characters: 5000 }));
    await ok(app.call('settings.update', { uiLanguage: 'de' }));
    await expect.poll(() => app.composed.i18n.locale).toBe('de');
    const de = await app.composed.services.adminKeys.keysCsv(work);
    expect(de.startsWith('\uFEFFSchlüssel-ID;Bezeichnung;')).toBe(true);
    const row = de.split('\r\n').find((l) => l.includes('Zahlen'))!.split(';');
    expect(row[5]).toBe('5000');
    const pro = de.split('\r\n').find((l) => l.includes('Local Pro key'))!.split(';');
    expect(pro[5]).toBe('');
    expect(pro[2]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const audit = await app.composed.services.adminKeys.auditCsv();
    expect(audit.split('\r\n')[2]!.split(';').slice(-2)).toEqual(['', '5000']);
    await ok(app.call('settings.update', { uiLanguage: 'en' }));
    await expect.poll(() => app.composed.i18n.locale).toBe('en');
    expect((await app.composed.services.adminKeys.keysCsv(work)).startsWith('\uFEFFKey id,Label,')).toBe(true);
  });
});
