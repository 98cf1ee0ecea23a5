/**
 * Fits a translated block into its original box (service process, document worker): breaks the text into lines
 * (at spaces, and between any two CJK characters), shrinks the size and tightens the line spacing until every
 * line fits the box width and the lines fit its height, aligns each line as the original was aligned (left,
 * right, centre, justified), orders right-to-left runs with the Unicode bidi algorithm (bidi-js) and shapes every
 * run (fonts.ts). Placeholders (kept original objects such as footnote marks) take their original width and come
 * back with the position where their object must be moved. Hand-written: line breaking over shaped widths with
 * shrink-to-fit is what typesetting libraries do, but none on npm works on positioned PDF boxes.
 */
import bidiFactory from 'bidi-js';
import { tokenize } from '../../text/markers.js';
import type { Face, FontSet, ShapedGlyph } from './fonts.js';
import type { Block } from './layout.js';
import type { Rect } from './pdfium.js';

export interface GlyphRun {
  face: Face;
  size: number;
  x: number;
  y: number;
  glyphs: ShapedGlyph[];
  /** Extra advance after each glyph in points (justification), same length as glyphs. */
  extra: number[];
  color: [number, number, number];
}

export interface Placement {
  runs: GlyphRun[];
  /** Where each kept object goes: its new left edge and baseline. */
  moves: Map<number, { x: number; baseline: number }>;
  size: number;
  lines: number;
}

interface Piece {
  text: string;
  /** Placeholder id when the piece stands for a kept object. */
  ph?: number;
  /** Width at size 1 (words) or in points (placeholders). */
  width: number;
  /** A line may break before this piece. */
  breakBefore: boolean;
  /** A space is written before this piece when it does not start a line. */
  space: boolean;
}

const CJK = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/u;
const OBJ = '\uFFFC';
/** Characters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo, ... and their presentation forms). */
const RTL_TEXT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
let bidi: ReturnType<typeof bidiFactory> | undefined;

function pieces(marked: string, block: Block, fonts: FontSet, faces: Face[]): Piece[] {
  const out: Piece[] = [];
  let pendingSpace = false;
  const literalsSeen = new Set<number>();
  const words = (text: string) => {
    for (const part of text.split(/(\s+)/)) {
      if (part === '') continue;
      if (/^\s+$/.test(part)) {
        pendingSpace = true;
        continue;
      }
      // CJK text has no spaces: every character is a break opportunity (closing punctuation stays attached).
      const chunks = CJK.test(part)
        ? (part.match(
            /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF][、。，．：；！？」』）]*|[^\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF]+/gu,
          ) ?? [part])
        : [part];
      chunks.forEach((chunk, i) => {
        const space = i === 0 && pendingSpace;
        out.push({
          text: chunk,
          width: fonts.width(chunk, faces),
          breakBefore: space || (i > 0 && (CJK.test(chunk[0]!) || CJK.test(chunks[i - 1]!.slice(-1)))),
          space,
        });
      });
      pendingSpace = false;
    }
  };
  for (const token of tokenize(marked)) {
    if (token.kind === 'placeholder' && block.literals.has(token.id)) {
      // A span in another script, drawn again as it was.
      if (literalsSeen.has(token.id)) continue;
      literalsSeen.add(token.id);
      words(block.literals.get(token.id)!);
      continue;
    }
    if (token.kind === 'placeholder') {
      const kept = block.kept.get(token.id);
      if (!kept || out.some((p) => p.ph === token.id)) continue;
      out.push({
        text: OBJ,
        ph: token.id,
        width: kept.object.x1 - kept.object.x0,
        breakBefore: false,
        space: false,
      });
      pendingSpace = false;
      continue;
    }
    if (token.kind !== 'text') continue;
    words(token.text);
  }
  // Every kept span and object comes back even if the engine dropped its placeholder.
  for (const [id, text] of block.literals) {
    if (literalsSeen.has(id)) continue;
    pendingSpace = true;
    words(text);
  }
  // (objects)
  for (const [id, kept] of block.kept) {
    if (!out.some((p) => p.ph === id)) {
      out.push({
        text: OBJ,
        ph: id,
        width: kept.object.x1 - kept.object.x0,
        breakBefore: false,
        space: false,
      });
    }
  }
  return out;
}

