/**
 * The local Translation Service (service process): builds the store, engines and both listeners (Pro base and
 * Free base) and starts them. `startService` is what the CLI, the app's launcher, tests and benchmarks call.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LOCAL_KEY_LABELS } from '../shared/i18n/local-key-labels.js';
import { GlossaryCache } from './domain/glossaries.js';
import type { Detector } from './detect/index.js';
import { Quota } from './domain/usage.js';
import { EngineSet, createEngines, defaultEngines } from './engines/registry.js';
import type { EngineId } from './engines/types.js';
import { RateLimiter, buildApp, type HttpTimeouts, type ListenerTier } from './http/app.js';
import { Faults } from './http/faults.js';
import { registerRoutes, type RouteDeps } from './http/routes.js';
import { openDb } from './store/db.js';
import { Store } from './store/store.js';

export interface ServiceOptions {
  host?: string;
  /** Pro listener port; 0 picks a free one. */
  port?: number;
  /** Free listener port; 0 picks a free one. */
  freePort?: number;
  /** Where state lives; required unless `inMemory`. */
  dataDir?: string;
  /** Keeps all state in memory (tests). keys.json is still written when a dataDir is given. */
  inMemory?: boolean;
  engines?: EngineId[];
  /** Enables fault injection and test hooks. Never on by default. */
  faults?: boolean;
  /** Requests per second per key; undefined = no rate limit. */
  rateLimit?: number;
  /** Structured request logs on stderr. */
  log?: boolean;
  /** Idle, header and request timeouts of both listeners (defaults in http/app.ts). */
  httpTimeouts?: HttpTimeouts;
  /** Serve the v3 customisation endpoints (glossaries, style rules, memories, languages). Default true. */
  v3?: boolean;
  /** Extra route registrations (document translation plugs in here). */
  plugins?: ServicePlugin[];
}

export interface ServiceKeys {
  pro_key: string;
  free_key: string;
  admin_key: string;
  /** The key ids of the Pro and Free keys, so a client can tell them apart in the admin listing. */
  pro_key_id?: string;
  free_key_id?: string;
}

export interface ServiceContext extends RouteDeps {
  faults: Faults;
  dataDir?: string;
  tier: ListenerTier;
}

export type ServicePlugin = (app: FastifyInstance, ctx: ServiceContext) => void | Promise<void>;

export interface RunningService {
  proUrl: string;
  freeUrl: string;
  keys: ServiceKeys;
  /** True when this start created the account and its keys. */
  firstStart: boolean;
  dataDir?: string;
  store: Store;
  engines: EngineSet;
  close(): Promise<void>;
}

/** Creates the first account (admin interface and detection beta on: it is the user's own machine) and keys. */
export function bootstrapAccount(store: Store): ServiceKeys {
  const account = store.createAccount({ name: 'Local account', plan: 'pro', adminEnabled: true, detectBeta: true });
  const pro = store.createKey({ accountId: account.id, tier: 'pro', label: LOCAL_KEY_LABELS.pro });
  const free = store.createKey({ accountId: account.id, tier: 'free', label: LOCAL_KEY_LABELS.free });
  return {
    pro_key: pro.secret,
    free_key: free.secret,
    admin_key: store.createKey({ accountId: account.id, tier: 'admin', label: 'Local admin key' }).secret,
    pro_key_id: pro.key.keyId,
    free_key_id: free.key.keyId,
  };
}

/** Writes keys.json atomically with mode 0600 (it holds secrets). */
export function writeKeysFile(dataDir: string, keys: ServiceKeys): void {
  const file = join(dataDir, 'keys.json');
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

function loadDetector(): () => Promise<Detector> {
  let p: Promise<Detector> | undefined;
  return () => (p ??= import('./detect/index.js').then((m) => m.createDetector()));
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const host = options.host ?? '127.0.0.1';
  if (!options.inMemory && !options.dataDir) throw new Error('A data dir is required (or use inMemory).');
  const store = new Store(openDb(options.inMemory ? undefined : options.dataDir));

  let keys: ServiceKeys;
  let firstStart = false;
  const keysFile = options.dataDir ? join(options.dataDir, 'keys.json') : undefined;
  if (store.listAccounts().length === 0) {
    keys = bootstrapAccount(store);
    firstStart = true;
    if (options.dataDir) writeKeysFile(options.dataDir, keys);
  } else if (keysFile && existsSync(keysFile)) {
    keys = JSON.parse(readFileSync(keysFile, 'utf8')) as ServiceKeys;
    // keys.json from before key ids were written: add them (looked up by the secret's hash).
    const proId = keys.pro_key_id ?? store.findKeyBySecret(keys.pro_key)?.keyId;
    const freeId = keys.free_key_id ?? store.findKeyBySecret(keys.free_key)?.keyId;
    if ((proId && !keys.pro_key_id) || (freeId && !keys.free_key_id)) {
      keys = { ...keys, ...(proId && { pro_key_id: proId }), ...(freeId && { free_key_id: freeId }) };
      writeKeysFile(options.dataDir!, keys);
    }
  } else {
    throw new Error(`keys.json is missing from ${options.dataDir}; the keys cannot be recovered (only hashes are stored).`);
  }

  const engines = new EngineSet(await createEngines(options.engines ?? defaultEngines()));
  const faults = new Faults(!!options.faults);
  const deps: RouteDeps = {
    store,
    quota: new Quota(store),
    engines,
    detector: loadDetector(),
    glossaries: new GlossaryCache(),
    v3: options.v3 !== false,
  };
  const rateLimit = options.rateLimit ? new RateLimiter(options.rateLimit) : undefined;
  const urls = { pro: '', free: '' };
  const apps: FastifyInstance[] = [];
  for (const tier of ['pro', 'free'] as const) {
    const app = await buildApp({
      tier,
      store,
      faults,
      rateLimit,
      log: options.log,
      timeouts: options.httpTimeouts,
      urls: { pro: () => urls.pro, free: () => urls.free },
    });
    if (options.faults) faults.register(app);
    registerRoutes(app, deps);
    for (const plugin of options.plugins ?? []) {
      await plugin(app, { ...deps, faults, dataDir: options.dataDir, tier });
    }
    apps.push(app);
  }
  try {
    urls.pro = await apps[0]!.listen({ host, port: options.port ?? 0 });
    urls.free = await apps[1]!.listen({ host, port: options.freePort ?? 0 });
  } catch (e) {
    await Promise.all(apps.map((a) => a.close()));
    await engines.close();
    store.close();
    throw e;
  }
  // listen() may report a hostname form; use the literal loopback address clients should call.
  const fix = (u: string) => u.replace('localhost', host);
  urls.pro = fix(urls.pro);
  urls.free = fix(urls.free);

  return {
    proUrl: urls.pro,
    freeUrl: urls.free,
    keys,
    firstStart,
    dataDir: options.dataDir,
    store,
    engines,
    async close() {
      await Promise.all(apps.map((a) => a.close()));
      await engines.close();
      store.close();
    },
  };
}
