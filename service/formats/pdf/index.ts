/**
 * Layout-preserving PDF translation (service process, document worker thread). The output is the input's pages
 * with only the text replaced: PDFium (WebAssembly, `@embedpdf/pdfium`, MIT/BSD) reads each page's text objects
 * with their boxes, fonts and colours; layout.ts groups them into blocks in reading order; the engine translates
 * the blocks; PDFium removes the replaced text objects (also inside form XObjects), moves the kept ones (footnote marks, symbols) and
 * regenerates each content stream, so images, vector drawings, shadings, forms, links and annotations stay
 * exactly where they were and the original text is gone (not covered). In the same regeneration PDFium places an
 * empty form XObject on each page; after PDFium's one save, an incremental update (writer.ts) fills each with the
 * operators that draw the page's translations in their blocks' boxes (typeset.ts), with Noto faces subset by
 * HarfBuzz (fonts.ts). The file is parsed once and saved once. Numbers-only blocks, code, math and text in scripts
 * the engine does not translate are never touched. Pages with /Rotate are laid out in display space (text upright
 * as the reader sees it) and drawn through the inverse rotation.
 *
 * Why PDFium (measured 2025 on this machine, Node 20.20, the 13-page two-column pdfTeX paper of
 * shared/real-documents, `Unstructured-IO__multi-column.pdf`): `@embedpdf/pdfium` 2.15 installs from npm with its
 * wasm (7 MB, no download at run time), initialises in 60 ms, reads all 2431 text objects with text, box, font
 * name/flags/weight and size, removes them and regenerates 13 content streams in 390 ms, saves in 11 ms, at 87 MB
 * RSS; rendering the result with pdftoppm shows the figures, rules and footnote lines intact. Its edit API has
 * what the other routes lack: text objects as units with decoded Unicode (ToUnicode, CID and Type3 fonts
 * included), removal without touching the rest of the stream, and object moves. Rejected: MuPDF.js (`mupdf`,
 * redactions would do the removal, but AGPL-3.0 would bind Verso's licence) and content-stream rewriting with
 * pdf-lib over pdf.js operator lists (pdf.js flattens and merges text items, so mapping them back to operators
 * means re-implementing a content-stream interpreter: most work, most risk). `@hyzyla/pdfium` wraps the same
 * PDFium with fewer exported edit functions. Text is drawn with our own operators rather than PDFium's
 * FPDFText_LoadFont, which embeds whole font files (a CJK face is 4-20 MB), and PDFium's text objects, which cannot
 * take shaped glyph positions (PDFium writes them back without TJ adjustments).
 *
 * Cost (bench/pdf-layout.ts): the first version loaded PDFium's output again with pdf-lib and saved it whole,
 * parsed every page twice and read each text object's text with FPDFTextObj_GetText (a scan of the page's
 * characters per object); now pages read are kept loaded for the edit (bounded by an object budget), object texts
 * come from one pass over the page's characters, PDFium's wasm exports are called directly, and shaping is
 * cached per word.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { BatchTranslator, StreamingTranslator } from '../markup/common.js';
import { DocumentFormatError } from '../types.js';
import type { FormatContext } from '../types.js';
import { faceChain, FONT_PACKAGES, FontSet, missingFonts, styleOf } from './fonts.js';
import type { FaceKey } from './fonts.js';
import { dominantScript, pageBlocks, scriptOfLanguage } from './layout.js';
import type { Block, Script } from './layout.js';
import { IDENTITY, PdfiumDocument } from './pdfium.js';
import type { PageContent, Rect } from './pdfium.js';
import { anyOverlap, sourceLines } from './layout-checks.js';
import { typeset } from './typeset.js';
import { deflate, findSlots, IncrementalUpdate, pdfNumber, slotKey, slotPdf } from './writer.js';
import type { Placement } from './typeset.js';

export const MAX_PDF_BYTES = 200 * 1024 * 1024;
export const MAX_PAGES = 5000;

export interface Analysis {
  doc: PdfiumDocument;
  pages: Array<Omit<PageContent, 'texts'> & { blocks: Block[] }>;
  /** Blocks the engine translates, in reading order. */
  blocks: Block[];
}

/** The document's text cannot be replaced in place (all of it turned on the page, e.g. vertical captions, while
 * the page itself is not turned, or all of it in nested forms PDFium would not write again); the caller falls back
 * to the reflowed PDF. */
export class NotInPlace extends Error {
  override name = 'NotInPlace';
}

