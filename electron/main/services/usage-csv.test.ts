/**
 * Usage CSV (issue 21, point 10; main process, vitest): the export opens right in a spreadsheet set to the UI
 * language — UTF-8 with BOM, `;` where the decimal separator is a comma, counts as plain numbers, the "no limit"
 * value empty in numeric columns, the period's last day as its end, titles in the UI language.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { UsageSnapshot } from '../../../shared/ipc/contract-usage.js';
import { BOM, csvDelimiter, usageHistoryCsv, type UsageCsvWords } from './usage-csv.js';

const words: UsageCsvWords = {
  time: 'Zeit (UTC)',
  connection: 'Verbindung',
  accountCount: 'Zeichen des Kontos',
  accountLimit: 'Limit des Kontos',
  keyCount: 'Zeichen des Schlüssels',
  keyLimit: 'Limit des Schlüssels',
  periodStart: 'Beginn des Zeitraums (UTC)',
  periodEnd: 'Ende des Zeitraums (UTC, letzter Tag)',
};
const snapshots: UsageSnapshot[] = [
  {
    at: '2026-11-28T09:30:05.123Z',
    characterCount: 1234567,
    characterLimit: 1_000_000_000_000,
    apiKeyCharacterCount: 4329,
    apiKeyCharacterLimit: 5000,
    startTime: '2026-11-01T00:00:00Z',
    endTime: '2026-12-01T00:00:00Z',
  },
];

describe('usage CSV', () => {
  it('uses ; where the UI language writes decimals with a comma, and , elsewhere', () => {
    expect(['de', 'fr', 'es', 'it', 'pt-BR', 'nl', 'pl', 'ru', 'uk'].map(csvDelimiter)).toEqual(Array(9).fill(';'));
    expect(['en', 'ja', 'zh-Hans', 'ko'].map(csvDelimiter)).toEqual(Array(4).fill(','));
  });

  it('is UTF-8 with BOM, German titles, numbers as numbers and "no limit" empty, the period ending on its last day', () => {
    const csv = usageHistoryCsv({ snapshots, connectionName: 'Team; "Nord"', uiLocale: 'de', words });
    expect(csv.startsWith(BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Zeit (UTC);Verbindung;Zeichen des Kontos;Limit des Kontos;Zeichen des Schlüssels;Limit des Schlüssels;Beginn des Zeitraums (UTC);Ende des Zeitraums (UTC, letzter Tag)');
    expect(lines[1]).toBe('2026-11-28 09:30:05;"Team; ""Nord""";1234567;;4329;5000;2026-11-01;2026-11-30');
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', dynamicTyping: true, skipEmptyLines: true });
    expect(parsed.data[1]![2]).toBe(1234567);
    expect(parsed.data[1]![3]).toBeNull();
  });

  it('escapes a connection name that a spreadsheet would run as a formula', () => {
    const csv = usageHistoryCsv({ snapshots, connectionName: '=HYPERLINK("x")', uiLocale: 'en', words });
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.split('\r\n')[1]!.split(',').length).toBeGreaterThan(7);
  });
});
