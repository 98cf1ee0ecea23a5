/**
 * The time left that the local service reports while it translates a real long document (service process under
 * test, pseudo engine slowed down): it must follow the work actually left, not the handler's count of parts.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDocService, status, upload, type DocService } from './test-support.js';

const HANDBOOK = '/work/shared/real-documents/Unstructured-IO__handbook-872p.docx';

let svc: DocService;
beforeAll(async () => {
  svc = await startDocService();
  // Every batch takes a little while, as Apertium's would: the document then takes seconds, not a fraction of one.
  for (const engine of svc.engines.engines) {
    const translate = engine.translate.bind(engine);
    engine.translate = async (req) => {
      await new Promise((r) => setTimeout(r, 25));
      return translate(req);
    };
  }
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

it('never says "1 s" while seconds of work remain on an 872-page .docx (seen on a tour: "1 s" for 20 s)', async () => {
  const content = await readFile(HANDBOOK);
  const up = await upload(svc.proUrl, svc.keys.pro_key, { name: 'handbook.docx', content, source: 'EN', target: 'ES' });
  expect(up.status).toBe(200);
  const seen: { at: number; seconds?: number }[] = [];
  for (;;) {
    const s = await status(svc.proUrl, svc.keys.pro_key, up.body);
    if (s.body.status === 'translating') seen.push({ at: Date.now(), seconds: s.body.seconds_remaining });
    if (s.body.status === 'done' || s.body.status === 'error') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const end = Date.now();
  expect(seen.length).toBeGreaterThan(10);
  // Every estimate given, with more than 3 s really left, is at least 2 s ("none" is honest too).
  const wrong = seen.filter((x) => end - x.at > 3000 && x.seconds !== undefined && x.seconds < 2);
  expect(wrong).toEqual([]);
  // And there is an estimate for much of the way, not only "estimating".
  expect(seen.filter((x) => x.seconds !== undefined && x.seconds >= 2).length).toBeGreaterThan(seen.length / 3);
}, 120_000);
