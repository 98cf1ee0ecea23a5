/**
 * Glossary files (main process, plain Node; loaded on first import or export): the termbases CAT-tool users
 * bring, read into `[source, target]` pairs, and the same formats written back.
 *
 * - TSV and CSV through papaparse: delimiter detected (`,` `;` tab `|`) unless chosen, a header row detected
 *   (language codes or names, "source"/"target"-like words) unless chosen, quoted cells with line breaks and
 *   doubled quotes, the first two columns (a DeepL-style CSV's language columns are ignored).
 * - Text encodings: a UTF-8, UTF-16 LE or UTF-16 BE byte-order mark; UTF-16 without one is recognised by its
 *   zero bytes; otherwise the text must be valid UTF-8 (checked with a fatal decoder, never guessed: a wrong
 *   guess would change the terms silently).
 * - XLSX through exceljs (imported lazily: it is large): the first sheet and its first two columns, or the sheet
 *   and columns chosen; cells as the spreadsheet shows them (`cell.text`).
 * - TBX (ISO 30042; TBX-Basic, TBX-Default and the older `martif` form) through saxes: per concept, the terms of
 *   the two chosen languages (by base language: `en-US` counts as EN); every source synonym maps to the first
 *   target term. A DOCTYPE is refused outright (no entity expansion, no external fetches).
 *
 * Every failure is an ApiError `bad_request` with `serviceCode` naming the problem (`file_encoding`,
 * `file_unterminated_quote`, `file_one_column`, `file_not_xlsx`, `file_tbx_doctype`, `file_tbx_invalid`,
 * `file_tbx_languages`, `file_empty`, `file_format`) and a sentence saying what to do.
 */
import Papa from 'papaparse';
import { SaxesParser } from 'saxes';
import type { EntryPair, ExportFormat, ImportFormat, ImportOptions, ImportResult } from '../../../shared/ipc/contract-glossaries.js';
import { SOURCE_LANGUAGES, TARGET_LANGUAGES } from '../../../shared/spec/languages.js';
import { ApiError } from './api-errors.js';

function fail(code: string, message: string): never {
  throw new ApiError('bad_request', message, { serviceCode: code });
}

// ----- Encodings -----

export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: strictDecode('utf-8', bytes.subarray(3)), encoding: 'UTF-8 (BOM)' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { text: strictDecode('utf-16le', bytes.subarray(2)), encoding: 'UTF-16 LE' };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { text: strictDecode('utf-16be', bytes.subarray(2)), encoding: 'UTF-16 BE' };
  // UTF-16 without a BOM: text in Latin script has a zero byte in every other position.
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096));
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2 === 0) evenZeros++;
    else oddZeros++;
  }
  const half = sample.length / 2;
  if (half > 0 && oddZeros > half * 0.3 && evenZeros < half * 0.05) return { text: strictDecode('utf-16le', bytes), encoding: 'UTF-16 LE' };
  if (half > 0 && evenZeros > half * 0.3 && oddZeros < half * 0.05) return { text: strictDecode('utf-16be', bytes), encoding: 'UTF-16 BE' };
  return { text: strictDecode('utf-8', bytes), encoding: 'UTF-8' };
}

function strictDecode(label: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    fail(
      'file_encoding',
      `The file is not valid ${label.toUpperCase()} text. Open it in your spreadsheet or editor and save it as "CSV UTF-8" (or UTF-8 text), then import it again.`,
    );
  }
}

// ----- Header detection -----
//
// A wrong guess drops a term silently (a headerless `sun⇥sol` file loses "sun"), so a header is guessed only when
// the first row is clearly one: both cells are known column titles, language names, or language codes from the
// spec's tables (not any two- or three-letter word), the file has rows below it, and none of the rows below looks
// like a header too (a glossary of language names is data, not titles). The preview says what became of the row.

const HEADER_WORDS =
  /^(source|target|term|terms|src|tgt|source term|target term|source text|target text|source language|target language|original|translation|translations|quelle|ziel|ausgangssprache|zielsprache|origen|destino|source_lang|target_lang|langue source|langue cible|terme|traduction|begriff|übersetzung|término|traducción)$/i;

const LANGUAGE_CODES = new Set([...SOURCE_LANGUAGES, ...TARGET_LANGUAGES].map((l) => l.code));