function pieceWidth(p: Piece, size: number): number {
  return p.ph !== undefined ? p.width : p.width * size;
}

/** Breaks pieces into lines, line n at most `widthAt(n)` wide; a word wider than a narrowed line (after an indent,
 * beside something to flow around) starts on the next line. */
function wrap(
  list: Piece[],
  size: number,
  spaceWidth: number,
  widthAt: (n: number) => number,
  full: number,
): Piece[][] {
  const lines: Piece[][] = [];
  let line: Piece[] = [];
  let width = 0;
  let skipped = 0;
  let limit = widthAt(0);
  for (const p of list) {
    const w = pieceWidth(p, size) + (line.length > 0 && p.space ? spaceWidth * size : 0);
    while (line.length === 0 && skipped < 3 && limit < full && w > limit) {
      lines.push([]);
      limit = widthAt(lines.length);
      skipped++;
    }
    if (line.length > 0 && p.breakBefore && width + w > limit) {
      lines.push(line);
      limit = widthAt(lines.length);
      line = [p];
      width = pieceWidth(p, size);
    } else {
      line.push(p);
      width += w;
    }
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

function lineWidth(line: Piece[], size: number, spaceWidth: number): number {
  return line.reduce((w, p, i) => w + pieceWidth(p, size) + (i > 0 && p.space ? spaceWidth * size : 0), 0);
}

/**
 * Lays out `marked` (the engine's translation of `block.text`) in `box` (the block's box, possibly grown into free
 * space below it). Faces must be loaded (fonts.load) beforehand.
 */
export function typeset(
  block: Block,
  marked: string,
  box: Rect,
  fonts: FontSet,
  faces: Face[],
  avoid: Rect[] = [],
): Placement {
  const list = pieces(marked, block, fonts, faces);
  const spaceWidth = fonts.width(' ', faces);
  const width = Math.max(box.x1 - box.x0, block.size);
  const ascent = Math.max(0.5, (box.y1 - block.firstBaseline) / block.size);
  const descent = 0.22;
  const pitch0 = Math.max(1, block.pitch / block.size);
  const minSize = Math.max(2, block.size * 0.3);
  let size = block.size;
  let pitch = pitch0;
  let lines: Piece[][] = [];
  // A first-line indent is kept for text set from the left edge (left-aligned and justified blocks).
  const indent =
    block.indent > 0.5 &&
    (block.align === 'left' || block.align === 'justify') &&
    block.indent < width - block.size
      ? block.indent
      : 0;
  /** Where line n may be drawn: the box less the indent, and less the text in `avoid` on its band (other text
   * inside the box: the line stops before it, or starts after it when it lies nearer the line's start). */
  const span = (n: number): { x0: number; x1: number } => {
    let x0 = box.x0 + (n === 0 ? indent : 0);
    let x1 = box.x0 + width;
    if (avoid.length === 0) return { x0, x1 };
    const base = box.y1 - ascent * size - n * pitch * size;
    for (const r of avoid) {
      if (r.y0 >= base + 0.7 * size || r.y1 <= base - 0.2 * size || r.x1 <= x0 || r.x0 >= x1) continue;
      if ((r.x0 + r.x1) / 2 > (x0 + x1) / 2) x1 = Math.min(x1, r.x0 - 0.3 * size);
      else x0 = Math.max(x0, r.x1 + 0.3 * size);
    }
    return { x0, x1: Math.max(x0, x1) };
  };
  const widthOf = (n: number) => {
    if (avoid.length === 0) return n === 0 ? width - indent : width;
    const s = span(n);
    return s.x1 - s.x0;
  };
  for (;;) {
    lines = wrap(list, size, spaceWidth, (n) => widthOf(n) * 1.005, width);
    const tooWide = lines.some((l, n) => lineWidth(l, size, spaceWidth) > widthOf(n) * 1.01);
    const height = (ascent + descent) * size + (lines.length - 1) * pitch * size;
    if (!tooWide && height <= box.y1 - box.y0 + 0.05 * block.size) break;
    if (size <= minSize) break;
    // Tighten the spacing first (down to 1.05 of the size), then shrink.
    if (pitch > 1.05 && lines.length > 1 && !tooWide) pitch = Math.max(1.05, pitch - 0.05);
    else size = Math.max(minSize, size * 0.95);
  }
  const runs: GlyphRun[] = [];
  const moves = new Map<number, { x: number; baseline: number }>();
  let baseline = box.y1 - ascent * size;
  lines.forEach((line, n) => {
    const natural = lineWidth(line, size, spaceWidth);
    const spaces = line.filter((p, i) => i > 0 && p.space).length;
    const last = n === lines.length - 1;
    const at = span(n);
    const room = at.x1 - at.x0;
    const justify = block.align === 'justify' && !last && spaces > 0 && natural < room;
    const perSpace = justify ? (room - natural) / spaces : 0;
    const lineW = justify ? room : natural;
    const align = block.align === 'justify' ? (block.rtl ? 'right' : 'left') : block.align;
    let x = align === 'right' ? at.x1 - lineW : align === 'center' ? at.x0 + (room - lineW) / 2 : at.x0;
    x = Math.max(box.x0 - 0.5 * size, x);
    for (const item of visualItems(line, block.rtl)) {
      if (item.ph !== undefined) {
        moves.set(item.ph, { x, baseline });
        x += block.kept.get(item.ph)!.object.x1 - block.kept.get(item.ph)!.object.x0;
        continue;
      }
      let shaped: Array<{ face: Face; glyphs: ShapedGlyph[] }>;
      if (item.rtl) {
        shaped = fonts
          .runs(item.text, faces)
          .reverse()
          .map((run) => ({ face: run.face, glyphs: fonts.shape(run.face, run.text, true) }));
      } else {
        // Left-to-right text is shaped word by word (cached: words repeat) and the words' runs joined again; no
        // shaping feature of these scripts crosses a space.
        shaped = [];
        for (const word of item.text.split(/( )/)) {
          if (word === '') continue;
          for (const run of fonts.shapeText(word, faces)) {
            const last = shaped[shaped.length - 1];
            // Cached arrays are shared: copy before appending.
            if (last && last.face === run.face) last.glyphs.push(...run.glyphs);
            else shaped.push({ face: run.face, glyphs: run.glyphs.slice() });
          }
        }
      }
      for (const { face, glyphs } of shaped) {
        fonts.use(face, glyphs);
        const extra = glyphs.map((g) => (g.text === ' ' ? perSpace : 0));
        runs.push({ face, size, x, y: baseline, glyphs, extra, color: block.color });
        for (let i = 0; i < glyphs.length; i++) x += (glyphs[i]!.advance / face.upem) * size + extra[i]!;
      }
    }
    baseline -= pitch * size;
  });
  return { runs, moves, size, lines: lines.length };
}

/** A line's pieces as visual runs (left to right): text runs with their direction, and placeholders. */
function visualItems(line: Piece[], rtl: boolean): Array<{ text: string; rtl: boolean; ph?: number }> {
  const text = line.map((p, i) => (i > 0 && p.space ? ' ' : '') + p.text).join('');
  const phs = line.filter((p) => p.ph !== undefined).map((p) => p.ph!);
  if (!rtl && !RTL_TEXT.test(text)) {
    // Left-to-right only (most lines): the runs are the text between placeholders, no bidi analysis needed.
    const out: Array<{ text: string; rtl: boolean; ph?: number }> = [];
    let phIndex = 0;
    text.split(/(\uFFFC)/).forEach((part) => {
      if (part === OBJ) out.push({ text: '', rtl: false, ph: phs[phIndex++] });
      else if (part !== '') out.push({ text: part, rtl: false });
    });
    return out;
  }
  bidi ??= bidiFactory();
  const { levels } = bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr');
  // Runs of equal level (placeholders are runs of their own), then rule L2: reverse from the highest level down.
  type Run = { text: string; level: number; ph?: number };
  const runs: Run[] = [];
  let phIndex = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const level = levels[i]!;
    if (ch === OBJ) {
      runs.push({ text: '', level, ph: phs[phIndex++] });
      continue;
    }
    const last = runs[runs.length - 1];
    if (last && last.ph === undefined && last.level === level) last.text += ch;
    else runs.push({ text: ch, level });
  }
  const max = Math.max(0, ...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => r.level).filter((l) => l % 2 === 1), Infinity);
  for (let level = max; level >= minOdd && level > 0; level--) {
    for (let i = 0; i < runs.length;) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs.map((r) => ({ text: r.text, rtl: r.level % 2 === 1, ph: r.ph }));
}
