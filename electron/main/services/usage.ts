/**
 * Usage (main process, plain Node): reads `/v2/usage` per connection and keeps what it saw — a snapshot history
 * per connection, Verso's own billed-character records (text and documents) and the alert state — as JSON files
 * in the user-data folder (`usage/`), through the FileSystem port. Raises an alert (event + OS notification) once
 * per threshold, scope (account or key) and period.
 *
 * Other domains call `recordBilled()` after a translation or a document (see contract-usage.ts); it adds to the
 * ledger and reads usage again shortly after, coalesced per connection.
 */
import { z } from 'zod';
import {
  DEFAULT_ALERT_SETTINGS,
  UsageAlert,
  UsageAlertSettings,
  UsageSnapshot,
  type UsageConnectionLine,
  type UsageHistory,
  type UsageReport,
} from '../../../shared/ipc/contract-usage.js';
import { LIMITS } from '../../../shared/spec/limits.js';
import { ApiError } from './api-errors.js';
import type { SaveDialog } from './app-service.js';
import type { ConnectionsService } from './connections.js';
import { JsonFolder } from './durable-files.js';
import type { EventBus } from './event-bus.js';
import type { Clock, FileSystem, Notifier } from './ports.js';
import {
  appendSnapshot,
  buildHistory,
  LooseUsage,
  parseUsage,
  periodOf,
  snapshotOf,
  type BilledDay,
} from './usage-history.js';
import { usageHistoryCsv, type UsageCsvWords } from './usage-csv.js';

export interface BilledRecord {
  connectionId: string;
  kind: 'text' | 'document';
  characters: number;
  /** Epoch ms or ISO time. */
  at: number | string;
}

export interface UsageDeps {
  connections: ConnectionsService;
  events: EventBus;
  fs: FileSystem;
  clock: Clock;
  /** `<userData>/usage`. */
  dir: string;
  saveDialog?: SaveDialog;
  notifier?: Notifier;
  /** Words of the OS notification, in the UI language (main's translator). */
  notificationText?: (a: UsageAlert) => { title: string; body: string };
  /** Delay of the read that follows recorded billing (coalesced per connection). */
  refreshAfterBillingMs?: number;
  /** The UI language and the CSV's column titles in it (main's translator); English when absent. */
  csv?: () => { uiLocale: string; words: UsageCsvWords };
}

const ENGLISH_CSV_WORDS: UsageCsvWords = {
  time: 'Time (UTC)',
  connection: 'Connection',
  accountCount: 'Account characters',
  accountLimit: 'Account limit',
  keyCount: 'Key characters',
  keyLimit: 'Key limit',
  periodStart: 'Period start (UTC)',
  periodEnd: 'Period end (UTC, last day)',
};

const SnapshotFile = z.object({ snapshots: z.array(UsageSnapshot) });
const BilledFile = z.object({
  days: z.array(z.object({ connectionId: z.string(), kind: z.enum(['text', 'document']), day: z.string(), characters: z.number() })),
});
const AlertsFile = z.object({ settings: UsageAlertSettings, fired: z.array(z.string()), pending: z.array(UsageAlert) });
type AlertsFile = z.infer<typeof AlertsFile>;

/** A connection id as a file name (ids are UUIDs or `local`; anything else is made safe). */
const fileId = (id: string): string => id.replace(/[^A-Za-z0-9_-]/g, '_');