let languageNames: Set<string> | undefined;
function isLanguageName(s: string): boolean {
  if (!languageNames) {
    languageNames = new Set();
    const codes = 'ar bg cs da de el en es et fi fr he hu id it ja ko lt lv nb nl pl pt ro ru sk sl sv th tr uk vi zh'.split(' ');
    for (const loc of ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl']) {
      const dn = new Intl.DisplayNames([loc], { type: 'language' });
      for (const c of codes) languageNames.add((dn.of(c) ?? '').toLowerCase());
    }
    for (const l of [...SOURCE_LANGUAGES, ...TARGET_LANGUAGES]) languageNames.add(l.name.toLowerCase());
  }
  return languageNames.has(s.toLowerCase());
}

function looksLikeHeaderCell(cell: string): boolean {
  const c = cell.trim().replace(/^["']|["']$/g, '');
  if (c === '') return false;
  return HEADER_WORDS.test(c) || LANGUAGE_CODES.has(c.toUpperCase().replace('_', '-')) || isLanguageName(c);
}

function rowLooksLikeHeader(row: readonly string[] | undefined): boolean {
  if (!row || row.length < 2) return false;
  return looksLikeHeaderCell(row[0] ?? '') && looksLikeHeaderCell(row[1] ?? '');
}

/**
 * Whether the first of `rows` is a header: it looks like one, at least one row with a term follows, and no row
 * below (the first 50 are checked) looks like one too.
 */
export function looksLikeHeader(rows: readonly (readonly string[])[], src = 0, tgt = 1): boolean {
  const pick = (r: readonly string[] | undefined) => (r ? [r[src] ?? '', r[tgt] ?? ''] : undefined);
  if (!rowLooksLikeHeader(pick(rows[0]))) return false;
  const below = rows.slice(1).filter((r) => (r[src] ?? '').trim() !== '' || (r[tgt] ?? '').trim() !== '');
  if (below.length === 0) return false;
  return !below.slice(0, 50).some((r) => rowLooksLikeHeader(pick(r)));
}

// ----- TSV / CSV -----

/** The first row's two cells, for the preview's sentence about it. */
function firstRowOf(row: readonly string[] | undefined, src = 0, tgt = 1): EntryPair | undefined {
  if (!row) return undefined;
  return [(row[src] ?? '').slice(0, 200), (row[tgt] ?? '').slice(0, 200)];
}

function rowsToPairs(rows: readonly (readonly string[])[], src = 0, tgt = 1): { entries: EntryPair[]; skipped: number } {
  const entries: EntryPair[] = [];
  let skipped = 0;
  for (const r of rows) {
    const s = r[src] ?? '';
    const t = r[tgt] ?? '';
    if (s.trim() === '' && t.trim() === '') {
      skipped++;
      continue;
    }
    entries.push([s, t]);
  }
  return { entries, skipped };
}

export function parseDelimited(text: string, ext: 'tsv' | 'csv', o: ImportOptions = {}): ImportResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let delimiter: string | undefined = o.delimiter;
  if (!delimiter) {
    // Guessed on a clean preview (papaparse's guess is thrown off by empty lines).
    const preview = Papa.parse<string[]>(body, { preview: 200, skipEmptyLines: 'greedy', delimitersToGuess: [ext === 'tsv' ? '\t' : ',', '\t', ',', ';', '|'] });
    const guessed = preview.meta.delimiter;
    const multi = preview.data.some((r) => r.length >= 2);
    delimiter = multi ? guessed : ext === 'tsv' ? '\t' : ',';
  }
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
  const quoteError = parsed.errors.find((e) => e.code === 'MissingQuotes' || e.code === 'InvalidQuotes');
  if (quoteError) {
    const row = (quoteError.row ?? 0) + 1;
    fail(
      'file_unterminated_quote',
      `Row ${row}: a quoted cell is not closed (a " without its closing "). Close the quote, or double a quote inside a term ("say ""hi"""), then import again.`,
    );
  }
  let rows = parsed.data.filter((r) => !(r.length === 1 && r[0] === ''));
  if (rows.length === 0) fail('file_empty', 'The file has no rows. Choose a file with one source and target term per row.');
  if (!rows.some((r) => r.length >= 2)) {
    fail(
      'file_one_column',
      `Every row has one column only (no ${delimiter === '\t' ? 'tab' : `"${delimiter}"`} between source and target). Put the source term in the first column and the target in the second, or choose the delimiter.`,
    );
  }
  const header = o.header === 'yes' ? true : o.header === 'no' ? false : looksLikeHeader(rows);
  const firstRow = firstRowOf(rows[0]);
  if (header) rows = rows.slice(1);
  const { entries, skipped } = rowsToPairs(rows);
  return { format: ext, entries, delimiter, header, headerGuessed: o.header !== 'yes' && o.header !== 'no', ...(firstRow && { firstRow }), skipped };
}

// ----- XLSX -----

async function parseXlsx(bytes: Uint8Array, o: ImportOptions): Promise<ImportResult> {
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b)) {
    fail('file_not_xlsx', 'This is not an Excel workbook (.xlsx); it may be an older .xls or another file renamed. Save it as .xlsx or CSV UTF-8 and import again.');
  }
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch {
    fail('file_not_xlsx', 'The workbook could not be read (damaged, or not an .xlsx). Open it in your spreadsheet, save it as .xlsx or CSV UTF-8 and import again.');
  }
  const sheets = wb.worksheets.map((w) => w.name);
  const ws = wb.worksheets[o.sheet ?? 0];
  if (!ws) fail('file_empty', 'The workbook has no sheets.');
  const rows: string[][] = [];
  let width = 0;
  ws.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cell.text ?? '';
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    width = Math.max(width, cells.length);
    rows.push(cells);
  });
  if (rows.length === 0) fail('file_empty', `The sheet "${ws.name}" is empty.`);
  const src = o.sourceColumn ?? 0;
  const tgt = o.targetColumn ?? 1;
  const header = o.header === 'yes' ? true : o.header === 'no' ? false : looksLikeHeader(rows, src, tgt);
  const firstRow = firstRowOf(rows[0], src, tgt);
  const columns = Array.from({ length: Math.max(width, 2) }, (_, i) => (header ? (rows[0]?.[i] ?? '') : ''));
  const { entries, skipped } = rowsToPairs(header ? rows.slice(1) : rows, src, tgt);
  return {
    format: 'xlsx',
    entries,
    header,
    headerGuessed: o.header !== 'yes' && o.header !== 'no',
    ...(firstRow && { firstRow }),
    sheets,
    columns,
    sourceColumn: src,
    targetColumn: tgt,
    skipped,
  };
}

