/**
 * Benchmark of the text layer of the local service (service/text): sentence splitting and tag handling on
 * large inputs. Prints figures side by side as ratios against baselines measured in the same run:
 *   - plain splitting of 1 MB against a naive regex splitter (the floor any splitter pays);
 *   - linearity: the same work on 120 KB and on 1.2 MB (a ratio near 10 means no quadratic behaviour);
 *   - XML and HTML tag handling of a 120 KB document, prepare + identity rebuild.
 * Run: npx tsx bench/text-prepare.ts
 */
import { prepareText } from '../service/text/prepare.js';

const SENTENCES = [
  'Mr. Smith paid $3.50 for e.g. apples at the market.',
  'Then Dr. Jones arrived with the U.S. delegation!',
  'Did anyone expect that?',
  'The report (see Fig. 3) shows a rise of 4.2 per cent.',
  'It was late, so everyone went home.',
];

function plainText(bytes: number): string {
  let out = '';
  let i = 0;
  while (out.length < bytes) {
    out += SENTENCES[i % SENTENCES.length]!;
    out += i % 7 === 6 ? '\n\n' : ' ';
    i++;
  }
  return out;
}

function markupText(bytes: number): string {
  let out = '<doc>';
  let i = 0;
  while (out.length < bytes) {
    out += `<p id="p${i}">${SENTENCES[i % 5]} <b>Bold ${i} &amp; more.</b> <i>Nested <b>run</b> here</i>. ${SENTENCES[(i + 2) % 5]}</p>\n`;
    i++;
  }
  return `${out}</doc>`;
}

function time(label: string, fn: () => unknown, repeat = 3): number {
  fn();
  let best = Infinity;
  for (let r = 0; r < repeat; r++) {
    const t0 = process.hrtime.bigint();
    fn();
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  console.log(`${label.padEnd(52)} ${best.toFixed(1).padStart(9)} ms`);
  return best;
}

const mb = plainText(1_000_000);
const small = plainText(120_000);
const big = plainText(1_200_000);
const xml = markupText(120_000);

console.log(`inputs: plain ${(mb.length / 1e6).toFixed(2)} MB, markup ${(xml.length / 1e3).toFixed(0)} KB\n`);
const naive = time('naive regex split, 1 MB', () => mb.split(/(?<=[.!?])\s+/));
const ours = time('prepareText split_sentences=1, 1 MB', () => prepareText(mb, { splitSentences: '1', sourceLang: 'EN' }));
const noNl = time('prepareText split_sentences=nonewlines, 1 MB', () => prepareText(mb, { splitSentences: 'nonewlines', sourceLang: 'EN' }));
const t120 = time('prepareText + rebuild, plain 120 KB', () => {
  const p = prepareText(small, { splitSentences: '1' });
  p.rebuild(p.units);
});
const t1200 = time('prepareText + rebuild, plain 1.2 MB', () => {
  const p = prepareText(big, { splitSentences: '1' });
  p.rebuild(p.units);
});
const tXml = time('prepareText + rebuild, XML 120 KB', () => {
  const p = prepareText(xml, { splitSentences: 'nonewlines', tagHandling: 'xml' });
  p.rebuild(p.units);
});
const tHtml = time('prepareText + rebuild, HTML 120 KB', () => {
  const p = prepareText(xml, { splitSentences: 'nonewlines', tagHandling: 'html' });
  p.rebuild(p.units);
});
const unitsCount = prepareText(mb, { splitSentences: '1' }).units.length;

console.log('\nratios');
console.log(`  ours / naive regex (1 MB, ${unitsCount} units)          ${(ours / naive).toFixed(1)}x`);
console.log(`  nonewlines / 1 (1 MB)                              ${(noNl / ours).toFixed(2)}x`);
console.log(`  1.2 MB / 120 KB (10x input; ~10 = linear)          ${(t1200 / t120).toFixed(1)}x`);
console.log(`  XML 120 KB / plain 120 KB                          ${(tXml / t120).toFixed(1)}x`);
console.log(`  HTML 120 KB / plain 120 KB                         ${(tHtml / t120).toFixed(1)}x`);
