/**
 * Document queue tests (main-process code under vitest) against a real local Translation Service (pseudo engine,
 * fault injection on): files × targets saved once with translated content, the queue stopped at each state and a
 * new queue started on the same folder (each document saved exactly once, uploads counted by the service), the
 * service restarting mid-translation (one automatic re-upload), a cut download retried, and the pure helpers.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDocumentsPlugin } from '../../../service/documents/plugin.js';
import { startService, type RunningService } from '../../../service/server.js';
import { createJsonFileStore } from '../adapters/json-file-store.js';
import { createTestFileCipher, createUnavailableCipher } from '../adapters/node-cipher.js';
import { systemClock } from '../adapters/node-clock.js';
import { createNodeHttpTransport } from '../adapters/node-http.js';
import { ApiClient } from './api-client.js';
import { DocumentsService } from './documents.js';
import { documentsDeps } from './documents-main-test-kit.js';
import { sniff } from './documents-files.js';
import { nextPollDelayMs, outputFileName, placeWithoutOverwrite, type QueueStep } from './documents-queue.js';
import type { HttpTransport, SecretCipher } from './ports.js';

let dir: string;
let svc: RunningService;
let svcDir: string;
let transport: HttpTransport;
const services: DocumentsService[] = [];

/** The local service in this process, with its document routes (as `npm run service` starts it). */
function startLocal(): Promise<RunningService> {
  return startService({ engines: ['pseudo'], dataDir: svcDir, port: 0, freePort: 0, faults: true, log: false, plugins: [createDocumentsPlugin()] });
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-docq-'));
  svcDir = join(dir, 'service');
  svc = await startLocal();
  transport = createNodeHttpTransport();
});

afterEach(async () => {
  for (const s of services.splice(0)) s.close();
  await svc.close().catch(() => undefined);
  await transport.close?.();
  await rm(dir, { recursive: true, force: true });
});

interface Setup {
  session: string;
  faults?: Record<string, string>;
  beforeStep?: (s: QueueStep) => Promise<void> | void;
  cipher?: SecretCipher;
  userData?: string;
}

function makeService(o: Setup): DocumentsService {
  const headers = { 'mock-server-session': o.session, ...Object.fromEntries(Object.entries(o.faults ?? {}).map(([k, v]) => [`mock-server-session-${k}`, v])) };
  const userData = o.userData ?? join(dir, 'user');
  const s = new DocumentsService({
    ...documentsDeps(dir, { userDataDir: userData, ...(o.cipher && { cipher: o.cipher }) }),
    // The service's address is read at each call: a test restarts the service on a new port.
    clientFor: async () => new ApiClient({ transport, clock: systemClock, baseUrl: svc.proUrl, apiKey: svc.keys.pro_key, userAgent: 'verso-test', extraHeaders: headers }),
    queue: {
      poll: { initialMs: 100, factor: 1.5, maxMs: 1000, maxBelievableSeconds: 3600 },
      ...(o.beforeStep && { beforeStep: (step) => o.beforeStep!(step) }),
    },
  });
  services.push(s);
  return s;
}

async function stats(session: string): Promise<{ count: number; byPath: Record<string, number> }> {
  const r = await fetch(`${svc.proUrl}/__session__/stats`, { headers: { 'mock-server-session': session } });
  return (await r.json()) as { count: number; byPath: Record<string, number> };
}

