/**
 * Document lifecycle of the local service over HTTP (service process under test): states, download once,
 * cut downloads, wrong keys, quota, restart, expiry, equal languages.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { result, startDocService, status, upload, waitUntilFinished, type DocService } from './test-support.js';
import { estimateSecondsRemaining } from './service.js';

const started: DocService[] = [];
async function start(...args: Parameters<typeof startDocService>) {
  const s = await startDocService(...args);
  started.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop()));
});

// One service for the tests that need no special options: starting the format workers costs seconds, and the
// per-upload fault headers (doc-queue-time, doc-translate-time) give each test its own timings.
let shared: DocService;
beforeAll(async () => {
  shared = await startDocService();
}, 120_000);
afterAll(async () => {
  await shared.stop();
});

/** Fault headers of a fresh session holding the upload in queued and translating for the given times. */
let sessions = 0;
const timing = (queueMs: number, translateMs: number) => ({
  'mock-server-session': `timing-${++sessions}`,
  'mock-server-session-doc-queue-time': String(queueMs),
  'mock-server-session-doc-translate-time': String(translateMs),
});

describe('document lifecycle', () => {
  it('goes queued → translating → done and serves the translated txt once', async () => {
    const svc = shared;
    const up = await upload(svc.proUrl, svc.keys.pro_key, {
      name: 'notes.txt',
      content: 'Hello world.\n\nSecond paragraph.\n',
      source: 'EN',
      headers: timing(300, 300),
    });
    expect(up.status).toBe(200);
    expect(up.headers.get('x-trace-id')).toBeTruthy();
    expect(up.body.document_id).toMatch(/^[0-9A-F]{32}$/);
    expect(up.body.document_key).toMatch(/^[0-9A-F]{64}$/);

    const seen: string[] = [];
    let translating: { seconds_remaining?: number } | undefined;
    for (;;) {
      const s = await status(svc.proUrl, svc.keys.pro_key, up.body);
      expect(s.status).toBe(200);
      if (seen.at(-1) !== s.body.status) seen.push(s.body.status);
      if (s.body.status === 'translating') translating ??= s.body;
      if (s.body.status === 'done') {
        expect(s.body.billed_characters).toBe('Hello world.Second paragraph.'.length);
        break;
      }
      expect(['queued', 'translating']).toContain(s.body.status);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toEqual(['queued', 'translating', 'done']);
    expect(translating?.seconds_remaining).toBeGreaterThanOrEqual(1);

    const r = await result(svc.proUrl, svc.keys.pro_key, up.body);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.headers.get('content-disposition')).toContain('notes.txt');
    expect(r.headers.get('x-verso-engine')).toBe('pseudo');
    const text = r.bytes.toString('utf8');
    expect(text).toContain('Ĥéĺĺó ŵóŕĺđ');
    expect(text.split('\n\n')).toHaveLength(2);

    const again = await result(svc.proUrl, svc.keys.pro_key, up.body);
    expect(again.status).toBe(404);
    expect(again.body.message).toMatch(/not found/i);
    const gone = await status(svc.proUrl, svc.keys.pro_key, up.body);
    expect(gone.status).toBe(404);
  });

  it('answers 503 with an Error body when the result is asked before done', async () => {
    const svc = shared;
    const up = await upload(svc.proUrl, svc.keys.pro_key, {
      name: 'a.txt',
      content: 'Wait for me.',
      source: 'EN',
      headers: timing(60_000, 0),
    });
    const s = await status(svc.proUrl, svc.keys.pro_key, up.body);
    expect(s.body).toEqual({ document_id: up.body.document_id, status: 'queued' });
    const r = await result(svc.proUrl, svc.keys.pro_key, up.body);
    expect(r.status).toBe(503);
    expect(r.body).toEqual({
      message: 'Document translation is not done yet; poll the status until it is done.',
      code: 'document_not_ready',
    });
  });

  it('keeps the document downloadable when the download is cut, and serves it on retry', async () => {
    const svc = shared;
    const content = Array.from({ length: 400 }, (_, i) => `Paragraph number ${i} with some words.`).join('\n\n');
    const up = await upload(svc.proUrl, svc.keys.pro_key, { name: 'long.txt', content, source: 'EN' });
    expect((await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body)).body.status).toBe('done');

    const cut = { 'mock-server-session': 'cut-1', 'mock-server-session-cut-after-bytes': '1000' };
    await expect(result(svc.proUrl, svc.keys.pro_key, up.body, cut)).rejects.toThrow();

    const retry = await result(svc.proUrl, svc.keys.pro_key, up.body);
    expect(retry.status).toBe(200);
    expect(Number(retry.headers.get('content-length'))).toBe(retry.bytes.length);
    expect(retry.bytes.toString('utf8').split('\n\n')).toHaveLength(400);
    expect((await result(svc.proUrl, svc.keys.pro_key, up.body)).status).toBe(404);
  });

  it('answers a wrong key exactly like an unknown document', async () => {
    const svc = shared;
    const up = await upload(svc.proUrl, svc.keys.pro_key, {
      name: 'a.txt',
      content: 'Secret text.',
      source: 'EN',
      headers: timing(60_000, 0),
    });
    const wrongKey = await status(svc.proUrl, svc.keys.pro_key, { ...up.body, document_key: 'A'.repeat(64) });
    const unknownId = await status(svc.proUrl, svc.keys.pro_key, { ...up.body, document_id: 'B'.repeat(32) });
    const malformedKey = await result(svc.proUrl, svc.keys.pro_key, { ...up.body, document_key: 'nope' });
    expect(wrongKey.status).toBe(404);
    expect(wrongKey.body).toEqual(unknownId.body);
    expect(malformedKey.status).toBe(404);
    expect(malformedKey.body).toEqual(unknownId.body);
    expect(JSON.stringify(wrongKey.body)).not.toContain('queued');

    // The right key works as a form field too (the spec's clients send document_key form-encoded).
    const form = await fetch(`${svc.proUrl}/v2/document/${up.body.document_id}`, {
      method: 'POST',
      headers: {
        authorization: `Service-Auth-Key ${svc.keys.pro_key}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ document_key: up.body.document_key }).toString(),
    });
    expect(form.status).toBe(200);
    expect(((await form.json()) as { status: string }).status).toBe('queued');
    const noKey = await fetch(`${svc.proUrl}/v2/document/${up.body.document_id}`, {
      method: 'POST',
      headers: { authorization: `Service-Auth-Key ${svc.keys.pro_key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noKey.status).toBe(400);
    expect(((await noKey.json()) as { message: string }).message).toContain('document_key');
  });

  it('keeps only ciphertext on disk: the stored upload does not contain the plain text', async () => {
    const svc = shared;
    const secret = 'Confidential merger plan for Globex Corporation.';
    const up = await upload(svc.proUrl, svc.keys.pro_key, {
      name: 'plan.txt',
      content: secret,
      source: 'EN',
      headers: timing(60_000, 0),
    });
    expect(up.status).toBe(200);
    const dir = join(svc.tmp, 'documents');
    const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
    expect(files.map((f) => f.name)).toContain(`${up.body.document_id}.source`);
    for (const f of files) {
      const bytes = await readFile(join(f.parentPath, f.name));
      expect(bytes.includes(Buffer.from('Globex'))).toBe(false);
      expect(bytes.includes(Buffer.from(up.body.document_key))).toBe(false);
    }
  });

  it('ends in error when source and target language are equal, and refunds the charge', async () => {
    const svc = shared;
    const usage = async () =>
      (await (await fetch(`${svc.proUrl}/v2/usage`, { headers: { authorization: `Service-Auth-Key ${svc.keys.pro_key}` } })).json()) as {
        character_count: number;
      };
    const before = (await usage()).character_count;
    const up = await upload(svc.proUrl, svc.keys.pro_key, {
      name: 'same.txt',
      content: 'Same language.',
      source: 'DE',
      target: 'DE',
    });
    expect(up.status).toBe(200);
    const s = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body);
    expect(s.body.status).toBe('error');
    expect(s.body.message).toMatch(/source and target language are equal/i);
    expect((await usage()).character_count).toBe(before);
    const r = await result(svc.proUrl, svc.keys.pro_key, up.body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('document_failed');
  });

  it('detects the source language from the text when source_lang is omitted', async () => {
    const svc = shared;
    const english = 'The weather is lovely today and we are going for a long walk in the park with our friends.';
    const up = await upload(svc.proUrl, svc.keys.pro_key, { name: 'auto.txt', content: english });
    const done = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body);
    expect(done.body.status).toBe('done');
    const r = await result(svc.proUrl, svc.keys.pro_key, up.body);
    expect(r.bytes.toString('utf8')).toContain('Ŧĥé ŵéáŧĥéŕ');

    const german = 'Das Wetter ist heute sehr schön und wir gehen mit unseren Freunden lange im Park spazieren.';
    const same = await upload(svc.proUrl, svc.keys.pro_key, { name: 'de.txt', content: german, target: 'DE' });
    const failed = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, same.body);
    expect(failed.body.status).toBe('error');
    expect(failed.body.message).toMatch(/source and target language are equal \(DE detected/i);
  });

  it('reports an injected document failure as status error', async () => {
    const svc = shared;
    const up = await upload(svc.proUrl, svc.keys.pro_key, {
      name: 'a.txt',
      content: 'Fail me.',
      source: 'EN',
      headers: { 'mock-server-session': 'fail-1', 'mock-server-session-doc-failure': '1' },
    });
    const s = await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body);
    expect(s.body.status).toBe('error');
    expect(s.body.message).toMatch(/error triggered/i);
  });

  it('holds a document in translating for the doc-translate-time of the upload session', async () => {
    const svc = shared;
    const up = await upload(svc.proUrl, svc.keys.pro_key, {
      name: 'a.txt',
      content: 'Hold me.',
      source: 'EN',
      headers: timing(0, 60_000),
    });
    let s = await status(svc.proUrl, svc.keys.pro_key, up.body);
    while (s.body.status === 'queued') s = await status(svc.proUrl, svc.keys.pro_key, up.body);
    expect(s.body.status).toBe('translating');
    expect(s.body.seconds_remaining).toBeGreaterThan(30);
  });

  it('expires documents that were never downloaded', async () => {
    const svc = await start({ expiryMs: 300 });
    const up = await upload(svc.proUrl, svc.keys.pro_key, { name: 'a.txt', content: 'Forget me.', source: 'EN' });
    expect((await waitUntilFinished(svc.proUrl, svc.keys.pro_key, up.body)).body.status).toBe('done');
    let s = await status(svc.proUrl, svc.keys.pro_key, up.body);
    while (s.status === 200) {
      await new Promise((r) => setTimeout(r, 50));
      s = await status(svc.proUrl, svc.keys.pro_key, up.body);
    }
    expect(s.status).toBe(404);
    expect((await result(svc.proUrl, svc.keys.pro_key, up.body)).status).toBe(404);
    // The row goes first and the encrypted files right after it: wait for the files.
    const left = async () => (await readdir(join(svc.tmp, 'documents'))).filter((n) => n.startsWith(up.body.document_id));
    await expect.poll(left, { timeout: 5000 }).toEqual([]);
  });

  it('resumes a document acknowledged before a restart when its client asks with the key', async () => {
    const first = await startDocService({ queueDelayMs: 60_000 }, { inMemory: false });
    const up = await upload(first.proUrl, first.keys.pro_key, { name: 'a.txt', content: 'Interrupted work.', source: 'EN' });
    expect(up.status).toBe(200);
    await first.close();
    const second = await start({}, { inMemory: false, tmp: first.tmp });
    // Until the key comes back the service cannot read the upload: the document waits in queued.
    const s = await status(second.proUrl, second.keys.pro_key, up.body);
    expect(s.status).toBe(200);
    expect(['queued', 'translating', 'done']).toContain(s.body.status);
    const done = await waitUntilFinished(second.proUrl, second.keys.pro_key, up.body);
    expect(done.body.status).toBe('done');
    const r = await result(second.proUrl, second.keys.pro_key, up.body);
    expect(r.bytes.toString('utf8')).toContain('⟦Íñŧéŕŕúþŧéđ ŵóŕķ.⟧');
    // Downloaded: no encrypted file is left behind.
    await expect.poll(async () => (await readdir(join(first.tmp, 'documents'))).filter((n) => n !== 'work')).toEqual([]);
    await second.stop();
    await first.stop();
  });

  it('keeps a waiting document for the caller with the right key only, and never stores the key', async () => {
    const first = await startDocService({ queueDelayMs: 60_000 }, { inMemory: false });
    const up = await upload(first.proUrl, first.keys.pro_key, { name: 'b.txt', content: 'Kept safe.', source: 'EN' });
    await first.close();
    // The database (and its write-ahead log) holds only the key's hash.
    for (const name of (await readdir(first.tmp)).filter((n) => n.startsWith('service.sqlite'))) {
      const bytes = await readFile(join(first.tmp, name));
      expect(bytes.includes(Buffer.from(up.body.document_key))).toBe(false);
      expect(bytes.includes(Buffer.from(up.body.document_key.toLowerCase()))).toBe(false);
    }
    const second = await start({}, { inMemory: false, tmp: first.tmp });
    const wrong = await status(second.proUrl, second.keys.pro_key, { ...up.body, document_key: '0'.repeat(64) });
    expect(wrong.status).toBe(404);
    expect((await status(second.proUrl, second.keys.pro_key, up.body)).body.status).toMatch(/queued|translating|done/);
    await second.stop();
    await first.stop();
  });
});

