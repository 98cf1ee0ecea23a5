/**
 * Connections (main process, plain Node): the named places Verso translates with — the local engine, a hosted
 * account (Pro or Free base, chosen from the key), or a custom base URL — and which one is active. Records hold no
 * secrets; keys sit in the `CredentialStore` (or, for the local engine, in the local service's keys.json read by
 * `LocalServiceManager`). API clients are built here, in main, and cached so switching is instant.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ConnectionStatus, ConnectionTestResult, ConnectionView, ConnectionsState, Persistence, SecretStatus, UsageView } from '../../../shared/ipc/contract.js';
import { LIMITS } from '../../../shared/spec/limits.js';
import type { WireUsage } from '../../../shared/spec/wire.js';
import { ApiClient, DEFAULT_AUTH_SCHEME, isFreeKey, type ApiClientOptions } from './api-client.js';
import { ApiError } from './api-errors.js';
import { slotOf, type CredentialStore, type SecretKind } from './credentials.js';
import type { EventBus } from './event-bus.js';
import type { LocalServiceManager } from './local-service.js';
import type { KeyValueStore } from './ports.js';

const ConnectionRecord = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['local', 'hosted', 'custom']),
  tier: z.enum(['pro', 'free']).nullable(),
  baseUrl: z.string().nullable(),
  authScheme: z.string(),
  createdAt: z.string(),
});
type ConnectionRecord = z.infer<typeof ConnectionRecord>;

const Stored = z.object({ connections: z.array(ConnectionRecord), activeId: z.string().nullable() });
const STORE_KEY = 'connections';

/** Addresses of the hosted service's two tiers (configured at the composition root). */
export interface HostedEndpoints {
  pro?: string;
  free?: string;
}

export interface ConnectionsDeps {
  store: KeyValueStore;
  credentials: CredentialStore;
  local: LocalServiceManager;
  hosted: HostedEndpoints;
  events: EventBus;
  /** Builds a client (transport, clock, user agent and retry events are bound by the composition root). */
  makeClient: (o: Pick<ApiClientOptions, 'baseUrl' | 'apiKey' | 'authScheme'>) => ApiClient;
  now?: () => Date;
}

export function usageView(u: WireUsage): UsageView {
  const out: UsageView = {
    characterCount: u.character_count,
    characterLimit: u.character_limit,
    unlimited: u.character_limit >= LIMITS.unsetLimit,
  };
  if (u.api_key_character_count !== undefined) out.apiKeyCharacterCount = u.api_key_character_count;
  if (u.api_key_character_limit !== undefined) out.apiKeyCharacterLimit = u.api_key_character_limit;
  if (u.products) {
    out.products = u.products.map((p) => ({ productType: p.product_type, apiKeyCharacterCount: p.api_key_character_count, characterCount: p.character_count }));
  }
  if (u.start_time !== undefined) out.startTime = u.start_time;
  if (u.end_time !== undefined) out.endTime = u.end_time;
  return out;
}

export class ConnectionsService {
  private readonly clients = new Map<string, { client: ApiClient; fingerprint: string }>();
  private lastError: string | undefined;
  /** What kind of failure `lastError` was (the ApiError code): a network one is over once the service answers at all. */
  private lastErrorCode: string | undefined;
  private lastServiceCode: string | undefined;

  constructor(private readonly deps: ConnectionsDeps) {}

  // ----- Stored records -----

  /** Parsed records, kept in memory: every translation looks up the active connection, so no re-parse per call. */
  private loaded: z.infer<typeof Stored> | undefined;

  private load(): z.infer<typeof Stored> {
    if (!this.loaded) {
      const parsed = Stored.safeParse(this.deps.store.get(STORE_KEY));
      this.loaded = parsed.success ? parsed.data : { connections: [], activeId: null };
    }
    // Callers mutate what they get before saving; hand out a copy so a failed operation changes nothing.
    return { activeId: this.loaded.activeId, connections: this.loaded.connections.map((c) => ({ ...c })) };
  }

  private save(s: z.infer<typeof Stored>): void {
    this.loaded = { activeId: s.activeId, connections: s.connections.map((c) => ({ ...c })) };
    this.deps.store.set(STORE_KEY, s);
    this.deps.events.emit('connections.changed', this.state(s));
  }

  private record(id: string): ConnectionRecord {
    const r = this.load().connections.find((c) => c.id === id);
    if (!r) throw new ApiError('not_found', 'That connection no longer exists. Pick another one in Settings → Connections.');
    return r;
  }

  private baseFor(r: ConnectionRecord): string | null {
    if (r.kind === 'custom') return r.baseUrl;
    if (r.kind === 'local') {
      const st = this.deps.local.status();
      return (r.tier === 'free' ? st.freeUrl : st.proUrl) ?? null;
    }
    return (r.tier === 'free' ? this.deps.hosted.free : this.deps.hosted.pro) ?? null;
  }

