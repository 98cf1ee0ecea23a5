/**
 * DocumentsService tests that need no Translation Service (main-process code under vitest, real files in a temp
 * folder): Settings → Documents preferences (an output folder is created and checked before it is kept, a folder
 * Verso cannot write to is refused and the old one stays), and removing jobs from the list (a staged copy of the
 * web harness is deleted with the last job that uses it; a user's original file is never touched).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentsService } from './documents.js';
import { documentsDeps } from './documents-main-test-kit.js';
import type { JobRecord } from './documents-store.js';

let dir: string;
let services: DocumentsService[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-docsvc-'));
});
afterEach(async () => {
  for (const s of services) s.close();
  services = [];
  await rm(dir, { recursive: true, force: true });
});

function makeService(): DocumentsService {
  const s = new DocumentsService(
    documentsDeps(dir, { stagingDir: join(dir, 'user', 'staging'), defaultOutputDir: join(dir, 'user', 'Verso translations') }),
  );
  services.push(s);
  return s;
}

/** A finished job written where the queue keeps its records, as a previous run would have left it. */
async function writeJob(jobId: string, sourcePath: string, state: JobRecord['state'] = 'saved'): Promise<void> {
  const now = new Date().toISOString();
  const r: JobRecord = {
    v: 1,
    jobId,
    batchId: 'b1',
    connectionId: 'c-local',
    sourcePath,
    fileName: 'report.txt',
    sizeBytes: 5,
    mtimeMs: 0,
    sourceLang: null,
    targetLang: 'DE',
    params: {},
    outputDir: join(dir, 'out'),
    state,
    uploads: 1,
    estimatedCharacters: 5,
    createdAt: now,
    updatedAt: now,
    stateSince: Date.now(),
  };
  await mkdir(join(dir, 'user', 'documents', 'jobs'), { recursive: true });
  await writeFile(join(dir, 'user', 'documents', 'jobs', `${jobId}.json`), JSON.stringify(r));
}

async function stage(uploadId: string, name = 'report.txt'): Promise<string> {
  const folder = join(dir, 'user', 'staging', uploadId);
  await mkdir(folder, { recursive: true });
  const p = join(folder, name);
  await writeFile(p, 'hello');
  return p;
}

describe('documents preferences', () => {
  it('creates a new output folder before keeping it', async () => {
    const s = makeService();
    const target = join(dir, 'new', 'nested', 'Translations');
    const prefs = await s.setPrefs({ defaultOutputDir: target, concurrency: 3 });
    expect(prefs.defaultOutputDir).toBe(target);
    expect(prefs.concurrency).toBe(3);
    expect(existsSync(target)).toBe(true);
    // Kept across a restart (a new service on the same store).
    expect(makeService().prefs()).toMatchObject({ defaultOutputDir: target, concurrency: 3 });
  });

  it('refuses a folder it cannot create, and keeps the previous one', async () => {
    const s = makeService();
    const before = s.prefs().defaultOutputDir;
    // A regular file in the way: no folder can be made under it (holds even for root, unlike permissions).
    await writeFile(join(dir, 'a-file'), 'x');
    await expect(s.setPrefs({ defaultOutputDir: join(dir, 'a-file', 'out') })).rejects.toMatchObject({ code: 'bad_request' });
    expect(s.prefs().defaultOutputDir).toBe(before);
  });
});

describe('removing jobs from the list', () => {
  it('deletes a staged copy with the last job that uses it, and never a user original', async () => {
    const staged = await stage('u1');
    const otherStaged = await stage('u2', 'notes.txt');
    const original = join(dir, 'mine', 'report.txt');
    await mkdir(join(dir, 'mine'), { recursive: true });
    await writeFile(original, 'hello');
    // Two targets of one staged upload, one job of another staged upload, one job of the user's own file.
    await writeJob('j-de', staged);
    await writeJob('j-fr', staged, 'error');
    await writeJob('j-other', otherStaged, 'cancelled');
    await writeJob('j-mine', original);
    const s = makeService();
    await s.start();

    await s.remove(['j-de']);
    expect(existsSync(staged)).toBe(true); // j-fr still needs it for a retry.

    const list = await s.remove(['j-fr', 'j-mine']);
    expect(list.jobs.map((j) => j.jobId)).toEqual(['j-other']);
    expect(existsSync(staged)).toBe(false);
    expect(existsSync(join(dir, 'user', 'staging', 'u1'))).toBe(false);
    expect(existsSync(original)).toBe(true);
    expect(existsSync(otherStaged)).toBe(true);
  });

  it('leaves a file outside the staging folder alone even when its path passes through it', async () => {
    const outside = join(dir, 'user', 'report.txt');
    await mkdir(join(dir, 'user'), { recursive: true });
    await writeFile(outside, 'hello');
    await writeJob('j1', join(dir, 'user', 'staging', '..', 'report.txt'));
    const s = makeService();
    await s.start();
    await s.remove(['j1']);
    expect(existsSync(outside)).toBe(true);
  });
});
