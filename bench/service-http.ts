/**
 * Benchmark: POST /v2/translate on the pseudo engine under autocannon (50 connections), next to a bare route of
 * the same framework (fastify) returning constant JSON, in the same run. Goal: ≥ 0.4× of bare.
 * Run: npx tsx bench/service-http.ts [seconds per side] [rounds]
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startService } from '../service/server.js';

const seconds = Number(process.argv[2] ?? 8);

function run(url: string, opts: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration: seconds, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

const bare = Fastify();
bare.post('/bare', async () => ({ translations: [{ detected_source_language: 'EN', text: 'constant' }] }));
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

const svc = await startService({ inMemory: true, engines: ['pseudo'] });
const body = JSON.stringify({ text: ['The quick brown fox jumps over the lazy dog.'], source_lang: 'EN', target_lang: 'DE' });
const headers = { 'content-type': 'application/json', authorization: `Service-Auth-Key ${svc.keys.pro_key}` };

// The machine is shared and noisy: alternate short rounds of each and compare the medians.
const rounds = Number(process.argv[3] ?? 3);
const per = Math.max(1, Math.round(seconds / rounds));
const bareRuns: autocannon.Result[] = [];
const svcRuns: autocannon.Result[] = [];
await run(`${bareUrl}/bare`, { method: 'POST', body, headers: { 'content-type': 'application/json' }, duration: 1 });
await run(`${svc.proUrl}/v2/translate`, { method: 'POST', body, headers, duration: 1 });
for (let i = 0; i < rounds; i++) {
  bareRuns.push(await run(`${bareUrl}/bare`, { method: 'POST', body, headers: { 'content-type': 'application/json' }, duration: per }));
  svcRuns.push(await run(`${svc.proUrl}/v2/translate`, { method: 'POST', body, headers, duration: per }));
}
const median = (rs: autocannon.Result[]) => [...rs].sort((x, y) => x.requests.average - y.requests.average)[Math.floor(rs.length / 2)]!;
const b = median(bareRuns);
const s = median(svcRuns);

const row = (name: string, r: autocannon.Result) =>
  `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(8)} req/s  p99 ${String(r.latency.p99).padStart(4)} ms  errors ${r.errors + r.non2xx}`;
console.log(`autocannon, 50 connections, ${rounds} alternating rounds of ${per} s each, medians, same machine, same run`);
console.log(row('bare fastify route (constant JSON)', b));
console.log(row('/v2/translate, pseudo engine', s));
console.log(`ratio translate / bare: ${(s.requests.average / b.requests.average).toFixed(2)}× req/s (goal ≥ 0.40×)`);

await svc.close();
await bare.close();
