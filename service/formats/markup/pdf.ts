/**
 * PDF documents (service process, document worker). By default the translation keeps the page: the layout-
 * preserving implementation in ../pdf/ (PDFium + pdf-lib + HarfBuzz; see its header for the choice and the
 * measurements) replaces only the text, in place. With `output_format=docx` the text is extracted per page with
 * pdfjs-dist (5.x legacy build: the modern build needs browser globals, 6.x needs Node 22), grouped into lines by
 * baseline and into paragraphs by vertical gap and font height, translated, and written as an editable docx
 * (`docx`). `reflowPdf` keeps the former re-typeset PDF output (DejaVu Sans, one or more pages per input page) as
 * the benchmark's baseline.
 * Scanned PDFs (no text layer) and password-protected PDFs are refused with a message.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import type { PDFFont } from 'pdf-lib';
import { cleanUserText } from '../../text/markers.js';
import { DocumentFormatError } from '../types.js';
import type { FormatContext, FormatHandler, FormatResult } from '../types.js';
import { BatchTranslator, hasLetters } from './common.js';
import { countPdfCharacters, NotInPlace, translatePdfInPlace } from '../pdf/index.js';

const MAX_PDF_BYTES = 200 * 1024 * 1024;
const MAX_PAGES = 5000;
/*
 * pdfjs, pdf-lib, fontkit and docx are loaded on first use, not at import: every document worker imports all
 * handlers, and these libraries cost tens of MB and seconds of warm-up per worker that never sees a PDF.
 */
const pdfjsLib = () => import('pdfjs-dist/legacy/build/pdf.mjs');
const pdfLib = () => import('pdf-lib');
const fontkitLib = async () => (await import('@pdf-lib/fontkit')).default;
const docxLib = () => import('docx');

export const FONT_PATHS = {
  regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
};

export interface PdfParagraph {
  page: number;
  text: string;
  /** Font height in points. */
  size: number;
}

export interface PdfText {
  pages: Array<{ width: number; height: number }>;
  paragraphs: PdfParagraph[];
}

interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/** Extracts paragraphs from a PDF; refuses encrypted, broken and text-less files. */
export async function extractPdf(bytes: Uint8Array): Promise<PdfText> {
  const pdfjs = await pdfjsLib();
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  const task = pdfjs.getDocument({
    data: bytes,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    stopAtErrors: false,
  });
  try {
    doc = await task.promise;
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'PasswordException') {
      throw new DocumentFormatError(
        'The PDF is protected by a password. Remove the password (save an unprotected copy) and upload it again.',
      );
    }
    throw new DocumentFormatError(
      `The PDF cannot be opened (${(err as Error).message}). Check that the file is a complete PDF, or save it again from its application.`,
    );
  }
  try {
    if (doc.numPages > MAX_PAGES) {
      throw new DocumentFormatError(
        `The PDF has ${doc.numPages} pages; the local engine handles up to ${MAX_PAGES}. Split it and upload the parts.`,
      );
    }
    const pages: PdfText['pages'] = [];
    const paragraphs: PdfParagraph[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      pages.push({ width: viewport.width, height: viewport.height });
      const content = await page.getTextContent();
      const items: Item[] = [];
      for (const it of content.items) {
        if (!('str' in it) || it.str === '') continue;
        const size = Math.hypot(it.transform[2] ?? 0, it.transform[3] ?? 0) || it.height || 10;
        items.push({ str: it.str, x: it.transform[4] ?? 0, y: it.transform[5] ?? 0, width: it.width, size });
      }
      for (const text of groupParagraphs(items)) paragraphs.push({ page: n - 1, ...text });
      page.cleanup();
    }
    if (!paragraphs.some((p) => hasLetters(p.text))) {
      throw new DocumentFormatError(
        'The PDF has no text layer (it looks scanned): the local engine cannot read text in images (no OCR). ' +
          'Run OCR on it first (for example in a PDF editor) or use a hosted Translation Service account.',
      );
    }
    return { pages, paragraphs };
  } finally {
    await doc.destroy();
  }
}

/** Lines by baseline, paragraphs by vertical gap and font height. */
export function groupParagraphs(items: Item[]): Array<{ text: string; size: number }> {
  const lines: Array<{ text: string; y: number; size: number; x: number }> = [];
  let line: { text: string; y: number; size: number; x: number; end: number } | undefined;
  for (const it of items) {
    if (line && Math.abs(it.y - line.y) < 0.5 * Math.max(line.size, it.size)) {
      const gap = it.x - line.end;
      if (gap > 0.15 * it.size && !/\s$/.test(line.text) && !/^\s/.test(it.str)) line.text += ' ';
      line.text += it.str;
      line.end = it.x + it.width;
      line.size = Math.max(line.size, it.size);
      continue;
    }
    if (line) lines.push(line);
    line = { text: it.str, y: it.y, size: it.size, x: it.x, end: it.x + it.width };
  }
  if (line) lines.push(line);
  const paragraphs: Array<{ text: string; size: number }> = [];
  let para: { text: string; size: number; y: number } | undefined;
  for (const l of lines) {
    const text = l.text.replace(/\s+/g, ' ').trim();
    if (text === '') continue;
    const gap = para ? para.y - l.y : 0;
    const similar = para && l.size / para.size > 0.85 && l.size / para.size < 1.18;
    if (para && similar && gap > 0 && gap <= 1.6 * l.size) {
      para.text =
        /[A-Za-z]-$/.test(para.text) && /^\p{Ll}/u.test(text)
          ? para.text.slice(0, -1) + text
          : `${para.text} ${text}`;
      para.y = l.y;
      continue;
    }
    if (para) paragraphs.push({ text: para.text, size: para.size });
    para = { text, size: l.size, y: l.y };
  }
  if (para) paragraphs.push({ text: para.text, size: para.size });
  return paragraphs;
}

