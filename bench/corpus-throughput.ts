/**
 * Corpus throughput of the local service's document path (bench, Node): every non-PDF file of
 * ../shared/real-documents is uploaded, polled and downloaded through the service with the pseudo engine, three
 * at a time, and the run reports files/s, MB/s and the service process's peak RSS.
 *
 * Before/after in one run: the "before" side is the same service program from another source tree: a git worktree
 * of this tree's commit with the issue-15 commits reverted in it (`git worktree add --detach /tmp/wt-15 HEAD`,
 * then `git -C /tmp/wt-15 revert --no-commit <those commits>`, and node_modules linked in). A worktree of the
 * commit before issue 15 would also measure what other work changed since (the PDF family, for one), so the
 * revert isolates the stricter document, upload and text checks, on this machine, at this moment. Both sides run as separate processes (`service/cli.ts serve`), alternately, over
 * several rounds; the medians are compared. PDF files are left out: their handler changes under another issue,
 * which would blur what this benchmark measures.
 *
 *   npx tsx bench/corpus-throughput.ts [--before /tmp/wt-15] [--rounds 3]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { result, upload, waitUntilFinished } from '../service/documents/test-support.js';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const { values } = parseArgs({ options: { before: { type: 'string' }, rounds: { type: 'string' } } });
const BEFORE = resolve(values.before ?? '/tmp/wt-15');
const ROUNDS = Number(values.rounds ?? 3);
const CORPUS = resolve(ROOT, '../shared/real-documents');

if (!existsSync(join(CORPUS, 'MANIFEST.tsv'))) {
  console.log(`corpus-throughput: skipped, ${CORPUS} is absent`);
  process.exit(0);
}
if (!existsSync(join(BEFORE, 'service/cli.ts'))) {
  console.log(`corpus-throughput: skipped, no "before" tree at ${BEFORE} (make one with: git worktree add --detach ${BEFORE} HEAD, revert the issue-15 commits in it, and ln -s "$PWD/node_modules" ${BEFORE}/node_modules)`);
  process.exit(0);
}

interface Row {
  file: string;
  source: string;
  target: string;
}
const rows: Row[] = readFileSync(join(CORPUS, 'MANIFEST.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split('\t'))
  .map((c) => ({ file: c[0]!, source: c[6]!, target: c[7]! }))
  .filter((r) => !r.file.toLowerCase().endsWith('.pdf'));
const files = rows.map((r) => ({ ...r, bytes: readFileSync(join(CORPUS, r.file)) }));
const totalBytes = files.reduce((n, f) => n + f.bytes.length, 0);

async function serve(tree: string, dir: string): Promise<{ child: ChildProcess; pro: string; key: string }> {
  const args = ['--data-dir', dir, '--port', '0', '--free-port', '0', '--engines', 'pseudo', '--quiet'];
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/cli.ts', 'serve', ...args], { cwd: tree, stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  const pro = await new Promise<string>((res, rej) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /\[verso-service\] ready pro=(\S+)/.exec(out);
      if (m) res(m[1]!);
    });
    child.on('exit', (code) => rej(new Error(`service in ${tree} exited ${code}`)));
  });
  const key = (JSON.parse(readFileSync(join(dir, 'keys.json'), 'utf8')) as { pro_key: string }).pro_key;
  return { child, pro, key };
}

/** Peak resident set of a process (VmHWM), in MB; 0 where /proc is missing. */
function peakRssMb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function runOnce(tree: string): Promise<{ seconds: number; rssMb: number; done: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'verso-bench-corpus-'));
  const svc = await serve(tree, dir);
  try {
    // Warm-up: the first document loads the format libraries in a worker thread.
    const warm = await upload(svc.pro, svc.key, { name: 'warm.txt', content: 'Warm up.', source: 'EN', target: 'DE' });
    await waitUntilFinished(svc.pro, svc.key, warm.body, 120_000);
    const t0 = performance.now();
    let next = 0;
    let done = 0;
    await Promise.all(
      [0, 1, 2].map(async () => {
        while (next < files.length) {
          const f = files[next++]!;
          const up = await upload(svc.pro, svc.key, {
            name: f.file.split('__').slice(1).join('__'),
            content: f.bytes,
            target: f.target,
            source: f.source === '-' ? undefined : f.source,
          });
          if (up.status !== 200) continue;
          const st = await waitUntilFinished(svc.pro, svc.key, up.body, 300_000);
          if (st.body.status === 'done') {
            await result(svc.pro, svc.key, up.body);
            done++;
          }
        }
      }),
    );
    return { seconds: (performance.now() - t0) / 1000, rssMb: peakRssMb(svc.child.pid!), done };
  } finally {
    svc.child.kill('SIGTERM');
    await new Promise((r) => svc.child.once('exit', r));
    await rm(dir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sides = { before: BEFORE, after: ROOT };
const runs: Record<keyof typeof sides, { seconds: number; rssMb: number; done: number }[]> = { before: [], after: [] };
for (let round = 0; round < ROUNDS; round++) {
  // Alternate which side goes first, so drift of the machine falls on both.
  const order = round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
  for (const side of order) runs[side].push(await runOnce(sides[side]));
}
const fig = (side: keyof typeof sides) => {
  const s = median(runs[side].map((r) => r.seconds));
  return { s, filesPerS: files.length / s, mbPerS: totalBytes / 1048576 / s, rss: median(runs[side].map((r) => r.rssMb)), done: median(runs[side].map((r) => r.done)) };
};
const b = fig('before');
const a = fig('after');
console.log(`corpus: ${files.length} files (${(totalBytes / 1048576).toFixed(1)} MB, PDFs left out), ${ROUNDS} rounds, medians`);
console.log(`                 before (${BEFORE})   after (this tree)   after/before`);
console.log(`files/s          ${b.filesPerS.toFixed(2).padStart(8)}              ${a.filesPerS.toFixed(2).padStart(8)}          ${(a.filesPerS / b.filesPerS).toFixed(3)}`);
console.log(`MB/s             ${b.mbPerS.toFixed(2).padStart(8)}              ${a.mbPerS.toFixed(2).padStart(8)}          ${(a.mbPerS / b.mbPerS).toFixed(3)}`);
console.log(`peak RSS MB      ${b.rss.toFixed(0).padStart(8)}              ${a.rss.toFixed(0).padStart(8)}          ${(a.rss / b.rss).toFixed(3)}`);
console.log(`documents done   ${String(b.done).padStart(8)}              ${String(a.done).padStart(8)}`);
