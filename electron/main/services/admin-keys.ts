/**
 * Developer keys through the admin interface (main process, plain Node): list, create, rename, limit and
 * deactivate (one by one or in bulk) with the active connection's admin key, which is checked against the admin
 * endpoint before it is saved. Keeps, in the user-data folder (`admin-keys/`), the audit log of every change Verso
 * made and which key ids Verso holds as connections (so the table can show their usage and warn before one is
 * deactivated; the local engine's own key ids come from its keys.json). Every call names the connection the screen
 * showed and is refused when that is no longer the active one. A new key's secret stays in main until it is copied
 * or saved as a connection, once.
 */
import { z } from 'zod';
import {
  AuditEntry,
  type AdminAccess,
  type BulkResult,
  type CreatedDeveloperKey,
  type DeveloperKeyView,
  type KeysListing,
} from '../../../shared/ipc/contract-admin-keys.js';
import { csvDateTime, toLocaleCsv } from '../../../shared/csv-export.js';
import type { MessageId } from '../../../shared/i18n/catalog.js';
import { formatLocaleOf } from '../../../shared/i18n/translator.js';
import type { Persistence } from '../../../shared/ipc/contract-common.js';
import type { ConnectionView } from '../../../shared/ipc/contract.js';
import type { WireDeveloperKey } from '../../../shared/spec/wire.js';
import type { ApiClient, ApiClientOptions } from './api-client.js';
import { ApiError } from './api-errors.js';
import type { Clipboard, SaveDialog } from './app-service.js';
import type { ConnectionsService } from './connections.js';
import { JsonFolder } from './durable-files.js';
import type { MainI18n } from './i18n.js';
import type { Clock, FileSystem } from './ports.js';

export function keyView(k: WireDeveloperKey): DeveloperKeyView {
  const v: DeveloperKeyView = {
    keyId: k.key_id,
    label: k.label,
    creationTime: k.creation_time,
    isDeactivated: k.is_deactivated,
    characterLimit: k.usage_limits?.characters ?? null,
    usedBy: [],
  };
  if (k.deactivated_time !== undefined) v.deactivatedTime = k.deactivated_time;
  return v;
}

/** How many just-created keys main holds at once; older undelivered ones are forgotten first. */
const HELD_KEYS_MAX = 5;
const AUDIT_MAX = 10_000;

const LinksFile = z.object({ links: z.record(z.string(), z.string()) });
const AuditFile = z.object({ entries: z.array(AuditEntry) });

export interface AdminKeysDeps {
  connections: ConnectionsService;
  clipboard: Clipboard;
  fs: FileSystem;
  clock: Clock;
  /** `<userData>/admin-keys`. */
  dir: string;
  /** Builds a client for an admin key that is not saved yet (to check it first). */
  makeClient: (o: Pick<ApiClientOptions, 'baseUrl' | 'apiKey' | 'authScheme'>) => ApiClient;
  /** The hosted Pro base: the admin interface exists only there. */
  hostedPro?: string;
  saveDialog?: SaveDialog;
  /** The last usage Verso read for a connection (the key's own count, else the account's). */
  lastUsage?: (connectionId: string) => Promise<{ characterCount: number | null; at: string } | null>;
  /** The key ids of the local engine's own Pro and Free keys (from its keys.json), once it has started. */
  localKeyIds?: () => { pro?: string; free?: string };
  /** Main's UI language (the composition root's, which follows Settings): the CSV exports' words and format. */
  i18n: Pick<MainI18n, 't' | 'locale'>;
}

const limitText = (n: number | null): string => (n === null ? 'no limit' : String(n));

/** A logged change's name in the exported log: the words the screen's log uses. */
const ACTION_WORDS: Record<AuditEntry['action'], MessageId> = {
  create: 'keys.audit.create',
  rename: 'keys.audit.rename',
  limit: 'keys.audit.limit',
  deactivate: 'keys.audit.deactivate',
};

