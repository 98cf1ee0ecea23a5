/**
 * Conformance: fault injection, rate limiting, persistence across restarts and kill -9, request logs.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../server.js';
import { call } from './http.js';

const ROOT = new URL('../../', import.meta.url).pathname;

function startCli(
  args: string[],
): Promise<{ child: ChildProcess; pro: string; free: string; stderr: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/cli.ts', 'serve', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /\[verso-service\] ready pro=(\S+) free=(\S+)/.exec(out);
      if (m) resolve({ child, pro: m[1]!, free: m[2]!, stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`service exited ${code}: ${err}`)));
  });
}

/** Arguments of `serve` for a test: its own data dir, free ports, the pseudo engine. */
const serveArgs = (dir: string, ...extra: string[]): string[] => [
  '--data-dir',
  dir,
  '--port',
  '0',
  '--free-port',
  '0',
  '--engines',
  'pseudo',
  ...extra,
];

/** Runs `fn` against the service started as a program on a fresh data dir, then stops it and removes the dir. */
async function withCliService(
  fn: (s: { pro: string; stderr: () => string }, keys: Record<string, string>, dir: string) => Promise<void>,
  extraArgs: string[] = [],
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'verso-cli-'));
  const s = await startCli(serveArgs(dir, ...extraArgs));
  try {
    await fn(s, JSON.parse(await readFile(join(dir, 'keys.json'), 'utf8')), dir);
  } finally {
    s.child.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}