  private secretStatus(r: ConnectionRecord, kind: SecretKind): SecretStatus {
    // The local engine's keys live in its keys.json (0600) and are always there once it has started.
    if (r.kind === 'local') return { configured: true, persisted: true };
    return this.deps.credentials.status(slotOf(r.id, kind));
  }

  private view(r: ConnectionRecord): ConnectionView {
    return {
      id: r.id,
      name: r.name,
      kind: r.kind,
      tier: r.tier,
      baseUrl: this.baseFor(r),
      authScheme: r.authScheme,
      apiKey: this.secretStatus(r, 'api'),
      adminKey: this.secretStatus(r, 'admin'),
      createdAt: r.createdAt,
    };
  }

  private state(s = this.load()): ConnectionsState {
    return { connections: s.connections.map((r) => this.view(r)), activeId: s.activeId };
  }

  // ----- IPC-facing operations -----

  list(): ConnectionsState {
    return this.state();
  }

  activeId(): string | null {
    return this.load().activeId;
  }

  status(): ConnectionStatus {
    const s = this.load();
    const active = s.connections.find((c) => c.id === s.activeId);
    if (!active) return { activeId: null, state: 'none' };
    if (active.kind === 'local') {
      const ls = this.deps.local.status();
      if (ls.state === 'ready') return { activeId: active.id, state: 'ready' };
      if (ls.state === 'error') return { activeId: active.id, state: 'error', message: ls.message ?? 'The local engine is not running.' };
      return { activeId: active.id, state: 'starting' };
    }
    if (!this.secretStatus(active, 'api').configured) {
      return { activeId: active.id, state: 'error', message: 'This connection has no API key (keys kept for a session are forgotten when Verso quits). Enter the key again in Settings → Connections.' };
    }
    if (!this.lastError) return { activeId: active.id, state: 'ready' };
    return {
      activeId: active.id,
      state: 'error',
      message: this.lastError,
      ...(this.lastErrorCode && { code: this.lastErrorCode }),
      ...(this.lastErrorCode && this.lastServiceCode && { serviceCode: this.lastServiceCode }),
    };
  }

  private add(r: Omit<ConnectionRecord, 'id' | 'createdAt'>): ConnectionRecord {
    const s = this.load();
    const rec: ConnectionRecord = { ...r, id: randomUUID(), createdAt: (this.deps.now?.() ?? new Date()).toISOString() };
    s.connections.push(rec);
    // The first connection becomes active: the user just chose how to translate.
    s.activeId ??= rec.id;
    this.save(s);
    return rec;
  }

  async addLocal(name?: string): Promise<ConnectionView> {
    const existing = this.load().connections.find((c) => c.kind === 'local');
    const rec = existing ?? this.add({ name: name ?? 'This computer (offline)', kind: 'local', tier: 'pro', baseUrl: null, authScheme: DEFAULT_AUTH_SCHEME });
    if (existing && name) this.rename(existing.id, name);
    // Start (or reuse) the engine now so the first translation does not pay the warm-up.
    await this.deps.local.ensureStarted();
    this.deps.events.emit('connections.statusChanged', this.status());
    return this.view(this.record(rec.id));
  }

  /** Checks the key with /v2/usage on the chosen base before anything is saved. */
  private async verify(baseUrl: string, apiKey: string, authScheme: string): Promise<void> {
    const client = this.deps.makeClient({ baseUrl, apiKey, authScheme });
    await client.getUsage({ deadlineMs: 30_000 });
  }

  /** Checks a replacement API key at the connection's own address (its usage: reads nothing, bills nothing). */
  private async verifyApi(r: ConnectionRecord, apiKey: string): Promise<void> {
    const baseUrl = this.baseFor(r);
    if (!baseUrl) throw new ApiError('no_connection', 'This connection has no address. Edit it in Settings → Connections.');
    await this.verify(baseUrl, apiKey, r.authScheme);
  }

  /**
   * Checks an admin key against the admin interface (listing developer keys reads nothing but ids and labels)
   * before it is saved; a 403 there means it is not an admin key or the account's admin interface is off.
   */
  private async verifyAdmin(r: ConnectionRecord, adminKey: string): Promise<void> {
    let baseUrl = this.baseFor(r);
    if (r.kind === 'hosted' && this.deps.hosted.pro) baseUrl = this.deps.hosted.pro;
    if (!baseUrl) throw new ApiError('no_connection', 'This connection has no address. Edit it in Settings → Connections.');
    const client = this.deps.makeClient({ baseUrl, apiKey: adminKey, authScheme: r.authScheme });
    await client.listDeveloperKeys({ deadlineMs: 30_000 });
  }

