/**
 * Glossary entries: parsing and validation of the `entries` text of `POST /v2/glossaries` (TSV or CSV), the
 * TSV form served by `GET /v2/glossaries/{id}/entries`, and glossary name checks (service process).
 *
 * Rules (spec "Glossary" section and Limits, plus the checks DeepL's own clients make):
 *   - one source/target pair per line; LF, CRLF and CR line ends are all accepted; blank lines (empty, or only
 *     spaces and tabs) are skipped; a leading byte-order mark is ignored;
 *   - TSV: exactly one tab per line;
 *   - CSV (RFC 4180, parsed by csv-parse): `source,target` or `source,target,source_lang,target_lang` like
 *     DeepL's CSV; the language columns, when present, must both be given and name a spec source language and
 *     target language (base codes or variants, any case); when the caller passes the glossary's pair they must
 *     also match it (a row for another pair is rejected, not skipped, so nothing a user typed vanishes quietly);
 *   - every term is non-empty, at most 1024 UTF-8 bytes, has no C0/C1 control characters (tab and line breaks
 *     included), no U+2028/U+2029, no unpaired surrogates and no U+E000–U+E003 (the service's inline markers);
 *   - leading/trailing whitespace is rejected, not trimmed: silently changing a term would make the stored
 *     glossary differ from what the user sees in their file, so the message tells them to remove it;
 *   - duplicate source terms (exact, case-sensitive, as DeepL) are rejected; the whole text is at most 10 MiB
 *     and must hold at least one entry.
 * Every error names the 1-based line (0 for whole-text and name errors), the rule, and what to do.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { LIMITS } from '../../shared/spec/limits.js';
import { baseLanguage, isSourceLanguage, isTargetLanguage } from '../../shared/spec/languages.js';

export interface GlossaryEntry {
  source: string;
  target: string;
}

export type GlossaryEntriesRule =
  | 'format'
  | 'size'
  | 'empty-glossary'
  | 'tab-count'
  | 'csv-syntax'
  | 'csv-columns'
  | 'csv-language'
  | 'empty-term'
  | 'whitespace'
  | 'control-character'
  | 'reserved-character'
  | 'invalid-unicode'
  | 'term-too-long'
  | 'duplicate-source'
  | 'name';

export class GlossaryEntriesError extends Error {
  readonly line: number;
  readonly rule: GlossaryEntriesRule;
  constructor(line: number, rule: GlossaryEntriesRule, message: string) {
    super(line > 0 ? `Line ${line}: ${message}` : message);
    this.name = 'GlossaryEntriesError';
    this.line = line;
    this.rule = rule;
  }
}

/** The glossary's language pair, when known, so CSV language columns can be checked against it. */
export interface GlossaryPair {
  source: string;
  target: string;
}

