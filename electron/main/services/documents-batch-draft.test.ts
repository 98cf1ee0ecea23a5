/**
 * The Documents screen's prepared batch, kept by main across a reload or restart (main-process code under vitest, real
 * files in a temp folder): its paths and options are written to the settings store, given back with every file
 * checked again as an added file is (a file deleted or changed since shows its problem, none is dropped), cleared when
 * the batch is sent; over IPC a draft that does not fit the contract is refused and the kept one stays.
 */
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentBatchDraft } from '../../../shared/ipc/contract-documents.js';
import { createTestApp, type TestApp } from '../test-support.js';
import { DocumentsService } from './documents.js';
import { documentsDeps } from './documents-main-test-kit.js';

let dir: string;
let services: DocumentsService[] = [];
let app: TestApp | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-docdraft-'));
});
afterEach(async () => {
  for (const s of services) s.close();
  services = [];
  await app?.close();
  app = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** A documents service on `dir` (a second one on the same folder stands for Verso after a restart). */
function makeService(): DocumentsService {
  const s = new DocumentsService(documentsDeps(dir));
  services.push(s);
  return s;
}

const draftOf = (paths: string[]): DocumentBatchDraft => ({
  paths,
  skipped: 1,
  targetLangs: ['DE', 'FR'],
  sourceLang: 'EN',
  formality: 'more',
  glossaryIds: ['g-1'],
  styleId: 'style-1',
  tmId: 'tm-1',
  tmThreshold: 80,
  pdfToDocx: true,
  outputDir: '/home/u/out',
  targetsFromLast: [],
});

describe('the prepared batch across a restart', () => {
  it('comes back with its options and every file checked again; a deleted file is listed with its problem', async () => {
    const notes = join(dir, 'notes.txt');
    const report = join(dir, 'report.txt');
    await writeFile(notes, 'hello world!');
    await writeFile(report, 'quarterly report');
    makeService().batchDraft.save(draftOf([notes, report]));

    // Between the two runs: one file deleted, the other edited.
    await rm(report);
    await writeFile(notes, 'hello world, again!');
    const back = await makeService().batchDraft.restore();
    const { paths: _paths, ...options } = draftOf([]);
    expect(back).toMatchObject(options);
    expect(back?.files).toEqual([
      expect.objectContaining({ path: notes, name: 'notes.txt', ok: true, sizeBytes: 19, estimatedCharacters: 19 }),
      expect.objectContaining({ path: report, name: 'report.txt', ok: false, problem: 'unreadable' }),
    ]);
  });

  it('is gone once the batch is sent, or cleared', async () => {
    const notes = join(dir, 'notes.txt');
    await writeFile(notes, 'hello world!');
    const s = makeService();
    s.batchDraft.save(draftOf([notes]));
    await s.enqueue([notes], { targetLangs: ['DE'] });
    expect(await makeService().batchDraft.restore()).toBeNull();

    s.batchDraft.save(draftOf([notes]));
    expect(await makeService().batchDraft.restore()).not.toBeNull();
    s.batchDraft.save(null);
    expect(await makeService().batchDraft.restore()).toBeNull();
  });

  it('ignores a kept value that no longer fits (hand-edited, older version)', async () => {
    await writeFile(join(dir, 'prefs.json'), JSON.stringify({ documentsBatchDraft: { paths: 'not a list' } }));
    expect(await makeService().batchDraft.restore()).toBeNull();
  });
});

describe('over IPC', () => {
  it('keeps the draft in settings.json, without secrets, and refuses one that does not fit the contract', async () => {
    app = await createTestApp();
    const notes = join(app.dir, 'notes.txt');
    await writeFile(notes, 'hello world!');
    expect(await app.call('documents.batchDraft')).toEqual({ ok: true, data: null });
    expect(await app.call('documents.saveBatchDraft', { draft: draftOf([notes]) })).toEqual({ ok: true, data: { kept: true } });
    const file = JSON.parse(await readFile(join(app.dir, 'settings.json'), 'utf8')) as { documentsBatchDraft: unknown };
    expect(file.documentsBatchDraft).toEqual(draftOf([notes]));

    const bad = await app.call('documents.saveBatchDraft', { draft: { ...draftOf([notes]), tmThreshold: 400, key: 'secret' } as never });
    expect(bad.ok).toBe(false);
    const back = await app.call('documents.batchDraft');
    expect(back.ok && back.data?.files.map((f) => [f.name, f.ok])).toEqual([['notes.txt', true]]);
    expect(back.ok && back.data?.tmThreshold).toBe(80);
  });
});
