/**
 * Renderer, pure logic: the history as TSV or CSV (shared/csv-export.ts: a CSV opens in a spreadsheet set to the UI
 * language — byte-order mark, `;` where decimals take a comma), with a header row in the UI language. Holds what the
 * list shows: texts, languages, connection name (as the list shows it: `nameOf`), local time as spreadsheets read it
 * (`2026-11-29 08:53:57`), billed characters — never a key.
 */
import { csvLocalDateTime, toSheetText } from '../../../shared/csv-export.js';
import type { HistoryEntry } from '../../../shared/ipc/contract.js';

export interface HistoryHeader {
  time: string;
  connection: string;
  sourceLang: string;
  targetLang: string;
  source: string;
  target: string;
  billed: string;
}

export function exportHistory(
  entries: readonly HistoryEntry[],
  format: 'tsv' | 'csv',
  h: HistoryHeader,
  nameOf: (connectionName: string) => string = (name) => name,
  locale = 'en',
): string {
  return toSheetText(
    [
      [h.time, h.connection, h.sourceLang, h.targetLang, h.source, h.target, h.billed],
      ...entries.map((e) => [
        csvLocalDateTime(e.time),
        nameOf(e.connectionName),
        e.sourceLang || e.detectedSourceLang,
        e.targetLang,
        e.source,
        e.target,
        e.billedCharacters,
      ]),
    ],
    format,
    locale,
  );
}
