/**
 * Client overhead: one-text translations through the full Verso stack (web harness WebSocket → IPC registrar →
 * TranslateService → ApiClient → local service) versus a raw undici request to the same service (goal: ≤ 1.10× at
 * p50). The service runs in its own process (pseudo engine); the harness and the clients share this one.
 *
 * Fairness: the raw side sends the very request Verso sends (same body, same headers: Authorization, User-Agent,
 * Accept, Content-Type) and reads the response the same way (whole body, decoded, JSON-parsed). A third side,
 * "raw behind a bare WebSocket", forwards the same raw request through a minimal loopback WebSocket echo server:
 * it is the floor any harness pays for the page ↔ Node hop, so Verso's own overhead is the distance to it. The
 * sides run in rotating order on every iteration (so neither always follows the other), in several rounds; the
 * figures printed are the medians over the rounds.
 *
 *   npx tsx bench/client-overhead.ts [--n 400] [--rounds 5] [--engine pseudo|apertium]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import WebSocket, { WebSocketServer } from 'ws';
import { createNodeLauncher } from '../electron/main/adapters/node-launcher.js';
import { buildUserAgent } from '../electron/main/compose.js';
import { translateBody } from '../electron/main/services/api-client.js';
import { startHarness } from '../web/server.js';
import { connectHarness, percentile } from './client-ws.js';

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '5' },
    // pseudo: the service's floor (sub-millisecond), so Verso's fixed cost shows most; apertium: the app's default
    // local engine, translating for real (EN→ES).
    engine: { type: 'string', default: 'pseudo' },
  },
});
const ENGINE = values.engine === 'apertium' ? 'apertium' : 'pseudo';
const N = Math.max(20, Number(values.n));
const ROUNDS = Math.max(1, Number(values.rounds));

const dir = await mkdtemp(join(tmpdir(), 'verso-bench-'));
// The service runs in its own process, as it does for the app (utilityProcess) and the harness (child process).
const launched = await createNodeLauncher({ entry: 'service/cli.ts', nodeArgs: ['--import', 'tsx'] }).launch({ dataDir: join(dir, 'service'), engines: [ENGINE] });
const keys = JSON.parse(await readFile(join(dir, 'service', 'keys.json'), 'utf8')) as { pro_key: string };
const harness = await startHarness({ port: 0, dataDir: join(dir, 'app'), hostedProUrl: launched.proUrl, testCipher: true, warmLocal: false, log: () => undefined });
const page = await connectHarness(harness.port, harness.token);
const added = await page.call('connections.addHosted', { name: 'Bench', apiKey: keys.pro_key });
if (!added.ok) throw new Error(added.error?.message);

// The exact headers ApiClient sends (same User-Agent string, so the same bytes on the wire).
const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
const headers = {
  Authorization: `Service-Auth-Key ${keys.pro_key}`,
  'User-Agent': buildUserAgent(pkg.version, platform(), 'node', process.version),
  Accept: 'application/json',
  'Content-Type': 'application/json',
};
const options = ENGINE === 'apertium' ? { sourceLang: 'EN', targetLang: 'ES' } : { targetLang: 'DE' };
const decoder = new TextDecoder();
const agent = new Agent({ connections: 16, keepAliveTimeout: 10_000 });
async function raw(text: string, dispatcher = agent): Promise<unknown> {
  const res = await request(`${launched.proUrl}/v2/translate`, { method: 'POST', dispatcher, headers, body: JSON.stringify(translateBody([text], options)) });
  const json: unknown = JSON.parse(decoder.decode(await res.body.arrayBuffer()));
  if (res.statusCode !== 200) throw new Error(`raw ${res.statusCode}`);
  return json;
}

// The floor of any page ↔ Node bridge: a bare loopback WebSocket that forwards to the raw request.
const floorAgent = new Agent({ connections: 16, keepAliveTimeout: 10_000 });
const floorServer = createServer();
const floorWss = new WebSocketServer({ server: floorServer });
floorWss.on('connection', (ws) =>
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { id: number; text: string };
    void raw(msg.text, floorAgent).then((result) => ws.send(JSON.stringify({ id: msg.id, result: { ok: true, data: result } })));
  }),
);
await new Promise<void>((ok) => floorServer.listen(0, '127.0.0.1', () => ok()));
const floorWs = new WebSocket(`ws://127.0.0.1:${(floorServer.address() as { port: number }).port}`);
await new Promise((ok, fail) => {
  floorWs.once('open', ok);
  floorWs.once('error', fail);
});
const floorWaiting = new Map<number, () => void>();
floorWs.on('message', (data) => {
  const msg = JSON.parse(String(data)) as { id: number };
  floorWaiting.get(msg.id)?.();
  floorWaiting.delete(msg.id);
});
let floorId = 0;
function floor(text: string): Promise<void> {
  return new Promise((resolve) => {
    const id = ++floorId;
    floorWaiting.set(id, resolve);
    floorWs.send(JSON.stringify({ id, text }));
  });
}

async function verso(text: string): Promise<void> {
  const r = await page.call('translate.run', { texts: [text], options });
  if (!r.ok) throw new Error(r.error?.message);
}

const sides = [
  { name: 'raw undici', run: (t: string) => raw(t) },
  { name: 'raw + bare WS hop', run: floor },
  { name: 'Verso full stack', run: verso },
] as const;

// Every text differs so Verso's cache of identical requests never answers: this measures the real path.
let serial = 0;
const sentence = () => `The quick brown fox number ${serial++} jumps over the lazy dog near the river bank.`;
for (let i = 0; i < 60; i++) for (const s of sides) await s.run(sentence());

const p50s: number[][] = sides.map(() => []);
const p95s: number[][] = sides.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  const times: number[][] = sides.map(() => []);
  for (let i = 0; i < N; i++) {
    // Rotate the order so each side follows each other side equally often.
    for (let k = 0; k < sides.length; k++) {
      const j = (i + k) % sides.length;
      const t = performance.now();
      await sides[j]!.run(sentence());
      times[j]!.push(performance.now() - t);
    }
  }
  times.forEach((a, j) => {
    a.sort((x, y) => x - y);
    p50s[j]!.push(percentile(a, 50));
    p95s[j]!.push(percentile(a, 95));
  });
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const f = (x: number) => `${x.toFixed(3)} ms`;
const r = (x: number) => `${x.toFixed(2)}×`;
const p50 = p50s.map(median);
const p95 = p95s.map(median);
console.log(`client overhead, one text, ${ROUNDS} rounds × ${N} requests per side, medians over rounds (goal ≤ 1.10× at p50)`);
console.log(`${''.padEnd(20)}${'p50'.padStart(11)}${'p95'.padStart(11)}${'p50 / raw'.padStart(11)}${'p95 / raw'.padStart(11)}`);
sides.forEach((s, j) => console.log(`${s.name.padEnd(20)}${f(p50[j]!).padStart(11)}${f(p95[j]!).padStart(11)}${r(p50[j]! / p50[0]!).padStart(11)}${r(p95[j]! / p95[0]!).padStart(11)}`));
console.log(`Verso over the bare-WS floor: p50 ${r(p50[2]! / p50[1]!)}, p95 ${r(p95[2]! / p95[1]!)}; per-round p50 ratios Verso/raw: ${p50s[2]!.map((v, k) => r(v / p50s[0]![k]!)).join(' ')}`);

page.close();
floorWs.close();
floorWss.close();
floorServer.close();
await agent.close();
await floorAgent.close();
await harness.close();
await launched.stop();
await rm(dir, { recursive: true, force: true });
