/**
 * Bulk translation: 5,000 mixed-length segments through Verso's multi-segment path (TranslateService.batch →
 * batching → ApiClient) versus a raw pipelined undici client sending the same requests at the same concurrency,
 * in the same run, against one local service in its own process (pseudo engine). Prints the number of requests
 * against the minimum the 50-text / 128 KiB limits allow (goal: equal) and the wall-time ratio (goal ≥ 0.9×).
 *
 *   npx tsx bench/client-bulk.ts [--segments 5000] [--concurrency 4]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { createNodeLauncher } from '../electron/main/adapters/node-launcher.js';
import { translateBody } from '../electron/main/services/api-client.js';
import { minimumRequests, planBatches } from '../electron/main/services/batching.js';
import { startHarness } from '../web/server.js';
import { connectHarness } from './client-ws.js';

const { values } = parseArgs({ options: { segments: { type: 'string', default: '5000' }, concurrency: { type: 'string', default: '4' } } });
const COUNT = Number(values.segments);
const CONC = Number(values.concurrency);

/** Deterministic mixed lengths: mostly short UI strings, some paragraphs, a few long multibyte texts. */
function makeSegments(n: number): string[] {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const words = ['translation', 'service', 'Verso', 'the', 'document', 'glossary', 'über', 'naïve', 'café', '東京', 'quality', 'of'];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = rnd();
    const len = r < 0.7 ? 3 + Math.floor(rnd() * 12) : r < 0.95 ? 40 + Math.floor(rnd() * 120) : 600 + Math.floor(rnd() * 1500);
    out.push(Array.from({ length: len }, () => words[Math.floor(rnd() * words.length)]).join(' '));
  }
  return out;
}

const segments = makeSegments(COUNT);
const options = { targetLang: 'DE' };
const base = new TextEncoder().encode(JSON.stringify(translateBody([], options))).length;

const dir = await mkdtemp(join(tmpdir(), 'verso-bulk-'));
const launched = await createNodeLauncher({ entry: 'service/cli.ts', nodeArgs: ['--import', 'tsx'] }).launch({ dataDir: join(dir, 'service'), engines: ['pseudo'] });
const keys = JSON.parse(await readFile(join(dir, 'service', 'keys.json'), 'utf8')) as { pro_key: string };
const harness = await startHarness({ port: 0, dataDir: join(dir, 'app'), hostedProUrl: launched.proUrl, testCipher: true, warmLocal: false, log: () => undefined });
const page = await connectHarness(harness.port, harness.token);
const added = await page.call('connections.addHosted', { name: 'Bulk', apiKey: keys.pro_key });
if (!added.ok) throw new Error(added.error?.message);

// Raw baseline: the same chunks, a pipelined undici pool with the same number of connections.
const plan = planBatches(segments, base);
const pool = new Pool(launched.proUrl, { connections: CONC, pipelining: 4 });
async function rawRun(): Promise<number> {
  const queue = [...plan.chunks];
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CONC }, async () => {
      for (let c = queue.shift(); c; c = queue.shift()) {
        const res = await pool.request({
          path: '/v2/translate',
          method: 'POST',
          headers: { authorization: `Service-Auth-Key ${keys.pro_key}`, 'content-type': 'application/json', 'user-agent': 'bench/raw' },
          body: JSON.stringify(translateBody(c.map((i) => segments[i]!), options)),
        });
        await res.body.json();
        if (res.statusCode !== 200) throw new Error(`raw ${res.statusCode}`);
      }
    }),
  );
  return performance.now() - t;
}
async function versoRun(id: string): Promise<{ ms: number; requests: number }> {
  const t = performance.now();
  const r = await page.call('translate.batch', { batchId: id, segments, options, concurrency: CONC });
  if (!r.ok) throw new Error(r.error?.message);
  return { ms: performance.now() - t, requests: (r.data as { requests: number }).requests };
}

// Warm both paths once, then alternate three runs each; report the medians.
await rawRun();
await versoRun('warm');
const raws: number[] = [];
const versos: { ms: number; requests: number }[] = [];
for (let i = 0; i < 3; i++) {
  raws.push(await rawRun());
  versos.push(await versoRun(`run${i}`));
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const minReq = minimumRequests(segments, base);
const bytes = segments.reduce((n, s) => n + Buffer.byteLength(s), 0);
console.log(`bulk: ${COUNT} segments, ${(bytes / 1024).toFixed(0)} KiB of text, concurrency ${CONC}`);
console.log(`requests: Verso ${versos[0]!.requests}, lower bound ${minReq} (50 texts / ${(120).toString()} KiB budget per request) → ${(versos[0]!.requests / minReq).toFixed(3)}×`);
console.log(`wall time: raw pipelined undici ${med(raws).toFixed(0)} ms, Verso full stack ${med(versos.map((v) => v.ms)).toFixed(0)} ms → throughput ratio ${(med(raws) / med(versos.map((v) => v.ms))).toFixed(2)}× (goal ≥ 0.9×)`);

page.close();
await pool.close();
await harness.close();
await launched.stop();
await rm(dir, { recursive: true, force: true });
