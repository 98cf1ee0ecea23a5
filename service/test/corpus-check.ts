/**
 * Checks of a translated document against its original (test code only), used by the real-documents corpus test
 * and the corpus benchmark. The pseudo engine makes a translation visible: every translated unit is wrapped in
 * `⟦…⟧` and its ASCII letters become accented look-alikes, while digits, punctuation and other scripts stay.
 * So, per format, the visible text of the original and of the result are extracted and compared:
 *   - nothing left untranslated: once every `⟦…⟧` span is removed from the result's text, no letters remain;
 *   - nothing lost: every number of the original is still in the result, and every character of the original
 *     is still there as often (both after the pseudo engine's letter mapping: protected spans stay ASCII);
 *   - structure kept: counts of paragraphs, tables, notes, hyperlinks, fields, images, slides, sheets, formulas,
 *     charts, cues and timings, tags, trans-units are equal.
 * Extraction is deliberately simple (regular expressions over XML, no schema knowledge): it is an independent
 * second reading of the files, not a copy of the handlers' logic.
 */
import JSZip from 'jszip';
import { parse as parseHtml } from 'parse5';
import { pseudoText } from '../engines/pseudo.js';
import { XmlTokenizer } from '../formats/lib/xml-tokens.js';

export interface Reading {
  /** Visible text, units separated by newlines. */
  text: string;
  /** Structure counts (name → count). */
  counts: Record<string, number>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
export function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e] ?? m;
  });
}

const count = (s: string, re: RegExp) => (s.match(re) ?? []).length;
/** An element name in any namespace prefix (`w:p`, `ns0:p`, `p`). */
const el = (local: string, flags = 'g') => new RegExp(`<(?:[\\w.-]+:)?${local}(?=[\\s/>])`, flags);

/** Text of the elements `local` inside each unit element `unit`, one line per unit. */
function unitTexts(xml: string, unit: string, text: string): string {
  const out: string[] = [];
  const unitRe = new RegExp(`<((?:[\\w.-]+:)?${unit})(?=[\\s>])[^>]*>([\\s\\S]*?)</\\1>`, 'g');
  const textRe = new RegExp(`<((?:[\\w.-]+:)?${text})(?:\\s[^>]*)?>([^<]*)</\\1>`, 'g');
  for (const m of xml.matchAll(unitRe)) {
    out.push([...m[2]!.matchAll(textRe)].map((t) => decodeXml(t[2]!)).join(''));
  }
  return out.join('\n');
}

export function wellFormed(xml: string, what: string): void {
  const t = new XmlTokenizer(() => undefined, what);
  // Documents with a DOCTYPE (XHTML, DITA) are checked without it.
  t.write(xml.replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/, ''));
  t.close();
}

async function zipParts(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const parts = new Map<string, string>();
  for (const f of Object.values(zip.files)) {
    if (f.dir || !/\.(xml|rels)$/i.test(f.name)) continue;
    const raw = await f.async('nodebuffer');
    // Parts stored as UTF-16 (custom XML data) are copied unchanged by the service; they are not read here.
    if ((raw[0] === 0xff && raw[1] === 0xfe) || (raw[0] === 0xfe && raw[1] === 0xff)) continue;
    const xml = raw.toString('utf8');
    wellFormed(xml, f.name);
    parts.set(f.name, xml);
  }
  return parts;
}

function addCounts(into: Record<string, number>, xml: string, names: string[]): void {
  for (const n of names) into[n] = (into[n] ?? 0) + count(xml, el(n));
}

async function readDocx(bytes: Buffer): Promise<Reading> {
  const parts = await zipParts(bytes);
  const counts: Record<string, number> = {};
  const texts: string[] = [];
  for (const [name, xml] of parts) {
    if (/^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/.test(name)) {
      // Text boxes appear twice (mc:Choice and its VML fallback): read the Choice only, as Word shows it.
      // Math (OMML) and phonetic guides (ruby) are kept as they are by design.
      const shown = xml
        .replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '')
        .replace(/<m:oMath(Para)?\b[\s\S]*?<\/m:oMath\1>/g, '')
        .replace(/<w:ruby>[\s\S]*?<\/w:ruby>/g, '');
      texts.push(unitTexts(shown.replace(/<w:instrText[\s\S]*?<\/w:instrText>/g, ''), 'p', 't'));
      addCounts(counts, xml, ['p', 'tbl', 'tc', 'footnoteReference', 'endnoteReference', 'hyperlink', 'fldChar', 'fldSimple', 'instrText', 'drawing', 'commentReference', 'sdt', 'br', 'tab']);
    }
    if (/^word\/charts\/chart\d+\.xml$/.test(name)) counts.charts = (counts.charts ?? 0) + 1;
  }
  return { text: texts.join('\n'), counts };
}