export class AdminKeysService {
  /** Secrets of keys created in this session and not yet delivered (keyId → secret and where it was made). */
  private readonly held = new Map<string, { secret: string; connectionId: string }>();
  private links: Record<string, string> | undefined;
  private audit: AuditEntry[] | undefined;
  /** One write at a time per file, in call order. */
  private readonly files: JsonFolder;

  constructor(private readonly deps: AdminKeysDeps) {
    this.files = new JsonFolder(deps.fs, deps.dir);
  }

  /**
   * The admin client of the connection the screen showed, only while it is still the active one: a change is never
   * sent to another account than the one on screen.
   */
  private client(connectionId: string) {
    const c = this.active();
    if (!c || c.id !== connectionId) {
      throw new ApiError(
        'conflict',
        'The active connection changed since the Keys screen showed these keys; nothing was sent. Look at the keys of the active connection and try again.',
      );
    }
    if (!c.configured) {
      throw new ApiError('auth_failed', 'No admin key is set for this connection. Add it on the Keys screen or in Settings to manage developer keys.');
    }
    return this.deps.connections.clientFor(connectionId, 'admin');
  }

  private async linkMap(): Promise<Record<string, string>> {
    this.links ??= (await this.files.read('links.json', LinksFile, { links: {} })).links;
    return this.links;
  }

  async auditLog(): Promise<AuditEntry[]> {
    this.audit ??= (await this.files.read('audit.json', AuditFile, { entries: [] })).entries;
    return this.audit;
  }

  private active(): { id: string; name: string; kind: string; baseUrl: string | null; authScheme: string; configured: boolean } | null {
    const st = this.deps.connections.list();
    const c = st.connections.find((x) => x.id === st.activeId);
    if (!c) return null;
    return { id: c.id, name: c.name, kind: c.kind, baseUrl: c.baseUrl, authScheme: c.authScheme, configured: c.adminKey.configured };
  }

  private async record(action: AuditEntry['action'], key: DeveloperKeyView, before: string | null, after: string | null): Promise<void> {
    const c = this.active();
    const log = await this.auditLog();
    log.push({
      at: new Date(this.deps.clock.now()).toISOString(),
      connectionId: c?.id ?? '',
      connectionName: c?.name ?? '',
      action,
      keyId: key.keyId,
      label: key.label,
      before,
      after,
    });
    if (log.length > AUDIT_MAX) log.splice(0, log.length - AUDIT_MAX);
    await this.files.write('audit.json', { entries: log });
  }

  access(): AdminAccess {
    const c = this.active();
    return {
      connectionId: c?.id ?? null,
      connectionName: c?.name ?? null,
      configured: c?.configured ?? false,
      local: c?.kind === 'local',
    };
  }

  /** Lists keys with the candidate admin key first; only a key the admin endpoint accepts is saved. */
  async setAdminKey(adminKey: string, persistence?: Persistence): Promise<AdminAccess> {
    const c = this.active();
    if (!c) throw new ApiError('no_connection', 'No connection is set up yet. Add one in Settings → Connections first.');
    if (c.kind === 'local') throw new ApiError('bad_request', 'The local engine manages its own admin key; nothing to add.');
    const baseUrl = c.kind === 'hosted' ? (this.deps.hostedPro ?? c.baseUrl) : c.baseUrl;
    if (!baseUrl) throw new ApiError('no_connection', 'This connection has no address. Edit it in Settings → Connections.');
    await this.deps.makeClient({ baseUrl, apiKey: adminKey, authScheme: c.authScheme }).listDeveloperKeys({ deadlineMs: 30_000 });
    await this.deps.connections.setSecret(c.id, 'admin', adminKey, persistence ?? 'persist');
    return this.access();
  }

