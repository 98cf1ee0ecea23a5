/**
 * The Verso web harness (plain Node): serves the built renderer (`out/renderer`) on 127.0.0.1 and binds the same
 * IPC registrars and services the Electron main process uses, over a loopback WebSocket guarded by a one-time
 * token (the page's first `app.start` comes over HTTP: web/start-route.ts). It starts the local Translation Service
 * like the app does. It is how the e2e tests run Verso and how anyone uses it where Electron cannot run.
 *
 *   npx tsx web/server.ts [--port 0] [--data-dir DIR] [--renderer-dir out/renderer] [--engines apertium,pseudo]
 *                         [--hosted-pro-url URL --hosted-free-url URL] [--test-cipher] [--faults]
 *
 * Prints one line: `Verso web harness: http://127.0.0.1:P/#token=…`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { homedir, platform } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildSync } from 'esbuild';
import { WebSocketServer, type WebSocket } from 'ws';
import { CALL_NAMES, channelOf, type CallName } from '../shared/ipc/contract.js';
import { createJsonFileStore } from '../electron/main/adapters/json-file-store.js';
import { createTestFileCipher, createUnavailableCipher } from '../electron/main/adapters/node-cipher.js';
import { systemClock } from '../electron/main/adapters/node-clock.js';
import { nodeFileSystem } from '../electron/main/adapters/node-fs.js';
import { createNodeHttpTransport } from '../electron/main/adapters/node-http.js';
import { createNodeLauncher } from '../electron/main/adapters/node-launcher.js';
import { createNodeProxyApplier } from '../electron/main/adapters/node-proxy.js';
import { buildUserAgent, composeServices, warmUp, type Composed } from '../electron/main/compose.js';
import type { IpcInvokeEvent, IpcMainLike } from '../electron/main/ipc/handle.js';
import { registerAllIpc } from '../electron/main/ipc/index.js';
import { createLoggingFileShell } from '../electron/main/adapters/node-documents.js';
import { handleUpload, UPLOAD_PATH } from './uploads.js';
import { handleStart, START_EXPIRED, START_PATH, startSessions } from './start-route.js';
import { RENDERER_SOURCES, isStale } from '../scripts/freshness.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface HarnessOptions {
  port?: number;
  dataDir: string;
  rendererDir?: string;
  /** The local service to run: a built `cli.js` (run with plain node) instead of `service/cli.ts` through tsx. */
  serviceEntry?: string;
  engines?: string[];
  hostedProUrl?: string;
  hostedFreeUrl?: string;
  /** Encrypt keys at rest with the test-only file cipher (e2e); default: keys are kept for the session only. */
  testCipher?: boolean;
  /** Fault injection in the local service (tests). */
  faults?: boolean;
  /** Start the local engine at once when it is (or will be) the connection in use. Default true. */
  warmLocal?: boolean;
  log?: (line: string) => void;
}

export interface Harness {
  url: string;
  port: number;
  token: string;
  composed: Composed;
  close(): Promise<void>;
}

