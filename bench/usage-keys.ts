/**
 * Usage and Keys benchmark (Node, `npx tsx bench/usage-keys.ts [--renderer-dir DIR]`): each figure next to a
 * baseline measured in the same run.
 * - Usage history: building the screen's series, forecast and split from a year of daily reads plus two weeks of
 *   5-minute polls (what main does before the first paint after data), against the baseline of merely copying the
 *   same snapshots through JSON (what sending them over IPC costs anyway).
 * - Keys filter: search + status filter + sort of 1,000 keys per keystroke (goal ≤ 50 ms), against a bare
 *   substring filter over the labels.
 * - Initial JS: with `--renderer-dir` (a `vite build` output), the gzipped JS index.html loads first, and whether
 *   the uPlot chunk stays out of it (goal ≤ 250 KB; the chart lazy).
 * Component render time in Chromium is not measured here (see README: left for later).
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { DeveloperKeyView } from '../shared/ipc/contract-admin-keys.js';
import type { UsageSnapshot } from '../shared/ipc/contract-usage.js';
import { buildHistory, type BilledDay } from '../electron/main/services/usage-history.js';
import { filterKeys } from '../renderer/screens/keys/KeysTable.js';

const { values } = parseArgs({ options: { 'renderer-dir': { type: 'string' }, rounds: { type: 'string', default: '30' } } });
const ROUNDS = Math.max(5, Number(values.rounds) || 30);
const DAY = 86_400_000;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Alternates subject and baseline each round so drift hits both alike. */
function measure(subject: () => unknown, baseline: () => unknown): { subject: number; baseline: number } {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    subject();
    a.push(performance.now() - t);
    t = performance.now();
    baseline();
    b.push(performance.now() - t);
  }
  return { subject: median(a), baseline: median(b) };
}

const row = (name: string, m: { subject: number; baseline: number }, goal?: string) =>
  console.log(`${name.padEnd(44)} ${m.subject.toFixed(3).padStart(9)} ms   baseline ${m.baseline.toFixed(3).padStart(9)} ms   ratio ${(m.subject / m.baseline).toFixed(2)}${goal ? `   goal ${goal}` : ''}`);

// ----- Usage history -----
const now = Date.UTC(2026, 10, 20, 12);
const snaps: UsageSnapshot[] = [];
let count = 0;
for (let d = 365; d > 14; d--) {
  const at = now - d * DAY;
  const month = new Date(at);
  const start = Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1);
  if (month.getUTCDate() === 1) count = 0;
  count += 20_000 + (d % 7) * 3_000;
  snaps.push({ at: new Date(at).toISOString(), characterCount: count, characterLimit: 2_000_000, startTime: new Date(start).toISOString(), endTime: new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1)).toISOString() });
}
for (let t = now - 14 * DAY; t <= now; t += 5 * 60_000) {
  const m = new Date(t);
  if (m.getUTCDate() === 1 && m.getUTCHours() === 0 && m.getUTCMinutes() < 5) count = 0;
  count += 70;
  snaps.push({ at: new Date(t).toISOString(), characterCount: count, characterLimit: 2_000_000, startTime: new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth(), 1)).toISOString(), endTime: new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1)).toISOString() });
}
const billed: BilledDay[] = Array.from({ length: 800 }, (_, i) => ({ connectionId: `c${i % 4}`, kind: i % 3 ? 'text' : 'document', day: new Date(now - (i % 400) * DAY).toISOString().slice(0, 10), characters: 1000 + i }));
const names = new Map([['c0', 'Work'], ['c1', 'Home'], ['c2', 'Local'], ['c3', 'Other']]);
console.log(`Usage history: ${snaps.length} snapshots, ${billed.length} billed days; ${ROUNDS} rounds, medians`);
row(
  'history (series, forecast, split)',
  measure(
    () => buildHistory({ connectionId: 'c0', snapshots: snaps, billed, names, now }),
    () => JSON.parse(JSON.stringify(snaps)),
  ),
  '≤ 100 ms to first paint after data',
);

// ----- Keys filter -----
const keys: DeveloperKeyView[] = Array.from({ length: 1000 }, (_, i) => ({
  keyId: `${crypto.randomUUID()}:${crypto.randomUUID()}`,
  label: `Key ${i} ${['build', 'staging', 'prod', 'laptop'][i % 4]}`,
  creationTime: new Date(now - i * 3_600_000).toISOString(),
  isDeactivated: i % 5 === 0,
  characterLimit: i % 3 === 0 ? null : i * 100,
  usedBy: [],
}));
const typed = 'key 99 prod';
const per: { subject: number; baseline: number }[] = [];
for (let n = 1; n <= typed.length; n++) {
  const q = typed.slice(0, n);
  per.push(measure(() => filterKeys(keys, q, 'active', 'label'), () => keys.filter((k) => k.label.toLowerCase().includes(q))));
}
console.log(`Keys: 1,000 keys, typing "${typed}" one keystroke at a time`);
row('filter + status + sort per keystroke (worst)', { subject: Math.max(...per.map((p) => p.subject)), baseline: Math.max(...per.map((p) => p.baseline)) }, '≤ 50 ms');

// ----- Initial JS -----
if (values['renderer-dir']) {
  const dir = values['renderer-dir'];
  const html = await readFile(join(dir, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="(?:\.?\/)?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let gz = 0;
  for (const f of initial) gz += gzipSync(await readFile(join(dir, f))).length;
  const assets = await readdir(join(dir, 'assets'));
  const uplot = assets.find((a) => /uPlot.*\.js$/.test(a));
  const uplotGz = uplot ? gzipSync(await readFile(join(dir, 'assets', uplot))).length : 0;
  console.log(`Initial JS gzipped: ${(gz / 1024).toFixed(1)} KB (goal ≤ 250 KB, ratio to goal ${(gz / 1024 / 250).toFixed(2)}); uPlot chunk ${(uplotGz / 1024).toFixed(1)} KB, in the initial load: ${initial.some((f) => f.includes('uPlot')) ? 'YES' : 'no'}`);
}
