/**
 * Glossary files (main process, plain Node; loaded on first import or export): the termbases CAT-tool users
 * bring, read into `[source, target]` pairs, and the same formats written back.
 *
 * - TSV and CSV through papaparse: delimiter detected (`,` `;` tab `|`) unless chosen, a header row detected
 *   (language codes or names, "source"/"target"-like words) unless chosen, quoted cells with line breaks and
 *   doubled quotes, the first two columns (a DeepL-style CSV's language columns are ignored).
 * - Text encodings: a UTF-8, UTF-16 LE or UTF-16 BE byte-order mark; UTF-16 without one is recognised by its
 *   zero bytes; then UTF-8 (checked with a fatal decoder); bytes that are not UTF-8 are in the Windows code page
 *   Excel and Notepad write ("CSV", "ANSI"), detected by jschardet and named in the result (`legacyEncoding`) for
 *   the preview to say; binary files are refused.
 * - XLSX through exceljs (imported lazily: it is large): the first sheet and its first two columns, or the sheet
 *   and columns chosen; cells as the spreadsheet shows them (`cell.text`).
 * - TBX (ISO 30042; TBX-Basic, TBX-Default and the older `martif` form) through saxes: per concept, the terms of
 *   the two chosen languages (by base language: `en-US` counts as EN); every source synonym maps to the first
 *   target term. A DOCTYPE is refused outright (no entity expansion, no external fetches).
 *
 * Every failure is an ApiError `bad_file` (a problem of the file, not of the service) with `serviceCode` naming
 * it (`file_not_text`, `file_encoding`, `file_unterminated_quote`, `file_one_column`, `file_not_xlsx`,
 * `file_tbx_doctype`, `file_tbx_invalid`, `file_tbx_languages`, `file_empty`, `file_format`) and a sentence saying
 * what to do; a file that is not readable text also carries `fileProblem`, which the UI words in its language.
 */
import Papa from 'papaparse';
import { SaxesParser } from 'saxes';
import type {
  EntryPair,
  ExportFormat,
  ImportFormat,
  ImportOptions,
  ImportResult,
  LegacyScript,
} from '../../../shared/ipc/contract-glossaries.js';
import type { FileProblem } from '../../../shared/ipc/errors.js';
import { SOURCE_LANGUAGES, TARGET_LANGUAGES } from '../../../shared/spec/languages.js';
import { ApiError } from './api-errors.js';

function fail(code: string, message: string, fileProblem?: FileProblem): never {
  throw new ApiError('bad_file', message, { serviceCode: code, ...(fileProblem && { fileProblem }) });
}

// ----- Encodings -----
//
// Excel's "CSV" and Notepad's "ANSI" save in the Windows code page of the system's language (windows-1252 on
// Western European Windows), and nothing in such a file says which: it is detected by jschardet (a port of Python's
// chardet 7), asked to choose among those code pages only. Its guesses between the Latin ones (1250, 1252, 1254,
// 1257) are not reliable on a glossary's few lines ("délai" alone reads as Hungarian 1250), so Latin text is read as
// windows-1252 unless the file has bytes that code page lacks; its guesses between scripts (Cyrillic, Greek,
// Japanese …) are. The preview names the code page read, so nothing is guessed silently.

type CodePage = { label: string; name: string; script: LegacyScript; latin?: true };