  /**
   * Which Verso connections use which of these keys, by key id (no secret is compared or sent): keys saved as a
   * connection from this screen (links.json) and, on the local engine, the engine's own keys (its keys.json). The
   * connections to the same service whose key id Verso does not know are returned as `unidentified`.
   */
  private async usage(connectionId: string, keys: DeveloperKeyView[]): Promise<KeysListing['unidentified']> {
    const all = this.deps.connections.list().connections;
    const admin = all.find((c) => c.id === connectionId);
    const links = await this.linkMap();
    const byKey = new Map<string, { id: string; name: string; local: boolean }[]>();
    const known = new Set<string>();
    const add = (keyId: string | undefined, c: (typeof all)[number]) => {
      if (!keyId) return;
      known.add(c.id);
      byKey.set(keyId, [...(byKey.get(keyId) ?? []), { id: c.id, name: c.name, local: c.kind === 'local' }]);
    };
    for (const [keyId, cid] of Object.entries(links)) {
      const c = all.find((x) => x.id === cid);
      if (c) add(keyId, c);
    }
    const sameService = all.filter((c) =>
      admin?.kind === 'local' ? c.kind === 'local' : admin?.kind === 'hosted' ? c.kind === 'hosted' : c.kind === 'custom' && c.baseUrl === admin?.baseUrl,
    );
    if (admin?.kind === 'local') {
      const ids = this.deps.localKeyIds?.() ?? {};
      for (const c of sameService) add(c.tier === 'free' ? ids.free : ids.pro, c);
    }
    for (const k of keys) k.usedBy = byKey.get(k.keyId) ?? [];
    return sameService.filter((c) => !known.has(c.id)).map((c) => ({ id: c.id, name: c.name }));
  }

  async list(connectionId: string): Promise<KeysListing> {
    const keys = (await (await this.client(connectionId)).listDeveloperKeys()).map(keyView);
    this.deps.connections.noteActiveReachable(connectionId, 'address');
    const links = await this.linkMap();
    const conns = new Map(this.deps.connections.list().connections.map((c) => [c.id, c.name]));
    const unidentified = await this.usage(connectionId, keys);
    await Promise.all(
      keys.map(async (k) => {
        const cid = links[k.keyId];
        const name = cid && conns.get(cid);
        if (!cid || !name) return;
        const u = (await this.deps.lastUsage?.(cid).catch(() => null)) ?? null;
        k.connection = { id: cid, name, characterCount: u?.characterCount ?? null, at: u?.at ?? null };
      }),
    );
    return { connectionId, keys, unidentified };
  }

  /**
   * Records that connection `usedBy` translates with key `keyId` of the shown connection's account, as the admin
   * says (Verso cannot read a pasted key's id). Only a connection to the same service that Verso cannot place yet.
   */
  async linkConnection(connectionId: string, keyId: string, usedBy: string): Promise<KeysListing> {
    const listing = await this.list(connectionId);
    if (!listing.keys.some((k) => k.keyId === keyId)) throw new ApiError('not_found', 'The service has no key with this id (it may have been removed elsewhere).');
    if (!listing.unidentified.some((c) => c.id === usedBy)) {
      throw new ApiError('bad_request', 'Verso already knows which key that connection uses, or it is not a connection to this service.');
    }
    const links = await this.linkMap();
    links[keyId] = usedBy;
    await this.files.write('links.json', { links });
    return this.list(connectionId);
  }

  /**
   * The service shows a new key's secret once, in this answer. It stays in main (never in the renderer, the
   * result or a log) until the user has it copied or saved as a connection.
   */
  async create(connectionId: string, label?: string): Promise<CreatedDeveloperKey> {
    const wire = await (await this.client(connectionId)).createDeveloperKey(label);
    const view = keyView(wire);
    await this.record('create', view, null, view.label);
    if (!wire.key) return { ...view, secretHeld: false };
    this.held.set(view.keyId, { secret: wire.key, connectionId });
    while (this.held.size > HELD_KEYS_MAX) this.held.delete(this.held.keys().next().value!);
    return { ...view, secretHeld: true };
  }

