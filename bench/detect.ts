/**
 * Language-detection comparison (bench script, run with `npx tsx bench/detect.ts`): eld, cld3-asm and tinyld,
 * alone, restricted to the spec's detectable languages, and combined, against the hand-written labelled set in
 * service/detect/fixtures/labelled.json. Prints accuracy per library and per length bucket, how often a
 * sentence in a language outside the spec is recognised as such, and ms per text as a ratio to the fastest
 * candidate measured in the same run. The service's own detector (service/detect/index.ts) is the last row.
 * Then texts sent together (a Segments batch, without `source_lang`): each language's texts as one batch, and one
 * short or medium text of another language in a batch of a language's sentences, each text's language taken
 * alone (as before) and weighed against its batch's (service/detect/batch.ts), side by side.
 */
import { readFile } from 'node:fs/promises';
import { loadModule } from 'cld3-asm';
import { eld as eldMedium } from 'eld/medium';
import { eld as eldLarge } from 'eld/large';
import * as tinyld from 'tinyld';
import { DETECTABLE_LANGUAGES } from '../shared/spec/languages.js';
import { sourceInBatch, sourcesTogether } from '../service/detect/batch.js';
import { createDetector, type Detection } from '../service/detect/index.js';

interface Labelled {
  texts: { language: string; bucket: 'short' | 'medium' | 'sentence'; text: string }[];
  unsupported: { language: string; text: string }[];
}

const fixtures = JSON.parse(
  await readFile(new URL('../service/detect/fixtures/labelled.json', import.meta.url), 'utf8'),
) as Labelled;

const SPEC = new Set(DETECTABLE_LANGUAGES);

/** Library code → spec code, or `!code` for a language outside the spec, or '' for no answer. */
function toSpec(code: string): string {
  const c = code.toLowerCase();
  if (c === '' || c === 'und') return '';
  if (c === 'no' || c === 'nob' || c === 'nb') return 'nb';
  if (c === 'iw') return 'he';
  if (c === 'ms') return 'id';
  if (c === 'zh' || (c.startsWith('zh-') && !c.endsWith('-latn'))) return 'zh';
  return SPEC.has(c) ? c : `!${c}`;
}

const subset = [...DETECTABLE_LANGUAGES.filter((l) => l !== 'nb' && l !== 'id'), 'no', 'ms'];

const eldMediumFull = eldMedium.newInstance();
const eldMediumSub = eldMedium.newInstance();
eldMediumSub.setLanguageSubset(subset);
const eldLargeFull = eldLarge.newInstance();
const eldLargeSub = eldLarge.newInstance();
eldLargeSub.setLanguageSubset(subset);
const cld = (await loadModule()).create(0, 1000);
const tinyOnly = [...DETECTABLE_LANGUAGES];
const detector = await createDetector();

type Strategy = (text: string) => string;

const strategies: [string, Strategy][] = [
  ['eld medium (60 langs)', (t) => toSpec(eldMediumFull.detect(t).language)],
  ['eld medium, spec subset', (t) => toSpec(eldMediumSub.detect(t).language)],
  ['eld large (60 langs)', (t) => toSpec(eldLargeFull.detect(t).language)],
  ['eld large, spec subset', (t) => toSpec(eldLargeSub.detect(t).language)],
  ['cld3-asm', (t) => toSpec(cld.findLanguage(t).language)],
  ['tinyld (62 langs)', (t) => toSpec(tinyld.detect(t))],
  ['tinyld, only spec', (t) => toSpec(tinyld.detect(t, { only: tinyOnly }))],
  [
    'eld-M subset, cld3 if short/unreliable',
    (t) => {
      const e = eldMediumSub.detect(t);
      if (t.length >= 20 && e.isReliable()) return toSpec(e.language);
      const c = toSpec(cld.findLanguage(t).language);
      return c !== '' && !c.startsWith('!') ? c : toSpec(e.language);
    },
  ],
  [
    'eld-M subset, tinyld if short/unreliable',
    (t) => {
      const e = eldMediumSub.detect(t);
      if (t.length >= 20 && e.isReliable()) return toSpec(e.language);
      const c = toSpec(tinyld.detect(t, { only: tinyOnly }));
      return c !== '' ? c : toSpec(e.language);
    },
  ],
  [
    'service detector (index.ts)',
    (t) => {
      const d = detector.detect(t);
      if (d.status === 'unsupported_language') return '!other';
      return d.language ?? '';
    },
  ],
];

const buckets = ['short', 'medium', 'sentence'] as const;
const rows: { name: string; acc: Record<string, string>; all: string; unsupported: string; ms: number }[] =
  [];
const misses = new Map<string, string[]>();

