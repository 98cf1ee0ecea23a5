/**
 * E2E fixtures (Playwright worker, Node): each test gets its own temp dir, its own local Translation Service
 * (pseudo engine, fault injection on, both listeners on 127.0.0.1 port 0) standing in for the hosted service, and
 * its own web harness (port 0, its own data dir) whose hosted Pro/Free addresses point at that service and whose
 * local engine is the pseudo engine. Both run as child processes; their stdout/stderr are kept so tests can scan
 * the logs. The `electron` project launches the desktop app instead, or skips with the reason printed.
 */
import { test as base, _electron, type Page, type TestInfo } from '@playwright/test';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Skips the running test when `when` holds, and prints why: Playwright's reporters show that a test was skipped,
 * not the reason given. Every skip in the e2e suite goes through here.
 */
export function skipBecause(testInfo: TestInfo, when: boolean, reason: string): void {
  if (!when) return;
  console.warn(`[e2e] skipped "${testInfo.title}" in the ${testInfo.project.name} project: ${reason}`);
  testInfo.skip(true, reason);
}

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

export interface RunningProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  logs: string[];
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx <file> ...args` (or `node <file>` for a built .js) and resolves once a stdout line
 * matches `ready`.
 */
export async function startTsProcess(
  file: string,
  args: string[],
  ready: RegExp,
  label: string,
): Promise<{ proc: RunningProcess; match: RegExpMatchArray }> {
  const entry = resolve(ROOT, file);
  const child = spawn(process.execPath, [...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), entry, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const proc: RunningProcess = {
    child,
    logs,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        // A process that does not end on SIGTERM within 20 s is killed, so a hang never eats the test's time.
        setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
      }),
  };
  const match = await new Promise<RegExpMatchArray>((ok, fail) => {
    let buffered = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      logs.push(chunk);
      buffered += chunk;
      const m = buffered.match(ready);
      if (m) ok(m);
    });
    child.stderr.on('data', (chunk: string) => logs.push(chunk));
    child.once('exit', (code) =>
      fail(new Error(`${label} exited with code ${code} before it was ready:\n${logs.join('')}`)),
    );
    child.once('error', fail);
  });
  return { proc, match };
}

/** The local service the tests run: the bundle global-setup built, else the TypeScript sources through tsx. */
const SERVICE_ENTRY = process.env.VERSO_E2E_SERVICE_ENTRY ?? 'service/cli.ts';

export interface ServiceKeys {
  pro_key: string;
  free_key: string;
  admin_key: string;
}

export interface TestService {
  proUrl: string;
  freeUrl: string;
  keys: ServiceKeys;
  logs: string[];
  /**
   * `GET /__session__/last-request` of a listener: what the service last received, or with `path` the last request
   * to that path (the app's background calls, usage and languages, may come after the one a test looks at).
   */
  lastRequest(path?: string, base?: string): Promise<{
    method: string;
    path: string;
    headers: Record<string, string>;
    query: unknown;
    body: Record<string, unknown>;
  }>;
  stats(base?: string): Promise<{ count: number; byPath: Record<string, number> }>;
  /** Arms faults for the next session-less requests (the app's own), e.g. `{ '429-count': '2' }`. */
  armFaults(faults: Record<string, string>, base?: string): Promise<void>;
  /** Runs an admin command of the service's CLI on its data dir; returns each JSON line it printed. */
  cli(args: string[]): Promise<Record<string, unknown>[]>;
  /** A call to the service with a key, as any API client would make it. */
  request(
    path: string,
    init: { method?: string; key: string; body?: unknown; base?: string },
  ): Promise<Response>;
}

export interface Verso {
  page: Page;
  url: string;
  dataDir: string;
  logs: string[];
}

interface Options {
  /**
   * The test service offers the v3 customisation endpoints (default). Specs of the v2 glossary path (immutable
   * glossaries: delete and recreate, read back through /v2) turn it off with `test.use({ serviceV3: false })`, as a
   * service without v3 is exactly where Verso keeps that path.
   */
  serviceV3: boolean;
}

interface Fixtures {
  tempDir: string;
  service: TestService;
  verso: Verso;
}

async function startTestService(dir: string, v3 = true): Promise<{ service: TestService; proc: RunningProcess }> {
  const dataDir = join(dir, 'service');
  const { proc, match } = await startTsProcess(
    SERVICE_ENTRY,
    [
      'serve',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--free-port',
      '0',
      '--data-dir',
      dataDir,
      '--engines',
      'pseudo',
      '--faults',
      ...(v3 ? [] : ['--without-v3']),
    ],
    /\[verso-service\] ready pro=(\S+) free=(\S+)/,
    'The local Translation Service',
  );
  const proUrl = match[1]!;
  const freeUrl = match[2]!;
  const keys = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as ServiceKeys;
  const service: TestService = {
    proUrl,
    freeUrl,
    keys,
    logs: proc.logs,
    async lastRequest(path, b = proUrl) {
      const res = await fetch(`${b}/__session__/last-request${path ? `?path=${encodeURIComponent(path)}` : ''}`);
      return (await res.json()) as Awaited<ReturnType<TestService['lastRequest']>>;
    },
    async stats(b = proUrl) {
      const res = await fetch(`${b}/__session__/stats`);
      return (await res.json()) as { count: number; byPath: Record<string, number> };
    },
    async armFaults(faults, b = proUrl) {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(faults)) headers[`mock-server-session-${k}`] = v;
      const res = await fetch(`${b}/__faults__/arm`, { method: 'POST', headers });
      if (!res.ok) throw new Error(`Arming faults failed: ${res.status} ${await res.text()}`);
    },
    async cli(args) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', join(ROOT, 'service', 'cli.ts'), ...args, '--data-dir', dataDir],
        { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' } },
      );
      return stdout
        .split('\n')
        .filter((l) => l.trim().startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    request(path, { method = 'GET', key, body, base: b = proUrl }) {
      return fetch(`${b}${path}`, {
        method,
        headers: {
          Authorization: `Service-Auth-Key ${key}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    },
  };
  return { service, proc };
}

