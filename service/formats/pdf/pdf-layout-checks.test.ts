/**
 * Layout checks of the in-place PDF translation (vitest, service formats), on every PDF of ../shared/real-documents
 * that is to be translated and on fixtures made here (pseudo translator: upper case in brackets, about as long as
 * Spanish):
 *  - no two text boxes drawn on a page overlap that did not overlap in the source (a translation over another
 *    translation, or over text left as it was);
 *  - every translated block is drawn in its source's face class (serif/sans/mono, bold, italic), the source class
 *    read from a table of the corpus's font names labelled by hand (below), not from the code under test;
 *  - separate-line fixtures (a form, a list, a label/value table) keep one block per source line while a
 *    paragraph's lines still join.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, StandardFonts, rgb } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pseudo } from '../markup/test-support.js';
import { missingFonts } from './fonts.js';
import { translatePdfInPlace } from './index.js';
import { PdfiumDocument } from './pdfium.js';
import type { Analysis, DrawnBlock } from './index.js';
import { anyOverlap, classOfFace, faceClassName, overlaps } from './layout-checks.js';
import type { FaceClass } from './layout-checks.js';
import type { Block } from './layout.js';

const fontsMissing = missingFonts();

/** Face classes of the fonts in the corpus and the fixtures, labelled by hand (looked at on the rendered pages and
 * by the family's published design). Symbol and math fonts are absent on purpose: their blocks are not checked. */
const S = (family: FaceClass['family'], bold = false, italic = false): FaceClass => ({
  family,
  bold,
  italic,
});
const LABELLED: Array<[RegExp, FaceClass]> = [
  [
    /^(Helvetica|HelveticaNeue|ArialMT|ArialUnicodeMS|Arial|Calibri|Calibri-Light|LiberationSans|TestSans|MyriadPro-Regular|CenturyGothic|DejaVuSans)$/,
    S('sans'),
  ],
  [
    /^(Helvetica-Bold|Arial-BoldMT|Arial-Black|Calibri-Bold|LiberationSans-Bold|MyriadPro-Bold|CenturyGothic-Bold|TrebuchetMS-Bold|SAMSUNGCARDNum-Bold)$/,
    S('sans', true),
  ],
  [/^(CenturyGothic-BoldItalic|Helvetica-BoldOblique)$/, S('sans', true, true)],
  [/^(Helvetica-Oblique)$/, S('sans', false, true)],
  // Korean gothic faces (YoonGothic 740 regular, 770/780 and SD Gothic Neo fBd heavier).
  [/^(YoonGothicPro740)$/, S('sans')],
  [/^(YoonGothicPro7[78]0|SDGothicNeoc-fBd)$/, S('sans', true)],
  [
    /^(TimesNewRomanPSMT|Times-Roman|LiberationSerif|NimbusRomNo9L-Regu|CMR\d+|Melior|NPSRawlinsonOT-(Book|Medium))$/,
    S('serif'),
  ],
  [
    /^(TimesNewRomanPS-BoldMT|Times-Bold|NimbusRomNo9L-Medi|CMBX\d+|Melior-Bold|NPSRawlinsonOT-(Bold|Bold-SC700|Heavy))$/,
    S('serif', true),
  ],
  [
    /^(TimesNewRomanPS-ItalicMT|Times-Italic|NimbusRomNo9L-ReguItal|Melior-Italic|NPSRawlinsonOT-MedItalic|CMTI\d+)$/,
    S('serif', false, true),
  ],
  [
    /^(TimesNewRomanPS-BoldItalicMT|Times-BoldItalic|NimbusRomNo9L-MediItal|NPSRawlinsonOT-BoldItalic)$/,
    S('serif', true, true),
  ],
  [/^(CourierNewPSMT|Courier|NimbusMonL-Regu|CMTT\d+)$/, S('mono')],
  [/^(Courier-Bold|NimbusMonL-Bold)$/, S('mono', true)],
  [/^(Courier-Oblique|NimbusMonL-ReguObli)$/, S('mono', false, true)],
];
/** Fonts that carry no face class a reader would see in running text (symbols, math, dingbats). */
const UNCLASSED = /^(Symbol|SymbolMT|ZapfDingbats|Dingbats|OpenSymbol|CM(SY|MI|EX)\d+|MS[AB]M\d+)$/;

