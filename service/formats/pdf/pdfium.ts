/**
 * PDFium (WebAssembly, `@embedpdf/pdfium`, MIT/BSD) access for the layout-preserving PDF translation (service
 * process, document worker thread). Owns the one PDFium instance of a worker (loaded on first use, never at import)
 * and the three things asked of it: read the text objects, drawings and images of a page with their boxes, fonts
 * and colours; remove or move text objects and regenerate the page's content stream; save the document.
 * Everything else on a page (images, paths, shadings, forms, annotations, links) is left as PDFium parsed it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { WrappedPdfiumModule } from '@embedpdf/pdfium';
import { DocumentFormatError } from '../types.js';

/** PDFium page object types (fpdf_edit.h). */
export const OBJ = { TEXT: 1, PATH: 2, IMAGE: 3, SHADING: 4, FORM: 5 } as const;

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
}

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

/** An open document; free it with close(). All handles point into PDFium's wasm memory. */
export class PdfiumDocument {
  private closed = false;
  private readonly scratch: number;

  private constructor(
    readonly P: Pdfium,
    readonly doc: number,
    private readonly dataPtr: number,
  ) {
    this.scratch = P.pdfium.wasmExports.malloc(64);
  }

  static async open(bytes: Uint8Array): Promise<PdfiumDocument> {
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
    return new PdfiumDocument(P, doc, ptr);
  }

  get pageCount(): number {
    return this.P.FPDF_GetPageCount(this.doc);
  }

  private f32(i: number): number {
    return this.P.pdfium.getValue(this.scratch + 4 * i, 'float');
  }
  private u32(i: number): number {
    return this.P.pdfium.getValue(this.scratch + 4 * i, 'i32') >>> 0;
  }

  private bounds(obj: number): Rect {
    const s = this.scratch;
    this.P.FPDFPageObj_GetBounds(obj, s, s + 4, s + 8, s + 12);
    return { x0: this.f32(0), y0: this.f32(1), x1: this.f32(2), y1: this.f32(3) };
  }

  /** Runs `fn` with page `n` loaded, then frees the page (one page in memory at a time). */
  withPage<T>(n: number, fn: (page: number) => T): T {
    const page = this.P.FPDF_LoadPage(this.doc, n);
    if (!page) throw new DocumentFormatError(`Page ${n + 1} of the PDF is damaged and cannot be read.`);
    try {
      return fn(page);
    } finally {
      this.P.FPDF_ClosePage(page);
    }
  }

  /** Reads page `n`: size, text objects, path and picture boxes. */
  readPage(n: number): PageContent {
    const P = this.P;
    const m = P.pdfium;
    return this.withPage(n, (page) => {
      const textPage = P.FPDFText_LoadPage(page);
      const texts: TextObject[] = [];
      const paths: Rect[] = [];
      const pictures: Rect[] = [];
      const count = P.FPDFPage_CountObjects(page);
      let buf = m.wasmExports.malloc(8192);
      let bufSize = 8192;
      const fontCache = new Map<number, FontInfo>();
      try {
        for (let i = 0; i < count; i++) {
          const obj = P.FPDFPage_GetObject(page, i);
          const type = P.FPDFPageObj_GetType(obj);
          if (type === OBJ.PATH) paths.push(this.bounds(obj));
          else if (type === OBJ.IMAGE || type === OBJ.SHADING || type === OBJ.FORM)
            pictures.push(this.bounds(obj));
          if (type !== OBJ.TEXT) continue;
          const need = P.FPDFTextObj_GetText(obj, textPage, 0, 0);
          if (need > bufSize) {
            m.wasmExports.free(buf);
            bufSize = need;
            buf = m.wasmExports.malloc(bufSize);
          }
          P.FPDFTextObj_GetText(obj, textPage, buf, bufSize);
          const text = m.UTF16ToString(buf).replace(/\u0000/g, '');
          if (text === '') continue;
          const s = this.scratch;
          P.FPDFPageObj_GetMatrix(obj, s);
          const [a, b, c, d, e, f] = [0, 1, 2, 3, 4, 5].map((k) => this.f32(k)) as [
            number,
            number,
            number,
            number,
            number,
            number,
          ];
          P.FPDFTextObj_GetFontSize(obj, s + 24);
          const fontSize = this.f32(6);
          const scale = Math.sqrt(Math.abs(a * d - b * c)) || 1;
          const fontPtr = P.FPDFTextObj_GetFont(obj);
          let font = fontCache.get(fontPtr);
          if (!font) {
            P.FPDFFont_GetBaseFontName(fontPtr, buf, 256);
            const name = m.UTF8ToString(buf).replace(/^[A-Z]{6}\+/, '');
            P.FPDFFont_GetItalicAngle(fontPtr, s);
            const italicAngle = m.getValue(s, 'i32');
            font = {
              name,
              flags: P.FPDFFont_GetFlags(fontPtr),
              weight: P.FPDFFont_GetWeight(fontPtr),
              italicAngle,
            };
            fontCache.set(fontPtr, font);
          }
          P.FPDFPageObj_GetFillColor(obj, s, s + 4, s + 8, s + 12);
          const color: [number, number, number] = [this.u32(0) / 255, this.u32(1) / 255, this.u32(2) / 255];
          const box = this.bounds(obj);
          texts.push({
            index: i,
            text,
            ...box,
            ox: e,
            oy: f,
            size: fontSize * scale,
            font,
            color,
            rotated: Math.abs(b) > 1e-3 * Math.abs(a) || Math.abs(c) > 1e-3 * Math.abs(d) || a <= 0 || d <= 0,
            invisible: P.FPDFTextObj_GetTextRenderMode(obj) === 3,
          });
        }
      } finally {
        m.wasmExports.free(buf);
        P.FPDFText_ClosePage(textPage);
      }
      return {
        width: P.FPDF_GetPageWidthF(page),
        height: P.FPDF_GetPageHeightF(page),
        texts,
        paths,
        pictures,
      };
    });
  }

  /**
   * Edits page `n`: removes the text objects in `remove`, moves those in `move` by their offsets, and regenerates
   * the page's content stream (everything else is written back as it was parsed).
   */
  editPage(n: number, remove: Set<number>, move: Map<number, { dx: number; dy: number }>): void {
    if (remove.size === 0 && move.size === 0) return;
    const P = this.P;
    this.withPage(n, (page) => {
      const count = P.FPDFPage_CountObjects(page);
      const doomed: number[] = [];
      for (let i = 0; i < count; i++) {
        const obj = P.FPDFPage_GetObject(page, i);
        const shift = move.get(i);
        if (shift) P.FPDFPageObj_Transform(obj, 1, 0, 0, 1, shift.dx, shift.dy);
        else if (remove.has(i)) doomed.push(obj);
      }
      for (const obj of doomed) if (P.FPDFPage_RemoveObject(page, obj)) P.FPDFPageObj_Destroy(obj);
      if (!P.FPDFPage_GenerateContent(page)) {
        throw new DocumentFormatError(`Page ${n + 1} of the PDF could not be rewritten.`);
      }
    });
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
    this.P.FPDF_CloseDocument(this.doc);
    this.P.pdfium.wasmExports.free(this.dataPtr);
    this.P.pdfium.wasmExports.free(this.scratch);
  }
}