  private heldFor(keyId: string) {
    const h = this.held.get(keyId);
    if (!h) {
      throw new ApiError(
        'not_found',
        'Verso no longer holds that key: a new key can be copied or saved only once, right after it is created, and not after Verso restarts. Create another key (and deactivate this one if nobody has it).',
      );
    }
    return h;
  }

  async copyNewKey(keyId: string): Promise<{ copied: boolean }> {
    const h = this.heldFor(keyId);
    const copied = await this.deps.clipboard.writeText(h.secret);
    // Kept when the copy failed, so the user can still save it as a connection.
    if (copied) this.held.delete(keyId);
    return { copied };
  }

  /** A connection to the same service as the admin connection the key was made with, checked before it is saved. */
  async saveNewKeyAsConnection(keyId: string, name: string, persistence?: Persistence): Promise<ConnectionView> {
    const h = this.heldFor(keyId);
    const origin = this.deps.connections.list().connections.find((c) => c.id === h.connectionId);
    if (!origin) throw new ApiError('not_found', 'The connection this key was created with has been removed; copy the key instead.');
    const common = { name, apiKey: h.secret, authScheme: origin.authScheme, ...(persistence && { persistence }) };
    let view: ConnectionView;
    if (origin.kind === 'hosted') {
      view = await this.deps.connections.addHosted({ ...common, tier: 'auto' });
    } else if (origin.kind === 'custom' && origin.baseUrl) {
      view = await this.deps.connections.addCustom({ ...common, baseUrl: origin.baseUrl });
    } else {
      throw new ApiError(
        'bad_request',
        'Keys made on the local engine work only with this computer’s local service, which Verso already uses without a key. Copy the key instead if another program needs it.',
      );
    }
    this.held.delete(keyId);
    const links = await this.linkMap();
    links[keyId] = view.id;
    await this.files.write('links.json', { links });
    return view;
  }

  /** The held secrets, so the IPC layer can redact them from any error or log line. */
  heldSecrets(): string[] {
    return [...this.held.values()].map((h) => h.secret);
  }

  private async current(connectionId: string, keyId: string): Promise<DeveloperKeyView | undefined> {
    return (await (await this.client(connectionId)).listDeveloperKeys()).map(keyView).find((k) => k.keyId === keyId);
  }

  async rename(connectionId: string, keyId: string, label: string): Promise<DeveloperKeyView> {
    const before = await this.current(connectionId, keyId);
    const after = keyView(await (await this.client(connectionId)).renameDeveloperKey(keyId, label));
    await this.record('rename', after, before?.label ?? null, after.label);
    return after;
  }

  async setLimit(connectionId: string, keyId: string, characters: number | null, before?: DeveloperKeyView): Promise<DeveloperKeyView> {
    const was = before ?? (await this.current(connectionId, keyId));
    const after = keyView(await (await this.client(connectionId)).setDeveloperKeyLimit(keyId, characters));
    await this.record('limit', after, was ? limitText(was.characterLimit) : null, limitText(after.characterLimit));
    return after;
  }

  async deactivate(connectionId: string, keyId: string): Promise<DeveloperKeyView> {
    const after = keyView(await (await this.client(connectionId)).deactivateDeveloperKey(keyId));
    await this.record('deactivate', after, 'active', after.deactivatedTime ?? 'deactivated');
    return after;
  }

  /** One key after another (the admin interface has no bulk call); each outcome is reported, none hides another. */
  private async bulk(
    connectionId: string,
    keyIds: string[],
    op: (keyId: string, before?: DeveloperKeyView) => Promise<DeveloperKeyView>,
  ): Promise<BulkResult> {
    const known = new Map((await (await this.client(connectionId)).listDeveloperKeys()).map(keyView).map((k) => [k.keyId, k]));
    const out: BulkResult = [];
    for (const keyId of keyIds) {
      try {
        if (!known.has(keyId)) throw new ApiError('not_found', 'The service has no key with this id (it may have been removed elsewhere).');
        out.push({ keyId, ok: true, key: await op(keyId, known.get(keyId)) });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        out.push({ keyId, ok: false, errorCode: e.code, message: e.message });
      }
    }
    return out;
  }

