/**
 * Legacy Word 97-2003 documents (doc, OLE2) for the local service (service process, document workers).
 *
 * The binary format cannot be edited in place here, so, as the API says, the result is a docx: the text is
 * read with `word-extractor` (body, text boxes, headers, footers, footnotes, endnotes, comments), each
 * paragraph is translated, and a new document is written with the `docx` package. Paragraph breaks are kept;
 * character formatting, tables and images are not (word-extractor exposes text only).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Document, Footer, Header, Packer, Paragraph, TextRun } from 'docx';
import { LIMITS } from '../../../shared/spec/limits.js';
import { cleanUserText, stripMarkers } from '../../text/markers.js';
import { codePoints } from '../lib/xml-units.js';
import type { FormatContext, FormatHandler, FormatResult } from '../types.js';
import { DocumentFormatError } from '../types.js';
import { explainDoc } from './ole.js';

export const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

interface WordDocument {
  getBody(): string;
  getFootnotes(): string;
  getEndnotes(): string;
  getHeaders(options?: { includeFooters?: boolean }): string;
  getFooters(): string;
  getAnnotations(): string;
  getTextboxes(options?: { includeHeadersAndFooters?: boolean; includeBody?: boolean }): string;
}
interface WordExtractorClass {
  new (): { extract(source: string | Buffer): Promise<WordDocument> };
}

// word-extractor is CommonJS without type declarations; the interface above is the part used here.
const WordExtractor = createRequire(import.meta.url)('word-extractor') as WordExtractorClass;

interface DocText {
  body: string[];
  headers: string[];
  footers: string[];
  notes: string[];
}

function paragraphs(text: string): string[] {
  return text
    .split(/\r\n|[\r\n\u000b\u000c]/)
    .map((p) => cleanUserText(p).replace(/[\u0000-\u0008\u000e-\u001f]/g, ''))
    .filter((p) => p.trim() !== '');
}

async function readDoc(inputPath: string): Promise<DocText> {
  const data = await readFile(inputPath);
  if (!data.subarray(0, 8).equals(OLE2_MAGIC)) {
    throw new DocumentFormatError(
      'The file is named .doc but is not a Word 97-2003 document. If it is a newer Word file, name it .docx and upload it again.',
    );
  }
  const why = explainDoc(data);
  if (why) throw new DocumentFormatError(why);
  let doc: WordDocument;
  try {
    doc = await new WordExtractor().extract(data);
  } catch (err) {
    throw new DocumentFormatError(
      'The .doc file could not be read as a Word 97-2003 document; it may be damaged. Open it in Word, save it as .docx, and upload that file.',
      { cause: err },
    );
  }
  return {
    body: [...paragraphs(doc.getBody()), ...paragraphs(doc.getTextboxes({ includeHeadersAndFooters: false }))],
    headers: paragraphs(doc.getHeaders({ includeFooters: false })),
    footers: paragraphs(doc.getFooters()),
    notes: [...paragraphs(doc.getFootnotes()), ...paragraphs(doc.getEndnotes()), ...paragraphs(doc.getAnnotations())],
  };
}

function countAll(text: DocText): number {
  let n = 0;
  for (const p of [...text.body, ...text.headers, ...text.footers, ...text.notes]) n += codePoints(stripMarkers(p));
  return n;
}

async function translateAll(units: string[], ctx: FormatContext): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < units.length; i += LIMITS.textsPerRequest) {
    ctx.signal?.throwIfAborted();
    const batch = units.slice(i, i + LIMITS.textsPerRequest);
    const done = await ctx.translate(batch);
    if (done.length !== batch.length) throw new Error(`translator returned ${done.length} texts for ${batch.length}`);
    out.push(...done);
    ctx.onProgress?.(Math.min(1, (i + batch.length) / Math.max(1, units.length)));
  }
  return out;
}

const toParagraphs = (texts: string[]): Paragraph[] => texts.map((t) => new Paragraph({ children: [new TextRun(stripMarkers(t))] }));

export const docHandler: FormatHandler = {
  extensions: ['doc'],
  sniff: (head) => head.length >= 8 && head.subarray(0, 8).equals(OLE2_MAGIC),
  async countCharacters(inputPath) {
    return countAll(await readDoc(inputPath));
  },
  async translate(inputPath, outputPath, _extension, ctx): Promise<FormatResult> {
    const text = await readDoc(inputPath);
    const all = [...text.body, ...text.headers, ...text.footers, ...text.notes];
    const done = await translateAll(all, ctx);
    let at = 0;
    const take = (n: number): string[] => done.slice(at, (at += n));
    const body = take(text.body.length);
    const headers = take(text.headers.length);
    const footers = take(text.footers.length);
    const notes = take(text.notes.length);
    const document = new Document({
      sections: [
        {
          ...(headers.length > 0 || footers.length > 0
            ? {
                headers: headers.length > 0 ? { default: new Header({ children: toParagraphs(headers) }) } : undefined,
                footers: footers.length > 0 ? { default: new Footer({ children: toParagraphs(footers) }) } : undefined,
              }
            : {}),
          // Notes and comments follow the body: the text extraction does not say where they were anchored.
          children: [...toParagraphs(body), ...(notes.length > 0 ? [new Paragraph({ text: '' }), ...toParagraphs(notes)] : [])],
        },
      ],
    });
    await writeFile(outputPath, await Packer.toBuffer(document));
    return { characters: countAll(text), outputExtension: 'docx' };
  },
};
