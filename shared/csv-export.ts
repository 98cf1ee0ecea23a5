/**
 * CSV for spreadsheets (any process): a file a spreadsheet set to the UI language opens correctly — UTF-8 with a
 * byte-order mark (Excel reads UTF-8 only with it), the delimiter that spreadsheet expects (`;` where the decimal
 * separator is a comma, as Excel and LibreOffice do in de, fr, ...), numbers written as numbers (Latin digits, the
 * locale's decimal separator, no grouping) and empty cells for "nothing" (a number column stays numeric). Strings that
 * a spreadsheet would run as a formula are escaped. Shared by the Keys and Usage exports.
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

export function toLocaleCsv(rows: readonly (readonly CsvCell[])[], locale: string): string {
  const f = csvFormatFor(locale);
  const cell = (v: CsvCell): string | number => {
    if (v == null) return '';
    if (typeof v === 'number') return Number.isFinite(v) ? String(v).replace('.', f.decimal) : '';
    return v;
  };
  return `\uFEFF${Papa.unparse(rows.map((r) => r.map(cell)), { delimiter: f.delimiter, escapeFormulae: true, newline: '\r\n' })}\r\n`;
}
