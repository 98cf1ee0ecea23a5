/**
 * Usage domain tests (main process, vitest): the tolerant parser, per-day series and forecast with fixed times
 * across a period boundary, alerts raised once per threshold with a fake client, and the whole path against a
 * real local service (usage read, snapshot recorded on disk, billed records split, count grows after translating).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { UsageSnapshot } from '../../../shared/ipc/contract-usage.js';
import { nodeFileSystem } from '../adapters/node-fs.js';
import { createTestApp, type TestApp } from '../test-support.js';
import { ApiError } from './api-errors.js';
import type { ConnectionsService } from './connections.js';
import { EventBus } from './event-bus.js';
import { appendSnapshot, buildHistory, dailySeries, forecast, parseUsage, periodOf } from './usage-history.js';
import { UsageService } from './usage.js';

const T = (iso: string) => Date.parse(iso);
const snap = (at: string, count: number, extra: Partial<UsageSnapshot> = {}): UsageSnapshot => ({
  at,
  characterCount: count,
  characterLimit: 1000,
  ...extra,
});

describe('parseUsage', () => {
  it('reads a Free/Classic record with only count and limit, and treats the unset limit as no limit', () => {
    const u = parseUsage({ character_count: 5, character_limit: 1_000_000_000_000 });
    expect(u).toEqual({ characterCount: 5, characterLimit: 1_000_000_000_000, unlimited: true });
  });

  it('treats absent or malformed counts and limits as unknown instead of failing', () => {
    const u = parseUsage({ products: [{ product_type: 'translate' }], api_key_character_count: 'n/a', start_time: 'yesterday' });
    expect(u.characterCount).toBeNull();
    expect(u.characterLimit).toBeNull();
    expect(u.unlimited).toBe(false);
    expect(u.apiKeyCharacterCount).toBeNull();
    expect(u.products).toEqual([{ productType: 'translate', apiKeyCharacterCount: null, characterCount: null }]);
    expect(u.startTime).toBeUndefined();
  });

  it('refuses a body that is not a record', () => {
    expect(() => parseUsage([1, 2])).toThrow(ApiError);
  });
});

describe('history and forecast', () => {
  const may = { startTime: '2026-05-01T00:00:00.000Z', endTime: '2026-06-01T00:00:00.000Z' };
  const april = { startTime: '2026-04-01T00:00:00.000Z', endTime: '2026-05-01T00:00:00.000Z' };

  it('attributes characters to the day they were seen and leaves unknown days null, across a period boundary', () => {
    const snaps = [
      snap('2026-04-29T10:00:00Z', 700, april),
      snap('2026-04-30T23:00:00Z', 800, april),
      snap('2026-05-01T09:00:00Z', 50, may),
      snap('2026-05-01T18:00:00Z', 120, may),
      snap('2026-05-03T12:00:00Z', 300, may),
    ];
    const now = T('2026-05-03T13:00:00Z');
    const h = buildHistory({ connectionId: 'c', snapshots: snaps, billed: [], names: new Map(), now });
    expect(h.period).toEqual({ start: may.startTime, end: may.endTime, assumed: false });
    expect(h.days).toHaveLength(31);
    // The first read (50 at 09:00) is the baseline: 70 more that day, none the next, 180 on the 3rd.
    expect(h.days.slice(0, 4).map((d) => d.characters)).toEqual([70, 0, 180, null]);
    expect(h.beforeFirstReading).toEqual({ characters: 50, at: '2026-05-01T09:00:00.000Z' });
    expect(h.cumulative.slice(0, 3)).toEqual([120, 120, 300]);
    // The previous period: nothing known before the 29th; its 700 came before the first read, then 100 on the 30th.
    expect(h.previousDays.slice(27).map((d) => d.characters)).toEqual([null, 0, 100]);
  });

  it('does not book what was used before Verso was installed mid-month on the day of its first read', () => {
    const snaps = [snap('2026-05-12T15:00:00Z', 4329, may), snap('2026-05-12T16:00:00Z', 4400, may), snap('2026-05-13T10:00:00Z', 4500, may)];
    const h = buildHistory({ connectionId: 'c', snapshots: snaps, billed: [], names: new Map(), now: T('2026-05-13T11:00:00Z') });
    expect(h.days.slice(10, 14).map((d) => d.characters)).toEqual([null, 71, 100, null]);
    expect(h.beforeFirstReading).toEqual({ characters: 4329, at: '2026-05-12T15:00:00.000Z' });
    // The running total still is the service's count.
    expect(h.cumulative[11]).toBe(4400);
  });

  it('forecasts the period-end total and the day the limit is reached at the pace so far', () => {
    const p = periodOf(may, 0);
    // 100 characters a day for 5 days; limit 1000 → reached after 10 days (11 May).
    const f = forecast(snap('2026-05-06T00:00:00Z', 500, may), p, T('2026-05-06T00:00:00Z'));
    expect(f).toEqual({ endTotal: 3100, perDay: 100, limitDate: '2026-05-11', keyLimitDate: null });
    // Too early for a pace.
    expect(forecast(snap('2026-05-01T00:10:00Z', 5, may), p, T('2026-05-01T00:10:00Z'))).toBeNull();
    // A limit already reached is reached today; the unset limit is never reached.
    expect(forecast(snap('2026-05-06T00:00:00Z', 1000, may), p, T('2026-05-06T00:00:00Z'))!.limitDate).toBe('2026-05-06');
    expect(forecast(snap('2026-05-06T00:00:00Z', 500, { ...may, characterLimit: 1e12 }), p, T('2026-05-06T00:00:00Z'))!.limitDate).toBeNull();
  });

  it('uses the calendar month when the service reports no period, and keeps idle polling from growing the file', () => {
    const p = periodOf({}, T('2026-02-10T00:00:00Z'));
    expect(p).toEqual({ start: '2026-02-01T00:00:00.000Z', end: '2026-03-01T00:00:00.000Z', assumed: true });
    expect(dailySeries([snap('2026-02-02T00:00:00Z', 10)], p, T('2026-02-10T00:00:00Z')).days).toHaveLength(28);
    let list: UsageSnapshot[] = [];
    for (let i = 0; i < 50; i++) list = appendSnapshot(list, snap(new Date(T('2026-02-10T00:00:00Z') + i * 60_000).toISOString(), 10), T('2026-02-10T01:00:00Z'));
    expect(list).toHaveLength(2);
  });
});

describe('UsageService alerts', () => {
  let dir: string;
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('raises each threshold once per scope and period, and again in the next period', async () => {
    dir = await mkdtemp(join(tmpdir(), 'verso-usage-'));
    let body: Record<string, unknown> = {};
    let now = T('2026-05-10T00:00:00Z');
    const connections = {
      activeId: () => 'c1',
      list: () => ({ activeId: 'c1', connections: [{ id: 'c1', name: 'Work' }] }),
      clientFor: async () => ({ getUsageAs: async () => body }),
      noteActiveReachable: () => undefined,
    } as unknown as ConnectionsService;
    const events = new EventBus();
    const seen: unknown[] = [];
    events.subscribe((name, payload) => name === 'usage.alert' && seen.push(payload));
    const notified: string[] = [];
    // The same deps for both instances: the second one is the restart.
    const open = () =>
      new UsageService({
        connections,
        events,
        fs: nodeFileSystem,
        clock: { now: () => now, sleep: async () => undefined },
        dir,
        notifier: { notify: (title) => notified.push(title) },
        notificationText: (a) => ({ title: `${a.scope} ${a.threshold}`, body: '' }),
      });
    const svc = open();
    const period = (m: string) => ({ start_time: `2026-${m}-01T00:00:00Z`, end_time: `2026-${m === '05' ? '06' : '07'}-01T00:00:00Z` });
    body = { character_count: 500, character_limit: 1000, ...period('05') };
    await svc.get();
    expect(notified).toEqual([]);
    body = { character_count: 850, character_limit: 1000, api_key_character_count: 10, api_key_character_limit: 10, ...period('05') };
    await svc.get();
    expect(notified).toEqual(['account 80', 'key 100']);
    await svc.get();
    body = { character_count: 1000, character_limit: 1000, ...period('05') };
    await svc.get();
    expect(notified).toEqual(['account 80', 'key 100', 'account 100']);
    // A new period starts over; crossing both thresholds at once announces the higher one.
    now = T('2026-06-02T00:00:00Z');
    body = { character_count: 1000, character_limit: 1000, ...period('06') };
    await svc.get();
    expect(notified).toEqual(['account 80', 'key 100', 'account 100', 'account 100']);
    expect(seen).toHaveLength(4);
    expect(await svc.pendingAlerts()).toHaveLength(4);
    // The marks survive a restart (same folder): no repeat.
    await svc.flush();
    const again = open();
    await again.get();
    expect(notified).toHaveLength(4);
  });
});

describe('UsageService against the local service', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('reads usage, records a snapshot in the user-data folder and sees the count grow after a translation', async () => {
    app = await createTestApp();
    const conn = await app.call('connections.addLocal', {});
    expect(conn.ok).toBe(true);
    const first = await app.call('usage.get');
    if (!first.ok) throw new Error(first.error.message);
    expect(first.data.usage.characterCount).toBe(0);
    expect(first.data.usage.products?.map((p) => p.productType)).toEqual(['translate', 'write']);
    expect(first.data.period.assumed).toBe(false);
    const tr = await app.call('translate.run', { texts: ['Hello world'], options: { targetLang: 'DE' } });
    expect(tr.ok).toBe(true);
    const second = await app.call('usage.get');
    if (!second.ok) throw new Error(second.error.message);
    expect(second.data.usage.characterCount).toBe(11);
    expect(second.data.usage.apiKeyCharacterCount).toBe(11);
    const id = second.data.connectionId;
    const usage = app.composed.services.usage;
    // The translation's billed characters reached the ledger through the translate service's hook.
    await expect.poll(async () => (await usage.history()).split.text).toBe(11);
    await usage.recordBilled({ connectionId: id, kind: 'document', characters: 50_000, at: new Date().toISOString() });
    const h = await app.call('usage.history');
    if (!h.ok) throw new Error(h.error.message);
    expect(h.data.split.text).toBe(11);
    expect(h.data.split.documents).toBe(50_000);
    const today = h.data.days.find((d) => d.date === new Date().toISOString().slice(0, 10));
    expect(today?.characters).toBe(11);
    const file = JSON.parse(await readFile(join(app.dir, 'usage', `snapshots-${id.replace(/[^A-Za-z0-9_-]/g, '_')}.json`), 'utf8'));
    expect(file.snapshots.at(-1).characterCount).toBe(11);
    const csv = await usage.historyCsv();
    // Titles in the UI language (English here), BOM first (issue 21, point 10).
    expect(csv.split('\r\n')[0]).toContain('\uFEFFTime (UTC),Connection,Account characters');
    expect(csv).toContain(',11,');
    const all = await app.call('usage.all');
    expect(all.ok && all.data.map((l) => l.report?.usage.characterCount)).toEqual([11]);
  }, 90_000);

  it("puts a translated document's billed characters into the split's documents, as a text's go into text", async () => {
    // Seen on two tours: Usage's "where it went" said 0 characters of documents after a day of documents, while the
    // account's figure had them: only translations were recorded.
    app = await createTestApp();
    const conn = await app.call('connections.addLocal', {});
    expect(conn.ok).toBe(true);
    const path = join(app.dir, 'notes.txt');
    await writeFile(path, 'Hello world. The report is due on Friday.\n');
    const up = await app.call('documents.enqueue', { paths: [path], options: { targetLangs: ['DE'] } });
    if (!up.ok) throw new Error(up.error.message);
    const saved = async () => {
      const l = await app!.call('documents.list');
      return l.ok ? l.data.jobs.find((j) => j.state === 'saved') : undefined;
    };
    await expect.poll(saved, { timeout: 60_000, interval: 200 }).toBeTruthy();
    // What the service counted for it (the local engine's row says it bills nothing, but its count has it).
    const read = await app.call('usage.get');
    if (!read.ok) throw new Error(read.error.message);
    const counted = read.data.usage.characterCount;
    expect(counted).toBeGreaterThan(0);
    await expect.poll(async () => (await app!.composed.services.usage.history()).split.documents).toBe(counted);
    expect((await app.composed.services.usage.history()).split.text).toBe(0);
  }, 90_000);
});
