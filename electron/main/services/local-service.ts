/**
 * Local Translation Service manager (main process, plain Node): starts the bundled service through the
 * `ServiceLauncher` port with its own data dir under the app's user-data folder, reads the keys it wrote to
 * keys.json and keeps them here (main only), restarts it on request and reports its state as events. It heals its
 * own Pro key: when the service refuses it (403, e.g. deactivated on the Keys screen), it asks its own service's admin
 * interface for a new one, writes it to keys.json and sends the refused request again with it (`healingTransport`).
 */
import { join } from 'node:path';
import type { LocalServiceStatus } from '../../../shared/ipc/contract.js';
import { LocalServiceKeys } from '../../../shared/spec/wire.js';
import { ApiError } from './api-errors.js';
import type { EventBus } from './event-bus.js';
import type { FileSystem, HttpRequest, HttpResponse, HttpTransport, LaunchedService, ServiceLauncher } from './ports.js';

export interface LocalEndpoint {
  proUrl: string;
  freeUrl: string;
  keys: LocalServiceKeys;
}

export interface LocalServiceOptions {
  launcher: ServiceLauncher;
  fs: FileSystem;
  /** The service's own data dir, e.g. `<userData>/local-service`. */
  dataDir: string;
  engines?: string[];
  faults?: boolean;
  events: EventBus;
}

export class LocalServiceManager {
  private running: LaunchedService | undefined;
  private endpoint: LocalEndpoint | undefined;
  private starting: Promise<LocalEndpoint> | undefined;
  private state: LocalServiceStatus = { state: 'stopped', engines: [] };
  private stopping = false;
  /** Keys this engine replaced (old secret → new secret), so requests already built with an old one still work. */
  private readonly replaced = new Map<string, string>();
  private healing: Promise<string | null> | undefined;

  constructor(private readonly opts: LocalServiceOptions) {}

  status(): LocalServiceStatus {
    return { ...this.state };
  }

  private setState(s: LocalServiceStatus): void {
    this.state = s;
    this.opts.events.emit('localService.statusChanged', { ...s });
  }

