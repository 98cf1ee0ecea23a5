/**
 * The history export (renderer, pure): a CSV opens in a spreadsheet set to the UI language (byte-order mark, `;`
 * where decimals take a comma), with the time as the list shows it (this computer's time) and the billed count as a
 * number. Seen on a tour (Italian UI): commas, no byte-order mark, and the time as a raw UTC ISO string.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../shared/ipc/contract.js';
import { csvLocalDateTime as localDateTime } from '../../../shared/csv-export.js';
import { exportHistory } from './history-export.js';

const entry: HistoryEntry = {
  id: 'h1',
  time: '2026-11-29T07:53:57.069Z',
  connectionId: 'c1',
  connectionName: 'Questo computer (offline)',
  sourceLang: 'EN',
  detectedSourceLang: 'EN',
  targetLang: 'ES',
  source: 'The warehouse, is it open?',
  target: 'El almacén, ¿está abierto?',
  billedCharacters: 26,
} as HistoryEntry;

const header = { time: 'ora', connection: 'connessione', sourceLang: 'da', targetLang: 'a', source: 'testo', target: 'traduzione', billed: 'caratteri fatturati' };

describe('the history as CSV', () => {
  it('opens in an Italian spreadsheet in columns, accents intact, local time', () => {
    const text = exportHistory([entry], 'csv', header, (n) => n, 'it');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['ora', 'connessione', 'da', 'a', 'testo', 'traduzione', 'caratteri fatturati']);
    expect(rows[1]).toEqual([localDateTime(entry.time), 'Questo computer (offline)', 'EN', 'ES', 'The warehouse, is it open?', 'El almacén, ¿está abierto?', '26']);
    expect(localDateTime(entry.time)).toMatch(/^2026-11-(28|29) \d\d:53:57$/);
    expect(localDateTime(entry.time)).toBe(
      `${new Date(entry.time).getFullYear()}-11-${String(new Date(entry.time).getDate()).padStart(2, '0')} ${String(new Date(entry.time).getHours()).padStart(2, '0')}:53:57`,
    );
  });

  it('stays TSV with tabs and no byte-order mark for pasting, and commas in English', () => {
    expect(exportHistory([entry], 'tsv', header, (n) => n, 'it').startsWith('ora\tconnessione')).toBe(true);
    expect(exportHistory([entry], 'csv', header, (n) => n, 'en').split('\r\n')[0]).toBe('\uFEFFora,connessione,da,a,testo,traduzione,caratteri fatturati');
  });
});