// ----- TBX -----

const base = (lang: string) => lang.trim().toLowerCase().split(/[-_]/)[0] ?? '';

export function parseTbx(text: string, o: ImportOptions): ImportResult {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const concepts: Map<string, string[]>[] = [];
  const languages: string[] = [];
  let concept: Map<string, string[]> | null = null;
  const langStack: (string | undefined)[] = [];
  let termDepth = 0;
  let termText = '';
  let sawRoot = false;
  let error: ApiError | null = null;
  parser.on('doctype', () => {
    error ??= new ApiError('bad_request', 'The TBX file declares a DOCTYPE, which Verso does not read (it could pull in other files). Remove the <!DOCTYPE …> line and import again.', {
      serviceCode: 'file_tbx_doctype',
    });
  });
  parser.on('opentag', (tag) => {
    const name = tag.name.includes(':') ? tag.name.split(':').pop()! : tag.name;
    if (!sawRoot) {
      sawRoot = true;
      if (name !== 'tbx' && name !== 'martif') {
        error ??= new ApiError('bad_request', `This XML file is not a TBX termbase (its root is <${tag.name}>). Export a TBX file from your CAT tool.`, { serviceCode: 'file_tbx_invalid' });
      }
    }
    const lang = (tag.attributes['xml:lang'] ?? tag.attributes['lang']) as string | undefined;
    langStack.push(lang ?? langStack[langStack.length - 1]);
    if (name === 'termEntry' || name === 'conceptEntry') concept = new Map();
    if (name === 'term' && concept) {
      termDepth++;
      if (termDepth === 1) termText = '';
    }
  });
  parser.on('text', (t) => {
    if (termDepth > 0) termText += t;
  });
  parser.on('cdata', (t) => {
    if (termDepth > 0) termText += t;
  });
  parser.on('closetag', (tag) => {
    const name = tag.name.includes(':') ? tag.name.split(':').pop()! : tag.name;
    const lang = langStack.pop();
    if (name === 'term' && concept && termDepth > 0) {
      termDepth--;
      if (termDepth === 0 && lang) {
        const key = base(lang);
        if (!languages.includes(key)) languages.push(key);
        const term = termText.replace(/\s+/g, ' ').trim();
        if (term) {
          const list = concept.get(key) ?? [];
          list.push(term);
          concept.set(key, list);
        }
      }
    }
    if ((name === 'termEntry' || name === 'conceptEntry') && concept) {
      concepts.push(concept);
      concept = null;
    }
  });
  try {
    parser.write(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).close();
  } catch (e) {
    if (error) throw error;
    const msg = e instanceof Error ? e.message : String(e);
    fail('file_tbx_invalid', `The TBX file is not well-formed XML (${msg.slice(0, 160)}). Export it again from your CAT tool.`);
  }
  if (error) throw error;
  if (!sawRoot) fail('file_tbx_invalid', 'The file is empty or not XML. Export a TBX file from your CAT tool.');
  let src = o.sourceLang ? base(o.sourceLang) : undefined;
  let tgt = o.targetLang ? base(o.targetLang) : undefined;
  if (!src || !tgt || !languages.includes(src) || !languages.includes(tgt)) {
    if (!o.sourceLang && languages.length === 2) [src, tgt] = languages as [string, string];
    else {
      fail(
        'file_tbx_languages',
        `The termbase has terms in ${languages.map((l) => l.toUpperCase()).join(', ') || 'no language'}${src && tgt ? `, not in both ${src.toUpperCase()} and ${tgt.toUpperCase()}` : ''}. Choose the glossary's languages among those.`,
      );
    }
  }
  const entries: EntryPair[] = [];
  let skipped = 0;
  for (const c of concepts) {
    const s = c.get(src!);
    const t = c.get(tgt!);
    if (!s?.length || !t?.length) {
      skipped++;
      continue;
    }
    for (const term of s) entries.push([term, t[0]!]);
  }
  return { format: 'tbx', entries, languages: languages.map((l) => l.toUpperCase()), sourceLang: src!.toUpperCase(), targetLang: tgt!.toUpperCase(), skipped };
}

