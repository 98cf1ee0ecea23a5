/**
 * Network settings as the user sees them (main process, plain Node): the proxy (system, none, manual with an
 * optional user name and an encrypted password) and a file of extra trusted CA certificates, kept in the settings
 * store under `network`, applied at start and on every change through `NetworkService` (no restart). Settings
 * that cannot work are refused with nothing changed; a CA file that went missing since is reported, not fatal.
 */
import type { NetworkUpdate, NetworkView } from '../../../shared/ipc/contract-desktop.js';
import { ApiError } from './api-errors.js';
import { CaFileError, parseCaPem, type CaProblem } from './network-ca.js';
import { ProxySettingsError, type NetworkService, type ProxyCredentials, type ProxyMode, type ProxySettings } from './network.js';
import type { KeyValueStore } from './ports.js';

const KEY = 'network';

interface Stored {
  proxy: { mode: ProxyMode; url: string; username: string };
  caFile: string | null;
}

export interface NetworkSettingsDeps {
  store: KeyValueStore;
  credentials: ProxyCredentials;
  network: NetworkService;
  /** Reads the CA file (the FileSystem port's `readText`; errors carry Node's `code`). */
  readText: (path: string) => Promise<string>;
  log?: (line: string) => void;
}

export class NetworkSettingsService {
  private ca: NetworkView['ca'] = { state: 'none', count: 0 };

  constructor(private readonly d: NetworkSettingsDeps) {}

  private stored(): Stored {
    const raw = this.d.store.get(KEY) as Partial<Stored> | undefined;
    const p = raw?.proxy;
    const mode = p?.mode === 'none' || p?.mode === 'manual' ? p.mode : 'system';
    return {
      proxy: { mode, url: typeof p?.url === 'string' ? p.url : '', username: typeof p?.username === 'string' ? p.username : '' },
      caFile: typeof raw?.caFile === 'string' && raw.caFile ? raw.caFile : null,
    };
  }

  private settingsOf(s: Stored): ProxySettings {
    return { mode: s.proxy.mode, ...(s.proxy.url && { url: s.proxy.url }), ...(s.proxy.username && { username: s.proxy.username }) };
  }

  /** Applies what is stored (at start). A stored proxy that no longer parses falls back to the system's. */
  async start(): Promise<void> {
    const s = this.stored();
    await this.loadCa(s.caFile).catch(() => undefined);
    try {
      await this.d.network.apply(this.settingsOf(s));
    } catch (e) {
      this.d.log?.(`[network] stored proxy not applied, using the system proxy: ${e instanceof Error ? e.message : String(e)}`);
      await this.d.network.apply({ mode: 'system' });
    }
  }

  get(): NetworkView {
    const s = this.stored();
    return { proxy: { ...s.proxy, hasPassword: this.d.credentials.has() }, caFile: s.caFile, ca: { ...this.ca } };
  }

  /** Validates, stores and applies. A proxy that cannot work throws `invalid_input` and changes nothing. */
  async update(patch: NetworkUpdate): Promise<NetworkView> {
    const cur = this.stored();
    const next: Stored = {
      proxy: patch.proxy
        ? { mode: patch.proxy.mode, url: patch.proxy.url ?? cur.proxy.url, username: patch.proxy.username ?? cur.proxy.username }
        : cur.proxy,
      caFile: patch.caFile === undefined ? cur.caFile : patch.caFile || null,
    };
    if (patch.proxy || patch.password !== undefined) {
      const previousPassword = this.d.credentials.has() ? await this.d.credentials.get().catch(() => undefined) : undefined;
      if (patch.password !== undefined) await this.d.credentials.set(patch.password);
      try {
        await this.d.network.apply(this.settingsOf(next));
      } catch (e) {
        if (patch.password !== undefined) await this.d.credentials.set(previousPassword ?? null);
        if (e instanceof ProxySettingsError) throw new ApiError('invalid_input', e.message, { cause: e });
        throw e;
      }
    }
    if (patch.caFile !== undefined) {
      if (next.caFile) {
        // Refused before storing: a path that holds no certificate must not replace a working one.
        const before = this.ca;
        const problem = await this.loadCa(next.caFile);
        if (problem) {
          this.ca = before;
          // `serviceCode` carries the problem's code so the renderer words it (desktop.network.ca.problem.*).
          throw new ApiError('invalid_input', `${problem.problem}: ${problem.message}`, { serviceCode: problem.problem });
        }
      } else {
        await this.loadCa(null);
      }
    }
    this.d.store.set(KEY, next);
    return this.get();
  }

  /** Loads and applies the CA file (or none); returns the problem when the file cannot be used. */
  private async loadCa(path: string | null): Promise<CaFileError | undefined> {
    if (!path) {
      this.ca = { state: 'none', count: 0 };
      await this.d.network.trust([]);
      return undefined;
    }
    let pems: string[];
    try {
      pems = parseCaPem(await this.d.readText(path));
    } catch (e) {
      const err =
        e instanceof CaFileError
          ? e
          : new CaFileError(caProblemOf(e), e instanceof Error ? e.message : String(e));
      this.ca = { state: 'error', count: 0, problem: err.problem, detail: err.message };
      return err;
    }
    this.ca = { state: 'loaded', count: pems.length };
    await this.d.network.trust(pems);
    return undefined;
  }
}

function caProblemOf(e: unknown): CaProblem {
  const code = (e as { code?: string } | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' ? 'not_found' : 'unreadable';
}
