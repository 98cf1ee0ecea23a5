import { describe, expect, it } from 'vitest';
import { BATCH_BODY_BUDGET, minimumRequests, planBatches, textCost } from './batching.js';
import { joinPieces, splitLongText } from './long-text.js';

const paragraph = (i: number) =>
  `Paragraph ${i}: the red car is very fast. "Quoted" text, naïve café — 😀 emoji.\nA second line here.`;

describe('splitLongText', () => {
  it('gives back the text exactly when the pieces are joined untranslated', () => {
    const text = Array.from({ length: 3000 }, (_, i) => paragraph(i)).join('\n\n') + '\n';
    const pieces = splitLongText(text, 20_000);
    expect(pieces.length).toBeGreaterThan(1);
    expect(joinPieces(pieces, pieces.filter((p) => p.core).map((p) => p.core))).toBe(text);
    for (const p of pieces) expect(textCost(p.core)).toBeLessThanOrEqual(20_000);
  });

  it('cuts at paragraph boundaries when there are any', () => {
    const text = Array.from({ length: 400 }, (_, i) => paragraph(i)).join('\n\n');
    const pieces = splitLongText(text, 5_000);
    // Every piece but the last ends where a paragraph ended: its trailing whitespace holds the blank line.
    for (const p of pieces.slice(0, -1)) expect(p.trail).toMatch(/\n\s*\n/);
  });

  it('falls back to sentences, then words, then a hard cut, never splitting a surrogate pair', () => {
    const sentences = 'One sentence here. '.repeat(2000);
    expect(splitLongText(sentences, 1_000).every((p) => p.core.endsWith('.'))).toBe(true);
    const emoji = '😀'.repeat(5000);
    const pieces = splitLongText(emoji, 1_000);
    expect(pieces.map((p) => p.lead + p.core + p.trail).join('')).toBe(emoji);
    for (const p of pieces) expect(p.core.length % 2).toBe(0);
  });

  it('joins translations between the original separators', () => {
    const pieces = splitLongText('  Hello there.\n\nSecond part.  ', 20);
    const out = joinPieces(pieces, pieces.filter((p) => p.core).map((p) => p.core.toUpperCase()));
    expect(out).toBe('  HELLO THERE.\n\nSECOND PART.  ');
  });

  it('needs as few requests as the limits allow for a 1 MB text (or one more)', () => {
    const text = Array.from({ length: 9000 }, (_, i) => paragraph(i)).join('\n\n');
    expect(text.length).toBeGreaterThan(900_000);
    const base = 60;
    const pieces = splitLongText(text, BATCH_BODY_BUDGET - base);
    const cores = pieces.filter((p) => p.core).map((p) => p.core);
    const plan = planBatches(cores, base);
    expect(plan.tooLarge).toEqual([]);
    const floor = minimumRequests(cores, base);
    expect(plan.chunks.length).toBeLessThanOrEqual(floor + 1);
  });
});
