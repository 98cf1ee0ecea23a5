/**
 * Renderer, pure logic: the multi-segment mode's input and output. Splits pasted text into segments (one per line,
 * or the first column of a spreadsheet paste, which arrives as TSV with Excel-style quoting) and exports results as
 * TSV or CSV. Batching under the spec's limits (50 texts, 128 KiB) is main's job (`translate.batch`).
 * Parsing and writing delimited text is papaparse's job (quoted cells with tabs, quotes and newlines).
 */
import Papa from 'papaparse';

export interface SegmentRow {
  source: string;
  target: string;
  /** QA flags in words (written as a third column when the header has one). */
  flags?: string;
}

/**
 * Splits pasted text into segments. A paste that contains a tab is read as a spreadsheet (TSV): each row is a
 * segment taken from its first non-empty cell, so a copied column or a "source | notes" range both work and cells
 * with line breaks (quoted by the spreadsheet) stay one segment. Otherwise each non-blank line is a segment.
 */
export function splitSegments(input: string): string[] {
  const text = input.replace(/\r\n?/g, '\n');
  if (text.trim() === '') return [];
  if (text.includes('\t')) {
    const parsed = Papa.parse<string[]>(text, { delimiter: '\t', skipEmptyLines: 'greedy', quoteChar: '"' });
    const out: string[] = [];
    for (const row of parsed.data) {
      const cell = row.find((c) => c.trim() !== '');
      if (cell !== undefined) out.push(cell);
    }
    return out;
  }
  return text.split('\n').filter((line) => line.trim() !== '');
}

/** Writes rows as TSV or CSV with a header line; cells with delimiters, quotes or newlines are quoted. */
export function exportRows(
  rows: readonly SegmentRow[],
  format: 'tsv' | 'csv',
  header = ['source', 'target'],
): string {
  return Papa.unparse(
    { fields: header, data: rows.map((r) => (header.length > 2 ? [r.source, r.target, r.flags ?? ''] : [r.source, r.target])) },
    { delimiter: format === 'tsv' ? '\t' : ',', newline: '\r\n', quotes: false },
  );
}
