/**
 * Word (docx) handler: generated documents and hand-written edge cases translated with a pseudo translator,
 * then checked with an independent reader (jszip + happy-dom XML parser, yauzl for stored bytes).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { deflateRawSync } from 'node:zlib';
import {
  Document,
  ExternalHyperlink,
  Footer,
  FootnoteReferenceRun,
  Header,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stripMarkers } from '../../text/markers.js';
import { DocumentFormatError } from '../types.js';
import { docxHandler } from './docx.js';
import {
  EXCEL_MAIN,
  WORD_MAIN,
  buildZip,
  contentTypes,
  openZip,
  parseXml,
  pseudoContext,
  unitTexts,
  untouchedEntriesDiffer,
  untranslatedParts,
  withTempDir,
  zipText,
} from './test-helpers.js';

// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let tmp: Awaited<ReturnType<typeof withTempDir>>;
beforeEach(async () => {
  tmp = await withTempDir();
});
afterEach(async () => {
  await tmp.cleanup();
});

async function generatedDocx(): Promise<Buffer> {
  const doc = new Document({
    footnotes: { 1: { children: [new Paragraph('A footnote about cats.')] } },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('Quarterly report')] }) },
        footers: { default: new Footer({ children: [new Paragraph({ children: [new TextRun('Page '), new TextRun({ children: [PageNumber.CURRENT] })] })] }) },
        children: [
          new Paragraph({
            children: [
              new TextRun('Hello '),
              new TextRun({ text: 'bright world', bold: true }),
              new TextRun(' and '),
              new TextRun({ text: 'dear friends', italics: true }),
              new TextRun('.'),
              new FootnoteReferenceRun(1),
            ],
          }),
          new Paragraph({ children: [new ExternalHyperlink({ link: 'https://example.com', children: [new TextRun('Click here')] }), new TextRun(' to read more.')] }),
          new Paragraph({ children: [new ImageRun({ type: 'png', data: PNG, transformation: { width: 10, height: 10 } }), new TextRun(' A caption.')] }),
          new Table({
            rows: [
              new TableRow({ children: [new TableCell({ children: [new Paragraph('Apples')] }), new TableCell({ children: [new Paragraph('12')] })] }),
              new TableRow({ children: [new TableCell({ children: [new Paragraph('Pears')] }), new TableCell({ children: [new Paragraph('7')] })] }),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

const W_NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const MC_NS =
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"';

async function handwrittenDocx(body: string, extra: Record<string, string | Buffer> = {}): Promise<Buffer> {
  return buildZip({
    '[Content_Types].xml': contentTypes('word/document.xml', WORD_MAIN),
    '_rels/.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W_NS} ${MC_NS}><w:body>${body}</w:body></w:document>`,
    ...extra,
  });
}

async function translateBuffer(data: Buffer, sent: string[] = []): Promise<{ out: Buffer; characters: number; inPath: string; outPath: string }> {
  const inPath = tmp.path('in.docx');
  const outPath = tmp.path('out.docx');
  await writeFile(inPath, data);
  const result = await docxHandler.translate(inPath, outPath, 'docx', pseudoContext(sent));
  expect(result.outputExtension).toBe('docx');
  return { out: await readFile(outPath), characters: result.characters, inPath, outPath };
}

describe('docx handler on a generated document', () => {
  it('translates every paragraph of body, header, footer and footnotes and keeps bold and italic on the right words', async () => {
    const input = await generatedDocx();
    const sent: string[] = [];
    const { out, characters, inPath, outPath } = await translateBuffer(input, sent);

    const before = parseXml(await zipText(await openZip(input), 'word/document.xml'));
    const zip = await openZip(out);
    const doc = parseXml(await zipText(zip, 'word/document.xml'));
    expect(doc.getElementsByTagName('w:p').length).toBe(before.getElementsByTagName('w:p').length);

    const texts = unitTexts(doc, 'w:p', 'w:t').filter((t) => t.trim() !== '');
    expect(texts.length).toBeGreaterThanOrEqual(6);
    for (const t of texts) expect(untranslatedParts(t)).toEqual([]);
    expect(texts).toContain('[APPLES]');

    const runs = Array.from(doc.getElementsByTagName('w:r'));
    const runText = (r: Element): string => Array.from(r.getElementsByTagName('w:t')).map((t) => t.textContent).join('');
    const bold = runs.filter((r) => r.getElementsByTagName('w:b').length > 0).map(runText);
    const italic = runs.filter((r) => r.getElementsByTagName('w:i').length > 0).map(runText);
    expect(bold).toEqual(['[BRIGHT WORLD]']);
    expect(italic).toEqual(['[DEAR FRIENDS]']);

    const link = doc.getElementsByTagName('w:hyperlink')[0];
    expect(link?.textContent).toBe('[CLICK HERE]');
    expect(doc.getElementsByTagName('w:footnoteReference').length).toBe(1);
    expect(doc.getElementsByTagName('w:drawing').length).toBe(1);

    for (const part of ['word/header1.xml', 'word/footnotes.xml']) {
      const name = Object.keys(zip.files).find((n) => n.startsWith(part.replace(/1?\.xml$/, '')));
      const x = parseXml(await zipText(zip, name ?? part));
      const t = unitTexts(x, 'w:p', 'w:t').filter((s) => s.trim() !== '');
      expect(t.length).toBeGreaterThan(0);
      for (const s of t) expect(untranslatedParts(s)).toEqual([]);
    }
    const footerName = Object.keys(zip.files).find((n) => /^word\/footer\d*\.xml$/.test(n)) ?? '';
    const footer = parseXml(await zipText(zip, footerName));
    expect(footer.getElementsByTagName('w:instrText')[0]?.textContent?.trim()).toBe('PAGE');
    expect(unitTexts(footer, 'w:p', 'w:t').join('')).toContain('[PAGE ]');

    expect(await untouchedEntriesDiffer(inPath, outPath, (n) => /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/.test(n))).toEqual([]);

    const expected = sent.reduce((n, s) => n + [...stripMarkers(s)].length, 0);
    expect(characters).toBe(expected);
    expect(await docxHandler.countCharacters(inPath, 'docx')).toBe(characters);
  });
});

describe('docx handler on hand-written markup', () => {
  it('merges runs split by revision ids and proofing marks into one span', async () => {
    const body =
      '<w:p w:rsidR="00A1"><w:r><w:t xml:space="preserve">Say </w:t></w:r>' +
      '<w:r w:rsidR="00B2"><w:rPr><w:b/><w:lang w:val="en-US"/></w:rPr><w:t>Hel</w:t></w:r><w:proofErr w:type="spellStart"/>' +
      '<w:r w:rsidR="00C3" w:rsidRPr="00C3"><w:rPr><w:b/><w:noProof/></w:rPr><w:t>lo</w:t></w:r><w:proofErr w:type="spellEnd"/>' +
      '<w:r><w:t xml:space="preserve"> to everyone here</w:t></w:r></w:p>';
    const sent: string[] = [];
    const { out } = await translateBuffer(await handwrittenDocx(body), sent);
    expect(sent.map(stripMarkers)).toEqual(['Say Hello to everyone here']);
    expect(sent[0]).toContain('\uE000');
    const doc = parseXml(await zipText(await openZip(out), 'word/document.xml'));
    const bold = Array.from(doc.getElementsByTagName('w:r')).filter((r) => r.getElementsByTagName('w:b').length > 0);
    expect(bold.map((r) => r.textContent)).toEqual(['[HELLO]']);
    expect(doc.getElementsByTagName('w:proofErr').length).toBe(0);
  });

  it('keeps tabs, breaks, field codes, field results and deleted text out of the translation', async () => {
    const body =
      '<w:p><w:r><w:t>Name</w:t><w:tab/><w:t>Value</w:t><w:br/><w:t>Next line</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t xml:space="preserve">Printed on </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
      '<w:r><w:instrText xml:space="preserve"> DATE \\@ "d MMMM" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
      '<w:r><w:t>3 March</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>' +
      '<w:del w:id="1" w:author="A"><w:r><w:delText>old words</w:delText></w:r></w:del>' +
      '<w:ins w:id="2" w:author="A"><w:r><w:t xml:space="preserve"> in the morning</w:t></w:r></w:ins></w:p>';
    const sent: string[] = [];
    const { out } = await translateBuffer(await handwrittenDocx(body), sent);
    const plain = sent.map(stripMarkers);
    expect(plain).toEqual(['NameValueNext line', 'Printed on  in the morning']);
    const xml = await zipText(await openZip(out), 'word/document.xml');
    const doc = parseXml(xml);
    const [p1, p2] = Array.from(doc.getElementsByTagName('w:p'));
    expect(p1?.getElementsByTagName('w:tab').length).toBe(1);
    expect(p1?.getElementsByTagName('w:br').length).toBe(1);
    expect(unitTexts(doc, 'w:p', 'w:t')[0]).toBe('[NAME][VALUE][NEXT LINE]');
    // Tab before Value and break before Next line, in that order.
    expect(xml).toMatch(/\[NAME\]<\/w:t><w:tab\/><w:t xml:space="preserve">\[VALUE\]<\/w:t><w:br\/>/);
    expect(p2?.getElementsByTagName('w:instrText')[0]?.textContent).toBe(' DATE \\@ "d MMMM" ');
    expect(xml).toContain('<w:t>3 March</w:t>');
    expect(p2?.getElementsByTagName('w:delText')[0]?.textContent).toBe('old words');
    expect(p2?.getElementsByTagName('w:ins')[0]?.textContent).toBe('[ IN THE MORNING]');
  });

  it('translates text boxes in both mc:Choice and mc:Fallback', async () => {
    const box = '<w:txbxContent><w:p><w:r><w:t>Boxed note</w:t></w:r></w:p></w:txbxContent>';
    const body =
      '<w:p><w:r><w:t xml:space="preserve">Anchor text </w:t></w:r><w:r><mc:AlternateContent>' +
      `<mc:Choice Requires="wps"><w:drawing><wps:txbx>${box}</wps:txbx></w:drawing></mc:Choice>` +
      `<mc:Fallback><w:pict><v:shape><v:textbox>${box}</v:textbox></v:shape></w:pict></mc:Fallback>` +
      '</mc:AlternateContent></w:r></w:p>';
    const sent: string[] = [];
    const { out } = await translateBuffer(await handwrittenDocx(body), sent);
    expect(sent.map(stripMarkers).sort()).toEqual(['Anchor text ', 'Boxed note', 'Boxed note']);
    const doc = parseXml(await zipText(await openZip(out), 'word/document.xml'));
    const boxes = Array.from(doc.getElementsByTagName('w:txbxContent')).map((b) => b.textContent);
    expect(boxes).toEqual(['[BOXED NOTE]', '[BOXED NOTE]']);
    expect(doc.getElementsByTagName('mc:Choice').length).toBe(1);
    expect(doc.getElementsByTagName('mc:Fallback').length).toBe(1);
    expect(unitTexts(doc, 'w:p', 'w:t')[0]).toBe('[ANCHOR TEXT ][BOXED NOTE][BOXED NOTE]');
  });

  it('keeps entities, edge spaces and every byte outside paragraphs', async () => {
    const body =
      '<!-- kept comment --><w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:t xml:space="preserve">  Fish &amp; chips &#x2013; “fresh” </w:t></w:r></w:p>' +
      '<w:p/><w:p><w:r><w:t>   </w:t></w:r></w:p><w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr>';
    const sent: string[] = [];
    const { out } = await translateBuffer(await handwrittenDocx(body), sent);
    expect(sent).toEqual(['  Fish & chips – “fresh” ']);
    const xml = await zipText(await openZip(out), 'word/document.xml');
    expect(xml.startsWith(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W_NS} ${MC_NS}><w:body><!-- kept comment --><w:p><w:pPr><w:jc w:val="center"/></w:pPr>`)).toBe(true);
    expect(xml).toContain('<w:t xml:space="preserve">[  FISH &amp; CHIPS – “FRESH” ]</w:t>');
    expect(xml).toContain('<w:p/><w:p><w:r><w:t>   </w:t></w:r></w:p><w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>');
  });
});

describe('docx handler on bad files', () => {
  async function expectRefused(data: Buffer, message: RegExp): Promise<void> {
    const inPath = tmp.path('bad.docx');
    await writeFile(inPath, data);
    const run = docxHandler.translate(inPath, tmp.path('bad-out.docx'), 'docx', pseudoContext());
    await expect(run).rejects.toBeInstanceOf(DocumentFormatError);
    await expect(run).rejects.toThrow(message);
    await expect(docxHandler.countCharacters(inPath, 'docx')).rejects.toBeInstanceOf(DocumentFormatError);
    await expect(readFile(tmp.path('bad-out.docx'))).rejects.toThrow(/ENOENT/);
  }

  it('refuses a file that is not a zip, in sniff and in translate', async () => {
    const data = Buffer.from('Just some plain text pretending to be a document.');
    expect(docxHandler.sniff(data, 'docx')).toBe(false);
    await expectRefused(data, /could not be opened as a zip/);
  });

  it('refuses a truncated document', async () => {
    const full = await generatedDocx();
    await expectRefused(full.subarray(0, Math.floor(full.length / 2)), /truncated or damaged/);
  });

  it('refuses a workbook named .docx, in sniff and in translate', async () => {
    const xlsx = await buildZip({
      '[Content_Types].xml': contentTypes('xl/workbook.xml', EXCEL_MAIN),
      'xl/workbook.xml': '<workbook/>',
    });
    expect(docxHandler.sniff(xlsx.subarray(0, 4096), 'docx')).toBe(false);
    await expectRefused(xlsx, /is an Excel workbook \(xlsx\)\. Rename it to \.xlsx/);
  });

  it('accepts its own kind in sniff', async () => {
    expect(docxHandler.sniff((await generatedDocx()).subarray(0, 4096), 'docx')).toBe(true);
  });

  it('refuses XML with a DOCTYPE (entity expansion)', async () => {
    const data = await buildZip({
      '[Content_Types].xml': contentTypes('word/document.xml', WORD_MAIN),
      'word/document.xml': `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><w:document ${W_NS}><w:body><w:p><w:r><w:t>&b;</w:t></w:r></w:p></w:body></w:document>`,
    });
    await expectRefused(data, /DOCTYPE/);
  });

  it('refuses a package without its main part', async () => {
    const data = await buildZip({ '[Content_Types].xml': contentTypes('word/document.xml', WORD_MAIN), 'word/styles.xml': '<w:styles/>' });
    await expectRefused(data, /word\/document\.xml is missing/);
  });

  it('refuses a zip bomb by its compression ratio', async () => {
    const data = await handwrittenDocx('<w:p><w:r><w:t>Hi</w:t></w:r></w:p>', { 'word/media/blob.bin': Buffer.alloc(40 * 1024 * 1024) });
    await expectRefused(data, /zip bomb/);
  });

  it('refuses an entry that inflates to more than its declared size', async () => {
    // Hand-made archive: the directory claims 10 bytes, the data inflates to 64 KiB.
    const xml = Buffer.from(`<w:document ${W_NS}><w:body><w:p><w:r><w:t>${'x'.repeat(65536)}</w:t></w:r></w:p></w:body></w:document>`);
    const good = await handwrittenDocx('');
    const honest = await buildZipWithLyingEntry(good, 'word/document.xml', xml, 10);
    await expectRefused(honest, /damaged/);
  });

  it('ignores entries whose names climb out of the archive', async () => {
    const data = await handwrittenDocx('<w:p><w:r><w:t>Safe</w:t></w:r></w:p>', { '../evil.txt': 'owned', '/abs.txt': 'owned' });
    const { out } = await translateBuffer(data);
    const names = Object.keys((await openZip(out)).files);
    expect(names).not.toContain('../evil.txt');
    expect(names.some((n) => n.includes('abs.txt'))).toBe(false);
    expect(names).toContain('word/document.xml');
  });
});

/** Appends a deflated entry whose local and central sizes say `claimed` bytes to a jszip-made archive. */
async function buildZipWithLyingEntry(base: Buffer, name: string, content: Buffer, claimed: number): Promise<Buffer> {
  const zip = await openZip(base);
  zip.remove(name);
  const rest = await zip.generateAsync({ type: 'nodebuffer' });
  // Split the archive into local data and central directory, then add our entry to both.
  const eocdAt = rest.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const cdSize = rest.readUInt32LE(eocdAt + 12);
  const cdAt = rest.readUInt32LE(eocdAt + 16);
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(claimed, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(claimed, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(cdAt, 42);
  const newLocal = Buffer.concat([local, nameBytes, data]);
  const cd = Buffer.concat([rest.subarray(cdAt, cdAt + cdSize), central, nameBytes]);
  // Shift the old central records' offsets: our entry goes first, so every other one moves.
  for (let at = 0; at < cdSize; ) {
    cd.writeUInt32LE(cd.readUInt32LE(at + 42) + newLocal.length, at + 42);
    at += 46 + cd.readUInt16LE(at + 28) + cd.readUInt16LE(at + 30) + cd.readUInt16LE(at + 32);
  }
  central.writeUInt32LE(0, 42);
  cd.writeUInt32LE(0, cdSize + 42);
  const eocd = Buffer.from(rest.subarray(eocdAt, eocdAt + 22));
  const count = eocd.readUInt16LE(10) + 1;
  eocd.writeUInt16LE(count, 8);
  eocd.writeUInt16LE(count, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(newLocal.length + cdAt, 16);
  return Buffer.concat([newLocal, rest.subarray(0, cdAt), cd, eocd]);
}
