/**
 * FrameMaker MIF (text form) (service process, document worker).
 *
 * Each `<Para …>` is one unit: the `<String `…'>` statements of all its `<ParaLine>`s are its text; so is each
 * `<TextLine …>` (text drawn in a graphic frame). Every other statement between them (`<Char Tab>`, `<Font …>`, `<Variable …>`, `<XRef …>`, `<Marker …>`) and each ParaLine
 * boundary are placeholders, so they are written back verbatim. Everything outside those runs is untouched.
 * MIF string escapes are decoded for the engine and re-encoded (`\>` `\q` `\Q` `\\` `\t`); `\xNN ` character
 * codes (FrameMaker's own character set) are kept as placeholders in a String statement of their own.
 * MIF has no standard statement library on npm, so the small lexer below is written by hand.
 */
import { DocumentFormatError } from '../types.js';
import type { StringFormat, UnitTranslator } from './common.js';
import { headText } from './common.js';
import { MarkedUnitBuilder } from './inline.js';
import type { Splice } from './xml-tree.js';
import { applySplices } from './xml-tree.js';

interface Statement {
  name: string;
  start: number;
  end: number;
  children: Statement[];
  /** For `<String `…'>`: the raw string content between the quotes. */
  raw?: string;
}

const MAX_DEPTH = 500;

function fail(message: string): never {
  throw new DocumentFormatError(
    `The MIF file cannot be read: ${message}. Save it again from FrameMaker as MIF and upload it.`,
  );
}

/** Lexes MIF into statements with offsets; strings, comments and inset data (`=…` lines) are skipped over. */
export function lexMif(text: string): Statement[] {
  const top: Statement = { name: '#top', start: 0, end: text.length, children: [] };
  const stack: Statement[] = [top];
  let i = 0;
  let lineStart = true;
  while (i < text.length) {
    const ch = text[i]!;
    if (lineStart && ch === '=') {
      // Inset data facets: raw lines from `=Name` up to `=EndInset`.
      const end = text.indexOf('=EndInset', i);
      if (end < 0) fail('an inset facet has no =EndInset');
      i = text.indexOf('\n', end);
      if (i < 0) i = text.length;
      continue;
    }
    lineStart = false;
    if (ch === '\n') {
      lineStart = true;
      i++;
    } else if (ch === '#') {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
    } else if (ch === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== "'") j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) fail(`a string opened at offset ${i} is never closed`);
      const parent = stack[stack.length - 1]!;
      if (parent.name === 'String' && parent.raw === undefined) parent.raw = text.slice(i + 1, j);
      i = j + 1;
    } else if (ch === '<') {
      const m = /^<([A-Za-z][\w]*)/.exec(text.slice(i, i + 64));
      if (!m) fail(`unexpected "<" at offset ${i}`);
      const st: Statement = { name: m[1]!, start: i, end: -1, children: [] };
      stack[stack.length - 1]!.children.push(st);
      stack.push(st);
      if (stack.length > MAX_DEPTH) fail(`statements nest more than ${MAX_DEPTH} levels deep`);
      i += m[0].length;
    } else if (ch === '>') {
      if (stack.length === 1) fail(`an unmatched ">" at offset ${i}`);
      stack.pop()!.end = i + 1;
      i++;
    } else {
      i++;
    }
  }
  if (stack.length > 1) fail(`the statement <${stack[stack.length - 1]!.name} is never closed`);
  return top.children;
}

/** Decodes a MIF string into text pieces and `\xNN ` codes (kept raw). */
function decodeMifString(raw: string): Array<{ text: string } | { code: string }> {
  const out: Array<{ text: string } | { code: string }> = [];
  let text = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch !== '\\') {
      text += ch;
      continue;
    }
    const next = raw[i + 1] ?? '';
    if (next === 'x') {
      const m = /^\\x[0-9a-fA-F]{1,4} ?/.exec(raw.slice(i));
      if (m) {
        if (text) out.push({ text });
        text = '';
        out.push({ code: m[0] });
        i += m[0].length - 1;
        continue;
      }
    }
    const map: Record<string, string> = { '>': '>', q: "'", Q: '`', '\\': '\\', t: '\t' };
    text += map[next] ?? next;
    i++;
  }
  if (text) out.push({ text });
  return out;
}