export class UsageService {
  private readonly snapshots = new Map<string, UsageSnapshot[]>();
  /** Loaded once: concurrent callers share the load, so no one works on a second copy. */
  private billedLoad: Promise<BilledDay[]> | undefined;
  private alertsLoad: Promise<AlertsFile> | undefined;
  private readonly snapshotLoads = new Map<string, Promise<UsageSnapshot[]>>();
  /** One write at a time per file, in call order. */
  private readonly files: JsonFolder;
  private readonly pendingRefresh = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly deps: UsageDeps) {
    this.files = new JsonFolder(deps.fs, deps.dir);
  }

  private now(): number {
    return this.deps.clock.now();
  }

  /** Waits for every pending write (tests, shutdown). */
  async flush(): Promise<void> {
    await this.files.flush();
  }

  private async snapshotsOf(connectionId: string): Promise<UsageSnapshot[]> {
    const hit = this.snapshots.get(connectionId);
    if (hit) return hit;
    let load = this.snapshotLoads.get(connectionId);
    if (!load) {
      load = this.files.read(`snapshots-${fileId(connectionId)}.json`, SnapshotFile, { snapshots: [] }).then((f) => f.snapshots);
      this.snapshotLoads.set(connectionId, load);
    }
    const list = await load;
    if (!this.snapshots.has(connectionId)) this.snapshots.set(connectionId, list);
    return this.snapshots.get(connectionId)!;
  }

  private async billedDays(): Promise<BilledDay[]> {
    this.billedLoad ??= this.files.read('billed.json', BilledFile, { days: [] }).then((f) => f.days);
    return this.billedLoad;
  }

  private async alerts(): Promise<AlertsFile> {
    this.alertsLoad ??= this.files.read('alerts.json', AlertsFile, { settings: DEFAULT_ALERT_SETTINGS, fired: [], pending: [] });
    return this.alertsLoad;
  }

  private connectionName(id: string): string {
    return this.deps.connections.list().connections.find((c) => c.id === id)?.name ?? id;
  }

  private resolveId(connectionId: string | undefined): string {
    const id = connectionId ?? this.deps.connections.activeId();
    if (!id) throw new ApiError('no_connection', 'No connection is set up yet. Choose the local engine or add a key in Settings → Connections.');
    if (!this.deps.connections.list().connections.some((c) => c.id === id)) throw new ApiError('not_found', 'That connection no longer exists.');
    return id;
  }

  /** Reads usage now, records the snapshot, checks the alert thresholds and tells the renderer. */
  async get(connectionId?: string): Promise<UsageReport> {
    const id = this.resolveId(connectionId);
    const client = await this.deps.connections.clientFor(id);
    const usage = parseUsage(await client.getUsageAs(LooseUsage, { deadlineMs: 30_000 }));
    this.deps.connections.noteActiveReachable(id, 'key');
    const at = this.now();
    const snap = snapshotOf(usage, at);
    const next = appendSnapshot(await this.snapshotsOf(id), snap, at);
    this.snapshots.set(id, next);
    await this.files.write(`snapshots-${fileId(id)}.json`, { snapshots: next });
    const report: UsageReport = { connectionId: id, usage, period: periodOf(usage, at), fetchedAt: snap.at };
    this.deps.events.emit('usage.changed', report);
    await this.checkAlerts(id, report);
    return report;
  }

  /** The last recorded read of a connection, as a report (no network). */
  async last(connectionId: string): Promise<UsageReport | null> {
    const s = (await this.snapshotsOf(connectionId)).at(-1);
    if (!s) return null;
    const limit = s.characterLimit;
    const usage: UsageReport['usage'] = {
      characterCount: s.characterCount,
      characterLimit: limit,
      unlimited: limit !== null && limit >= LIMITS.unsetLimit,
    };
    if (s.apiKeyCharacterCount !== undefined) usage.apiKeyCharacterCount = s.apiKeyCharacterCount;
    if (s.apiKeyCharacterLimit !== undefined) {
      usage.apiKeyCharacterLimit = s.apiKeyCharacterLimit;
      usage.apiKeyUnlimited = s.apiKeyCharacterLimit !== null && s.apiKeyCharacterLimit >= LIMITS.unsetLimit;
    }
    if (s.startTime) usage.startTime = s.startTime;
    if (s.endTime) usage.endTime = s.endTime;
    return { connectionId, usage, period: periodOf(usage, Date.parse(s.at)), fetchedAt: s.at };
  }

  async history(connectionId?: string): Promise<UsageHistory> {
    const id = this.resolveId(connectionId);
    const names = new Map(this.deps.connections.list().connections.map((c) => [c.id, c.name]));
    return buildHistory({ connectionId: id, snapshots: await this.snapshotsOf(id), billed: await this.billedDays(), names, now: this.now() });
  }

  /** Every connection at once; one that cannot be read now shows its last record and why. */
  async all(): Promise<UsageConnectionLine[]> {
    const list = this.deps.connections.list().connections;
    return Promise.all(
      list.map(async (c): Promise<UsageConnectionLine> => {
        try {
          return { connectionId: c.id, name: c.name, report: await this.get(c.id) };
        } catch (e) {
          const code = e instanceof ApiError ? e.code : 'internal';
          return { connectionId: c.id, name: c.name, report: await this.last(c.id), errorCode: code };
        }
      }),
    );
  }

  /**
   * The snapshot history of a connection as CSV (what `exportCsv` saves), for a spreadsheet set to the UI language:
   * see usage-csv.ts (BOM, the locale's delimiter, numbers as numbers, "no limit" empty).
   */
  async historyCsv(connectionId?: string): Promise<string> {
    const id = this.resolveId(connectionId);
    const csv = this.deps.csv?.() ?? { uiLocale: 'en', words: ENGLISH_CSV_WORDS };
    return usageHistoryCsv({ snapshots: await this.snapshotsOf(id), connectionName: this.connectionName(id), ...csv });
  }

  async exportCsv(connectionId?: string): Promise<{ path: string } | null> {
    const csv = await this.historyCsv(connectionId);
    if (!this.deps.saveDialog) throw new ApiError('not_implemented', 'Saving files is not available here.');
    const day = new Date(this.now()).toISOString().slice(0, 10);
    const path = await this.deps.saveDialog.saveText(`verso-usage-${day}.csv`, csv);
    return path === null ? null : { path };
  }

  /**
   * Records characters Verso was billed (text: `billed_characters` of each translation; documents: of each
   * document). Never rejects: a failed record must not fail the translation that caused it. Callers need not
   * wait for it; the promise settles once the record is on disk.
   */
  recordBilled(r: BilledRecord): Promise<void> {
    if (!Number.isFinite(r.characters) || r.characters <= 0) return Promise.resolve();
    const t = typeof r.at === 'number' ? r.at : Date.parse(r.at);
    const day = new Date(Number.isNaN(t) ? this.now() : t).toISOString().slice(0, 10);
    this.refreshSoon(r.connectionId);
    return (async () => {
      const days = await this.billedDays();
      const row = days.find((d) => d.connectionId === r.connectionId && d.kind === r.kind && d.day === day);
      if (row) row.characters += r.characters;
      else days.push({ connectionId: r.connectionId, kind: r.kind, day, characters: r.characters });
      // A year and a month of days per connection and kind is plenty for the split of this period.
      const cutoff = new Date(this.now() - 400 * 86_400_000).toISOString().slice(0, 10);
      const keep = days.filter((d) => d.day >= cutoff);
      days.splice(0, days.length, ...keep);
      await this.files.write('billed.json', { days });
    })().catch(() => undefined);
  }

  private refreshSoon(connectionId: string): void {
    if (this.pendingRefresh.has(connectionId)) return;
    const timer = setTimeout(() => {
      this.pendingRefresh.delete(connectionId);
      void this.get(connectionId).catch(() => undefined);
    }, this.deps.refreshAfterBillingMs ?? 5_000);
    (timer as { unref?: () => void }).unref?.();
    this.pendingRefresh.set(connectionId, timer);
  }

  // ----- Alerts -----

  async alertSettings(): Promise<UsageAlertSettings> {
    return (await this.alerts()).settings;
  }

  async setAlertSettings(s: UsageAlertSettings): Promise<UsageAlertSettings> {
    const a = await this.alerts();
    a.settings = { enabled: s.enabled, thresholds: [...new Set(s.thresholds)].sort((x, y) => x - y) };
    await this.files.write('alerts.json', a);
    return a.settings;
  }

  async pendingAlerts(): Promise<UsageAlert[]> {
    return (await this.alerts()).pending;
  }

  async dismissAlerts(): Promise<UsageAlert[]> {
    const a = await this.alerts();
    a.pending = [];
    await this.files.write('alerts.json', a);
    return a.pending;
  }

  private async checkAlerts(connectionId: string, report: UsageReport): Promise<void> {
    const a = await this.alerts();
    if (!a.settings.enabled) return;
    const u = report.usage;
    const scopes: { scope: 'account' | 'key'; count: number | null | undefined; limit: number | null | undefined }[] = [
      { scope: 'account', count: u.characterCount, limit: u.characterLimit },
      { scope: 'key', count: u.apiKeyCharacterCount, limit: u.apiKeyCharacterLimit },
    ];
    const raised: UsageAlert[] = [];
    for (const { scope, count, limit } of scopes) {
      if (count == null || limit == null || limit <= 0 || limit >= LIMITS.unsetLimit) continue;
      // Only the highest threshold crossed is announced; the lower ones are marked so they do not follow later.
      const crossed = a.settings.thresholds.filter((th) => count * 100 >= th * limit);
      const fresh = crossed.filter((th) => !a.fired.includes(`${connectionId}|${scope}|${th}|${report.period.start}`));
      if (fresh.length === 0) continue;
      for (const th of fresh) a.fired.push(`${connectionId}|${scope}|${th}|${report.period.start}`);
      raised.push({
        connectionId,
        connectionName: this.connectionName(connectionId),
        scope,
        threshold: Math.max(...fresh),
        characterCount: count,
        characterLimit: limit,
        at: report.fetchedAt,
      });
    }
    if (raised.length === 0) return;
    // Fired marks of periods long gone are dropped so the file stays small.
    const keep = new Date(this.now() - 70 * 86_400_000).toISOString();
    a.fired = a.fired.filter((f) => (f.split('|')[3] ?? '') >= keep);
    a.pending = [...raised, ...a.pending].slice(0, 20);
    await this.files.write('alerts.json', a);
    for (const alert of raised) {
      this.deps.events.emit('usage.alert', alert);
      if (this.deps.notifier && this.deps.notificationText) {
        const { title, body } = this.deps.notificationText(alert);
        this.deps.notifier.notify(title, body);
      }
    }
  }
}
