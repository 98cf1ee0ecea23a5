/**
 * One end-to-end upload → translate → download per format family through the local service (service process
 * under test), with the pseudo engine. Round trips in depth are the format handlers' own tests; these check
 * that the lifecycle carries each family's files through workers, encryption and billing intact.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import PptxGenJS from 'pptxgenjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/spec/limits.js';
import { Quota } from '../domain/usage.js';
import { result, startDocService, upload, waitUntilFinished, type DocService } from './test-support.js';

let svc: DocService;
beforeAll(async () => {
  svc = await startDocService();
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

/** Uploads, waits for done, downloads; returns the status and the downloaded answer. */
async function roundTrip(name: string, content: Buffer | string, extra: { source?: string } = { source: 'EN' }) {
  const up = await upload(svc.proUrl, svc.keys.pro_key, { name, content, ...extra });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const done = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body, 120_000);
  expect(done.body.status, JSON.stringify(done.body)).toBe('done');
  const r = await result(svc.proUrl, svc.keys.pro_key, up.body);
  expect(r.status).toBe(200);
  return { done: done.body, download: r };
}

const PSEUDO_HELLO = 'Ĥéĺĺó';

describe('documents end to end, per format family', () => {
  it('docx: translated paragraphs, docx media type, billed at least 50,000 characters', async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ children: [new TextRun('Hello from the first paragraph.')] }),
            new Paragraph({ children: [new TextRun({ text: 'Bold', bold: true }), new TextRun(' and plain.')] }),
          ],
        },
      ],
    });
    const { done, download } = await roundTrip('letter.docx', await Packer.toBuffer(doc));
    expect(done.billed_characters).toBe(LIMITS.documentMinimumBilled);
    expect(download.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(download.headers.get('content-disposition')).toContain('letter.docx');
    const zip = await JSZip.loadAsync(download.bytes);
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain(PSEUDO_HELLO);
    expect(xml.match(/<w:p[ >]/g)).toHaveLength(2);
    expect(xml).toContain('<w:b/>');
  });

  it('docx: refused with 456 when the 50,000-character minimum exceeds the key limit', async () => {
    const account = svc.store.listAccounts()[0]!;
    const { secret } = svc.store.createKey({ accountId: account.id, tier: 'pro', characterLimit: 49_999 });
    const doc = new Document({ sections: [{ children: [new Paragraph('Tiny.')] }] });
    const up = await upload(svc.proUrl, secret, { name: 'tiny.docx', content: await Packer.toBuffer(doc), source: 'EN' });
    expect(up.status).toBe(456);
    expect(up.body.message).toContain('50,000');
  });

  it('xlsx: strings translated, numbers and formulas untouched', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.getCell('A1').value = 'Hello cell';
    ws.getCell('A2').value = 42;
    ws.getCell('A3').value = { formula: 'A2*2', result: 84 };
    const { download } = await roundTrip('book.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(download.bytes as unknown as ArrayBuffer);
    const sheet = out.getWorksheet('Sheet1')!;
    expect(String(sheet.getCell('A1').value)).toContain(PSEUDO_HELLO);
    expect(sheet.getCell('A2').value).toBe(42);
    expect((sheet.getCell('A3').value as { formula: string }).formula).toBe('A2*2');
  });

  it('pptx: slide text translated, slide count kept', async () => {
    const pptx = new PptxGenJS();
    pptx.addSlide().addText('Hello slide one', { x: 1, y: 1, w: 5, h: 1 });
    pptx.addSlide().addText('Second slide', { x: 1, y: 1, w: 5, h: 1 });
    const buf = (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
    const { download } = await roundTrip('deck.pptx', buf);
    const zip = await JSZip.loadAsync(download.bytes);
    const slides = Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
    expect(slides).toHaveLength(2);
    expect(await zip.file('ppt/slides/slide1.xml')!.async('string')).toContain(PSEUDO_HELLO);
  });

  it('html: text translated, markup, scripts and comments kept', async () => {
    const html =
      '<!DOCTYPE html>\n<html><head><title>Hello page</title><script>var hello = "Hello";</script></head>' +
      '<body><!-- Hello comment --><p>Hello <b>bold</b> world.</p><img src="a.png" alt="Hello image"></body></html>\n';
    const { download } = await roundTrip('page.html', html);
    expect(download.headers.get('content-type')).toMatch(/^text\/html/);
    const out = download.bytes.toString('utf8');
    expect(out).toContain('<script>var hello = "Hello";</script>');
    expect(out).toContain('<!-- Hello comment -->');
    expect(out).toMatch(/<b>[^<]*ƀóĺđ[^<]*<\/b>/);
    expect(out).toContain(`alt="`);
    expect(out).not.toContain('alt="Hello image"');
  });

  it('srt: cues translated, numbering and timings untouched', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,500\nHello there.\n\n2\n00:00:03,000 --> 00:00:04,000\nGood bye.\n';
    const { download } = await roundTrip('movie.srt', srt);
    const out = download.bytes.toString('utf8');
    expect(out).toContain('00:00:01,000 --> 00:00:02,500');
    expect(out).toContain('00:00:03,000 --> 00:00:04,000');
    expect(out).toMatch(/^1\r?\n/);
    expect(out).toContain('ŧĥéŕé');
    expect(out).toContain('Ĝóóđ ƀýé');
  });

  it('a truncated docx ends in error with a clear message, and nothing is billed', async () => {
    const doc = new Document({ sections: [{ children: [new Paragraph('Will be cut.')] }] });
    const whole = await Packer.toBuffer(doc);
    const usage = () =>
      new Quota(svc.store).report(svc.store.listAccounts()[0]!, svc.store.findKeyBySecret(svc.keys.pro_key)!).character_count;
    const before = usage();
    const up = await upload(svc.proUrl, svc.keys.pro_key, {
      name: 'cut.docx',
      content: whole.subarray(0, Math.floor(whole.length / 2)),
      source: 'EN',
    });
    expect(up.status).toBe(200);
    const s = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body, 120_000);
    expect(s.body.status).toBe('error');
    expect(s.body.message.length).toBeGreaterThan(20);
    expect(s.body.message).not.toMatch(/\/tmp|work\//);
    expect(usage()).toBe(before);
  });
});