async function readPptx(bytes: Buffer): Promise<Reading> {
  const parts = await zipParts(bytes);
  const counts: Record<string, number> = {};
  const texts: string[] = [];
  for (const [name, xml] of parts) {
    if (/^ppt\/(slides\/slide|notesSlides\/notesSlide)\d+\.xml$/.test(name)) {
      texts.push(unitTexts(xml, 'p', 't'));
      addCounts(counts, xml, ['p', 'sp', 'pic', 'graphicFrame', 'tbl', 'fld']);
      // A link is what a reader clicks: runs in a row that point to the same target are one link (the service
      // may merge runs that differ only by a proofing mark, so their hlinkClick elements become one).
      for (const para of xml.match(/<a:p>[\s\S]*?<\/a:p>/g) ?? []) {
        const targets = [...para.matchAll(/<a:hlinkClick\b[^>]*?r:id="([^"]*)"/g)].map((m) => m[1]);
        counts.hyperlinks = (counts.hyperlinks ?? 0) + new Set(targets).size;
      }
      counts.slides = (counts.slides ?? 0) + 1;
    }
  }
  return { text: texts.join('\n'), counts };
}

/**
 * Sheets the workbook shows (not `state="hidden"`/`"veryHidden"`), as part names, from workbook.xml and its
 * relationships; a sheet part the workbook does not list counts as shown.
 */
function hiddenSheetParts(parts: Map<string, string>): Set<string> {
  const rels = new Map<string, string>();
  for (const m of (parts.get('xl/_rels/workbook.xml.rels') ?? '').matchAll(/<(?:[\w.-]+:)?Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]*)"/.exec(m[0])?.[1];
    const target = /\bTarget="([^"]*)"/.exec(m[0])?.[1];
    if (id && target) rels.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const hidden = new Set<string>();
  for (const m of (parts.get('xl/workbook.xml') ?? '').matchAll(/<(?:[\w.-]+:)?sheet\s[^>]*>/g)) {
    const id = /\s[\w.-]+:id="([^"]*)"/.exec(m[0])?.[1];
    if (id && /\bstate="(hidden|veryHidden)"/.test(m[0]) && rels.has(id)) hidden.add(rels.get(id)!);
  }
  return hidden;
}

const colNumber = (letters: string) => [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/**
 * Text a reader of the workbook sees: hidden sheets, rows and columns are left untranslated by design (as in
 * Okapi), so only cells shown count, with the shared strings they use (a shared string no shown cell uses is
 * not counted either).
 */
function visibleCellTexts(sheet: string, usedShared: Set<number>): string[] {
  const hiddenCols: [number, number][] = [];
  for (const m of sheet.matchAll(/<(?:[\w.-]+:)?col\s[^>]*>/g)) {
    if (!/\bhidden="(1|true)"/.test(m[0])) continue;
    const min = Number(/\bmin="(\d+)"/.exec(m[0])?.[1] ?? 0);
    hiddenCols.push([min, Number(/\bmax="(\d+)"/.exec(m[0])?.[1] ?? min)]);
  }
  const out: string[] = [];
  const rowRe = /<((?:[\w.-]+:)?)row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1row>)/g;
  for (const row of sheet.matchAll(rowRe)) {
    if (/\bhidden="(1|true)"/.test(row[2]!) || !row[3]) continue;
    const cellRe = /<((?:[\w.-]+:)?)c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1c>)/g;
    for (const cell of row[3].matchAll(cellRe)) {
      const col = /\br="\$?([A-Za-z]+)/.exec(cell[2]!)?.[1];
      if (col && hiddenCols.some(([a, b]) => colNumber(col) >= a && colNumber(col) <= b)) continue;
      const body = cell[3] ?? '';
      const type = /\bt="(\w+)"/.exec(cell[2]!)?.[1];
      if (type === 's') {
        const v = /<(?:[\w.-]+:)?v>\s*(\d+)\s*</.exec(body)?.[1];
        if (v !== undefined) usedShared.add(Number(v));
      } else if (type === 'inlineStr') out.push(unitTexts(`<is>${body}</is>`, 'is', 't'));
    }
  }
  return out;
}

