/**
 * The machine-readable reason (`code`) the local service gives beside the message of a document that ended in
 * error (service process under test): a defect of the file, or equal languages, so a client can say it in its own
 * language and offer what fits instead of a Retry that must fail again.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentErrorCode } from './service.js';
import { startDocService, upload, waitUntilFinished, type DocService } from './test-support.js';

const CORPUS = '/work/shared/real-documents';

let svc: DocService;
beforeAll(async () => {
  svc = await startDocService();
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

async function finish(name: string, content: Buffer | string, target: string, source?: string) {
  const up = await upload(svc.proUrl, svc.keys.pro_key, { name, content, target, ...(source && { source }) });
  expect(up.status).toBe(200);
  return (await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body)).body;
}

describe('document error codes', () => {
  it('marks a workbook whose sheet is not well-formed XML as file_damaged', async () => {
    const s = await finish('book.xlsx', await readFile(`${CORPUS}/exceljs__invalid-xml.xlsx`), 'DE', 'EN');
    expect(s.status).toBe('error');
    expect(s.message).toMatch(/not well-formed/);
    expect(s.code).toBe('file_damaged');
  });
  it('marks an HTML file that is not UTF-8 as file_encoding', async () => {
    const s = await finish('page.html', await readFile(`${CORPUS}/Unstructured-IO__fake-html-cp1252.html`), 'DE', 'EN');
    expect(s.status).toBe('error');
    expect(s.message).toMatch(/not UTF-8/);
    expect(s.code).toBe('file_encoding');
  });
  it('marks equal source and target languages as same_language, given or detected', async () => {
    const given = await finish('a.txt', 'Hello there, this is English.', 'EN-US', 'EN');
    expect(given.code).toBe('same_language');
    const detected = await finish(
      'b.txt',
      'This is a plain English text about the weather, the river and the people who live beside it in the old town.',
      'EN-US',
    );
    expect(detected.status).toBe('error');
    expect(detected.code).toBe('same_language');
  });
  it('gives no code for other failures', () => {
    expect(documentErrorCode('Translation error triggered (injected fault); upload the document again.')).toBeUndefined();
  });
});
