/**
 * PowerPoint (pptx) handler: a presentation generated with pptxgenjs translated with a pseudo translator,
 * then checked with jszip + an independent XML parser: slide and paragraph counts, translated text, bold
 * runs, notes, layouts, fields and untouched entries.
 */
import { readFile, writeFile } from 'node:fs/promises';
import PptxGenJS from 'pptxgenjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stripMarkers } from '../../text/markers.js';
import { pptxHandler } from './pptx.js';
import { pseudoUnit } from '../../engines/pseudo.js';
import { engineContext, expectKept, LINK_SEPARATOR, LINKS, PROTECTED_TEXT } from '../lib/round-trip-kit.js';
import { openZip, parseXml, pseudoContext, unitTexts, untouchedEntriesDiffer, untranslatedParts, withTempDir, zipText } from './test-helpers.js';

let tmp: Awaited<ReturnType<typeof withTempDir>>;
beforeEach(async () => {
  tmp = await withTempDir();
});
afterEach(async () => {
  await tmp.cleanup();
});

async function generatedPptx(): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.defineSlideMaster({
    title: 'BRANDED',
    objects: [
      { text: { text: 'Company confidential', options: { x: 0.5, y: 5, w: 5, h: 0.4 } } },
      { placeholder: { options: { name: 'body', type: 'body', x: 1, y: 1.5, w: 8, h: 3 }, text: 'Click to add your text' } },
    ],
  });
  const s1 = pptx.addSlide();
  s1.addText(
    [
      { text: 'Welcome to ' },
      { text: 'our annual', options: { bold: true } },
      { text: ' meeting', options: { breakLine: true } },
      { text: 'Second line here' },
    ],
    { x: 1, y: 1, w: 8, h: 2 },
  );
  s1.addNotes('Speak slowly and smile.');
  const s2 = pptx.addSlide({ masterName: 'BRANDED' });
  s2.addText('Budget overview', { x: 1, y: 1, w: 8, h: 1 });
  s2.addTable([[{ text: 'Region' }, { text: 'Total' }], [{ text: 'North' }, { text: '120' }]], { x: 1, y: 2, w: 6 });
  s2.slideNumber = { x: 9, y: 5 };
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}

describe('pptx handler', () => {
  it('translates slides, tables and notes and keeps bold on the right words', async () => {
    const input = await generatedPptx();
    const inPath = tmp.path('in.pptx');
    const outPath = tmp.path('out.pptx');
    await writeFile(inPath, input);
    expect(pptxHandler.sniff(input.subarray(0, 4096), 'pptx')).toBe(true);
    const sent: string[] = [];
    const result = await pptxHandler.translate(inPath, outPath, 'pptx', pseudoContext(sent));
    expect(result.outputExtension).toBe('pptx');

    const src = await openZip(input);
    const zip = await openZip(await readFile(outPath));
    const slides = (z: typeof zip): string[] => Object.keys(z.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).sort();
    expect(slides(zip)).toEqual(slides(src));
    expect(slides(zip)).toHaveLength(2);

    const all: string[] = [];
    for (const name of slides(zip)) {
      const before = parseXml(await zipText(src, name));
      const doc = parseXml(await zipText(zip, name));
      expect(doc.getElementsByTagName('a:p').length).toBe(before.getElementsByTagName('a:p').length);
      all.push(...unitTexts(doc, 'a:p', 'a:t').filter((t) => t.trim() !== ''));
    }
    for (const t of all) if (!/^\d+$/.test(t)) expect(untranslatedParts(t)).toEqual([]);
    expect(all).toEqual(expect.arrayContaining(['[BUDGET OVERVIEW]', '[REGION]', '[NORTH]']));

    const slide1 = parseXml(await zipText(zip, 'ppt/slides/slide1.xml'));
    const boldRuns = Array.from(slide1.getElementsByTagName('a:r'))
      .filter((r) => r.getElementsByTagName('a:rPr')[0]?.getAttribute('b') === '1')
      .map((r) => r.textContent);
    expect(boldRuns).toEqual(['[OUR ANNUAL]']);

    const notesName = Object.keys(zip.files).find((n) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(n));
    expect(notesName).toBeDefined();
    const notes = unitTexts(parseXml(await zipText(zip, notesName ?? '')), 'a:p', 'a:t').join(' ');
    expect(notes).toContain('[SPEAK SLOWLY AND SMILE.]');

    const layouts = Object.keys(zip.files).filter((n) => /^ppt\/slideLayouts\/slideLayout\d+\.xml$/.test(n));
    let layout = '';
    for (const n of layouts) if ((await zipText(src, n)).includes('Click to add your text')) layout = n;
    // Run text of the layout placeholders (field text such as the slide number stays as it is).
    const layoutSrc = unitTexts(parseXml(await zipText(src, layout)), 'a:r', 'a:t').filter((t) => t.trim());
    const layoutOut = unitTexts(parseXml(await zipText(zip, layout)), 'a:r', 'a:t').filter((t) => t.trim());
    expect(layoutSrc.length).toBeGreaterThan(0);
    expect(layoutOut).toEqual(layoutSrc.map((t) => `[${t.toUpperCase()}]`));

    // The slide-number field stays a field with its original text.
    const slide2 = await zipText(zip, 'ppt/slides/slide2.xml');
    const fieldsBefore = (await zipText(src, 'ppt/slides/slide2.xml')).match(/<a:fld\b[\s\S]*?<\/a:fld>/g) ?? [];
    expect(fieldsBefore.length).toBeGreaterThan(0);
    for (const f of fieldsBefore) expect(slide2).toContain(f);

    expect(await untouchedEntriesDiffer(inPath, outPath, (n) => /^ppt\/(slides|notesSlides|slideLayouts)\/\w+\d+\.xml$/.test(n))).toEqual([]);
    const expected = sent.reduce((n, x) => n + [...stripMarkers(x)].length, 0);
    expect(result.characters).toBe(expected);
    expect(await pptxHandler.countCharacters(inPath, 'pptx')).toBe(expected);
  });
});

