/**
 * CSV for spreadsheets (any process): a file a spreadsheet set to the UI language opens correctly — UTF-8 with a
 * byte-order mark (Excel reads UTF-8 only with it), the delimiter that spreadsheet expects (`;` where the decimal
 * separator is a comma, as Excel and LibreOffice do in de, fr, ...), numbers written as numbers (Latin digits, the
 * locale's decimal separator, no grouping) and empty cells for "nothing" (a number column stays numeric). Strings that
 * a spreadsheet would run as a formula are escaped, except in exports of the user's own texts (`escapeFormulae`
 * false: a segment starting with "-" or "=" goes back to its sheet as it was). Shared by the Keys, Usage, History and
 * Segments exports.
 */
import Papa from 'papaparse';

export type CsvCell = string | number | null | undefined;

export interface CsvFormat {
  delimiter: ',' | ';';
  decimal: string;
}

/** The delimiter and decimal separator a spreadsheet in `locale` expects. */
export function csvFormatFor(locale: string): CsvFormat {
  let decimal = '.';
  try {
    decimal = new Intl.NumberFormat(`${locale}-u-nu-latn`).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  } catch {
    decimal = '.';
  }
  return { delimiter: decimal === ',' ? ';' : ',', decimal };
}

/** A date-time as spreadsheets read it in every locale: `2026-11-28 07:11:22` (UTC; say so in the header). */
export function csvDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().slice(0, 19).replace('T', ' ');
}

const two = (n: number) => String(n).padStart(2, '0');

/** The same form in this computer's time zone (`2026-11-29 08:53:57`), for times a list shows as local. */
export function csvLocalDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

export function toLocaleCsv(rows: readonly (readonly CsvCell[])[], locale: string, o: { escapeFormulae?: boolean } = {}): string {
  const f = csvFormatFor(locale);
  const cell = (v: CsvCell): string | number => {
    if (v == null) return '';
    if (typeof v === 'number') return Number.isFinite(v) ? String(v).replace('.', f.decimal) : '';
    return v;
  };
  return `\uFEFF${Papa.unparse(rows.map((r) => r.map(cell)), { delimiter: f.delimiter, escapeFormulae: o.escapeFormulae ?? true, newline: '\r\n' })}\r\n`;
}

/**
 * The user's own texts as a sheet: TSV as it is pasted (tabs, no byte-order mark), or CSV for a spreadsheet set to
 * `locale` (toLocaleCsv, formulas not escaped: these are the user's cells). Cells with delimiters, quotes or line
 * breaks are quoted.
 */
export function toSheetText(rows: readonly (readonly CsvCell[])[], format: 'tsv' | 'csv', locale: string): string {
  if (format === 'csv') return toLocaleCsv(rows, locale, { escapeFormulae: false });
  return Papa.unparse(
    rows.map((r) => r.map((v) => (v == null ? '' : String(v)))),
    { delimiter: '\t', newline: '\r\n', quotes: false },
  );
}