/** Dispatcher with the shape of Electron's ipcMain: the registrars bind to it exactly as they do in the app. */
export class LocalIpcMain implements IpcMainLike {
  private readonly handlers = new Map<string, (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>>();

  handle(channel: string, listener: (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>): void {
    if (this.handlers.has(channel)) throw new Error(`Second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  has(channel: string): boolean {
    return this.handlers.has(channel);
  }

  invoke(channel: string, event: IpcInvokeEvent, input: unknown): Promise<unknown> {
    const h = this.handlers.get(channel);
    if (!h) return Promise.resolve({ ok: false, error: { code: 'not_found', message: 'Verso has no such function.' } });
    return h(event, input);
  }
}

/** Compares tokens in constant time (hashing first makes the lengths equal). */
export function tokensMatch(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The shim script: `web/shim-client.ts` bundled on its own, with the contract's call names filled in. esbuild, not
 * the TypeScript compiler: loading and warming `typescript` held the first page load for ~2 s (every resource
 * waited behind the shim on the busy event loop), in every e2e test and every `npm run web`.
 */
function buildShim(): string {
  const js = buildSync({
    entryPoints: [join(ROOT, 'web', 'shim-client.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    logLevel: 'silent',
  }).outputFiles[0]!.text;
  return js.replace('__VERSO_CALL_NAMES__', JSON.stringify(CALL_NAMES));
}

/**
 * The Content-Security-Policy of everything served. `shimHash` allows one inline script, the shim the page is served
 * with, by its SHA-256; no other inline script runs.
 */
function csp(port: number, shimHash: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'sha256-${shimHash}'`,
    // React sets style attributes through the CSSOM (not blocked); 'unsafe-inline' covers <style> a library injects.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ws://127.0.0.1:${port}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

export async function startHarness(o: HarnessOptions): Promise<Harness> {
  const log = o.log ?? ((l: string) => console.error(l));
  const rendererDir = resolve(o.rendererDir ?? join(ROOT, 'out', 'renderer'));
  mkdirSync(o.dataDir, { recursive: true, mode: 0o700 });
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const token = randomBytes(32).toString('base64url');

  // The proxy of every connection the harness makes (system by default: HTTP_PROXY/HTTPS_PROXY/NO_PROXY).
  const proxy = createNodeProxyApplier();
  // The "system" UI language is the browser's here, as the page's is (the desktop app asks the OS): learnt from the
  // page's own request (Accept-Language) when it connects, so main's words (exports, notes) match the page's.
  let browserLocales: readonly string[] = [];
  const composed = composeServices(
    {
      transport: createNodeHttpTransport({ dispatcher: proxy.dispatcher }),
      proxy,
      clock: systemClock,
      cipher: o.testCipher
        ? createTestFileCipher(join(o.dataDir, 'test-only-secret.key'))
        : createUnavailableCipher(
            'web-harness',
            'The web harness cannot use the system keyring, so Verso will not write keys to disk here. Keep keys for this session only, or use the desktop app.',
          ),
      stores: {
        settings: createJsonFileStore(join(o.dataDir, 'settings.json')),
        secrets: createJsonFileStore(join(o.dataDir, 'secrets.json')),
        connections: createJsonFileStore(join(o.dataDir, 'connections.json')),
        cache: createJsonFileStore(join(o.dataDir, 'cache.json')),
      },
      fs: nodeFileSystem,
      launcher: createNodeLauncher({
        ...(o.serviceEntry ? { entry: o.serviceEntry, nodeArgs: [] } : { entry: join(ROOT, 'service', 'cli.ts'), nodeArgs: ['--import', 'tsx'] }),
        onLog: (l) => log(`[local-service] ${l}`),
      }),
      opener: {
        async open(url) {
          log(`Verso web harness: open this link in your browser: ${url}`);
        },
      },
      // No system clipboard from this Node process: `app.copyText` is then done by the page (shim-client.ts), and
      // a new admin key's copy answers `copied: false` (its secret must never reach the page; save it instead).
      clipboard: { writeText: async () => false },
      documents: { shell: createLoggingFileShell(log) },
      saveDialog: {
        async saveText(name, content) {
          // No native dialog here: exports go to <data-dir>/exports, never over an existing file.
          const dir = join(o.dataDir, 'exports');
          mkdirSync(dir, { recursive: true });
          const ext = extname(name);
          const base = name.slice(0, name.length - ext.length);
          for (let i = 0; ; i++) {
            const p = join(dir, i === 0 ? name : `${base} (${i})${ext}`);
            try {
              await writeFile(p, content, { flag: 'wx' });
              return p;
            } catch (e) {
              if ((e as { code?: string }).code !== 'EEXIST') throw e;
            }
          }
        },
      },
    },
    {
      userDataDir: o.dataDir,
      appInfo: { name: 'Verso', version: pkg.version, platform: platform(), shell: 'web', runtimeVersion: process.versions.node, pseudoLocales: process.env.VERSO_PSEUDO_LOCALES === '1' },
      userAgent: buildUserAgent(pkg.version, platform(), 'node', process.version),
      systemLocales: () => browserLocales,
      hosted: { ...(o.hostedProUrl && { pro: o.hostedProUrl }), ...(o.hostedFreeUrl && { free: o.hostedFreeUrl }) },
      ...(o.engines && { localEngines: o.engines }),
      ...(o.faults && { localFaults: true }),
      allowedExternalHosts: ['github.com', 'www.apertium.org', 'apertium.org'],
      // Dropped files are staged copies here; their translations go to a folder in the data dir.
      documents: { stagingDir: join(o.dataDir, 'staging'), defaultOutputDir: join(o.dataDir, 'Verso translations') },
    },
  );

  const ipc = new LocalIpcMain();
  const trusted = new WeakSet<object>();
  let origin = '';
  // Main speaks the page's language before it answers (a catalog load, a few ms), so no answer comes in another.
  const takeBrowserLanguages = (header: string | undefined): Promise<void> => {
    const locales = acceptedLanguages(header);
    if (!locales.length || locales.join() === browserLocales.join()) return Promise.resolve();
    browserLocales = locales;
    return composed.i18n.systemChanged().catch(() => undefined);
  };
  // The shim's early `app.start` comes over HTTP (web/start-route.ts); main's events after its answer wait here for
  // the page's socket.
  const starts = startSessions();
  registerAllIpc(
    {
      ipcMain: ipc,
      // Same rule as the app: only an authenticated page of our own origin may call.
      isTrustedSender: (event) => typeof event.sender === 'object' && event.sender !== null && trusted.has(event.sender) && event.senderFrame?.url === origin,
      secrets: composed.secrets,
      log,
    },
    composed.services,
  );

  // Built before the server listens, so the first page load never waits for it. It is written into the page itself
  // (allowed by its hash): as a file it was one more request that held the parser (~25 ms of a start) before any
  // module could run, where the desktop app's preload costs no request at all.
  const shim = buildShim().replaceAll('</script', '<\\/script');
  const shimHash = createHash('sha256').update(shim).digest('base64');
  // Built files, kept in memory once read (keyed by size and time, so a rebuild is served at once); a page with the
  // shim already written in.
  const files = new Map<string, { size: number; mtimeMs: number; body: Buffer | string }>();
  const server = createServer((req, res) => void serve(req, res));
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const headers = {
      'Content-Security-Policy': csp(port, shimHash),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    };
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (path === START_PATH) {
        const run = async (input: unknown, acceptLanguage: string | undefined) => {
          await takeBrowserLanguages(acceptLanguage);
          const sender = {};
          trusted.add(sender);
          return ipc.invoke(channelOf('app.start'), { sender, senderFrame: { url: origin } }, input);
        };
        await handleStart(req, res, { origin, authorized: (t) => tokensMatch(t, token), run, sessions: starts }, headers);
        return;
      }
      if (path === UPLOAD_PATH) {
        await handleUpload(req, res, { stagingDir: join(o.dataDir, 'staging'), maxBytes: 2048 * 1024 * 1024, authorized: (t) => tokensMatch(t, token) }, headers);
        return;
      }
      let file = resolve(rendererDir, `.${path}`);
      // Never serve anything outside the renderer folder.
      if (file !== rendererDir && !file.startsWith(rendererDir + sep)) {
        res.writeHead(403, headers).end('Forbidden');
        return;
      }
      let st = await stat(file).catch(() => undefined);
      if (!st || st.isDirectory()) {
        file = join(rendererDir, 'index.html');
        st = await stat(file).catch(() => undefined);
      }
      if (!st) {
        res.writeHead(503, { ...headers, 'Content-Type': MIME['.txt']! });
        res.end(`The renderer is not built. Run: npm run web (it builds it), or npx vite build -c renderer/vite.config.ts (output: ${rendererDir}), then reload.`);
        return;
      }
      let kept = files.get(file);
      if (!kept || kept.size !== st.size || kept.mtimeMs !== st.mtimeMs) {
        const read = await readFile(file);
        // The shim must run before the renderer's modules so `window.verso` exists when they load.
        const body =
          extname(file) === '.html' ? read.toString('utf8').replace(/<head([^>]*)>/i, (tag) => `${tag}\n    <script>${shim}</script>`) : read;
        kept = { size: st.size, mtimeMs: st.mtimeMs, body };
        files.set(file, kept);
      }
      const body = kept.body;
      const type = MIME[extname(file)] ?? 'application/octet-stream';
      // Built assets carry a content hash in their names: a browser may keep them (and V8 their compiled code, as
      // the desktop app's app:// scheme does), while index.html is asked for again every time.
      const cache = file.startsWith(join(rendererDir, 'assets') + sep) ? { 'Cache-Control': 'public, max-age=31536000, immutable' } : {};
      res.writeHead(200, { ...headers, ...cache, 'Content-Type': type });
      res.end(body);
    } catch {
      res.writeHead(400, headers).end('Bad request');
    }
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 * 1024 });
  const sockets = new Set<WebSocket>();
  server.on('upgrade', (req, socket, head) => {
    // Another page or program on this machine must not drive Verso: refuse any origin but ours.
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/__verso/ws' || req.headers.origin !== origin) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      let authed = false;
      // Calls wait until main speaks the page's language, so no answer comes in another.
      let localeReady: Promise<void> = Promise.resolve();
      const helloTimer = setTimeout(() => ws.close(4401, 'no token'), 10_000);
      ws.on('message', (data) => {
        let msg: { type?: string; token?: string; session?: unknown; id?: number; name?: string; input?: unknown };
        try {
          msg = JSON.parse(String(data)) as typeof msg;
        } catch {
          ws.close(4400, 'bad message');
          return;
        }
        if (!authed) {
          clearTimeout(helloTimer);
          if (msg.type !== 'hello' || typeof msg.token !== 'string' || !tokensMatch(msg.token, token)) {
            ws.close(4401, 'bad token');
            return;
          }
          // The page whose `app.start` came over HTTP: the events main sent since that answer come first.
          const kept = msg.session === undefined ? [] : typeof msg.session === 'string' ? starts.take(msg.session) : undefined;
          if (!kept) {
            ws.close(START_EXPIRED, 'start not kept');
            return;
          }
          authed = true;
          localeReady = takeBrowserLanguages(req.headers['accept-language']);
          trusted.add(ws);
          ws.send(JSON.stringify({ type: 'welcome' })); // for clients that wait for it; the page's shim does not
          for (const event of kept) ws.send(event);
          sockets.add(ws);
          return;
        }
        if (msg.type !== 'call' || typeof msg.id !== 'number' || typeof msg.name !== 'string') return;
        const id = msg.id;
        const name = msg.name as CallName;
        const event: IpcInvokeEvent = { sender: ws, senderFrame: { url: origin } };
        void localeReady.then(() => ipc.invoke(channelOf(name), event, msg.input)).then((result) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'result', id, result }));
        });
      });
      ws.on('close', () => {
        clearTimeout(helloTimer);
        sockets.delete(ws);
      });
    });
  });

  const unsubscribe = composed.events.subscribe((name, payload) => {
    const msg = JSON.stringify({ type: 'event', name, payload });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(msg);
    starts.event(msg);
  });

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(o.port ?? 0, '127.0.0.1', () => ok());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  origin = `http://127.0.0.1:${port}`;
  if (o.warmLocal !== false) warmUp(composed);

  return {
    url: `${origin}/#token=${token}`,
    port,
    token,
    composed,
    async close() {
      unsubscribe();
      starts.close();
      for (const ws of sockets) ws.terminate();
      wss.close();
      const closed = new Promise<void>((r) => server.close(() => r()));
      // Idle keep-alive connections of a closed page would hold `close` until they time out.
      server.closeAllConnections();
      await closed;
      await composed.shutdown();
      await proxy.close();
    },
  };
}