async function readXlsx(bytes: Buffer): Promise<Reading> {
  const parts = await zipParts(bytes);
  const counts: Record<string, number> = {};
  const texts: string[] = [];
  const hidden = hiddenSheetParts(parts);
  const usedShared = new Set<number>();
  for (const [name, xml] of parts) {
    if (/^xl\/worksheets\/sheet\d+\.xml$/.test(name)) {
      counts.sheets = (counts.sheets ?? 0) + 1;
      addCounts(counts, xml, ['c', 'f', 'row', 'hyperlink', 'mergeCell']);
      if (!hidden.has(name)) texts.push(...visibleCellTexts(xml, usedShared));
    }
    if (/^xl\/charts\/chart\d+\.xml$/.test(name)) counts.charts = (counts.charts ?? 0) + 1;
  }
  const shared = parts.get('xl/sharedStrings.xml');
  if (shared) {
    // Phonetic runs (rPh) are readings of the text, kept as they are.
    const siRe = /<((?:[\w.-]+:)?si)(?=[\s>])[^>]*>([\s\S]*?)<\/\1>|<(?:[\w.-]+:)?si\s*\/>/g;
    let i = 0;
    for (const m of shared.replace(/<((?:[\w.-]+:)?rPh)\b[\s\S]*?<\/\1>/g, '').matchAll(siRe)) {
      if (usedShared.has(i)) texts.push(unitTexts(m[0], 'si', 't'));
      i++;
    }
  }
  return { text: texts.join('\n'), counts };
}

async function readIdml(bytes: Buffer): Promise<Reading> {
  const parts = await zipParts(bytes);
  const counts: Record<string, number> = {};
  const texts: string[] = [];
  for (const [name, xml] of parts) {
    if (!/^Stories\/.*\.xml$/.test(name)) continue;
    texts.push(unitTexts(xml, 'ParagraphStyleRange', 'Content'));
    addCounts(counts, xml, ['ParagraphStyleRange', 'CharacterStyleRange', 'Br', 'HyperlinkTextSource', 'Table', 'Cell']);
  }
  return { text: texts.join('\n'), counts };
}

/** Decodes a text file by its byte-order mark (UTF-8 otherwise, or the manifest's legacy encoding). */
export function decodeBytes(bytes: Buffer, legacy?: string): { text: string; encoding: string } {
  const b = bytes;
  if (b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return { text: utf32(b.subarray(4), true), encoding: 'utf-32le' };
  if (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return { text: utf32(b.subarray(4), false), encoding: 'utf-32be' };
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { text: new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(3)), encoding: 'utf-8-bom' };
  if (b[0] === 0xff && b[1] === 0xfe) return { text: new TextDecoder('utf-16le', { fatal: true }).decode(b.subarray(2)), encoding: 'utf-16le' };
  if (b[0] === 0xfe && b[1] === 0xff) return { text: new TextDecoder('utf-16be', { fatal: true }).decode(b.subarray(2)), encoding: 'utf-16be' };
  if (legacy && !/^utf-?8/i.test(legacy)) return { text: new TextDecoder(legacy).decode(b), encoding: legacy };
  return { text: new TextDecoder('utf-8', { fatal: true }).decode(b), encoding: 'utf-8' };
}

function utf32(b: Buffer, le: boolean): string {
  let s = '';
  for (let i = 0; i + 3 < b.length; i += 4) s += String.fromCodePoint(le ? b.readUInt32LE(i) : b.readUInt32BE(i));
  return s;
}

const HTML_KEPT = new Set(['script', 'style', 'noscript', 'template', 'code', 'kbd', 'samp', 'var', 'textarea']);

const HTML_INLINE = new Set(
  'a abbr b bdi bdo big cite code data del dfn em font i ins kbd label mark q s samp small span strike strong sub sup time tt u var nobr wbr'.split(' '),
);

function readHtml(text: string): Reading {
  const counts: Record<string, number> = {};
  const out: string[] = [];
  type Node = { nodeName: string; value?: string; childNodes?: Node[]; content?: Node; attrs?: { name: string; value: string }[] };
  const attr = (n: Node, name: string) => n.attrs?.find((a) => a.name === name)?.value ?? '';
  const walk = (n: Node, skip: boolean) => {
    if (n.nodeName === '#text') {
      if (!skip) out.push(n.value ?? '');
      return;
    }
    if (!n.nodeName.startsWith('#')) counts[n.nodeName] = (counts[n.nodeName] ?? 0) + 1;
    // Not text for readers, or kept by design (the local-service notes): scripts, styles, what shows only
    // without scripts, code and keyboard input, and what the author marked translate="no".
    const s =
      skip ||
      HTML_KEPT.has(n.nodeName) ||
      attr(n, 'translate').toLowerCase() === 'no' ||
      attr(n, 'class').split(/\s+/).includes('notranslate');
    // Blocks (cells, paragraphs, items) are separate units: their texts must not run together ("0.025" in one
    // cell and "0.75" in the next are two numbers, not "0.0250.75").
    const block = !n.nodeName.startsWith('#') && !HTML_INLINE.has(n.nodeName);
    if (block) out.push('\n');
    for (const c of n.childNodes ?? []) walk(c, s);
    if (n.content) walk(n.content, s);
    if (block) out.push('\n');
  };
  walk(parseHtml(text) as unknown as Node, false);
  // The parser adds html/head/body where a fragment has none; those are not the document's structure.
  delete counts.html;
  delete counts.head;
  delete counts.body;
  return { text: out.join(''), counts };
}

/** XLIFF 1.2 inline codes: their content is the native code of the original format (`{name}`, `<b>`), kept as is. */
const XLIFF_CODES = new Set(['ph', 'bpt', 'ept', 'it']);

function readXmlText(text: string, what: string, unit?: string, codes = new Set<string>()): Reading {
  wellFormed(text, what);
  const counts: Record<string, number> = {};
  const out: string[] = [];
  let inUnit = unit ? 0 : 1;
  let inCode = 0;
  const t = new XmlTokenizer((tok) => {
    if (tok.kind === 'open') {
      const local = tok.name.replace(/^.*:/, '');
      counts[local] = (counts[local] ?? 0) + 1;
      if (unit && local === unit && !tok.selfClosing) inUnit++;
      // What the author marked translate="no" (DITA draft comments, say) stays as it is.
      const kept = codes.has(local) || tok.attrs.translate === 'no' || tok.attrs['its:translate'] === 'no';
      if (!tok.selfClosing && (inCode > 0 || kept)) inCode++;
    } else if (tok.kind === 'close') {
      const local = tok.name.replace(/^.*:/, '');
      if (unit && local === unit) inUnit--;
      if (inCode > 0) inCode--;
    } else if (tok.kind === 'text' && inUnit > 0 && inCode === 0) out.push(tok.text);
  }, what);
  t.write(text.replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/, ''));
  t.close();
  return { text: out.join(' '), counts };
}