// ----- Entry points -----

function formatOf(fileName: string, bytes: Uint8Array): ImportFormat {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'tsv' || ext === 'tab' || ext === 'txt') return 'tsv';
  if (ext === 'csv') return 'csv';
  if (ext === 'xlsx' || ext === 'xlsm') return 'xlsx';
  if (ext === 'tbx' || ext === 'xml' || ext === 'mtf') return 'tbx';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'xlsx';
  fail('file_format', `Verso cannot read ".${ext}" files as a glossary. Use TSV, CSV, XLSX or TBX.`);
}

export async function importGlossaryFile(fileName: string, bytes: Uint8Array, o: ImportOptions = {}): Promise<ImportResult> {
  const format = o.format ?? formatOf(fileName, bytes);
  if (format === 'xlsx') return parseXlsx(bytes, o);
  const { text, encoding } = decodeText(bytes);
  if (format === 'tbx') return { ...parseTbx(text, o), encoding };
  return { ...parseDelimited(text, format, o), encoding };
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Writes entries in a format; text formats are strings (UTF-8), XLSX is bytes. */
export async function exportGlossaryFile(format: ExportFormat, entries: readonly EntryPair[], sourceLang: string, targetLang: string): Promise<string | Uint8Array> {
  if (format === 'tsv' || format === 'csv') {
    // No header: the file can be uploaded to the service as it is (its TSV/CSV has none).
    return `${Papa.unparse(entries as EntryPair[], { delimiter: format === 'tsv' ? '\t' : ',', newline: '\n' })}\n`;
  }
  if (format === 'xlsx') {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Glossary');
    ws.addRow([sourceLang, targetLang]);
    for (const [s, t] of entries) ws.addRow([s, t]);
    return new Uint8Array(await wb.xlsx.writeBuffer());
  }
  const sl = xmlEscape(sourceLang.toLowerCase());
  const tl = xmlEscape(targetLang.toLowerCase());
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<tbx style="dca" type="TBX-Basic" xml:lang="${sl}" xmlns="urn:iso:std:iso:30042:ed-2">`,
    '<tbxHeader><fileDesc><sourceDesc><p>Verso glossary export</p></sourceDesc></fileDesc></tbxHeader>',
    '<text><body>',
  ];
  entries.forEach(([s, t], i) => {
    parts.push(
      `<conceptEntry id="c${i + 1}"><langSec xml:lang="${sl}"><termSec><term>${xmlEscape(s)}</term></termSec></langSec><langSec xml:lang="${tl}"><termSec><term>${xmlEscape(t)}</term></termSec></langSec></conceptEntry>`,
    );
  });
  parts.push('</body></text>', '</tbx>', '');
  return parts.join('\n');
}
