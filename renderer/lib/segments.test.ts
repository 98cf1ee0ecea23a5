/**
 * Unit tests of the multi-segment input and export: what a translator pastes is split the way they expect, and
 * what is exported opens in a spreadsheet with every cell intact.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { exportRows, splitSegments } from './segments.js';

describe('splitSegments', () => {
  it('makes one segment per non-blank line, whatever the line endings', () => {
    expect(splitSegments('first\r\nsecond\n\n  \nthird\rfourth')).toEqual([
      'first',
      'second',
      'third',
      'fourth',
    ]);
  });

  it('reads a spreadsheet paste: first non-empty cell of each row, quoted cells keep their line breaks', () => {
    const paste = 'Hello\tcomment\n"Line one\nLine two"\tx\n\tonly second column\n\t\n"Say ""hi"""\t\n';
    expect(splitSegments(paste)).toEqual(['Hello', 'Line one\nLine two', 'only second column', 'Say "hi"']);
  });

  it('returns nothing for blank input', () => {
    expect(splitSegments(' \n\t\n')).toEqual([]);
  });
});

describe('exportRows', () => {
  const rows = [
    { source: 'plain', target: 'einfach' },
    { source: 'has, comma', target: 'hat\tTab' },
    { source: 'two\nlines', target: 'say "hi"' },
  ];

  it.each(['tsv', 'csv'] as const)('writes %s that parses back to the same cells', (format) => {
    const text = exportRows(rows, format);
    const parsed = Papa.parse<string[]>(text, { delimiter: format === 'tsv' ? '\t' : ',' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([['source', 'target'], ...rows.map((r) => [r.source, r.target])]);
  });

  it('uses the given header', () => {
    expect(
      exportRows([{ source: 'a', target: 'b' }], 'csv', ['source', 'target (DE)']).split('\r\n')[0],
    ).toBe('source,target (DE)');
  });
});
