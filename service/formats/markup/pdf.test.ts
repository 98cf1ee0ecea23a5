import { existsSync } from 'node:fs';
import JSZip from 'jszip';
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { FONT_PATHS, pdfHandler } from './pdf.js';
import { failure, runHandler } from './test-support.js';

const hasFont = existsSync(FONT_PATHS.regular) && existsSync(FONT_PATHS.bold);
if (!hasFont)
  console.warn(`PDF output tests skipped: ${FONT_PATHS.regular} is missing (install fonts-dejavu-core).`);

async function samplePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p1 = doc.addPage([595, 842]);
  p1.drawText('Quarterly report', { x: 50, y: 780, size: 22, font });
  p1.drawText('Sales grew in every region this', { x: 50, y: 740, size: 11, font });
  p1.drawText('quarter, led by the north.', { x: 50, y: 727, size: 11, font });
  p1.drawText('Costs stayed flat.', { x: 50, y: 690, size: 11, font });
  const p2 = doc.addPage([595, 842]);
  p2.drawText('Outlook for next year is good.', { x: 50, y: 780, size: 11, font });
  return doc.save();
}

/** Text of each page of a PDF, read with pdfjs. */
async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((i) => ('str' in i ? i.str : ''))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  await doc.destroy();
  return pages;
}

describe('PDF handler', () => {
  it.skipIf(!hasFont)(
    'writes a readable translated PDF, paragraph by paragraph and page by page',
    async () => {
      const { output, result, counted, units } = await runHandler(pdfHandler, 'pdf', await samplePdf());
      expect(units).toEqual([
        'Quarterly report',
        'Sales grew in every region this quarter, led by the north.',
        'Costs stayed flat.',
        'Outlook for next year is good.',
      ]);
      expect(result.outputExtension).toBe('pdf');
      const pages = await pdfPages(output);
      expect(pages).toHaveLength(2);
      expect(pages[0]).toBe(
        '[QUARTERLY REPORT] [SALES GREW IN EVERY REGION THIS QUARTER, LED BY THE NORTH.] [COSTS STAYED FLAT.]',
      );
      expect(pages[1]).toBe('[OUTLOOK FOR NEXT YEAR IS GOOD.]');
      expect(result.characters).toBe(counted);
      expect(counted).toBe(units.join('').length);
    },
  );

  it('writes a docx when asked for output_format docx', async () => {
    const { output, result } = await runHandler(pdfHandler, 'pdf', await samplePdf(), {
      outputFormat: 'docx',
    });
    expect(result.outputExtension).toBe('docx');
    const zip = await JSZip.loadAsync(output);
    const xml = await zip.file('word/document.xml')!.async('string');
    const paragraphs = [...xml.matchAll(/<w:p>.*?<\/w:p>|<w:p [^>]*>.*?<\/w:p>/gs)].map((m) =>
      [...m[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
    );
    expect(paragraphs.filter(Boolean)).toEqual([
      '[QUARTERLY REPORT]',
      '[SALES GREW IN EVERY REGION THIS QUARTER, LED BY THE NORTH.]',
      '[COSTS STAYED FLAT.]',
      '[OUTLOOK FOR NEXT YEAR IS GOOD.]',
    ]);
    expect(xml).toContain('w:pageBreakBefore');
    expect(xml).toMatch(/w:pStyle w:val="Heading\d"/);
  });

  it('refuses scanned, encrypted and broken PDFs with clear messages', async () => {
    const scanned = await PDFDocument.create();
    scanned.addPage([595, 842]).drawRectangle({ x: 10, y: 10, width: 200, height: 300 });
    expect(await failure(pdfHandler, 'pdf', await scanned.save())).toMatch(/no text layer.*cannot.*OCR/);

    const locked = await PDFDocument.load(await samplePdf());
    const random = (n: number) => PDFHexString.of(Buffer.alloc(n, 0x5a).toString('hex'));
    locked.context.trailerInfo.Encrypt = locked.context.obj({
      Filter: PDFName.of('Standard'),
      V: 1,
      R: 2,
      O: random(32),
      U: random(32),
      P: -4,
    });
    locked.context.trailerInfo.ID = locked.context.obj([random(16), random(16)]);
    expect(await failure(pdfHandler, 'pdf', await locked.save({ useObjectStreams: false }))).toMatch(
      /password/,
    );

    expect(await failure(pdfHandler, 'pdf', '%PDF-1.4\nthis is not a pdf')).toMatch(
      /cannot be opened|no text layer/,
    );
    expect(await failure(pdfHandler, 'pdf', '')).toMatch(/empty/);
  });

  it('sniffs the PDF signature', () => {
    expect(pdfHandler.sniff(Buffer.from('%PDF-1.7\n'), 'pdf')).toBe(true);
    expect(pdfHandler.sniff(Buffer.from('<html>'), 'pdf')).toBe(false);
  });
});