async function pptxWithChartAndDiagram(): Promise<Buffer> {
  const pptx = new PptxGenJS();
  const slide = pptx.addSlide();
  slide.addText([{ text: 'Results ' }, { text: 'improved', options: { bold: true } }, { text: ' this year' }], { x: 1, y: 0.5, w: 8, h: 1 });
  slide.addChart(pptx.ChartType.bar, [{ name: 'Revenue', labels: ['North', 'South'], values: [3, 5] }], {
    x: 1, y: 1.5, w: 6, h: 3, showTitle: true, title: 'Sales by region',
  });
  const generated = await openZip((await pptx.write({ outputType: 'nodebuffer' })) as Buffer);
  // SmartArt (which pptxgenjs cannot make): its data model and its cached drawing, both with the same text.
  const A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
  generated.file(
    'ppt/diagrams/data1.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" ${A}><dgm:ptLst><dgm:pt modelId="{2}"><dgm:t><a:bodyPr/><a:p><a:r><a:rPr lang="en-US"/><a:t>Collect feedback</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>`,
  );
  generated.file(
    'ppt/diagrams/drawing1.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<dsp:drawing xmlns:dsp="http://schemas.microsoft.com/office/drawing/2008/diagram" ${A}><dsp:spTree><dsp:sp><dsp:txBody><a:bodyPr/><a:p><a:pPr algn="ctr"/><a:r><a:t>Collect feedback</a:t></a:r></a:p></dsp:txBody></dsp:sp></dsp:spTree></dsp:drawing>`,
  );
  return generated.generateAsync({ type: 'nodebuffer' });
}