function readSrt(text: string): Reading {
  const timings = text.match(/\d{1,3}:\d{1,2}:\d{1,2}(?:[,.]\d{1,3})?\s*-->\s*\d{1,3}:\d{1,2}:\d{1,2}(?:[,.]\d{1,3})?/g) ?? [];
  const tags = text.match(/<\/?(?:i|b|u|s|font)\b[^>]*>/gi) ?? [];
  const body = text
    .split(/\r?\n|\r/)
    .filter((l) => !/^\s*\d+\s*$/.test(l) && !/-->/.test(l))
    .join('\n')
    .replace(/<\/?(?:i|b|u|s|font)\b[^>]*>|\{\\[^}]*\}/gi, '');
  const counts: Record<string, number> = { cues: timings.length, tags: tags.length };
  // Timings and the tag sequence must come back exactly; encoded as counts of each distinct value.
  for (const t of timings) counts[`timing ${t}`] = (counts[`timing ${t}`] ?? 0) + 1;
  counts[`tag sequence ${tags.map((t) => t.toLowerCase().replace(/\s.*$/, '')).join('')}`] = 1;
  return { text: body, counts };
}

function jsonStrings(v: unknown, out: string[]): void {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => jsonStrings(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => jsonStrings(x, out));
}

function readMif(text: string): Reading {
  // The Strings of one paragraph or text line run together; paragraphs and text lines are apart.
  const out: string[] = [];
  for (const m of text.matchAll(/<(?:Para|TextLine)\b|<String `([^']*)'>/g)) out.push(m[1] ?? '\n');
  return { text: out.join(''), counts: { Para: count(text, /<Para\b/g), TextLine: count(text, /<TextLine\b/g), String: count(text, /<String `/g) } };
}