const SCANNED =
  'The PDF has no text layer (it looks scanned): the local engine cannot read text in images (no OCR). ' +
  'Run OCR on it first (for example in a PDF editor) or use a hosted Translation Service account.';

async function readPdf(inputPath: string): Promise<Uint8Array> {
  const info = await stat(inputPath);
  if (info.size === 0) throw new DocumentFormatError('The PDF file is empty.');
  if (info.size > MAX_PDF_BYTES) {
    throw new DocumentFormatError(
      `The PDF is larger than ${MAX_PDF_BYTES / 1048576} MB; split it and upload the parts.`,
    );
  }
  return new Uint8Array(await readFile(inputPath));
}

/**
 * Text inside a form XObject is removed from its form, and PDFium writes a form's content again only when an
 * object was removed from that form and the form holding it is written again too (the page always is; a form two
 * deep is moved onto the page when its holder loses nothing). A block
 * whose text, or a kept object moved with it, sits in a form that would not be written again is left as drawn
 * (translating it would draw the translation over its source); checked until no more blocks drop out.
 */
export function keepRemovable(blocks: Block[], page: Pick<PageContent, 'forms' | 'formOf'>): void {
  const { forms = [], formOf } = page;
  if (!formOf || formOf.size === 0) return;
  for (;;) {
    const emptied = new Set<number>();
    for (const b of blocks)
      if (b.translate) for (const i of b.replaced) if (formOf.has(i)) emptied.add(formOf.get(i)!);
    // A form inside a form on the page is moved onto the page when it loses text and its holder does not
    // (PdfiumDocument.editPage); deeper forms need every holder to lose an object.
    const written = (form: number): boolean => {
      for (let f = form; f >= 0; f = forms[f]!) {
        if (!emptied.has(f)) return false;
        if (forms[f]! >= 0 && forms[forms[f]!] === -1) return true;
      }
      return true;
    };
    let dropped = false;
    for (const b of blocks) {
      if (!b.translate) continue;
      const indices = [
        ...b.replaced,
        ...[...b.kept.values()].flatMap(({ object }) => [object.index, ...(object.duplicates ?? [])]),
      ];
      if (indices.some((i) => formOf.has(i) && !written(formOf.get(i)!))) {
        b.translate = false;
        dropped = true;
      }
    }
    if (!dropped) return;
  }
}

/**
 * Opens a PDF and finds its blocks; the caller closes `doc`. `onPage` gets each page's blocks to translate as soon
 * as they are known (with the source language given, page by page while later pages are still read, yielding to
 * the event loop in between so that the engine's replies come in); the pages are handed over in order.
 */
