/**
 * The app's document queue against the local service (bench script: `npx tsx bench/documents-client.ts
 * [--only poll|rss|small] [--txt-mib 200] [--files 100]`). The service runs in a child process (pseudo engine,
 * faults on) so the parent's RSS is the queue's own. Figures are printed against baselines measured in the same
 * run; nothing is asserted.
 *   - poll: done-detection delay of Verso's poller vs a fixed 5 s poller (deepl-node's behaviour) for documents
 *     that take 1 s, 10 s and 60 s (`doc-translate-time`), and the status requests each made. The true done time
 *     comes from a 50 ms poller on another copy of the same document; the fixed poller's delay is averaged over four
 *     phases of its grid. Goal: ≤ 0.3× the delay, no more requests.
 *   - rss: a large txt through the queue (upload and download streamed): main-process RSS growth. Goal < 40 MiB.
 *   - small: 100 small files, wall time vs a raw script doing the same uploads/polls/downloads at the same
 *     concurrency (2). Goal ≥ 0.9× (raw time / Verso time).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { createJsonFileStore } from '../electron/main/adapters/json-file-store.js';
import { createTestFileCipher } from '../electron/main/adapters/node-cipher.js';
import { systemClock } from '../electron/main/adapters/node-clock.js';
import { createNodeHttpTransport } from '../electron/main/adapters/node-http.js';
import { ApiClient } from '../electron/main/services/api-client.js';
import { DocumentsService } from '../electron/main/services/documents.js';
import { EventBus } from '../electron/main/services/event-bus.js';

const SELF = fileURLToPath(import.meta.url);
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};

async function serve(): Promise<void> {
  const { startService } = await import('../service/server.js');
  const { createDocumentsPlugin } = await import('../service/documents/plugin.js');
  const dataDir = await mkdtemp(join(tmpdir(), 'verso-bench-dq-svc-'));
  const svc = await startService({
    dataDir,
    engines: ['pseudo'],
    faults: true,
    log: false,
    plugins: [createDocumentsPlugin({ maxUploadBytes: 1024 ** 3, jobTimeoutMs: 60 * 60_000, concurrency: 8 })],
  });
  process.send!({ proUrl: svc.proUrl, key: svc.keys.pro_key });
  process.on('message', async () => {
    await svc.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

interface Svc {
  proUrl: string;
  key: string;
}

const transport = createNodeHttpTransport();

function service(dir: string, svc: Svc, headers: Record<string, string>, name: string): DocumentsService {
  return new DocumentsService({
    userDataDir: join(dir, name),
    cipher: createTestFileCipher(join(dir, `${name}.key`)),
    prefsStore: createJsonFileStore(join(dir, `${name}-prefs.json`)),
    clock: systemClock,
    events: new EventBus(),
    clientFor: async () => new ApiClient({ transport, clock: systemClock, baseUrl: svc.proUrl, apiKey: svc.key, userAgent: 'verso-bench', extraHeaders: headers }),
    activeConnectionId: () => 'bench',
  });
}

async function settled(s: DocumentsService, n: number): Promise<void> {
  for (;;) {
    const l = await s.list();
    if (l.jobs.length === n && l.jobs.every((j) => ['saved', 'error', 'cancelled'].includes(j.state))) {
      const bad = l.jobs.find((j) => j.state !== 'saved');
      if (bad) throw new Error(`a job ended in ${bad.state}: ${JSON.stringify(bad.error)}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A raw poller at a fixed interval: upload, poll every `everyMs` (first poll at once), note when done is seen. */