/**
 * Builds the renderer into `out/renderer` when it is missing or older than its sources (`npm run web` after a fresh
 * set-up or an edit). Other harnesses may be serving the folder meanwhile (parallel e2e runs), so the build goes to
 * a private folder that replaces the old one with two renames; a lock folder keeps two harnesses from building at
 * once (the second waits, then finds the output fresh).
 */
export async function ensureRendererBuilt(log: (line: string) => void): Promise<void> {
  const outDir = join(ROOT, 'out', 'renderer');
  const marker = join(outDir, 'index.html');
  const sources = RENDERER_SOURCES.map((p) => join(ROOT, p));
  if (!isStale(marker, sources)) return;
  const lock = join(ROOT, 'out', '.renderer-build.lock');
  mkdirSync(join(ROOT, 'out'), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`another build holds ${lock}; if no build is running, delete that folder and try again`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (!isStale(marker, sources)) return;
    log('Verso web harness: building the renderer (out/renderer is missing or older than the sources) …');
    const tmp = join(ROOT, 'out', `.renderer-${process.pid}`);
    const { build } = await import('vite');
    await build({ configFile: join(ROOT, 'renderer', 'vite.config.ts'), logLevel: 'warn', build: { outDir: tmp, emptyOutDir: true } });
    const old = join(ROOT, 'out', `.renderer-old-${process.pid}`);
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(tmp, outDir);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmdirSync(lock);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'data-dir': { type: 'string' },
      'renderer-dir': { type: 'string' },
      'service-entry': { type: 'string' },
      engines: { type: 'string' },
      'hosted-pro-url': { type: 'string' },
      'hosted-free-url': { type: 'string' },
      'test-cipher': { type: 'boolean', default: false },
      faults: { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a number from 0 to 65535 (0 picks a free port); got "${values.port}".`);
    process.exit(2);
  }
  const dataDir = resolve(values['data-dir'] ?? process.env.VERSO_USER_DATA ?? join(homedir(), '.verso-web'));
  // A renderer folder given on the command line is the caller's to build (e2e runs build their own).
  if (!values['renderer-dir']) await ensureRendererBuilt((l) => console.error(l));
  const h = await startHarness({
    port,
    dataDir,
    ...(values['renderer-dir'] && { rendererDir: values['renderer-dir'] }),
    ...(values['service-entry'] && { serviceEntry: resolve(values['service-entry']) }),
    ...(values.engines && { engines: values.engines.split(',').map((s) => s.trim()).filter(Boolean) }),
    ...(values['hosted-pro-url'] && { hostedProUrl: values['hosted-pro-url'] }),
    ...(values['hosted-free-url'] && { hostedFreeUrl: values['hosted-free-url'] }),
    testCipher: values['test-cipher'] === true,
    faults: values.faults === true,
  });
  console.log(`Verso web harness: ${h.url}`);
  console.error(`Verso web harness: data in ${dataDir}`);
  const stop = () => {
    // Whatever still hangs after 10 s (a request to a stalled peer) does not keep the harness alive.
    setTimeout(() => process.exit(0), 10_000).unref();
    void h.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error(`Verso web harness could not start: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  });
}

/**
 * The language tags of an Accept-Language header, most preferred first ("nl-NL,nl;q=0.9,en;q=0.8" → nl-NL, nl, en).
 * By hand: a few lines, where a negotiation library would be a dependency for one header.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.tag !== '' && x.tag !== '*' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((x) => x.tag);
}
