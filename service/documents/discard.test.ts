/**
 * Discarding a document on the local service (service process under test; Verso's own call, not in the spec): the
 * engine stops working on it, so the next queued document does not wait behind it (seen on a tour: Discard said
 * "Cancelled" while the engine went on with an 872-page .docx and the next files waited), and it is forgotten.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { docCall, startDocService, status, upload, waitUntilFinished, type DocService } from './test-support.js';

const HANDBOOK = '/work/shared/real-documents/Unstructured-IO__handbook-872p.docx';

let svc: DocService;
beforeAll(async () => {
  svc = await startDocService({ concurrency: 1 });
  // Slow batches, as Apertium's: the handbook takes many seconds.
  for (const engine of svc.engines.engines) {
    const translate = engine.translate.bind(engine);
    engine.translate = async (req) => {
      await new Promise((r) => setTimeout(r, 100));
      return translate(req);
    };
  }
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

it('stops a translating document it is asked to discard, and the next one runs at once', async () => {
  const big = await upload(svc.proUrl, svc.keys.pro_key, { name: 'handbook.docx', content: await readFile(HANDBOOK), source: 'EN', target: 'ES' });
  const small = await upload(svc.proUrl, svc.keys.pro_key, { name: 'note.txt', content: 'A short note.', source: 'EN', target: 'ES' });
  expect(big.status).toBe(200);
  for (let s = await status(svc.proUrl, svc.keys.pro_key, big.body); s.body.status !== 'translating'; ) {
    await new Promise((r) => setTimeout(r, 50));
    s = await status(svc.proUrl, svc.keys.pro_key, big.body);
  }
  expect((await status(svc.proUrl, svc.keys.pro_key, small.body)).body.status).toBe('queued');
  const t0 = Date.now();
  const discarded = await docCall(svc.proUrl, svc.keys.pro_key, `/v2/document/${big.body.document_id}/discard`, { document_key: big.body.document_key });
  expect(discarded.status).toBe(204);
  const done = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, small.body, 20_000);
  expect(done.body.status).toBe('done');
  // The handbook needs well over 10 s at this pace; the note was not kept waiting behind it.
  expect(Date.now() - t0).toBeLessThan(5000);
  expect((await status(svc.proUrl, svc.keys.pro_key, big.body)).status).toBe(404);
}, 120_000);

it('forgets a queued document it is asked to discard, and refuses a wrong key like an unknown one', async () => {
  const a = await upload(svc.proUrl, svc.keys.pro_key, { name: 'a.txt', content: 'First.', source: 'EN', target: 'ES', headers: { 'mock-server-session': 'q1', 'mock-server-session-doc-queue-time': '60000' } });
  const wrong = await docCall(svc.proUrl, svc.keys.pro_key, `/v2/document/${a.body.document_id}/discard`, { document_key: '0'.repeat(64) });
  expect(wrong.status).toBe(404);
  const ok = await docCall(svc.proUrl, svc.keys.pro_key, `/v2/document/${a.body.document_id}/discard`, { document_key: a.body.document_key });
  expect(ok.status).toBe(204);
  expect((await status(svc.proUrl, svc.keys.pro_key, a.body)).status).toBe(404);
});
