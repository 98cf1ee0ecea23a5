/**
 * Network settings (main process, plain Node): the proxy the app's own connections use — the system's (default),
 * none, or a manual http/https/socks URL with optional credentials — turned into a plan both runtimes apply
 * without a restart: Electron's `session.setProxy` (adapters/electron-proxy.ts) and undici's ProxyAgent in the
 * Node transport (adapters/node-proxy.ts). The proxy password is never stored in the settings: it is kept
 * encrypted with the `SecretCipher`, like API keys, and only main reads it.
 */
import type { KeyValueStore, SecretCipher } from './ports.js';

export type ProxyMode = 'system' | 'none' | 'manual';

export interface ProxySettings {
  mode: ProxyMode;
  /** Manual only: `http://host:port`, `https://host:port`, `socks5://host:port` or `socks4://host:port`. */
  url?: string;
  /** Manual only: user name for the proxy (its password goes through `ProxyCredentials`). */
  username?: string;
}

/** What a runtime applies. `server` has no credentials in it; they travel separately. */
export type ProxyPlan =
  | { kind: 'system' }
  | { kind: 'direct' }
  | { kind: 'proxy'; protocol: 'http' | 'https' | 'socks5' | 'socks4'; host: string; port: number; url: string; username?: string; password?: string };

/** Thrown for settings that cannot be applied; the message says what to enter instead. */
export class ProxySettingsError extends Error {
  override readonly name = 'ProxySettingsError';
}

const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443, socks5: 1080, socks4: 1080 };

/** Checks a manual proxy URL; returns its parts or throws a `ProxySettingsError` that says how to fix it. */
export function parseProxyUrl(raw: string): { protocol: 'http' | 'https' | 'socks5' | 'socks4'; host: string; port: number; url: string } {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw new ProxySettingsError(`"${raw}" is not a proxy address. Enter it as http://host:port, https://host:port or socks5://host:port.`);
  }
  const protocol = u.protocol.replace(/:$/, '');
  if (protocol !== 'http' && protocol !== 'https' && protocol !== 'socks5' && protocol !== 'socks4') {
    throw new ProxySettingsError(`Proxies of type "${protocol}" are not supported. Use an http://, https:// or socks5:// address.`);
  }
  if (u.username || u.password) {
    throw new ProxySettingsError('Leave the user name and password out of the address: enter them in their own fields, so the password is kept encrypted.');
  }
  if ((u.pathname && u.pathname !== '/') || u.search || u.hash) {
    throw new ProxySettingsError('A proxy address has only a host and a port, such as http://proxy.example:8080.');
  }
  if (!u.hostname) throw new ProxySettingsError('The proxy address needs a host name, such as http://proxy.example:8080.');
  const port = u.port ? Number(u.port) : DEFAULT_PORTS[protocol]!;
  const host = u.hostname;
  return { protocol, host, port, url: `${protocol}://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}` };
}

/** Settings (and the stored password) → the plan to apply. */
export function planProxy(s: ProxySettings, password?: string): ProxyPlan {
  if (s.mode === 'system') return { kind: 'system' };
  if (s.mode === 'none') return { kind: 'direct' };
  if (!s.url) throw new ProxySettingsError('Enter the proxy address (such as http://proxy.example:8080), or choose "System proxy" or "No proxy".');
  const p = parseProxyUrl(s.url);
  const username = s.username?.trim();
  if (p.protocol === 'socks4' && password) throw new ProxySettingsError('SOCKS4 proxies take no password. Use a SOCKS5 proxy, or clear the password.');
  return { kind: 'proxy', ...p, ...(username && { username }), ...(username && password !== undefined && { password }) };
}

/** The Electron `session.setProxy` configuration for a plan (credentials answer the `login` event instead). */
export function electronProxyConfig(plan: ProxyPlan): { mode: 'system' } | { mode: 'direct' } | { mode: 'fixed_servers'; proxyRules: string; proxyBypassRules: string } {
  if (plan.kind === 'system') return { mode: 'system' };
  if (plan.kind === 'direct') return { mode: 'direct' };
  // Chromium's rule syntax: a scheme-less rule applies to every URL; socks needs its scheme.
  const server = plan.protocol === 'http' ? `${plan.host}:${plan.port}` : plan.url;
  // The local engine runs on loopback: never send it through the proxy.
  return { mode: 'fixed_servers', proxyRules: server, proxyBypassRules: '<local>;127.0.0.1;[::1];localhost' };
}

/** Applies a plan to one runtime's connections (Electron session, or the Node transport's dispatcher). */
export interface ProxyApplier {
  apply(plan: ProxyPlan): Promise<void>;
  /** Trusts these extra CA certificates (PEM) besides the system's; an empty list trusts the system's only. */
  trust?(caPems: readonly string[]): Promise<void>;
}

const PASSWORD_KEY = 'proxy.password';

/** The proxy password, encrypted at rest with the `SecretCipher` (or kept in memory where it cannot persist). */
export class ProxyCredentials {
  private memory: string | undefined;

  constructor(
    private readonly store: KeyValueStore,
    private readonly cipher: SecretCipher,
  ) {}

  async set(password: string | null): Promise<{ persisted: boolean }> {
    if (password === null || password === '') {
      this.memory = undefined;
      this.store.delete(PASSWORD_KEY);
      return { persisted: true };
    }
    const a = await this.cipher.availability();
    if (!a.canPersist) {
      this.memory = password;
      this.store.delete(PASSWORD_KEY);
      return { persisted: false };
    }
    this.memory = password;
    this.store.set(PASSWORD_KEY, Buffer.from(await this.cipher.encrypt(password)).toString('base64'));
    return { persisted: true };
  }

  async get(): Promise<string | undefined> {
    if (this.memory !== undefined) return this.memory;
    const raw = this.store.get(PASSWORD_KEY);
    if (typeof raw !== 'string') return undefined;
    const { plain } = await this.cipher.decrypt(new Uint8Array(Buffer.from(raw, 'base64')));
    this.memory = plain;
    return plain;
  }

  has(): boolean {
    return this.memory !== undefined || typeof this.store.get(PASSWORD_KEY) === 'string';
  }

  /** For log redaction. */
  knownSecrets(): string[] {
    return this.memory ? [this.memory] : [];
  }
}

/**
 * Keeps every runtime's connections on the current proxy settings: apply at start and again on each change, no
 * restart. Appliers run one after another in order; a failing one is reported and the others still apply.
 */
export class NetworkService {
  private current: ProxyPlan = { kind: 'system' };

  constructor(
    private readonly appliers: readonly ProxyApplier[],
    private readonly credentials: ProxyCredentials,
    private readonly log: (line: string) => void = () => {},
  ) {}

  plan(): ProxyPlan {
    return this.current;
  }

  /** Validates and applies; throws `ProxySettingsError` (nothing changed) for settings that cannot work. */
  async apply(s: ProxySettings): Promise<ProxyPlan> {
    const plan = planProxy(s, s.mode === 'manual' ? await this.credentials.get() : undefined);
    const failures: string[] = [];
    for (const a of this.appliers) {
      try {
        await a.apply(plan);
      } catch (e) {
        failures.push(e instanceof Error ? e.message : String(e));
      }
    }
    this.current = plan;
    if (failures.length) this.log(`[network] proxy applied with errors: ${failures.join('; ')}`);
    return plan;
  }

  /** Gives every runtime the extra trusted CA certificates (see network-ca.ts). */
  async trust(caPems: readonly string[]): Promise<void> {
    for (const a of this.appliers) {
      try {
        await a.trust?.(caPems);
      } catch (e) {
        this.log(`[network] extra CA certificates not applied: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
}
