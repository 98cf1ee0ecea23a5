/**
 * Test support (Node, tests only): starts DeepL's own mock server (`../shared/peers/deepl-mock`, MIT, unchanged) on
 * 127.0.0.1 with free ports, so the API client's tests can run against a peer no one on the Verso team wrote.
 *
 * The folder is copied to a temp dir (shared/ is read-only in CI and the mock writes documents into its working
 * directory) and its production dependencies are installed there once per copy (`npm ci --omit=dev`, from the npm
 * registry; cached between runs under the OS temp dir keyed by the lockfile's hash). The mock listens on every
 * interface by default, so a `-r` preload pins every `listen()` of that process to 127.0.0.1.
 *
 * The mock speaks DeepL's dialect of the API: `Authorization: DeepL-Auth-Key <key>` (any key; `:fx` = Free).
 * Our client sends the spec's `Service-Auth-Key` by default; a test passes `authScheme: MOCK_AUTH_SCHEME`.
 * When the peer folder is absent (a checkout without ../shared), `findDeeplMock()` returns null and the test skips
 * with that reason printed.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MOCK_AUTH_SCHEME = 'DeepL-Auth-Key';

const here = dirname(fileURLToPath(import.meta.url));

/** The mock's source folder, or null with the reason when this checkout has none. */
export function findDeeplMock(): { dir: string; reason?: undefined } | { dir: null; reason: string } {
  const dir = process.env.VERSO_DEEPL_MOCK_DIR ?? resolve(here, '../../../shared/peers/deepl-mock');
  if (!existsSync(join(dir, 'index.js')) || !existsSync(join(dir, 'package-lock.json'))) {
    return { dir: null, reason: `DeepL's mock server is not at ${dir} (set VERSO_DEEPL_MOCK_DIR); tests against it are skipped` };
  }
  return { dir };
}

export interface RunningDeeplMock {
  /** Base URL of the mock (Pro and Free alike: the mock tells them apart by the key's `:fx`). */
  url: string;
  /** A Pro key and a Free key the mock accepts. */
  proKey: string;
  freeKey: string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

/** Copies the mock into a cached temp dir with its dependencies installed; returns that dir. */
function preparedCopy(src: string): string {
  const lock = readFileSync(join(src, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).update(readFileSync(join(src, 'index.js'))).digest('hex').slice(0, 16);
  const root = join(tmpdir(), 'verso-deepl-mock');
  const dir = join(root, hash);
  if (existsSync(join(dir, '.ready'))) return dir;
  mkdirSync(root, { recursive: true });
  const staging = join(root, `${hash}.${process.pid}.${Date.now()}`);
  cpSync(src, staging, { recursive: true, filter: (p) => !p.includes(`${join(src, 'node_modules')}`) });
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: staging, stdio: 'pipe' });
  writeFileSync(
    join(staging, 'loopback-only.cjs'),
    // Pins every listen() of the mock to loopback: it must never be reachable from outside the machine.
    `const net = require('net'); const orig = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || typeof args[0] === 'string') { const port = args[0]; const rest = args.slice(1).filter((a) => typeof a === 'function'); return orig.call(this, { port: Number(port), host: '127.0.0.1' }, ...rest); }
  if (args[0] && typeof args[0] === 'object' && !('path' in args[0])) args[0] = { ...args[0], host: '127.0.0.1' };
  return orig.apply(this, args);
};\n`,
  );
  writeFileSync(join(staging, '.ready'), '');
  try {
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another run won the race; its copy is identical
  }
  return dir;
}

/** Starts the mock; resolves once `/healthz` answers. */
export async function startDeeplMock(): Promise<RunningDeeplMock> {
  const found = findDeeplMock();
  if (found.dir === null) throw new Error(found.reason);
  const dir = preparedCopy(found.dir);
  const port = await freePort();
  const proxyPort = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['-r', './loopback-only.cjs', 'index.js'], {
    cwd: dir,
    env: { ...process.env, DEEPL_MOCK_SERVER_PORT: String(port), DEEPL_MOCK_PROXY_SERVER_PORT: String(proxyPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-4000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DeepL mock exited (${child.exitCode}): ${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`DeepL mock did not answer /healthz in 30 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    proKey: 'verso-test-pro-key',
    freeKey: 'verso-test-free-key:fx',
    close: () =>
      new Promise<void>((res) => {
        if (child.exitCode !== null) return res();
        child.once('exit', () => res());
        child.kill('SIGTERM');
      }),
  };
}
