/**
 * PDFium (WebAssembly, `@embedpdf/pdfium`, MIT/BSD) access for the layout-preserving PDF translation (service
 * process, document worker thread). Owns the one PDFium instance of a worker (loaded on first use, never at import)
 * and the three things asked of it: read the text objects, drawings and images of a page with their boxes, fonts
 * and colours; remove or move text objects and regenerate the page's content stream; save the document.
 * Everything else on a page (images, paths, shadings, annotations, links, forms but their text) is left as PDFium
 * parsed it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { WrappedPdfiumModule } from '@embedpdf/pdfium';
import { DocumentFormatError } from '../types.js';

/** PDFium page object types (fpdf_edit.h). */
export const OBJ = { TEXT: 1, PATH: 2, IMAGE: 3, SHADING: 4, FORM: 5 } as const;
/** PDFium's annotation subtypes (FPDF_ANNOT_*) and flags (FPDF_ANNOT_FLAG_*) read here. */
const ANNOT = { LINK: 2, POPUP: 16 } as const;
const ANNOT_FLAG = { HIDDEN: 1 << 1, NOVIEW: 1 << 5 } as const;

export interface FontInfo {
  /** Base font name without the subset prefix (`ABCDEF+`). */
  name: string;
  /** PDF font descriptor flags (1 fixed pitch, 2 serif, 4 symbolic, 64 italic, 1<<18 force bold). */
  flags: number;
  weight: number;
  italicAngle: number;
}

export interface TextObject {
  /** Position of the object in the page's object list (stable between two loads of the same page). */
  index: number;
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Baseline origin in page space. */
  ox: number;
  oy: number;
  /** Effective font size in page space (font size × text matrix scale). */
  size: number;
  font: FontInfo;
  /** Fill colour 0..1. */
  color: [number, number, number];
  /** True when the text is not horizontal (rotated, skewed, vertical): left untouched. */
  rotated: boolean;
  /** Text render mode 3 (invisible, e.g. an OCR layer): left untouched. */
  invisible: boolean;
  /** Inside a form XObject: `index` is then FORM_TEXT + the object's rank among the page's form texts (in the
   * order readPage and editPage walk the forms) and `form` the id of the form holding it (see PageContent.forms). */
  inForm?: boolean;
  form?: number;
  /** Indices of objects drawing the same text at the same place (stamps repeated, fake bold): PDFium's text page
   * gives their characters to this object only; they are removed and moved with it. */
  duplicates?: number[];
}

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PageContent {
  width: number;
  height: number;
  texts: TextObject[];
  /** Boxes of path objects (ruled lines, cell borders, frames). */
  paths: Rect[];
  /** Boxes of images, shadings and form XObjects. */
  pictures: Rect[];
  /** Boxes of the annotations a viewer draws over the page: form fields (widgets), stamps, notes, shapes, free
   * text; not links, pop-ups or hidden ones. Nothing of them is in the page's content. */
  annotations?: Rect[];
  /** The page's MediaBox in the coordinates of its content (not always at the origin). */
  mediaBox?: Rect;
  /** Page rotation (/Rotate) in quarter turns clockwise. Every box and position above is in display space (text
   * upright as the reader sees it); `toUser` maps display space back to the content's user space. */
  rotation?: number;
  toUser?: Matrix;
  /** Form XObjects drawn on the page, by id: the id of the form holding each one (-1: the page). */
  forms?: number[];
  /** The form holding each text object inside a form (copies without characters of their own included). */
  formOf?: Map<number, number>;
}

/** Index of the first text object inside form XObjects (text objects of the page itself count from 0). */
export const FORM_TEXT = 1 << 24;

