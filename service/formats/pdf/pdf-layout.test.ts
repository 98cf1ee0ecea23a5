/**
 * Tests of the layout-preserving PDF translation (vitest, service formats): a PDF generated here with a known
 * layout (heading, two columns, a ruled table with numbers, an image, a footnote with its mark, a link, a Chinese
 * and an Arabic run) and the real PDFs of ../shared/real-documents, translated with the pseudo translator
 * (upper case in brackets) and checked by extraction and by rendering page 1 with pdftoppm.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString, StandardFonts, degrees, rgb } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { pdfHandler } from '../markup/pdf.js';
import { runHandler } from '../markup/test-support.js';
import { missingFonts } from './fonts.js';
import { PdfiumDocument } from './pdfium.js';
import type { PageContent } from './pdfium.js';

const fontsMissing = missingFonts();
if (fontsMissing.length)
  console.warn(`PDF layout tests skipped: fonts missing (${fontsMissing.join(', ')}); run scripts/setup.`);
const hasPdftoppm = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasPdftoppm) console.warn('PDF render comparison skipped: pdftoppm is missing (install poppler-utils).');
const CJK_FONT = '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf';
const AR_FONT = '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAMUlEQVR4nG3EQQEAMAgDsUpDAtKQgJyTg4NOwJpHJGGRbtyEtXgJ6/ARVuEirMHD/wP0pFLpjidPygAAAABJRU5ErkJggg==',
  'base64',
);

const LEFT = [
  'The committee reviewed every proposal',
  'submitted during the spring session and',
  'selected seven projects for funding.',
];
const RIGHT = [
  'Independent reviewers scored each one',
  'against published criteria, and their',
  'reports are attached to this document.',
];

/** Regions of the generated page (x0, y0, x1, y1), for the placement checks. */
const REGION = {
  heading: [50, 760, 545, 800],
  left: [50, 640, 290, 720],
  right: [305, 640, 545, 720],
  image: [360, 420, 520, 540],
  footnote: [50, 40, 545, 70],
};

async function layoutPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const times = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const helv = await doc.embedFont(StandardFonts.Helvetica);
  const cjk = await doc.embedFont(readFileSync(CJK_FONT), { subset: false });
  const ar = await doc.embedFont(readFileSync(AR_FONT), { subset: false });
  const page = doc.addPage([595, 842]);
  const title = 'Annual Funding Report';
  page.drawText(title, { x: (595 - bold.widthOfTextAtSize(title, 20)) / 2, y: 770, size: 20, font: bold });
  LEFT.forEach((line, i) => page.drawText(line, { x: 50, y: 700 - 13 * i, size: 11, font: times }));
  // Footnote mark after "funding." on the third line.
  const markX = 50 + times.widthOfTextAtSize(LEFT[2]!, 11) + 1;
  page.drawText('1', { x: markX, y: 700 - 26 + 4, size: 6.5, font: times });
  RIGHT.forEach((line, i) => page.drawText(line, { x: 305, y: 700 - 13 * i, size: 11, font: times }));
  // Table with ruled lines and numbers.
  const rows = [
    ['Region', 'Budget'],
    ['Northern coast', '1234.50'],
    ['Southern valley', '987'],
  ];
  const top = 600;
  for (let r = 0; r <= rows.length; r++) {
    page.drawLine({ start: { x: 50, y: top - 20 * r }, end: { x: 290, y: top - 20 * r }, thickness: 0.8 });
  }
  for (const x of [50, 190, 290]) {
    page.drawLine({ start: { x, y: top }, end: { x, y: top - 20 * rows.length }, thickness: 0.8 });
  }
  rows.forEach((row, r) => {
    page.drawText(row[0]!, { x: 55, y: top - 20 * r - 14, size: 10, font: helv });
    page.drawText(row[1]!, { x: 195, y: top - 20 * r - 14, size: 10, font: helv });
  });
  const image = await doc.embedPng(PNG);
  page.drawImage(image, { x: 360, y: 420, width: 160, height: 120 });
  page.drawRectangle({ x: 330, y: 560, width: 200, height: 12, color: rgb(0.2, 0.4, 0.8) });
  // A link with its visible text.
  page.drawText('Read the full guidelines online', {
    x: 50,
    y: 500,
    size: 11,
    font: helv,
    color: rgb(0, 0, 0.8),
  });
  const link = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [50, 497, 220, 512],
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of('https://example.org/guidelines') },
    }),
  );
  page.node.set(PDFName.of('Annots'), doc.context.obj([link]));
  page.drawText('中文数据', { x: 50, y: 300, size: 12, font: cjk });
  page.drawText('مرحبا بالعالم', { x: 300, y: 300, size: 12, font: ar });
  page.drawText('1 Grants are paid in two instalments.', { x: 50, y: 50, size: 8, font: times });
  return doc.save();
}

