/**
 * Issue 22 in every document format: placeholders, paths, identifiers, URLs and adjacent links come back byte
 * for byte and in order through `/v2/document` (upload → translate → download) on the local service with the
 * pseudo engine, which changes every ASCII letter, so a span the engine got would show. The HTML navigation bar
 * also goes through Apertium, which reorders sentences (skipped, with the reason printed, where it is absent).
 */
import { existsSync } from 'node:fs';
import { Document, ExternalHyperlink, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import PptxGenJS from 'pptxgenjs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudoText } from '../engines/pseudo.js';
import { result, startDocService, upload, waitUntilFinished, type DocService } from '../documents/test-support.js';

const KEEP = ['{count}', '/home/anna/.config/verso/settings.json', 'COMPANY_CODE', '%1$s', 'https://example.com/help', '{{user.name}}'];
const SENTENCES = [
  'Delete {count} items?',
  'Open /home/anna/.config/verso/settings.json to edit your settings.',
  'Set COMPANY_CODE before you start.',
  'Saved by %1$s at https://example.com/help today.',
  'Hello {{user.name}}, welcome back.',
];
const LINKS = ['FAQ', 'Examples', 'Notebooks', 'Gallery'];
const HREFS = ['/faq', '/examples', '/notebooks', '/gallery'];

async function docx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          ...SENTENCES.map((s) => new Paragraph(s)),
          new Paragraph({
            children: LINKS.flatMap((l, i) => [
              ...(i > 0 ? [new TextRun(' ')] : []),
              new ExternalHyperlink({ link: `https://example.com${HREFS[i]}`, children: [new TextRun(l)] }),
            ]),
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

async function pptx(): Promise<Buffer> {
  const p = new PptxGenJS();
  const slide = p.addSlide();
  SENTENCES.forEach((s, i) => slide.addText(s, { x: 0.5, y: 0.3 + i * 0.8, w: 9, h: 0.6 }));
  return (await p.write({ outputType: 'nodebuffer' })) as Buffer;
}

async function xlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Strings');
  SENTENCES.forEach((s, i) => (ws.getCell(`A${i + 1}`).value = s));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const NAV = `<nav>${LINKS.map((l, i) => `<a href="${HREFS[i]}">${l}</a>`).join(' ')}</nav>`;
const html = `<!DOCTYPE html><html><head><title>Help</title></head><body>${SENTENCES.map((s) => `<p>${esc(s)}</p>`).join('\n')}\n${NAV}\n</body></html>`;
const xliff = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" target-language="de" datatype="plaintext" original="app"><body>
${SENTENCES.map((s, i) => `<trans-unit id="s${i}"><source>${esc(s)}</source></trans-unit>`).join('\n')}
</body></file></xliff>`;
const srt = SENTENCES.map((s, i) => `${i + 1}\n00:00:0${i},000 --> 00:00:0${i},900\n${s}\n`).join('\n') + `\n6\n00:00:07,000 --> 00:00:08,000\n<b><u>[dog barking]</u></b>\n`;
const json = JSON.stringify(Object.fromEntries(SENTENCES.map((s, i) => [`key${i}`, s])), null, 2);
const txt = SENTENCES.join('\n\n');

/** Visible text of a result, per format, by an independent reading (zip entries, tags stripped). */
async function visibleText(ext: string, bytes: Buffer): Promise<string> {
  if (!['docx', 'pptx', 'xlsx'].includes(ext)) return bytes.toString('utf8');
  const zip = await JSZip.loadAsync(bytes);
  let out = '';
  for (const name of Object.keys(zip.files).sort()) {
    if (!name.endsWith('.xml')) continue;
    const xml = await zip.file(name)!.async('string');
    out += [...xml.matchAll(/<(?:\w+:)?t(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?t>/g)].map((m) => m[1]).join('') + '\n';
  }
  return out.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');
}

async function roundTrip(svc: DocService, name: string, content: string | Buffer, target = 'DE'): Promise<Buffer> {
  const up = await upload(svc.proUrl, svc.keys.pro_key, { name, content, source: 'EN', target });
  expect(up.status, up.bytes.toString()).toBe(200);
  const st = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body);
  expect(st.body.status, JSON.stringify(st.body)).toBe('done');
  return (await result(svc.proUrl, svc.keys.pro_key, up.body)).bytes;
}

describe('protected spans in every document format (pseudo engine)', () => {
  let svc: DocService;
  beforeAll(async () => {
    svc = await startDocService();
  }, 120_000);
  afterAll(async () => svc?.stop());

  const cases: Array<[string, () => Promise<string | Buffer>]> = [
    ['txt', async () => txt],
    ['html', async () => html],
    ['xlf', async () => xliff],
    ['srt', async () => srt],
    ['json', async () => json],
    ['docx', docx],
    ['pptx', pptx],
    ['xlsx', xlsx],
  ];
  it.each(cases)('%s keeps every span and translates the words around it', async (ext, make) => {
    let out = await visibleText(ext, await roundTrip(svc, `strings.${ext}`, await make()));
    // XLIFF keeps the source beside the new target: read the targets only.
    if (ext === 'xlf') out = [...out.matchAll(/<target[^>]*>([\s\S]*?)<\/target>/g)].map((m) => m[1]).join('\n').replace(/&amp;/g, '&');
    expect(out.length).toBeGreaterThan(0);
    for (const k of KEEP) expect(out, ext).toContain(k);
    // The words around were translated (the pseudo engine accents them).
    expect(out).not.toMatch(/\bDelete\b|\bwelcome back\b|\bbefore you start\b/);
  });

  it('html: adjacent links stay in order, each with its own text inside', async () => {
    const out = (await roundTrip(svc, 'nav.html', html)).toString('utf8');
    const links = [...out.matchAll(/<a href="([^"]+)">([^<]*)<\/a>/g)];
    expect(links.map((m) => m[1])).toEqual(HREFS);
    expect(links.map((m) => m[2])).toEqual(LINKS.map((l) => `⟦${pseudoText(l)}⟧`));
  });

  it('docx: adjacent hyperlinks stay four, in order', async () => {
    const zip = await JSZip.loadAsync(await roundTrip(svc, 'links.docx', await docx()));
    const xml = await zip.file('word/document.xml')!.async('string');
    const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
    const ids = [...xml.matchAll(/<w:hyperlink [^>]*r:id="([^"]+)"/g)].map((m) => m[1]!);
    const targets = ids.map((id) => new RegExp(`Id="${id}"[^>]*Target="([^"]+)"|Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)).map((m) => m?.[1] ?? m?.[2]);
    expect(targets).toEqual(HREFS.map((h) => `https://example.com${h}`));
  });

  it('srt: tags around a whole cue stay around the whole translation', async () => {
    const out = (await roundTrip(svc, 'cues.srt', srt)).toString('utf8');
    expect(out).toMatch(/<b><u>⟦\[đóĝ ƀáŕķíñĝ\]⟧<\/u><\/b>/);
  });
});

const hasApertium = existsSync('/usr/share/apertium/modes/eng-spa.mode');
if (!hasApertium) console.warn('Skipping protected documents on Apertium: apertium and apertium-eng-spa are not installed (./scripts/setup).');

describe.skipIf(!hasApertium)('protected spans in documents on Apertium (EN→ES)', () => {
  let svc: DocService;
  beforeAll(async () => {
    svc = await startDocService({}, { engines: ['apertium'] });
  }, 180_000);
  afterAll(async () => svc?.stop());

  it('html keeps the spans and the navigation links in order', async () => {
    const out = (await roundTrip(svc, 'nav.html', html, 'ES')).toString('utf8');
    for (const k of KEEP) expect(out).toContain(esc(k));
    expect([...out.matchAll(/<a href="([^"]+)">[^<]+<\/a>/g)].map((m) => m[1])).toEqual(HREFS);
    expect(out).toMatch(/<nav>(<a href="[^"]+">[^<]+<\/a> ){3}<a href="[^"]+">[^<]+<\/a><\/nav>/);
  });

  it('docx keeps the spans', async () => {
    const out = await visibleText('docx', await roundTrip(svc, 'strings.docx', await docx(), 'ES'));
    for (const k of KEEP) expect(out).toContain(k);
  });
});