  private async ensureCanStore(persistence: Persistence): Promise<void> {
    if (persistence !== 'persist') return;
    const avail = await this.deps.credentials.availability();
    if (!avail.canPersist) {
      throw new ApiError('secret_storage_unavailable', `${avail.reason ?? 'This system cannot protect keys on disk.'} Choose "this session only" to use the key until Verso quits.`);
    }
  }

  async addHosted(input: { name: string; apiKey: string; tier?: 'auto' | 'pro' | 'free'; authScheme?: string; persistence?: Persistence }): Promise<ConnectionView> {
    const tier = !input.tier || input.tier === 'auto' ? (isFreeKey(input.apiKey) ? 'free' : 'pro') : input.tier;
    const base = tier === 'free' ? this.deps.hosted.free : this.deps.hosted.pro;
    if (!base) {
      // `serviceCode` names the cause so the renderer says it in the UI language (not "check the languages").
      throw new ApiError(
        'bad_request',
        `This copy of Verso has no address for the hosted service's ${tier === 'free' ? 'Free' : 'Pro'} tier. Add a custom connection with the address your provider gave you.`,
        { serviceCode: tier === 'free' ? 'hosted_address_missing_free' : 'hosted_address_missing_pro' },
      );
    }
    const persistence = input.persistence ?? 'persist';
    const authScheme = input.authScheme ?? DEFAULT_AUTH_SCHEME;
    await this.ensureCanStore(persistence);
    await this.verify(base, input.apiKey, authScheme);
    const rec = this.add({ name: input.name, kind: 'hosted', tier, baseUrl: null, authScheme });
    await this.deps.credentials.set(slotOf(rec.id, 'api'), input.apiKey, persistence);
    this.save(this.load());
    return this.view(rec);
  }

  async addCustom(input: { name: string; baseUrl: string; apiKey: string; authScheme?: string; persistence?: Persistence }): Promise<ConnectionView> {
    const persistence = input.persistence ?? 'persist';
    const authScheme = input.authScheme ?? DEFAULT_AUTH_SCHEME;
    const baseUrl = input.baseUrl.replace(/\/+$/, '');
    await this.ensureCanStore(persistence);
    await this.verify(baseUrl, input.apiKey, authScheme);
    const rec = this.add({ name: input.name, kind: 'custom', tier: isFreeKey(input.apiKey) ? 'free' : 'pro', baseUrl, authScheme });
    await this.deps.credentials.set(slotOf(rec.id, 'api'), input.apiKey, persistence);
    this.save(this.load());
    return this.view(rec);
  }

  async test(id: string): Promise<ConnectionTestResult> {
    try {
      const client = await this.clientFor(id, 'api');
      const usage = await client.getUsage({ deadlineMs: 30_000 });
      if (id === this.activeId()) this.lastError = undefined;
      return { id, reachable: true, usage: usageView(usage) };
    } catch (e) {
      if (e instanceof ApiError) return { id, reachable: false, message: e.message };
      throw e;
    }
  }

  rename(id: string, name: string): ConnectionView {
    const s = this.load();
    const r = s.connections.find((c) => c.id === id);
    if (!r) throw new ApiError('not_found', 'That connection no longer exists.');
    r.name = name;
    this.save(s);
    return this.view(r);
  }

  async remove(id: string): Promise<ConnectionsState> {
    const s = this.load();
    const idx = s.connections.findIndex((c) => c.id === id);
    if (idx < 0) throw new ApiError('not_found', 'That connection no longer exists.');
    s.connections.splice(idx, 1);
    if (s.activeId === id) s.activeId = s.connections[0]?.id ?? null;
    await this.deps.credentials.clear(slotOf(id, 'api'));
    await this.deps.credentials.clear(slotOf(id, 'admin'));
    this.clients.delete(`${id}/api`);
    this.clients.delete(`${id}/admin`);
    this.save(s);
    return this.state(s);
  }

  setActive(id: string): ConnectionsState {
    const s = this.load();
    if (!s.connections.some((c) => c.id === id)) throw new ApiError('not_found', 'That connection no longer exists.');
    s.activeId = id;
    this.lastError = undefined;
    this.save(s);
    this.deps.events.emit('connections.statusChanged', this.status());
    const r = this.record(id);
    // Warm the local engine in the background; errors surface through its status event.
    if (r.kind === 'local') void this.deps.local.ensureStarted().catch(() => undefined);
    return this.state(s);
  }

  async setSecret(id: string, kind: SecretKind, secret: string, persistence: Persistence = 'persist'): Promise<SecretStatus> {
    const r = this.record(id);
    if (r.kind === 'local') throw new ApiError('bad_request', 'The local engine manages its own keys; nothing to set.');
    // Checked with the service before it replaces the key that works (as a new connection's key is): a mistyped key,
    // an admin key or a key of another account would otherwise be saved and refused at the next translation.
    if (kind === 'admin') await this.verifyAdmin(r, secret);
    else await this.verifyApi(r, secret);
    const st = await this.deps.credentials.set(slotOf(id, kind), secret, persistence);
    this.clients.delete(`${id}/${kind}`);
    this.deps.events.emit('connections.changed', this.state());
    return st;
  }

