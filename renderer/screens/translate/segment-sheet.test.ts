/**
 * Unit tests (issue 20, point 7): a spreadsheet paste keeps all its columns and rows, blank rows included, and the
 * export has the sheet's rows in its order with the translation beside them.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { columnSample, columnTexts, exportSheet, parseSheet } from './segment-sheet.js';

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