  /** Starts the service once; concurrent callers share the same start. */
  ensureStarted(): Promise<LocalEndpoint> {
    if (this.endpoint) return Promise.resolve(this.endpoint);
    this.starting ??= this.start().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async start(): Promise<LocalEndpoint> {
    const engines = this.opts.engines ?? [];
    this.setState({ state: 'starting', engines });
    try {
      await this.opts.fs.mkdirp(this.opts.dataDir);
      const launched = await this.opts.launcher.launch({
        dataDir: this.opts.dataDir,
        ...(this.opts.engines && { engines: this.opts.engines }),
        ...(this.opts.faults && { faults: true }),
      });
      const keys = LocalServiceKeys.parse(JSON.parse(await this.opts.fs.readText(join(this.opts.dataDir, 'keys.json'))));
      this.running = launched;
      this.endpoint = { proUrl: launched.proUrl, freeUrl: launched.freeUrl, keys };
      this.stopping = false;
      void launched.exited.then(({ code, reason }) => {
        if (this.running !== launched) return;
        this.running = undefined;
        this.endpoint = undefined;
        if (this.stopping) {
          this.setState({ state: 'stopped', engines });
        } else {
          this.setState({
            state: 'error',
            engines,
            message: `The local engine stopped unexpectedly (${reason}${code === null ? '' : `, exit code ${code}`}). Restart it from Settings → Local engine.`,
          });
        }
      });
      // The engines it reports (by default Apertium only where installed; the pseudo engine never by default).
      const running = launched.engines ?? engines;
      this.setState({
        state: 'ready',
        engines: running,
        proUrl: launched.proUrl,
        freeUrl: launched.freeUrl,
        ...(launched.engines && launched.engines.length === 0 && { problem: 'no_engine' as const }),
      });
      return this.endpoint;
    } catch (e) {
      const detail = e instanceof Error ? e.message : String(e);
      const message = `The local engine did not start: ${detail}. Restart it from Settings → Local engine; if it keeps failing, use a hosted connection.`;
      this.setState({ state: 'error', engines, message });
      throw new ApiError('local_service_failed', message, { cause: e });
    }
  }

  async stop(): Promise<void> {
    const r = this.running;
    if (!r) return;
    this.stopping = true;
    await r.stop();
    await r.exited;
  }

  async restart(): Promise<LocalServiceStatus> {
    await this.stop().catch(() => undefined);
    this.running = undefined;
    this.endpoint = undefined;
    await this.ensureStarted().catch(() => undefined);
    return this.status();
  }

  /** Keys for redaction (main only). */
  knownSecrets(): string[] {
    const k = this.endpoint?.keys;
    return k ? [k.pro_key, k.free_key, k.admin_key, ...this.replaced.keys()] : [];
  }

  /** The ids of the engine's own keys (written by the service to keys.json), to tell them apart on the Keys screen. */
  ownKeyIds(): { pro?: string; free?: string } {
    const k = this.endpoint?.keys;
    return { ...(k?.pro_key_id && { pro: k.pro_key_id }), ...(k?.free_key_id && { free: k.free_key_id }) };
  }

  /**
   * A new Pro key when `refused` (the engine's current or an earlier Pro key) no longer works: checked first with
   * GET /v2/usage (a 403 for another reason changes nothing), then made by the engine's own admin interface and
   * written to keys.json before it is used. Null when the key still works or no new key could be made. One at a time.
   */
  heal(refused: string, transport: HttpTransport): Promise<string | null> {
    const now = this.replaced.get(refused);
    if (now !== undefined) return Promise.resolve(now);
    this.healing ??= this.makeNewProKey(refused, transport).finally(() => {
      this.healing = undefined;
    });
    return this.healing;
  }

  private async makeNewProKey(refused: string, transport: HttpTransport): Promise<string | null> {
    const ep = this.endpoint;
    if (!ep || refused !== ep.keys.pro_key) return this.replaced.get(refused) ?? null;
    const call = (method: HttpRequest['method'], path: string, key: string, body?: unknown) =>
      transport.send({
        method,
        url: `${ep.proUrl.replace(/\/+$/, '')}${path}`,
        headers: { Authorization: `Service-Auth-Key ${key}`, Accept: 'application/json', ...(body !== undefined && { 'Content-Type': 'application/json' }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(15_000),
      });
    if ((await call('GET', '/v2/usage', refused)).status !== 403) return null;
    const res = await call('POST', '/v2/admin/developer-keys', ep.keys.admin_key, { label: 'Verso: this computer' });
    if (res.status !== 200) return null;
    const made = JSON.parse(await res.text()) as { key?: unknown; key_id?: unknown };
    if (typeof made.key !== 'string' || typeof made.key_id !== 'string') return null;
    const keys: LocalServiceKeys = { ...ep.keys, pro_key: made.key, pro_key_id: made.key_id };
    // On disk first: the secret is shown once, and the service keeps only its hash.
    await this.opts.fs.writeTextAtomic(join(this.opts.dataDir, 'keys.json'), `${JSON.stringify(keys, null, 2)}\n`);
    ep.keys = keys;
    this.replaced.set(refused, made.key);
    return made.key;
  }

  /**
   * Wraps the transport every API client uses: a request to this engine with its own (refused) Pro key that gets a
   * 403 is sent once more with the key `heal` made. Other requests pass through untouched.
   */
  healingTransport(inner: HttpTransport): HttpTransport {
    const auth = (r: HttpRequest) => Object.entries(r.headers).find(([h]) => h.toLowerCase() === 'authorization');
    const withKey = (r: HttpRequest, header: string, key: string): HttpRequest => ({
      ...r,
      headers: { ...r.headers, [header]: `${r.headers[header]!.split(' ')[0]} ${key}` },
    });
    return {
      send: async (req: HttpRequest): Promise<HttpResponse> => {
        const ep = this.endpoint;
        const a = auth(req);
        if (!ep || !a || !req.url.startsWith(`${ep.proUrl.replace(/\/+$/, '')}/`)) return inner.send(req);
        const key = a[1].slice(a[1].indexOf(' ') + 1);
        const newer = this.replaced.get(key);
        if (newer !== undefined) return inner.send(withKey(req, a[0], newer));
        const res = await inner.send(req);
        if (res.status !== 403) return res;
        // A request sent with the old key while another one was healing comes back refused after the new key is
        // known: it is sent again with that key rather than reported as refused.
        const healed = this.replaced.get(key) ?? (key === ep.keys.pro_key ? await this.heal(key, inner).catch(() => null) : null);
        if (healed === null) return res;
        void res.bytes().catch(() => undefined);
        return inner.send(withKey(req, a[0], healed));
      },
      ...(inner.close && { close: () => inner.close!() }),
    };
  }
}
