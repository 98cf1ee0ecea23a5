/**
 * Documents without surprises (issue 20; main-process code under vitest, real files): a password-protected
 * .docx/.xlsx/.pptx is named as such before anything is sent (the OLE container holding `EncryptedPackage`), while
 * an old Word file renamed .docx still reads as one; a zip package cut off part-way (no end-of-central-directory
 * record, or one pointing past the end) is named as incomplete and never uploaded; jobs on the local engine say nothing is billed (no count, no
 * minimum, none in the summary) while a hosted connection's jobs show what the service reported.
 */
import CFB from 'cfb';
import JSZip from 'jszip';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentsService } from './documents.js';
import { documentsDeps } from './documents-main-test-kit.js';
import { checkFile, oleStreamNames, zipIsComplete } from './documents-files.js';
import type { JobRecord } from './documents-store.js';
import { FILE_PROBLEMS } from '../../../shared/ipc/contract-documents.js';

// The real-documents corpus sits beside the repository where it is available (as for service/test/corpus.test.ts).
const REAL = resolve(process.cwd(), '../shared/real-documents');
const haveReal = existsSync(join(REAL, 'MANIFEST.tsv'));
if (!haveReal) console.log(`real protected files skipped: ${REAL} is absent (the real documents are not part of the repository)`);
const MAX = 100 * 1024 * 1024;

let dir: string;
let services: DocumentsService[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-doctrust-'));
});
afterEach(async () => {
  for (const s of services) s.close();
  services = [];
  await rm(dir, { recursive: true, force: true });
});

/**
 * A documents service on the local engine whose service client is never handed out (any upload would have to ask for
 * one: `clients` counts the asks); `localIds` are the connections main knows as local engines.
 */
function makeService(localIds: string[] = []): { s: DocumentsService; clients: () => number } {
  let clients = 0;
  const s = new DocumentsService(
    documentsDeps(dir, {
      clientFor: () => {
        clients++;
        return Promise.reject(new Error('no service in this test'));
      },
      localConnectionIds: () => new Set(localIds),
    }),
  );
  services.push(s);
  return { s, clients: () => clients };
}