async function readAll(bytes: Uint8Array): Promise<PageContent[]> {
  const doc = await PdfiumDocument.open(bytes);
  try {
    return Array.from({ length: doc.pageCount }, (_, n) => doc.readPage(n));
  } finally {
    doc.close();
  }
}

const pageText = (p: PageContent) => p.texts.map((t) => t.text).join(' ');
const inside = (t: { x0: number; y0: number; x1: number; y1: number }, r: number[], slack = 2) =>
  t.x0 >= r[0]! - slack && t.y0 >= r[1]! - slack && t.x1 <= r[2]! + slack && t.y1 <= r[3]! + slack;

function linkCount(doc: PDFDocument): number[] {
  return doc.getPages().map((p) => {
    const annots = p.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annots) return 0;
    return annots.asArray().filter((a) => {
      const dict = doc.context.lookup(a) as PDFDict | undefined;
      return dict?.get(PDFName.of('Subtype'))?.toString() === '/Link';
    }).length;
  });
}

/** Renders page 1 to an RGB buffer with pdftoppm (PPM), at 72 dpi. */
function render(pdf: string, dir: string, name: string): { width: number; height: number; data: Buffer } {
  const base = join(dir, name);
  execFileSync('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-singlefile', pdf, base]);
  const ppm = readFileSync(`${base}.ppm`);
  const header = ppm.toString('latin1', 0, 64).match(/^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/)!;
  return { width: Number(header[1]), height: Number(header[2]), data: ppm.subarray(header[0].length) };
}

/** Share of pixels outside any text box (input or output, grown by `pad`) that differ between two renders. */
function diffOutsideText(
  a: ReturnType<typeof render>,
  b: ReturnType<typeof render>,
  page: number,
  boxes: PageContent['texts'],
  pad = 3,
): number {
  const { width, height } = a;
  const mask = new Uint8Array(width * height);
  for (const t of boxes) {
    for (
      let y = Math.max(0, Math.floor(page - t.y1 - pad));
      y < Math.min(height, Math.ceil(page - t.y0 + pad));
      y++
    ) {
      for (let x = Math.max(0, Math.floor(t.x0 - pad)); x < Math.min(width, Math.ceil(t.x1 + pad)); x++)
        mask[y * width + x] = 1;
    }
  }
  let differ = 0;
  let counted = 0;
  for (let i = 0; i < width * height; i++) {
    if (mask[i]) continue;
    counted++;
    const o = i * 3;
    if (
      Math.abs(a.data[o]! - b.data[o]!) +
        Math.abs(a.data[o + 1]! - b.data[o + 1]!) +
        Math.abs(a.data[o + 2]! - b.data[o + 2]!) >
      30
    )
      differ++;
  }
  return differ / counted;
}

