/**
 * Word (docx) handler: generated documents and hand-written edge cases translated with a pseudo translator,
 * then checked with an independent reader (jszip + happy-dom XML parser, yauzl for stored bytes).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { deflateRawSync } from 'node:zlib';
import {
  Document,
  ExternalHyperlink,
  Footer,
  FootnoteReferenceRun,
  Header,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeSpan, openSpan, stripMarkers, tokenize } from '../../text/markers.js';
import { DocumentFormatError } from '../types.js';
import { pseudoUnit } from '../../engines/pseudo.js';
import { engineContext, expectKept, LINK_SEPARATOR, LINKS, PROTECTED_TEXT } from '../lib/round-trip-kit.js';
import { docxHandler } from './docx.js';
import {
  EXCEL_MAIN,
  WORD_MAIN,
  buildZip,
  contentTypes,
  openZip,
  parseXml,
  pseudoContext,
  unitTexts,
  untouchedEntriesDiffer,
  untranslatedParts,
  withTempDir,
  zipText,
} from './test-helpers.js';

// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let tmp: Awaited<ReturnType<typeof withTempDir>>;
beforeEach(async () => {
  tmp = await withTempDir();
});
afterEach(async () => {
  await tmp.cleanup();
});

async function generatedDocx(): Promise<Buffer> {
  const doc = new Document({
    footnotes: { 1: { children: [new Paragraph('A footnote about cats.')] } },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('Quarterly report')] }) },
        footers: { default: new Footer({ children: [new Paragraph({ children: [new TextRun('Page '), new TextRun({ children: [PageNumber.CURRENT] })] })] }) },
        children: [
          new Paragraph({
            children: [
              new TextRun('Hello '),
              new TextRun({ text: 'bright world', bold: true }),
              new TextRun(' and '),
              new TextRun({ text: 'dear friends', italics: true }),
              new TextRun('.'),
              new FootnoteReferenceRun(1),
            ],
          }),
          new Paragraph({ children: [new ExternalHyperlink({ link: 'https://example.com', children: [new TextRun('Click here')] }), new TextRun(' to read more.')] }),
          new Paragraph({ children: [new ImageRun({ type: 'png', data: PNG, transformation: { width: 10, height: 10 } }), new TextRun(' A caption.')] }),
          new Table({
            rows: [
              new TableRow({ children: [new TableCell({ children: [new Paragraph('Apples')] }), new TableCell({ children: [new Paragraph('12')] })] }),
              new TableRow({ children: [new TableCell({ children: [new Paragraph('Pears')] }), new TableCell({ children: [new Paragraph('7')] })] }),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

const W_NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const MC_NS =
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"';

async function handwrittenDocx(body: string, extra: Record<string, string | Buffer> = {}): Promise<Buffer> {
  return buildZip({
    '[Content_Types].xml': contentTypes('word/document.xml', WORD_MAIN),
    '_rels/.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W_NS} ${MC_NS}><w:body>${body}</w:body></w:document>`,
    ...extra,
  });
}

async function translateBuffer(data: Buffer, sent: string[] = []): Promise<{ out: Buffer; characters: number; inPath: string; outPath: string }> {
  const inPath = tmp.path('in.docx');
  const outPath = tmp.path('out.docx');
  await writeFile(inPath, data);
  const result = await docxHandler.translate(inPath, outPath, 'docx', pseudoContext(sent));
  expect(result.outputExtension).toBe('docx');
  return { out: await readFile(outPath), characters: result.characters, inPath, outPath };
}

describe('docx handler on a generated document', () => {
  it('translates every paragraph of body, header, footer and footnotes and keeps bold and italic on the right words', async () => {
    const input = await generatedDocx();
    const sent: string[] = [];
    const { out, characters, inPath, outPath } = await translateBuffer(input, sent);

    const before = parseXml(await zipText(await openZip(input), 'word/document.xml'));
    const zip = await openZip(out);
    const doc = parseXml(await zipText(zip, 'word/document.xml'));
    expect(doc.getElementsByTagName('w:p').length).toBe(before.getElementsByTagName('w:p').length);

    const texts = unitTexts(doc, 'w:p', 'w:t').filter((t) => t.trim() !== '');
    expect(texts.length).toBeGreaterThanOrEqual(6);
    for (const t of texts) expect(untranslatedParts(t)).toEqual([]);
    expect(texts).toContain('[APPLES]');

    const runs = Array.from(doc.getElementsByTagName('w:r'));
    const runText = (r: Element): string => Array.from(r.getElementsByTagName('w:t')).map((t) => t.textContent).join('');
    const bold = runs.filter((r) => r.getElementsByTagName('w:b').length > 0).map(runText);
    const italic = runs.filter((r) => r.getElementsByTagName('w:i').length > 0).map(runText);
    expect(bold).toEqual(['[BRIGHT WORLD]']);
    expect(italic).toEqual(['[DEAR FRIENDS]']);

    const link = doc.getElementsByTagName('w:hyperlink')[0];
    expect(link?.textContent).toBe('[CLICK HERE]');
    expect(doc.getElementsByTagName('w:footnoteReference').length).toBe(1);
    expect(doc.getElementsByTagName('w:drawing').length).toBe(1);

    for (const part of ['word/header1.xml', 'word/footnotes.xml']) {
      const name = Object.keys(zip.files).find((n) => n.startsWith(part.replace(/1?\.xml$/, '')));
      const x = parseXml(await zipText(zip, name ?? part));
      const t = unitTexts(x, 'w:p', 'w:t').filter((s) => s.trim() !== '');
      expect(t.length).toBeGreaterThan(0);
      for (const s of t) expect(untranslatedParts(s)).toEqual([]);
    }
    const footerName = Object.keys(zip.files).find((n) => /^word\/footer\d*\.xml$/.test(n)) ?? '';
    const footer = parseXml(await zipText(zip, footerName));
    expect(footer.getElementsByTagName('w:instrText')[0]?.textContent?.trim()).toBe('PAGE');
    expect(unitTexts(footer, 'w:p', 'w:t').join('')).toContain('[PAGE ]');

    expect(await untouchedEntriesDiffer(inPath, outPath, (n) => /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/.test(n))).toEqual([]);

    const expected = sent.reduce((n, s) => n + [...stripMarkers(s)].length, 0);
    expect(characters).toBe(expected);
    expect(await docxHandler.countCharacters(inPath, 'docx')).toBe(characters);
  });
});

describe('docx handler on hand-written markup', () => {
  it('merges runs split by revision ids and proofing marks into one span', async () => {
    const body =
      '<w:p w:rsidR="00A1"><w:r><w:t xml:space="preserve">Say </w:t></w:r>' +
      '<w:r w:rsidR="00B2"><w:rPr><w:b/><w:lang w:val="en-US"/></w:rPr><w:t>Hel</w:t></w:r><w:proofErr w:type="spellStart"/>' +
      '<w:r w:rsidR="00C3" w:rsidRPr="00C3"><w:rPr><w:b/><w:noProof/></w:rPr><w:t>lo</w:t></w:r><w:proofErr w:type="spellEnd"/>' +
      '<w:r><w:t xml:space="preserve"> to everyone here</w:t></w:r></w:p>';
    const sent: string[] = [];
    const { out } = await translateBuffer(await handwrittenDocx(body), sent);
    expect(sent.map(stripMarkers)).toEqual(['Say Hello to everyone here']);
    expect(sent[0]).toContain('\uE000');
    const doc = parseXml(await zipText(await openZip(out), 'word/document.xml'));
    const bold = Array.from(doc.getElementsByTagName('w:r')).filter((r) => r.getElementsByTagName('w:b').length > 0);
    expect(bold.map((r) => r.textContent)).toEqual(['[HELLO]']);
    expect(doc.getElementsByTagName('w:proofErr').length).toBe(0);
  });

  it('keeps tabs, breaks, field codes and deleted text out of the translation, and translates field results', async () => {
    const body =
      '<w:p><w:r><w:t>Name</w:t><w:tab/><w:t>Value</w:t><w:br/><w:t>Next line</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t xml:space="preserve">Printed on </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
      '<w:r><w:instrText xml:space="preserve"> DATE \\@ "d MMMM" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>' +
      '<w:r><w:t>3 March</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>' +
      '<w:del w:id="1" w:author="A"><w:r><w:delText>old words</w:delText></w:r></w:del>' +
      '<w:ins w:id="2" w:author="A"><w:r><w:t xml:space="preserve"> in the morning</w:t></w:r></w:ins></w:p>';
    const sent: string[] = [];
    const { out } = await translateBuffer(await handwrittenDocx(body), sent);
    const plain = sent.map(stripMarkers);
    expect(plain).toEqual(['NameValueNext line', 'Printed on 3 March in the morning']);
    const xml = await zipText(await openZip(out), 'word/document.xml');
    const doc = parseXml(xml);
    const [p1, p2] = Array.from(doc.getElementsByTagName('w:p'));
    expect(p1?.getElementsByTagName('w:tab').length).toBe(1);
    expect(p1?.getElementsByTagName('w:br').length).toBe(1);
    expect(unitTexts(doc, 'w:p', 'w:t')[0]).toBe('[NAME][VALUE][NEXT LINE]');
    // Tab before Value and break before Next line, in that order.
    expect(xml).toMatch(/\[NAME\]<\/w:t><w:tab\/><w:t xml:space="preserve">\[VALUE\]<\/w:t><w:br\/>/);
    expect(p2?.getElementsByTagName('w:instrText')[0]?.textContent).toBe(' DATE \\@ "d MMMM" ');
    // The field result is translated and stays between the field's separate and end marks.
    expect(xml).toMatch(/fldCharType="separate"\/><w:t xml:space="preserve">\[3 MARCH\]<\/w:t><w:fldChar w:fldCharType="end"\/>/);
    expect(p2?.getElementsByTagName('w:delText')[0]?.textContent).toBe('old words');
    expect(p2?.getElementsByTagName('w:ins')[0]?.textContent).toBe('[ IN THE MORNING]');
  });

  it('translates text boxes in both mc:Choice and mc:Fallback', async () => {
    const box = '<w:txbxContent><w:p><w:r><w:t>Boxed note</w:t></w:r></w:p></w:txbxContent>';
    const body =
      '<w:p><w:r><w:t xml:space="preserve">Anchor text </w:t></w:r><w:r><mc:AlternateContent>' +
      `<mc:Choice Requires="wps"><w:drawing><wps:txbx>${box}</wps:txbx></w:drawing></mc:Choice>` +
      `<mc:Fallback><w:pict><v:shape><v:textbox>${box}</v:textbox></v:shape></w:pict></mc:Fallback>` +
      '</mc:AlternateContent></w:r></w:p>';
    const sent: string[] = [];
    const { out } = await translateBuffer(await handwrittenDocx(body), sent);
    expect(sent.map(stripMarkers).sort()).toEqual(['Anchor text ', 'Boxed note', 'Boxed note']);
    const doc = parseXml(await zipText(await openZip(out), 'word/document.xml'));
    const boxes = Array.from(doc.getElementsByTagName('w:txbxContent')).map((b) => b.textContent);
    expect(boxes).toEqual(['[BOXED NOTE]', '[BOXED NOTE]']);
    expect(doc.getElementsByTagName('mc:Choice').length).toBe(1);
    expect(doc.getElementsByTagName('mc:Fallback').length).toBe(1);
    expect(unitTexts(doc, 'w:p', 'w:t')[0]).toBe('[ANCHOR TEXT ][BOXED NOTE][BOXED NOTE]');
  });

  it('keeps entities, edge spaces and every byte outside paragraphs', async () => {
    const body =
      '<!-- kept comment --><w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:t xml:space="preserve">  Fish &amp; chips &#x2013; “fresh” </w:t></w:r></w:p>' +
      '<w:p/><w:p><w:r><w:t>   </w:t></w:r></w:p><w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr>';
    const sent: string[] = [];
    const { out } = await translateBuffer(await handwrittenDocx(body), sent);
    expect(sent).toEqual(['  Fish & chips – “fresh” ']);
    const xml = await zipText(await openZip(out), 'word/document.xml');
    expect(xml.startsWith(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W_NS} ${MC_NS}><w:body><!-- kept comment --><w:p><w:pPr><w:jc w:val="center"/></w:pPr>`)).toBe(true);
    expect(xml).toContain('<w:t xml:space="preserve">[  FISH &amp; CHIPS – “FRESH” ]</w:t>');
    expect(xml).toContain('<w:p/><w:p><w:r><w:t>   </w:t></w:r></w:p><w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>');
  });
});

const A_NS = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
const STYLES =
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles ${W_NS}><w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="en-US" w:eastAsia="en-US" w:bidi="ar-SA"/></w:rPr></w:rPrDefault></w:docDefaults>` +
  '<w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>';
const CHART =
  `<?xml version="1.0" encoding="UTF-8"?>\n<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" ${A_NS}><c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:rPr lang="en-US" b="1"/><a:t>Yearly results</a:t></a:r></a:p></c:rich></c:tx></c:title>` +
  '<c:plotArea><c:lineChart><c:ser><c:tx><c:strRef><c:f>Sheet1!$B$1</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>Profit</c:v></c:pt></c:strCache></c:strRef></c:tx>' +
  '<c:cat><c:strRef><c:f>Sheet1!$A$2</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>First quarter</c:v></c:pt></c:strCache></c:strRef></c:cat>' +
  '<c:val><c:numRef><c:f>Sheet1!$B$2</c:f><c:numCache><c:ptCount val="1"/><c:pt idx="0"><c:v>4.5</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser></c:lineChart></c:plotArea></c:chart></c:chartSpace>';
const DGM_NS = 'xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram"';
const SMARTART_DATA =
  `<?xml version="1.0" encoding="UTF-8"?>\n<dgm:dataModel ${DGM_NS} ${A_NS}><dgm:ptLst><dgm:pt modelId="{1}" type="doc"><dgm:prSet phldrT="[Text]"/><dgm:t><a:bodyPr/><a:p><a:endParaRPr lang="en-US"/></a:p></dgm:t></dgm:pt>` +
  '<dgm:pt modelId="{2}"><dgm:prSet phldrT="[Text]"/><dgm:t><a:bodyPr/><a:p><a:r><a:rPr lang="en-US"/><a:t>Plan the work</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>';
const SMARTART_DRAWING =
  `<?xml version="1.0" encoding="UTF-8"?>\n<dsp:drawing xmlns:dsp="http://schemas.microsoft.com/office/drawing/2008/diagram" ${A_NS}><dsp:spTree><dsp:sp modelId="{3}"><dsp:txBody><a:bodyPr/>` +
  '<a:p><a:r><a:rPr lang="en-US"/><a:t>Plan the work</a:t></a:r></a:p></dsp:txBody></dsp:sp></dsp:spTree></dsp:drawing>';

describe('docx handler on languages, charts and SmartArt', () => {
  const body =
    '<w:p><w:r><w:rPr><w:b/><w:lang w:val="en-US"/></w:rPr><w:t xml:space="preserve">Strong words </w:t></w:r><w:r><w:t>and plain ones.</w:t></w:r></w:p>' +
    '<w:p><w:r><w:rPr><w:lang w:val="en-US"/></w:rPr><w:t>12</w:t></w:r></w:p>';
  const extra = {
    'word/styles.xml': STYLES,
    'word/charts/chart1.xml': CHART,
    'word/diagrams/data1.xml': SMARTART_DATA,
    'word/diagrams/drawing1.xml': SMARTART_DRAWING,
    'word/settings.xml': `<w:settings ${W_NS}><w:themeFontLang w:val="en-US"/></w:settings>`,
  };

  async function run(targetLang: string): Promise<{ zip: Awaited<ReturnType<typeof openZip>>; sent: string[]; inPath: string; outPath: string }> {
    const inPath = tmp.path('in.docx');
    const outPath = tmp.path('out.docx');
    await writeFile(inPath, await handwrittenDocx(body, extra));
    const sent: string[] = [];
    await docxHandler.translate(inPath, outPath, 'docx', { ...pseudoContext(sent), targetLang });
    return { zip: await openZip(await readFile(outPath)), sent, inPath, outPath };
  }

  it('sets the target language on translated runs and in the style defaults, and translates charts and both SmartArt parts', async () => {
    const { zip, sent, inPath, outPath } = await run('DE');
    expect(sent.map(stripMarkers).sort()).toEqual(['12', 'First quarter', 'Plan the work', 'Plan the work', 'Profit', 'Strong words and plain ones.', 'Yearly results']);
    const doc = parseXml(await zipText(zip, 'word/document.xml'));
    const langs = Array.from(doc.getElementsByTagName('w:lang')).map((l) => l.getAttribute('w:val'));
    expect(langs).toEqual(['de-DE', 'de-DE']);
    expect(Array.from(doc.getElementsByTagName('w:r')).filter((r) => r.getElementsByTagName('w:b').length > 0).map((r) => r.textContent)).toEqual(['[STRONG WORDS ]']);
    const styleLang = parseXml(await zipText(zip, 'word/styles.xml')).getElementsByTagName('w:lang')[0];
    expect([styleLang?.getAttribute('w:val'), styleLang?.getAttribute('w:eastAsia'), styleLang?.getAttribute('w:bidi')]).toEqual(['de-DE', 'en-US', 'ar-SA']);

    const chart = parseXml(await zipText(zip, 'word/charts/chart1.xml'));
    expect(Array.from(chart.getElementsByTagName('c:v')).map((v) => v.textContent)).toEqual(['[PROFIT]', '[FIRST QUARTER]', '4.5']);
    expect(chart.getElementsByTagName('a:t')[0]?.textContent).toBe('[YEARLY RESULTS]');
    expect(chart.getElementsByTagName('a:rPr')[0]?.getAttribute('lang')).toBe('de-DE');
    expect(chart.getElementsByTagName('a:rPr')[0]?.getAttribute('b')).toBe('1');
    for (const part of ['word/diagrams/data1.xml', 'word/diagrams/drawing1.xml']) {
      const x = parseXml(await zipText(zip, part));
      expect(unitTexts(x, 'a:p', 'a:t').filter((t) => t !== '')).toEqual(['[PLAN THE WORK]']);
      expect(x.getElementsByTagName('a:rPr')[0]?.getAttribute('lang')).toBe('de-DE');
    }
    // The data model's prompt text is not shown and stays as it is.
    expect(await zipText(zip, 'word/diagrams/data1.xml')).toContain('phldrT="[Text]"');
    expect(
      await untouchedEntriesDiffer(inPath, outPath, (n) => /^word\/(document|styles|charts\/chart1|diagrams\/data1|diagrams\/drawing1)\.xml$/.test(n)),
    ).toEqual([]);
  });

  it('uses the East Asian slot of w:lang for Japanese and leaves the Latin one', async () => {
    const { zip } = await run('JA');
    const l = parseXml(await zipText(zip, 'word/document.xml')).getElementsByTagName('w:lang')[0];
    expect([l?.getAttribute('w:val'), l?.getAttribute('w:eastAsia')]).toEqual(['en-US', 'ja-JP']);
    const s = parseXml(await zipText(zip, 'word/styles.xml')).getElementsByTagName('w:lang')[0];
    expect([s?.getAttribute('w:val'), s?.getAttribute('w:eastAsia')]).toEqual(['en-US', 'ja-JP']);
  });
});

describe('docx handler for a right-to-left target', () => {
  it('adds w:bidi and w:rtl in their schema places and sets the complex-script language', async () => {
    const body =
      '<w:p><w:pPr><w:pStyle w:val="Title"/><w:spacing w:after="0"/><w:jc w:val="left"/><w:rPr><w:b/></w:rPr></w:pPr>' +
      '<w:r><w:rPr><w:b/><w:color w:val="FF0000"/><w:lang w:val="en-US"/></w:rPr><w:t xml:space="preserve">Red title </w:t></w:r><w:r><w:t>here</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t>No properties</w:t></w:r></w:p><w:p><w:pPr/><w:r><w:rPr/><w:t>Empty properties</w:t></w:r></w:p><w:p><w:pPr><w:jc w:val="center"/></w:pPr></w:p>';
    const inPath = tmp.path('in.docx');
    const outPath = tmp.path('out.docx');
    await writeFile(inPath, await handwrittenDocx(body));
    await docxHandler.translate(inPath, outPath, 'docx', { ...pseudoContext(), targetLang: 'AR' });
    const xml = await zipText(await openZip(await readFile(outPath)), 'word/document.xml');
    const doc = parseXml(xml);
    expect(xml).toContain('<w:pPr><w:pStyle w:val="Title"/><w:bidi/><w:spacing w:after="0"/><w:jc w:val="left"/><w:rPr><w:b/></w:rPr></w:pPr>');
    expect(xml).toContain('<w:rPr><w:b/><w:color w:val="FF0000"/><w:rtl/><w:lang w:val="en-US" w:bidi="ar-SA"/></w:rPr><w:t xml:space="preserve">[RED TITLE ]</w:t>');
    expect(xml).toContain('<w:p><w:pPr><w:bidi/></w:pPr><w:r><w:rPr><w:rtl/></w:rPr><w:t xml:space="preserve">[NO PROPERTIES]</w:t></w:r></w:p>');
    expect(xml).toContain('<w:p><w:pPr><w:bidi/></w:pPr><w:r><w:rPr><w:rtl/></w:rPr><w:t xml:space="preserve">[EMPTY PROPERTIES]</w:t></w:r></w:p>');
    // A paragraph without text is not translated and keeps its direction.
    expect(xml).toContain('<w:p><w:pPr><w:jc w:val="center"/></w:pPr></w:p>');
    expect(doc.getElementsByTagName('w:bidi').length).toBe(3);
    expect(unitTexts(doc, 'w:p', 'w:t').filter((t) => t)).toEqual(['[RED TITLE ][HERE]', '[NO PROPERTIES]', '[EMPTY PROPERTIES]']);
  });
});

describe('docx handler on bad files', () => {
  async function expectRefused(data: Buffer, message: RegExp): Promise<void> {
    const inPath = tmp.path('bad.docx');
    await writeFile(inPath, data);
    const run = docxHandler.translate(inPath, tmp.path('bad-out.docx'), 'docx', pseudoContext());
    await expect(run).rejects.toBeInstanceOf(DocumentFormatError);
    await expect(run).rejects.toThrow(message);
    await expect(docxHandler.countCharacters(inPath, 'docx')).rejects.toBeInstanceOf(DocumentFormatError);
    await expect(readFile(tmp.path('bad-out.docx'))).rejects.toThrow(/ENOENT/);
  }

  it('refuses a file that is not a zip, in sniff and in translate', async () => {
    const data = Buffer.from('Just some plain text pretending to be a document.');
    expect(docxHandler.sniff(data, 'docx')).toBe(false);
    await expectRefused(data, /could not be opened: it is not a complete zip package/);
  });

  it('refuses a truncated document', async () => {
    const full = await generatedDocx();
    await expectRefused(full.subarray(0, Math.floor(full.length / 2)), /truncated or damaged/);
  });

  it('refuses a workbook named .docx, in sniff and in translate', async () => {
    const xlsx = await buildZip({
      '[Content_Types].xml': contentTypes('xl/workbook.xml', EXCEL_MAIN),
      'xl/workbook.xml': '<workbook/>',
    });
    expect(docxHandler.sniff(xlsx.subarray(0, 4096), 'docx')).toBe(false);
    await expectRefused(xlsx, /is an Excel workbook \(xlsx\)\. Rename it to \.xlsx/);
  });

  it('accepts its own kind in sniff', async () => {
    expect(docxHandler.sniff((await generatedDocx()).subarray(0, 4096), 'docx')).toBe(true);
  });

  it('refuses XML with a DOCTYPE (entity expansion)', async () => {
    const data = await buildZip({
      '[Content_Types].xml': contentTypes('word/document.xml', WORD_MAIN),
      'word/document.xml': `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><w:document ${W_NS}><w:body><w:p><w:r><w:t>&b;</w:t></w:r></w:p></w:body></w:document>`,
    });
    await expectRefused(data, /DOCTYPE/);
  });

  it('refuses a package without its main part', async () => {
    const data = await buildZip({ '[Content_Types].xml': contentTypes('word/document.xml', WORD_MAIN), 'word/styles.xml': '<w:styles/>' });
    await expectRefused(data, /word\/document\.xml is missing/);
  });

  it('refuses a zip bomb by its compression ratio', async () => {
    const data = await handwrittenDocx('<w:p><w:r><w:t>Hi</w:t></w:r></w:p>', { 'word/media/blob.bin': Buffer.alloc(40 * 1024 * 1024) });
    await expectRefused(data, /zip bomb/);
  });

  it('refuses an entry that inflates to more than its declared size', async () => {
    // Hand-made archive: the directory claims 10 bytes, the data inflates to 64 KiB.
    const xml = Buffer.from(`<w:document ${W_NS}><w:body><w:p><w:r><w:t>${'x'.repeat(65536)}</w:t></w:r></w:p></w:body></w:document>`);
    const good = await handwrittenDocx('');
    const honest = await buildZipWithLyingEntry(good, 'word/document.xml', xml, 10);
    await expectRefused(honest, /damaged/);
  });

  it('ignores entries whose names climb out of the archive', async () => {
    const data = await handwrittenDocx('<w:p><w:r><w:t>Safe</w:t></w:r></w:p>', { '../evil.txt': 'owned', '/abs.txt': 'owned' });
    const { out } = await translateBuffer(data);
    const names = Object.keys((await openZip(out)).files);
    expect(names).not.toContain('../evil.txt');
    expect(names.some((n) => n.includes('abs.txt'))).toBe(false);
    expect(names).toContain('word/document.xml');
  });
});

/** Appends a deflated entry whose local and central sizes say `claimed` bytes to a jszip-made archive. */
async function buildZipWithLyingEntry(base: Buffer, name: string, content: Buffer, claimed: number): Promise<Buffer> {
  const zip = await openZip(base);
  zip.remove(name);
  const rest = await zip.generateAsync({ type: 'nodebuffer' });
  // Split the archive into local data and central directory, then add our entry to both.
  const eocdAt = rest.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const cdSize = rest.readUInt32LE(eocdAt + 12);
  const cdAt = rest.readUInt32LE(eocdAt + 16);
  const data = deflateRawSync(content);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(claimed, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(claimed, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(cdAt, 42);
  const newLocal = Buffer.concat([local, nameBytes, data]);
  const cd = Buffer.concat([rest.subarray(cdAt, cdAt + cdSize), central, nameBytes]);
  // Shift the old central records' offsets: our entry goes first, so every other one moves.
  for (let at = 0; at < cdSize; ) {
    cd.writeUInt32LE(cd.readUInt32LE(at + 42) + newLocal.length, at + 42);
    at += 46 + cd.readUInt16LE(at + 28) + cd.readUInt16LE(at + 30) + cd.readUInt16LE(at + 32);
  }
  central.writeUInt32LE(0, 42);
  cd.writeUInt32LE(0, cdSize + 42);
  const eocd = Buffer.from(rest.subarray(eocdAt, eocdAt + 22));
  const count = eocd.readUInt16LE(10) + 1;
  eocd.writeUInt16LE(count, 8);
  eocd.writeUInt16LE(count, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(newLocal.length + cdAt, 16);
  return Buffer.concat([newLocal, rest.subarray(0, cdAt), cd, eocd]);
}

describe('docx written by other tools', () => {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

  /** A package whose main part is `content/main.xml` (found only through `_rels/.rels`), with any WordprocessingML prefix. */
  async function foreignDocx(prefix: string, body: string): Promise<Buffer> {
    const decl = prefix ? `xmlns:${prefix}="${W}"` : `xmlns="${W}"`;
    const q = (n: string) => (prefix ? `${prefix}:${n}` : n);
    return buildZip({
      '[Content_Types].xml': contentTypes('content/main.xml', WORD_MAIN).replace(
        '</Types>',
        `<Override PartName="/content/notes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/></Types>`,
      ),
      '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="/content/main.xml"/></Relationships>`,
      'content/_rels/main.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId5" Type="${REL}/footnotes" Target="notes.xml"/><Relationship Id="rId9" Type="${REL}/hyperlink" Target="https://example.com/" TargetMode="External"/></Relationships>`,
      'content/main.xml': `<?xml version="1.0"?><${q('document')} ${decl} xmlns:r="${R}"><${q('body')}>${body}</${q('body')}></${q('document')}>`,
      'content/notes.xml': `<?xml version="1.0"?><${q('footnotes')} ${decl}><${q('footnote')} ${q('id')}="1"><${q('p')}><${q('r')}><${q('t')}>A note</${q('t')}></${q('r')}></${q('p')}></${q('footnote')}></${q('footnotes')}>`,
    });
  }

  it.each([['ns0'], ['']])('finds the main part through the relationships and reads prefix "%s" by its namespace', async (prefix) => {
    const q = (n: string) => (prefix ? `${prefix}:${n}` : n);
    const body =
      `<${q('p')}><${q('r')}><${q('t')}>Hello world</${q('t')}></${q('r')}>` +
      `<${q('hyperlink')} r:id="rId9"><${q('r')}><${q('t')}>our site</${q('t')}></${q('r')}></${q('hyperlink')}></${q('p')}>`;
    const sent: string[] = [];
    const { out } = await translateBuffer(await foreignDocx(prefix, body), sent);
    expect(sent.map(stripMarkers).sort()).toEqual(['A note', 'Hello worldour site']);
    const zip = await openZip(out);
    const main = await zipText(zip, 'content/main.xml');
    // Text written back with the document's own prefix, so the part stays valid in its namespace.
    expect(main).toContain(`<${q('t')} xml:space="preserve">[HELLO WORLD]</${q('t')}>`);
    expect(main).not.toContain('<w:');
    expect(main.match(new RegExp(`<${q('hyperlink')}\\b`, 'g'))).toHaveLength(1);
    expect(await zipText(zip, 'content/notes.xml')).toContain('[A NOTE]');
  });

  it('writes every hyperlink exactly once, whatever the engine does to the words around it', async () => {
    const body =
      '<w:p><w:r><w:t xml:space="preserve">Read </w:t></w:r><w:hyperlink r:id="rId9"><w:r><w:t>the manual</w:t></w:r></w:hyperlink>' +
      '<w:r><w:t xml:space="preserve"> before you start.</w:t></w:r></w:p>';
    const input = await foreignDocx('w', body);
    const inPath = tmp.path('in.docx');
    const outPath = tmp.path('out.docx');
    await writeFile(inPath, input);
    // An engine that splits the link's words apart and repeats the span around the rest of the sentence.
    const ctx = pseudoContext();
    ctx.translate = async (units) =>
      units.map((u) => {
        const tokens = tokenize(u);
        const open = tokens.find((t) => t.kind === 'open');
        if (!open || open.kind !== 'open') return u;
        return `${openSpan(open.id)}Lies${closeSpan()} vor dem Start ${openSpan(open.id)}das Handbuch${closeSpan()}${openSpan(open.id)}.${closeSpan()}`;
      });
    await docxHandler.translate(inPath, outPath, 'docx', ctx);
    const main = await zipText(await openZip(await readFile(outPath)), 'content/main.xml');
    expect(main.match(/<w:hyperlink\b/g)).toHaveLength(1);
    expect(main).toContain('Lies');
    expect(main).toContain('das Handbuch');
  });
});

describe('docx round trip: placeholders and adjacent links (issue 22)', () => {
  const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const links = LINKS.map(
    (word, i) => `<w:hyperlink r:id="rId${i + 1}" w:history="1"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr><w:t>${word}</w:t></w:r></w:hyperlink>`,
  );
  const body =
    `<w:p><w:r><w:t xml:space="preserve">${PROTECTED_TEXT}</w:t></w:r></w:p>` +
    `<w:p>${links.join(`<w:r><w:t xml:space="preserve">${LINK_SEPARATOR}</w:t></w:r>`)}</w:p>`;
  const docx = () =>
    buildZip({
      '[Content_Types].xml': contentTypes('word/document.xml', WORD_MAIN),
      '_rels/.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
      'word/_rels/document.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${LINKS.map(
        (w, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/hyperlink" Target="https://example.com/${w.toLowerCase()}" TargetMode="External"/>`,
      ).join('')}</Relationships>`,
      'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W_NS} xmlns:r="${REL}"><w:body>${body}</w:body></w:document>`,
    });

  async function roundTrip(kind: 'pseudo' | 'reordering'): Promise<ReturnType<typeof parseXml>> {
    const inPath = tmp.path('in.docx');
    const outPath = tmp.path('out.docx');
    await writeFile(inPath, await docx());
    await docxHandler.translate(inPath, outPath, 'docx', engineContext(kind));
    return parseXml(await zipText(await openZip(await readFile(outPath)), 'word/document.xml'));
  }
  const linkTexts = (doc: ReturnType<typeof parseXml>) =>
    Array.from(doc.getElementsByTagName('w:hyperlink')).map((h) => [h.getAttribute('r:id'), Array.from(h.getElementsByTagName('w:t')).map((t) => t.textContent).join('')]);

  it('keeps placeholders, addresses, paths and identifiers byte for byte through the pseudo engine', async () => {
    const doc = await roundTrip('pseudo');
    const [first] = unitTexts(doc, 'w:p', 'w:t');
    expectKept(first!);
    expect(first).not.toContain('Delete');
  });

  it.each([['pseudo'], ['reordering']] as const)('translates adjacent hyperlinks one by one, each keeping its own words, in order (%s engine)', async (kind) => {
    const doc = await roundTrip(kind);
    const tr = (w: string) => (kind === 'pseudo' ? pseudoUnit(w, 'DE') : w.toUpperCase());
    expect(linkTexts(doc)).toEqual(LINKS.map((w, i) => [`rId${i + 1}`, tr(w)]));
    // The separators between them are as they were, and nothing was added between the links.
    expect(unitTexts(doc, 'w:p', 'w:t')[1]).toBe(LINKS.map(tr).join(LINK_SEPARATOR));
  });
});