export async function analyse(
  bytes: Uint8Array,
  sourceLang?: string,
  onPage?: (blocks: Block[], pageCount: number) => void,
): Promise<Analysis> {
  const doc = await PdfiumDocument.open(bytes);
  try {
    const count = doc.pageCount;
    if (count > MAX_PAGES) {
      throw new DocumentFormatError(
        `The PDF has ${count} pages; the local engine handles up to ${MAX_PAGES}. Split it and upload the parts.`,
      );
    }
    const contents: PageContent[] = [];
    const pages: Analysis['pages'] = [];
    const layout = (page: PageContent, n: number, script: Script) => {
      const blocks = pageBlocks(page, n, { script });
      keepRemovable(blocks, page);
      const { width, height, paths, pictures, annotations, mediaBox, toUser } = page;
      pages.push({ width, height, paths, pictures, annotations, mediaBox, toUser, blocks });
      onPage?.(
        blocks.filter((b) => b.translate),
        count,
      );
    };
    const known = scriptOfLanguage(sourceLang);
    for (let n = 0; n < count; n++) {
      const page = doc.readPage(n);
      contents.push(page);
      if (known) {
        layout(page, n, known);
        if (onPage) await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const script =
      known ??
      dominantScript(
        contents.flatMap((p) => p.texts.filter((t) => !t.invisible).map((t) => t.text)).join(' '),
      );
    if (!script) throw new DocumentFormatError(SCANNED);
    if (!known) contents.forEach((page, n) => layout(page, n, script));
    const blocks = pages.flatMap((p) => p.blocks.filter((b) => b.translate));
    if (blocks.length === 0) {
      // Text only in turned or vertical writing on unturned pages (pages with /Rotate are read upright), or only
      // in nested forms left as drawn (keepRemovable): the reflow translates it.
      if (contents.some((p) => p.texts.some((t) => (t.rotated || t.inForm) && /\p{L}/u.test(t.text))))
        throw new NotInPlace();
      throw new DocumentFormatError(SCANNED);
    }
    return { doc, pages, blocks };
  } catch (err) {
    doc.close();
    throw err;
  }
}

/** Characters the engine would be sent (billing), without translating. */
export async function countPdfCharacters(inputPath: string): Promise<number> {
  const analysis = await analyse(await readPdf(inputPath));
  try {
    const counter = new BatchTranslator(undefined);
    await counter.translate(analysis.blocks.map((b) => b.text));
    return counter.characters;
  } finally {
    analysis.doc.close();
  }
}

/**
 * The box a block may fill: its own, grown into the free space below it (at most two lines) and, for left-aligned
 * blocks, to the right into the free space on its lines, so that a translation longer than its source widens
 * before it wraps or shrinks. Widening stops half a size before a drawing, picture or annotation a viewer draws
 * (a form field) that was not under the block (growing down stops at annotations too), at the edge of its column before the next block's text (the widest block above or below it: the gutter
 * stays free; a block alone beside the next keeps up to 1.5 sizes of space), and at the page margin; a block of several lines (a paragraph set
 * to its column's measure) stops at the right edge of the page's text. Never over another block.
 */
export function freeBox(
  block: Block,
  others: Block[],
  page: { width: number; pictures: Rect[]; paths: Rect[]; annotations?: Rect[] },
): Rect {
  const box = { ...block.box };
  const own = block.box;
  const neighbours = others.filter((b) => b !== block);
  /** A drawing the block's text lies on (a frame, a shaded panel, a field it was typed in): no obstacle. */
  const under = (r: Rect) =>
    r.x0 <= own.x0 + 0.5 && r.x1 >= own.x1 - 0.5 && r.y0 <= own.y0 + 0.5 && r.y1 >= own.y1 - 0.5;
  // Annotations a viewer draws over the page (form fields, stamps, notes): obstacles like drawings, below the block
  // too (a label above its field).
  const annotations = (page.annotations ?? []).filter((r) => !under(r));
  const rules = page.paths.filter((r) => r.y1 - r.y0 < 2 && r.x1 - r.x0 > 4);
  const obstacles = [...neighbours.map((b) => b.box), ...rules, ...annotations];
  const overlapsX = (r: Rect) => r.x0 < box.x1 - 0.5 && r.x1 > box.x0 + 0.5;
  let bottom = Math.max(0, box.y0 - 2 * block.pitch);
  for (const r of obstacles)
    if (overlapsX(r) && r.y1 <= box.y0 + 0.5 && r.y1 > bottom) bottom = r.y1 + 0.15 * block.size;
  box.y0 = Math.min(box.y0, bottom);
  if (block.align !== 'left') return box;
  const margin = Math.min(own.x0, 0.06 * page.width);
  let right = page.width - margin;
  if (block.lines.length > 1) right = Math.min(right, Math.max(own.x1, ...neighbours.map((b) => b.box.x1)));
  /** On the block's lines (the rows it may grow into included) and to its right. */
  const beside = (r: Rect) => r.y0 < box.y1 && r.y1 > box.y0 && r.x0 >= own.x1 - 0.5;
  const drawings = [...rules, ...page.paths, ...page.pictures, ...annotations].filter((r) => !under(r));
  for (const r of drawings) if (beside(r) && r.x0 - 0.5 * block.size < right) right = r.x0 - 0.5 * block.size;
  for (const next of neighbours) {
    const r = next.box;
    if (!beside(r)) continue;
    // The widest block of this column (above or below, left of the next block): the gutter starts there. A block
    // alone beside the next one keeps up to 1.5 sizes of the space between them.
    let column: number | undefined;
    for (const b of neighbours)
      if (b !== next && b.box.x1 <= r.x0 - 0.5 && b.box.x0 < own.x1 && b.box.x1 > own.x0)
        column = Math.max(column ?? own.x1, b.box.x1);
    const gap = r.x0 - own.x1;
    right = Math.min(right, column ?? r.x0 - Math.min(gap, 1.5 * block.size), r.x0 - 0.5 * block.size);
  }
  box.x1 = Math.max(own.x1, right);
  return box;
}

/** Content-stream operators that draw a page's placements; `fontName` maps a face to its resource name. Empty when
 * nothing is drawn. */
function drawOperators(placements: Placement[], fontName: (face: FaceKey) => string): string {
  const ops: string[] = [];
  for (const placement of placements) {
    for (const run of placement.runs) {
      if (run.glyphs.length === 0) continue;
      const k = 1000 / run.face.upem;
      const parts: string[] = [];
      let hex = '';
      run.glyphs.forEach((g, i) => {
        const declared = Math.round((run.face.advances.get(g.gid) ?? 0) * k);
        const wanted = g.advance * k + (run.extra[i]! / run.size) * 1000;
        if (g.xOffset !== 0) {
          parts.push(`<${hex}>`, pdfNumber(-g.xOffset * k));
          hex = '';
        }
        hex += g.gid.toString(16).padStart(4, '0');
        let adjust = declared - wanted;
        if (g.xOffset !== 0) adjust += g.xOffset * k;
        if (Math.abs(adjust) > 0.01) {
          parts.push(`<${hex}>`, pdfNumber(adjust));
          hex = '';
        }
      });
      if (hex) parts.push(`<${hex}>`);
      const [r, gr, b] = run.color;
      ops.push(
        'BT',
        `${fontName(run.face.key)} ${pdfNumber(run.size)} Tf`,
        `${pdfNumber(r)} ${pdfNumber(gr)} ${pdfNumber(b)} rg`,
        `1 0 0 1 ${pdfNumber(run.x)} ${pdfNumber(run.y)} Tm`,
        `[${parts.join(' ').replace(/<> ?/g, '')}] TJ`,
        'ET',
      );
    }
  }
  return ops.join('\n');
}

/** A translated block as drawn: the rectangles its lines cover (from the baseline's descent to the ascent of its
 * glyphs) and the faces its runs use. */
export interface DrawnBlock {
  page: number;
  block: Block;
  translation: string;
  lines: Rect[];
  faces: FaceKey[];
  size: number;
}

/** The rectangles a placement's lines cover, one per line (runs on one baseline joined). */
export function drawnLines(placement: Placement): Rect[] {
  const byLine = new Map<number, Rect>();
  for (const run of placement.runs) {
    if (run.glyphs.length === 0) continue;
    let w = 0;
    run.glyphs.forEach((g, i) => (w += (g.advance / run.face.upem) * run.size + run.extra[i]!));
    const r = { x0: run.x, x1: run.x + w, y0: run.y - 0.2 * run.size, y1: run.y + 0.7 * run.size };
    const have = byLine.get(run.y);
    if (have) {
      have.x0 = Math.min(have.x0, r.x0);
      have.x1 = Math.max(have.x1, r.x1);
    } else byLine.set(run.y, r);
  }
  return [...byLine.values()];
}

/** Translates a PDF in place of its text and writes it to `outputPath`. Returns the billed characters. `observe`
 * (tests, benchmark) sees every page's blocks and how each translated block was drawn. */
export async function translatePdfInPlace(
  inputPath: string,
  outputPath: string,
  ctx: FormatContext,
  observe?: (pages: Analysis['pages'], drawn: DrawnBlock[]) => void,
): Promise<number> {
  const missing = missingFonts();
  if (missing.length > 0) {
    throw new DocumentFormatError(
      `The fonts needed to write the translated PDF (${missing.join(', ')}) are missing on this machine. ` +
        `Install the Debian packages ${FONT_PACKAGES}, or ask for Word output (output_format=docx).`,
    );
  }
  // The engine translates the pages already read while the worker reads, lays out, typesets and rewrites the
  // others (PDFium's content regeneration alone costs about a third of the work outside the engine).
  const translator = new StreamingTranslator(ctx.translate, ctx);
  const perPage: Array<Promise<string[]>> = [];
  let analysis: Analysis;
  try {
    analysis = await analyse(await readPdf(inputPath), ctx.sourceLang, (blocks, count) => {
      // At most an eighth of the pages per call: the pages of the last call are typeset once the engine is done.
      translator.partsPerCall = Math.ceil(count / 8);
      perPage.push(translator.add(blocks.map((b) => b.text)));
    });
  } catch (err) {
    translator.stop();
    throw err;
  }
  const { doc } = analysis;
  try {
    ctx.onProgress?.(0.1);
    const fonts = new FontSet();
    const drawn: DrawnBlock[] = [];
    const edits: Array<{ page: number; slot: number; ops: Buffer }> = [];
    // Each page that gets text gets a placeholder form XObject from PDFium, placed with the page's edits in one
    // regeneration of its content; the placeholders are filled in by the incremental update after the one save.
    const key = slotKey();
    const slots = analysis.pages.flatMap((p, n) => (p.blocks.some((b) => b.translate) ? [n] : []));
    const stub = slots.length > 0 ? await PdfiumDocument.open(slotPdf(key, slots.length)) : undefined;
    try {
      for (const [n, page] of analysis.pages.entries()) {
        const texts = await perPage[n]!;
        ctx.signal?.throwIfAborted();
        const translated = new Map(page.blocks.filter((b) => b.translate).map((b, i) => [b, texts[i]!]));
        const placements: Placement[] = [];
        const remove = new Set<number>();
        const move = new Map<number, { dx: number; dy: number }>();
        // Where text is on the page: lines left as drawn and every block's source lines, replaced by its drawn
        // lines once placed. A block grown into free space that would cover any of them is set in its own box.
        const taken = new Map<Block, Rect[]>(page.blocks.map((b) => [b, sourceLines(b)]));
        for (const block of page.blocks) {
          const text = translated.get(block);
          if (text === undefined) continue;
          const faces = await fonts.load(faceChain(styleOf(block.font)));
          const own = taken.get(block)!;
          const clashes = (lines: Rect[]) => {
            for (const [other, rects] of taken) {
              if (other === block || !anyOverlap(lines, rects)) continue;
              if (!anyOverlap(own, sourceLines(other), 0)) return true;
            }
            return false;
          };
          // Text of other blocks inside the box (a label inside a caption's box, an inline formula left as drawn)
          // is flowed around.
          const inside = (box: Rect) => {
            const found: Rect[] = [];
            for (const [other, rects] of taken) {
              if (other === block || anyOverlap(own, sourceLines(other), 0)) continue;
              for (const r of rects)
                if (r.x0 < box.x1 && r.x1 > box.x0 && r.y0 < box.y1 && r.y1 > box.y0) found.push(r);
            }
            return found;
          };
          const grown = freeBox(block, page.blocks, page);
          let placement = typeset(block, text, grown, fonts, faces, inside(grown));
          if (clashes(drawnLines(placement)))
            placement = typeset(block, text, block.box, fonts, faces, inside(block.box));
          taken.set(block, drawnLines(placement));
          placements.push(placement);
          if (observe)
            drawn.push({
              page: n,
              block,
              translation: text,
              lines: drawnLines(placement),
              faces: [...new Set(placement.runs.filter((r) => r.glyphs.length > 0).map((r) => r.face.key))],
              size: placement.size,
            });
          for (const index of block.replaced) remove.add(index);
          for (const [id, to] of placement.moves) {
            const { object, raise } = block.kept.get(id)!;
            // Offsets in display space; editPage moves each object in the space it is drawn in.
            const [dx, dy] = [to.x - object.x0, to.baseline + raise - object.oy];
            for (const index of [object.index, ...(object.duplicates ?? [])]) move.set(index, { dx, dy });
          }
        }
        const ops = drawOperators(placements, (face) => `/F${face.replace(/\W/g, '')}`);
        const slot = ops ? slots.indexOf(n) : -1;
        const overlay = slot >= 0 ? doc.xobjectFrom(stub!, slot) : undefined;
        try {
          doc.editPage(n, remove, move, overlay);
        } finally {
          if (overlay) doc.closeXObject(overlay);
        }
        // Compressed now, while the engine may still be translating later pages.
        if (slot >= 0) edits.push({ page: n, slot, ops: deflate(ops) });
        ctx.onProgress?.(0.1 + (0.85 * (n + 1)) / analysis.pages.length);
      }
    } finally {
      stub?.close();
    }
    const saved = doc.save();
    doc.close();

    const update = new IncrementalUpdate(saved);
    const refs = await fonts.embed(update);
    const found = findSlots(saved, key);
    const fontResources = [...refs].map(([face, num]) => `/F${face.replace(/\W/g, '')} ${num} 0 R`).join(' ');
    for (const { page: n, slot, ops } of edits) {
      const num = found.get(slot);
      if (num === undefined)
        throw new Error(`The placeholder of page ${n + 1} is missing from PDFium's output.`);
      const page = analysis.pages[n]!;
      const box = page.mediaBox ?? { x0: 0, y0: 0, x1: page.width, y1: page.height };
      update.setDeflated(
        num,
        `<< /Type /XObject /Subtype /Form /FormType 1 /BBox [${[box.x0, box.y0, box.x1, box.y1].map(pdfNumber).join(' ')}] ` +
          `/Matrix [${(page.toUser ?? IDENTITY).map(pdfNumber).join(' ')}] /Resources << /Font << ${fontResources} >> >> >>`,
        ops,
      );
    }
    await writeFile(outputPath, update.finish());
    observe?.(analysis.pages, drawn);
    return translator.characters;
  } finally {
    translator.stop();
    doc.close();
  }
}
