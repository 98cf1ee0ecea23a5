/**
 * Excel (xlsx) handler: a workbook generated with exceljs and hand-written parts translated with a pseudo
 * translator, then re-read with exceljs (and jszip + an XML parser) to check what a user would see.
 */
import { readFile, writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stripMarkers } from '../../text/markers.js';
import { DocumentFormatError } from '../types.js';
import { xlsxHandler } from './xlsx.js';
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
