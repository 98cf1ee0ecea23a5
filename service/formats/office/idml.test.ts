/**
 * InDesign (idml) handler: a hand-written IDML package translated with a pseudo translator and checked with
 * jszip + an independent XML parser (paragraphs, character styles, breaks, special characters, mimetype).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stripMarkers } from '../../text/markers.js';
import { DocumentFormatError } from '../types.js';
import { docxHandler } from './docx.js';
import { IDML_MIMETYPE, idmlHandler } from './idml.js';
import { pseudoUnit } from '../../engines/pseudo.js';
import { engineContext, expectKept, LINK_SEPARATOR, LINKS, PROTECTED_TEXT } from '../lib/round-trip-kit.js';
import { buildZip, openZip, parseXml, pseudoContext, rawEntries, withTempDir, zipText } from './test-helpers.js';

let tmp: Awaited<ReturnType<typeof withTempDir>>;
beforeEach(async () => {
  tmp = await withTempDir();
});
afterEach(async () => {
  await tmp.cleanup();
});

const NONE = 'CharacterStyle/$ID/[No character style]';
const STORY = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<idPkg:Story xmlns:idPkg="http://ns.adobe.com/AdobeInDesign/idml/1.0/packaging" DOMVersion="18.0">
\t<Story Self="u1" AppliedTOCStyle="n">
\t\t<ParagraphStyleRange AppliedParagraphStyle="ParagraphStyle/Body">
\t\t\t<CharacterStyleRange AppliedCharacterStyle="${NONE}">
\t\t\t\t<Content>First paragraph with </Content>
\t\t\t</CharacterStyleRange>
\t\t\t<CharacterStyleRange AppliedCharacterStyle="CharacterStyle/Bold" FontStyle="Bold">
\t\t\t\t<Properties><Leading type="unit">14</Leading></Properties>
\t\t\t\t<Content>strong words</Content>
\t\t\t</CharacterStyleRange>
\t\t\t<CharacterStyleRange AppliedCharacterStyle="${NONE}">
\t\t\t\t<Content>.</Content>
\t\t\t\t<Br/>
\t\t\t\t<Content>Second<?ACE 7?> paragraph</Content>
\t\t\t</CharacterStyleRange>
\t\t</ParagraphStyleRange>
\t\t<ParagraphStyleRange AppliedParagraphStyle="ParagraphStyle/Empty">
\t\t\t<CharacterStyleRange AppliedCharacterStyle="${NONE}"/>
\t\t</ParagraphStyleRange>
\t</Story>
</idPkg:Story>`;

async function idml(): Promise<Buffer> {
  return buildZip(
    {
      mimetype: IDML_MIMETYPE,
      'designmap.xml': '<?xml version="1.0"?><Document DOMVersion="18.0"><idPkg:Story src="Stories/Story_u1.xml" xmlns:idPkg="x"/></Document>',
      'Resources/Styles.xml': '<?xml version="1.0"?><idPkg:Styles xmlns:idPkg="x"/>',
      'Stories/Story_u1.xml': STORY,
    },
    { store: ['mimetype'] },
  );
}

describe('idml handler', () => {
  it('translates each paragraph on its own and keeps character styles, breaks and special characters', async () => {
    const data = await idml();
    expect(idmlHandler.sniff(data.subarray(0, 4096), 'idml')).toBe(true);
    expect(docxHandler.sniff(data.subarray(0, 4096), 'docx')).toBe(false);
    const inPath = tmp.path('in.idml');
    const outPath = tmp.path('out.idml');
    await writeFile(inPath, data);
    const sent: string[] = [];
    const result = await idmlHandler.translate(inPath, outPath, 'idml', pseudoContext(sent));
    expect(sent.map(stripMarkers)).toEqual(['First paragraph with strong words.', 'Second paragraph']);
    expect(result.characters).toBe('First paragraph with strong words.'.length + 'Second paragraph'.length);
    expect(await idmlHandler.countCharacters(inPath, 'idml')).toBe(result.characters);

    const zip = await openZip(await readFile(outPath));
    const xml = await zipText(zip, 'Stories/Story_u1.xml');
    // happy-dom's XML parser rejects the (valid) `ACE` processing instruction, so it reads the story without it.
    const doc = parseXml(xml.replace(/<\?ACE \d+\?>/g, ''));
    const ranges = Array.from(doc.getElementsByTagName('CharacterStyleRange'));
    const bold = ranges.filter((r) => r.getAttribute('FontStyle') === 'Bold');
    expect(bold.map((r) => r.getElementsByTagName('Content')[0]?.textContent)).toEqual(['[STRONG WORDS]']);
    expect(bold[0]?.getElementsByTagName('Leading')[0]?.textContent).toBe('14');
    const contents = Array.from(doc.getElementsByTagName('Content')).map((c) => c.textContent ?? '');
    expect(contents.join('')).toBe('[FIRST PARAGRAPH WITH ][STRONG WORDS][.][SECOND][ PARAGRAPH]');
    expect(doc.getElementsByTagName('Br').length).toBe(1);
    expect(xml).toContain('<?ACE 7?>');
    expect(xml.indexOf('[SECOND]')).toBeLessThan(xml.indexOf('<?ACE 7?>'));
    expect(xml.indexOf('<?ACE 7?>')).toBeLessThan(xml.indexOf('[ PARAGRAPH]'));
    expect(doc.getElementsByTagName('ParagraphStyleRange').length).toBe(2);
    expect(xml).toContain(`<ParagraphStyleRange AppliedParagraphStyle="ParagraphStyle/Empty">\n\t\t\t<CharacterStyleRange AppliedCharacterStyle="${NONE}"/>`);

    const entries = await rawEntries(outPath);
    expect(entries[0]?.name).toBe('mimetype');
    expect(entries[0]?.method).toBe(0);
    expect(entries[0]?.raw.toString()).toBe(IDML_MIMETYPE);
  });

  it('puts quotes an engine adds around a paragraph into its first and last runs, not into runs of their own, and keeps empty runs', async () => {
    const story = STORY.replace(
      /<ParagraphStyleRange AppliedParagraphStyle="ParagraphStyle\/Body">[\s\S]*?<\/ParagraphStyleRange>/,
      `<ParagraphStyleRange AppliedParagraphStyle="ParagraphStyle/Body"><CharacterStyleRange AppliedCharacterStyle="${NONE}" PointSize="29">` +
        '<Properties><AppliedFont type="string">Playfair</AppliedFont></Properties></CharacterStyleRange>' +
        `<CharacterStyleRange AppliedCharacterStyle="${NONE}" PointSize="48">` +
        '<Content>Editorial</Content></CharacterStyleRange><CharacterStyleRange AppliedCharacterStyle="' +
        `${NONE}" PointSize="18"><Content> by Jean Nemard and friends</Content></CharacterStyleRange></ParagraphStyleRange>`,
    );
    const data = await buildZip(
      { mimetype: IDML_MIMETYPE, 'designmap.xml': '<Document/>', 'Stories/Story_u1.xml': story },
      { store: ['mimetype'] },
    );
    const inPath = tmp.path('in.idml');
    const outPath = tmp.path('out.idml');
    await writeFile(inPath, data);
    // An engine that quotes the whole segment: the quotes are outside every span.
    await idmlHandler.translate(inPath, outPath, 'idml', { targetLang: 'DE', translate: async (units) => units.map((u) => `«${u}»`) });
    const doc = parseXml(await zipText(await openZip(await readFile(outPath)), 'Stories/Story_u1.xml'));
    const ranges = Array.from(doc.getElementsByTagName('CharacterStyleRange')).filter((r) => r.getAttribute('PointSize'));
    // The empty run that only carries formatting stays too.
    expect(ranges.map((r) => [r.getAttribute('PointSize'), Array.from(r.getElementsByTagName('Content'), (c) => c.textContent).join('')])).toEqual([
      ['29', ''],
      ['48', '«Editorial'],
      ['18', ' by Jean Nemard and friends»'],
    ]);
  });

  it('refuses a Word document named .idml', async () => {
    const data = await buildZip({ '[Content_Types].xml': '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>' });
    const inPath = tmp.path('x.idml');
    await writeFile(inPath, data);
    expect(idmlHandler.sniff(data, 'idml')).toBe(false);
    const run = idmlHandler.translate(inPath, tmp.path('o.idml'), 'idml', pseudoContext());
    await expect(run).rejects.toBeInstanceOf(DocumentFormatError);
    await expect(run).rejects.toThrow(/Rename it to \.docx/);
  });
});

describe('idml round trip: placeholders and adjacent links (issue 22)', () => {
  const range = (inner: string) => `<CharacterStyleRange AppliedCharacterStyle="${NONE}">${inner}</CharacterStyleRange>`;
  const story = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<idPkg:Story xmlns:idPkg="http://ns.adobe.com/AdobeInDesign/idml/1.0/packaging" DOMVersion="18.0"><Story Self="u1">
<ParagraphStyleRange AppliedParagraphStyle="ParagraphStyle/Body">${range(`<Content>${PROTECTED_TEXT}</Content>`)}</ParagraphStyleRange>
<ParagraphStyleRange AppliedParagraphStyle="ParagraphStyle/Body">${range(
    LINKS.map((w, i) => `<HyperlinkTextSource Self="h${i}" Name="${w}" Hidden="false"><Content>${w}</Content></HyperlinkTextSource>`).join(`<Content>${LINK_SEPARATOR}</Content>`),
  )}</ParagraphStyleRange>
</Story></idPkg:Story>`;

  async function roundTrip(kind: 'pseudo' | 'reordering'): Promise<Document> {
    const data = await buildZip(
      {
        mimetype: IDML_MIMETYPE,
        'designmap.xml': '<?xml version="1.0"?><Document DOMVersion="18.0"><idPkg:Story src="Stories/Story_u1.xml" xmlns:idPkg="x"/></Document>',
        'Resources/Styles.xml': '<?xml version="1.0"?><idPkg:Styles xmlns:idPkg="x"/>',
        'Stories/Story_u1.xml': story,
      },
      { store: ['mimetype'] },
    );
    const inPath = tmp.path('in.idml');
    const outPath = tmp.path('out.idml');
    await writeFile(inPath, data);
    await idmlHandler.translate(inPath, outPath, 'idml', engineContext(kind));
    return parseXml(await zipText(await openZip(await readFile(outPath)), 'Stories/Story_u1.xml'));
  }
  const contents = (el: Element) => Array.from(el.getElementsByTagName('Content')).map((c) => c.textContent).join('');

  it('keeps placeholders, addresses, paths and identifiers byte for byte through the pseudo engine', async () => {
    const first = contents((await roundTrip('pseudo')).getElementsByTagName('ParagraphStyleRange')[0]!);
    expectKept(first);
    expect(first).not.toContain('Delete');
  });

  it.each([['pseudo'], ['reordering']] as const)('translates adjacent hyperlinks one by one, each keeping its own words, in order (%s engine)', async (kind) => {
    const doc = await roundTrip(kind);
    const tr = (w: string) => (kind === 'pseudo' ? pseudoUnit(w, 'DE') : w.toUpperCase());
    const links = Array.from(doc.getElementsByTagName('HyperlinkTextSource'));
    expect(links.map((l) => [l.getAttribute('Self'), contents(l)])).toEqual(LINKS.map((w, i) => [`h${i}`, tr(w)]));
    expect(contents(doc.getElementsByTagName('ParagraphStyleRange')[1]!)).toBe(LINKS.map(tr).join(LINK_SEPARATOR));
  });
});
