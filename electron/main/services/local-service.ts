/**
 * Local Translation Service manager (main process, plain Node): starts the bundled service through the
 * `ServiceLauncher` port with its own data dir under the app's user-data folder, reads the keys it wrote to
 * keys.json and keeps them here (main only), restarts it on request and reports its state as events.
 */
import { join } from 'node:path';
import type { LocalServiceStatus } from '../../../shared/ipc/contract.js';
import { LocalServiceKeys } from '../../../shared/spec/wire.js';
import { ApiError } from './api-errors.js';
import type { EventBus } from './event-bus.js';
import type { FileSystem, LaunchedService, ServiceLauncher } from './ports.js';

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
    return k ? [k.pro_key, k.free_key, k.admin_key] : [];
  }
}
