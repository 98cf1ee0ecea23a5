/**
 * Tests of glossary entry parsing and validation (service process): what a user uploading a TSV or CSV file
 * gets back, entry by entry or as a message naming the line and the rule.
 */
import { describe, expect, it } from 'vitest';
import { GlossaryEntriesError, entriesToTsv, parseGlossaryEntries, validateGlossaryName } from './entries.js';

function errorOf(fn: () => unknown): GlossaryEntriesError {
  try {
    fn();
  } catch (err) {
    if (err instanceof GlossaryEntriesError) return err;
    throw err;
  }
  throw new Error('expected a GlossaryEntriesError, nothing was thrown');
}

describe('parseGlossaryEntries (tsv)', () => {
  it('reads one pair per line with any line ending and skips blank lines', () => {
    const text = 'car\tcoche\r\n\r\nhouse\tcasa\rtree\tárbol\n   \nsales report\tinforme de ventas\n';
    expect(parseGlossaryEntries(text, 'tsv')).toEqual([
      { source: 'car', target: 'coche' },
      { source: 'house', target: 'casa' },
      { source: 'tree', target: 'árbol' },
      { source: 'sales report', target: 'informe de ventas' },
    ]);
  });

  it('ignores a leading byte-order mark', () => {
    expect(parseGlossaryEntries('\uFEFFcar\tAuto', 'tsv')).toEqual([{ source: 'car', target: 'Auto' }]);
  });

  it('rejects a line without a tab or with two tabs, naming the line', () => {
    const none = errorOf(() => parseGlossaryEntries('a\tb\n\nno tab here', 'tsv'));
    expect(none.line).toBe(3);
    expect(none.rule).toBe('tab-count');
    expect(none.message).toMatch(/^Line 3: .*exactly one tab/);
    const two = errorOf(() => parseGlossaryEntries('a\tb\tc', 'tsv'));
    expect(two.line).toBe(1);
    expect(two.message).toMatch(/more than one tab/);
  });

  it('rejects duplicate sources and names the first line', () => {
    const err = errorOf(() => parseGlossaryEntries('car\tcoche\nbus\tautobús\ncar\tcarro', 'tsv'));
    expect(err.rule).toBe('duplicate-source');
    expect(err.message).toBe(
      'Line 3: duplicate source term "car" (first seen on line 1); keep one entry per source term and delete the other.',
    );
  });

  it('keeps sources differing only in case as separate entries', () => {
    expect(parseGlossaryEntries('US\tEE. UU.\nus\tnosotros', 'tsv')).toHaveLength(2);
  });

  it('rejects empty terms', () => {
    expect(errorOf(() => parseGlossaryEntries('\tcoche', 'tsv')).message).toMatch(
      /^Line 1: the source term is empty/,
    );
    expect(errorOf(() => parseGlossaryEntries('a\tb\ncar\t', 'tsv')).message).toMatch(
      /^Line 2: the target term is empty/,
    );
  });

  it('rejects leading or trailing whitespace instead of trimming it', () => {
    const lead = errorOf(() => parseGlossaryEntries(' car\tcoche', 'tsv'));
    expect(lead.rule).toBe('whitespace');
    expect(lead.message).toMatch(/source term " car" starts with whitespace; remove/);
    const trail = errorOf(() => parseGlossaryEntries('car\tcoche\u00A0', 'tsv'));
    expect(trail.message).toMatch(/target term .* ends with whitespace/);
  });

  it('rejects control characters, line separators and unpaired surrogates', () => {
    for (const bad of ['\u0007', '\u0085', '\u2028', '\u2029', '\u007F']) {
      const err = errorOf(() => parseGlossaryEntries(`ok\tfine\nca${bad}r\tcoche`, 'tsv'));
      expect(err.line).toBe(2);
      expect(err.rule).toBe('control-character');
    }
    expect(errorOf(() => parseGlossaryEntries('car\tco\uD800che', 'tsv')).rule).toBe('invalid-unicode');
    expect(errorOf(() => parseGlossaryEntries('car\tco\uE003che', 'tsv')).rule).toBe('reserved-character');
  });

  it('accepts a term of exactly 1024 UTF-8 bytes and rejects 1025', () => {
    const ok = 'é'.repeat(512); // 2 bytes each
    expect(parseGlossaryEntries(`${ok}\tx`, 'tsv')[0]?.source).toBe(ok);
    const err = errorOf(() => parseGlossaryEntries(`x\t${ok}a`, 'tsv'));
    expect(err.rule).toBe('term-too-long');
    expect(err.message).toMatch(/1025 UTF-8 bytes.*1024/);
  });

  it('rejects a text above 10 MiB before parsing it', () => {
    const line = `${'a'.repeat(1000)}\t${'b'.repeat(1000)}\n`;
    const big = line.repeat(Math.ceil(10_485_761 / line.length));
    const err = errorOf(() => parseGlossaryEntries(big, 'tsv'));
    expect(err.rule).toBe('size');
    expect(err.line).toBe(0);
    expect(err.message).toMatch(/10485760 bytes/);
  });

  it('rejects a text with no entries', () => {
    const err = errorOf(() => parseGlossaryEntries('\n \r\n', 'tsv'));
    expect(err.rule).toBe('empty-glossary');
    expect(err.message).toMatch(/add at least one line/);
  });

  it('rejects an unknown format', () => {
    expect(errorOf(() => parseGlossaryEntries('a\tb', 'xlsx' as 'tsv')).message).toMatch(
      /use "tsv" or "csv"/,
    );
  });
});