describe('password-protected Office files are named before upload', () => {
  it('an encrypted package in an OLE container, whatever its Office extension', async () => {
    const cfb = CFB.utils.cfb_new();
    CFB.utils.cfb_add(cfb, 'EncryptionInfo', Buffer.alloc(200, 1));
    CFB.utils.cfb_add(cfb, 'EncryptedPackage', Buffer.alloc(9000, 2));
    const bytes = CFB.write(cfb, { type: 'buffer' }) as Buffer;
    for (const ext of ['docx', 'xlsx', 'pptx']) {
      const p = join(dir, `locked.${ext}`);
      await writeFile(p, bytes);
      expect(await checkFile(p, { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'password_protected' });
    }
  });

  for (const name of [
    'apache__bug53475-password-is-pass.docx',
    'apache__testWORD_protected_passtika.docx',
    'apache__testEXCEL_protected_passtika.xlsx',
    'apache__testPPT_protected_passtika.pptx',
  ]) {
    it.skipIf(!haveReal)(name, async () => {
      const c = await checkFile(join(REAL, name), { maxBytes: MAX });
      expect(c).toMatchObject({ ok: false, problem: 'password_protected' });
      expect(await oleStreamNames(join(REAL, name))).toEqual(expect.arrayContaining(['EncryptionInfo', 'EncryptedPackage']));
    });
  }

  it.skipIf(!haveReal)('an old Word file renamed .docx is still "an old Office file", and a real .docx passes', async () => {
    const renamed = join(dir, 'old.docx');
    await copyFile(join(REAL, 'apache__Word95.doc'), renamed);
    expect(await checkFile(renamed, { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'content_mismatch', looksLike: 'ole' });
    expect(await checkFile(join(REAL, 'plutext__sample-docx.docx'), { maxBytes: MAX })).toMatchObject({ ok: true });
  });

  it('a truncated OLE header is not taken for a protected file', async () => {
    const p = join(dir, 'cut.docx');
    await writeFile(p, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]));
    expect(await checkFile(p, { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'content_mismatch' });
  });
});

describe('a zip package cut off part-way is named as incomplete before upload', () => {
  /** A small .docx-shaped package (stored, so its size is known) without the real corpus. */
  async function madeDocx(): Promise<Buffer> {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
    zip.file('word/document.xml', `<w:document><w:body>${'<w:p><w:r><w:t>Hello</w:t></w:r></w:p>'.repeat(500)}</w:body></w:document>`);
    return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
  }

  /** That package on disk whole (whole.docx) and cut to its first 60% (cut.docx): their paths. */
  async function wholeAndCut(): Promise<{ intact: string; cut: string }> {
    const whole = await madeDocx();
    const intact = join(dir, 'whole.docx');
    const cut = join(dir, 'cut.docx');
    await writeFile(intact, whole);
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    return { intact, cut };
  }

  it('the first 60% of a .docx (its central directory lost) is incomplete, an intact one passes', async () => {
    const { intact, cut } = await wholeAndCut();
    expect(await checkFile(intact, { maxBytes: MAX })).toMatchObject({ ok: true });
    expect(await checkFile(cut, { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'incomplete', looksLike: 'zip' });
  });

  it('an end record pointing past the end of the file is incomplete too', async () => {
    const whole = await madeDocx();
    const eocd = whole.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const moved = Buffer.from(whole);
    moved.writeUInt32LE(whole.length + 1000, eocd + 16);
    const p = join(dir, 'moved.docx');
    await writeFile(p, moved);
    expect(await zipIsComplete(p)).toBe(false);
    expect(await checkFile(p, { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'incomplete' });
  });

  it('a .txt renamed .docx is still "looks like plain text", not incomplete', async () => {
    const p = join(dir, 'notes.docx');
    await writeFile(p, 'Meeting notes, not a Word file at all.\n');
    expect(await checkFile(p, { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'content_mismatch', looksLike: 'text' });
  });

  it('nothing is uploaded for an incomplete file; without it the rest of the batch goes', async () => {
    const { intact, cut } = await wholeAndCut();
    const { s, clients } = makeService();
    const r = await s.inspect([intact, cut]);
    expect(r.files.map((f) => [f.name, f.ok, f.problem])).toEqual([
      ['whole.docx', true, undefined],
      ['cut.docx', false, 'incomplete'],
    ]);
    // Main checks again at enqueue: the batch with the cut file in it is refused whole, before any job or client.
    await expect(s.enqueue([intact, cut], { targetLangs: ['DE'] })).rejects.toThrow(/cut\.docx: incomplete/);
    expect((await s.list()).jobs).toEqual([]);
    expect(clients()).toBe(0);
    // The row removed (the renderer sends only the files that passed), the intact one is queued.
    const l = await s.enqueue([intact], { targetLangs: ['DE'] });
    expect(l.jobs.map((j) => j.fileName)).toEqual(['whole.docx']);
  });

  it.skipIf(!haveReal)('a real .docx cut to 60%, and the corpus\'s truncated and damaged packages', async () => {
    const real = join(REAL, 'plutext__sample-docx.docx');
    const cut = join(dir, 'sample-cut.docx');
    const bytes = await readFile(real);
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    expect(await checkFile(real, { maxBytes: MAX })).toMatchObject({ ok: true });
    expect(await checkFile(cut, { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'incomplete', looksLike: 'zip' });
    for (const name of ['apache__truncated62886.docx', 'apache__Divino_Revelado.pptx']) {
      expect(await checkFile(join(REAL, name), { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'incomplete' });
    }
    // A password-protected one keeps its own outcome (it is no zip at all, but its message says what to do).
    expect(await checkFile(join(REAL, 'apache__testWORD_protected_passtika.docx'), { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'password_protected' });
    const renamed = join(dir, 'was-text.docx');
    await copyFile(join(REAL, 'Unstructured-IO__UDHR_first_article_all.txt'), renamed);
    expect(await checkFile(renamed, { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'content_mismatch', looksLike: 'text' });
  });
});

describe('what is billed', () => {

  async function writeJob(jobId: string, connectionId: string, billedCharacters: number): Promise<void> {
    const now = new Date().toISOString();
    const r: JobRecord = {
      v: 1,
      jobId,
      batchId: 'b1',
      connectionId,
      sourcePath: join(dir, 'report.docx'),
      fileName: 'report.docx',
      sizeBytes: 5,
      mtimeMs: 0,
      sourceLang: 'EN',
      targetLang: 'DE',
      params: {},
      outputDir: join(dir, 'out'),
      state: 'saved',
      uploads: 1,
      estimatedCharacters: 50_000,
      billedCharacters,
      createdAt: now,
      updatedAt: now,
      stateSince: Date.now(),
    };
    await mkdir(join(dir, 'user', 'documents', 'jobs'), { recursive: true });
    await writeFile(join(dir, 'user', 'documents', 'jobs', `${jobId}.json`), JSON.stringify(r));
  }

  it('a job on the local engine carries no billed count and is left out of the total; a hosted one shows the service figure', async () => {
    await writeJob('j-local', 'c-local', 50_000);
    await writeJob('j-hosted', 'c-hosted', 51_234);
    const { s } = makeService(['c-local']);
    const l = await s.list();
    const local = l.jobs.find((j) => j.jobId === 'j-local')!;
    const hosted = l.jobs.find((j) => j.jobId === 'j-hosted')!;
    expect(local.local).toBe(true);
    expect(local.billedCharacters).toBeUndefined();
    expect(hosted.local).toBeUndefined();
    expect(hosted.billedCharacters).toBe(51_234);
    expect(l.summary.billedCharacters).toBe(51_234);
  });
});

describe('a file with nothing to translate is named before upload', () => {
  it('blank lines only (.txt), markup and blank text only (.html): "no text"; a line of words passes', async () => {
    const blank = join(dir, 'blank.txt');
    await writeFile(blank, '\ufeff  \n\t\n \u00a0\r\n');
    expect(await checkFile(blank, { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'no_text' });
    const tags = join(dir, 'tags.html');
    await writeFile(tags, '<html><body>\n  <p> </p>\n</body></html>\n');
    expect(await checkFile(tags, { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'no_text' });
    const words = join(dir, 'words.txt');
    await writeFile(words, '\n\n  Hello.\n');
    expect(await checkFile(words, { maxBytes: MAX })).toMatchObject({ ok: true, exact: true, estimatedCharacters: 11 });
  });

  it('every problem main can name has its words in the UI catalog', async () => {
    const en = JSON.parse(await readFile(resolve(process.cwd(), 'shared/i18n/en/documents.json'), 'utf8')) as Record<string, string>;
    expect(FILE_PROBLEMS.filter((p) => !en[`documents.problem.${p}`])).toEqual([]);
  });

  it.skipIf(!haveReal)('the corpus file of white space only is one (seen on a tour "translated" as a blank copy)', async () => {
    const c = await checkFile(join(REAL, 'Unstructured-IO__fake-text-all-whitespace.txt'), { maxBytes: MAX });
    expect(c).toMatchObject({ ok: false, problem: 'no_text' });
  });
});
