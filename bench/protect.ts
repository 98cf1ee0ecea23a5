/**
 * Benchmark of protection (issue 22): time per 1,000 segments through the local service's text path —
 * `prepareText` → engine → `rebuild` — with protection on (`new EngineSet(engines)`, the service's default) and
 * off (`{ protect: false }`, the baseline), measured in the same run in alternating rounds (best and median).
 * Scenarios:
 *   - the protection corpus (service/test/protect-corpus.txt: strings full of placeholders, paths, identifiers)
 *     and plain prose, on the pseudo engine: the cost against the service's own code alone (the pseudo engine
 *     costs almost nothing, so this is the harshest ratio);
 *   - the corpus on Apertium EN→ES, the engine users run (skipped, with the reason printed, where it is absent).
 * The goal is ≤ 5 % overhead. Run: node --expose-gc --import tsx bench/protect.ts (a collection before each
 * round keeps one path's garbage out of the other's time; without --expose-gc the figures are noisier).
 *
 * On a shared machine the two paths' wall times wander more than protection costs, so the protection's own work
 * (`protectUnit` on each unit, then `finish` on the engine's answer: all that `protectEngine` adds) is also timed
 * alone, in CPU time, and printed as a share of the baseline's CPU time.
 */
import { existsSync } from 'node:fs';
import { createPseudoEngine } from '../service/engines/pseudo.js';
import { EngineSet } from '../service/engines/registry.js';
import type { Engine } from '../service/engines/types.js';
import { protectUnit } from '../service/engines/protect.js';
import { prepareText } from '../service/text/prepare.js';
import { readProtectCorpus } from '../service/test/protect-corpus.js';

const SEGMENTS = 1000;
const entries = readProtectCorpus();
const repeat = (texts: string[]) => Array.from({ length: SEGMENTS }, (_, i) => texts[i % texts.length]!);
const corpus = repeat(entries.map((e) => e.text));
const prose = repeat(entries.filter((e) => e.keep.length === 0).map((e) => e.text));

async function textPath(engines: EngineSet, segments: string[]): Promise<string[]> {
  const engine = engines.pick('EN', 'ES')!;
  const prepared = segments.map((s) => prepareText(s, { splitSentences: '1', sourceLang: 'EN' }));
  const units = prepared.flatMap((p) => p.units);
  const translated: string[] = [];
  // In requests of 50 texts, as the API sends them.
  for (let i = 0; i < units.length; i += 50) {
    translated.push(...(await engine.translate({ source: 'EN', target: 'ES', units: units.slice(i, i + 50) })));
  }
  let at = 0;
  return prepared.map((p) => p.rebuild(translated.slice(at, (at += p.units.length))));
}

const gc = (globalThis as { gc?: () => void }).gc;

async function time(engines: EngineSet, segments: string[]): Promise<number> {
  gc?.();
  const t0 = process.hrtime.bigint();
  await textPath(engines, segments);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const best = (xs: number[]) => Math.min(...xs);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (a: number, b: number) => `${((a / b - 1) * 100).toFixed(1).padStart(6)} %`;

/** CPU milliseconds of `f` (user + system). */
async function cpu(f: () => unknown): Promise<number> {
  gc?.();
  const t0 = process.cpuUsage();
  await f();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000;
}

/**
 * The protection's own work on the pseudo engine, alone: every unit of the segments protected, and each engine
 * answer finished (answers recorded once), against the baseline path's CPU time; medians over rounds.
 */
async function ownWork(label: string, segments: string[], rounds: number): Promise<void> {
  const engine = createPseudoEngine();
  const off = new EngineSet([engine], { protect: false });
  const units = segments.flatMap((s) => prepareText(s, { splitSentences: '1', sourceLang: 'EN' }).units);
  const plans = units.map(protectUnit);
  const answers = await engine.translate({ source: 'EN', target: 'ES', units: plans.map((p) => p.unit) });
  const work = () => {
    for (let i = 0; i < units.length; i++) protectUnit(units[i]!).finish(answers[i]!);
  };
  const base: number[] = [];
  const own: number[] = [];
  for (let r = 0; r < rounds + 3; r++) {
    const b = await cpu(() => textPath(off, segments));
    const o = await cpu(work);
    if (r >= 3) {
      base.push(b);
      own.push(o);
    }
  }
  console.log(
    `${label.padEnd(34)} baseline ${median(base).toFixed(2).padStart(6)} ms CPU, protection's own work ${median(own).toFixed(2).padStart(5)} ms = ${((median(own) / median(base)) * 100).toFixed(1)} %`,
  );
}

async function scenario(label: string, engine: Engine, segments: string[], rounds: number): Promise<void> {
  const on = new EngineSet([engine]);
  const off = new EngineSet([engine], { protect: false });
  for (let i = 0; i < 2; i++) {
    await time(off, segments);
    await time(on, segments);
  }
  const base: number[] = [];
  const prot: number[] = [];
  for (let r = 0; r < rounds; r++) {
    base.push(await time(off, segments));
    prot.push(await time(on, segments));
  }
  console.log(
    `${label.padEnd(34)} ${best(base).toFixed(1).padStart(9)} ${best(prot).toFixed(1).padStart(9)} ${pct(best(prot), best(base))}` +
      `   ${median(base).toFixed(1).padStart(9)} ${median(prot).toFixed(1).padStart(9)} ${pct(median(prot), median(base))}`,
  );
}

console.log(`ms per ${SEGMENTS} segments through prepareText → engine → rebuild, protection off (baseline) and on\n`);
console.log(`${'scenario'.padEnd(34)} ${'best off'.padStart(9)} ${'best on'.padStart(9)} ${'overhead'.padStart(8)}   ${'med. off'.padStart(9)} ${'med. on'.padStart(9)} ${'overhead'.padStart(8)}`);
await scenario('corpus strings, pseudo engine', createPseudoEngine(), corpus, 40);
await scenario('plain prose, pseudo engine', createPseudoEngine(), prose, 40);
console.log(`\nprotection's own work alone (CPU time, medians), as a share of the baseline path's CPU time`);
await ownWork('corpus strings, pseudo engine', corpus, 40);
await ownWork('plain prose, pseudo engine', prose, 40);
console.log('');
const modes = '/usr/share/apertium/modes';
if (existsSync(`${modes}/eng-spa.mode`)) {
  const { createApertiumEngine } = await import('../service/engines/apertium/index.js');
  const apertium = createApertiumEngine({ modesDir: modes });
  await apertium.start();
  await scenario('corpus strings, Apertium EN→ES', apertium, corpus, 6);
  await apertium.close();
} else {
  console.log('Apertium EN→ES skipped: apertium and apertium-eng-spa are not installed (./scripts/setup).');
}
console.log('\ngoal: overhead ≤ 5 %');