describe.skipIf(fontsMissing.length > 0)('layout-preserving PDF translation', () => {
  it('keeps pages, image, drawings, link, numbers and other scripts; replaces the text in its boxes', async () => {
    const input = await layoutPdf();
    const { output, result, counted, units } = await runHandler(pdfHandler, 'pdf', input, {
      targetLang: 'ES',
      sourceLang: 'EN',
    });
    expect(result.outputExtension).toBe('pdf');
    expect(result.characters).toBe(counted);
    // The two columns are separate blocks, lines joined; the mark is a placeholder, not text.
    expect(units).toContain(RIGHT.join(' '));
    expect(units.some((u) => u.startsWith('The committee reviewed') && u.includes('funding.\uE003'))).toBe(
      true,
    );
    expect(units).not.toContain('1234.50');
    expect(units.join(' ')).not.toMatch(/中文|مرحبا/);

    const [inPage] = await readAll(input);
    const [outPage] = await readAll(output);
    const outDoc = await PDFDocument.load(output);
    expect(outDoc.getPageCount()).toBe(1);
    expect(outDoc.getPage(0).getSize()).toEqual({ width: 595, height: 842 });
    // Drawings and images kept: same number of path and picture objects.
    expect(outPage!.paths.length).toBe(inPage!.paths.length);
    expect(outPage!.pictures.length).toBe(inPage!.pictures.length);
    expect(linkCount(outDoc)).toEqual([1]);

    const text = pageText(outPage!);
    // Original words gone (not hidden under a box), translations present.
    for (const word of ['committee', 'reviewers', 'Annual', 'guidelines', 'instalments'])
      expect(text).not.toContain(word);
    expect(text).toContain('[ANNUAL FUNDING REPORT]');
    expect(text.replace(/\s+/g, ' ')).toMatch(/INDEPENDENT REVIEWERS/);
    // Numbers, Chinese and Arabic untouched: same objects, same places.
    for (const kept of ['1234.50', '987', '中文数据']) {
      const a = inPage!.texts.find((t) => t.text.includes(kept))!;
      const b = outPage!.texts.find((t) => t.text.includes(kept))!;
      expect(b, kept).toBeDefined();
      expect([b.x0, b.y0]).toEqual([a.x0, a.y0]);
    }
    expect(outPage!.texts.some((t) => /[\u0600-\u06FF]/.test(t.text))).toBe(true);
    // Each translated block inside its source region.
    const drawn = (word: string) => outPage!.texts.filter((t) => t.text.includes(word));
    for (const t of drawn('ANNUAL')) expect(inside(t, REGION.heading)).toBe(true);
    for (const t of drawn('COMMITTEE')) expect(inside(t, REGION.left)).toBe(true);
    for (const t of drawn('INDEPENDENT')) expect(inside(t, REGION.right)).toBe(true);
    for (const t of drawn('INSTALMENTS')) expect(inside(t, REGION.footnote)).toBe(true);
    // The footnote mark is the original object, moved next to the translated word.
    const mark = outPage!.texts.find((t) => t.text === '1' && t.size < 7)!;
    expect(mark).toBeDefined();
    expect(inside(mark, REGION.left, 12)).toBe(true);
    expect(
      outPage!.texts.filter(
        (t) =>
          t.x0 < REGION.image[2]! &&
          t.x1 > REGION.image[0]! &&
          t.y0 < REGION.image[3]! &&
          t.y1 > REGION.image[1]!,
      ),
    ).toEqual([]);
  });

  it.skipIf(!hasPdftoppm)(
    'leaves every pixel outside the text boxes as it was (page 1 rendered by pdftoppm)',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'verso-pdf-render-'));
      try {
        const input = await layoutPdf();
        const { output } = await runHandler(pdfHandler, 'pdf', input, { sourceLang: 'EN' });
        await writeFile(join(dir, 'in.pdf'), input);
        await writeFile(join(dir, 'out.pdf'), output);
        const [inPage] = await readAll(input);
        const [outPage] = await readAll(output);
        const a = render(join(dir, 'in.pdf'), dir, 'in');
        const b = render(join(dir, 'out.pdf'), dir, 'out');
        expect([b.width, b.height]).toEqual([a.width, a.height]);
        expect(diffOutsideText(a, b, 842, [...inPage!.texts, ...outPage!.texts])).toBe(0);
        // And the text regions did change (the translation is drawn).
        expect(a.data.equals(b.data)).toBe(false);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it("translates pages turned with /Rotate in place, upright in each block's box", async () => {
    // Page 1 is landscape by /Rotate 90 (a portrait sheet turned clockwise), page 2 by /Rotate 270; on each, a
    // heading and a paragraph drawn so that they read upright on screen, and a rule under the heading.
    const doc = await PDFDocument.create();
    const times = await doc.embedFont(StandardFonts.TimesRoman);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const lines = ['Quarterly figures show that every region', 'improved its delivery times this season.'];
    for (const rotation of [90, 270]) {
      const page = doc.addPage([400, 600]);
      page.setRotation(degrees(rotation));
      // Display space is 600 wide and 400 high. Turned clockwise, the sheet's bottom edge is the screen's left
      // and its right edge the screen's bottom: (dx, dy) on screen is (x, y) = (400 - dy, dx) in user space for
      // /Rotate 90, and (dy, 600 - dx) for /Rotate 270; the text turns with the page.
      const at = (dx: number, dy: number) =>
        rotation === 90 ? { x: 400 - dy, y: dx } : { x: dy, y: 600 - dx };
      const turn = degrees(rotation === 90 ? 90 : -90);
      page.drawText('Delivery Review', { ...at(60, 340), size: 18, font: bold, rotate: turn });
      const a = at(60, 330);
      const b = at(540, 330);
      page.drawLine({ start: a, end: b, thickness: 1 });
      lines.forEach((line, i) =>
        page.drawText(line, { ...at(60, 300 - 14 * i), size: 11, font: times, rotate: turn }),
      );
    }
    const input = await doc.save();
    const { output, units } = await runHandler(pdfHandler, 'pdf', input, {
      targetLang: 'ES',
      sourceLang: 'EN',
    });
    expect(units).toContain('Delivery Review');
    expect(units).toContain(lines.join(' '));
    const outDoc = await PDFDocument.load(output);
    expect(outDoc.getPages().map((p) => [p.getRotation().angle, p.getWidth(), p.getHeight()])).toEqual([
      [90, 400, 600],
      [270, 400, 600],
    ]);
    const before = await readAll(input);
    const after = await readAll(output);
    after.forEach((page, n) => {
      expect([page.width, page.height]).toEqual([600, 400]);
      expect(page.paths.length).toBe(before[n]!.paths.length);
      const text = pageText(page);
      expect(text).not.toMatch(/Quarterly|Delivery/);
      // Drawn upright (not turned) and in the boxes the originals had, in display space.
      const heading = page.texts.filter((t) => t.text.includes('REVIEW'));
      const body = page.texts.filter((t) => /QUARTERLY|IMPROVED/.test(t.text));
      expect(heading.length).toBeGreaterThan(0);
      expect(body.length).toBeGreaterThan(0);
      for (const t of [...heading, ...body]) expect(t.rotated).toBe(false);
      for (const t of heading) expect(inside(t, [55, 330, 545, 365])).toBe(true);
      for (const t of body) expect(inside(t, [55, 270, 545, 318])).toBe(true);
    });
    if (hasPdftoppm) {
      // What a reader extracts: the translation, in reading order.
      const dir = await mkdtemp(join(tmpdir(), 'verso-pdf-rotate-'));
      try {
        await writeFile(join(dir, 'out.pdf'), output);
        const extracted = execFileSync('pdftotext', ['-layout', join(dir, 'out.pdf'), '-'], {
          encoding: 'utf8',
        });
        expect(extracted).toMatch(/\[DELIVERY REVIEW\][^]*\[QUARTERLY FIGURES/);
        expect(extracted).not.toMatch(/Quarterly/);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  });

  it('removes every copy of text drawn several times at one place, each in its own content stream', async () => {
    // Print drivers stamp a line once per content stream they append (CutePDF in testPDF_acroform3.pdf);
    // PDFium's text page gives the characters to one copy only.
    const doc = await PDFDocument.create();
    const helv = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([400, 300]);
    page.drawText('Signed copies are kept by the registry office.', { x: 40, y: 200, size: 11, font: helv });
    const ctx = doc.context;
    const stamp = () =>
      ctx.register(
        ctx.flateStream(
          `q BT /${page.node.newFontDictionary('Stamp', helv.ref).toString().slice(1)} 9 Tf 1 0 0 1 40 20 Tm (Processed with a demonstration printer driver) Tj ET Q`,
        ),
      );
    for (let i = 0; i < 3; i++) page.node.addContentStream(stamp());
    const input = await doc.save();
    const { output, units } = await runHandler(pdfHandler, 'pdf', input, {
      targetLang: 'ES',
      sourceLang: 'EN',
    });
    expect(units).toContain('Processed with a demonstration printer driver');
    const [outPage] = await readAll(output);
    const text = pageText(outPage!);
    expect(text).not.toMatch(/Processed|demonstration|registry/);
    expect(text).toContain('[PROCESSED WITH A DEMONSTRATION PRINTER DRIVER]');
    // The translation is drawn inside a form XObject, whose text is left as drawn: translating the output again
    // goes through the reflowed PDF rather than calling the file scanned.
    const again = await runHandler(pdfHandler, 'pdf', output, { targetLang: 'DE', sourceLang: 'ES' });
    expect(again.result.outputExtension).toBe('pdf');
    expect(again.units.join(' ')).toContain('PROCESSED WITH A DEMONSTRATION PRINTER DRIVER');
  });

  it('refuses a PDF without a text layer with a message that says what to do', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 300]);
    page.drawImage(await doc.embedPng(PNG), { x: 10, y: 10, width: 200, height: 150 });
    const message = await runHandler(pdfHandler, 'pdf', await doc.save()).then(
      () => '',
      (err: Error) => err.message,
    );
    expect(message).toMatch(/no text layer.*OCR/);
  });
});

