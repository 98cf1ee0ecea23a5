/**
 * Excel (xlsx) handler: a workbook generated with exceljs and hand-written parts translated with a pseudo
 * translator, then re-read with exceljs (and jszip + an XML parser) to check what a user would see.
 */
import { readFile, writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stripMarkers } from '../../text/markers.js';
import { DocumentFormatError } from '../types.js';
import { createXlsxHandler, xlsxHandler } from './xlsx.js';
import { pseudoUnit } from '../../engines/pseudo.js';
import { engineContext, expectKept, LINKS, PROTECTED_TEXT } from '../lib/round-trip-kit.js';
import {
  EXCEL_MAIN,
  WORD_MAIN,
  buildZip,
  contentTypes,
  openZip,
  parseXml,
  pseudoContext,
  untouchedEntriesDiffer,
  withTempDir,
  zipBytes,
  zipText,
} from './test-helpers.js';

let tmp: Awaited<ReturnType<typeof withTempDir>>;
beforeEach(async () => {
  tmp = await withTempDir();
});
afterEach(async () => {
  await tmp.cleanup();
});

const DATE = new Date(Date.UTC(2024, 2, 5));

async function generatedXlsx(path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const sales = wb.addWorksheet('Sales');
  sales.getCell('A1').value = 'Product';
  sales.getCell('B1').value = 'Price';
  sales.getCell('A2').value = 'Green apple';
  sales.getCell('B2').value = 1.5;
  sales.getCell('C2').value = { formula: 'B2*2', result: 3 };
  sales.getCell('D2').value = { formula: '"x"&A2', result: 'xGreen apple' };
  sales.getCell('A3').value = { richText: [{ text: 'Big ' }, { font: { bold: true }, text: 'deal' }, { text: ' today' }] };
  sales.getCell('A4').value = DATE;
  sales.getCell('A5').value = true;
  sales.getCell('A6').value = 'Green apple';
  const notes = wb.addWorksheet('Notes');
  notes.getCell('A1').value = 'Remember the milk';
  await wb.xlsx.writeFile(path);
}

describe('xlsx handler on a generated workbook', () => {
  it('translates shared strings once, keeps rich runs bold, and leaves numbers, formulas, dates, booleans and sheet names alone', async () => {
    const inPath = tmp.path('in.xlsx');
    const outPath = tmp.path('out.xlsx');
    await generatedXlsx(inPath);
    const sent: string[] = [];
    const result = await xlsxHandler.translate(inPath, outPath, 'xlsx', pseudoContext(sent));
    expect(result.outputExtension).toBe('xlsx');

    const plain = sent.map(stripMarkers);
    expect(plain.filter((s) => s === 'Green apple')).toHaveLength(1);
    expect(plain).not.toContain('xGreen apple');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(outPath);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Sales', 'Notes']);
    const s = wb.getWorksheet('Sales');
    if (!s) throw new Error('sheet missing');
    expect(s.getCell('A1').value).toBe('[PRODUCT]');
    expect(s.getCell('B1').value).toBe('[PRICE]');
    expect(s.getCell('A2').value).toBe('[GREEN APPLE]');
    expect(s.getCell('A6').value).toBe('[GREEN APPLE]');
    expect(s.getCell('B2').value).toBe(1.5);
    expect(s.getCell('C2').value).toEqual({ formula: 'B2*2', result: 3 });
    expect(s.getCell('D2').value).toEqual({ formula: '"x"&A2', result: 'xGreen apple' });
    expect((s.getCell('A4').value as Date).getTime()).toBe(DATE.getTime());
    expect(s.getCell('A5').value).toBe(true);
    const rich = s.getCell('A3').value as { richText: { text: string; font?: { bold?: boolean } }[] };
    expect(rich.richText.map((r) => r.text).join('')).toBe('[BIG ][DEAL][ TODAY]');
    expect(rich.richText.filter((r) => r.font?.bold).map((r) => r.text)).toEqual(['[DEAL]']);
    expect(wb.getWorksheet('Notes')?.getCell('A1').value).toBe('[REMEMBER THE MILK]');

    expect(await untouchedEntriesDiffer(inPath, outPath, (n) => n === 'xl/sharedStrings.xml' || n.startsWith('xl/worksheets/sheet'))).toEqual([]);
    const expected = sent.reduce((n, x) => n + [...stripMarkers(x)].length, 0);
    expect(result.characters).toBe(expected);
    expect(await xlsxHandler.countCharacters(inPath, 'xlsx')).toBe(expected);
  });
});