describe('parseGlossaryEntries (csv)', () => {
  it('reads quoted fields with commas and doubled quotes', () => {
    const text = 'car,coche\r\n"Smith, Inc.","Smith, S.A."\n"say ""hi""",saluda\n';
    expect(parseGlossaryEntries(text, 'csv')).toEqual([
      { source: 'car', target: 'coche' },
      { source: 'Smith, Inc.', target: 'Smith, S.A.' },
      { source: 'say "hi"', target: 'saluda' },
    ]);
  });

  it('accepts DeepL-style language columns and checks them against the pair', () => {
    const text = 'car,coche,en,es\nhouse,casa,EN,ES-419';
    expect(parseGlossaryEntries(text, 'csv', { source: 'EN', target: 'ES' })).toHaveLength(2);
    const err = errorOf(() =>
      parseGlossaryEntries('car,coche,en,es\ndog,Hund,en,de', 'csv', { source: 'en', target: 'es' }),
    );
    expect(err.line).toBe(2);
    expect(err.rule).toBe('csv-language');
    expect(err.message).toMatch(/target language column says DE but this glossary's target language is ES/);
    expect(errorOf(() => parseGlossaryEntries('car,coche,xx,es', 'csv')).message).toMatch(
      /not a supported source language/,
    );
  });

  it('rejects rows with 1, 3 or 5 columns with a clear hint', () => {
    const err = errorOf(() => parseGlossaryEntries('car,coche\nhello, world,hola', 'csv'));
    expect(err.line).toBe(2);
    expect(err.rule).toBe('csv-columns');
    expect(err.message).toMatch(/found 3 columns.*quote terms that contain commas/);
    expect(errorOf(() => parseGlossaryEntries('lonely', 'csv')).message).toMatch(/found 1 column;/);
  });

  it('reports broken quoting as a CSV syntax error on its line', () => {
    const err = errorOf(() => parseGlossaryEntries('a,b\nc,d\n"e"x,f', 'csv'));
    expect(err.rule).toBe('csv-syntax');
    expect(err.line).toBe(3);
    expect(err.message).toMatch(/double quotes/);
  });

  it('names the starting line of a record whose quoted term holds a line break', () => {
    const err = errorOf(() => parseGlossaryEntries('a,b\n\n"multi\nline",x', 'csv'));
    expect(err.line).toBe(3);
    expect(err.rule).toBe('control-character');
    expect(err.message).toMatch(/line break/);
  });

  it('rejects a space after the comma as leading whitespace', () => {
    expect(errorOf(() => parseGlossaryEntries('car, coche', 'csv')).rule).toBe('whitespace');
  });

  it('rejects duplicates across CSV rows', () => {
    expect(errorOf(() => parseGlossaryEntries('car,coche\n"car",carro', 'csv')).message).toMatch(
      /^Line 2: duplicate source term "car" \(first seen on line 1\)/,
    );
  });
});

describe('entriesToTsv', () => {
  it('round-trips through the parser', () => {
    const entries = parseGlossaryEntries('"Smith, Inc.","Smith, S.A."\ncar,coche', 'csv');
    const tsv = entriesToTsv(entries);
    expect(tsv).toBe('Smith, Inc.\tSmith, S.A.\ncar\tcoche');
    expect(parseGlossaryEntries(tsv, 'tsv')).toEqual(entries);
  });
});

describe('validateGlossaryName', () => {
  it('returns a valid name unchanged', () => {
    expect(validateGlossaryName('Marketing EN→DE')).toBe('Marketing EN→DE');
  });

  it('rejects missing, empty, control-character and over-long names', () => {
    for (const bad of [undefined, 42, '', '   ', 'a\nb', 'tab\there', 'x'.repeat(1025)]) {
      const err = errorOf(() => validateGlossaryName(bad));
      expect(err.line).toBe(0);
      expect(err.rule).toBe('name');
    }
    expect(validateGlossaryName('é'.repeat(512))).toHaveLength(512);
    expect(errorOf(() => validateGlossaryName('é'.repeat(513))).message).toMatch(/1026 UTF-8 bytes.*shorten/);
  });
});
