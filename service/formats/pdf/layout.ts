/**
 * Page layout analysis for the layout-preserving PDF translation (service process, document worker; pure functions,
 * no PDF library). Turns a page's text objects into translatable blocks: objects into lines (same baseline, no
 * column gutter or ruled line between them), lines into blocks (paragraphs, table cells, headings: similar size,
 * regular pitch, overlapping columns, no rule between), blocks into reading order (recursive XY cut: rows first,
 * then columns). Superscripts, subscripts and symbol/math-font runs inside a line become placeholders, so the
 * original objects are moved with the translation instead of being re-typeset. Hand-written: no maintained npm
 * library does PDF layout analysis on another library's objects.
 */
import { cleanUserText, placeholder } from '../../text/markers.js';
import { styleOf } from './fonts.js';
import type { FontInfo, PageContent, Rect, TextObject } from './pdfium.js';

export interface Line {
  objects: TextObject[];
  /** Objects kept as they are and moved with the text (superscripts, symbols), by placeholder id. */
  baseline: number;
  size: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export interface Block {
  page: number;
  lines: Line[];
  /** Marked unit sent to the engine (placeholders for kept objects). */
  text: string;
  /** Kept objects by placeholder id, with their baseline offset from the line's baseline. */
  kept: Map<number, { object: TextObject; raise: number }>;
  /** Spans in a script the source language does not use (a name in Arabic in an English text), by placeholder id:
   * sent to the engine as placeholders and drawn again as they were. */
  literals: Map<number, string>;
  /** Indices of the objects that the translation replaces. */
  replaced: number[];
  box: Rect;
  size: number;
  /** Baseline-to-baseline distance (size × 1.2 for one line). */
  pitch: number;
  firstBaseline: number;
  /** How far the first line starts right of the others (a paragraph's first-line indent, the text after a run-in
   * heading); 0 when it does not. */
  indent: number;
  align: 'left' | 'right' | 'center' | 'justify';
  font: FontInfo;
  color: [number, number, number];
  rtl: boolean;
  /** False when the block is left as drawn (no letters, a script the engine does not translate, code, math). */
  translate: boolean;
}

const SYMBOL_FONT =
  /^(CMSY|CMMI|CMEX|MSAM|MSBM|LMMath|STIX.*Math|Cambria\s*Math|Symbol|Wingdings|ZapfDingbats|Dingbats|rsfs|esint)/i;
const isMono = (o: TextObject) => styleOf(o.font).family === 'mono';
const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const CJK_CHAR = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/u;

export type Script =
  'latin' | 'greek' | 'cyrillic' | 'arabic' | 'hebrew' | 'han' | 'hangul' | 'thai' | 'other';

export function scriptOf(ch: string): Script | undefined {
  const code = ch.charCodeAt(0);
  // ASCII first: most characters of most documents, and four regular expressions each otherwise.
  if (code < 0x80) return (code | 32) >= 97 && (code | 32) <= 122 ? 'latin' : undefined;
  if (!/\p{L}/u.test(ch)) return undefined;
  if (/\p{Script=Latin}/u.test(ch)) return 'latin';
  if (/\p{Script=Greek}/u.test(ch)) return 'greek';
  if (/\p{Script=Cyrillic}/u.test(ch)) return 'cyrillic';
  if (/\p{Script=Arabic}/u.test(ch)) return 'arabic';
  if (/\p{Script=Hebrew}/u.test(ch)) return 'hebrew';
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(ch)) return 'han';
  if (/\p{Script=Hangul}/u.test(ch)) return 'hangul';
  if (/\p{Script=Thai}/u.test(ch)) return 'thai';
  return 'other';
}