function labelOf(name: string): FaceClass | 'unclassed' | undefined {
  if (UNCLASSED.test(name)) return 'unclassed';
  return LABELLED.find(([re]) => re.test(name))?.[1];
}

/** The source font of a block: the one that draws most of its letters. */
function sourceFont(block: Block): string {
  const letters = new Map<string, number>();
  for (const line of block.lines)
    for (const o of line.objects)
      if (!UNCLASSED.test(o.font.name))
        letters.set(o.font.name, (letters.get(o.font.name) ?? 0) + (o.text.match(/\p{L}/gu)?.length ?? 0));
  return [...letters].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'Symbol';
}

interface Checked {
  pages: Analysis['pages'];
  drawn: DrawnBlock[];
  units: string[];
  output: Uint8Array;
}

async function translate(
  input: Uint8Array,
  sourceLang?: string,
  engine: (unit: string) => string = pseudo,
): Promise<Checked> {
  const dir = await mkdtemp(join(tmpdir(), 'verso-pdf-checks-'));
  try {
    await writeFile(join(dir, 'in.pdf'), input);
    const units: string[] = [];
    let seen: { pages: Analysis['pages']; drawn: DrawnBlock[] } | undefined;
    await translatePdfInPlace(
      join(dir, 'in.pdf'),
      join(dir, 'out.pdf'),
      {
        targetLang: 'ES',
        sourceLang,
        translate: async (batch) => {
          units.push(...batch);
          return batch.map(engine);
        },
      },
      (pages, drawn) => (seen = { pages, drawn }),
    );
    return { ...seen!, units, output: new Uint8Array(await readFile(join(dir, 'out.pdf'))) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Blocks drawn in another face class than their source's, and fonts missing from the table. */
function faceProblems(drawn: DrawnBlock[]): string[] {
  const problems: string[] = [];
  for (const d of drawn) {
    const name = sourceFont(d.block);
    const label = labelOf(name);
    if (label === 'unclassed') continue;
    if (!label) {
      // Names PDFium cannot decode (GBK names of Chinese fonts) have no label a reader could check.
      if (!/^[\x20-\x7e]+$/.test(name)) continue;
      problems.push(`font ${name} is not labelled`);
      continue;
    }
    const face = d.faces.map(classOfFace).find((c) => c !== undefined);
    if (!face) continue;
    if (faceClassName(face) !== faceClassName(label))
      problems.push(
        `p${d.page + 1} "${d.block.text.slice(0, 40)}" (${name}): ${faceClassName(label)} drawn as ${faceClassName(face)}`,
      );
  }
  return [...new Set(problems)];
}

// ---- fixtures ----

async function fixture(draw: (page: PDFPage, fonts: Record<string, PDFFont>) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = {
    helv: await doc.embedFont(StandardFonts.Helvetica),
    helvBold: await doc.embedFont(StandardFonts.HelveticaBold),
    times: await doc.embedFont(StandardFonts.TimesRoman),
    timesItalic: await doc.embedFont(StandardFonts.TimesRomanItalic),
    timesBold: await doc.embedFont(StandardFonts.TimesRomanBold),
    courier: await doc.embedFont(StandardFonts.Courier),
  };
  draw(doc.addPage([595, 842]), fonts);
  return doc.save();
}

/** A form: labels with fields to their right, a radio group and check boxes (as LibreOffice prints one). */
const FORM_LINES = [
  'First Name',
  'Last Name',
  'Birthday',
  'Gender:',
  'Female',
  'Male',
  'Agree to privacy policy',
  'Other',
];
const form = () =>
  fixture((page, { helv }) => {
    const text = (t: string, x: number, y: number) => page.drawText(t, { x, y, size: 10, font: helv });
    const field = (x: number, y: number) =>
      page.drawRectangle({
        x,
        y: y - 4,
        width: 180,
        height: 16,
        borderColor: rgb(0.5, 0.5, 0.5),
        borderWidth: 0.7,
      });
    text('First Name', 60, 740);
    field(150, 740);
    text('Last Name', 60, 716);
    field(150, 716);
    text('Birthday', 60, 692);
    field(150, 692);
    text('Gender:', 60, 660);
    page.drawCircle({ x: 120, y: 663.5, size: 4, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
    text('Female', 128, 660);
    page.drawCircle({ x: 180, y: 663.5, size: 4, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
    text('Male', 188, 660);
    page.drawRectangle({ x: 60, y: 628, width: 8, height: 8, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
    text('Agree to privacy policy', 74, 629);
    page.drawRectangle({ x: 60, y: 614, width: 8, height: 8, borderColor: rgb(0, 0, 0), borderWidth: 0.7 });
    text('Other', 74, 615);
  });

/** A form whose fields are only widget annotations (pdf-lib's, as most form makers write them): nothing of the
 * fields is in the page's content, the viewer draws them from their appearance. A label, a text field 14 points to
 * its right; a label above a text field just below it; a check box with its label after it and a text field after
 * that. */
const WIDGET_FORM = { label: 'Text field', above: 'Your address', check: 'Keep me informed' };
const widgetForm = async () => {
  const doc = await PDFDocument.create();
  const helv = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const form = doc.getForm();
  page.drawText(WIDGET_FORM.label, { x: 60, y: 740, size: 10, font: helv });
  const width = helv.widthOfTextAtSize(WIDGET_FORM.label, 10);
  form
    .createTextField('name')
    .addToPage(page, { x: 60 + width + 14, y: 735, width: 180, height: 18, font: helv });
  page.drawText(WIDGET_FORM.above, { x: 60, y: 700, size: 10, font: helv });
  form.createTextField('address').addToPage(page, { x: 60, y: 678, width: 300, height: 18, font: helv });
  form.createCheckBox('news').addToPage(page, { x: 60, y: 636, width: 10, height: 10 });
  page.drawText(WIDGET_FORM.check, { x: 76, y: 638, size: 10, font: helv });
  const checkWidth = helv.widthOfTextAtSize(WIDGET_FORM.check, 10);
  form
    .createTextField('how')
    .addToPage(page, { x: 76 + checkWidth + 12, y: 633, width: 150, height: 18, font: helv });
  return doc.save();
};
/** The widget rectangles of a PDF's first page, read with pdf-lib (not by the code under test). */
async function widgetRects(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  return doc
    .getForm()
    .getFields()
    .flatMap((f) => f.acroField.getWidgets().map((w) => w.getRectangle()))
    .map((r) => ({ x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height }));
}
/** An engine that makes every unit three times as long (a long translation). */
const thrice = (unit: string) => `${unit} ${unit} ${unit}`;

const LIST_ITEMS = [
  'Bring your own laptop.',
  'Lunch is served at noon.',
  'The talks are recorded.',
  'Slides are shared afterwards.',
];
const SHORT_LINES = ['Doors open at six.', 'Dinner starts at seven.', 'The bar closes at midnight.'];
const PARAGRAPH = [
  'The conference brings together researchers from many',
  'fields who share an interest in the way documents are',
  'written, translated and read by people all over the',
  'world, and it has done so every year since its start.',
];
/** A bulleted list of one-line sentences, lines that each end a sentence, and a paragraph whose lines join. */
const list = () =>
  fixture((page, { times }) => {
    LIST_ITEMS.forEach((item, i) => {
      page.drawText('\u2022', { x: 60, y: 760 - 14 * i, size: 11, font: times });
      page.drawText(item, { x: 72, y: 760 - 14 * i, size: 11, font: times });
    });
    SHORT_LINES.forEach((line, i) => page.drawText(line, { x: 60, y: 680 - 14 * i, size: 11, font: times }));
    PARAGRAPH.forEach((line, i) => page.drawText(line, { x: 60, y: 600 - 14 * i, size: 11, font: times }));
  });

const TABLE = [
  ['Name', 'Maria Lopez'],
  ['Address', 'Oak Street, Springfield'],
  ['Occupation', 'Civil engineer'],
  ['Status', 'Approved by the board'],
];
/** A label/value table without rules: labels in bold, values at one left edge, one row per line. */
const table = () =>
  fixture((page, { helv, helvBold }) => {
    TABLE.forEach(([label, value], i) => {
      page.drawText(label!, { x: 60, y: 760 - 15 * i, size: 10, font: helvBold });
      page.drawText(value!, { x: 170, y: 760 - 15 * i, size: 10, font: helv });
    });
  });

/** A page of every face class: a serif italic title, serif body, a sans bold heading, monospace prose. */
const faces = () =>
  fixture((page, { times, timesItalic, timesBold, helvBold, courier }) => {
    page.drawText('On the Reading of Old Letters', { x: 60, y: 780, size: 18, font: timesItalic });
    page.drawText('Summary of the findings', { x: 60, y: 740, size: 12, font: helvBold });
    [
      'Letters kept in the archive were read again by two',
      'people who had not seen them before this year.',
    ].forEach((line, i) => page.drawText(line, { x: 60, y: 720 - 13 * i, size: 11, font: times }));
    page.drawText('A bold remark stands here.', { x: 60, y: 670, size: 11, font: timesBold });
    ['The printer reported that all pages were', 'printed and the queue is now empty again.'].forEach(
      (line, i) => page.drawText(line, { x: 60, y: 630 - 12 * i, size: 10, font: courier }),
    );
  });

/** "Hello World" in other scripts after English labels: the Russian line one text object, the Arabic and Chinese
 * ones a label and a text object each. */
const helloWorld = async () => {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const dejavu = await doc.embedFont(readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'), {
    subset: true,
  });
  const cjk = await doc.embedFont(readFileSync('/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf'), {
    subset: true,
  });
  const page = doc.addPage([595, 842]);
  page.drawText('Hello World', { x: 60, y: 780, size: 14, font: dejavu });
  // Arabic in visual order (as PDF writers place the shaped glyphs), after its label.
  page.drawText('Arabic:', { x: 60, y: 740, size: 11, font: dejavu });
  page.drawText([...'مرحبا بالعالم'].reverse().join(''), { x: 104, y: 740, size: 11, font: dejavu });
  page.drawText('Russian: Привет, мир', { x: 60, y: 720, size: 11, font: dejavu });
  page.drawText('Chinese (traditional):', { x: 60, y: 700, size: 11, font: dejavu });
  page.drawText('你好世界', { x: 180, y: 700, size: 11, font: cjk });
  return doc.save();
};

const XOBJECT_PARAGRAPH = [
  'Quarterly results were better than expected because',
  'every region sold more than it did a year ago.',
];
const XOBJECT_NESTED = 'Nested drawings carry another sentence inside.';
const XOBJECT_LABEL = 'Sales by region';
/**
 * Text drawn inside form XObjects, as imported pages and embedded figures are: a heading on the page itself; a
 * form scaled by its /Matrix holding a paragraph, a rule and a nested form with a sentence; a chart form holding
 * bars and a label (only drawings beside the text).
 */
const xobjects = async () => {
  const doc = await PDFDocument.create();
  const helv = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Report of the regional offices', { x: 60, y: 780, size: 16, font: helv });
  const ctx = doc.context;
  const show = (lines: string[], size: number, y: number) =>
    `BT /F1 ${size} Tf ${size * 1.2} TL 1 0 0 1 0 ${y} Tm ` +
    lines.map((l) => `(${l}) Tj T*`).join(' ') +
    ' ET';
  const nested = ctx.register(
    ctx.flateStream(show([XOBJECT_NESTED], 11, 0), {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, -5, 400, 20],
      Resources: { Font: { F1: helv.ref } },
    }),
  );
  const body = ctx.register(
    ctx.flateStream(`${show(XOBJECT_PARAGRAPH, 12, 100)} 0 70 400 1 re f q 1 0 0 1 0 40 cm /N1 Do Q`, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 500, 130],
      Matrix: [0.9, 0, 0, 0.9, 60, 560],
      Resources: { Font: { F1: helv.ref }, XObject: { N1: nested } },
    }),
  );
  const chart = ctx.register(
    ctx.flateStream(
      `0.2 0.4 0.8 rg 0 20 30 60 re f 40 20 30 90 re f 80 20 30 40 re f 0 g ${show([XOBJECT_LABEL], 9, 5)}`,
      {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 200, 120],
        Matrix: [1, 0, 0, 1, 60, 380],
        Resources: { Font: { F1: helv.ref } },
      },
    ),
  );
  page.node.setXObject(PDFName.of('Body'), body);
  page.node.setXObject(PDFName.of('Chart'), chart);
  page.node.addContentStream(ctx.register(ctx.flateStream('q /Body Do Q q /Chart Do Q')));
  return doc.save();
};

/** Translations longer than their source (Spanish runs about a quarter longer than English; these more). */
const LONGER: Record<string, string> = {
  'Hello World': 'Hola a todo el mundo y a todos los que lo habitan',
  Method: 'Método de trabajo seguido en todo el estudio',
};
const longer = (unit: string) => LONGER[unit] ?? pseudo(unit);

/** Two columns of text with a one-line heading at the top of each (the right column's heading beside the left
 * one, across the gutter from the left column's widest line to 305). */
const COLUMN = [
  'The committee reviewed every proposal that was',
  'submitted during the spring session and then',
  'selected seven projects for the next round.',
];
const twoColumns = () =>
  fixture((page, { times, timesBold }) => {
    page.drawText('Method', { x: 50, y: 760, size: 11, font: timesBold });
    page.drawText('Results of the spring session', { x: 305, y: 760, size: 11, font: timesBold });
    for (const x of [50, 305])
      COLUMN.forEach((line, i) => page.drawText(line, { x, y: 740 - 13 * i, size: 11, font: times }));
  });

const RUN_IN = [
  'passage encoders can be implemented by any neural network, and we',
  'use two independent encoders that map every text to a vector of',
  'real numbers which an index keeps for the search.',
];
const RUN_IN_FIRST = 'Although in principle the question and';
const ITEM = [
  'Mail: Send your comments to the Docket Office at the',
  'address above, between nine and five on weekdays.',
];
/** A paragraph opening with a bold run-in heading set a quad apart (pdfTeX's \paragraph), and a list item whose
 * bullet stands a wide space before its text, the item's next line starting under the bullet (Federal Register). */
const runInPage = () =>
  fixture((page, { times, timesBold }) => {
    page.drawText('Encoders', { x: 72, y: 700, size: 11, font: timesBold });
    const after = 72 + timesBold!.widthOfTextAtSize('Encoders', 11) + 13;
    page.drawText(RUN_IN_FIRST, { x: after, y: 700, size: 11, font: times });
    RUN_IN.forEach((line, i) => page.drawText(line, { x: 72, y: 687 - 13 * i, size: 11, font: times }));
    page.drawText('\u2022', { x: 72, y: 600, size: 11, font: times });
    page.drawText(ITEM[0]!, { x: 90, y: 600, size: 11, font: times });
    page.drawText(ITEM[1]!, { x: 72, y: 587, size: 11, font: times });
  });

/** A two-line chart caption whose short second line has a panel label "(a)" beside it, inside the caption's box. */
const captionWithLabel = () =>
  fixture((page, { helvBold, helv }) => {
    page.drawText('Chart 10: Size of the banks and the support', { x: 90, y: 440, size: 12, font: helvBold });
    page.drawText('of their governments', { x: 90, y: 426, size: 12, font: helvBold });
    page.drawText('(a)', { x: 240, y: 428, size: 8, font: helv });
  });

/** An Arabic-only page in a CID-keyed TrueType font (Type0 / CIDFontType2, Identity-H, with a ToUnicode map, as
 * pdf-lib embeds it): a plain line, a fully vocalised line (a mark after every letter) and a line drawn one glyph
 * per text object, each in visual order as PDF writers place right-to-left glyphs. */
const arabicCid = async () => {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(
    readFileSync('/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf'),
    {
      subset: true,
    },
  );
  const page = doc.addPage([595, 842]);
  const visual = (s: string) => [...s].reverse().join('');
  page.drawText(visual('مرحبا بالعالم وهذا نص عربي للتجربة'), { x: 100, y: 760, size: 14, font });
  page.drawText(visual('الْحَمْدُ لِلَّهِ رَبِّ الْعَالَمِينَ'), { x: 100, y: 700, size: 14, font });
  let x = 100;
  for (const ch of visual('السلام عليكم ورحمة الله')) {
    page.drawText(ch, { x, y: 640, size: 14, font });
    x += font.widthOfTextAtSize(ch, 14);
  }
  return doc.save();
};

/** Lower-case words (the pseudo translation writes upper case only) of `text` that are still on the output's pages. */
async function remainingWords(
  output: Uint8Array,
  text: string,
): Promise<{ words: string[]; left: string[] }> {
  const doc = await PdfiumDocument.open(output);
  try {
    const drawn = Array.from({ length: doc.pageCount }, (_, n) => doc.readPage(n))
      .flatMap((p) => p.texts.map((t) => t.text))
      .join(' ');
    const have = new Set(drawn.match(/\p{L}+/gu) ?? []);
    const words = text.match(/\b\p{Ll}{3,}\b/gu) ?? [];
    return { words, left: words.filter((w) => have.has(w)) };
  } finally {
    doc.close();
  }
}

describe.skipIf(fontsMissing.length > 0)('PDF layout checks on fixtures', () => {
  it(
    'keeps spans in other scripts as they were and translates the labels beside them',
    { timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'verso-pdf-scripts-'));
      try {
        const { units, pages, drawn } = await translate(await helloWorld(), 'EN');
        const labels = units.map((u) => u.replace(/\uE003\d+\uE001/g, '').trim()).sort();
        expect(labels).toEqual(['Arabic:', 'Chinese (traditional):', 'Hello World', 'Russian:']);
        expect(units.join(' ')).not.toMatch(/[\u0600-\u06FF\u0400-\u04FF\u4E00-\u9FFF]/u);
        expect(overlaps(pages, drawn)).toEqual([]);
        // The Arabic and Russian spans are drawn again after the translated labels (the pseudo engine upper-cases
        // only what it is sent).
        const out = drawn.map((d) => d.translation).join(' ');
        expect(out).toContain('[ARABIC:');
        expect(out).toContain('[RUSSIAN:');
        const page = drawn.find((d) => d.translation.startsWith('[ARABIC'))!;
        // The Arabic span is drawn again as read from its object.
        const arabic = page.block.lines
          .flatMap((l) => l.objects)
          .find((o) => /[\u0600-\u06FF]/u.test(o.text))!;
        expect([...page.block.literals.values()]).toEqual([arabic.text.trim()]);
        expect([...drawn.find((d) => d.translation.startsWith('[RUSSIAN'))!.block.literals.values()]).toEqual(
          ['Привет, мир'],
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('translates text inside form XObjects (nested, scaled by their matrix) in place', async () => {
    const { units, pages, drawn, output } = await translate(await xobjects(), 'EN');
    const source = [XOBJECT_PARAGRAPH.join(' '), XOBJECT_NESTED, XOBJECT_LABEL];
    for (const unit of source) expect(units).toContain(unit);
    // Every word drawn inside the forms is gone from the output and its translation is drawn where it was.
    const { words, left } = await remainingWords(output, source.join(' '));
    expect(words.length).toBe(20);
    expect(left).toEqual([]);
    const nested = drawn.find((d) => d.block.text === XOBJECT_NESTED)!;
    // The nested form is 40 units above the body form's origin, scaled by 0.9: baseline 560 + 0.9 × 40 = 596.
    expect(nested.lines[0]!.y0).toBeGreaterThan(590);
    expect(nested.lines[0]!.y1).toBeLessThan(610);
    expect(overlaps(pages, drawn)).toEqual([]);
    // The drawings inside the forms are still there.
    const doc = await PdfiumDocument.open(output);
    try {
      const page = doc.readPage(0);
      expect(page.pictures.length).toBe(2);
    } finally {
      doc.close();
    }
  });

  it('translates text in a form two deep whose holder has no text (a chart in an included figure); deeper, leaves it as drawn', async () => {
    const build = async (depth: 2 | 3) => {
      const doc = await PDFDocument.create();
      const helv = await doc.embedFont(StandardFonts.Helvetica);
      const page = doc.addPage([595, 842]);
      page.drawText('The page has a heading of its own', { x: 60, y: 780, size: 14, font: helv });
      const ctx = doc.context;
      const form = (content: string, extra: Record<string, unknown>) =>
        ctx.register(
          ctx.flateStream(content, { Type: 'XObject', Subtype: 'Form', BBox: [0, -5, 500, 200], ...extra }),
        );
      let inner = form('BT /F1 10 Tf 1 0 0 1 0 0 Tm (A legend drawn inside the chart) Tj ET', {
        Resources: { Font: { F1: helv.ref } },
      });
      if (depth === 3) inner = form('q /N1 Do Q', { Resources: { XObject: { N1: inner } } });
      // The holder draws a bar and places the chart 40 units up, the page places the holder at (60, 500).
      const outer = form('0 0 1 rg 0 0 100 10 re f q 1 0 0 1 0 40 cm /N1 Do Q', {
        Matrix: [1, 0, 0, 1, 60, 500],
        Resources: { XObject: { N1: inner } },
      });
      page.node.setXObject(PDFName.of('Outer'), outer);
      page.node.addContentStream(ctx.register(ctx.flateStream('q /Outer Do Q')));
      return doc.save();
    };
    const two = await translate(await build(2), 'EN');
    expect(two.units.slice().sort()).toEqual([
      'A legend drawn inside the chart',
      'The page has a heading of its own',
    ]);
    expect((await remainingWords(two.output, 'A legend drawn inside the chart')).left).toEqual([]);
    expect(overlaps(two.pages, two.drawn)).toEqual([]);
    const legend = two.drawn.find((d) => d.block.text.startsWith('A legend'))!;
    expect(legend.lines[0]!.y0).toBeGreaterThan(536);
    expect(legend.lines[0]!.y0).toBeLessThan(542);
    // The holder's bar and the chart are still drawn (the chart moved onto the page with the holder's matrix).
    const rendered = await PdfiumDocument.open(two.output);
    try {
      expect(rendered.readPage(0).pictures.length).toBe(1);
    } finally {
      rendered.close();
    }
    // Three deep, PDFium would not write the middle form again: the legend is left as drawn, not drawn over.
    const three = await translate(await build(3), 'EN');
    expect(three.units).toEqual(['The page has a heading of its own']);
    const { left } = await remainingWords(three.output, 'A legend drawn inside the chart');
    expect(left).toEqual(['legend', 'drawn', 'inside', 'the', 'chart']);
    expect(overlaps(three.pages, three.drawn)).toEqual([]);
  });

  it('a block widens into free space on its line before it wraps or shrinks, and stops at the gutter', async () => {
    // "Hello World" on a wide empty page: one line at its size, not a box the width of the original words.
    const hello = await PDFDocument.create();
    const helv = await hello.embedFont(StandardFonts.Helvetica);
    hello.addPage([842, 595]).drawText('Hello World', { x: 60, y: 500, size: 14, font: helv });
    const a = await translate(await hello.save(), 'EN', longer);
    expect(a.drawn.map((d) => d.translation)).toEqual([LONGER['Hello World']]);
    expect(a.drawn[0]!.lines.length).toBe(1);
    expect(a.drawn[0]!.size).toBe(14);
    // Two columns: the left heading grows up to its column's edge and no further (the gutter stays free).
    const b = await translate(await twoColumns(), 'EN', longer);
    const left = b.pages[0]!.blocks.filter((x) => x.box.x0 < 200);
    expect(left.map((x) => x.text)).toEqual(['Method', COLUMN.join(' ')]);
    const edge = left[1]!.box.x1;
    expect(edge).toBeLessThan(290);
    const method = b.drawn.find((d) => d.translation === LONGER.Method)!;
    expect(Math.max(...method.lines.map((l) => l.x1))).toBeGreaterThan(left[0]!.box.x1 + 50);
    for (const d of b.drawn.filter((d) => d.block.box.x0 < 200))
      expect(Math.max(...d.lines.map((l) => l.x1)), d.translation).toBeLessThanOrEqual(edge + 0.5);
    expect(overlaps(b.pages, b.drawn)).toEqual([]);
  });

  it('a run-in heading and a bullet set apart on a line keep their place; the lines below go on from the text beside them', async () => {
    const { units, pages, drawn } = await translate(await runInPage(), 'EN');
    expect(units).toContain('Encoders');
    expect(units).toContain([RUN_IN_FIRST, ...RUN_IN].join(' '));
    expect(units).toContain(ITEM.join(' '));
    expect(overlaps(pages, drawn)).toEqual([]);
    // The paragraph's first line starts after the heading (a first-line indent), the others at the left edge.
    const heading = drawn.find((d) => d.block.text === 'Encoders')!;
    const paragraph = drawn.find((d) => d.block.text.startsWith(RUN_IN_FIRST))!;
    const lines = paragraph.lines.slice().sort((a, b) => b.y0 - a.y0);
    expect(lines[0]!.x0).toBeGreaterThan(heading.block.box.x1);
    expect(lines[1]!.x0).toBeLessThan(73);
  });

  it("text inside a block's box that is not its own (a panel label beside a caption's last line) is flowed around", async () => {
    const { units, pages, drawn } = await translate(await captionWithLabel(), 'EN');
    expect(units).toEqual(['Chart 10: Size of the banks and the support of their governments']);
    expect(overlaps(pages, drawn)).toEqual([]);
  });

  it('an Arabic page in a CID-keyed TrueType font with a ToUnicode map is read and translated, not called scanned', async () => {
    // The issue saw such PDFs refused as "scanned"; no sample that fails was found (these pass before this work
    // too), kept as the check that they are read.
    for (const sourceLang of ['AR', undefined]) {
      const { units, drawn } = await translate(await arabicCid(), sourceLang);
      expect(units.length).toBeGreaterThanOrEqual(1);
      expect(units.join(' ')).toMatch(/[\u0600-\u06FF]{3}/u);
      expect(drawn.length).toBe(units.length);
    }
  });

  it('a form keeps one block per label: fields, radio buttons and check boxes separate them', async () => {
    const { units, pages, drawn } = await translate(await form(), 'EN');
    expect(units.slice().sort()).toEqual(FORM_LINES.slice().sort());
    expect(overlaps(pages, drawn)).toEqual([]);
  });

  it("a label's translation wraps or shrinks before it draws over a form field beside or below it (widget annotations)", async () => {
    const input = await widgetForm();
    const fields = await widgetRects(input);
    expect(fields.length).toBe(4);
    const { units, pages, drawn } = await translate(input, 'EN', thrice);
    expect(units.slice().sort()).toEqual(Object.values(WIDGET_FORM).sort());
    expect(overlaps(pages, drawn)).toEqual([]);
    for (const d of drawn) {
      const over = fields.filter((f) => anyOverlap(d.lines, [f], 0));
      expect({ block: d.block.text, over }).toEqual({ block: d.block.text, over: [] });
    }
    // Each label is still drawn whole, at a readable size.
    for (const d of drawn) expect(d.size).toBeGreaterThanOrEqual(6);
  });

  it('a list, lines that each end a sentence and a label/value table keep their lines; a paragraph joins', async () => {
    const a = await translate(await list(), 'EN');
    expect(a.units.slice().sort()).toEqual([...LIST_ITEMS, ...SHORT_LINES, PARAGRAPH.join(' ')].sort());
    expect(overlaps(a.pages, a.drawn)).toEqual([]);
    const b = await translate(await table(), 'EN');
    expect(b.units.slice().sort()).toEqual(TABLE.flat().sort());
    console.log(
      b.pages[0]!.blocks.map((x) => [x.text, x.box, x.align]),
      b.drawn.map((d) => [d.translation, d.lines]),
    );
    expect(overlaps(b.pages, b.drawn)).toEqual([]);
  });

  it('every block keeps its face class (serif italic title, serif body, sans bold, monospace prose)', async () => {
    const { drawn } = await translate(await faces(), 'EN');
    expect(drawn.length).toBe(5);
    expect(faceProblems(drawn)).toEqual([]);
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
if (manifest.length === 0) console.warn(`Real-PDF layout checks skipped: ${REAL}/MANIFEST.tsv is absent.`);
const SKIP = new Map([
  ['Unstructured-IO__pdf2image-memory-error-test-400p.pdf', '400 pages, covered by bench/pdf-layout.ts'],
]);
for (const [name, why] of SKIP) console.warn(`Real-PDF layout checks skipped for ${name}: ${why}.`);

/** Overlaps not fixed yet (count before this work → now), each with why: a ratchet, not a pass. Empty: the last
 * ones (chart captions beside "(a)" labels in testPDF_protected, a paragraph beside a display formula in fr_olap)
 * went with the flowing around text inside a block's box. */
const KNOWN_OVERLAPS = new Map<string, [number, string]>([]);

describe.skipIf(fontsMissing.length > 0 || manifest.length === 0)(
  'PDF layout checks on the real PDFs',
  () => {
    for (const row of manifest.filter((c) => !SKIP.has(c[0]!))) {
      const [name, , , , , , source] = row as string[];
      let result: Promise<Checked> | undefined;
      const run = () =>
        (result ??= translate(
          new Uint8Array(readFileSync(join(REAL, name!))),
          source && source !== '-' ? source : undefined,
        ));
      it(`${name}: no text drawn over text`, { timeout: 120_000 }, async () => {
        const { pages, drawn } = await run();
        const found = overlaps(pages, drawn);
        const known = KNOWN_OVERLAPS.get(name!);
        if (known) {
          // Not fixed yet: the count may only go down.
          console.warn(`${name}: ${found.length} overlaps left (at most ${known[0]}): ${known[1]}`);
          expect(found.length).toBeLessThanOrEqual(known[0]);
        } else expect(found).toEqual([]);
      });
      it(`${name}: every block in its source's face class`, { timeout: 120_000 }, async () => {
        expect(faceProblems((await run()).drawn)).toEqual([]);
      });
    }
  },
);
