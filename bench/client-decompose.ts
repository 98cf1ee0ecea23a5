/**
 * Client overhead, layer by layer (plain Node, analysis aid for bench/client-overhead.ts): the same one-text
 * translation entered at each layer of Verso's stack — undici transport, ApiClient, TranslateService, the IPC
 * `dispatch()` (zod in/out), and the full web-harness WebSocket — alternated with raw undici requests in the same
 * run. `raw` is measured three times at different positions of each iteration: their spread is the noise floor.
 *
 *   npx tsx bench/client-decompose.ts [N=600]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { createNodeLauncher } from '../electron/main/adapters/node-launcher.js';
import { createNodeHttpTransport } from '../electron/main/adapters/node-http.js';
import { dispatch } from '../electron/main/ipc/handle.js';
import { startHarness } from '../web/server.js';
import { connectHarness, percentile } from './client-ws.js';

const N = Number(process.argv[2] ?? 600);
const dir = await mkdtemp(join(tmpdir(), 'verso-bench-'));
const launched = await createNodeLauncher({ entry: 'service/cli.ts', nodeArgs: ['--import', 'tsx'] }).launch({ dataDir: join(dir, 'service'), engines: ['pseudo'] });
const keys = JSON.parse(await readFile(join(dir, 'service', 'keys.json'), 'utf8')) as { pro_key: string };
const harness = await startHarness({ port: 0, dataDir: join(dir, 'app'), hostedProUrl: launched.proUrl, testCipher: true, warmLocal: false, log: () => undefined });
const page = await connectHarness(harness.port, harness.token);
const added = await page.call('connections.addHosted', { name: 'Bench', apiKey: keys.pro_key });
if (!added.ok) throw new Error(added.error?.message);
const s = harness.composed.services;
const client = await s.connections.clientFor();
const transport = createNodeHttpTransport();
const agent = new Agent({ connections: 16, keepAliveTimeout: 10_000 });
const body = (t: string) => JSON.stringify({ text: [t], target_lang: 'DE', show_billed_characters: true });
const sides: Record<string, (t: string) => Promise<unknown>> = {
  raw: async (t) => {
    const res = await request(`${launched.proUrl}/v2/translate`, { method: 'POST', dispatcher: agent, headers: { authorization: `Service-Auth-Key ${keys.pro_key}`, 'content-type': 'application/json', 'user-agent': 'bench/raw' }, body: body(t) });
    return res.body.json();
  },
  rawB: (t) => sides.raw!(t),
  transport: async (t) => {
    const r = await transport.send({ method: 'POST', url: `${launched.proUrl}/v2/translate`, headers: { Authorization: `Service-Auth-Key ${keys.pro_key}`, 'Content-Type': 'application/json', 'User-Agent': 'x', Accept: 'application/json' }, body: body(t), signal: new AbortController().signal });
    return JSON.parse(await r.text());
  },
  apiClient: (t) => client.translate([t], { targetLang: 'DE' }),
  service: (t) => s.translate.run({ texts: [t], options: { targetLang: 'DE' } }),
  dispatch: (t) => dispatch({ ipcMain: null as never, isTrustedSender: () => true, secrets: () => [] }, 'translate.run', (i) => s.translate.run(i), { sender: {} }, { texts: [t], options: { targetLang: 'DE' } }),
  raw2: (t) => sides.raw!(t),
  ws: (t) => page.call('translate.run', { texts: [t], options: { targetLang: 'DE' } }),
};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
let c = 0;
for (let i = 0; i < N + 50; i++) {
  for (const [k, fn] of Object.entries(sides)) {
    const t = performance.now();
    await fn(`The quick brown fox number ${c++} jumps over the lazy dog near the river bank.`);
    if (i >= 50) times[k]!.push(performance.now() - t);
  }
}
const p50raw = percentile([...times.raw!].sort((a, b) => a - b), 50);
for (const [k, a] of Object.entries(times)) {
  a.sort((x, y) => x - y);
  console.log(`${k.padEnd(10)} p50 ${percentile(a, 50).toFixed(3)} ms  p95 ${percentile(a, 95).toFixed(3)} ms  ${(percentile(a, 50) / p50raw).toFixed(2)}×`);
}
page.close();
await agent.close();
await transport.close?.();
await harness.close();
await launched.stop();
await rm(dir, { recursive: true, force: true });