/** The script with most letters in `text`. */
export function dominantScript(text: string): Script | undefined {
  const counts = new Map<Script, number>();
  for (const ch of text) {
    const s = scriptOf(ch);
    if (s) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  let best: Script | undefined;
  let most = 0;
  for (const [s, n] of counts) if (n > most) [best, most] = [s, n];
  return best;
}

/** Script of a source language code (spec codes), for deciding which blocks the engine can translate. */
export function scriptOfLanguage(code: string | undefined): Script | undefined {
  if (!code) return undefined;
  const base = code.split('-')[0]!.toUpperCase();
  if (base === 'ZH' || base === 'JA') return 'han';
  if (base === 'KO') return 'hangul';
  if (base === 'AR' || base === 'FA' || base === 'UR') return 'arabic';
  if (base === 'HE' || base === 'YI') return 'hebrew';
  if (['RU', 'UK', 'BG', 'SR', 'MK', 'BE', 'KK'].includes(base)) return 'cyrillic';
  if (base === 'EL') return 'greek';
  if (base === 'TH') return 'thai';
  return 'latin';
}

const isSymbolFont = (o: TextObject) => SYMBOL_FONT.test(o.font.name);
const hasLetter = (s: string) => /\p{L}/u.test(s);

/** True when a vertical rule separates x positions a < b on the band [y0, y1]. */
function ruleBetween(rules: Rect[], a: number, b: number, y0: number, y1: number): boolean {
  return rules.some((r) => r.x1 - r.x0 < 2 && r.x0 > a - 0.5 && r.x1 < b + 0.5 && r.y0 < y1 && r.y1 > y0);
}

/** True when a horizontal rule lies between two baselines (table rows, underlined headings excepted). */
function ruleAcross(rules: Rect[], upper: Line, lower: Line): boolean {
  const x0 = Math.max(upper.x0, lower.x0);
  const x1 = Math.min(upper.x1, lower.x1);
  return rules.some(
    (r) =>
      r.y1 - r.y0 < 2 &&
      r.x1 - r.x0 > 4 &&
      r.y0 < upper.y0 + 0.5 &&
      r.y1 > lower.y1 - 0.5 &&
      r.x0 < x1 &&
      r.x1 > x0,
  );
}

/** True when a small drawn box (a radio button, a check box, a field's frame) lies in the gap between x positions
 * a < b on the band [y0, y1]. */
function boxBetween(boxes: Rect[], a: number, b: number, y0: number, y1: number): boolean {
  return boxes.some((r) => r.x0 > a - 0.5 && r.x1 < b + 0.5 && r.y0 < y1 && r.y1 > y0);
}

/** Groups a page's text objects into lines. `boxes`: small drawings (form controls) that separate words. */
export function buildLines(objects: TextObject[], rules: Rect[], boxes: Rect[] = []): Line[] {
  const sorted = objects.slice().sort((a, b) => a.x0 - b.x0 || b.oy - a.oy);
  // Base objects first (full size), then small raised/lowered ones attach to the line they sit on.
  const lines: Line[] = [];
  const small: TextObject[] = [];
  const body = median(objects.filter((o) => hasLetter(o.text)).map((o) => o.size));
  const scripts = objects.filter((o) => o.size < 0.85 * body);
  for (const o of sorted) {
    const line = lines.find(
      (l) =>
        Math.abs(l.baseline - o.oy) < 0.2 * Math.max(l.size, o.size) &&
        (o.x0 - l.x1 < 1.0 * Math.max(l.size, o.size) ||
          // A gap filled by sub- or superscripts (attached below) is no gap.
          (o.x0 - l.x1 < 3 * o.size &&
            scripts.some(
              (s) => s.x0 > l.x1 - 1 && s.x1 < o.x0 + 1 && Math.abs(s.oy - o.oy) < 0.6 * o.size,
            ))) &&
        // Next to the line, or inside it (inline math drawn over a text object that spans the whole line).
        (o.x0 > l.x1 - 0.5 * l.size || o.x1 <= l.x1 + 0.5 * l.size) &&
        o.size / l.size > 0.75 &&
        o.size / l.size < 1.33 &&
        // A bullet stays apart from its item's text (it is kept where it is drawn).
        !(l.objects.length === 1 && LONE_BULLET.test(l.objects[0]!.text)) &&
        !ruleBetween(rules, l.x1, o.x0, Math.min(l.y0, o.y0), Math.max(l.y1, o.y1)) &&
        !(
          o.x0 - l.x1 > 0.3 * l.size &&
          boxBetween(boxes, l.x1, o.x0, Math.min(l.y0, o.y0), Math.max(l.y1, o.y1))
        ),
    );
    if (line) {
      line.objects.push(o);
      line.x1 = Math.max(line.x1, o.x1);
      line.y0 = Math.min(line.y0, o.y0);
      line.y1 = Math.max(line.y1, o.y1);
      if (o.size > line.size) line.size = o.size;
    } else if (
      !/\p{L}{2}/u.test(o.text) &&
      !LONE_BULLET.test(o.text) &&
      (o.size < 0.85 * body || o.x1 - o.x0 < 0.5 * o.size)
    ) {
      small.push(o);
    } else {
      lines.push({ objects: [o], baseline: o.oy, size: o.size, x0: o.x0, x1: o.x1, y0: o.y0, y1: o.y1 });
    }
  }
  const hostOf = (o: TextObject) =>
    lines.find(
      (l) =>
        (o.size < 0.85 * l.size || o.x1 - o.x0 < 0.5 * o.size) &&
        o.oy > l.baseline - 0.55 * l.size &&
        o.oy < l.baseline + 0.75 * l.size &&
        o.x0 < l.x1 + 0.4 * l.size &&
        o.x1 > l.x0 - 0.4 * l.size,
    ) ??
    // Small text of a small line (a number starting a footnote's line): a word of that line.
    lines.find(
      (l) =>
        Math.abs(o.oy - l.baseline) < 0.2 * l.size &&
        o.size / l.size > 0.75 &&
        o.size / l.size < 1.33 &&
        o.x0 < l.x1 + l.size &&
        o.x1 > l.x0 - l.size,
    );
  const attach = (o: TextObject, host: Line) => {
    host.objects.push(o);
    host.x0 = Math.min(host.x0, o.x0);
    host.x1 = Math.max(host.x1, o.x1);
  };
  // Small objects side by side ("(" and "k" before "∈ {20, 100}") reach their line through each other: passes
  // while some find a host; the rest in order, each a line of its own unless it joins one made before it.
  let pending = small;
  for (;;) {
    const rest = pending.filter((o) => {
      const host = hostOf(o);
      if (host) attach(o, host);
      return !host;
    });
    const progress = rest.length < pending.length;
    pending = rest;
    if (!progress || pending.length === 0) break;
  }
  for (const o of pending) {
    const host = hostOf(o);
    if (host) attach(o, host);
    else lines.push({ objects: [o], baseline: o.oy, size: o.size, x0: o.x0, x1: o.x1, y0: o.y0, y1: o.y1 });
  }
  for (const l of lines) l.objects.sort((a, b) => a.x0 - b.x0);
  return lines;
}

function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 10;
}