export function encodeMifString(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/>/g, '\\>')
    .replace(/'/g, '\\q')
    .replace(/`/g, '\\Q')
    .replace(/\t/g, '\\t');
}

/** Paragraphs (`Para`) and text lines of graphics (`TextLine`), in document order. */
function collectParas(statements: Statement[], out: Statement[]): void {
  for (const st of statements) {
    if (st.name === 'Para' || st.name === 'TextLine') out.push(st);
    else collectParas(st.children, out);
  }
}

/**
 * The statements of a unit: a paragraph's ParaLine contents, or a text line's own statements, from its first
 * String to its last. Statements before and after (TextRectID, fonts, origins, markers) stay in place outside
 * the unit, so no translated text can land before or after them as a String of its own.
 */
function unitItems(para: Statement): Statement[] {
  const all = para.name === 'TextLine' ? para.children : para.children.filter((c) => c.name === 'ParaLine').flatMap((line) => line.children);
  const first = all.findIndex((c) => c.name === 'String');
  if (first < 0) return [];
  let last = all.length - 1;
  while (all[last]!.name !== 'String') last--;
  return all.slice(first, last + 1);
}

async function transform(text: string, translate: UnitTranslator): Promise<string> {
  if (!/^\s*<MIFFile\b/.test(text)) {
    throw new DocumentFormatError(
      'The file is not a MIF file (it does not start with <MIFFile …>). Save it from FrameMaker as MIF.',
    );
  }
  const paras: Statement[] = [];
  collectParas(lexMif(text), paras);
  const units: Array<{ start: number; end: number; builder: MarkedUnitBuilder; indent: string }> = [];
  for (const para of paras) {
    const items = unitItems(para);
    if (items.length === 0) continue;
    const first = items[0]!;
    const lineStart = text.lastIndexOf('\n', first.start) + 1;
    const indentMatch = /^[ \t]*/.exec(text.slice(lineStart, first.start))![0];
    const atLineStart = lineStart > 0 && lineStart + indentMatch.length === first.start;
    const gapStart = !atLineStart
      ? first.start
      : text[lineStart - 2] === '\r'
        ? lineStart - 2
        : lineStart - 1;
    const sep = gapStart === first.start ? '' : text.slice(gapStart, first.start);
    const builder = new MarkedUnitBuilder();
    let prevEnd = -1;
    for (const item of items) {
      if (prevEnd >= 0) {
        const gap = text.slice(prevEnd, item.start);
        // Whitespace between two statements of one line is re-created; a ParaLine boundary is kept verbatim.
        if (/\S/.test(gap)) builder.atom(gap.replace(/\s*$/, ''));
      }
      if (item.name === 'String') {
        for (const piece of decodeMifString(item.raw ?? '')) {
          if ('text' in piece) builder.text(piece.text);
          else builder.atom(`${sep}<String \`${piece.code}'>`);
        }
      } else {
        builder.atom(sep + text.slice(item.start, item.end));
      }
      prevEnd = item.end;
    }
    if (!builder.hasText) continue;
    units.push({ start: sep ? gapStart : first.start, end: prevEnd, builder, indent: sep });
  }
  const translated = await translate(units.map((u) => u.builder.marked()));
  const splices: Splice[] = units.map((u, i) => ({
    start: u.start,
    end: u.end,
    text: u.builder.render(translated[i]!, (t) =>
      t === '' ? '' : `${u.indent}<String \`${encodeMifString(t.replace(/\r?\n/g, ' '))}'>`,
    ),
  }));
  return applySplices(text, splices);
}

export const mifFormat: StringFormat = {
  extensions: ['mif'],
  name: 'MIF',
  sniff: (head) => /^\s*<MIFFile\b/.test(headText(head)),
  transform: (text, translate) => transform(text, translate),
};