const REAL = join(import.meta.dirname, '../../../../shared/real-documents');
const manifest = existsSync(join(REAL, 'MANIFEST.tsv'))
  ? readFileSync(join(REAL, 'MANIFEST.tsv'), 'utf8')
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'))
      .filter((c) => c[0]?.endsWith('.pdf') && c[8] === 'translate')
  : [];
if (manifest.length === 0) console.warn(`Real-PDF tests skipped: ${REAL}/MANIFEST.tsv is absent.`);
/** Long documents are the benchmark's job, not a unit test's. */
const SKIP = new Map([
  ['Unstructured-IO__pdf2image-memory-error-test-400p.pdf', '400 pages, covered by bench/pdf-layout.ts'],
]);
for (const [name, why] of SKIP) console.warn(`Real-PDF test skipped for ${name}: ${why}.`);

describe.skipIf(fontsMissing.length > 0 || manifest.length === 0)('real PDFs keep their pages', () => {
  for (const row of manifest.filter((c) => !SKIP.has(c[0]!))) {
    const [name, , , , , special, source] = row as string[];
    it(`${name}: ${special}`, { timeout: 120_000 }, async () => {
      const input = await readFile(join(REAL, name!));
      const sourceLang = source && source !== '-' ? source : undefined;
      const { output, units } = await runHandler(pdfHandler, 'pdf', input, { targetLang: 'ES', sourceLang });
      const before = await readAll(input);
      const after = await readAll(output);
      expect(after.length).toBe(before.length);
      const inDoc = await PDFDocument.load(input, { ignoreEncryption: true, updateMetadata: false });
      const outDoc = await PDFDocument.load(output);
      after.forEach((page, n) => {
        expect([Math.round(page.width), Math.round(page.height)]).toEqual([
          Math.round(before[n]!.width),
          Math.round(before[n]!.height),
        ]);
        expect(page.paths.length).toBe(before[n]!.paths.length);
        expect(page.pictures.length).toBe(before[n]!.pictures.length);
        // Nothing drawn outside the page.
        for (const t of page.texts) expect(t.x1 > -1 && t.x0 < page.width + 1).toBe(true);
      });
      expect(linkCount(outDoc)).toEqual(linkCount(inDoc));
      // Original words of translated blocks are gone: the pseudo translation writes letters in upper case only.
      const outText = after.map(pageText).join(' ');
      const words = [...new Set(units.join(' ').match(/\b\p{Ll}{8,}\b/gu) ?? [])].slice(0, 40);
      const kept = before.map(pageText).join(' ');
      const gone = words.filter((w) => !outText.includes(w));
      expect(
        gone.length,
        `still present: ${words.filter((w) => outText.includes(w) && kept.includes(w)).join(', ')}`,
      ).toBeGreaterThanOrEqual(Math.floor(words.length * 0.9));
      // Numbers of the original are still there.
      const numbers = [...new Set(kept.match(/\b\d{3,}\b/g) ?? [])].slice(0, 30);
      for (const num of numbers) expect(outText, num).toContain(num);
    });
  }
});