describe('pptx handler on languages, charts and SmartArt', () => {
  async function run(targetLang: string): Promise<{ zip: Awaited<ReturnType<typeof openZip>>; src: Awaited<ReturnType<typeof openZip>>; sent: string[]; inPath: string; outPath: string }> {
    const input = await pptxWithChartAndDiagram();
    const inPath = tmp.path('in.pptx');
    const outPath = tmp.path('out.pptx');
    await writeFile(inPath, input);
    const sent: string[] = [];
    await pptxHandler.translate(inPath, outPath, 'pptx', { ...pseudoContext(sent), targetLang });
    return { zip: await openZip(await readFile(outPath)), src: await openZip(input), sent, inPath, outPath };
  }

  it('sets a:rPr@lang to the target on translated runs and translates chart labels and both SmartArt parts', async () => {
    const { zip, src, sent, inPath, outPath } = await run('PT-BR');
    const plain = sent.map(stripMarkers);
    expect(plain).toEqual(expect.arrayContaining(['Results improved this year', 'Sales by region', 'Revenue', 'North', 'South', 'Collect feedback']));

    const slide = parseXml(await zipText(zip, 'ppt/slides/slide1.xml'));
    const runs = Array.from(slide.getElementsByTagName('a:r'));
    expect(runs.map((r) => r.textContent).join('')).toBe('[RESULTS ][IMPROVED][ THIS YEAR]');
    for (const r of runs) expect(r.getElementsByTagName('a:rPr')[0]?.getAttribute('lang')).toBe('pt-BR');
    expect(runs.filter((r) => r.getElementsByTagName('a:rPr')[0]?.getAttribute('b') === '1').map((r) => r.textContent)).toEqual(['[IMPROVED]']);

    const chartName = Object.keys(zip.files).find((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n)) ?? '';
    const before = parseXml(await zipText(src, chartName));
    const chart = parseXml(await zipText(zip, chartName));
    const strings = (d: Document): string[] =>
      Array.from(d.getElementsByTagName('c:strCache')).flatMap((c) => Array.from(c.getElementsByTagName('c:v')).map((v) => v.textContent ?? ''));
    expect(strings(before).length).toBeGreaterThan(0);
    expect(strings(chart)).toEqual(strings(before).map((t) => `[${t.toUpperCase()}]`));
    const numbers = (d: Document): string[] =>
      Array.from(d.getElementsByTagName('c:numCache')).flatMap((c) => Array.from(c.getElementsByTagName('c:v')).map((v) => v.textContent ?? ''));
    expect(numbers(chart)).toEqual(numbers(before));
    expect(unitTexts(chart, 'a:p', 'a:t').filter((t) => t)).toEqual(['[SALES BY REGION]']);

    for (const part of ['ppt/diagrams/data1.xml', 'ppt/diagrams/drawing1.xml']) {
      const x = parseXml(await zipText(zip, part));
      expect(unitTexts(x, 'a:p', 'a:t')).toEqual(['[COLLECT FEEDBACK]']);
      expect(x.getElementsByTagName('a:rPr')[0]?.getAttribute('lang')).toBe('pt-BR');
    }
    // Masters keep their prompt text; the chart's embedded workbook is copied as it was.
    expect(
      await untouchedEntriesDiffer(inPath, outPath, (n) => /^ppt\/(slides|notesSlides|slideLayouts|charts|diagrams)\/\w+\d+\.xml$/.test(n)),
    ).toEqual([]);
  });

  it('marks translated paragraphs right to left for Arabic', async () => {
    const { zip } = await run('AR');
    const drawing = parseXml(await zipText(zip, 'ppt/diagrams/drawing1.xml'));
    const pPr = drawing.getElementsByTagName('a:pPr')[0];
    expect([pPr?.getAttribute('rtl'), pPr?.getAttribute('algn')]).toEqual(['1', 'ctr']);
    const data = parseXml(await zipText(zip, 'ppt/diagrams/data1.xml'));
    expect(data.getElementsByTagName('a:pPr')[0]?.getAttribute('rtl')).toBe('1');
    expect(data.getElementsByTagName('a:rPr')[0]?.getAttribute('lang')).toBe('ar-SA');
  });
});