for (const [name, run] of strategies) {
  // Warm-up pass so lazy loading and JIT do not count against the first texts.
  for (const f of fixtures.texts) run(f.text);
  const started = performance.now();
  const rounds = 3;
  let correct: Record<string, number> = { short: 0, medium: 0, sentence: 0 };
  const wrong: string[] = [];
  for (let r = 0; r < rounds; r++) {
    correct = { short: 0, medium: 0, sentence: 0 };
    for (const f of fixtures.texts) {
      const got = run(f.text);
      if (got === f.language) correct[f.bucket] = (correct[f.bucket] ?? 0) + 1;
      else if (r === 0) wrong.push(`${f.language}→${got || '∅'} "${f.text.slice(0, 24)}"`);
    }
    for (const u of fixtures.unsupported) run(u.text);
  }
  const ms = (performance.now() - started) / rounds / (fixtures.texts.length + fixtures.unsupported.length);
  const total = (b: string) => fixtures.texts.filter((f) => f.bucket === b).length;
  const acc: Record<string, string> = {};
  for (const b of buckets) acc[b] = `${(((correct[b] ?? 0) / total(b)) * 100).toFixed(1)}%`;
  const allCorrect = buckets.reduce((s, b) => s + (correct[b] ?? 0), 0);
  const outside = fixtures.unsupported.filter((u) => run(u.text).startsWith('!')).length;
  rows.push({
    name,
    acc,
    all: `${((allCorrect / fixtures.texts.length) * 100).toFixed(1)}%`,
    unsupported: `${outside}/${fixtures.unsupported.length}`,
    ms,
  });
  misses.set(name, wrong);
}

const fastest = Math.min(...rows.map((r) => r.ms));
console.log(
  `Labelled set: ${fixtures.texts.length} texts in ${SPEC.size} spec languages ` +
    `(${buckets.map((b) => `${fixtures.texts.filter((f) => f.bucket === b).length} ${b}`).join(', ')}), ` +
    `${fixtures.unsupported.length} sentences outside the spec.\n`,
);
console.log(
  [
    'strategy'.padEnd(42),
    'short',
    '  medium',
    'sentence',
    '  all',
    '   outside-spec seen',
    ' ms/text',
    ' ×fastest',
  ].join(' '),
);
for (const r of rows) {
  console.log(
    [
      r.name.padEnd(42),
      r.acc.short!.padStart(6),
      r.acc.medium!.padStart(7),
      r.acc.sentence!.padStart(8),
      r.all.padStart(6),
      r.unsupported.padStart(19),
      r.ms.toFixed(3).padStart(8),
      (r.ms / fastest).toFixed(1).padStart(8),
    ].join(' '),
  );
}
if (process.argv.includes('--misses')) {
  for (const [name, wrong] of misses) console.log(`\n${name}: ${wrong.join('; ')}`);
}

// Texts sent together. "Alone" is what each text got before batches were weighed: the service's rule with no
// batch language (its own answer, else its guess, else English). "Together" is the service's rule
// (service/detect/batch.ts); "joined" the same rule with the batch's language detected on the texts joined into one,
// the alternative it was chosen over.
const alone = (d: Detection): string => sourceInBatch(d, undefined);
const ways: Record<string, (texts: string[]) => string[]> = {
  alone: (texts) => texts.map((t) => alone(detector.detect(t))),
  together: (texts) => sourcesTogether(texts.map((t) => detector.detect(t))),
  joined: (texts) => {
    const whole = detector.detect(texts.join('\n'));
    const common = whole.status === 'success' ? whole.language : undefined;
    return texts.map((t) => sourceInBatch(detector.detect(t), common));
  },
};
const languages = [...new Set(fixtures.texts.map((f) => f.language))];
const tally = new Map<string, Record<string, [number, number]>>();
const count = (row: string, way: string, right: boolean): void => {
  const r = tally.get(row) ?? tally.set(row, {}).get(row)!;
  const c = (r[way] ??= [0, 0]);
  c[1]++;
  if (right) c[0]++;
};
for (const lang of languages) {
  const own = fixtures.texts.filter((f) => f.language === lang);
  const sentences = own.filter((f) => f.bucket === 'sentence');
  const shorter = own.filter((f) => f.bucket !== 'sentence');
  for (const [way, run] of Object.entries(ways)) {
    run(own.map((f) => f.text)).forEach((got, i) =>
      count(`${own[i]!.bucket} texts in a batch of their language`, way, got === lang),
    );
    for (const other of fixtures.texts.filter((f) => f.language !== lang)) {
      if (other.bucket !== 'sentence') {
        const got = run([...sentences.map((f) => f.text), other.text]);
        count('a short or medium text in a batch of sentences of another language', way, got.at(-1) === other.language);
      } else {
        const got = run([...shorter.map((f) => f.text), other.text]);
        count('a sentence in a batch of short texts of another language', way, got.at(-1) === other.language);
        count('  ... and the short texts beside it (all right)', way, got.slice(0, -1).every((g) => g === lang));
      }
    }
  }
}
const pct = ([a, n]: [number, number]): string => `${((a / n) * 100).toFixed(1)}%`.padStart(9);
console.log('\nTexts sent together: source language right, per text');
console.log(`  ${''.padEnd(70)} ${Object.keys(ways).map((w) => w.padStart(9)).join('')}`);
for (const [row, r] of tally) console.log(`  ${row.padEnd(70)} ${Object.keys(ways).map((w) => pct(r[w]!)).join('')}`);
