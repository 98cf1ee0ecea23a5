/**
 * Start-up of the local Translation Service (benchmark, plain Node): time from spawn to the ready line, and the
 * process's RSS at that moment, for the production bundle (`node out/service/cli.js serve`, what the packaged app
 * runs) against today's development path (`node --import tsx service/cli.ts serve`) as the baseline, measured in
 * the same run, alternating, medians over rounds. Pseudo engine and in-memory state, so the figures are the
 * program's own start (module loading, not Apertium's warm-up). Builds out/service first when it is missing.
 *
 *   npx tsx bench/startup.ts [--rounds 7]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { lineSplitter, parseReadyLine } from '../electron/main/services/ready-line.js';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '7' } } });
const rounds = Number(values.rounds);

if (!existsSync(join(ROOT, 'out', 'service', 'cli.js'))) {
  console.log('out/service/cli.js is missing: building it (node scripts/build-service.mjs --minify) …');
  spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-service.mjs'), '--minify'], { stdio: 'inherit' });
}

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function once(args: string[]): Promise<{ ms: number; rssMb: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'verso-bench-startup-'));
  const started = performance.now();
  const child = spawn(process.execPath, [...args, 'serve', '--port', '0', '--free-port', '0', '--data-dir', dir, '--engines', 'pseudo', '--in-memory', '--quiet', '--exit-with-stdin'], {
    cwd: ROOT,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  try {
    return await new Promise((resolve, reject) => {
      child.stdout.on(
        'data',
        lineSplitter((line) => {
          if (!parseReadyLine(line)) return;
          const ms = performance.now() - started;
          resolve({ ms, rssMb: rssKb(child.pid!) / 1024 });
        }),
      );
      child.once('exit', (code) => reject(new Error(`exited with ${code} before ready`)));
    });
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const variants = {
  'tsx service/cli.ts (baseline)': ['--import', 'tsx', 'service/cli.ts'],
  'node out/service/cli.js': [join('out', 'service', 'cli.js')],
};
const results: Record<string, { ms: number[]; rss: number[] }> = {};
for (const k of Object.keys(variants)) results[k] = { ms: [], rss: [] };
// One unmeasured round each warms the OS file cache.
for (const args of Object.values(variants)) await once(args);
for (let i = 0; i < rounds; i++) {
  const order = i % 2 === 0 ? Object.entries(variants) : Object.entries(variants).reverse();
  for (const [name, args] of order) {
    const r = await once(args);
    results[name]!.ms.push(r.ms);
    results[name]!.rss.push(r.rssMb);
  }
}
const base = results['tsx service/cli.ts (baseline)']!;
console.log(`Local service start-up to the ready line, median of ${rounds} alternating rounds (pseudo engine, in-memory):`);
console.log('variant                          ready ms   ratio   RSS MB   ratio');
for (const [name, r] of Object.entries(results)) {
  const ms = median(r.ms);
  const rss = median(r.rss);
  console.log(`${name.padEnd(32)} ${ms.toFixed(0).padStart(8)}   ${(ms / median(base.ms)).toFixed(2)}×  ${rss.toFixed(0).padStart(7)}   ${(rss / median(base.rss)).toFixed(2)}×`);
}
console.log('Goal: node out/service/cli.js ≤ 0.5× the tsx baseline.');