describe('fault injection', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService({ inMemory: true, engines: ['pseudo'], faults: true });
  });
  afterAll(async () => svc?.close());
  const body = { text: ['x'], source_lang: 'EN', target_lang: 'DE' };

  it('answers 429 then 529 then 5xx for the next N requests of a session, then recovers', async () => {
    const headers = {
      'mock-server-session': 'retry-test',
      'mock-server-session-429-count': '2',
      'mock-server-session-529-count': '1',
      'mock-server-session-5xx-count': '1',
      'mock-server-session-5xx-status': '502',
      'mock-server-session-retry-after': '3',
    };
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i++) {
      const r = await call(svc.proUrl, '/v2/translate', { key: svc.keys.pro_key, json: body, headers });
      statuses.push(r.status);
      if (r.status === 429) retryAfter = r.headers.get('retry-after');
    }
    expect(statuses).toEqual([429, 429, 529, 502, 200]);
    expect(retryAfter).toBe('3');
    const stats = await call(svc.proUrl, '/__session__/stats', {
      headers: { 'mock-server-session': 'retry-test' },
    });
    expect(stats.body.count).toBe(5);
    // Other sessions and session-less requests are untouched.
    expect((await call(svc.proUrl, '/v2/translate', { key: svc.keys.pro_key, json: body })).status).toBe(200);
  });

  it('arms the global scope for requests without a session header', async () => {
    await call(svc.proUrl, '/__faults__/arm', {
      method: 'POST',
      headers: { 'mock-server-session-429-count': '1' },
    });
    expect((await call(svc.proUrl, '/v2/usage', { key: svc.keys.pro_key })).status).toBe(429);
    expect((await call(svc.proUrl, '/v2/usage', { key: svc.keys.pro_key })).status).toBe(200);
  });

  it('can leave a request without any response', async () => {
    await call(svc.proUrl, '/__faults__/arm', {
      method: 'POST',
      headers: { 'mock-server-session-no-response-count': '1' },
    });
    const ctrl = new AbortController();
    const pending = fetch(`${svc.proUrl}/v2/usage`, {
      headers: { authorization: `Service-Auth-Key ${svc.keys.pro_key}` },
      signal: ctrl.signal,
    });
    const outcome = await Promise.race([
      pending.then(() => 'answered').catch(() => 'aborted'),
      new Promise((r) => setTimeout(() => r('no response'), 300)),
    ]);
    ctrl.abort();
    expect(outcome).toBe('no response');
    expect((await call(svc.proUrl, '/v2/usage', { key: svc.keys.pro_key })).status).toBe(200);
  });

  it('cuts a response mid-body', async () => {
    await call(svc.proUrl, '/__faults__/arm', {
      method: 'POST',
      headers: { 'mock-server-session-cut-after-bytes': '10' },
    });
    await expect(call(svc.proUrl, '/v2/languages?type=target', { key: svc.keys.pro_key })).rejects.toThrow();
    expect((await call(svc.proUrl, '/v2/languages?type=target', { key: svc.keys.pro_key })).status).toBe(200);
  });

  it('tells the last request to a path apart from the last request of all', async () => {
    await call(svc.proUrl, '/v2/translate', { key: svc.keys.pro_key, json: { text: ['Hi'], target_lang: 'DE' } });
    await call(svc.proUrl, '/v2/usage', { key: svc.keys.pro_key });
    const last = (await call(svc.proUrl, '/__session__/last-request')).body as { path: string };
    expect(last.path).toBe('/v2/usage');
    const translate = (await call(svc.proUrl, '/__session__/last-request?path=%2Fv2%2Ftranslate')).body as {
      body: { text: string[] };
    };
    expect(translate.body.text).toEqual(['Hi']);
    expect((await call(svc.proUrl, '/__session__/last-request?path=%2Fv2%2Fglossaries')).status).toBe(404);
  });

  it('has no test hooks without --faults', async () => {
    const plain = await startService({ inMemory: true, engines: ['pseudo'] });
    try {
      expect((await call(plain.proUrl, '/__session__/last-request')).status).toBe(404);
      const r = await call(plain.proUrl, '/v2/usage', {
        key: plain.keys.pro_key,
        headers: { 'mock-server-session': 's', 'mock-server-session-429-count': '5' },
      });
      expect(r.status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

describe('rate limiting', () => {
  it('is off by default and answers 429 with Retry-After when configured', async () => {
    const svc = await startService({ inMemory: true, engines: ['pseudo'], rateLimit: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const r = await call(svc.proUrl, '/v2/usage', { key: svc.keys.pro_key });
        statuses.push(r.status);
        if (r.status === 429) {
          expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
          expect(r.body.message).toMatch(/wait/);
        }
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses).toContain(429);
    } finally {
      await svc.close();
    }
  });
});

describe('persistence', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'verso-svc-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('writes keys.json with mode 0600 and keeps state across a restart', async () => {
    const a = await startService({ dataDir: dir, engines: ['pseudo'] });
    const keys = JSON.parse(await readFile(join(dir, 'keys.json'), 'utf8'));
    expect(keys).toEqual(a.keys);
    expect((await stat(join(dir, 'keys.json'))).mode & 0o777).toBe(0o600);
    const g = await call(a.proUrl, '/v2/glossaries', {
      key: keys.pro_key,
      json: { name: 'kept', source_lang: 'en', target_lang: 'de', entries: 'a\tb', entries_format: 'tsv' },
    });
    await call(a.proUrl, '/v2/translate', {
      key: keys.pro_key,
      json: { text: ['12345'], source_lang: 'EN', target_lang: 'DE' },
    });
    await a.close();
    const b = await startService({ dataDir: dir, engines: ['pseudo'] });
    try {
      expect(b.keys).toEqual(keys);
      expect(
        (await call(b.proUrl, `/v2/glossaries/${g.body.glossary_id}`, { key: keys.pro_key })).body.name,
      ).toBe('kept');
      expect((await call(b.proUrl, '/v2/usage', { key: keys.pro_key })).body.character_count).toBe(5);
    } finally {
      await b.close();
    }
  });

  it('loses no acknowledged usage when killed with SIGKILL in the middle of writes', async () => {
    const killDir = await mkdtemp(join(tmpdir(), 'verso-kill-'));
    const first = await startCli(serveArgs(killDir, '--quiet'));
    const keys = JSON.parse(await readFile(join(killDir, 'keys.json'), 'utf8'));
    let acknowledged = 0;
    let running = true;
    const writers = Array.from({ length: 8 }, async () => {
      while (running) {
        try {
          const r = await call(first.pro, '/v2/translate', {
            key: keys.pro_key,
            json: { text: ['abc'], source_lang: 'EN', target_lang: 'DE' },
          });
          if (r.status === 200) acknowledged++;
        } catch {
          return; // the server died mid-request
        }
      }
    });
    await new Promise((r) => setTimeout(r, 700));
    first.child.kill('SIGKILL');
    running = false;
    await Promise.all(writers);
    expect(acknowledged).toBeGreaterThan(10);
    const second = await startCli(serveArgs(killDir, '--quiet'));
    try {
      const u = await call(second.pro, '/v2/usage', { key: keys.pro_key });
      expect(u.status).toBe(200);
      // Every acknowledged request was committed; at most the 8 in flight may have been committed unacknowledged.
      expect(u.body.character_count).toBeGreaterThanOrEqual(acknowledged * 3);
      expect(u.body.character_count).toBeLessThanOrEqual((acknowledged + 8) * 3);
    } finally {
      second.child.kill('SIGTERM');
      await rm(killDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('applies a limit set by the CLI from another process to the very next request', async () => {
    await withCliService(
      async (s, keys, dir) => {
        const t = () =>
          call(s.pro, '/v2/translate', {
            key: keys.pro_key,
            json: { text: ['abc'], source_lang: 'EN', target_lang: 'DE' },
          });
        expect((await t()).status).toBe(200);
        const cli = (...args: string[]) =>
          spawnSync(process.execPath, ['--import', 'tsx', 'service/cli.ts', ...args, '--data-dir', dir], {
            cwd: ROOT,
            encoding: 'utf8',
          });
        const accountId = JSON.parse(cli('account', 'list').stdout.trim().split('\n')[0]!).id;
        expect(cli('account', 'set', '--account', accountId, '--character-limit', '0').status).toBe(0);
        const blocked = await t();
        expect(blocked.status).toBe(456);
        expect(blocked.body.message).toMatch(/account's character limit is 0/);
      },
      ['--quiet'],
    );
  }, 60_000);

  it("creates an account as the README writes it: bare --admin and --detect-beta mean on, the next flag stays a flag", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'verso-cli-account-'));
    try {
      const cli = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'service/cli.ts', ...args, '--data-dir', dir], { cwd: ROOT, encoding: 'utf8' });
      const made = cli('account', 'create', '--name', 'Team', '--admin', '--detect-beta', '--character-limit', '500000');
      expect(made.stderr).toBe('');
      expect(made.status).toBe(0);
      expect(JSON.parse(made.stdout)).toMatchObject({ name: 'Team', adminEnabled: true, detectBeta: true, characterLimit: 500000 });
      const id = JSON.parse(made.stdout).id as string;
      const set = cli('account', 'set', '--account', id, '--admin', 'off', '--character-limit', 'none');
      expect(JSON.parse(set.stdout)).toMatchObject({ adminEnabled: false, detectBeta: true, characterLimit: null });
      // A bare flag at the very end means on too.
      expect(JSON.parse(cli('account', 'set', '--account', id, '--admin').stdout)).toMatchObject({ adminEnabled: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('logs one structured line per request with neither keys nor texts', async () => {
    await withCliService(async (s, keys) => {
      const secretText = 'Confidential merger plan for Zanzibar';
      await call(s.pro, '/v2/translate', {
        key: keys.pro_key,
        json: { text: [secretText], source_lang: 'EN', target_lang: 'DE' },
      });
      await call(s.pro, '/v2/usage', { key: 'wrong-key-value-123' });
      // Log lines are written asynchronously: wait until both requests were logged.
      const requestLines = () =>
        s
          .stderr()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l))
          .filter((l) => l.msg === 'request');
      await expect.poll(() => requestLines().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      const requests = requestLines();
      expect(requests.length).toBeGreaterThanOrEqual(2);
      expect(requests[0]).toMatchObject({ method: 'POST', route: '/v2/translate', status: 200 });
      expect(requests[0].trace_id).toMatch(/^[0-9a-f]{32}$/);
      const all = s.stderr();
      for (const secret of [keys.pro_key, keys.free_key, keys.admin_key, 'wrong-key-value-123', 'Zanzibar']) {
        expect(all).not.toContain(secret);
      }
    });
  }, 60_000);
});
