/**
 * Benchmark helper (bench scripts only): the English test corpus of the Apertium benchmark, generated in the run
 * so every measured engine gets the same text, and the timing helpers the benchmark scripts share.
 */

const SUBJECTS = [
  'The old man',
  'My sister',
  'The new manager',
  'Our neighbours',
  'The small dog',
  'A young teacher',
  'The committee',
  'Every student',
  'The red car',
  'This company',
  'The doctor',
  'Her brother',
];
const VERBS = [
  'bought',
  'found',
  'wanted',
  'painted',
  'sold',
  'opened',
  'closed',
  'visited',
  'cleaned',
  'described',
  'repaired',
  'ordered',
];
const OBJECTS = [
  'a big house near the river',
  'the blue door of the school',
  'three books about history',
  'the kitchen window',
  'a cheap ticket to the city',
  'the letters from the bank',
  'a white table',
  'the files of the project',
  'the garden behind the church',
  'two bottles of water',
];
const TAILS = [
  'yesterday',
  'last week',
  'in the morning',
  'before the meeting',
  'after dinner',
  'very quickly',
  'with great care',
  'without any help',
  'for the first time',
  'every summer',
];

/** About `bytes` of English prose as paragraphs of five varied sentences (deterministic). */
export function englishParagraphs(bytes: number): string[] {
  const paragraphs: string[] = [];
  let size = 0;
  let n = 0;
  while (size < bytes) {
    const sentences: string[] = [];
    for (let k = 0; k < 5; k++, n++) {
      const s = SUBJECTS[n % SUBJECTS.length];
      const v = VERBS[Math.floor(n / 3) % VERBS.length];
      const o = OBJECTS[Math.floor(n / 7) % OBJECTS.length];
      const t = TAILS[Math.floor(n / 11) % TAILS.length];
      sentences.push(n % 4 === 3 ? `Did ${s?.toLowerCase()} really want ${o} ${t}?` : `${s} ${v} ${o} ${t}.`);
    }
    const p = sentences.join(' ');
    paragraphs.push(p);
    size += Buffer.byteLength(p) + 2;
  }
  return paragraphs;
}

export const ONE_SENTENCE = 'The new manager bought a big house near the river last week.';

export function percentile(values: number[], p: number): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Runs `fn` `n` times one after the other; returns each duration in ms. */
export async function latencies(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

export interface Figures {
  name: string;
  /** Throughput on the corpus, KB of source text per second (undefined when not measured). */
  kbPerS?: number;
  p50?: number;
  p95?: number;
  note?: string;
}

/** Paragraphs in batches of at most 50 units and 100 KB, the shape an API client sends. */
export function batches(paragraphs: string[], maxUnits = 50, maxBytes = 100_000): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let size = 0;
  for (const p of paragraphs) {
    const b = Buffer.byteLength(p);
    if (cur.length && (cur.length >= maxUnits || size + b > maxBytes)) {
      out.push(cur);
      cur = [];
      size = 0;
    }
    cur.push(p);
    size += b;
  }
  if (cur.length) out.push(cur);
  return out;
}
