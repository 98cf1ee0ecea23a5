/**
 * Renderer, pure logic of the Segments mode (issue 20, point 7): what was pasted, as a sheet. Plain lines are one
 * column; a spreadsheet paste (TSV with Excel-style quoting, read by papaparse) keeps every column and every row,
 * blank ones included, so the export lines up with the sheet it came from. The user picks the column to translate;
 * the others travel unchanged to the export.
 */
import Papa from 'papaparse';
import { toSheetText } from '../../../shared/csv-export.js';

export interface Sheet {
  /** Every row in the sheet's order, each padded to `columns` cells. */
  rows: string[][];
  columns: number;
}

export function parseSheet(input: string): Sheet {
  const text = input.replace(/\r\n?/g, '\n');
  if (text.trim() === '') return { rows: [], columns: 1 };
  let rows: string[][];
  if (text.includes('\t')) {
    rows = Papa.parse<string[]>(text, { delimiter: '\t', quoteChar: '"', skipEmptyLines: false }).data;
  } else {
    rows = text.split('\n').map((line) => [line]);
  }
  // The line break after the last row (spreadsheets always add one) is not a row of its own; trailing blank rows go.
  while (rows.length > 0 && rows[rows.length - 1]!.every((c) => c.trim() === '')) rows.pop();
  const columns = Math.max(1, ...rows.map((r) => r.length));
  return { rows: rows.map((r) => [...r, ...Array<string>(columns - r.length).fill('')]), columns };
}

/** The texts of one column, one per row (blank rows give ''). */
export function columnTexts(sheet: Sheet, column: number): string[] {
  return sheet.rows.map((r) => r[column] ?? '');
}

/** The first non-blank cell of a column, to name it in the picker ("Column 2 — Save changes"). */
export function columnSample(sheet: Sheet, column: number): string {
  return sheet.rows.map((r) => r[column] ?? '').find((c) => c.trim() !== '') ?? '';
}

/** Rows for the export: every column of the sheet as it was, then the translation, in the sheet's row order. */
export function exportSheet(
  sheet: Sheet,
  translations: readonly string[],
  format: 'tsv' | 'csv',
  header: readonly string[],
  /** A last column per row (the QA flags), when given. */
  extra?: readonly string[],
  /** The UI language: a CSV opens in a spreadsheet set to it (shared/csv-export.ts). */
  locale = 'en',
): string {
  return toSheetText([[...header], ...sheet.rows.map((r, i) => [...r, translations[i] ?? '', ...(extra ? [extra[i] ?? ''] : [])])], format, locale);
}
