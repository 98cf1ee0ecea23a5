/**
 * Legacy Word (doc) handler. No program here writes real .doc files, so the test builds a minimal Word 97
 * binary document itself: an OLE2 container (written with the `cfb` package) holding a `WordDocument`
 * stream with a File Information Block and the text, and a `0Table` stream with a one-piece piece table.
 * That is exactly what word-extractor reads to find the text. The result is checked as a docx.
 */
import { readFile, writeFile } from 'node:fs/promises';
import CFB from 'cfb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentFormatError } from '../types.js';
import { docHandler } from './doc.js';
import { docxHandler } from './docx.js';
import { engineContext, expectKept, PROTECTED_TEXT } from '../lib/round-trip-kit.js';
import { openZip, parseXml, pseudoContext, unitTexts, withTempDir, zipText } from './test-helpers.js';

let tmp: Awaited<ReturnType<typeof withTempDir>>;
beforeEach(async () => {
  tmp = await withTempDir();
});
afterEach(async () => {
  await tmp.cleanup();
});

/** A minimal Word 97 document whose main text is `text` (paragraphs end with `\r`, as in Word). */
function minimalDoc(text: string): Buffer {
  const TEXT_AT = 0x800;
  const word = Buffer.alloc(Math.max(4096, TEXT_AT + text.length * 2 + 512));
  word.writeUInt16LE(0xa5ec, 0x0); // wIdent: Word 97 and later
  word.writeUInt16LE(0x00c1, 0x2); // nFib
  word.writeUInt16LE(0x0000, 0xa); // flags: fWhichTblStm = 0 → the table stream is "0Table"
  word.writeUInt32LE(TEXT_AT, 0x18); // fcMin
  word.writeUInt32LE(text.length, 0x4c); // ccpText
  word.writeUInt32LE(0, 0x1a2); // fcClx: the piece table starts the table stream
  word.write(text, TEXT_AT, 'utf16le');
  // Clx = Pcdt: 0x02, lcb, then CP[0..n] and one PCD (2 bytes flags, 4 bytes fc, 2 bytes prm).
  const table = Buffer.alloc(4096);
  table.writeUInt8(0x02, 0);
  table.writeUInt32LE(2 * 4 + 8, 1);
  table.writeUInt32LE(0, 5);
  table.writeUInt32LE(text.length, 9);
  table.writeUInt16LE(0, 13);
  table.writeUInt32LE(TEXT_AT, 15); // bit 30 clear: UTF-16 text at this offset
  table.writeUInt16LE(0, 19);
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, 'WordDocument', word);
  CFB.utils.cfb_add(cfb, '0Table', table);
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}

describe('doc handler', () => {
  it('reads a Word 97 document and writes a translated docx with the same paragraphs', async () => {
    const data = minimalDoc('The first paragraph.\rA second one, with more words.\rThird.\r');
    expect(docHandler.sniff(data.subarray(0, 512), 'doc')).toBe(true);
    const inPath = tmp.path('old.doc');
    const outPath = tmp.path('old.docx');
    await writeFile(inPath, data);
    const sent: string[] = [];
    const result = await docHandler.translate(inPath, outPath, 'doc', pseudoContext(sent));
    expect(result.outputExtension).toBe('docx');
    expect(sent).toEqual(['The first paragraph.', 'A second one, with more words.', 'Third.']);
    expect(result.characters).toBe(sent.join('').length);
    expect(await docHandler.countCharacters(inPath, 'doc')).toBe(result.characters);

    const out = await readFile(outPath);
    expect(docxHandler.sniff(out.subarray(0, 4096), 'docx')).toBe(true);
    const doc = parseXml(await zipText(await openZip(out), 'word/document.xml'));
    expect(unitTexts(doc, 'w:p', 'w:t')).toEqual(['[THE FIRST PARAGRAPH.]', '[A SECOND ONE, WITH MORE WORDS.]', '[THIRD.]']);
  });

  it('refuses a docx named .doc and an OLE2 file that is not a Word document', async () => {
    const zipPath = tmp.path('new.doc');
    await writeFile(zipPath, Buffer.from('PK\u0003\u0004 not really'));
    expect(docHandler.sniff(await readFile(zipPath), 'doc')).toBe(false);
    await expect(docHandler.translate(zipPath, tmp.path('o1.docx'), 'doc', pseudoContext())).rejects.toThrow(/name it \.docx/);

    const cfb = CFB.utils.cfb_new();
    CFB.utils.cfb_add(cfb, 'Workbook', Buffer.alloc(4096, 1));
    const olePath = tmp.path('sheet.doc');
    await writeFile(olePath, Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array));
    const run = docHandler.translate(olePath, tmp.path('o2.docx'), 'doc', pseudoContext());
    await expect(run).rejects.toBeInstanceOf(DocumentFormatError);
    await expect(run).rejects.toThrow(/could not be read as a Word 97-2003 document/);
  });
});

describe('doc round trip: placeholders (issue 22)', () => {
  // Word 97 hyperlinks are fields, which word-extractor gives as their display text only: links cannot be kept
  // and are not tested here (the docx written back has none).
  it('keeps placeholders, addresses, paths and identifiers byte for byte through the pseudo engine', async () => {
    const inPath = tmp.path('old.doc');
    const outPath = tmp.path('old.docx');
    await writeFile(inPath, minimalDoc(`${PROTECTED_TEXT}\r`));
    await docHandler.translate(inPath, outPath, 'doc', engineContext('pseudo'));
    const [text] = unitTexts(parseXml(await zipText(await openZip(await readFile(outPath)), 'word/document.xml')), 'w:p', 'w:t');
    expectKept(text!);
    expect(text).not.toContain('Delete');
  });
});
