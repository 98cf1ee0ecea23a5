/**
 * Client overhead: one-text translations through the full Verso stack (web harness WebSocket → IPC registrar →
 * TranslateService → ApiClient → local service) versus a raw undici request to the same service, measured
 * alternately in the same run. The service runs in its own process (pseudo engine); the harness and the two
 * clients share this one. Prints p50/p95 of both and the ratios (goal: ≤ 1.10× at p50).
 *
 *   npx tsx bench/client-overhead.ts [--n 400]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { readFile } from 'node:fs/promises';
import { createNodeLauncher } from '../electron/main/adapters/node-launcher.js';
import { startHarness } from '../web/server.js';
import { connectHarness, percentile } from './client-ws.js';

const { values } = parseArgs({ options: { n: { type: 'string', default: '400' } } });
const N = Math.max(20, Number(values.n));

const dir = await mkdtemp(join(tmpdir(), 'verso-bench-'));
// The service runs in its own process, as it does for the app (utilityProcess) and the harness (child process).
const launched = await createNodeLauncher({ entry: 'service/cli.ts', nodeArgs: ['--import', 'tsx'] }).launch({ dataDir: join(dir, 'service'), engines: ['pseudo'] });
const keys = JSON.parse(await readFile(join(dir, 'service', 'keys.json'), 'utf8')) as { pro_key: string };
const svc = { proUrl: launched.proUrl, keys, close: () => launched.stop() };
const harness = await startHarness({ port: 0, dataDir: join(dir, 'app'), hostedProUrl: svc.proUrl, testCipher: true, warmLocal: false, log: () => undefined });
const page = await connectHarness(harness.port, harness.token);
const added = await page.call('connections.addHosted', { name: 'Bench', apiKey: svc.keys.pro_key });
if (!added.ok) throw new Error(added.error?.message);

const agent = new Agent({ connections: 16, keepAliveTimeout: 10_000 });
async function raw(text: string): Promise<void> {
  const res = await request(`${svc.proUrl}/v2/translate`, {
    method: 'POST',
    dispatcher: agent,
    headers: { authorization: `Service-Auth-Key ${svc.keys.pro_key}`, 'content-type': 'application/json', 'user-agent': 'bench/raw' },
    body: JSON.stringify({ text: [text], target_lang: 'DE', show_billed_characters: true }),
  });
  await res.body.json();
  if (res.statusCode !== 200) throw new Error(`raw ${res.statusCode}`);
}
async function verso(text: string): Promise<void> {
  const r = await page.call('translate.run', { texts: [text], options: { targetLang: 'DE' } });
  if (!r.ok) throw new Error(r.error?.message);
}

// Every text differs so Verso's cache of identical requests never answers: this measures the real path.
const sentence = (i: number) => `The quick brown fox number ${i} jumps over the lazy dog near the river bank.`;
for (let i = 0; i < 40; i++) {
  await raw(sentence(-i - 1));
  await verso(sentence(-i - 1001));
}
const tRaw: number[] = [];
const tVerso: number[] = [];
for (let i = 0; i < N; i++) {
  // Alternate so drift in machine load hits both sides equally.
  let t = performance.now();
  await raw(sentence(i));
  tRaw.push(performance.now() - t);
  t = performance.now();
  await verso(sentence(i + 100_000));
  tVerso.push(performance.now() - t);
}
tRaw.sort((a, b) => a - b);
tVerso.sort((a, b) => a - b);
const f = (x: number) => `${x.toFixed(3)} ms`;
const rows = [
  ['', 'p50', 'p95'],
  ['raw undici', f(percentile(tRaw, 50)), f(percentile(tRaw, 95))],
  ['Verso full stack', f(percentile(tVerso, 50)), f(percentile(tVerso, 95))],
  ['ratio', `${(percentile(tVerso, 50) / percentile(tRaw, 50)).toFixed(2)}×`, `${(percentile(tVerso, 95) / percentile(tRaw, 95)).toFixed(2)}×`],
];
console.log(`client overhead, one text, ${N} requests each (goal ≤ 1.10× at p50)`);
for (const r of rows) console.log(`${r[0]!.padEnd(18)}${r[1]!.padStart(12)}${r[2]!.padStart(12)}`);

page.close();
await agent.close();
await harness.close();
await svc.close();
await rm(dir, { recursive: true, force: true });
