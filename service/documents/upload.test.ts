/**
 * Upload validation of the local service's document endpoint (service process under test): every bad upload
 * gets a clear Error body before anything is stored or billed, and bad files end in status `error`.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocService, upload, waitUntilFinished, type DocService } from './test-support.js';

const MAX = 64 * 1024;
let svc: DocService;
beforeAll(async () => {
  svc = await startDocService({ maxUploadBytes: MAX });
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

async function storedFiles(): Promise<string[]> {
  return (await readdir(join(svc.tmp, 'documents'))).filter((n) => n !== 'work');
}

describe('document upload validation', () => {
  it('rejects an unknown extension with a 400 that lists the accepted ones', async () => {
    const before = await storedFiles();
    const r = await upload(svc.proUrl, svc.keys.pro_key, { name: 'virus.exe', content: 'MZ...' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('".exe" is not accepted');
    for (const ext of ['docx', 'pptx', 'xlsx', 'pdf', 'html', 'txt', 'xliff', 'srt', 'json', 'png']) {
      expect(r.body.message).toContain(ext);
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('takes the file name from the filename field when the part has none', async () => {
    const r = await upload(svc.proUrl, svc.keys.pro_key, {
      content: 'Named by field.',
      source: 'EN',
      fields: { filename: 'field-name.txt' },
    });
    expect(r.status).toBe(200);
    const missing = await upload(svc.proUrl, svc.keys.pro_key, { name: 'noext', content: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/has no extension.*Accepted extensions/);
  });

  it('rejects a file whose bytes do not match its extension, naming what it looks like', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
    const asTxt = await upload(svc.proUrl, svc.keys.pro_key, { name: 'report.txt', content: pdf });
    expect(asTxt.status).toBe(400);
    expect(asTxt.body.code).toBe('file_type_mismatch');
    expect(asTxt.body.message).toContain('.pdf');

    const asDocx = await upload(svc.proUrl, svc.keys.pro_key, { name: 'letter.docx', content: 'just some text' });
    expect(asDocx.status).toBe(400);
    expect(asDocx.body.code).toBe('file_type_mismatch');
    expect(asDocx.body.message).toMatch(/not a \.docx document/);
  });

  it('answers 413 with an Error body for an upload over the configured maximum, storing nothing', async () => {
    const before = await storedFiles();
    const r = await upload(svc.proUrl, svc.keys.pro_key, { name: 'big.txt', content: 'a'.repeat(MAX + 10) });
    expect(r.status).toBe(413);
    expect(r.body.message).toMatch(/larger than .* MB/);
    expect(await storedFiles()).toEqual(before);
  });

  it('checks the quota at upload (456) before storing or translating', async () => {
    const account = svc.store.listAccounts()[0]!;
    const { secret } = svc.store.createKey({ accountId: account.id, tier: 'pro', characterLimit: 30 });
    const tooLong = await upload(svc.proUrl, secret, { name: 'long.txt', content: 'x'.repeat(31), source: 'EN' });
    expect(tooLong.status).toBe(456);
    expect(tooLong.body.message).toMatch(/quota/i);
    const fits = await upload(svc.proUrl, secret, { name: 'short.txt', content: 'y'.repeat(30), source: 'EN' });
    expect(fits.status).toBe(200);
    const done = await waitUntilFinished(svc.proUrl, secret, fits.body);
    expect(done.body).toMatchObject({ status: 'done', billed_characters: 30 });
  });

  it('refuses output_format for anything but PDF to docx', async () => {
    const r = await upload(svc.proUrl, svc.keys.pro_key, {
      name: 'a.txt',
      content: 'Hello.',
      fields: { output_format: 'docx' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/output_format.*Only PDF documents can be converted/);
  });

  it('validates the other fields as text translation does', async () => {
    const noTarget = await upload(svc.proUrl, svc.keys.pro_key, { name: 'a.txt', content: 'Hi.', target: '' });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.message).toContain('target_lang');
    const glossaryNoSource = await upload(svc.proUrl, svc.keys.pro_key, {
      name: 'a.txt',
      content: 'Hi.',
      fields: { glossary_id: '00000000-0000-0000-0000-000000000000' },
    });
    expect(glossaryNoSource.status).toBe(400);
    expect(glossaryNoSource.body.message).toMatch(/requires 'source_lang'/);
    const formality = await upload(svc.proUrl, svc.keys.pro_key, {
      name: 'a.txt',
      content: 'Hi.',
      target: 'EN-GB',
      fields: { formality: 'more' },
    });
    expect(formality.status).toBe(400);
    expect(formality.body.message).toContain('formality');
    const modelType = await upload(svc.proUrl, svc.keys.pro_key, {
      name: 'a.txt',
      content: 'Hi there.',
      source: 'EN',
      fields: { model_type: 'quality_optimized' },
    });
    expect(modelType.status).toBe(200);
  });

  it('rejects a body that is not multipart, and a form without a file', async () => {
    const json = await fetch(`${svc.proUrl}/v2/document`, {
      method: 'POST',
      headers: { authorization: `Service-Auth-Key ${svc.keys.pro_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ target_lang: 'DE' }),
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { message: string }).message).toMatch(/multipart\/form-data/);
    const form = new FormData();
    form.append('target_lang', 'DE');
    const noFile = await fetch(`${svc.proUrl}/v2/document`, {
      method: 'POST',
      headers: { authorization: `Service-Auth-Key ${svc.keys.pro_key}` },
      body: form,
    });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { message: string }).message).toMatch(/'file' is required/);
  });

  it('ends empty and non-UTF-8 text files in error with a message that says what to do', async () => {
    const empty = await upload(svc.proUrl, svc.keys.pro_key, { name: 'empty.txt', content: '', source: 'EN' });
    expect(empty.status).toBe(200);
    const e1 = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, empty.body);
    expect(e1.body.status).toBe('error');
    expect(e1.body.message).toMatch(/empty/);

    const latin1 = Buffer.from('Caf\xe9 cr\xe8me br\xfbl\xe9e, s\'il vous pla\xeet.', 'latin1');
    const bad = await upload(svc.proUrl, svc.keys.pro_key, { name: 'latin1.txt', content: latin1, source: 'FR' });
    expect(bad.status).toBe(200);
    const e2 = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, bad.body);
    expect(e2.body.status).toBe('error');
    expect(e2.body.message).toMatch(/UTF-8/);
  });

  it('uses the Free base with a Free key, and refuses a Pro key there', async () => {
    const ok = await upload(svc.freeUrl, svc.keys.free_key, { name: 'a.txt', content: 'Free tier.', source: 'EN' });
    expect(ok.status).toBe(200);
    const wrong = await upload(svc.freeUrl, svc.keys.pro_key, { name: 'a.txt', content: 'Free tier.', source: 'EN' });
    expect(wrong.status).toBe(403);
  });
});
