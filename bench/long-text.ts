/**
 * Long text in Text mode (issue 7): a 1 MB text through the full Verso stack (web harness WebSocket → IPC registrar
 * → TranslateService cuts it into pieces, packs them into requests, runs them `concurrency` at a time and joins the
 * answers) versus a raw pipelined client that sends the same pieces straight to the service with undici, at the
 * same concurrency, packed as tightly as the limits allow. Goals: Verso's requests = the minimum the limits allow
 * (50 texts, 128 KiB body less the margin), and Verso's speed ≥ 0.9× the raw client's (raw time / Verso time).
 *
 * Fairness: both sides send the same pieces with the same body encoding and headers to the same service process;
 * every round uses a fresh text (Verso's cache of identical requests never answers); the sides alternate which
 * goes first; the figures are medians over the rounds.
 *
 *   npx tsx bench/long-text.ts [--rounds 5] [--mb 1] [--concurrency 4] [--engine pseudo|apertium]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { createNodeLauncher } from '../electron/main/adapters/node-launcher.js';
import { buildUserAgent } from '../electron/main/compose.js';
import { translateBody } from '../electron/main/services/api-client.js';
import { BATCH_BODY_BUDGET, minimumRequests, planBatches } from '../electron/main/services/batching.js';
import { joinPieces, splitLongText } from '../electron/main/services/long-text.js';
import { startHarness } from '../web/server.js';
import { connectHarness } from './client-ws.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    mb: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '4' },
    engine: { type: 'string', default: 'pseudo' },
  },
});
const ROUNDS = Math.max(1, Number(values.rounds));
const BYTES = Math.round(Number(values.mb) * 1_000_000);
const CONCURRENCY = Math.min(8, Math.max(1, Number(values.concurrency)));
const ENGINE = values.engine === 'apertium' ? 'apertium' : 'pseudo';
const options = ENGINE === 'apertium' ? { sourceLang: 'EN', targetLang: 'ES' } : { sourceLang: 'EN', targetLang: 'DE' };

const dir = await mkdtemp(join(tmpdir(), 'verso-bench-long-'));
const launched = await createNodeLauncher({ entry: 'service/cli.ts', nodeArgs: ['--import', 'tsx'] }).launch({ dataDir: join(dir, 'service'), engines: [ENGINE] });
const keys = JSON.parse(await readFile(join(dir, 'service', 'keys.json'), 'utf8')) as { pro_key: string };
const harness = await startHarness({ port: 0, dataDir: join(dir, 'app'), hostedProUrl: launched.proUrl, testCipher: true, warmLocal: false, log: () => undefined });
const page = await connectHarness(harness.port, harness.token);
const added = await page.call('connections.addHosted', { name: 'Bench', apiKey: keys.pro_key });
if (!added.ok) throw new Error(added.error?.message);
const set = await page.call('settings.update', { batchConcurrency: CONCURRENCY });
if (!set.ok) throw new Error(set.error?.message);

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
const headers = {
  Authorization: `Service-Auth-Key ${keys.pro_key}`,
  'User-Agent': buildUserAgent(pkg.version, platform(), 'node', process.version),
  Accept: 'application/json',
  'Content-Type': 'application/json',
};
const wireOptions = { ...options, showBilledCharacters: true };
const agent = new Agent({ connections: CONCURRENCY, pipelining: 1, keepAliveTimeout: 10_000 });
const decoder = new TextDecoder();

/** A text of about BYTES bytes in paragraphs (round-specific, so no cache answers). */
function makeText(round: number): string {
  const paras: string[] = [];
  let size = 0;
  for (let i = 0; size < BYTES; i++) {
    const p = `Round ${round}, paragraph ${i}: the report says the shipment left the harbour on time. A second sentence follows here.`;
    paras.push(p);
    size += p.length + 2;
  }
  return paras.join('\n\n');
}

