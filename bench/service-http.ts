/**
 * Benchmark: POST /v2/translate on the pseudo engine under autocannon (50 connections), next to a bare route of
 * the same framework (fastify) returning constant JSON, in the same run. Goal: ≥ 0.4× of bare.
 * Run: npx tsx bench/service-http.ts [seconds]
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

// Warm both once, then measure the bare route first and the service second.
await run(`${bareUrl}/bare`, { method: 'POST', body, headers: { 'content-type': 'application/json' }, duration: 1 });
await run(`${svc.proUrl}/v2/translate`, { method: 'POST', body, headers, duration: 1 });
const b = await run(`${bareUrl}/bare`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
const s = await run(`${svc.proUrl}/v2/translate`, { method: 'POST', body, headers });

const row = (name: string, r: autocannon.Result) =>
  `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(8)} req/s  p99 ${String(r.latency.p99).padStart(4)} ms  errors ${r.errors + r.non2xx}`;
console.log(`autocannon, 50 connections, ${seconds} s each, same machine, same run`);
console.log(row('bare fastify route (constant JSON)', b));
console.log(row('/v2/translate, pseudo engine', s));
console.log(`ratio translate / bare: ${(s.requests.average / b.requests.average).toFixed(2)}× req/s (goal ≥ 0.40×)`);

await svc.close();
await bare.close();