const lineMono = (l: Line) => l.objects.every((o) => isMono(o) || !hasLetter(o.text));
const lineItalic = (l: Line) => l.objects.every((o) => styleOf(o.font).italic || !hasLetter(o.text));
const lineBold = (l: Line) => l.objects.every((o) => styleOf(o.font).bold || !hasLetter(o.text));

/** What a line's neighbours say about where a paragraph may continue: the page's lines, its drawings and width. */
export interface PageFrame {
  width: number;
  lines: Line[];
  /** Drawings and images (paths, pictures), for the free space right of a line and for list markers. */
  drawings: Rect[];
}

const BULLET =
  /^\s*(?:[•●○■□▪▫◦‣⁃∙·➢➤►▶✓✔✗✘☐☑☒❑❒❖◆◇★*]|[-–—](?=\s)|\(?\d{1,3}[.)](?=\s)|\(?[a-zA-Z][)](?=\s)|\([a-zA-Z]\)|\([ivxIVX]{1,5}\)(?=\s))/u;
const LONE_BULLET = /^\s*[•●○■□▪▫◦‣⁃∙·➢➤►▶✓✔✗✘☐☑☒❑❒❖◆◇★\uF0B7\uF0A7\uF0D8\uF076-]\s*$/u;
const ENDS_SENTENCE = /[.!?:;…。！？：]["'”’»)\]]*$/u;
const lineStart = (l: Line) =>
  l.objects
    .map((o) => o.text)
    .join('')
    .trimStart();
const lineEnd = (l: Line) =>
  l.objects
    .map((o) => o.text)
    .join('')
    .trimEnd();

/** True when a line starts a list item: a bullet or item number, a dingbat, or a small drawn mark or check box just
 * left of its text. */
function startsItem(line: Line, frame: PageFrame): boolean {
  const first = line.objects[0]!;
  if (BULLET.test(lineStart(line))) return true;
  if (
    /^(ZapfDingbats|Dingbats|Wingdings|Webdings|OpenSymbol)/i.test(first.font.name) &&
    !/\p{L}{2}/u.test(first.text)
  )
    return true;
  const size = line.size;
  const beside = (r: Rect) =>
    r.x1 <= line.x0 + 0.5 &&
    r.x1 > line.x0 - 2.5 * size &&
    r.y0 < line.baseline + 0.8 * size &&
    r.y1 > line.baseline - 0.3 * size;
  if (frame.lines.some((l) => l !== line && LONE_BULLET.test(lineStart(l)) && beside(l))) return true;
  return frame.drawings.some(
    (r) =>
      r.x1 <= line.x0 + 0.5 &&
      r.x1 > line.x0 - 2.5 * size &&
      r.x1 - r.x0 < 2 * size &&
      r.y1 - r.y0 < 2 * size &&
      r.y0 < line.baseline + 0.8 * size &&
      r.y1 > line.baseline - 0.3 * size,
  );
}

/** Width of the first word of a line (estimated from its first object's width per character). */
function firstWordWidth(line: Line): number {
  const o = line.objects.find((x) => hasLetter(x.text) || /\p{N}/u.test(x.text)) ?? line.objects[0]!;
  const text = o.text.trimStart();
  const word = CJK_CHAR.test(text[0] ?? '') ? text[0]! : (text.split(/\s/)[0] ?? text);
  return ((o.x1 - o.x0) * [...word].length) / Math.max(1, [...text.trimEnd()].length);
}

/** The right edge a line's text could have run to: the next text, drawing or image to its right on its band (less
 * a gutter), or the page's right margin (as wide as its left one, within the page's content). */
function freeRight(last: Line, frame: PageFrame, contentRight: number, leftMargin: number): number {
  const size = last.size;
  let bound = Math.min(frame.width - leftMargin, contentRight);
  const y0 = last.baseline - 0.2 * size;
  const y1 = last.baseline + 0.7 * size;
  for (const l of frame.lines) {
    if (
      l === last ||
      l.x0 < last.x1 - 0.5 ||
      l.baseline - 0.2 * l.size > y1 ||
      l.baseline + 0.7 * l.size < y0
    )
      continue;
    bound = Math.min(bound, l.x0 - 1.5 * size);
  }
  for (const r of frame.drawings) {
    if (r.x0 < last.x1 - 0.5 || r.y0 > y1 || r.y1 < y0) continue;
    bound = Math.min(bound, r.x0 - 0.5 * size);
  }
  return bound;
}

/** The nearest line on the same band to the left or right of `l`, and the gap to it. */
function neighbour(l: Line, lines: Line[], side: 'left' | 'right'): { line: Line; gap: number } | undefined {
  let best: { line: Line; gap: number } | undefined;
  for (const o of lines) {
    if (o === l || Math.abs(o.baseline - l.baseline) > 0.3 * Math.max(o.size, l.size)) continue;
    const gap = side === 'right' ? o.x0 - l.x1 : l.x0 - o.x1;
    if (gap < -0.5) continue;
    if (!best || gap < best.gap) best = { line: o, gap };
  }
  return best;
}

/** True when two lines are rows of a table: each has a cell beside it on the same side, far from it (more white
 * space than a column gutter), and those cells start (or end) at one edge. */
function tableRows(a: Line, b: Line, lines: Line[]): boolean {
  const size = Math.max(a.size, b.size);
  for (const side of ['right', 'left'] as const) {
    const na = neighbour(a, lines, side);
    const nb = neighbour(b, lines, side);
    if (!na || !nb || na.gap < 4.5 * size || nb.gap < 4.5 * size) continue;
    const tol = 0.6 * size;
    if (Math.abs(na.line.x0 - nb.line.x0) < tol || Math.abs(na.line.x1 - nb.line.x1) < tol) return true;
  }
  return false;
}

/** Groups lines into blocks (paragraphs, cells, headings, list items, labels). A line continues the block above it
 * when it is the next line of the same paragraph as a reader sees it: same size, weight and style, regular pitch,
 * the same left edge (or a paragraph's first-line or hanging indent, or centred or right-aligned with it), no rule,
 * bullet, check box or field between them, and the line above was full: its next word would not have fitted after
 * it (else the line was broken on purpose, as in a list, a form or a label/value table). */
export function buildBlocks(lines: Line[], rules: Rect[], frame?: PageFrame): Line[][] {
  const ordered = lines.slice().sort((a, b) => b.baseline - a.baseline || a.x0 - b.x0);
  const blocks: Line[][] = [];
  const page: PageFrame = frame ?? { width: Infinity, lines, drawings: [] };
  const leftMargin = Math.max(0, Math.min(...lines.map((l) => l.x0)));
  const contentRight = Math.max(
    ...lines.map((l) => l.x1),
    ...page.drawings.filter((r) => r.x1 < page.width - 1 && r.x1 - r.x0 < 0.9 * page.width).map((r) => r.x1),
  );
  const rightCache = new Map<Line, number>();
  const right = (l: Line) => {
    let r = rightCache.get(l);
    if (r === undefined) rightCache.set(l, (r = freeRight(l, page, contentRight, leftMargin)));
    return r;
  };
  const itemCache = new Map<Line, boolean>();
  const item = (l: Line) => {
    let v = itemCache.get(l);
    if (v === undefined) itemCache.set(l, (v = startsItem(l, page)));
    return v;
  };
  const continues = (block: Line[], last: Line, line: Line): boolean => {
    const pitch = last.baseline - line.baseline;
    const ratio = line.size / last.size;
    if (pitch < 0.6 * last.size || pitch > 1.75 * Math.max(last.size, line.size)) return false;
    if (ratio < 0.83 || ratio > 1.2) return false;
    if (line.x0 >= last.x1 || line.x1 <= last.x0) return false;
    if (block.length >= 2) {
      const prevPitch = block[block.length - 2]!.baseline - last.baseline;
      if (pitch > prevPitch * 1.25 + 0.5) return false;
    }
    if (ruleAcross(rules, last, line)) return false;
    // A line that starts with a superscript mark starts a footnote.
    const first = line.objects[0]!;
    if (first.size < 0.85 * line.size && first.oy > line.baseline + 0.12 * line.size) return false;
    if (item(line)) return false;
    const size = Math.max(line.size, last.size);
    const tol = 0.6 * size;
    const end = lineEnd(last);
    const start = lineStart(line);
    // Mid-sentence: the line above ends without a sentence's end and this one goes on in lower case.
    const midSentence =
      /[-\u00AD\u2010\u0002]$/u.test(end) || (!ENDS_SENTENCE.test(end) && /^[\p{Ll}(“"'‘]/u.test(start));
    const rtl = RTL_CHAR.test(end) || RTL_CHAR.test(start);
    // A change of weight, style or monospace between whole lines starts a new block unless the sentence goes on.
    if (!midSentence && (lineBold(line) !== lineBold(last) || lineMono(line) !== lineMono(last)))
      return false;
    if (!midSentence && lineItalic(line) !== lineItalic(last)) return false;
    // A deliberate break: the next word would have fitted on the line above.
    const fits = () =>
      rtl
        ? false
        : last.x1 + 0.25 * last.size + firstWordWidth(line) <=
          Math.max(right(last), line.x1, ...block.map((l) => l.x1));
    if (!midSentence && tableRows(last, line, page.lines)) return false;
    if (Math.abs(line.x0 - last.x0) < tol) return midSentence || !fits();
    const centred = Math.abs((line.x0 + line.x1) / 2 - (last.x0 + last.x1) / 2) < tol;
    const rightAligned = Math.abs(line.x1 - last.x1) < tol;
    if (block.length === 1) {
      // First-line indent; hanging indent of a list item's continuation.
      if (line.x0 < last.x0 && last.x0 - line.x0 < 6 * size) return midSentence || !fits();
      if (line.x0 > last.x0 && item(last) && line.x0 < last.x0 + 4 * size) return midSentence || !fits();
    }
    if (centred && block.every((l) => Math.abs((l.x0 + l.x1) / 2 - (line.x0 + line.x1) / 2) < tol))
      return midSentence || !ENDS_SENTENCE.test(end);
    if (rightAligned && block.every((l) => Math.abs(l.x1 - line.x1) < tol))
      return midSentence || rtl || !fits();
    return false;
  };
  for (const line of ordered) {
    let target: Line[] | undefined;
    for (const block of blocks) {
      if (continues(block, block[block.length - 1]!, line)) {
        target = block;
        break;
      }
    }
    if (target) target.push(line);
    else blocks.push([line]);
  }
  return blocks;
}

/**
 * A line that starts with something set apart by a wide space (a run-in heading, "Encoders  Although in principle
 * …", or a bullet drawn a gap before its text) is read as two lines, and the left one, sharing the left edge of the
 * lines below, takes them as its continuation. The lines below go on from the right one: when a one-line block
 * follows the first line of a block on its baseline, within 2.5 sizes, and the block's second line runs on under
 * it, the first line stays alone (the heading, the bullet) and the rest continue the right one's block (whose first
 * line is then indented).
 */
export function runIn(groups: Line[][]): Line[][] {
  const out = groups.slice();
  for (let g = 0; g < out.length; g++) {
    const group = out[g]!;
    if (group.length < 2) continue;
    const [first, second] = [group[0]!, group[1]!];
    const size = first.size;
    const k = out.findIndex((other) => {
      if (other.length !== 1 || other === group) return false;
      const r = other[0]!;
      return (
        Math.abs(r.baseline - first.baseline) < 0.2 * size &&
        r.x0 >= first.x1 - 0.5 &&
        r.x0 - first.x1 < 2.5 * size &&
        r.size / size > 0.83 &&
        r.size / size < 1.2 &&
        second.x0 < r.x0 &&
        second.x1 > r.x0 + 0.5 * (r.x1 - r.x0)
      );
    });
    if (k < 0) continue;
    out[k] = [out[k]![0]!, ...group.slice(1)];
    out[g] = [first];
  }
  return out;
}

/** Recursive XY cut: rows (horizontal gaps) first, then columns (vertical gaps). */
export function readingOrder<T extends Rect>(items: T[], rtl = false): T[] {
  if (items.length <= 1) return items.slice();
  const byY = items.slice().sort((a, b) => b.y1 - a.y1);
  let lowest = byY[0]!.y0;
  for (let i = 1; i < byY.length; i++) {
    if (byY[i]!.y1 < lowest) {
      return [...readingOrder(byY.slice(0, i), rtl), ...readingOrder(byY.slice(i), rtl)];
    }
    lowest = Math.min(lowest, byY[i]!.y0);
  }
  const byX = items.slice().sort((a, b) => a.x0 - b.x0);
  let right = byX[0]!.x1;
  for (let i = 1; i < byX.length; i++) {
    if (byX[i]!.x0 > right) {
      const left = readingOrder(byX.slice(0, i), rtl);
      const rest = readingOrder(byX.slice(i), rtl);
      return rtl ? [...rest, ...left] : [...left, ...rest];
    }
    right = Math.max(right, byX[i]!.x1);
  }
  return byY;
}

function alignment(lines: Line[], pageWidth: number, rtl: boolean): Block['align'] {
  const tol = 0.6 * lines[0]!.size;
  if (lines.length === 1) {
    const l = lines[0]!;
    const centre = (l.x0 + l.x1) / 2;
    if (Math.abs(centre - pageWidth / 2) < 0.02 * pageWidth && l.x1 - l.x0 < 0.7 * pageWidth) return 'center';
    return rtl ? 'right' : 'left';
  }
  const spread = (v: number[]) => Math.max(...v) - Math.min(...v);
  const lefts = spread((lines.length > 2 ? lines.slice(1) : lines).map((l) => l.x0));
  const rights = spread((lines.length > 2 ? lines.slice(0, -1) : lines).map((l) => l.x1));
  const centres = spread(lines.map((l) => (l.x0 + l.x1) / 2));
  if (centres < tol && lefts > tol) return 'center';
  if (lefts < tol && rights < tol && lines.length > 2) return 'justify';
  if (rtl && rights < tol) return 'right';
  if (lefts < tol) return 'left';
  if (centres < tol) return 'center';
  if (rights < tol) return 'right';
  return rtl ? 'right' : 'left';
}

/** Joins a line's objects into text, with spaces where the gap says so and placeholders for kept objects. */
/** Splits text into spans of the source script (translated) and of other scripts (kept): a kept span runs from
 * a letter of another script to the last one, with what lies between them. */
export function scriptSpans(text: string, script: Script): Array<{ text: string; foreign: boolean }> {
  const out: Array<{ text: string; foreign: boolean }> = [];
  let i = 0;
  const chars = [...text];
  let plain = '';
  while (i < chars.length) {
    const s = scriptOf(chars[i]!);
    if (s === undefined || s === script) {
      plain += chars[i++];
      continue;
    }
    // A foreign span: up to the last foreign letter before a letter of the source script (or the end).
    let j = i;
    let lastForeign = i;
    while (j < chars.length) {
      const t = scriptOf(chars[j]!);
      if (t === script) break;
      if (t !== undefined) lastForeign = j;
      j++;
    }
    if (plain) out.push({ text: plain, foreign: false });
    plain = '';
    out.push({ text: chars.slice(i, lastForeign + 1).join(''), foreign: true });
    i = lastForeign + 1;
  }
  if (plain) out.push({ text: plain, foreign: false });
  return out;
}

function lineText(
  line: Line,
  kept: Block['kept'],
  nextId: { n: number },
  literals: Block['literals'],
  script: Script | undefined,
): { text: string; replaced: number[] } {
  let text = '';
  let end = -Infinity;
  const replaced: number[] = [];
  for (const o of line.objects) {
    const small = o.size < 0.85 * line.size && Math.abs(o.oy - line.baseline) > 0.12 * line.size;
    const accent = !hasLetter(o.text) && o.x1 - o.x0 < 0.5 * o.size && !/^[\p{N}\p{P}\s]+$/u.test(o.text);
    const keep = small || accent || (isSymbolFont(o) && !/\p{L}{2}/u.test(o.text));
    const gap = o.x0 - end;
    if (text !== '' && gap > 0.18 * o.size && !/\s$/.test(text) && !/^\s/.test(o.text) && !keep) {
      if (!(CJK_CHAR.test(text.slice(-1)) && CJK_CHAR.test(o.text[0] ?? ''))) text += ' ';
    }
    if (keep) {
      const id = nextId.n++;
      kept.set(id, { object: o, raise: o.oy - line.baseline });
      text += placeholder(id);
    } else {
      const clean = cleanUserText(o.text);
      if (script && (script !== 'latin' || /[^\u0000-\u007f]/.test(clean))) {
        for (const span of scriptSpans(clean, script)) {
          if (!span.foreign) text += span.text;
          else {
            const id = nextId.n++;
            literals.set(id, span.text);
            text += placeholder(id);
          }
        }
      } else text += clean;
      replaced.push(o.index, ...(o.duplicates ?? []));
    }
    end = Math.max(end, o.x1);
  }
  return {
    text: text
      .replace(/\s+/g, ' ')
      .replace(/\u0002(?!$)/gu, '-')
      .trim(),
    replaced,
  };
}

const CODE_KEYWORD =
  /\b(function|return|def|class|import|from|var|let|const|elif|lambda|void|int|char|printf|println|public|private|static|struct|#include|#define|SELECT|FROM|WHERE)\b|=>|==|!=|::|->|\+\+|&&|\|\||;\s*$/;

/** True when monospace text reads like code or data rather than prose: symbols, keywords, identifiers. */
export function looksLikeCode(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const symbols = (text.match(/[{}()[\]<>=;#$_\\|&*+^~`@%/]/g) ?? []).length;
  if (words.length < 3 || letters < 10) return true;
  if (symbols > 0.05 * letters) return true;
  if (CODE_KEYWORD.test(text)) return true;
  const identifiers = words.filter((w) => /\p{Ll}\p{Lu}|\w_\w|\w\.\w+\(|@/u.test(w)).length;
  return identifiers > 0.2 * words.length;
}

export interface LayoutOptions {
  /** Script the engine translates (from the source language or the document's dominant script). */
  script?: Script;
}

/** Blocks of one page in reading order. */
export function pageBlocks(page: PageContent, pageIndex: number, options: LayoutOptions): Block[] {
  const rules = page.paths.filter((r) => r.x1 - r.x0 < 2 || r.y1 - r.y0 < 2);
  const objects = page.texts.filter((o) => !o.rotated && !o.invisible && o.size > 0.5);
  const drawings = [...page.paths, ...page.pictures].filter(
    (r) => r.x1 - r.x0 < 0.9 * page.width || r.y1 - r.y0 < 0.9 * page.height,
  );
  const size = median(objects.map((o) => o.size));
  const boxes = drawings.filter((r) => r.x1 - r.x0 < 2 * size && r.y1 - r.y0 < 2 * size && r.x1 - r.x0 > 1);
  const lines = buildLines(objects, rules, boxes);
  const groups = runIn(buildBlocks(lines, rules, { width: page.width, lines, drawings }));
  const blocks: Block[] = groups.map((group) => {
    const kept: Block['kept'] = new Map();
    const literals: Block['literals'] = new Map();
    const nextId = { n: 0 };
    let text = '';
    const replaced: number[] = [];
    for (const line of group) {
      const t = lineText(line, kept, nextId, literals, options.script);
      replaced.push(...t.replaced);
      if (t.text === '') continue;
      if (text === '') text = t.text;
      // PDFium marks a hyphen it found at a line end as U+0002: a word broken by hyphenation, joined again.
      else if (/\p{L}\u0002$/u.test(text)) text = text.slice(0, -1) + t.text;
      else if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(t.text)) text += t.text;
      else if (CJK_CHAR.test(text.slice(-1)) && CJK_CHAR.test(t.text[0]!)) text += t.text;
      else text += ' ' + t.text;
    }
    const box = {
      x0: Math.min(...group.map((l) => l.x0)),
      y0: Math.min(...group.map((l) => l.y0)),
      x1: Math.max(...group.map((l) => l.x1)),
      y1: Math.max(...group.map((l) => l.y1)),
    };
    const size = median(group.map((l) => l.size));
    const pitch =
      group.length > 1
        ? (group[0]!.baseline - group[group.length - 1]!.baseline) / (group.length - 1)
        : 1.2 * size;
    // The block's face: the font that draws most of its letters (a word in italics does not make a paragraph
    // italic); its colour from that font's longest object.
    const byFont = new Map<FontInfo, number>();
    let mathLetters = 0;
    let textLetters = 0;
    for (const o of group.flatMap((l) => l.objects)) {
      const n = o.text.match(/\p{L}/gu)?.length ?? 0;
      if (n === 0) continue;
      if (isSymbolFont(o)) mathLetters += n;
      else {
        textLetters += n;
        byFont.set(o.font, (byFont.get(o.font) ?? 0) + n);
      }
    }
    const font = [...byFont].sort((a, b) => b[1] - a[1])[0]?.[0] ?? group[0]!.objects[0]!.font;
    const main =
      group
        .flatMap((l) => l.objects)
        .filter((o) => o.font === font)
        .sort((a, b) => b.text.length - a.text.length)[0] ?? group[0]!.objects[0]!;
    const plain = text.replace(/\uE003(\d+)\uE001/g, (_, id: string) => literals.get(Number(id)) ?? '');
    const source = text.replace(/\uE003\d+\uE001/g, ' ');
    const rtl =
      RTL_CHAR.test(plain) &&
      [...plain].filter((c) => RTL_CHAR.test(c)).length * 2 >
        [...plain].filter((c) => /\p{L}/u.test(c)).length;
    const letters = hasLetter(plain);
    // Monospace is code only when it reads like code; a report printed from a terminal is prose.
    const mono = group.every(lineMono) && looksLikeCode(plain);
    // Formulas (most letters in math fonts) are left as drawn; so are blocks without a word in the source script
    // (spans in other scripts are kept inside the blocks that are translated).
    const translate =
      letters &&
      !mono &&
      mathLetters <= textLetters &&
      (options.script ? /\p{L}{2}/u.test(source) && hasLetter(source) : true);
    return {
      page: pageIndex,
      lines: group,
      text,
      kept,
      literals,
      replaced,
      box,
      size,
      pitch,
      firstBaseline: group[0]!.baseline,
      indent:
        group.length > 1 && !rtl
          ? Math.max(0, group[0]!.x0 - Math.min(...group.slice(1).map((l) => l.x0)))
          : 0,
      align: alignment(group, page.width, rtl),
      font: main.font,
      color: main.color,
      rtl,
      translate,
    };
  });
  const rtlPage = options.script === 'arabic' || options.script === 'hebrew';
  return readingOrder(
    blocks.map((block) => ({ ...block.box, block })),
    rtlPage,
  ).map((r) => r.block);
}
