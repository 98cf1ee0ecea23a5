/**
 * Reader of the protection corpus (./protect-corpus.txt, test code only): each string with the spans that must
 * come back byte for byte (marked ⟪…⟫ in the file) and its section.
 */
import { readFileSync } from 'node:fs';

export interface CorpusEntry {
  section: string;
  line: number;
  text: string;
  /** Spans to keep, in source order, with their offsets in `text`. */
  keep: Array<{ start: number; end: number; text: string }>;
}

export function readProtectCorpus(): CorpusEntry[] {
  const raw = readFileSync(new URL('./protect-corpus.txt', import.meta.url), 'utf8');
  const out: CorpusEntry[] = [];
  let section = '';
  raw.split('\n').forEach((l, i) => {
    if (l.startsWith('@ ')) section = l.slice(2).trim();
    if (!l.trim() || l.startsWith('#') || l.startsWith('@ ')) return;
    let text = '';
    const keep: CorpusEntry['keep'] = [];
    for (const [k, part] of l.replace(/↵/g, '\n').split(/[⟪⟫]/).entries()) {
      if (k % 2 === 1) keep.push({ start: text.length, end: text.length + part.length, text: part });
      text += part;
    }
    out.push({ section, line: i + 1, text, keep });
  });
  return out;
}
