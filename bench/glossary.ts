/**
 * Benchmark (Node): a 10 MiB TSV of ~150,000 rows through the glossary import and the editor's checks, against a
 * plain `split('\n')` of the same text as the floor, measured in the same run (medians of 5 rounds).
 *   import      = decode + papaparse (delimiter/header detection) in main
 *   validate    = the editor's rules over every row (cold cache, as on opening)
 *   revalidate  = the same after one edited row (the per-row cache at work, as on every keystroke)
 *   save prep   = the checks + TSV serialisation main runs before the network (`assertSendable`)
 * Run: npx tsx bench/glossary.ts
 */
import { performance } from 'node:perf_hooks';
import { importGlossaryFile } from '../electron/main/services/glossary-files.js';
import { assertSendable } from '../electron/main/services/glossaries.js';
import { RowChecker } from '../shared/glossaries/rules.js';

// ~70 bytes a row: about 150,000 rows fill 10 MiB (just under the limit).
const LIMIT = 10 * 1024 * 1024 - 256;
const lines: string[] = [];
let size = -1;
for (let i = 0; ; i++) {
  const line = `term ${i} ${'x'.repeat(20 + (i % 10))}-end\tBegriff ${i} ${'y'.repeat(15 + (i % 8))}-ende`;
  if (size + line.length + 1 > LIMIT) break;
  lines.push(line);
  size += line.length + 1;
}
const text = lines.join('\n');
const bytes = new TextEncoder().encode(text);

async function median(fn: () => unknown | Promise<unknown>, rounds = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
}

const floor = await median(() => new TextDecoder().decode(bytes).split('\n').map((l) => l.split('\t')));
let entries: [string, string][] = [];
const imp = await median(async () => {
  entries = (await importGlossaryFile('bench.tsv', bytes)).entries;
});
const rows = entries.map(([source, target]) => ({ source, target }));
const validate = await median(() => new RowChecker().validate(rows));
const checker = new RowChecker();
checker.validate(rows);
const revalidate = await median(() => {
  rows[1234] = { ...rows[1234]!, target: `${rows[1234]!.target}!` };
  checker.validate(rows);
});
const prep = await median(() => assertSendable({ name: 'bench', sourceLang: 'EN', targetLang: 'DE', entries }));

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const ratio = (ms: number) => `${(ms / floor).toFixed(1)}× floor`;
console.log(`glossary bench: ${entries.length.toLocaleString('en')} rows, ${(bytes.length / 1048576).toFixed(2)} MiB`);
console.log(`  floor  split('\\n') + split('\\t')   ${fmt(floor)}`);
console.log(`  import (decode + papaparse)        ${fmt(imp)}  ${ratio(imp)}`);
console.log(`  validate, cold                     ${fmt(validate)}  ${ratio(validate)}`);
console.log(`  revalidate after one edit          ${fmt(revalidate)}  ${ratio(revalidate)}`);
console.log(`  import + validate (goal < 1500 ms) ${fmt(imp + validate)}`);
console.log(`  save preparation (goal < 300 ms)   ${fmt(prep)}  ${ratio(prep)}`);
