/**
 * Renderer, pure logic: the history as TSV or CSV (papaparse quotes cells with delimiters, quotes and newlines), with
 * a header row in the UI language. Holds what the list shows: texts, languages, connection name (as the list shows it:
 * `nameOf`), time, billed characters — never a key.
 */
import Papa from 'papaparse';
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
): string {
  return Papa.unparse(
    {
      fields: [h.time, h.connection, h.sourceLang, h.targetLang, h.source, h.target, h.billed],
      data: entries.map((e) => [
        e.time,
        nameOf(e.connectionName),
        e.sourceLang || e.detectedSourceLang,
        e.targetLang,
        e.source,
        e.target,
        e.billedCharacters === null ? '' : String(e.billedCharacters),
      ]),
    },
    { delimiter: format === 'tsv' ? '\t' : ',', newline: '\r\n', quotes: false },
  );
}