  bulkSetLimit(connectionId: string, keyIds: string[], characters: number | null): Promise<BulkResult> {
    return this.bulk(connectionId, keyIds, (id, before) => this.setLimit(connectionId, id, characters, before));
  }

  bulkDeactivate(connectionId: string, keyIds: string[]): Promise<BulkResult> {
    return this.bulk(connectionId, keyIds, (id) => this.deactivate(connectionId, id));
  }

  /**
   * The exports' words in the UI language and the locale whose delimiter and decimal sign the file takes, as the
   * Usage export has them (column titles and status words translated; ids, numbers and UTC times left as they are).
   */
  private csvWords(): { t: MainI18n['t']; locale: string } {
    return { t: this.deps.i18n.t, locale: formatLocaleOf(this.deps.i18n.locale) };
  }

  /** The key table for a spreadsheet in the UI language: limits as numbers, no limit as an empty cell (see "Limit set"). */
  async keysCsv(connectionId: string): Promise<string> {
    const { keys } = await this.list(connectionId);
    const { t, locale } = this.csvWords();
    return toLocaleCsv(
      [
        [
          t('keys.table.keyId'),
          t('keys.table.label.col'),
          t('keys.csv.created'),
          t('keys.table.status'),
          t('keys.csv.deactivated'),
          t('keys.table.limit'),
          t('keys.csv.limitSet'),
          t('keys.table.usedBy'),
          t('keys.table.usage'),
        ],
        ...keys.map((k) => [
          k.keyId,
          k.label,
          csvDateTime(k.creationTime),
          t(k.isDeactivated ? 'keys.status.deactivated' : 'keys.status.active'),
          csvDateTime(k.deactivatedTime),
          k.characterLimit,
          t(k.characterLimit === null ? 'keys.csv.no' : 'keys.csv.yes'),
          k.usedBy.map((u) => u.name).join(', '),
          k.connection?.characterCount,
        ]),
      ],
      locale,
    );
  }

  async auditCsv(): Promise<string> {
    const { t, locale } = this.csvWords();
    // Limits are numbers (empty: no limit); a deactivation's "after" is its time, its "before" a status word.
    const value = (e: AuditEntry, v: string | null): string | number | null => {
      if (v === null) return null;
      if (e.action === 'limit') return /^\d+$/.test(v) ? Number(v) : null;
      if (e.action === 'deactivate') {
        if (v === 'active') return t('keys.status.active');
        if (v === 'deactivated') return t('keys.status.deactivated');
        if (!Number.isNaN(Date.parse(v))) return csvDateTime(v);
      }
      return v;
    };
    return toLocaleCsv(
      [
        [t('keys.csv.time'), t('keys.audit.connection'), t('keys.csv.action'), t('keys.table.keyId'), t('keys.table.label.col'), t('keys.csv.before'), t('keys.csv.after')],
        ...(await this.auditLog()).map((e) => [
          csvDateTime(e.at),
          e.connectionName,
          t(ACTION_WORDS[e.action]),
          e.keyId,
          e.label,
          value(e, e.before),
          value(e, e.after),
        ]),
      ],
      locale,
    );
  }

  async exportCsv(input: { what: 'keys'; connectionId: string } | { what: 'audit' }): Promise<{ path: string } | null> {
    const what = input.what;
    const csv = input.what === 'keys' ? await this.keysCsv(input.connectionId) : await this.auditCsv();
    if (!this.deps.saveDialog) throw new ApiError('not_implemented', 'Saving files is not available here.');
    const day = new Date(this.deps.clock.now()).toISOString().slice(0, 10);
    const path = await this.deps.saveDialog.saveText(`verso-${what === 'keys' ? 'keys' : 'key-changes'}-${day}.csv`, csv);
    return path === null ? null : { path };
  }
}
