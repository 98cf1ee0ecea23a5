/**
 * Usage CSV (main process, pure): the snapshot history as a file a spreadsheet set to the UI language opens right.
 * UTF-8 with a byte-order mark (Excel reads BOM-less CSV in the system's legacy code page), the delimiter that
 * spreadsheet expects for that locale (`;` where the decimal separator is a comma, as Excel and LibreOffice do),
 * counts as plain numbers (no grouping, never quoted), the spec's "no limit set" value (10^12) as an empty cell in
 * numeric columns, times as `YYYY-MM-DD HH:MM:SS` in UTC (which spreadsheets read as date-times), column titles in
 * the UI language. Cells that would start a formula are escaped. The file format itself (BOM, delimiter, numbers,
 * escaping) is the one the Keys export uses: `shared/csv-export.ts`; this module chooses the columns.
 */
import { csvDateTime, csvFormatFor, toLocaleCsv } from '../../../shared/csv-export.js';
import type { UsageSnapshot } from '../../../shared/ipc/contract-usage.js';
import { formatLocaleOf } from '../../../shared/i18n/translator.js';
import { LIMITS } from '../../../shared/spec/limits.js';

export const BOM = '\uFEFF';

/** `;` where the locale writes decimals with a comma (de, fr, es, it, pt-BR, nl, pl, ru, uk), else `,`. */
export function csvDelimiter(uiLocale: string): ',' | ';' {
  return csvFormatFor(formatLocaleOf(uiLocale)).delimiter;
}

/** Column titles, in the UI language (main's translator). */
export interface UsageCsvWords {
  time: string;
  connection: string;
  accountCount: string;
  accountLimit: string;
  keyCount: string;
  keyLimit: string;
  periodStart: string;
  periodEnd: string;
}

const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const count = (n: number | null | undefined): number | null => (typeof n === 'number' && Number.isFinite(n) ? n : null);
const limit = (n: number | null | undefined): number | null => (typeof n === 'number' && Number.isFinite(n) && n < LIMITS.unsetLimit ? n : null);

/** The snapshot history as CSV text, BOM first. The period's end is its last day (end-inclusive, as on screen). */
export function usageHistoryCsv(o: { snapshots: readonly UsageSnapshot[]; connectionName: string; uiLocale: string; words: UsageCsvWords }): string {
  const w = o.words;
  const rows: (string | number | null)[][] = [[w.time, w.connection, w.accountCount, w.accountLimit, w.keyCount, w.keyLimit, w.periodStart, w.periodEnd]];
  for (const s of o.snapshots) {
    const start = s.startTime ? Date.parse(s.startTime) : NaN;
    const end = s.endTime ? Date.parse(s.endTime) : NaN;
    rows.push([
      csvDateTime(s.at),
      o.connectionName,
      count(s.characterCount),
      limit(s.characterLimit),
      count(s.apiKeyCharacterCount),
      limit(s.apiKeyCharacterLimit),
      Number.isNaN(start) ? null : utcDay(start),
      Number.isNaN(end) ? null : utcDay(end - 1),
    ]);
  }
  return toLocaleCsv(rows, formatLocaleOf(o.uiLocale));
}