/**
 * Starts the web harness as a child process on port 0 with `dataDir` as its user-data folder, aimed at `service`
 * for the hosted addresses and running the pseudo engine locally. Resolves with the printed URL (token included).
 */
export async function startWebHarness(service: TestService, dataDir: string): Promise<{ proc: RunningProcess; url: string }> {
  const { proc, match } = await startTsProcess(
    'web/server.ts',
    [
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--engines',
      'pseudo',
      '--faults',
      '--test-cipher',
      '--hosted-pro-url',
      service.proUrl,
      '--hosted-free-url',
      service.freeUrl,
      ...(process.env.VERSO_E2E_SERVICE_ENTRY ? ['--service-entry', process.env.VERSO_E2E_SERVICE_ENTRY] : []),
      // Several runs on one machine (parallel sessions) each build and serve their own renderer.
      ...(process.env.VERSO_E2E_RENDERER_DIR ? ['--renderer-dir', process.env.VERSO_E2E_RENDERER_DIR] : []),
    ],
    /Verso web harness: (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/,
    'The Verso web harness',
  );
  return { proc, url: match[1]! };
}

const ELECTRON_DIST = join(ROOT, 'node_modules', 'electron', 'dist');

export const test = base.extend<Fixtures & Options>({
  serviceV3: [true, { option: true }],

  // eslint-disable-next-line no-empty-pattern
  tempDir: async ({}, use) => {
    const dir = await mkdtemp(join(tmpdir(), 'verso-e2e-'));
    await use(dir);
    // Child processes may still be flushing files as they exit: retry instead of failing the test.
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  },

  service: async ({ tempDir, serviceV3 }, use) => {
    const { service, proc } = await startTestService(tempDir, serviceV3);
    try {
      await use(service);
    } finally {
      await proc.stop();
    }
  },

  verso: async ({ tempDir, service, page }, use, testInfo) => {
    const dataDir = join(tempDir, 'verso');
    if (testInfo.project.name === 'electron') {
      if (!existsSync(ELECTRON_DIST)) {
        skipBecause(testInfo, true, `Electron binary missing (${ELECTRON_DIST}); the electron project runs only where it can be installed.`);
        return;
      }
      // Where the binary exists: the same specs against the desktop app, aimed at the test service via env.
      const app = await _electron.launch({
        args: [join(ROOT, 'out', 'main', 'index.js')],
        env: {
          ...process.env,
          VERSO_USER_DATA: dataDir,
          VERSO_HOSTED_PRO_URL: service.proUrl,
          VERSO_HOSTED_FREE_URL: service.freeUrl,
          VERSO_LOCAL_ENGINES: 'pseudo',
          VERSO_LOCAL_FAULTS: '1',
          VERSO_TEST: '1',
        },
      });
      const logs: string[] = [];
      app.process().stdout?.on('data', (c: Buffer) => logs.push(c.toString()));
      app.process().stderr?.on('data', (c: Buffer) => logs.push(c.toString()));
      const window = await app.firstWindow();
      try {
        await use({ page: window, url: window.url(), dataDir, logs });
      } finally {
        await app.close();
      }
      return;
    }
    const { proc, url } = await startWebHarness(service, dataDir);
    try {
      await page.goto(url);
      await use({ page, url, dataDir, logs: proc.logs });
    } finally {
      await page.close();
      await proc.stop();
    }
  },
});

export { expect } from '@playwright/test';