describe('xlsx handler on hand-written parts', () => {
  it('translates inline strings, skips phonetic runs and keeps cached string results', async () => {
    const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const sheet =
      `<?xml version="1.0" encoding="UTF-8"?>\n<worksheet ${ns}><sheetData><row r="1">` +
      '<c r="A1" t="inlineStr"><is><t>Inline hello</t></is></c>' +
      '<c r="B1" t="s"><v>0</v></c><c r="C1" t="str"><f>UPPER(A1)</f><v>cached text</v></c>' +
      '<c r="D1" t="b"><v>1</v></c><c r="E1"><v>42</v></c></row></sheetData></worksheet>';
    const shared =
      `<?xml version="1.0" encoding="UTF-8"?>\n<sst ${ns} count="1" uniqueCount="1"><si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si></sst>`;
    const data = await buildZip({
      '[Content_Types].xml': contentTypes('xl/workbook.xml', EXCEL_MAIN),
      'xl/workbook.xml': `<workbook ${ns}><sheets><sheet name="Data sheet" sheetId="1"/></sheets></workbook>`,
      'xl/sharedStrings.xml': shared,
      'xl/worksheets/sheet1.xml': sheet,
    });
    const inPath = tmp.path('in.xlsx');
    const outPath = tmp.path('out.xlsx');
    await writeFile(inPath, data);
    const sent: string[] = [];
    await xlsxHandler.translate(inPath, outPath, 'xlsx', pseudoContext(sent));
    expect(sent.map(stripMarkers).sort()).toEqual(['Inline hello', '東京']);
    const zip = await openZip(await readFile(outPath));
    const outSheet = await zipText(zip, 'xl/worksheets/sheet1.xml');
    parseXml(outSheet);
    expect(outSheet).toBe(sheet.replace('<t>Inline hello</t>', '<t xml:space="preserve">[INLINE HELLO]</t>'));
    const outShared = await zipText(zip, 'xl/sharedStrings.xml');
    expect(outShared).toContain('<si><t xml:space="preserve">[東京]</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si>');
    expect(await zipText(zip, 'xl/workbook.xml')).toContain('name="Data sheet"');
  });

  it('reads parts written with an x: prefix: the inline string and the used shared string translated, an unused one left', async () => {
    const xns = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const sheet =
      `\uFEFF<?xml version="1.0" encoding="utf-8"?><x:worksheet ${xns}><x:sheetData><x:row r="1">` +
      '<x:c r="A1" t="inlineStr"><x:is><x:t>inline string\nLine 2</x:t></x:is></x:c><x:c r="H1" t="s"><x:v>0</x:v></x:c>' +
      '</x:row></x:sheetData></x:worksheet>';
    const shared =
      `<?xml version="1.0" encoding="utf-8"?><x:sst ${xns} count="2" uniqueCount="2"><x:si><x:t>shared string</x:t></x:si>` +
      '<x:si><x:t>no cell uses this</x:t></x:si></x:sst>';
    const data = await buildZip({
      '[Content_Types].xml': contentTypes('xl/workbook.xml', EXCEL_MAIN),
      'xl/workbook.xml': `<x:workbook ${xns}><x:sheets><x:sheet name="S" sheetId="1"/></x:sheets></x:workbook>`,
      'xl/sharedStrings.xml': shared,
      'xl/worksheets/sheet1.xml': sheet,
    });
    const inPath = tmp.path('in.xlsx');
    const outPath = tmp.path('out.xlsx');
    await writeFile(inPath, data);
    const sent: string[] = [];
    await xlsxHandler.translate(inPath, outPath, 'xlsx', pseudoContext(sent));
    expect(sent.map(stripMarkers).sort()).toEqual(['inline string\nLine 2', 'shared string']);
    const zip = await openZip(await readFile(outPath));
    const outSheet = await zipText(zip, 'xl/worksheets/sheet1.xml');
    expect(outSheet).toContain('<x:is><x:t xml:space="preserve">[INLINE STRING\nLINE 2]</x:t></x:is>');
    const outShared = await zipText(zip, 'xl/sharedStrings.xml');
    expect(outShared).toContain('<x:si><x:t xml:space="preserve">[SHARED STRING]</x:t></x:si><x:si><x:t>no cell uses this</x:t></x:si>');
  });

  it('refuses a workbook whose relationships are not well-formed XML, with a message that says what to do', async () => {
    const data = await buildZip({
      '[Content_Types].xml': contentTypes('xl/workbook.xml', EXCEL_MAIN),
      'xl/workbook.xml': `<workbook ${ns}><sheets><sheet name="A" sheetId="1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml">',
    });
    const inPath = tmp.path('bad.xlsx');
    const outPath = tmp.path('bad-out.xlsx');
    await writeFile(inPath, data);
    const run = xlsxHandler.translate(inPath, outPath, 'xlsx', pseudoContext());
    await expect(run).rejects.toBeInstanceOf(DocumentFormatError);
    await expect(run).rejects.toThrow(/xl\/_rels\/workbook\.xml\.rels is damaged: its XML is not well-formed.*save it again/i);
    await expect(readFile(outPath)).rejects.toThrow(/ENOENT/);
  });

  it('refuses a Word document named .xlsx', async () => {
    const data = await buildZip({ '[Content_Types].xml': contentTypes('word/document.xml', WORD_MAIN), 'word/document.xml': '<w:document/>' });
    const inPath = tmp.path('doc.xlsx');
    await writeFile(inPath, data);
    expect(xlsxHandler.sniff(data, 'xlsx')).toBe(false);
    const run = xlsxHandler.translate(inPath, tmp.path('o.xlsx'), 'xlsx', pseudoContext());
    await expect(run).rejects.toBeInstanceOf(DocumentFormatError);
    await expect(run).rejects.toThrow(/Rename it to \.docx/);
  });
});

/** A workbook with a table, a comment, a page header and hidden content (rows, columns, a sheet). */
async function workbookWithExtras(path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sales');
  ws.addTable({
    name: 'Fruit',
    ref: 'A1',
    headerRow: true,
    columns: [{ name: 'Product' }, { name: 'Unit price' }, { name: 'Stock note' }],
    rows: [
      ['Green apple', 1.5, 'Plenty left'],
      ['Ripe pear', 2, 'Hidden row text'],
      ['Shared text', 3, 'Running low'],
    ],
  });
  ws.getCell('E1').value = 'Hidden column text';
  ws.getCell('E2').value = 'Shared text';
  ws.getColumn(5).hidden = true;
  ws.getRow(3).hidden = true;
  ws.getCell('A1').note = 'Check this value';
  ws.getCell('C3').note = 'Note on a hidden row';
  ws.headerFooter.oddHeader = '&LLeft part&CMonthly report&RPage &P of &N';
  ws.headerFooter.oddFooter = '&"Arial,Bold"&12Confidential &D';
  wb.addWorksheet('Secret', { state: 'hidden' }).getCell('A1').value = 'Secret text';
  await wb.xlsx.writeFile(path);
}

const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const A_NS = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
const XDR_NS = 'xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"';
const C_NS = 'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"';
const RELS = (rels: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`;
const drawing = (text: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<xdr:wsDr ${XDR_NS} ${A_NS}><xdr:twoCellAnchor><xdr:sp><xdr:txBody><a:bodyPr/>` +
  `<a:p><a:r><a:rPr lang="en-US" b="1"/><a:t>${text}</a:t></a:r></a:p></xdr:txBody></xdr:sp></xdr:twoCellAnchor></xdr:wsDr>`;

describe('xlsx handler on tables, comments, page headers and hidden content', () => {
  it('renames table columns to their translated header cells and keeps ref, autoFilter and ids', async () => {
    const inPath = tmp.path('in.xlsx');
    const outPath = tmp.path('out.xlsx');
    await workbookWithExtras(inPath);
    await xlsxHandler.translate(inPath, outPath, 'xlsx', pseudoContext());

    const before = await zipText(await openZip(await readFile(inPath)), 'xl/tables/table1.xml');
    const after = await zipText(await openZip(await readFile(outPath)), 'xl/tables/table1.xml');
    const columns = Array.from(parseXml(after).getElementsByTagName('tableColumn'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(outPath);
    const sheet = wb.getWorksheet('Sales');
    if (!sheet) throw new Error('sheet missing');
    const headers = ['A1', 'B1', 'C1'].map((ref) => sheet.getCell(ref).value);
    expect(headers).toEqual(['[PRODUCT]', '[UNIT PRICE]', '[STOCK NOTE]']);
    expect(columns.map((c) => c.getAttribute('name'))).toEqual(headers);
    // Everything but the names is as it was, byte for byte.
    const names = ['Product', 'Unit price', 'Stock note'];
    expect(after).toBe(names.reduce((x, n) => x.replace(`name="${n}"`, `name="[${n.toUpperCase()}]"`), before));
    expect(parseXml(after).getElementsByTagName('autoFilter')[0]?.getAttribute('ref')).toBe('A1:C4');
  });

  it('renames table columns when the table and shared strings come before the worksheet in the package', async () => {
    const genPath = tmp.path('gen.xlsx');
    await workbookWithExtras(genPath);
    const src = await openZip(await readFile(genPath));
    const first = ['xl/tables/table1.xml', 'xl/sharedStrings.xml'];
    const files: Record<string, Buffer> = {};
    for (const name of [...first, ...Object.keys(src.files).filter((n) => !first.includes(n) && !n.endsWith('/'))]) {
      files[name] = await zipBytes(src, name);
    }
    const inPath = tmp.path('in.xlsx');
    const outPath = tmp.path('out.xlsx');
    await writeFile(inPath, await buildZip(files));
    await xlsxHandler.translate(inPath, outPath, 'xlsx', pseudoContext());
    const zip = await openZip(await readFile(outPath));
    expect(Object.keys(zip.files).slice(0, 2)).toEqual(first);
    const columns = Array.from(parseXml(await zipText(zip, 'xl/tables/table1.xml')).getElementsByTagName('tableColumn'));
    expect(columns.map((c) => c.getAttribute('name'))).toEqual(['[PRODUCT]', '[UNIT PRICE]', '[STOCK NOTE]']);
    expect(await untouchedEntriesDiffer(inPath, outPath, (n) => /^xl\/(sharedStrings|worksheets\/sheet1|comments1|tables\/table1)\.xml$/.test(n))).toEqual([]);
  });

  it('skips hidden rows, columns and sheets, translates comments and page headers, and keeps the & codes', async () => {
    const inPath = tmp.path('in.xlsx');
    const outPath = tmp.path('out.xlsx');
    await workbookWithExtras(inPath);
    const sent: string[] = [];
    const result = await xlsxHandler.translate(inPath, outPath, 'xlsx', pseudoContext(sent));
    const plain = sent.map(stripMarkers);
    for (const hidden of ['Hidden row text', 'Hidden column text', 'Secret text', 'Note on a hidden row']) expect(plain).not.toContain(hidden);
    expect(plain).toEqual(expect.arrayContaining(['Check this value', 'Monthly report', 'Left part', 'Confidential ']));

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(outPath);
    const s = wb.getWorksheet('Sales');
    if (!s) throw new Error('sheet missing');
    expect(s.getCell('A2').value).toBe('[GREEN APPLE]');
    expect(s.getCell('C3').value).toBe('Hidden row text');
    expect(s.getCell('E1').value).toBe('Hidden column text');
    // A string that a visible cell also uses is translated everywhere (it is stored once).
    expect(s.getCell('A4').value).toBe('[SHARED TEXT]');
    expect(s.getCell('E2').value).toBe('[SHARED TEXT]');
    expect(wb.getWorksheet('Secret')?.getCell('A1').value).toBe('Secret text');

    const zip = await openZip(await readFile(outPath));
    const sheetXml = parseXml(await zipText(zip, 'xl/worksheets/sheet1.xml'));
    expect(sheetXml.getElementsByTagName('oddHeader')[0]?.textContent).toBe('&L[LEFT PART]&C[MONTHLY REPORT]&R[PAGE ]&P[ OF ]&N');
    expect(sheetXml.getElementsByTagName('oddFooter')[0]?.textContent).toBe('&"Arial,Bold"&12[CONFIDENTIAL ]&D');
    const comments = parseXml(await zipText(zip, 'xl/comments1.xml'));
    const byRef = new Map(Array.from(comments.getElementsByTagName('comment')).map((c) => [c.getAttribute('ref'), c.textContent]));
    expect(byRef.get('A1')).toBe('[CHECK THIS VALUE]');
    expect(byRef.get('C3')).toBe('Note on a hidden row');

    const expected = sent.reduce((n, x) => n + [...stripMarkers(x)].length, 0);
    expect(result.characters).toBe(expected);
    expect(await xlsxHandler.countCharacters(inPath, 'xlsx')).toBe(expected);
    expect(await untouchedEntriesDiffer(inPath, outPath, (n) => /^xl\/(sharedStrings|worksheets\/sheet1|comments1|tables\/table1)\.xml$/.test(n))).toEqual([]);
  });

  it('translates hidden content too when asked', async () => {
    const inPath = tmp.path('in.xlsx');
    const outPath = tmp.path('out.xlsx');
    await workbookWithExtras(inPath);
    const sent: string[] = [];
    await createXlsxHandler({ translateHidden: true }).translate(inPath, outPath, 'xlsx', pseudoContext(sent));
    expect(sent.map(stripMarkers)).toEqual(expect.arrayContaining(['Hidden row text', 'Hidden column text', 'Secret text', 'Note on a hidden row']));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(outPath);
    expect(wb.getWorksheet('Secret')?.getCell('A1').value).toBe('[SECRET TEXT]');
  });

  it('translates text boxes, charts and threaded comments, but not the drawings of a hidden sheet', async () => {
    const sheet = (v: string): string => `<?xml version="1.0" encoding="UTF-8"?>\n<worksheet ${ns}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${v}</t></is></c></row></sheetData></worksheet>`;
    const chart =
      `<?xml version="1.0" encoding="UTF-8"?>\n<c:chartSpace ${C_NS} ${A_NS}><c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:rPr lang="en-US"/><a:t>Sales by region</a:t></a:r></a:p></c:rich></c:tx></c:title>` +
      '<c:plotArea><c:barChart><c:ser><c:tx><c:strRef><c:f>Data!$B$1</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>Revenue</c:v></c:pt></c:strCache></c:strRef></c:tx>' +
      '<c:cat><c:strRef><c:f>Data!$A$2:$A$3</c:f><c:strCache><c:ptCount val="2"/><c:pt idx="0"><c:v>North</c:v></c:pt><c:pt idx="1"><c:v>South &amp; East</c:v></c:pt></c:strCache></c:strRef></c:cat>' +
      '<c:val><c:numRef><c:f>Data!$B$2:$B$3</c:f><c:numCache><c:ptCount val="2"/><c:pt idx="0"><c:v>120</c:v></c:pt><c:pt idx="1"><c:v>80</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser></c:barChart></c:plotArea></c:chart></c:chartSpace>';
    const threaded =
      '<?xml version="1.0" encoding="UTF-8"?>\n<ThreadedComments xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments">' +
      '<threadedComment ref="A1" id="{1}" personId="{2}"><text>Please check the total</text></threadedComment></ThreadedComments>';
    const rel = (id: string, type: string, target: string): string =>
      `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
    const data = await buildZip({
      '[Content_Types].xml': contentTypes('xl/workbook.xml', EXCEL_MAIN),
      'xl/workbook.xml':
        `<workbook ${ns} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>` +
        '<sheet name="Data" sheetId="1" r:id="rId1"/><sheet name="Old" sheetId="2" state="veryHidden" r:id="rId2"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels': RELS(rel('rId1', 'worksheet', 'worksheets/sheet1.xml') + rel('rId2', 'worksheet', '/xl/worksheets/sheet2.xml')),
      'xl/worksheets/sheet1.xml': sheet('Visible cell'),
      'xl/worksheets/sheet2.xml': sheet('Very hidden cell'),
      'xl/worksheets/_rels/sheet1.xml.rels': RELS(rel('rId1', 'drawing', '../drawings/drawing1.xml') + rel('rId2', 'threadedComment', '../threadedComments/threadedComment1.xml')),
      'xl/worksheets/_rels/sheet2.xml.rels': RELS(rel('rId1', 'drawing', '../drawings/drawing2.xml')),
      'xl/drawings/drawing1.xml': drawing('Text box words'),
      'xl/drawings/_rels/drawing1.xml.rels': RELS(rel('rId1', 'chart', '../charts/chart1.xml')),
      'xl/drawings/drawing2.xml': drawing('Hidden box words'),
      'xl/drawings/_rels/drawing2.xml.rels': RELS(rel('rId1', 'chart', '../charts/chart2.xml')),
      'xl/charts/chart1.xml': chart,
      'xl/charts/chart2.xml': chart,
      'xl/threadedComments/threadedComment1.xml': threaded,
    });
    const inPath = tmp.path('in.xlsx');
    const outPath = tmp.path('out.xlsx');
    await writeFile(inPath, data);
    const sent: string[] = [];
    await xlsxHandler.translate(inPath, outPath, 'xlsx', { ...pseudoContext(sent), targetLang: 'FR' });
    expect(sent.map(stripMarkers).sort()).toEqual(
      ['North', 'Please check the total', 'Revenue', 'Sales by region', 'South & East', 'Text box words', 'Visible cell'].sort(),
    );
    const zip = await openZip(await readFile(outPath));
    const box = parseXml(await zipText(zip, 'xl/drawings/drawing1.xml'));
    expect(box.getElementsByTagName('a:t')[0]?.textContent).toBe('[TEXT BOX WORDS]');
    expect(box.getElementsByTagName('a:rPr')[0]?.getAttribute('lang')).toBe('fr-FR');
    expect(box.getElementsByTagName('a:rPr')[0]?.getAttribute('b')).toBe('1');
    const c = parseXml(await zipText(zip, 'xl/charts/chart1.xml'));
    const labels = Array.from(c.getElementsByTagName('c:v')).map((v) => v.textContent);
    expect(labels).toEqual(['[REVENUE]', '[NORTH]', '[SOUTH & EAST]', '120', '80']);
    expect(Array.from(c.getElementsByTagName('c:f')).map((f) => f.textContent)).toEqual(['Data!$B$1', 'Data!$A$2:$A$3', 'Data!$B$2:$B$3']);
    expect(c.getElementsByTagName('a:t')[0]?.textContent).toBe('[SALES BY REGION]');
    expect(parseXml(await zipText(zip, 'xl/threadedComments/threadedComment1.xml')).getElementsByTagName('text')[0]?.textContent).toBe('[PLEASE CHECK THE TOTAL]');
    expect(
      await untouchedEntriesDiffer(inPath, outPath, (n) => /^xl\/(worksheets\/sheet1|drawings\/drawing1|charts\/chart1|threadedComments\/threadedComment1)\.xml$/.test(n)),
    ).toEqual([]);
  });
});

describe('xlsx round trip: placeholders and adjacent links (issue 22)', () => {
  async function roundTrip(kind: 'pseudo' | 'reordering'): Promise<ExcelJS.Worksheet> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Strings');
    ws.getCell('A1').value = PROTECTED_TEXT;
    // A row of links, one per cell (Excel's links belong to cells): each must keep its words and its address.
    LINKS.forEach((word, i) => {
      ws.getCell(2, i + 1).value = { text: word, hyperlink: `https://example.com/${word.toLowerCase()}` };
    });
    const inPath = tmp.path('in.xlsx');
    const outPath = tmp.path('out.xlsx');
    await wb.xlsx.writeFile(inPath);
    await xlsxHandler.translate(inPath, outPath, 'xlsx', engineContext(kind));
    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(outPath);
    return out.getWorksheet('Strings')!;
  }

  it('keeps placeholders, addresses, paths and identifiers byte for byte through the pseudo engine', async () => {
    const ws = await roundTrip('pseudo');
    const text = String(ws.getCell('A1').text);
    expectKept(text);
    expect(text).not.toContain('Delete');
  });

  it.each([['pseudo'], ['reordering']] as const)('keeps adjacent link cells each with its own words and address, in order (%s engine)', async (kind) => {
    const ws = await roundTrip(kind);
    const tr = (w: string) => (kind === 'pseudo' ? pseudoUnit(w, 'DE') : w.toUpperCase());
    const cells = LINKS.map((_, i) => ws.getCell(2, i + 1).value as { text: unknown; hyperlink: string });
    expect(cells.map((c) => (typeof c.text === 'string' ? c.text : JSON.stringify(c.text)))).toEqual(LINKS.map(tr));
    expect(cells.map((c) => c.hyperlink)).toEqual(LINKS.map((w) => `https://example.com/${w.toLowerCase()}`));
  });
});
