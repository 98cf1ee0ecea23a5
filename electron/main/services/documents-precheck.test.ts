/**
 * Defects of the file caught before upload (main-process code under vitest, real files): an Office package whose
 * parts are not well-formed XML, and markup whose bytes are not UTF-8 while it names no other charset. Both failed
 * on the service after the upload, seen on a tour, with an English reason behind Details and a Retry that could only
 * fail again.
 */
import JSZip from 'jszip';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkFile } from './documents-files.js';

const REAL = resolve(process.cwd(), '../shared/real-documents');
const haveReal = existsSync(join(REAL, 'MANIFEST.tsv'));
const MAX = 100 * 1024 * 1024;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-precheck-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function docx(documentXml: string): Promise<string> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  zip.file('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>');
  zip.file('word/document.xml', documentXml);
  const p = join(dir, 'a.docx');
  await writeFile(p, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
  return p;
}

describe('pre-check of file defects', () => {
  it('refuses an Office file with a part that is not well-formed XML, and passes a whole one', async () => {
    const bad = await checkFile(await docx('<w:document xmlns:w="x"><w:body><w:p>text</w:body></w:document>'), { maxBytes: MAX });
    expect(bad).toMatchObject({ ok: false, problem: 'damaged' });
    const good = await checkFile(await docx('<w:document xmlns:w="x"><w:body><w:p>text</w:p></w:body></w:document>'), { maxBytes: MAX });
    expect(good.ok).toBe(true);
  });

  it('refuses an HTML file whose bytes are not UTF-8 and that names no other charset', async () => {
    const p = join(dir, 'page.html');
    await writeFile(p, Buffer.concat([Buffer.from('<html><body><p>Caf'), Buffer.from([0xe9]), Buffer.from(' au lait</p></body></html>')]));
    expect(await checkFile(p, { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'not_utf8' });
  });

  it('leaves alone an HTML file that names its charset, and a UTF-8 one', async () => {
    const declared = join(dir, 'declared.html');
    await writeFile(
      declared,
      Buffer.concat([Buffer.from('<html><head><meta charset="windows-1252"></head><body><p>Caf'), Buffer.from([0xe9]), Buffer.from('</p></body></html>')]),
    );
    expect((await checkFile(declared, { maxBytes: MAX })).ok).toBe(true);
    const utf8 = join(dir, 'utf8.html');
    await writeFile(utf8, '<html><body><p>Café au lait, ñandú</p></body></html>');
    expect((await checkFile(utf8, { maxBytes: MAX })).ok).toBe(true);
  });

  it.skipIf(!haveReal)('catches the two corpus files seen failing on the service', async () => {
    expect(await checkFile(join(REAL, 'exceljs__invalid-xml.xlsx'), { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'damaged' });
    expect(await checkFile(join(REAL, 'Unstructured-IO__fake-html-cp1252.html'), { maxBytes: MAX })).toMatchObject({ ok: false, problem: 'not_utf8' });
    expect((await checkFile(join(REAL, 'Unstructured-IO__handbook-872p.docx'), { maxBytes: MAX })).ok).toBe(true);
  });
});