/** An affine matrix [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `m` then `n`. */
export function concat(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

export function invert(m: Matrix): Matrix {
  const det = m[0] * m[3] - m[1] * m[2];
  const [a, b, c, d] = [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det];
  return [a, b, c, d, -(m[4] * a + m[5] * c), -(m[4] * b + m[5] * d)];
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The box of `r` after `m`. */
export function transformRect(m: Matrix, r: Rect): Rect {
  const pts = [apply(m, r.x0, r.y0), apply(m, r.x1, r.y0), apply(m, r.x0, r.y1), apply(m, r.x1, r.y1)];
  return {
    x0: Math.min(...pts.map((p) => p[0])),
    y0: Math.min(...pts.map((p) => p[1])),
    x1: Math.max(...pts.map((p) => p[0])),
    y1: Math.max(...pts.map((p) => p[1])),
  };
}

/**
 * User space to display space for a page rotated by `quarter` quarter turns clockwise: turning a sheet clockwise
 * puts its left edge at the top, so on a /Rotate 90 page text written bottom-to-top reads left to right. Identity
 * for unrotated pages (their coordinates stay as the content has them).
 */
export function displayMatrix(quarter: number, box: Rect): Matrix {
  switch (quarter & 3) {
    case 1:
      return [0, -1, 1, 0, -box.y0, box.x1];
    case 2:
      return [-1, 0, 0, -1, box.x1, box.y1];
    case 3:
      return [0, 1, -1, 0, box.y1, -box.x0];
    default:
      return IDENTITY;
  }
}

/** Form XObjects inside form XObjects are read (and edited) this deep. */
const MAX_FORM_DEPTH = 8;

type Pdfium = WrappedPdfiumModule;
/** The wasm heap (the package's types omit Emscripten's HEAPU8; the view changes when memory grows). */
const heap = (m: Pdfium['pdfium']): Uint8Array => (m as unknown as { HEAPU8: Uint8Array }).HEAPU8;
let instance: Promise<Pdfium> | undefined;

/** The worker's PDFium, initialised once (about 60 ms, 10 MB of wasm memory at rest). */
export function pdfium(): Promise<Pdfium> {
  instance ??= (async () => {
    const { init } = await import('@embedpdf/pdfium');
    const require = createRequire(import.meta.url);
    const wasmBinary = await readFile(require.resolve('@embedpdf/pdfium/pdfium.wasm'));
    const P = await init({ wasmBinary: wasmBinary.buffer as ArrayBuffer });
    P.PDFiumExt_Init();
    return P;
  })();
  return instance;
}

const ERRORS: Record<number, string> = {
  2: 'the file could not be read',
  3: 'it is not a PDF or it is damaged',
  5: 'it uses an unsupported security handler',
  6: 'a page is damaged',
};

const isRtl = (code: number) =>
  (code >= 0x590 && code <= 0x8ff) ||
  (code >= 0xfb1d && code <= 0xfdff) ||
  (code >= 0xfe70 && code <= 0xfeff);

/** The raw wasm exports: called directly, they skip the per-call argument conversion of the cwrap wrappers, which
 * dominated reading a text-heavy page (tens of thousands of calls). */
type Exports = Record<string, (...args: number[]) => number> & { memory: WebAssembly.Memory };

/** An open document; free it with close(). All handles point into PDFium's wasm memory. */
export class PdfiumDocument {
  private closed = false;
  private readonly scratch: number;
  private readonly x: Exports;
  private f32View = new Float32Array(0);
  private i32View = new Int32Array(0);
  /** Pages left loaded between reading and editing (parsing a page again costs as much as reading it). */
  private readonly loaded = new Map<number, { page: number; objects: number }>();
  private loadedObjects = 0;

  private constructor(
    readonly P: Pdfium,
    readonly doc: number,
    private readonly dataPtr: number,
    /** Page objects that may stay loaded between reading and editing (bounds the wasm memory). */
    private readonly keepBudget: number,
  ) {
    this.x = P.pdfium.wasmExports as unknown as Exports;
    this.scratch = this.x.malloc!(64);
  }

  static async open(bytes: Uint8Array, keepBudget = 60_000): Promise<PdfiumDocument> {
    const P = await pdfium();
    const m = P.pdfium;
    const ptr = m.wasmExports.malloc(bytes.length);
    heap(m).set(bytes, ptr);
    const doc = P.FPDF_LoadMemDocument(ptr, bytes.length, '');
    if (!doc) {
      const code = P.FPDF_GetLastError();
      m.wasmExports.free(ptr);
      if (code === 4) {
        throw new DocumentFormatError(
          'The PDF is protected by a password. Remove the password (save an unprotected copy) and upload it again.',
        );
      }
      throw new DocumentFormatError(
        `The PDF cannot be opened (${ERRORS[code] ?? `PDFium error ${code}`}). Check that the file is a complete ` +
          'PDF, or save it again from its application.',
      );
    }
    return new PdfiumDocument(P, doc, ptr, keepBudget);
  }

  get pageCount(): number {
    return this.P.FPDF_GetPageCount(this.doc);
  }

  /** Views of the wasm memory, replaced when the memory grew: growing detaches the old buffer, whose views then have
   * length 0 (cheaper to test than reading `memory.buffer`, which cost a tenth of a 13-page paper's PDF work). */
  private views(): void {
    if (this.f32View.length === 0 || this.i32View.length === 0) {
      const buffer = this.x.memory.buffer;
      this.f32View = new Float32Array(buffer);
      this.i32View = new Int32Array(buffer);
    }
  }
  private f32(i: number): number {
    this.views();
    return this.f32View[(this.scratch >> 2) + i]!;
  }
  private u32(i: number): number {
    this.views();
    return this.i32View[(this.scratch >> 2) + i]! >>> 0;
  }
  private f64(i: number): number {
    return this.P.pdfium.getValue(this.scratch + 8 * i, 'double');
  }

  private bounds(obj: number): Rect {
    const s = this.scratch;
    this.x.FPDFPageObj_GetBounds!(obj, s, s + 4, s + 8, s + 12);
    return { x0: this.f32(0), y0: this.f32(1), x1: this.f32(2), y1: this.f32(3) };
  }

  /** Boxes (in display space) of the annotations of `page` a viewer draws: not links (drawn by the page's own
   * content, if at all), pop-ups (shown only when opened) or annotations flagged hidden or not to be viewed. */
  private annotationBoxes(page: number, display: Matrix): Rect[] {
    const x = this.x;
    const boxes: Rect[] = [];
    const count = x.FPDFPage_GetAnnotCount!(page);
    const s = this.scratch;
    for (let i = 0; i < count; i++) {
      const annot = x.FPDFPage_GetAnnot!(page, i);
      if (!annot) continue;
      try {
        const subtype = x.FPDFAnnot_GetSubtype!(annot);
        if (subtype === ANNOT.LINK || subtype === ANNOT.POPUP) continue;
        if (x.FPDFAnnot_GetFlags!(annot) & (ANNOT_FLAG.HIDDEN | ANNOT_FLAG.NOVIEW)) continue;
        // FS_RECTF: left, top, right, bottom.
        if (!x.FPDFAnnot_GetRect!(annot, s)) continue;
        const [l, t, r, b] = [this.f32(0), this.f32(1), this.f32(2), this.f32(3)];
        const rect = { x0: Math.min(l, r), y0: Math.min(t, b), x1: Math.max(l, r), y1: Math.max(t, b) };
        if (rect.x1 - rect.x0 <= 0 || rect.y1 - rect.y0 <= 0) continue;
        boxes.push(transformRect(display, rect));
      } finally {
        x.FPDFPage_CloseAnnot!(annot);
      }
    }
    return boxes;
  }

  /** The page handle of page `n`, loaded now or kept from reading. */
  private page(n: number): number {
    const kept = this.loaded.get(n);
    if (kept) return kept.page;
    const page = this.x.FPDF_LoadPage!(this.doc, n);
    if (!page) throw new DocumentFormatError(`Page ${n + 1} of the PDF is damaged and cannot be read.`);
    return page;
  }

  private release(n: number, page: number): void {
    const kept = this.loaded.get(n);
    if (kept?.page === page) {
      this.loaded.delete(n);
      this.loadedObjects -= kept.objects;
    }
    this.x.FPDF_ClosePage!(page);
  }

  /** Runs `fn` with page `n` loaded, then frees the page (one page in memory at a time). */
  withPage<T>(n: number, fn: (page: number) => T): T {
    const page = this.page(n);
    try {
      return fn(page);
    } finally {
      this.release(n, page);
    }
  }

  /**
   * The text of each text object, as FPDFTextObj_GetText gives it (the same rules: PDFium's
   * CPDF_TextPage::GetTextByPredicate) but in one pass over the page's characters; FPDFTextObj_GetText scans every
   * character of the page for each object, which is quadratic on text-heavy pages.
   */
  private objectTexts(textPage: number): Map<number, string> {
    const x = this.x;
    const count = x.FPDFText_CountChars!(textPage);
    const objs = new Int32Array(count);
    const codes = new Uint32Array(count);
    /** Non-space characters before index i (prefix sums). */
    const nonSpace = new Int32Array(count + 1);
    let hasRtl = false;
    for (let i = 0; i < count; i++) {
      objs[i] = x.FPDFText_GetTextObject!(textPage, i);
      codes[i] = x.FPDFText_GetUnicode!(textPage, i) >>> 0;
      nonSpace[i + 1] = nonSpace[i]! + (codes[i] === 32 ? 0 : 1);
      if (codes[i]! >= 0x590 && isRtl(codes[i]!)) hasRtl = true;
    }
    type State = { parts: string[]; last: number; posy: number };
    const states = new Map<number, State>();
    const s = this.scratch;
    for (let i = 0; i < count; i++) {
      const obj = objs[i]!;
      if (!obj) continue;
      let st = states.get(obj);
      if (!st) {
        st = { parts: [], last: -1, posy: 0 };
        states.set(obj, st);
      }
      if (st.last !== i - 1) {
        // Characters of other objects in between: a space right after this object's previous character is
        // appended; any other character asks for a line feed when the baseline changed.
        const from = st.last + 1;
        if (st.last >= 0 && codes[from] === 32) st.parts.push(' ');
        const lineFeed = nonSpace[i]! - nonSpace[from]! > 0;
        if (lineFeed) {
          x.FPDFText_GetCharOrigin!(textPage, i, s, s + 8);
          const y = this.f64(1);
          if (Math.abs(st.posy - y) > 0) {
            st.posy = y;
            if (st.parts.length > 0) st.parts.push('\r\n');
          }
        }
      }
      st.last = i;
      const code = codes[i]!;
      if (code) st.parts.push(code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd');
    }
    const out = new Map<number, string>();
    for (const [obj, st] of states) {
      if (st.last + 1 < count && codes[st.last + 1] === 32) st.parts.push(' ');
      out.set(obj, st.parts.join(''));
    }
    if (hasRtl) {
      // On a line with right-to-left text the text page orders characters as that text reads, which turns the
      // left-to-right objects beside it around ("Arabic:" becomes ":Arabic"): those are read left to right.
      const chars = new Map<number, number[]>();
      for (let i = 0; i < count; i++) {
        const obj = objs[i]!;
        if (!obj || codes[i] === 32) continue;
        let list = chars.get(obj);
        if (!list) chars.set(obj, (list = []));
        list.push(i);
      }
      for (const [obj, list] of chars) {
        if (list.some((i) => isRtl(codes[i]!))) continue;
        const xs = list.map((i) => {
          x.FPDFText_GetCharOrigin!(textPage, i, s, s + 8);
          return this.f64(0);
        });
        if (xs.every((v, k) => k === 0 || v >= xs[k - 1]! - 0.01)) continue;
        const order = list.map((i, k) => ({ i, x: xs[k]! })).sort((a, b) => a.x - b.x);
        const text = order.map((c) => String.fromCodePoint(codes[c.i]!)).join('');
        const had = out.get(obj) ?? '';
        out.set(obj, (/^\s/.test(had) ? ' ' : '') + text + (/\s$/.test(had) ? ' ' : ''));
      }
    }
    return out;
  }

  /**
   * Reads page `n`: size, text objects (also those inside form XObjects, flagged), path and picture boxes, all in
   * display space. The page stays loaded for editPage while the keep budget allows.
   */
  readPage(n: number): PageContent {
    const P = this.P;
    const m = P.pdfium;
    const x = this.x;
    const page = this.page(n);
    let keep = false;
    try {
      const textPage = x.FPDFText_LoadPage!(page);
      const texts: TextObject[] = [];
      const paths: Rect[] = [];
      const pictures: Rect[] = [];
      const annotations: Rect[] = [];
      const count = x.FPDFPage_CountObjects!(page);
      const buf = x.malloc!(512);
      const fontCache = new Map<number, FontInfo>();
      const orphans: Array<Rect & { index: number }> = [];
      const forms: number[] = [];
      const formOf = new Map<number, number>();
      const mediaBox = this.mediaBox(page);
      const rotation = x.FPDFPage_GetRotation!(page) & 3;
      const display = displayMatrix(rotation, mediaBox);
      const s = this.scratch;
      const matrixOf = (obj: number): Matrix => {
        x.FPDFPageObj_GetMatrix!(obj, s);
        return [0, 1, 2, 3, 4, 5].map((k) => this.f32(k)) as Matrix;
      };
      try {
        const objectText = this.objectTexts(textPage);
        let formTexts = 0;
        const readText = (obj: number, index: number, toDisplay: Matrix, form: number) => {
          const inForm = form >= 0;
          if (inForm) {
            index = FORM_TEXT + formTexts++;
            formOf.set(index, form);
          }
          const text = objectText.get(obj) ?? '';
          if (text === '') {
            orphans.push({ index, ...transformRect(toDisplay, this.bounds(obj)) });
            return;
          }
          const [a, b, c, d, e, f] = concat(matrixOf(obj), toDisplay);
          x.FPDFTextObj_GetFontSize!(obj, s + 24);
          const fontSize = this.f32(6);
          const scale = Math.sqrt(Math.abs(a * d - b * c)) || 1;
          const fontPtr = x.FPDFTextObj_GetFont!(obj);
          let font = fontCache.get(fontPtr);
          if (!font) {
            x.FPDFFont_GetBaseFontName!(fontPtr, buf, 256);
            const name = m.UTF8ToString(buf).replace(/^[A-Z]{6}\+/, '');
            x.FPDFFont_GetItalicAngle!(fontPtr, s);
            const italicAngle = m.getValue(s, 'i32');
            font = {
              name,
              flags: x.FPDFFont_GetFlags!(fontPtr),
              weight: x.FPDFFont_GetWeight!(fontPtr),
              italicAngle,
            };
            fontCache.set(fontPtr, font);
          }
          x.FPDFPageObj_GetFillColor!(obj, s, s + 4, s + 8, s + 12);
          const color: [number, number, number] = [this.u32(0) / 255, this.u32(1) / 255, this.u32(2) / 255];
          texts.push({
            index,
            text,
            ...transformRect(toDisplay, this.bounds(obj)),
            ox: e,
            oy: f,
            size: fontSize * scale,
            font,
            color,
            rotated: Math.abs(b) > 1e-3 * Math.abs(a) || Math.abs(c) > 1e-3 * Math.abs(d) || a <= 0 || d <= 0,
            invisible: x.FPDFTextObj_GetTextRenderMode!(obj) === 3,
            ...(inForm ? { inForm, form } : {}),
          });
        };
        /** Reads a form's objects; true when it draws anything but text (then it counts as a picture). */
        const readForm = (form: number, toDisplay: Matrix, depth: number, parent: number): boolean => {
          let drawing = false;
          const id = forms.length;
          forms.push(parent);
          const inner = x.FPDFFormObj_CountObjects!(form);
          for (let i = 0; i < inner; i++) {
            const obj = x.FPDFFormObj_GetObject!(form, i);
            const type = x.FPDFPageObj_GetType!(obj);
            if (type === OBJ.TEXT) readText(obj, i, toDisplay, id);
            else if (type === OBJ.FORM && depth < MAX_FORM_DEPTH) {
              if (readForm(obj, concat(matrixOf(obj), toDisplay), depth + 1, id)) drawing = true;
            } else drawing = true;
          }
          return drawing;
        };
        for (let i = 0; i < count; i++) {
          const obj = x.FPDFPage_GetObject!(page, i);
          const type = x.FPDFPageObj_GetType!(obj);
          if (type === OBJ.TEXT) readText(obj, i, display, -1);
          else if (type === OBJ.PATH) paths.push(transformRect(display, this.bounds(obj)));
          else if (type === OBJ.IMAGE || type === OBJ.SHADING)
            pictures.push(transformRect(display, this.bounds(obj)));
          else if (type === OBJ.FORM) {
            // Objects inside a form are in the form's space; its matrix takes them to the page's.
            if (readForm(obj, concat(matrixOf(obj), display), 1, -1))
              pictures.push(transformRect(display, this.bounds(obj)));
          }
        }
        annotations.push(...this.annotationBoxes(page, display));
        // A text object without characters of its own may be an exact copy of another one (the text page keeps
        // one of them): it goes wherever its original goes.
        for (const orphan of orphans) {
          const near = (a: number, b: number) => Math.abs(a - b) < 0.5;
          const original = texts.find(
            (t) =>
              near(t.x0, orphan.x0) &&
              near(t.y0, orphan.y0) &&
              near(t.x1, orphan.x1) &&
              near(t.y1, orphan.y1),
          );
          if (original) (original.duplicates ??= []).push(orphan.index);
        }
        if (this.loadedObjects + count <= this.keepBudget) {
          keep = true;
          this.loaded.set(n, { page, objects: count });
          this.loadedObjects += count;
        }
      } finally {
        x.free!(buf);
        x.FPDFText_ClosePage!(textPage);
      }
      return {
        width: P.FPDF_GetPageWidthF(page),
        height: P.FPDF_GetPageHeightF(page),
        texts,
        paths,
        pictures,
        annotations,
        mediaBox: transformRect(display, mediaBox),
        rotation,
        toUser: invert(display),
        forms,
        formOf,
      };
    } finally {
      if (!keep) this.release(n, page);
    }
  }

  /** The page's MediaBox (where a form drawn over the whole page must reach). */
  mediaBox(page: number): Rect {
    const s = this.scratch;
    if (!this.x.FPDFPage_GetMediaBox!(page, s, s + 4, s + 8, s + 12)) {
      return { x0: 0, y0: 0, x1: this.P.FPDF_GetPageWidthF(page), y1: this.P.FPDF_GetPageHeightF(page) };
    }
    return { x0: this.f32(0), y0: this.f32(1), x1: this.f32(2), y1: this.f32(3) };
  }

  /**
   * Edits page `n`: removes the text objects in `remove`, moves those in `move` by their offsets (in display space,
   * as readPage measured them), places the form XObject `overlay` (a handle from FPDF_NewXObjectFromPage) over the
   * page, and regenerates the page's content stream (everything else is written back as it was parsed). Indices
   * are readPage's: text inside form XObjects is found by walking the forms in the same order, removed from its
   * form (PDFium then writes the form's content again) and moved in the form's own space. The page is freed
   * afterwards.
   */
  editPage(
    n: number,
    remove: Set<number>,
    move: Map<number, { dx: number; dy: number }>,
    overlay?: number,
  ): void {
    const x = this.x;
    if (remove.size === 0 && move.size === 0 && !overlay) {
      const kept = this.loaded.get(n);
      if (kept) this.release(n, kept.page);
      return;
    }
    this.withPage(n, (page) => {
      const s = this.scratch;
      const display = displayMatrix(x.FPDFPage_GetRotation!(page) & 3, this.mediaBox(page));
      const matrixOf = (obj: number): Matrix => {
        x.FPDFPageObj_GetMatrix!(obj, s);
        return [0, 1, 2, 3, 4, 5].map((k) => this.f32(k)) as Matrix;
      };
      /** Moves `obj` by a display-space offset, in the space of its holder (`toDisplay` takes that to display). */
      const shift = (obj: number, toDisplay: Matrix, by: { dx: number; dy: number }) => {
        const [a, b, c, d] = invert(toDisplay);
        x.FPDFPageObj_Transform!(obj, 1, 0, 0, 1, a * by.dx + c * by.dy, b * by.dx + d * by.dy);
      };
      const doomed: Array<{ holder: number; obj: number }> = [];
      let formTexts = 0;
      /** Forms drawn by a form on the page (depth 2), with what their text loses. */
      const nested: Array<{ form: number; parent: number; top: number; matrix: Matrix }> = [];
      const emptied = new Set<number>();
      const walkForm = (form: number, toDisplay: Matrix, depth: number, top: number) => {
        const inner = x.FPDFFormObj_CountObjects!(form);
        for (let i = 0; i < inner; i++) {
          const obj = x.FPDFFormObj_GetObject!(form, i);
          const type = x.FPDFPageObj_GetType!(obj);
          if (type === OBJ.TEXT) {
            const index = FORM_TEXT + formTexts++;
            const by = move.get(index);
            if (by) shift(obj, toDisplay, by);
            else if (remove.has(index)) {
              doomed.push({ holder: form, obj });
              emptied.add(form);
            }
          } else if (type === OBJ.FORM && depth < MAX_FORM_DEPTH) {
            if (depth === 1) nested.push({ form: obj, parent: form, top, matrix: matrixOf(obj) });
            walkForm(obj, concat(matrixOf(obj), toDisplay), depth + 1, top);
          }
        }
      };
      const count = x.FPDFPage_CountObjects!(page);
      for (let i = 0; i < count; i++) {
        const obj = x.FPDFPage_GetObject!(page, i);
        const type = x.FPDFPageObj_GetType!(obj);
        if (type === OBJ.FORM) {
          walkForm(obj, concat(matrixOf(obj), display), 1, obj);
          continue;
        }
        const by = move.get(i);
        if (by) shift(obj, display, by);
        else if (remove.has(i)) doomed.push({ holder: 0, obj });
      }
      for (const { holder, obj } of doomed) {
        const removed = holder
          ? x.FPDFFormObj_RemoveObject!(holder, obj)
          : x.FPDFPage_RemoveObject!(page, obj);
        if (removed) x.FPDFPageObj_Destroy!(obj);
      }
      // PDFium writes a form again only when its holder is written again too: a form inside a form on the page
      // that loses text while its holder loses nothing (a figure embedded in an included PDF) is moved onto the page
      // right after its holder, with the holder's matrix, so that both are written again.
      const hoisted = nested.filter((f) => emptied.has(f.form) && !emptied.has(f.parent));
      for (const f of hoisted.reverse()) {
        // The holder's place now that text before it is gone.
        let at = -1;
        for (let i = 0, n = x.FPDFPage_CountObjects!(page); i < n && at < 0; i++)
          if (x.FPDFPage_GetObject!(page, i) === f.top) at = i;
        if (at < 0 || !x.FPDFFormObj_RemoveObject!(f.parent, f.form)) continue;
        // Its matrix and its clip (the holder's box, in the holder's space) go to the page's space.
        const [a, b, c, d, e, g] = matrixOf(f.top);
        x.FPDFPageObj_Transform!(f.form, a, b, c, d, e, g);
        x.FPDFPageObj_TransformClipPath!(f.form, a, b, c, d, e, g);
        if (!x.FPDFPage_InsertObjectAtIndex!(page, f.form, at + 1))
          throw new DocumentFormatError(`Page ${n + 1} of the PDF could not be rewritten.`);
      }
      if (overlay) {
        const form = x.FPDF_NewFormObjectFromXObject!(overlay);
        if (!form) throw new DocumentFormatError(`Page ${n + 1} of the PDF could not be rewritten.`);
        x.FPDFPage_InsertObject!(page, form);
      }
      if (!x.FPDFPage_GenerateContent!(page)) {
        throw new DocumentFormatError(`Page ${n + 1} of the PDF could not be rewritten.`);
      }
    });
  }

  /** A form XObject of page `index` of `source` (another open document), owned by this document's file. Free the
   * handle with closeXObject once placed. */
  xobjectFrom(source: PdfiumDocument, index: number): number {
    const handle = this.x.FPDF_NewXObjectFromPage!(this.doc, source.doc, index);
    if (!handle) throw new Error('PDFium could not make a form XObject');
    return handle;
  }

  closeXObject(handle: number): void {
    this.x.FPDF_CloseXObject!(handle);
  }

  /** Saves the document (decrypted: the output is written by pdf-lib, which cannot write encrypted files). */
  save(): Uint8Array {
    const P = this.P;
    const m = P.pdfium;
    P.EPDF_RemoveEncryption(this.doc);
    const writer = P.PDFiumExt_OpenFileWriter();
    try {
      if (!P.PDFiumExt_SaveAsCopy(this.doc, writer)) throw new Error('PDFium could not save the document');
      const size = P.PDFiumExt_GetFileWriterSize(writer);
      const ptr = m.wasmExports.malloc(size);
      try {
        P.PDFiumExt_GetFileWriterData(writer, ptr, size);
        return heap(m).slice(ptr, ptr + size);
      } finally {
        m.wasmExports.free(ptr);
      }
    } finally {
      P.PDFiumExt_CloseFileWriter(writer);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const { page } of this.loaded.values()) this.x.FPDF_ClosePage!(page);
    this.loaded.clear();
    this.P.FPDF_CloseDocument(this.doc);
    this.P.pdfium.wasmExports.free(this.dataPtr);
    this.P.pdfium.wasmExports.free(this.scratch);
  }
}