async function until<T>(what: string, f: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function allSettled(s: DocumentsService, n: number) {
  return until(`${n} jobs to finish`, async () => {
    const l = await s.list();
    return l.jobs.length === n && l.jobs.every((j) => ['saved', 'error', 'cancelled'].includes(j.state)) ? l : undefined;
  });
}

async function makeFiles(): Promise<string> {
  const src = join(dir, 'in');
  await import('node:fs/promises').then((f) => f.mkdir(src, { recursive: true }));
  await writeFile(join(src, 'report.txt'), 'The red car is fast.\nThe house is big.\n');
  await writeFile(join(src, 'page.html'), '<html><body><p>Hello world</p></body></html>');
  return src;
}

describe('document queue against the local service', () => {
  it('saves every file × target once, named after the target, with translated content', async () => {
    const src = await makeFiles();
    const session = randomUUID();
    const s = makeService({ session });
    await s.enqueue([join(src, 'report.txt'), join(src, 'page.html')], { targetLangs: ['DE', 'FR'] });
    const l = await allSettled(s, 4);
    expect(l.jobs.map((j) => j.state)).toEqual(['saved', 'saved', 'saved', 'saved']);
    const names = (await readdir(src)).sort();
    expect(names).toEqual(['page.DE.html', 'page.FR.html', 'page.html', 'report.DE.txt', 'report.FR.txt', 'report.txt']);
    const de = await readFile(join(src, 'report.DE.txt'), 'utf8');
    expect(de).not.toBe('The red car is fast.\nThe house is big.\n');
    expect(de).toMatch(/⟦/);
    expect((await stats(session)).byPath['/v2/document']).toBe(4);
    expect(l.summary.saved).toBe(4);
    expect(l.summary.billedCharacters).toBeGreaterThan(0);
    // No key in any view.
    expect(JSON.stringify(l)).not.toMatch(/document_key|documentKey|keyCipher/);
  });

  it('never overwrites: a second result of the same file gets " (2)"', async () => {
    const src = await makeFiles();
    await writeFile(join(src, 'report.DE.txt'), 'mine, not Verso’s');
    const s = makeService({ session: randomUUID() });
    await s.enqueue([join(src, 'report.txt')], { targetLangs: ['DE'] });
    const l = await allSettled(s, 1);
    expect(l.jobs[0]!.outputPath).toBe(join(src, 'report.DE (2).txt'));
    expect(await readFile(join(src, 'report.DE.txt'), 'utf8')).toBe('mine, not Verso’s');
  });

  for (const step of ['uploaded', 'poll', 'download', 'downloaded'] as const) {
    it(`stopped at "${step}" and restarted: saved exactly once, uploaded once`, async () => {
      const src = await makeFiles();
      const session = randomUUID();
      let hit = false;
      let polls = 0;
      const a = makeService({
        session,
        faults: { 'doc-translate-time': '600' },
        beforeStep: (s) => {
          if (s === 'poll') polls++;
          // "poll" stops at the second poll, when the job is known to the service as translating.
          if (s === step && (step !== 'poll' || polls >= 2)) {
            hit = true;
            return new Promise<void>(() => undefined);
          }
        },
      });
      await a.enqueue([join(src, 'report.txt')], { targetLangs: ['DE'] });
      await until('the stop point', () => hit);
      a.close();
      const b = makeService({ session });
      await b.start();
      const l = await allSettled(b, 1);
      expect(l.jobs[0]!.state).toBe('saved');
      expect(l.jobs[0]!.uploads).toBe(1);
      expect((await stats(session)).byPath['/v2/document']).toBe(1);
      const out = (await readdir(src)).filter((n) => n.startsWith('report.DE'));
      expect(out).toEqual(['report.DE.txt']);
      expect(await readFile(join(src, 'report.DE.txt'), 'utf8')).toMatch(/⟦/);
      // No temp file left behind.
      expect((await readdir(src)).some((n) => n.endsWith('.verso-part'))).toBe(false);
    });
  }

  it('stopped mid-upload and restarted: says the service may have it, uploads nothing until the user sends it again', async () => {
    const src = await makeFiles();
    const session = randomUUID();
    // The service holds the upload request for 3 s; the queue is closed while it waits.
    const a = makeService({ session, faults: { 'delay-ms': '3000', 'delay-count': '1' } });
    await a.enqueue([join(src, 'report.txt')], { targetLangs: ['DE'] });
    await until('uploading', async () => ((await a.list()).jobs[0]!.state === 'uploading' ? true : undefined));
    a.close();
    const after = randomUUID();
    const b = makeService({ session: after });
    await b.start();
    const l = await allSettled(b, 1);
    expect(l.jobs[0]!.state).toBe('error');
    expect(l.jobs[0]!.error?.code).toBe('upload_interrupted');
    expect(l.jobs[0]!.uploads).toBe(1);
    expect((await stats(after)).byPath['/v2/document'] ?? 0).toBe(0);
    // "Send again": uploaded once more, saved, and the row says why it was sent twice.
    await b.retry(l.jobs[0]!.jobId);
    const done = await until('saved', async () => {
      const j = (await b.list()).jobs[0]!;
      return j.state === 'saved' ? j : undefined;
    });
    expect(done.uploads).toBe(2);
    expect(done.reuploadReason).toBe('interrupted');
    expect((await stats(after)).byPath['/v2/document']).toBe(1);
    expect((await readdir(src)).filter((n) => n.startsWith('report.DE'))).toEqual(['report.DE.txt']);
  });

  it('a document whose language cannot be detected fails as "source needed"; retried with a source language it is saved', async () => {
    const src = await makeFiles();
    // Runes: text the detector knows no language of.
    await writeFile(join(src, 'codes.txt'), 'ᚠᚢᚦᚨᚱᚲ ᚷᚹ ᚺᚾᛁᛃ\nᛇᛈᛉ ᛊᛏᛒ\n');
    const session = randomUUID();
    const s = makeService({ session });
    await s.enqueue([join(src, 'codes.txt')], { targetLangs: ['DE'] });
    const l = await allSettled(s, 1);
    expect(l.jobs[0]!.state).toBe('error');
    expect(l.jobs[0]!.error?.code).toBe('source_needed');
    await s.retry(l.jobs[0]!.jobId, 'EN');
    const done = await until('saved', async () => {
      const j = (await s.list()).jobs[0]!;
      return j.state === 'saved' || j.state === 'error' ? j : undefined;
    });
    expect(done.state).toBe('saved');
    expect(done.sourceLang).toBe('EN');
    expect((await stats(session)).byPath['/v2/document']).toBe(2);
  });

  it('the service loses the document mid-translation: re-uploaded once automatically, then saved', async () => {
    const src = await makeFiles();
    const session = randomUUID();
    let polls = 0;
    let restarted = false;
    const s = makeService({
      session,
      faults: { 'doc-translate-time': '5000' },
      beforeStep: async (step) => {
        if (step !== 'poll') return;
        polls++;
        if (polls === 2 && !restarted) {
          restarted = true;
          // A service that lost everything (a fresh data folder): the document is unknown (404) from now on.
          await svc.close();
          svcDir = join(dir, 'service-2');
          svc = await startLocal();
        }
      },
    });
    await s.enqueue([join(src, 'report.txt')], { targetLangs: ['DE'] });
    const l = await allSettled(s, 1);
    expect(l.jobs[0]!.state).toBe('saved');
    expect(l.jobs[0]!.reuploadReason).toBe('service_lost');
    expect(l.jobs[0]!.uploads).toBe(2);
  });

  it('a download cut mid-way is asked for again and the file is complete', async () => {
    const src = await makeFiles();
    const big = 'The red car is fast. '.repeat(4000);
    await writeFile(join(src, 'long.txt'), big);
    let armed = false;
    // Arm the cut for requests without a session header, and give this service no session: its next body is cut.
    const plain = new DocumentsService({
      ...documentsDeps(dir, {
        userDataDir: join(dir, 'user2'),
        cipher: createTestFileCipher(join(dir, 'test2.key')),
        prefsStore: createJsonFileStore(join(dir, 'prefs2.json')),
      }),
      clientFor: async () => new ApiClient({ transport, clock: systemClock, baseUrl: svc.proUrl, apiKey: svc.keys.pro_key, userAgent: 'verso-test' }),
      queue: {
        poll: { initialMs: 100, factor: 1.5, maxMs: 1000, maxBelievableSeconds: 3600 },
        beforeStep: async (step) => {
          if (step === 'download' && !armed) {
            armed = true;
            await fetch(`${svc.proUrl}/__faults__/arm`, { method: 'POST', headers: { 'mock-server-session-cut-after-bytes': '5000' } });
          }
        },
      },
    });
    services.push(plain);
    await plain.enqueue([join(src, 'long.txt')], { targetLangs: ['DE'] });
    const l = await allSettled(plain, 1);
    expect(l.jobs[0]!.state).toBe('saved');
    const out = await readFile(join(src, 'long.DE.txt'), 'utf8');
    expect(out.length).toBeGreaterThan(big.length);
    // The pseudo engine brackets the text: a cut file would miss the closing bracket.
    expect(out.trimEnd().endsWith('⟧')).toBe(true);
    expect(l.jobs[0]!.billedCharacters ?? 0).toBeGreaterThan(big.length - 10);
  });

  it('a document that fails on the service shows the service message; Retry uploads it again', async () => {
    const src = await makeFiles();
    const session = randomUUID();
    const s = makeService({ session, faults: { 'doc-failure': '1' } });
    await s.enqueue([join(src, 'report.txt')], { targetLangs: ['DE'] });
    let l = await allSettled(s, 1);
    expect(l.jobs[0]!.state).toBe('error');
    expect(l.jobs[0]!.error?.code).toBe('translation_failed');
    expect(l.jobs[0]!.error?.detail).toBeTruthy();
    await s.retry(l.jobs[0]!.jobId);
    l = await allSettled(s, 1);
    expect(l.jobs[0]!.state).toBe('saved');
  });

  it('a waiting job cancels at once; a finished job can be removed; history survives a restart', async () => {
    const src = await makeFiles();
    const session = randomUUID();
    const a = makeService({ session, beforeStep: (st) => (st === 'upload' ? new Promise(() => undefined) : undefined) });
    await a.enqueue([join(src, 'report.txt')], { targetLangs: ['DE'] });
    const job = (await a.list()).jobs[0]!;
    expect((await a.cancel(job.jobId)).state).toBe('cancelled');
    a.close();
    const b = makeService({ session });
    const l = await b.list();
    expect(l.jobs.map((j) => j.state)).toEqual(['cancelled']);
    expect((await b.remove([job.jobId])).jobs).toEqual([]);
    expect((await stats(session)).byPath['/v2/document']).toBeUndefined();
  });

  it('without a keyring the key is held for the session: a restart says it is lost', async () => {
    const src = await makeFiles();
    const session = randomUUID();
    let hit = false;
    const a = makeService({
      session,
      cipher: createUnavailableCipher(),
      beforeStep: (st) => {
        if (st !== 'uploaded') return;
        hit = true;
        return new Promise(() => undefined);
      },
    });
    await a.enqueue([join(src, 'report.txt')], { targetLangs: ['DE'] });
    // The "uploaded" step runs once the handle is written.
    await until('uploaded', () => hit);
    a.close();
    const b = makeService({ session, cipher: createUnavailableCipher() });
    const l = await allSettled(b, 1);
    expect(l.jobs[0]!.error?.code).toBe('key_lost');
  });

  it('refuses bad files before sending, with what they look like', async () => {
    const src = await makeFiles();
    await writeFile(join(src, 'fake.docx'), 'just text, not a zip');
    await writeFile(join(src, 'notes.rtf'), '{\\rtf1 hi}');
    await writeFile(join(src, 'empty.txt'), '');
    const s = makeService({ session: randomUUID() });
    const r = await s.inspect([join(src, 'fake.docx'), join(src, 'notes.rtf'), join(src, 'empty.txt'), join(src, 'report.txt'), join(src, 'missing.txt')]);
    const byName = Object.fromEntries(r.files.map((f) => [f.name, f]));
    expect(byName['fake.docx']).toMatchObject({ ok: false, problem: 'content_mismatch', looksLike: 'text' });
    expect(byName['notes.rtf']).toMatchObject({ ok: false, problem: 'unsupported_extension' });
    expect(byName['empty.txt']).toMatchObject({ ok: false, problem: 'empty' });
    expect(byName['missing.txt']).toMatchObject({ ok: false, problem: 'unreadable' });
    expect(byName['report.txt']).toMatchObject({ ok: true, exact: true, estimatedCharacters: 39 });
    await expect(s.enqueue([join(src, 'fake.docx')], { targetLangs: ['DE'] })).rejects.toThrow(/fake.docx/);
  });

  it('folders expand to the supported files; above 50 the user confirms first', async () => {
    const folder = join(dir, 'many');
    await import('node:fs/promises').then((f) => f.mkdir(join(folder, 'sub'), { recursive: true }));
    for (let i = 0; i < 55; i++) await writeFile(join(folder, i % 2 ? 'sub' : '', `f${i}.txt`), `text ${i}`);
    await writeFile(join(folder, 'image.bmp'), 'BM');
    const s = makeService({ session: randomUUID() });
    const first = await s.inspect([folder]);
    expect(first).toMatchObject({ files: [], tooMany: 55 });
    const all = await s.inspect([folder], true);
    expect(all.files).toHaveLength(55);
    expect(all.skipped).toBe(1);
  });
});

describe('queue helpers', () => {
  it('polls near 1 s, backs off to the cap, and follows a believable seconds_remaining', () => {
    expect(nextPollDelayMs(0, 0, undefined)).toBe(1000);
    expect(nextPollDelayMs(1, 0, undefined)).toBe(1500);
    expect(nextPollDelayMs(20, 0, undefined)).toBe(15_000);
    // Half a second before the rounded-up estimate ends.
    expect(nextPollDelayMs(0, 0, 3)).toBe(2600);
    expect(nextPollDelayMs(0, 0, 2 ** 27)).toBe(1000);
    expect(nextPollDelayMs(0, 0, 60)).toBe(15_000);
    // An estimate stuck at 1 s backs off instead of polling twice a second.
    expect(nextPollDelayMs(5, 0, 1)).toBe(600);
    expect(nextPollDelayMs(5, 4, 1)).toBeGreaterThan(3000);
  });

  it('names results after the target; doc becomes docx; pdf→docx when asked', () => {
    expect(outputFileName('report.docx', 'ES')).toBe('report.ES.docx');
    expect(outputFileName('old.doc', 'DE')).toBe('old.DE.docx');
    expect(outputFileName('scan.pdf', 'EN-GB', 'docx')).toBe('scan.EN-GB.docx');
  });

  it('places a finished file under the first free name', async () => {
    const d = await mkdtemp(join(tmpdir(), 'verso-place-'));
    try {
      await writeFile(join(d, 'a.ES.txt'), 'old');
      await writeFile(join(d, 'a.ES (2).txt'), 'old2');
      await writeFile(join(d, 'part'), 'new');
      expect(await placeWithoutOverwrite(join(d, 'part'), d, 'a.ES.txt')).toBe(join(d, 'a.ES (3).txt'));
      expect(await readFile(join(d, 'a.ES.txt'), 'utf8')).toBe('old');
    } finally {
      await rm(d, { recursive: true, force: true });
    }
  });

  it('sniffs what a file is', () => {
    expect(sniff(new Uint8Array([0x50, 0x4b, 3, 4]))).toBe('zip');
    expect(sniff(new TextEncoder().encode('%PDF-1.7'))).toBe('pdf');
    expect(sniff(new TextEncoder().encode('hello'))).toBe('text');
    expect(sniff(new Uint8Array([1, 0, 2]))).toBe('binary');
  });
});