/** jschardet's names of the Windows code pages → the TextDecoder label, the name shown, the script. */
const CODE_PAGES: Record<string, CodePage> = {
  'windows-1252': { label: 'windows-1252', name: 'Windows-1252', script: 'western', latin: true },
  'windows-1250': { label: 'windows-1250', name: 'Windows-1250', script: 'centralEuropean', latin: true },
  'windows-1254': { label: 'windows-1254', name: 'Windows-1254', script: 'turkish', latin: true },
  'windows-1257': { label: 'windows-1257', name: 'Windows-1257', script: 'baltic', latin: true },
  'windows-1258': { label: 'windows-1258', name: 'Windows-1258', script: 'vietnamese', latin: true },
  'windows-1251': { label: 'windows-1251', name: 'Windows-1251', script: 'cyrillic' },
  'windows-1253': { label: 'windows-1253', name: 'Windows-1253', script: 'greek' },
  'windows-1255': { label: 'windows-1255', name: 'Windows-1255', script: 'hebrew' },
  'windows-1256': { label: 'windows-1256', name: 'Windows-1256', script: 'arabic' },
  cp874: { label: 'windows-874', name: 'Windows-874', script: 'thai' },
  cp932: { label: 'shift_jis', name: 'Shift_JIS', script: 'japanese' },
  gb18030: { label: 'gb18030', name: 'GB18030', script: 'chineseSimplified' },
  big5: { label: 'big5', name: 'Big5', script: 'chineseTraditional' },
  cp949: { label: 'euc-kr', name: 'EUC-KR', script: 'korean' },
};
/** What jschardet is asked to choose among: those code pages only (its input names for them). */
const DETECTED = Object.keys(CODE_PAGES).map((k) => k.replace('windows-', 'cp'));
const WESTERN = CODE_PAGES['windows-1252']!;
/** The bytes windows-1252 leaves undefined (a file with them is not in it). */
const CP1252_GAPS = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
/** windows-1252's 0x80–0x9F (the WHATWG index): € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ. */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * windows-1252 as the WHATWG standard decodes it. Node's TextDecoder reads the label as Latin-1 since 20.18.3 and
 * 22.13 (nodejs/node#60888): ’ € œ – would come out as control characters. Whichever it does, 0x80–0x9F are
 * mapped here.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252')
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

export interface DecodedText {
  text: string;
  encoding: string;
  legacyEncoding?: { name: string; script: LegacyScript };
}

const SAVE_AS = 'Save it from your spreadsheet as "CSV UTF-8" or as Unicode text and import it again.';

function notText(problem: FileProblem, detail = ''): never {
  if (problem.kind === 'binary') {
    fail(
      'file_not_text',
      `This file is not text Verso can read (it looks like a binary file${detail}). ${SAVE_AS}`,
      problem,
    );
  }
  if (problem.kind === 'damaged') {
    const e = problem.encoding;
    fail(
      'file_encoding',
      `The file starts as ${e} text (by its byte-order mark) but is not valid ${e} further on: it may be cut short or damaged. ${SAVE_AS}`,
      problem,
    );
  }
  fail(
    'file_encoding',
    `This file is not text in an encoding Verso reads (UTF-8, UTF-16 or a Windows code page). ${SAVE_AS}`,
    problem,
  );
}

/** The text, or null when the bytes are not valid in the encoding. */
function tryDecode(label: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Text holds no NUL: a file with one is binary, whatever it decodes as. */
function checked(d: DecodedText): DecodedText {
  if (d.text.includes('\u0000')) notText({ kind: 'binary' });
  return d;
}

export async function decodeText(bytes: Uint8Array): Promise<DecodedText> {
  const boms: [number[], string, string][] = [
    [[0xef, 0xbb, 0xbf], 'utf-8', 'UTF-8 (BOM)'],
    [[0xff, 0xfe], 'utf-16le', 'UTF-16 LE'],
    [[0xfe, 0xff], 'utf-16be', 'UTF-16 BE'],
  ];
  for (const [mark, label, name] of boms) {
    if (!mark.every((b, i) => bytes[i] === b)) continue;
    const text = tryDecode(label, bytes.subarray(mark.length));
    if (text === null) notText({ kind: 'damaged', encoding: name.replace(' (BOM)', '') });
    return checked({ text, encoding: name });
  }
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
  const utf16 =
    half > 0 && oddZeros > half * 0.3 && evenZeros < half * 0.05
      ? 'le'
      : half > 0 && evenZeros > half * 0.3 && oddZeros < half * 0.05
        ? 'be'
        : null;
  const text16 = utf16 && tryDecode(`utf-16${utf16}`, bytes);
  if (text16) return checked({ text: text16, encoding: `UTF-16 ${utf16!.toUpperCase()}` });
  const utf8 = tryDecode('utf-8', bytes);
  if (utf8 !== null) return checked({ text: utf8, encoding: 'UTF-8' });
  return decodeLegacy(bytes);
}

/** Bytes that are not UTF-8: a Windows code page, detected (lazily loaded: most files are UTF-8). */
async function decodeLegacy(bytes: Uint8Array): Promise<DecodedText> {
  const { detect } = await import('jschardet');
  const guess = detect(bytes, { detectEncodings: DETECTED });
  if (!guess.encoding) {
    notText(
      { kind: guess.mimeType?.startsWith('text/') ? 'unknown' : 'binary' },
      guess.mimeType && guess.mimeType !== 'application/octet-stream' ? `: ${guess.mimeType}` : '',
    );
  }
  const found = CODE_PAGES[guess.encoding.toLowerCase()];
  if (!found) notText({ kind: 'unknown' });
  const page = found.latin && !bytes.some((b) => CP1252_GAPS.has(b)) ? WESTERN : found;
  const text = page === WESTERN ? decodeWindows1252(bytes) : new TextDecoder(page.label).decode(bytes);
  return checked({ text, encoding: page.name, legacyEncoding: { name: page.name, script: page.script } });
}

// ----- Header detection -----
//
// A wrong guess drops a term silently (a headerless `sun⇥sol` file loses "sun"), so a header is guessed only when
// the first row is clearly one: both cells are known column titles, language names, or language codes from the
// spec's tables (not any two- or three-letter word), the file has rows below it, and none of the rows below looks
// like a header too (a glossary of language names is data, not titles). The preview says what became of the row.

/**
 * Column titles, in the 14 UI languages (and a few more a CAT tool writes): "source", "target", "term",
 * "translation", their language forms and the usual compounds ("Source term", «Исходный термин», 訳語…). A title
 * counts only next to another title, a language name or a code (see `rowLooksLikeHeader`).
 */
const HEADER_WORDS = new Set(
  [
    // en
    'source|target|term|terms|src|tgt|source term|target term|source text|target text|source language|target language|original|translation|translations|source_lang|target_lang|source lang|target lang|source terms|target terms',
    // de
    'quelle|ziel|ausgangssprache|zielsprache|quellsprache|begriff|übersetzung|übersetzungen|ausgangstext|zieltext|quelltext|quellbegriff|zielbegriff|ausgangsbegriff|benennung|terminus|quellterm|zielterm',
    // fr
    'langue source|langue cible|terme|termes|traduction|traductions|cible|terme source|terme cible|texte source|texte cible|langue d’origine|langue d\'origine|langue de départ|langue d’arrivée|langue d\'arrivée',
    // es
    'origen|destino|término|términos|traducción|traducciones|término de origen|término original|término de destino|término meta|idioma de origen|idioma de destino|idioma origen|idioma destino|texto de origen|texto original|texto de destino|lengua de origen|lengua de destino|término origen|término destino|original',
    // it
    'origine|destinazione|termine|termini|traduzione|traduzioni|sorgente|originale|testo di origine|testo originale|testo sorgente|testo di destinazione|lingua di origine|lingua di destinazione|lingua sorgente|lingua di arrivo|lingua origine|lingua destinazione|termine di origine|termine originale|termine sorgente|termine di destinazione|termine di arrivo|termine tradotto',
    // pt, pt-BR
    'origem|termo|termos|tradução|traduções|termo de origem|termo original|termo de destino|termo traduzido|idioma de origem|idioma de destino|texto de origem|texto de destino|língua de origem|língua de destino|língua de partida|língua de chegada',
    // nl
    'bron|doel|vertaling|vertalingen|termen|brontaal|doeltaal|bronterm|doelterm|brontekst|doeltekst|origineel|oorspronkelijke term',
    // pl
    'termin|terminy|tłumaczenie|tłumaczenia|przekład|oryginał|język źródłowy|język docelowy|termin źródłowy|termin docelowy|tekst źródłowy|tekst docelowy|wyrażenie źródłowe|wyrażenie docelowe',
    // ru
    'термин|термины|перевод|переводы|оригинал|исходный|целевой|исходный термин|целевой термин|исходные термины|целевые термины|исходный текст|целевой текст|текст перевода|исходный язык|целевой язык|язык оригинала|язык перевода|термин перевода|перевод термина',
    // uk
    'термін|терміни|переклад|переклади|оригінал|вихідний|цільовий|вихідний термін|цільовий термін|вихідний текст|цільовий текст|текст перекладу|вихідна мова|цільова мова|мова оригіналу|мова перекладу|термін перекладу',
    // ja
    '原文|訳文|用語|訳語|翻訳|原語|ソース|ターゲット|ソース言語|ターゲット言語|ソース用語|ターゲット用語|原文用語|翻訳元|翻訳先|翻訳元言語|翻訳先言語|原文言語|訳文言語|対訳',
    // zh-Hans (and the traditional forms)
    '源|目标|术语|译文|翻译|原文|源语言|目标语言|源术语|目标术语|源文本|目标文本|原文术语|译文术语|译名|原语|译语|目標|術語|譯文|翻譯|源語言|目標語言|源術語|目標術語',
    // ko
    '원문|번역|번역문|용어|원어|역어|소스|대상|원본|출발어|도착어|원문 용어|번역 용어|원본 용어|대상 용어|소스 용어|소스 언어|대상 언어|출발 언어|도착 언어|원본 언어',
    // ar
    'المصدر|الهدف|المصطلح|المصطلحات|الترجمة|الترجمات|الأصل|المصطلح المصدر|المصطلح الهدف|النص المصدر|النص الهدف|النص الأصلي|اللغة المصدر|اللغة الهدف|لغة المصدر|لغة الهدف|مصطلح المصدر|مصطلح الهدف',
  ]
    .join('|')
    .split('|'),
);

/** A cell as compared with the titles and names: trimmed, lower case, inner spaces as one. */
const normalCell = (s: string): string => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

const LANGUAGE_CODES = new Set([...SOURCE_LANGUAGES, ...TARGET_LANGUAGES].map((l) => l.code));

/** The UI's languages (the editor names its columns in them) and a few more a termbase is often written in. */
const NAME_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'pt-BR', 'nl', 'pl', 'ru', 'uk', 'ja', 'zh-Hans', 'zh-Hant', 'ko', 'ar'];

let languageNames: Set<string> | undefined;
/**
 * Whether `s` names a language in one of NAME_LOCALES: the base languages, and each code of the spec's tables as
 * the editor's column titles name it ("English (US)", «Английский», «американский английский», 简体中文).
 */
function isLanguageName(s: string): boolean {
  if (!languageNames) {
    const names = new Set<string>();
    const codes = 'ar bg cs da de el en es et fi fr he hu id it ja ko lt lv nb nl pl pt ro ru sk sl sv th tr uk vi zh'.split(' ');
    const tags = [...LANGUAGE_CODES].map((c) => {
      try {
        return Intl.getCanonicalLocales(c)[0] ?? c;
      } catch {
        return c;
      }
    });
    for (const loc of NAME_LOCALES) {
      for (const style of ['dialect', 'standard'] as const) {
        let dn: Intl.DisplayNames;
        try {
          dn = new Intl.DisplayNames([loc], { type: 'language', languageDisplay: style });
        } catch {
          continue;
        }
        for (const c of [...codes, ...tags]) {
          try {
            const name = dn.of(c);
            if (name && name.toLowerCase() !== c.toLowerCase()) names.add(normalCell(name));
          } catch {
            /* a code Intl does not know */
          }
        }
      }
    }
    for (const l of [...SOURCE_LANGUAGES, ...TARGET_LANGUAGES]) names.add(normalCell(l.name));
    languageNames = names;
  }
  return languageNames.has(normalCell(s));
}

function looksLikeHeaderCell(cell: string): boolean {
  const c = cell.trim().replace(/^["']|["']$/g, '');
  if (c === '') return false;
  return HEADER_WORDS.has(normalCell(c)) || LANGUAGE_CODES.has(c.toUpperCase().replace('_', '-')) || isLanguageName(c);
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
    error ??= new ApiError('bad_file', 'The TBX file declares a DOCTYPE, which Verso does not read (it could pull in other files). Remove the <!DOCTYPE …> line and import again.', {
      serviceCode: 'file_tbx_doctype',
    });
  });
  parser.on('opentag', (tag) => {
    const name = tag.name.includes(':') ? tag.name.split(':').pop()! : tag.name;
    if (!sawRoot) {
      sawRoot = true;
      if (name !== 'tbx' && name !== 'martif') {
        error ??= new ApiError('bad_file', `This XML file is not a TBX termbase (its root is <${tag.name}>). Export a TBX file from your CAT tool.`, { serviceCode: 'file_tbx_invalid' });
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
  const { text, encoding, legacyEncoding } = await decodeText(bytes);
  const read = { encoding, ...(legacyEncoding && { legacyEncoding }) };
  if (format === 'tbx') return { ...parseTbx(text, o), ...read };
  return { ...parseDelimited(text, format, o), ...read };
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * An Excel sheet name for a glossary's name: the characters Excel refuses in one (\ / : * ? [ ]) become "_", no
 * apostrophe at either end, at most 31 UTF-16 units (cut between characters); the pair's codes when nothing is left.
 */
export function sheetNameFor(name: string, sourceLang: string, targetLang: string): string {
  let out = '';
  for (const ch of name.replace(/[\\/:*?[\]\u0000-\u001f]/g, '_').trim().replace(/^'+|'+$/g, '')) {
    if (out.length + ch.length > 31) break;
    out += ch;
  }
  out = out.replace(/'+$/, '').trim();
  return out || `${sourceLang}-${targetLang}`;
}

/**
 * Writes entries in a format; text formats are strings (UTF-8), XLSX is bytes. `name` (the glossary's) names the
 * XLSX sheet, as the file is named after it: a fixed "Glossary" was English in every UI language.
 */
export async function exportGlossaryFile(
  format: ExportFormat,
  entries: readonly EntryPair[],
  sourceLang: string,
  targetLang: string,
  name = '',
): Promise<string | Uint8Array> {
  if (format === 'tsv' || format === 'csv') {
    // The service's glossary entries (`entries_format` tsv/csv: comma or tab, UTF-8, no header), to upload as they
    // are; not the spreadsheet CSV of shared/csv-export.ts (BOM, ";" in some locales), which the service would not
    // take. The export panel points spreadsheets to XLSX; the import reads both CSVs back.
    return `${Papa.unparse(entries as EntryPair[], { delimiter: format === 'tsv' ? '\t' : ',', newline: '\n' })}\n`;
  }
  if (format === 'xlsx') {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(sheetNameFor(name, sourceLang, targetLang));
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
