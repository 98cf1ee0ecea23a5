/**
 * Errors the local service names with a machine-readable `code` (main, documents-queue.ts): equal languages and
 * defects of the file are told apart from other failures (the row words them in the UI language and offers no Retry
 * that must fail), a hosted service's bare message keeps today's handling, and a job that failed for equal languages
 * is sent again with the other target the row offers (seen on a tour: an English .docx to English (US) offered only
 * Retry, with the same target).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentsService } from './documents.js';
import { documentsDeps } from './documents-main-test-kit.js';
import { serviceFailure } from './documents-queue.js';
import type { JobRecord } from './documents-store.js';

let dir: string;
let services: DocumentsService[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-docsame-'));
});
afterEach(async () => {
  for (const s of services) s.close();
  services = [];
  await rm(dir, { recursive: true, force: true });
});

describe('service error codes', () => {
  it('maps the local service codes, and keeps the words', () => {
    const same = 'Source and target language are equal (EN detected, target EN-US); choose another target language and upload the document again.';
    expect(serviceFailure(same, true, 'same_language')).toEqual({ code: 'same_language', detail: same });
    expect(serviceFailure('xl/worksheets/sheet1.xml is damaged', false, 'file_damaged').code).toBe('file_damaged');
    expect(serviceFailure('The HTML file is not UTF-8', false, 'file_encoding').code).toBe('file_encoding');
  });
  it('without a code (a hosted service), or with one it does not know, the message is handled as before', () => {
    expect(serviceFailure('Something odd.', true).code).toBe('translation_failed');
    expect(serviceFailure('Something odd.', true, 'whatever').code).toBe('translation_failed');
  });
});

describe('retry with another target', () => {
  it('changes the target of a job that failed for equal languages and sends it again', async () => {
    const src = join(dir, 'report.docx');
    await writeFile(src, 'x');
    const now = new Date().toISOString();
    const r: JobRecord = {
      v: 1,
      jobId: 'j1',
      batchId: 'b1',
      connectionId: 'c-local',
      sourcePath: src,
      fileName: 'report.docx',
      sizeBytes: 1,
      mtimeMs: 0,
      sourceLang: null,
      targetLang: 'EN-US',
      params: {},
      outputDir: join(dir, 'out'),
      state: 'error',
      error: { code: 'same_language', detail: 'Source and target language are equal' },
      documentId: 'D1',
      uploads: 1,
      estimatedCharacters: 5,
      createdAt: now,
      updatedAt: now,
      stateSince: Date.now(),
    };
    await mkdir(join(dir, 'user', 'documents', 'jobs'), { recursive: true });
    await writeFile(join(dir, 'user', 'documents', 'jobs', 'j1.json'), JSON.stringify(r));
    const s = new DocumentsService(documentsDeps(dir));
    services.push(s);
    const v = await s.retry('j1', undefined, 'es');
    expect(v.targetLang).toBe('ES');
    // Sent again (a new upload), not polled under the old document id.
    expect(v.uploaded).toBe(false);
    expect(v.error?.code).not.toBe('same_language');
  });
});