/** The raw side: the same pieces, packed as tightly as the limits allow, CONCURRENCY requests in flight. */
async function raw(text: string): Promise<{ ms: number; requests: number; chars: number }> {
  const t0 = performance.now();
  const base = new TextEncoder().encode(JSON.stringify(translateBody([], wireOptions))).length;
  const pieces = splitLongText(text, BATCH_BODY_BUDGET - base);
  const cores = pieces.filter((p) => p.core !== '').map((p) => p.core);
  const { chunks } = planBatches(cores, base);
  const out: string[] = new Array(cores.length);
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      const body = JSON.stringify(translateBody(chunk.map((i) => cores[i]!), wireOptions));
      const res = await request(`${launched.proUrl}/v2/translate`, { method: 'POST', dispatcher: agent, headers, body });
      const json = JSON.parse(decoder.decode(await res.body.arrayBuffer())) as { translations: { text: string }[] };
      if (res.statusCode !== 200) throw new Error(`raw ${res.statusCode}`);
      chunk.forEach((i, k) => (out[i] = json.translations[k]!.text));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const joined = joinPieces(pieces, out);
  return { ms: performance.now() - t0, requests: chunks.length, chars: joined.length };
}

let serial = 0;
async function verso(text: string): Promise<{ ms: number; requests: number; chars: number; minimum: number }> {
  const base = new TextEncoder().encode(JSON.stringify(translateBody([], wireOptions))).length;
  const cores = splitLongText(text, BATCH_BODY_BUDGET - base).filter((p) => p.core !== '').map((p) => p.core);
  const minimum = minimumRequests(cores, base);
  const t0 = performance.now();
  const r = await page.call('translate.run', { requestId: `bench-long-${++serial}`, texts: [text], options: wireOptions });
  const ms = performance.now() - t0;
  if (!r.ok) throw new Error(r.error?.message);
  const data = r.data as { requests?: number; translations: { text: string }[] };
  return { ms, requests: data.requests ?? 1, chars: data.translations[0]!.text.length, minimum };
}

// Warm-up: both paths once (JIT, connections, the service's engine).
await raw(makeText(-1));
await verso(makeText(-2));

const rows: { raw: number; verso: number; rawReq: number; versoReq: number; minimum: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const a = makeText(round * 2);
  const b = makeText(round * 2 + 1);
  let r: Awaited<ReturnType<typeof raw>>;
  let v: Awaited<ReturnType<typeof verso>>;
  if (round % 2 === 0) {
    r = await raw(a);
    v = await verso(b);
  } else {
    v = await verso(b);
    r = await raw(a);
  }
  rows.push({ raw: r.ms, verso: v.ms, rawReq: r.requests, versoReq: v.requests, minimum: v.minimum });
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const rawMs = median(rows.map((x) => x.raw));
const versoMs = median(rows.map((x) => x.verso));
const ratios = rows.map((x) => x.raw / x.verso);
console.log(
  `long text: ${(BYTES / 1e6).toFixed(1)} MB in Text mode, engine ${ENGINE}, concurrency ${CONCURRENCY}, ${ROUNDS} rounds (medians); goals: requests = minimum, speed ≥ 0.90× raw`,
);
console.log(`${''.padEnd(26)}${'time'.padStart(11)}${'requests'.padStart(10)}${'minimum'.padStart(9)}${'speed vs raw'.padStart(14)}`);
console.log(`${'raw pipelined undici'.padEnd(26)}${`${rawMs.toFixed(0)} ms`.padStart(11)}${String(rows[0]!.rawReq).padStart(10)}${String(rows[0]!.minimum).padStart(9)}${'1.00×'.padStart(14)}`);
console.log(
  `${'Verso full stack'.padEnd(26)}${`${versoMs.toFixed(0)} ms`.padStart(11)}${String(rows[0]!.versoReq).padStart(10)}${String(rows[0]!.minimum).padStart(9)}${`${median(ratios).toFixed(2)}×`.padStart(14)}`,
);
console.log(
  `speed from the median times: ${(rawMs / versoMs).toFixed(2)}×; per round (raw time / Verso time): ${ratios.map((x) => `${x.toFixed(2)}×`).join(' ')}`,
);

page.close();
await agent.close();
await harness.close();
await launched.stop();
await rm(dir, { recursive: true, force: true });