// C0 controls, DEL, C1 controls, and the Unicode line/paragraph separators.
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
const MARKER_RE = /[\uE000-\uE003]/u;
const BLANK_LINE_RE = /^[ \t]*$/;
// Without the `u` flag so it sees code units: a high surrogate not followed by a low one, or a lone low one.
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function codePointLabel(ch: string): string {
  return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function describeControl(ch: string): string {
  const names: Record<string, string> = {
    '\t': 'a tab (U+0009)',
    '\n': 'a line break (U+000A)',
    '\r': 'a carriage return (U+000D)',
    '\u2028': 'a line separator (U+2028)',
    '\u2029': 'a paragraph separator (U+2029)',
  };
  return names[ch] ?? `a control character (${codePointLabel(ch)})`;
}

/** Checks one term; `which` is "source" or "target" for the message. */
function checkTerm(term: string, which: 'source' | 'target', line: number): void {
  if (term.length === 0) {
    throw new GlossaryEntriesError(
      line,
      'empty-term',
      `the ${which} term is empty; give both a source and a target term, or delete the line.`,
    );
  }
  if (LONE_SURROGATE_RE.test(term)) {
    throw new GlossaryEntriesError(
      line,
      'invalid-unicode',
      `the ${which} term contains an unpaired surrogate (invalid Unicode); save the file as UTF-8 and try again.`,
    );
  }
  const control = CONTROL_RE.exec(term);
  if (control) {
    throw new GlossaryEntriesError(
      line,
      'control-character',
      `the ${which} term contains ${describeControl(control[0])} at character ${control.index + 1}; terms must be single-line text, remove it.`,
    );
  }
  const marker = MARKER_RE.exec(term);
  if (marker) {
    throw new GlossaryEntriesError(
      line,
      'reserved-character',
      `the ${which} term contains the reserved private-use character ${codePointLabel(marker[0])}; remove it.`,
    );
  }
  if (/^\s/u.test(term) || /\s$/u.test(term)) {
    const where = /^\s/u.test(term) ? 'starts' : 'ends';
    throw new GlossaryEntriesError(
      line,
      'whitespace',
      `the ${which} term "${preview(term)}" ${where} with whitespace; remove the leading and trailing spaces.`,
    );
  }
  const bytes = Buffer.byteLength(term, 'utf8');
  if (bytes > LIMITS.glossaryTermBytes) {
    throw new GlossaryEntriesError(
      line,
      'term-too-long',
      `the ${which} term is ${bytes} UTF-8 bytes long; the limit is ${LIMITS.glossaryTermBytes} bytes, shorten it.`,
    );
  }
}

function preview(term: string): string {
  const flat = term.length > 40 ? `${term.slice(0, 40)}…` : term;
  return flat;
}

/** Accumulates entries, rejecting duplicate sources with the line of the first one. */
class EntryCollector {
  readonly entries: GlossaryEntry[] = [];
  private readonly firstLine = new Map<string, number>();

  add(source: string, target: string, line: number): void {
    checkTerm(source, 'source', line);
    checkTerm(target, 'target', line);
    const first = this.firstLine.get(source);
    if (first !== undefined) {
      throw new GlossaryEntriesError(
        line,
        'duplicate-source',
        `duplicate source term "${preview(source)}" (first seen on line ${first}); keep one entry per source term and delete the other.`,
      );
    }
    this.firstLine.set(source, line);
    this.entries.push({ source, target });
  }
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function parseTsv(text: string, collector: EntryCollector): void {
  const lines = stripBom(text).split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const lineNo = i + 1;
    if (BLANK_LINE_RE.test(line)) continue;
    const tab = line.indexOf('\t');
    if (tab < 0) {
      throw new GlossaryEntriesError(
        lineNo,
        'tab-count',
        `no tab between the source and target term; write "source<TAB>target" (exactly one tab).`,
      );
    }
    if (line.indexOf('\t', tab + 1) >= 0) {
      throw new GlossaryEntriesError(
        lineNo,
        'tab-count',
        `more than one tab; write "source<TAB>target" with exactly one tab and no tabs inside the terms.`,
      );
    }
    collector.add(line.slice(0, tab), line.slice(tab + 1), lineNo);
  }
}

interface CsvRow {
  record: string[];
  info: { lines: number };
  raw: string;
}

function checkCsvLanguage(
  code: string,
  kind: 'source' | 'target',
  expected: string | undefined,
  line: number,
): void {
  const valid = kind === 'source' ? isSourceLanguage(code) : isTargetLanguage(code) || isSourceLanguage(code);
  if (!valid) {
    throw new GlossaryEntriesError(
      line,
      'csv-language',
      `"${preview(code)}" in the ${kind === 'source' ? 'third' : 'fourth'} column is not a supported ${kind} language code; use a code such as EN or DE, or drop the language columns.`,
    );
  }
  if (expected !== undefined && baseLanguage(code) !== baseLanguage(expected)) {
    throw new GlossaryEntriesError(
      line,
      'csv-language',
      `the ${kind} language column says ${code.toUpperCase()} but this glossary's ${kind} language is ${expected.toUpperCase()}; fix the column or put the row in a glossary for that pair.`,
    );
  }
}

function parseCsvText(text: string, collector: EntryCollector, pair: GlossaryPair | undefined): void {
  let rows: CsvRow[];
  try {
    // Line ends are unified first: csv-parse guesses one record delimiter from the first line it sees.
    rows = parseCsv(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as CsvRow[];
  } catch (err) {
    const line =
      typeof (err as { lines?: unknown }).lines === 'number' ? (err as { lines: number }).lines : 0;
    const detail = err instanceof Error ? err.message.replace(/ at line \d+/, '') : String(err);
    throw new GlossaryEntriesError(
      line,
      'csv-syntax',
      `invalid CSV (${detail}); quote a term that contains a comma or a quote with double quotes and double any quote inside it, e.g. "say ""hi""".`,
    );
  }
  for (const row of rows) {
    // info.lines is the line where the record ends; a quoted line break makes it span several lines. The raw
    // text starts with the line ends of any skipped empty lines before it and ends with its own.
    const breaks = row.raw.replace(/^\n+/, '').replace(/\n$/, '').match(/\n/g)?.length ?? 0;
    const line = row.info.lines - breaks;
    const cells = row.record;
    if (cells.every((c) => BLANK_LINE_RE.test(c)) && cells.length <= 1) continue;
    if (cells.length !== 2 && cells.length !== 4) {
      throw new GlossaryEntriesError(
        line,
        'csv-columns',
        `found ${cells.length} column${cells.length === 1 ? '' : 's'}; write "source,target" or "source,target,source_lang,target_lang", and quote terms that contain commas.`,
      );
    }
    const [source = '', target = '', sourceLang, targetLang] = cells;
    if (sourceLang !== undefined && targetLang !== undefined) {
      checkCsvLanguage(sourceLang, 'source', pair?.source, line);
      checkCsvLanguage(targetLang, 'target', pair?.target, line);
    }
    collector.add(source, target, line);
  }
}

/**
 * Parses and validates glossary entries. `pair` (optional) is the glossary's language pair, against which CSV
 * language columns are checked. Throws GlossaryEntriesError on the first problem found.
 */
export function parseGlossaryEntries(
  text: string,
  format: 'tsv' | 'csv',
  pair?: GlossaryPair,
): GlossaryEntry[] {
  if (typeof text !== 'string') {
    throw new GlossaryEntriesError(0, 'format', 'The glossary entries must be a string of text.');
  }
  if ((format as string) !== 'tsv' && (format as string) !== 'csv') {
    throw new GlossaryEntriesError(
      0,
      'format',
      `Unsupported entries format "${String(format)}"; use "tsv" or "csv".`,
    );
  }
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > LIMITS.glossaryBytes) {
    throw new GlossaryEntriesError(
      0,
      'size',
      `The glossary entries are ${bytes} bytes; the limit is ${LIMITS.glossaryBytes} bytes (10 MiB). Split the glossary into smaller ones.`,
    );
  }
  const collector = new EntryCollector();
  if (format === 'tsv') parseTsv(text, collector);
  else parseCsvText(text, collector, pair);
  if (collector.entries.length === 0) {
    throw new GlossaryEntriesError(
      0,
      'empty-glossary',
      `The glossary has no entries; add at least one line "source${format === 'tsv' ? '<TAB>' : ','}target".`,
    );
  }
  return collector.entries;
}

/** TSV form of validated entries: one `source<TAB>target` line each, `\n` between lines, no trailing newline. */
export function entriesToTsv(entries: readonly GlossaryEntry[]): string {
  return entries.map((e) => `${e.source}\t${e.target}`).join('\n');
}

/** Checks a glossary name and returns it unchanged. */
export function validateGlossaryName(name: unknown): string {
  if (typeof name !== 'string') {
    throw new GlossaryEntriesError(
      0,
      'name',
      'The glossary name is missing or not a string; give the glossary a name.',
    );
  }
  if (name.trim().length === 0) {
    throw new GlossaryEntriesError(0, 'name', 'The glossary name is empty; give the glossary a name.');
  }
  if (LONE_SURROGATE_RE.test(name)) {
    throw new GlossaryEntriesError(
      0,
      'name',
      'The glossary name contains invalid Unicode (an unpaired surrogate); retype the name.',
    );
  }
  const control = CONTROL_RE.exec(name);
  if (control) {
    throw new GlossaryEntriesError(
      0,
      'name',
      `The glossary name contains ${describeControl(control[0])}; use a single-line name without control characters.`,
    );
  }
  const bytes = Buffer.byteLength(name, 'utf8');
  if (bytes > LIMITS.glossaryTermBytes) {
    throw new GlossaryEntriesError(
      0,
      'name',
      `The glossary name is ${bytes} UTF-8 bytes long; the limit is ${LIMITS.glossaryTermBytes} bytes, shorten it.`,
    );
  }
  return name;
}
