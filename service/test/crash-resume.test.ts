/**
 * Fault test: the local service (started as a program, as the app starts it) is killed with SIGKILL while
 * documents are in flight (queued, translating, done but not downloaded). It is started again on the same data
 * dir; every client that keeps polling with its document key sees its document end `done` and downloads it intact,
 * usage equals what the documents billed, and no encrypted file is left once everything is downloaded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pseudoUnit } from '../engines/pseudo.js';
import { result, status, upload, waitUntilFinished, type Handle } from '../documents/test-support.js';
import { call } from './http.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const children: ChildProcess[] = [];

function serve(dir: string, ...extra: string[]): Promise<{ child: ChildProcess; pro: string }> {
  const args = ['--data-dir', dir, '--port', '0', '--free-port', '0', '--engines', 'pseudo', '--quiet', '--faults', ...extra];
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/cli.ts', 'serve', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /\[verso-service\] ready pro=(\S+)/.exec(out);
      if (m) resolve({ child, pro: m[1]! });
    });
    child.on('exit', (code) => reject(new Error(`service exited ${code}: ${err}`)));
  });
}

const exited = (child: ChildProcess) => new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

describe('kill -9 with documents in flight', () => {
  it('resumes every acknowledged document when its client polls again, and leaves no file behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'verso-crash-'));
    try {
      // Four workers: the three documents held in translating take three of them.
      const first = await serve(dir, '--doc-concurrency', '4');
      const keys = readFileSync(join(dir, 'keys.json'), 'utf8');
      const key = (JSON.parse(keys) as { pro_key: string }).pro_key;
      const docs: { h: Handle; text: string }[] = [];
      const session = (n: number, hold: 'queued' | 'translating' | 'none') => ({
        'mock-server-session': `crash-${n}`,
        'mock-server-session-doc-queue-time': hold === 'queued' ? '60000' : '0',
        'mock-server-session-doc-translate-time': hold === 'translating' ? '60000' : '0',
      });
      // Eight documents in flight at the kill: three held in queued for a minute, three held in translating, and
      // two finished and not downloaded.
      const holds = ['none', 'none', 'translating', 'translating', 'translating', 'queued', 'queued', 'queued'] as const;
      for (const [i, hold] of holds.entries()) {
        // The finished ones first, so the held ones cannot keep them from a worker.
        if (i === 2) for (const d of docs) expect((await waitUntilFinished(first.pro, key, d.h)).body.status).toBe('done');
        const text = `Document number ${i}.\n\nIt has a second paragraph with ${i * 7} apples.\n`;
        const up = await upload(first.pro, key, { name: `d${i}.txt`, content: text, source: 'EN', headers: session(i, hold) });
        expect(up.status).toBe(200);
        docs.push({ h: up.body as Handle, text });
      }
      for (const d of docs.slice(2, 5)) {
        await expect.poll(async () => (await status(first.pro, key, d.h)).body.status, { timeout: 30_000 }).toBe('translating');
      }
      for (const d of docs.slice(5)) expect((await status(first.pro, key, d.h)).body.status).toBe('queued');
      const billedBefore = (await call(first.pro, '/v2/usage', { key })).body.character_count as number;
      expect(billedBefore).toBeGreaterThan(0);

      first.child.kill('SIGKILL');
      await exited(first.child);

      const second = await serve(dir);
      for (const d of docs) {
        const st = await waitUntilFinished(second.pro, key, d.h, 60_000);
        expect(st.body.status, `document ${d.h.document_id}`).toBe('done');
        const r = await result(second.pro, key, d.h);
        expect(r.status).toBe(200);
        const want = d.text.split('\n\n').map((p) => pseudoUnit(p.replace(/\n$/, ''), 'DE')).join('\n\n');
        expect(r.bytes.toString('utf8').trim()).toBe(want.trim());
        // Downloaded once: the document is gone.
        expect((await status(second.pro, key, d.h)).status).toBe(404);
      }
      // Nothing was charged twice and nothing was refunded: the resumed documents keep their upload's charge.
      expect((await call(second.pro, '/v2/usage', { key })).body.character_count).toBe(billedBefore);
      await expect.poll(async () => (await readdir(join(dir, 'documents'))).filter((n) => n !== 'work')).toEqual([]);
      second.child.kill('SIGTERM');
      await exited(second.child);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
