/**
 * The one-plain-sentence fast path of prepareText must give exactly what the full path gives: same units, same
 * rebuilt text for any translation an engine might return (property test over generated inputs).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareText, type TextOptions } from './prepare.js';

const chars = fc.constantFrom(
  'a', 'B', 'é', ' ', '\t', '\u00a0', '\u3000', ',', ';', ':', '-', '(', ')', '"', '«', '»', '中', '😀', '\u200b', '\ufeff',
  '.', '!', '?', '。', '…', '\n', '\uE001', 'x', 'y', 'z', ' ',
);
const text = fc.array(chars, { maxLength: 40 }).map((a) => a.join(''));
const translated = fc.oneof(
  text,
  fc.constant(''),
  fc.array(fc.constantFrom('A', ' ', '\uE0000\uE001', '\uE002', '\uE0030\uE001', 'ñ', '\t'), { maxLength: 12 }).map((a) => a.join('')),
);
const options = fc.record({
  splitSentences: fc.constantFrom('0', '1', 'nonewlines') as fc.Arbitrary<TextOptions['splitSentences']>,
  preserveFormatting: fc.boolean(),
  sourceLang: fc.constantFrom('EN', 'DE', undefined),
});

describe('prepareText fast path', () => {
  it('matches the full path for units and rebuilt text', () => {
    fc.assert(
      fc.property(text, translated, options, (t, tr, o) => {
        const fast = prepareText(t, o);
        const full = prepareText(t, { ...o, fastPath: false });
        expect(fast.units).toEqual(full.units);
        if (full.units.length === 1) expect(fast.rebuild([tr])).toBe(full.rebuild([tr]));
        expect(fast.rebuild(fast.units)).toBe(full.rebuild(full.units));
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the fast path for a plain sentence and keeps its edge whitespace', () => {
    const p = prepareText('  The quick brown fox.  ', { splitSentences: '1' });
    expect(p.units).toEqual(['The quick brown fox.']);
    expect(p.rebuild(['Der schnelle Fuchs.'])).toBe('  Der schnelle Fuchs.  ');
  });
});