async function loadPdf(inputPath: string): Promise<PdfText> {
  const info = await stat(inputPath);
  if (info.size === 0) throw new DocumentFormatError('The PDF file is empty.');
  if (info.size > MAX_PDF_BYTES) {
    throw new DocumentFormatError(
      `The PDF is larger than ${MAX_PDF_BYTES / 1048576} MB; split it and upload the parts.`,
    );
  }
  return extractPdf(new Uint8Array(await readFile(inputPath)));
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 11;
}

/** Breaks text into lines that fit `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || current === '') {
      current = candidate;
      // A single word wider than the line is cut by characters.
      while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
        let cut = current.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut--;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

async function writePdf(source: PdfText, texts: string[], outputPath: string): Promise<void> {
  let regularBytes: Buffer;
  let boldBytes: Buffer;
  try {
    [regularBytes, boldBytes] = await Promise.all([readFile(FONT_PATHS.regular), readFile(FONT_PATHS.bold)]);
  } catch {
    throw new DocumentFormatError(
      `The font needed to write the translated PDF (${FONT_PATHS.regular}) is missing on this machine. ` +
        'Install the Debian package fonts-dejavu-core, or ask for Word output (output_format=docx).',
    );
  }
  const { PDFDocument, rgb } = await pdfLib();
  const out = await PDFDocument.create();
  out.registerFontkit(await fontkitLib());
  const regular = await out.embedFont(regularBytes, { subset: true });
  const bold = await out.embedFont(boldBytes, { subset: true });
  const body = median(source.paragraphs.map((p) => p.size));
  const margin = 50;
  for (let pageIndex = 0; pageIndex < source.pages.length; pageIndex++) {
    const { width, height } = source.pages[pageIndex]!;
    let page = out.addPage([width, height]);
    let y = height - margin;
    source.paragraphs.forEach((para, i) => {
      if (para.page !== pageIndex) return;
      const heading = para.size > body * 1.2;
      const size = Math.min(Math.max(para.size, 6), 36);
      const font = heading ? bold : regular;
      const lineHeight = size * 1.3;
      for (const line of wrap(texts[i]!, font, size, Math.max(width - 2 * margin, 50))) {
        if (y - lineHeight < margin) {
          page = out.addPage([width, height]);
          y = height - margin;
        }
        y -= lineHeight;
        page.drawText(line, { x: margin, y, size, font, color: rgb(0, 0, 0) });
      }
      y -= size * 0.6;
    });
  }
  await writeFile(outputPath, await out.save());
}

async function writeDocx(source: PdfText, texts: string[], outputPath: string): Promise<void> {
  const { Document, HeadingLevel, Packer, Paragraph, TextRun } = await docxLib();
  const body = median(source.paragraphs.map((p) => p.size));
  const children = source.paragraphs.map((para, i) => {
    const ratio = para.size / body;
    const heading =
      ratio > 1.6
        ? HeadingLevel.HEADING_1
        : ratio > 1.3
          ? HeadingLevel.HEADING_2
          : ratio > 1.15
            ? HeadingLevel.HEADING_3
            : undefined;
    const pageBreakBefore = i > 0 && source.paragraphs[i - 1]!.page !== para.page;
    return new Paragraph({
      children: [new TextRun(texts[i]!)],
      pageBreakBefore,
      ...(heading ? { heading } : {}),
    });
  });
  const doc = new Document({ sections: [{ children }] });
  await writeFile(outputPath, await Packer.toBuffer(doc));
}

/** The former output: the translated text re-typeset as a reflowed PDF (benchmark baseline). */
export async function reflowPdf(inputPath: string, outputPath: string, ctx: FormatContext): Promise<number> {
  const source = await loadPdf(inputPath);
  const translator = new BatchTranslator(ctx.translate, ctx);
  const texts = await translator.translate(source.paragraphs.map((p) => cleanUserText(p.text)));
  await writePdf(source, texts, outputPath);
  return translator.characters;
}

export const pdfHandler: FormatHandler = {
  extensions: ['pdf'],
  sniff: (head) => head.subarray(0, 1024).includes(Buffer.from('%PDF-')),
  async countCharacters(inputPath) {
    try {
      return await countPdfCharacters(inputPath);
    } catch (err) {
      if (!(err instanceof NotInPlace)) throw err;
      const counter = new BatchTranslator(undefined);
      await counter.translate((await loadPdf(inputPath)).paragraphs.map((p) => cleanUserText(p.text)));
      return counter.characters;
    }
  },
  async translate(inputPath, outputPath, _extension, ctx: FormatContext): Promise<FormatResult> {
    if (ctx.outputFormat !== 'docx') {
      let characters: number;
      try {
        characters = await translatePdfInPlace(inputPath, outputPath, ctx);
      } catch (err) {
        // Documents whose text is all turned on unturned pages are not replaced in place: they get the reflow.
        if (!(err instanceof NotInPlace)) throw err;
        characters = await reflowPdf(inputPath, outputPath, ctx);
      }
      ctx.onProgress?.(1);
      return { characters, outputExtension: 'pdf' };
    }
    const source = await loadPdf(inputPath);
    ctx.onProgress?.(0.1);
    const translator = new BatchTranslator(ctx.translate, ctx);
    const texts = await translator.translate(source.paragraphs.map((p) => cleanUserText(p.text)));
    ctx.signal?.throwIfAborted();
    await writeDocx(source, texts, outputPath);
    ctx.onProgress?.(1);
    return { characters: translator.characters, outputExtension: 'docx' };
  },
};
