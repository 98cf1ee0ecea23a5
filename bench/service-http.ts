/**
 * Benchmark: POST /v2/translate on the pseudo engine under autocannon (50 connections), next to a bare route of
 * the same framework (fastify) returning constant JSON, in the same run. Goal: ≥ 0.4× of bare.
 *
 * The load generator runs in its own process (autocannon's CLI), so it does not share the event loop of the
 * servers it measures; rounds alternate between the two targets and medians are compared, because the machine
 * is shared and noisy.
 * Run: npx tsx bench/service-http.ts [seconds per round] [rounds]
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { startService } from '../service/server.js';

const perRound = Number(process.argv[2] ?? 3);
const rounds = Number(process.argv[3] ?? 3);
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface Figures {
  rps: number;
  p99: number;
  errors: number;
  /** Server CPU time (user + system) per request, in µs: steadier than req/s on a shared machine. */
  cpuUs: number;
}

function load(url: string, body: string, headers: Record<string, string>, seconds: number): Promise<Figures> {
  const args = [autocannonBin, '-c', '50', '-d', String(seconds), '-m', 'POST', '-b', body, '--json'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const cpu0 = process.cpuUsage();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out);
      const cpu = process.cpuUsage(cpu0);
      resolve({
        rps: r.requests.average,
        p99: r.latency.p99,
        errors: r.errors + r.non2xx,
        cpuUs: (cpu.user + cpu.system) / Math.max(1, r.requests.total),
      });
    });
  });
}

const bare = Fastify();
bare.post('/bare', async () => ({ translations: [{ detected_source_language: 'EN', text: 'constant' }] }));
const bareUrl = `${await bare.listen({ host: '127.0.0.1', port: 0 })}/bare`;
const svc = await startService({ inMemory: true, engines: ['pseudo'] });
const body = JSON.stringify({ text: ['The quick brown fox jumps over the lazy dog.'], source_lang: 'EN', target_lang: 'DE' });
const json = { 'content-type': 'application/json' };
const auth = { ...json, authorization: `Service-Auth-Key ${svc.keys.pro_key}` };
const svcUrl = `${svc.proUrl}/v2/translate`;

await load(bareUrl, body, json, 1);
await load(svcUrl, body, auth, 1);
const bareRuns: Figures[] = [];
const svcRuns: Figures[] = [];
for (let i = 0; i < rounds; i++) {
  bareRuns.push(await load(bareUrl, body, json, perRound));
  svcRuns.push(await load(svcUrl, body, auth, perRound));
}
const median = (rs: Figures[]) => [...rs].sort((x, y) => x.rps - y.rps)[Math.floor(rs.length / 2)]!;
const b = median(bareRuns);
const s = median(svcRuns);
const row = (name: string, r: Figures) =>
  `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s  p99 ${String(r.p99).padStart(4)} ms  ` +
  `server CPU ${r.cpuUs.toFixed(1).padStart(5)} µs/request  errors ${r.errors}`;
console.log(`autocannon (own process), 50 connections, ${rounds} alternating rounds of ${perRound} s, medians`);
console.log(row('bare fastify route (constant JSON)', b));
console.log(row('/v2/translate, pseudo engine', s));
console.log(`ratio translate / bare: ${(s.rps / b.rps).toFixed(2)}× req/s (goal ≥ 0.40×)`);
const cpuMedian = (rs: Figures[]) => [...rs].map((r) => r.cpuUs).sort((x, y) => x - y)[Math.floor(rs.length / 2)]!;
console.log(
  `ratio by server CPU per request (bare ÷ translate): ${(cpuMedian(bareRuns) / cpuMedian(svcRuns)).toFixed(2)}× (the same goal, less sensitive to load)`,
);
await svc.close();
await bare.close();
