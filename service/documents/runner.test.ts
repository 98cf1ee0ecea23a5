/**
 * The document worker pool (service process): a task that overruns its time limit is ended and reported with
 * a message, and the pool keeps serving afterwards; engine failures and bad files become task errors.
 */
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskError, WorkerPool } from './runner.js';

let dir: string;
let pool: WorkerPool;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-doc-runner-'));
  pool = new WorkerPool({ size: 1, maxHeapMb: 256 });
});
afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

describe('document worker pool', () => {
  it('translates a txt document in a worker, asking the main thread for each batch', async () => {
    const input = join(dir, 'a.txt');
    await writeFile(input, 'One.\n\nTwo.\n');
    const asked: string[] = [];
    const r = await pool.run(
      { op: 'translate', ext: 'txt', input, output: join(dir, 'a.out'), targetLang: 'DE' },
      {
        timeoutMs: 120_000,
        onTranslate: async (units) => {
          asked.push(...units);
          return units.map((u) => u.toUpperCase());
        },
      },
    );
    expect(asked).toEqual(['One.', 'Two.']);
    expect(r.characters).toBe(8);
  }, 130_000);

  it('collects a text sample, body text before labels, without asking the main thread, and leaves no output', async () => {
    const input = join(dir, 'sample.txt');
    const labels = Array.from({ length: 60 }, (_, i) => `Label ${i}`);
    const body = Array.from({ length: 100 }, (_, i) => `Paragraph ${i} tells the reader at some length what this document is about.`);
    await writeFile(input, [...labels, ...body].join('\n\n'));
    const output = join(dir, 'sample.out');
    const r = await pool.run(
      { op: 'sample', ext: 'txt', input, output, targetLang: 'DE' },
      { timeoutMs: 120_000, onTranslate: () => Promise.reject(new Error('a sample translates nothing')) },
    );
    // 2000 characters of body text fill the sample: the run ended there, and no label made it in.
    expect(r.sample!.split('\n')[0]).toBe(body[0]);
    expect(r.sample!.length).toBe(2000);
    expect(r.sample).not.toContain('Label');
    expect(r.sample).not.toContain(body[40]);
    await expect(access(output)).rejects.toThrow();
  }, 130_000);

  it('ends a task that overruns its time limit, then serves the next task', async () => {
    const input = join(dir, 'b.txt');
    await writeFile(input, 'Never answered.');
    const hung = pool.run(
      { op: 'translate', ext: 'txt', input, output: join(dir, 'b.out'), targetLang: 'DE' },
      // The engine never answers: only the time limit can end this task.
      { timeoutMs: 1_000, onTranslate: () => new Promise<string[]>(() => undefined) },
    );
    await expect(hung).rejects.toMatchObject({ kind: 'timeout' });
    await expect(hung).rejects.toThrow(/took longer than/);
    const next = await pool.run({ op: 'count', ext: 'txt', input, targetLang: 'DE' }, { timeoutMs: 120_000 });
    expect(next.characters).toBe('Never answered.'.length);
  }, 130_000);

  it('reports an engine failure and a bad file as task errors with messages', async () => {
    const input = join(dir, 'c.txt');
    await writeFile(input, 'Engine down.');
    const failed = pool.run(
      { op: 'translate', ext: 'txt', input, output: join(dir, 'c.out'), targetLang: 'DE' },
      { timeoutMs: 120_000, onTranslate: () => Promise.reject(new Error('engine is down')) },
    );
    await expect(failed).rejects.toBeInstanceOf(TaskError);
    await expect(failed).rejects.toThrow('engine is down');

    const zip = join(dir, 'broken.docx');
    await writeFile(zip, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100, 7)]));
    const bad = pool.run({ op: 'count', ext: 'docx', input: zip, targetLang: 'DE' }, { timeoutMs: 120_000 });
    await expect(bad).rejects.toMatchObject({ kind: 'format' });
    await expect(bad).rejects.not.toThrow(new RegExp(dir));
  }, 130_000);
});