describe('seconds_remaining while translating', () => {
  const base = { characters: 100_000, throughput: 1000, heldS: 0 };
  it('counts down from the characters at the recent pace before there is progress', () => {
    expect(estimateSecondsRemaining({ ...base, elapsedS: 10, progress: 0 })).toBe(90);
  });
  it('gives no estimate once that guess has run out without progress, rather than a made-up one', () => {
    const at = (elapsedS: number) => estimateSecondsRemaining({ ...base, elapsedS, progress: 0 });
    expect(at(99)).toBe(1);
    expect(at(150)).toBeUndefined();
  });
  it('follows the measured rate of progress, and is never 0 while translating', () => {
    expect(estimateSecondsRemaining({ ...base, elapsedS: 30, progress: 0.5, sinceProgressS: 0 })).toBe(30);
    expect(estimateSecondsRemaining({ ...base, elapsedS: 30, progress: 0.5, sinceProgressS: 10 })).toBe(10);
    expect(estimateSecondsRemaining({ ...base, elapsedS: 30, progress: 0.9999, sinceProgressS: 0 })).toBe(1);
  });
  it('does not say "1 s" while the progress stands still past what its rate promised', () => {
    // Seen on a tour: an 872-page .docx said "1 s" for 20 s on end, its progress stuck at 98 % from its first 0.2 s.
    const stuck = (elapsedS: number) => estimateSecondsRemaining({ ...base, elapsedS, progress: 0.983, sinceProgressS: elapsedS - 0.2 });
    expect(stuck(0.2)).toBe(1);
    for (const s of [2, 5, 20]) expect(stuck(s)).toBeUndefined();
  });
  it('gives none once every character is translated (the result is being written), except a known hold', () => {
    expect(estimateSecondsRemaining({ ...base, elapsedS: 30, progress: 1, sinceProgressS: 0 })).toBeUndefined();
    expect(estimateSecondsRemaining({ ...base, elapsedS: 30, progress: 1, sinceProgressS: 0, heldS: 4.2 })).toBe(5);
  });
});