/** Reads a document of the given extension; throws when the bytes are not a valid document of that kind. */
export async function readDocument(
  ext: string,
  bytes: Buffer,
  legacy?: string,
  role: 'original' | 'result' = 'original',
): Promise<Reading> {
  switch (ext) {
    case 'docx':
      return readDocx(bytes);
    case 'pptx':
      return readPptx(bytes);
    case 'xlsx':
      return readXlsx(bytes);
    case 'idml':
      return readIdml(bytes);
    case 'html':
    case 'htm':
      return readHtml(decodeBytes(bytes, legacy).text);
    case 'xlf':
    case 'xliff':
      // The text to translate is in the original's sources; the translation in the result's targets.
      return readXmlText(decodeBytes(bytes).text, ext, role === 'original' ? 'source' : 'target', XLIFF_CODES);
    case 'xml':
    case 'dita':
      return readXmlText(decodeBytes(bytes, legacy).text, ext);
    case 'srt':
      return readSrt(decodeBytes(bytes, legacy).text);
    case 'json': {
      const out: string[] = [];
      jsonStrings(JSON.parse(decodeBytes(bytes).text.replace(/^\uFEFF/, '')), out);
      // Interpolations (`{{count}}`, `${name}`, `{name}`) are names the program fills in, kept as they are.
      const text = out.join('\n').replace(/\{\{[^{}]*\}\}|\$\{[^{}]*\}|\{[\w.]+\}/g, ' ');
      return { text, counts: { strings: out.length } };
    }
    case 'mif':
      return readMif(decodeBytes(bytes, legacy).text);
    case 'txt': {
      const text = decodeBytes(bytes, legacy).text;
      return { text, counts: { lines: text.split(/\r\n|\n|\r/).length } };
    }
    default:
      throw new Error(`no reader for .${ext}`);
  }
}

export interface Verdict {
  problems: string[];
  /** Letters left outside translated spans / letters of the original. */
  untranslatedShare: number;
}

/** Letters of the result's text that are outside every `⟦…⟧` span. */
export function untranslatedLetters(text: string): string {
  let t = text;
  for (;;) {
    const next = t.replace(/⟦[^⟦⟧]*⟧/g, ' ');
    if (next === t) break;
    t = next;
  }
  return (t.match(/\p{L}+/gu) ?? []).join(' ');
}

function histogram(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of s) if (!/\s/.test(c)) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

const NUMBER = /\d+/g;

/** Compares a result with its original (the readings of both). */
export function compare(original: Reading, result: Reading, options: { structureOnly?: string[] } = {}): Verdict {
  const problems: string[] = [];
  const letters = (original.text.match(/\p{L}/gu) ?? []).length;
  const left = untranslatedLetters(result.text);
  const leftLetters = (left.match(/\p{L}/gu) ?? []).length;
  const untranslatedShare = letters === 0 ? 0 : leftLetters / letters;
  if (leftLetters > 0) problems.push(`untranslated text: "${left.slice(0, 120)}"`);

  const have = new Map<string, number>();
  for (const n of result.text.match(NUMBER) ?? []) have.set(n, (have.get(n) ?? 0) + 1);
  const lost: string[] = [];
  for (const n of original.text.match(NUMBER) ?? []) {
    const k = have.get(n) ?? 0;
    if (k === 0) lost.push(n);
    else have.set(n, k - 1);
  }
  if (lost.length > 0) problems.push(`numbers lost or merged: ${lost.slice(0, 10).join(', ')}`);

  // Protected spans (URLs, paths, identifiers, placeholders: issue 22) come back in ASCII, so both sides are
  // compared after the pseudo engine's letter mapping.
  const want = histogram(pseudoText(original.text));
  const got = histogram(pseudoText(result.text));
  const missing: string[] = [];
  for (const [c, n] of want) if ((got.get(c) ?? 0) < n) missing.push(`${JSON.stringify(c)}×${n - (got.get(c) ?? 0)}`);
  if (missing.length > 0) problems.push(`characters lost: ${missing.slice(0, 10).join(' ')}`);

  for (const k of new Set([...Object.keys(original.counts), ...Object.keys(result.counts)])) {
    if (options.structureOnly && !options.structureOnly.includes(k)) continue;
    const a = original.counts[k] ?? 0;
    const b = result.counts[k] ?? 0;
    if (a !== b) problems.push(`structure: ${k} ${a} → ${b}`);
  }
  return { problems, untranslatedShare };
}

/**
 * True when a message is written for a person: it says what to do, and carries none of the phrases by which
 * library exceptions give themselves away.
 */
export function looksHuman(message: string): boolean {
  const library =
    /outside buffer bounds|central directory|magic number|signature not found|Cannot read propert|is not a function|undefined|null\b|TypeError|RangeError|ENOENT|EACCES|errno|stack|\bat \S+ \(|Invalid PDF structure|Unexpected token/i;
  const advice = /\b(save|upload|open|remove|convert|split|rename|use|run|check|choose|send|set|export|try)\b/i;
  return !library.test(message) && advice.test(message);
}