  async clearSecret(id: string, kind: SecretKind): Promise<SecretStatus> {
    const r = this.record(id);
    if (r.kind === 'local') throw new ApiError('bad_request', 'The local engine manages its own keys; nothing to clear.');
    const st = await this.deps.credentials.clear(slotOf(id, kind));
    this.clients.delete(`${id}/${kind}`);
    this.deps.events.emit('connections.changed', this.state());
    return st;
  }

  credentialAvailability() {
    return this.deps.credentials.availability();
  }

  secretStatuses(): { id: string; apiKey: SecretStatus; adminKey: SecretStatus }[] {
    return this.load().connections.map((r) => ({ id: r.id, apiKey: this.secretStatus(r, 'api'), adminKey: this.secretStatus(r, 'admin') }));
  }

  /** The client for a connection (default: the active one). Main only: it holds the key. */
  async clientFor(id: string | null = this.activeId(), kind: SecretKind = 'api'): Promise<ApiClient> {
    if (id === null) throw new ApiError('no_connection', 'No connection is set up yet. Choose the local engine or add a key in Settings → Connections.');
    const r = this.record(id);
    let baseUrl: string | null;
    let key: string | undefined;
    if (r.kind === 'local') {
      const ep = await this.deps.local.ensureStarted();
      baseUrl = r.tier === 'free' ? ep.freeUrl : ep.proUrl;
      key = kind === 'admin' ? ep.keys.admin_key : r.tier === 'free' ? ep.keys.free_key : ep.keys.pro_key;
    } else {
      baseUrl = this.baseFor(r);
      key = await this.deps.credentials.reveal(slotOf(id, kind));
    }
    if (!baseUrl) throw new ApiError('no_connection', 'This connection has no address. Edit it in Settings → Connections.');
    if (!key) {
      throw new ApiError(
        'auth_failed',
        kind === 'admin'
          ? 'No admin key is set for this connection. Add it in Settings → Connections to manage developer keys.'
          : 'This connection has no API key (keys kept for a session are forgotten when Verso quits). Enter it again in Settings → Connections.',
      );
    }
    // Admin calls always go to the Pro base (the admin interface exists only there).
    if (kind === 'admin' && r.kind === 'hosted' && this.deps.hosted.pro) baseUrl = this.deps.hosted.pro;
    const fingerprint = `${baseUrl}|${r.authScheme}|${key.length}|${key.slice(-4)}`;
    const cached = this.clients.get(`${id}/${kind}`);
    if (cached && cached.fingerprint === fingerprint) return cached.client;
    const client = this.deps.makeClient({ baseUrl, apiKey: key, authScheme: r.authScheme });
    this.clients.set(`${id}/${kind}`, { client, fingerprint });
    return client;
  }

  /** A client for the local engine's Pro base whether or not a local connection exists (first-run screen). */
  async localEngineClient(): Promise<ApiClient> {
    const ep = await this.deps.local.ensureStarted();
    return this.deps.makeClient({ baseUrl: ep.proUrl, apiKey: ep.keys.pro_key });
  }

  /** Records an error seen on the active connection (shown by `connections.status`); `undefined`: it works again. */
  noteActiveError(message: string | undefined, code?: string, serviceCode?: string): void {
    const before = [this.lastErrorCode, this.lastServiceCode];
    this.lastErrorCode = message === undefined ? undefined : code;
    this.lastServiceCode = message === undefined ? undefined : serviceCode;
    if (this.lastError === message && before[0] === this.lastErrorCode && before[1] === this.lastServiceCode) return;
    this.lastError = message;
    this.deps.events.emit('connections.statusChanged', this.status());
  }

  /**
   * A call on `connectionId` succeeded: when it is the active connection, the error its status showed is over if the
   * call proves it (`key`: made with the connection's API key, as usage is; `address`: the service answered, which
   * ends a network failure but says nothing of the API key, as an admin-key call does). Seen on a tour: the banner
   * stayed after the service came back, over freshly loaded Keys and Usage screens, until a translation succeeded.
   */
  noteActiveReachable(connectionId: string, proves: 'key' | 'address'): void {
    if (this.lastError === undefined || connectionId !== this.activeId()) return;
    if (proves === 'address' && this.lastErrorCode !== 'network') return;
    this.noteActiveError(undefined);
  }

  knownSecrets(): string[] {
    return [...this.deps.credentials.knownSecrets(), ...this.deps.local.knownSecrets()];
  }
}
