/**
 * Source language of documents uploaded without source_lang (service process under test, pseudo engine): detected
 * from a sample of the whole document's text, longer units first, before translation starts, not from whatever
 * the format handler happens to send first (SmartArt labels, a table of short cells).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudoText } from '../engines/pseudo.js';
import { buildZip, contentTypes, WORD_MAIN } from '../formats/office/test-helpers.js';
import { DocumentTable } from './table.js';
import { result, startDocService, upload, waitUntilFinished, type DocService, type Handle } from './test-support.js';

const REAL = resolve(process.cwd(), '../shared/real-documents');
const GROUPS_PPTX = join(REAL, 'apache__testPPT_groups.pptx');

let svc: DocService;
beforeAll(async () => {
  svc = await startDocService();
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

/** The language the service translated the document from (read before the download removes the row). */
const sourceOf = (h: Handle) => new DocumentTable(svc.store.db).get(h.document_id)?.sourceLang;

const W_NS = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const para = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** Short English-looking labels: more than one batch (50 units) of them before any body text. */
const LABELS = Array.from({ length: 60 }, (_, i) => ['Name', 'Date', 'Total', 'Price', 'Item', 'Notes'][i % 6] + ` ${i + 1}`);
const GERMAN = [
  'Die Mitarbeiterinnen und Mitarbeiter werden gebeten, ihre Urlaubsanträge bis Ende des Monats einzureichen.',
  'Für Rückfragen steht Ihnen die Personalabteilung während der üblichen Bürozeiten gerne zur Verfügung.',
  'Bitte beachten Sie, dass die neuen Regelungen ab dem ersten Januar des kommenden Jahres gelten.',
];

async function labelsThenGermanDocx(): Promise<Buffer> {
  return buildZip({
    '[Content_Types].xml': contentTypes('word/document.xml', WORD_MAIN),
    '_rels/.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
    'word/document.xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W_NS}><w:body>` +
      `${LABELS.map(para).join('')}${GERMAN.map(para).join('')}</w:body></w:document>`,
  });
}

async function documentXml(bytes: Buffer): Promise<string> {
  return (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
}

describe('source language of a document uploaded without source_lang', () => {
  it.skipIf(!existsSync(GROUPS_PPTX))(
    'reads the real testPPT_groups.pptx (five SmartArt labels first) as English and translates it',
    async () => {
      const up = await upload(svc.proUrl, svc.keys.pro_key, {
        name: 'testPPT_groups.pptx',
        content: readFileSync(GROUPS_PPTX),
        target: 'ES',
      });
      expect(up.status).toBe(200);
      const done = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body);
      expect(done.body, done.body.message).toMatchObject({ status: 'done' });
      expect(sourceOf(up.body)).toBe('EN');
      const r = await result(svc.proUrl, svc.keys.pro_key, up.body);
      expect(r.status).toBe(200);
      const slides = await JSZip.loadAsync(r.bytes);
      const names = Object.keys(slides.files).filter((n) => /^ppt\/(slides\/slide|diagrams\/data)\d+\.xml$/.test(n));
      const text = (await Promise.all(names.map((n) => slides.file(n)!.async('string')))).join('');
      // The pseudo engine's letters: the SmartArt labels and the text boxes came back translated.
      expect(text).toContain(pseudoText('smart1'));
      expect(text).toContain(pseudoText('Text box1'));
      expect(text).not.toContain('>smart1<');
    },
    60_000,
  );

  it('reads a document whose first units are short labels from its body text (German)', async () => {
    const up = await upload(svc.proUrl, svc.keys.pro_key, { name: 'labels.docx', content: await labelsThenGermanDocx(), target: 'EN-US' });
    expect(up.status).toBe(200);
    const done = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body);
    expect(done.body, done.body.message).toMatchObject({ status: 'done' });
    expect(sourceOf(up.body)).toBe('DE');
    const xml = await documentXml((await result(svc.proUrl, svc.keys.pro_key, up.body)).bytes);
    expect(xml).toContain(pseudoText('Die Mitarbeiterinnen'));
    expect(xml).toContain(pseudoText('Name 1'));
  }, 60_000);

  it('still fails a document with no readable language, asking for source_lang', async () => {
    // Only labels such as the SmartArt ones: letters, but no language in them.
    const up = await upload(svc.proUrl, svc.keys.pro_key, { name: 'labels.txt', content: 'smart1\n\nsmart2\n\nSmart3\n\nxq7\n' });
    const failed = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body);
    expect(failed.body.status).toBe('error');
    expect(failed.body.message).toMatch(/source language could not be detected.*with source_lang set/);
  }, 60_000);

  it('does not detect the language of a document uploaded with source_lang', async () => {
    // German body, declared French: translated as French (detection would have said DE).
    const up = await upload(svc.proUrl, svc.keys.pro_key, {
      name: 'declared.docx',
      content: await labelsThenGermanDocx(),
      source: 'FR',
      target: 'EN-US',
    });
    const done = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body);
    expect(done.body, done.body.message).toMatchObject({ status: 'done' });
    expect(sourceOf(up.body)).toBe('FR');
    // And a source equal to the target is refused as given, not re-read from the text.
    const same = await upload(svc.proUrl, svc.keys.pro_key, { name: 'same.docx', content: await labelsThenGermanDocx(), source: 'EN', target: 'EN-US' });
    const failed = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, same.body);
    expect(failed.body.message).toMatch(/source and target language are equal \(EN → EN-US\)/i);
  }, 60_000);
});
