/**
 * Renderer, pure logic of the Segments mode (issue 20, point 7): what was pasted, as a sheet. Plain lines are one
 * column; a spreadsheet paste (TSV) keeps every column and every row, blank ones included, so the export lines up
 * with the sheet it came from. The user picks the column to translate; the others travel unchanged to the export.
 *
 * Quotes: a spreadsheet (Excel, LibreOffice, Google Sheets) quotes a copied cell only when it holds a tab, a line
 * break or a quote, and doubles the quotes inside (`"""Save"" saves"` for `"Save" saves`). A paste quoted exactly
 * that way is read as such, so a cell with a line break stays one cell. Any other quote (a cell that merely starts
 * with one, as dialogue lines do, or a quote that does not close at a tab or line break) makes the whole paste
 * read line by line with its quotes as plain text: every line stays its own row and no quote is dropped. (Read as
 * CSV quoting, `msg.002 ⇥ "Save" saves…` swallowed every following row into one segment and lost its quote.)
 */
import Papa from 'papaparse';
import { toSheetText } from '../../../shared/csv-export.js';

export interface Sheet {
  /** Every row in the sheet's order, each padded to `columns` cells. */
  rows: string[][];
  columns: number;
  /**
   * Set when the paste's quotes were read as plain text (they are not a spreadsheet's quoting) and that gave
   * another number of rows than reading them as quoting would have (`quotedRows`): `line` is the pasted line,
   * from 1, of the first such quote. The pane says so beside the segment count.
   */
  quotesAsText?: { line: number; quotedRows: number };
}

const TAB = 9;
const NEWLINE = 10;
const QUOTE = 34;

/**
 * The paste read with spreadsheet quoting, in one pass; or, at the first quote that is not such quoting, where it
 * is (`bad`, an offset in `text`). A quoted cell must close with a single quote followed by a tab, a line break or
 * the end, with every quote inside doubled, and must hold something that needed the quotes.
 */
function readQuoted(text: string): { rows: string[][] } | { bad: number } {
  const rows: string[][] = [];
  let row: string[] = [];
  const n = text.length;
  let i = 0;
  for (;;) {
    let cell: string;
    if (text.charCodeAt(i) === QUOTE) {
      const start = i;
      cell = '';
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q === -1) return { bad: start };
        if (text.charCodeAt(q + 1) === QUOTE) {
          cell += text.slice(from, q + 1);
          from = q + 2;
          continue;
        }
        cell += text.slice(from, q);
        i = q + 1;
        break;
      }
      const next = text.charCodeAt(i);
      if (i < n && next !== TAB && next !== NEWLINE) return { bad: start };
      // A spreadsheet never quotes a cell that holds no tab, line break or quote: `"Save"` is text in quotes.
      if (!/[\t\n"]/.test(cell)) return { bad: start };
    } else {
      let end = i;
      while (end < n) {
        const c = text.charCodeAt(end);
        if (c === TAB || c === NEWLINE) break;
        end += 1;
      }
      cell = text.slice(i, end);
      i = end;
    }
    row.push(cell);
    if (i >= n) {
      rows.push(row);
      return { rows };
    }
    i += 1;
    if (text.charCodeAt(i - 1) === NEWLINE) {
      rows.push(row);
      row = [];
      if (i >= n) return { rows };
    }
  }
}

/** The line break after the last row (spreadsheets always add one) is not a row of its own; trailing blank rows go. */
function withoutTrailingBlanks(rows: string[][]): string[][] {
  let end = rows.length;
  while (end > 0 && rows[end - 1]!.every((c) => c.trim() === '')) end -= 1;
  return end === rows.length ? rows : rows.slice(0, end);
}

/** The last sheet read: the pane reads a new paste in its change handler (a new sheet or an edit?), then renders it. */
let last: { input: string; sheet: Sheet } | null = null;

/** The sheet of a paste. The result is shared (the same input gives the same object): do not change it. */
export function parseSheet(input: string): Sheet {
  if (last?.input !== input) last = { input, sheet: readSheet(input) };
  return last.sheet;
}

function readSheet(input: string): Sheet {
  const text = input.replace(/\r\n?/g, '\n');
  if (text.trim() === '') return { rows: [], columns: 1 };
  let rows: string[][];
  let quotesAsText: Sheet['quotesAsText'];
  if (!text.includes('\t')) {
    rows = withoutTrailingBlanks(text.split('\n').map((line) => [line]));
  } else {
    const quoted = readQuoted(text);
    if ('rows' in quoted) {
      rows = withoutTrailingBlanks(quoted.rows);
    } else {
      rows = withoutTrailingBlanks(text.split('\n').map((line) => line.split('\t')));
      // What reading the quotes as CSV quoting (papaparse, as before) would have made of it: said only when the
      // rows differ, that is when a quote would have joined lines.
      const quotedRows = withoutTrailingBlanks(
        Papa.parse<string[]>(text, { delimiter: '\t', quoteChar: '"', skipEmptyLines: false }).data,
      ).length;
      if (quotedRows !== rows.length) {
        let line = 1;
        for (let at = text.indexOf('\n'); at !== -1 && at < quoted.bad; at = text.indexOf('\n', at + 1)) line += 1;
        quotesAsText = { line, quotedRows };
      }
    }
  }
  // A loop, not Math.max(...rows): a spread of a very long paste overflows the call stack.
  const columns = rows.reduce((most, r) => Math.max(most, r.length), 1);
  return {
    rows: rows.map((r) => (r.length === columns ? r : [...r, ...Array<string>(columns - r.length).fill('')])),
    columns,
    ...(quotesAsText && { quotesAsText }),
  };
}

/**
 * Whether `next` is `prev` edited (a cell typed into, rows added or removed below the first) rather than another
 * sheet pasted in its place: its first row is the same, or every row after it is. A new paste over the old changes both.
 */
export function sameSheet(prev: Sheet, next: Sheet): boolean {
  // Rows are padded to the sheet's width: a column added by a tab typed in one row does not change the others.
  const sameRow = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean => {
    if (a === b) return true;
    if (a === undefined || b === undefined) return false;
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) if ((a[i] ?? '') !== (b[i] ?? '')) return false;
    return true;
  };
  if (sameRow(prev.rows[0], next.rows[0])) return true;
  return prev.rows.length === next.rows.length && prev.rows.every((r, i) => i === 0 || sameRow(r, next.rows[i]));
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