async function rawDetect(svc: Svc, file: string, headers: Record<string, string>, everyMs: number, offsetMs = 0): Promise<{ ms: number; polls: number }> {
  const auth = { Authorization: `Service-Auth-Key ${svc.key}`, 'User-Agent': 'bench', ...headers };
  const form = new FormData();
  form.append('target_lang', 'DE');
  form.append('file', await openAsBlob(file), 'doc.txt');
  const h = (await (await fetch(`${svc.proUrl}/v2/document`, { method: 'POST', headers: auth, body: form })).json()) as { document_id: string; document_key: string };
  const t0 = performance.now();
  // A phase offset stands for documents whose length does not line up with the poller's 5 s grid.
  if (offsetMs) await new Promise((r) => setTimeout(r, offsetMs));
  let polls = 0;
  for (;;) {
    polls++;
    const st = (await (
      await fetch(`${svc.proUrl}/v2/document/${h.document_id}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ document_key: h.document_key }) })
    ).json()) as { status: string };
    if (st.status === 'done') return { ms: performance.now() - t0, polls };
    if (st.status === 'error') throw new Error('raw doc failed');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function verso(svc: Svc, dir: string, file: string, headers: Record<string, string>, name: string): Promise<{ ms: number; polls: number }> {
  let t0 = 0;
  let done = 0;
  let polls = 0;
  const s = new DocumentsService({
    userDataDir: join(dir, name),
    cipher: createTestFileCipher(join(dir, `${name}.key`)),
    prefsStore: createJsonFileStore(join(dir, `${name}-prefs.json`)),
    clock: systemClock,
    events: new EventBus(),
    clientFor: async () => new ApiClient({ transport, clock: systemClock, baseUrl: svc.proUrl, apiKey: svc.key, userAgent: 'verso-bench', extraHeaders: headers }),
    activeConnectionId: () => 'bench',
    queue: {
      beforeStep: (step) => {
        if (step === 'uploaded') t0 = performance.now();
        if (step === 'poll') polls++;
        if (step === 'download' && !done) done = performance.now();
      },
    },
  });
  await s.enqueue([file], { targetLangs: ['DE'] });
  await settled(s, 1);
  s.close();
  return { ms: done - t0, polls };
}

async function pollBench(svc: Svc, dir: string): Promise<void> {
  const file = join(dir, 'poll.txt');
  await writeFile(file, 'The red car is fast.\n');
  console.log('\nDone-detection delay (ms after the document was done) and status requests');
  console.log('doc time | truth ms | fixed 5 s: delay, polls | Verso: delay, polls | delay ratio');
  // Warm the service's document workers first: a cold start would make the first copy look slow.
  await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(() => rawDetect(svc, file, { 'mock-server-session': randomUUID() }, 50)));
  // One case at a time, its six copies at once (the service translates 8 documents at a time, so none queues).
  for (const ms of [1000, 10_000, 60_000]) {
    const h = () => ({ 'mock-server-session': randomUUID(), 'mock-server-session-doc-translate-time': String(ms) });
    const offsets = [0, 1250, 2500, 3750];
    const [truth, ours, ...fixedRuns] = await Promise.all([
      rawDetect(svc, file, h(), 50),
      verso(svc, dir, file, h(), `poll-${ms}`),
      ...offsets.map((o) => rawDetect(svc, file, h(), 5000, o)),
    ]);
    // The fixed poller's delay averaged over four phases of its 5 s grid (one phase alone is luck).
    const fixed = { ms: fixedRuns.reduce((a, r) => a + r.ms, 0) / fixedRuns.length, polls: fixedRuns.reduce((a, r) => a + r.polls, 0) / fixedRuns.length };
    const dFixed = Math.max(0, fixed.ms - truth.ms);
    const dOurs = Math.max(0, ours.ms - truth.ms);
    console.log(
      `${String(ms / 1000).padStart(6)} s | ${truth.ms.toFixed(0).padStart(8)} | ${dFixed.toFixed(0).padStart(8)}, ${fixed.polls.toFixed(1).padStart(4)} | ${dOurs.toFixed(0).padStart(8)}, ${String(ours.polls).padStart(3)} | ${(dOurs / Math.max(1, dFixed)).toFixed(2)}×`,
    );
  }
}

async function rssBench(svc: Svc, dir: string): Promise<void> {
  const mib = Number(arg('txt-mib', '200'));
  const file = join(dir, 'big.txt');
  const line = 'The red car is very fast and the house on the hill is big.\n';
  const out = createWriteStream(file);
  const chunk = line.repeat(Math.ceil((1024 * 1024) / line.length));
  for (let i = 0; i < mib; i++) if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  const s = service(dir, svc, {}, 'rss');
  await s.setPrefs({ maxFileMb: 2048 });
  await s.start();
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  await s.enqueue([file], { targetLangs: ['DE'] });
  await settled(s, 1);
  clearInterval(timer);
  s.close();
  console.log(`\n${mib} MiB txt through the queue: ${((performance.now() - t0) / 1000).toFixed(1)} s, main-process RSS growth ${((peak - base) / 1048576).toFixed(1)} MiB (goal < 40 MiB)`);
}

async function smallBench(svc: Svc, dir: string): Promise<void> {
  const n = Number(arg('files', '100'));
  const src = join(dir, 'small');
  await mkdir(src, { recursive: true });
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = join(src, `f${i}.txt`);
    await writeFile(p, `Small file number ${i}. The red car is fast.\n`);
    paths.push(p);
  }
  const rawOut = join(dir, 'raw-out');
  await mkdir(rawOut, { recursive: true });
  const raw = async () => {
    const t0 = performance.now();
    const auth = { Authorization: `Service-Auth-Key ${svc.key}`, 'User-Agent': 'bench' };
    const limit = pLimit(2);
    await Promise.all(
      paths.map(async (p, i) => {
        const h = await limit(async () => {
          const form = new FormData();
          form.append('target_lang', 'DE');
          form.append('file', await openAsBlob(p), `f${i}.txt`);
          return (await (await fetch(`${svc.proUrl}/v2/document`, { method: 'POST', headers: auth, body: form })).json()) as { document_id: string; document_key: string };
        });
        const body = JSON.stringify({ document_key: h.document_key });
        const jh = { ...auth, 'Content-Type': 'application/json' };
        // The same back-off as Verso (1 s × 1.5), so the comparison measures overhead, not policy.
        for (let k = 0; ; k++) {
          const st = (await (await fetch(`${svc.proUrl}/v2/document/${h.document_id}`, { method: 'POST', headers: jh, body })).json()) as { status: string; seconds_remaining?: number };
          if (st.status === 'done') break;
          const hint = st.seconds_remaining !== undefined ? st.seconds_remaining * 1000 + 200 : 1000 * 1.5 ** k;
          await new Promise((r) => setTimeout(r, Math.min(15_000, Math.max(500, hint))));
        }
        const res = await fetch(`${svc.proUrl}/v2/document/${h.document_id}/result`, { method: 'POST', headers: jh, body });
        await writeFile(join(rawOut, `f${i}.DE.txt`), Buffer.from(await res.arrayBuffer()));
      }),
    );
    return performance.now() - t0;
  };
  const ours = async (round: number) => {
    const s = service(dir, svc, {}, `small-${round}`);
    await s.start();
    const t0 = performance.now();
    await s.enqueue(paths, { targetLangs: ['DE'], outputDir: join(dir, `verso-out-${round}`) });
    await settled(s, n);
    s.close();
    return performance.now() - t0;
  };
  // Rotated order, two rounds each: the service warms up in the first.
  const r1 = await raw();
  const o1 = await ours(1);
  const o2 = await ours(2);
  const r2 = await raw();
  const rawMs = Math.min(r1, r2);
  const oursMs = Math.min(o1, o2);
  console.log(`\n${n} small files, 2 uploads at once: raw script ${(rawMs / 1000).toFixed(2)} s, Verso ${(oursMs / 1000).toFixed(2)} s → ${(rawMs / oursMs).toFixed(2)}× (goal ≥ 0.9×)`);
}

async function main(): Promise<void> {
  if (process.argv.includes('--child')) return serve();
  const child = fork(SELF, ['--child'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [svc] = (await once(child, 'message')) as [Svc];
  const dir = await mkdtemp(join(tmpdir(), 'verso-bench-dq-'));
  const only = arg('only', 'all');
  try {
    if (only === 'all' || only === 'poll') await pollBench(svc, dir);
    if (only === 'all' || only === 'small') await smallBench(svc, dir);
    if (only === 'all' || only === 'rss') await rssBench(svc, dir);
  } finally {
    child.send('stop');
    await once(child, 'exit');
    await transport.close?.();
    await rm(dir, { recursive: true, force: true });
  }
}

void main();
