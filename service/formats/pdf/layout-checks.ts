/**
 * Layout checks of a translated PDF (tests and the benchmark; pure functions): what a reader would notice on a page
 * translated in place. Translated text drawn over other text that it did not touch in the source; a block drawn in
 * another face class (serif/sans/mono, bold, italic) than its source.
 */
import type { DrawnBlock } from './index.js';
import type { Block } from './layout.js';
import type { Rect } from './pdfium.js';
import type { FaceKey } from './fonts.js';

/** The band a line's letters cover: descent 0.2, ascent 0.7 of the size (the same measure for source and output). */
export function sourceLines(block: Block): Rect[] {
  return block.lines.map((l) => ({
    x0: l.x0,
    x1: l.x1,
    y0: l.baseline - 0.2 * l.size,
    y1: l.baseline + 0.7 * l.size,
  }));
}

const overlap = (a: Rect, b: Rect, tol = 1) =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > tol && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > tol;
export const anyOverlap = (as: Rect[], bs: Rect[], tol = 1) =>
  as.some((a) => bs.some((b) => overlap(a, b, tol)));

export interface OverlapProblem {
  page: number;
  a: string;
  b: string;
}

/** Pairs of blocks whose drawn text overlaps (a translation over another translation, or over text left as it
 * was) although their source lines did not overlap. */
export function overlaps(pages: Array<{ blocks: Block[] }>, drawn: DrawnBlock[]): OverlapProblem[] {
  const problems: OverlapProblem[] = [];
  const byBlock = new Map(drawn.map((d) => [d.block, d]));
  pages.forEach((page, n) => {
    // Blocks of blank objects draw nothing.
    const items = page.blocks
      .filter((block) => block.lines.some((l) => l.objects.some((o) => /\S/u.test(o.text))))
      .map((block) => ({
        block,
        source: sourceLines(block),
        out: byBlock.get(block)?.lines ?? sourceLines(block),
        translated: byBlock.has(block),
      }));
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i]!;
        const b = items[j]!;
        if (!a.translated && !b.translated) continue;
        if (!anyOverlap(a.out, b.out)) continue;
        if (anyOverlap(a.source, b.source, 0)) continue;
        problems.push({ page: n + 1, a: a.block.text.slice(0, 50), b: b.block.text.slice(0, 50) });
      }
    }
  });
  return problems;
}

export interface FaceClass {
  family: 'serif' | 'sans' | 'mono';
  bold: boolean;
  italic: boolean;
}

export const faceClassName = (c: FaceClass) =>
  `${c.family}${c.bold ? ' bold' : ''}${c.italic ? ' italic' : ''}`;

/** The class of one of the faces the translation is drawn with. */
export function classOfFace(key: FaceKey): FaceClass | undefined {
  const m = /^(serif|sans|mono)(-bold)?(-italic)?$/.exec(key);
  if (!m) return undefined;
  return {
    family: m[1] as FaceClass['family'],
    bold: key.includes('bold'),
    italic: key.includes('italic'),
  };
}