describe('pptx handler on hyperlinks', () => {
  it('translates a link in a text box of a grouped shape and keeps it one link on its words', async () => {
    const pptx = new PptxGenJS();
    pptx.addSlide().addText([{ text: 'Text box ' }, { text: 'tika', options: { hyperlink: { url: 'https://tika.apache.org' } } }], { x: 1, y: 1, w: 8, h: 1 });
    const zip = await openZip((await pptx.write({ outputType: 'nodebuffer' })) as Buffer);
    const slideXml = await zipText(zip, 'ppt/slides/slide1.xml');
    const rid = /<a:hlinkClick r:id="(\w+)"/.exec(slideXml)?.[1] ?? '';
    // As PowerPoint writes it: the link's words in two runs, one flagged by the spell checker (err="1"), in a group.
    const group =
      '<p:grpSp><p:nvGrpSpPr><p:cNvPr id="19" name="Group 18"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>' +
      '<p:sp><p:nvSpPr><p:cNvPr id="9" name="TextBox 8"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>' +
      '<a:p><a:r><a:rPr lang="en-US" dirty="0"/><a:t>Text box5 </a:t></a:r>' +
      `<a:r><a:rPr lang="en-US" dirty="0" err="1"><a:hlinkClick r:id="${rid}"/></a:rPr><a:t>tika</a:t></a:r>` +
      `<a:r><a:rPr lang="en-US" dirty="0"><a:hlinkClick r:id="${rid}"/></a:rPr><a:t> link</a:t></a:r><a:endParaRPr lang="en-US" dirty="0"/></a:p>` +
      '</p:txBody></p:sp></p:grpSp>';
    zip.file('ppt/slides/slide1.xml', slideXml.replace(/<p:sp>[\s\S]*<\/p:sp>/, group));
    const inPath = tmp.path('in.pptx');
    const outPath = tmp.path('out.pptx');
    await writeFile(inPath, await zip.generateAsync({ type: 'nodebuffer' }));
    await pptxHandler.translate(inPath, outPath, 'pptx', pseudoContext());
    const slide = parseXml(await zipText(await openZip(await readFile(outPath)), 'ppt/slides/slide1.xml'));
    const runs = Array.from(slide.getElementsByTagName('a:r'));
    const linked = runs.filter((r) => r.getElementsByTagName('a:hlinkClick')[0]?.getAttribute('r:id') === rid);
    expect(runs.map((r) => r.textContent).join('')).toBe('[TEXT BOX5 ][TIKA LINK]');
    expect(linked.map((r) => r.textContent)).toEqual(['[TIKA LINK]']);
  });
});

describe('pptx round trip: placeholders and adjacent links (issue 22)', () => {
  async function roundTrip(kind: 'pseudo' | 'reordering'): Promise<Document> {
    const pptx = new PptxGenJS();
    const slide = pptx.addSlide();
    slide.addText(PROTECTED_TEXT, { x: 1, y: 1, w: 8, h: 1 });
    slide.addText(
      LINKS.flatMap((word, i) => [
        ...(i > 0 ? [{ text: LINK_SEPARATOR }] : []),
        { text: word, options: { hyperlink: { url: `https://example.com/${word.toLowerCase()}` } } },
      ]),
      { x: 1, y: 3, w: 8, h: 1 },
    );
    const inPath = tmp.path('in.pptx');
    const outPath = tmp.path('out.pptx');
    await writeFile(inPath, (await pptx.write({ outputType: 'nodebuffer' })) as Buffer);
    await pptxHandler.translate(inPath, outPath, 'pptx', engineContext(kind));
    return parseXml(await zipText(await openZip(await readFile(outPath)), 'ppt/slides/slide1.xml'));
  }

  it('keeps placeholders, addresses, paths and identifiers byte for byte through the pseudo engine', async () => {
    const texts = unitTexts(await roundTrip('pseudo'), 'a:p', 'a:t');
    const sentence = texts.find((t) => t.includes('{count}'))!;
    expectKept(sentence);
    expect(sentence).not.toContain('Delete');
  });

  it.each([['pseudo'], ['reordering']] as const)('translates adjacent hyperlinks one by one, each keeping its own words, in order (%s engine)', async (kind) => {
    const slide = await roundTrip(kind);
    const tr = (w: string) => (kind === 'pseudo' ? pseudoUnit(w, 'DE') : w.toUpperCase());
    const linked = Array.from(slide.getElementsByTagName('a:r')).filter((r) => r.getElementsByTagName('a:hlinkClick').length > 0);
    const rids = linked.map((r) => r.getElementsByTagName('a:hlinkClick')[0]!.getAttribute('r:id'));
    expect(linked.map((r) => Array.from(r.getElementsByTagName('a:t')).map((t) => t.textContent).join(''))).toEqual(LINKS.map(tr));
    // Each link still goes where it went, in the order the source had them.
    expect(new Set(rids).size).toBe(3);
    const row = unitTexts(slide, 'a:p', 'a:t').find((t) => t.includes(LINK_SEPARATOR));
    expect(row).toBe(LINKS.map(tr).join(LINK_SEPARATOR));
  });
});
