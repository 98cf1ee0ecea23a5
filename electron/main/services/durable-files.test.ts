/**
 * Durable files tests (main process, vitest): writes to one key land in call order even when one fails, a
 * damaged or missing JSON file reads as the fallback, and an atomic write leaves the file and no temp file.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nodeFileSystem } from '../adapters/node-fs.js';
import { JsonFolder, WriteChains, writeFileAtomic } from './durable-files.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-durable-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('WriteChains', () => {
  it('runs the writes of one key in call order, and a failed one does not stop the next', async () => {
    const chains = new WriteChains();
    const done: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = chains.run('a', async () => {
      await gate;
      done.push('first');
    });
    const failing = chains.run('a', () => Promise.reject(new Error('disk full')));
    const third = chains.run('a', async () => {
      done.push('third');
    });
    const other = chains.run('b', async () => {
      done.push('other key');
    });
    await other;
    expect(done).toEqual(['other key']);
    release();
    await first;
    await expect(failing).rejects.toThrow('disk full');
    await third;
    await chains.allSettled();
    expect(done).toEqual(['other key', 'first', 'third']);
  });
});

describe('JsonFolder', () => {
  const Schema = z.object({ n: z.number() });

  it('reads back what it wrote, and reads a missing or damaged file as the fallback', async () => {
    const folder = new JsonFolder(nodeFileSystem, join(dir, 'sub'));
    expect(await folder.read('x.json', Schema, { n: 0 })).toEqual({ n: 0 });
    await folder.write('x.json', { n: 1 });
    await folder.write('x.json', { n: 2 });
    await folder.flush();
    expect(await folder.read('x.json', Schema, { n: 0 })).toEqual({ n: 2 });
    await writeFile(join(dir, 'sub', 'x.json'), '{"n": "two"');
    expect(await folder.read('x.json', Schema, { n: 0 })).toEqual({ n: 0 });
  });
});

describe('writeFileAtomic', () => {
  it('replaces the file whole and leaves no temp file behind', async () => {
    await writeFileAtomic(dir, 'r.json', '{"v":1}');
    await writeFileAtomic(dir, 'r.json', '{"v":2}');
    expect(await readFile(join(dir, 'r.json'), 'utf8')).toBe('{"v":2}');
    expect(await readdir(dir)).toEqual(['r.json']);
  });
});
