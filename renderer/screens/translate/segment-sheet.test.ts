/**
 * Unit tests (issue 20, point 7): a spreadsheet paste keeps all its columns and rows, blank rows included, and the
 * export has the sheet's rows in its order with the translation beside them.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { columnSample, columnTexts, exportSheet, parseSheet, sameSheet } from './segment-sheet.js';

describe('parseSheet', () => {
  it('keeps every column and blank rows of a spreadsheet paste', () => {
    const sheet = parseSheet('btn.save\tSave changes\n\t\nbtn.cancel\t"Cancel\nnow"\n');
    expect(sheet.columns).toBe(2);
    expect(sheet.rows).toEqual([
      ['btn.save', 'Save changes'],
      ['', ''],
      ['btn.cancel', 'Cancel\nnow'],
    ]);
    expect(columnTexts(sheet, 1)).toEqual(['Save changes', '', 'Cancel\nnow']);
    expect(columnSample(sheet, 0)).toBe('btn.save');
  });

  it('keeps blank lines of plain text as blank rows, not the trailing ones', () => {
    expect(parseSheet('one\n\nthree\n\n').rows).toEqual([['one'], [''], ['three']]);
  });

  it('keeps every line of a paste whose cells start with a quote as its own row, quotes and all', () => {
    // Seen: read as CSV quoting, `"Save" saves…` swallowed every following row into one segment (1 segment for 6
    // rows; 5,000 lines of dialogue became 1,609) and its opening quote was lost.
    const paste =
      'msg.001\tOpen the file.\nmsg.002\t"Save" saves the document.\nmsg.003\tClose the window.\n' +
      'msg.004\t"Cancel\nmsg.005\tDelete all items.\nmsg.006\tExit the program.\n';
    const sheet = parseSheet(paste);
    expect(sheet.rows).toEqual([
      ['msg.001', 'Open the file.'],
      ['msg.002', '"Save" saves the document.'],
      ['msg.003', 'Close the window.'],
      ['msg.004', '"Cancel'],
      ['msg.005', 'Delete all items.'],
      ['msg.006', 'Exit the program.'],
    ]);
    // Read as quoting it would have been two rows: the pane says the quotes were kept as text, and where.
    expect(sheet.quotesAsText).toEqual({ line: 2, quotedRows: 2 });
    // Windows line breaks too.
    expect(parseSheet(paste.replace(/\n/g, '\r\n')).rows).toEqual(sheet.rows);
  });

  it('keeps a quote that is not a spreadsheet\'s quoting as text, without a word when no row changes', () => {
    // A cell quoted whole but holding nothing that needs quotes is text in quotes, not quoting.
    const sheet = parseSheet('a\t"Save"\nb\tsaid "no" twice\n');
    expect(sheet.rows).toEqual([
      ['a', '"Save"'],
      ['b', 'said "no" twice'],
    ]);
    expect(sheet.quotesAsText).toBeUndefined();
    // A quote closed before the end of its cell.
    expect(parseSheet('a\t"Wait," she said\n').rows).toEqual([['a', '"Wait," she said']]);
  });

  it('reads a spreadsheet\'s own quoting: line breaks, tabs and doubled quotes inside a cell', () => {
    // As Excel, LibreOffice and Google Sheets copy cells (Windows line breaks between rows, LF inside a cell).
    const sheet = parseSheet(
      'ID\tEnglish\r\nmsg.001\t"""Save"" saves the document."\r\nmsg.002\t"Cancel\nnow"\r\n' +
        'msg.003\t"a\tb"\r\nmsg.004\tplain "inner" quotes\r\n"id\n5"\t""""\r\n',
    );
    expect(sheet.rows).toEqual([
      ['ID', 'English'],
      ['msg.001', '"Save" saves the document.'],
      ['msg.002', 'Cancel\nnow'],
      ['msg.003', 'a\tb'],
      ['msg.004', 'plain "inner" quotes'],
      ['id\n5', '"'],
    ]);
    expect(sheet.quotesAsText).toBeUndefined();
    // Read as papaparse reads CSV quoting.
    expect(sheet.rows).toEqual(
      Papa.parse<string[]>('ID\tEnglish\nmsg.001\t"""Save"" saves the document."\nmsg.002\t"Cancel\nnow"\nmsg.003\t"a\tb"\nmsg.004\tplain "inner" quotes\n"id\n5"\t""""', { delimiter: '\t' }).data,
    );
  });

  it('reads a quoted paste with one malformed quote line by line, and says where', () => {
    // A spreadsheet's quoted cell, then a cell that merely starts with a quote: the paste is not quoted one way.
    const sheet = parseSheet('a\t"one\ntwo"\nb\t"Hi," he said.\nc\tend\n');
    expect(sheet.rows).toEqual([
      ['a', '"one'],
      ['two"', ''],
      ['b', '"Hi," he said.'],
      ['c', 'end'],
    ]);
    // Read as quoting, the stray quote on line 3 would have taken the rest of the paste into its cell.
    expect(sheet.quotesAsText).toEqual({ line: 3, quotedRows: 2 });
  });

  it('reads a big paste of dialogue lines row for row, in linear time', () => {
    const lines = Array.from({ length: 50_000 }, (_, i) =>
      i % 3 === 0 ? `line.${i}\t"Wait," she said, "line ${i}.` : i % 7 === 0 ? `line.${i}\t"Go"` : `line.${i}\tPlain line ${i}.`,
    );
    const started = performance.now();
    const sheet = parseSheet(`${lines.join('\r\n')}\r\n`);
    const took = performance.now() - started;
    expect(sheet.rows).toHaveLength(50_000);
    expect(sheet.rows[3]).toEqual(['line.3', '"Wait," she said, "line 3.']);
    expect(sheet.rows[7]).toEqual(['line.7', '"Go"']);
    expect(sheet.rows.map((r) => r[0])).toEqual(lines.map((l) => l.split('\t')[0]));
    // Generous for a slow machine; quadratic work on 50,000 rows takes minutes.
    expect(took).toBeLessThan(2_000);
    // A well-quoted big paste too.
    const quoted = Array.from({ length: 50_000 }, (_, i) => `q.${i}\t"""Hi"" ${i}\nsecond line"`);
    const big = parseSheet(`${quoted.join('\n')}\n`);
    expect(big.rows).toHaveLength(50_000);
    expect(big.rows[49_999]).toEqual(['q.49999', '"Hi" 49999\nsecond line']);
  });
});

describe('sameSheet', () => {
  const before = parseSheet('ID\tSource\nmsg.001\tOpen the file.\nmsg.002\tSave\n');
  it('takes an edit of a cell, or a row added, for the same sheet', () => {
    expect(sameSheet(before, parseSheet('ID\tSource\nmsg.001\tOpen the files.\nmsg.002\tSave\n'))).toBe(true);
    expect(sameSheet(before, parseSheet('IDs\tSource\nmsg.001\tOpen the file.\nmsg.002\tSave\n'))).toBe(true);
    expect(sameSheet(before, parseSheet('ID\tSource\nmsg.001\tOpen the file.\nmsg.002\tSave\nmsg.003\tQuit\n'))).toBe(true);
  });
  it('takes another paste over it for another sheet', () => {
    expect(sameSheet(before, parseSheet('msg.001\tOpen the file.\nmsg.002\tSave\n'))).toBe(false);
    expect(sameSheet(before, parseSheet('a\tb\nc\td\ne\tf\n'))).toBe(false);
    expect(sameSheet(before, parseSheet(''))).toBe(false);
  });
});

describe('exportSheet', () => {
  it('writes the sheet in its own row order with the translation after its columns', () => {
    const sheet = parseSheet('btn.save\tSave changes\n\t\nbtn.cancel\tCancel\n');
    const text = exportSheet(sheet, ['Änderungen speichern', '', 'Abbrechen'], 'tsv', ['A', 'B', 'target (DE)']);
    expect(Papa.parse<string[]>(text, { delimiter: '\t' }).data).toEqual([
      ['A', 'B', 'target (DE)'],
      ['btn.save', 'Save changes', 'Änderungen speichern'],
      ['', '', ''],
      ['btn.cancel', 'Cancel', 'Abbrechen'],
    ]);
  });

  it('writes a CSV a spreadsheet in the UI language opens in columns, with its accents, and the cells as they were', () => {
    // Seen on a tour (Italian UI): commas and no byte-order mark, so Italian Excel put each row in one cell and read
    // "almacén" as "almacÃ©n".
    const sheet = parseSheet('btn.save\tSave changes\nlist.item\t- one, two\n');
    const text = exportSheet(sheet, ['Guardar cambios', '- uno, dos'], 'csv', ['Colonna 1', 'Colonna 2', 'destinazione (ES)'], undefined, 'it');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data).toEqual([
      ['Colonna 1', 'Colonna 2', 'destinazione (ES)'],
      ['btn.save', 'Save changes', 'Guardar cambios'],
      // The user's own cells: a leading "-" is not escaped as a formula would be.
      ['list.item', '- one, two', '- uno, dos'],
    ]);
    // English: commas, as English spreadsheets expect.
    expect(exportSheet(sheet, ['a', 'b'], 'csv', ['A', 'B', 'T'], undefined, 'en').split('\r\n')[0]).toBe('\uFEFFA,B,T');
    // TSV is for pasting: no byte-order mark.
    expect(exportSheet(sheet, ['a', 'b'], 'tsv', ['A', 'B', 'T'], undefined, 'it').startsWith('A\tB')).toBe(true);
  });
});
