/**
 * The text sample a document's language is detected from (../detect/sample.ts): body text first in document
 * order, short labels after it longest first, markers and repeats left out, complete at a few KB.
 */
import { describe, expect, it } from 'vitest';
import { CLOSE, openSpan, placeholder } from '../text/markers.js';
import { MAX_UNITS_SEEN, SAMPLE_CHARS, TextSampler } from './sample.js';

const sentence = (i: number) => `Sentence number ${i} is long enough to count as body text.`;

describe('document text sample', () => {
  it('puts body text first, in document order, and labels after it, longest first', () => {
    const s = new TextSampler();
    s.add(['smart1', 'Smart3', sentence(1), 'Edit Master text styles here']);
    s.add(['OK', 'A longer label', sentence(2)]);
    expect(s.sample().split('\n')).toEqual([sentence(1), 'Edit Master text styles here', sentence(2), 'A longer label', 'smart1', 'Smart3', 'OK']);
    expect(s.full).toBe(false);
  });

  it('reads units without their markers, skips repeats and units without letters', () => {
    const s = new TextSampler();
    const marked = `Click ${openSpan(1)}to edit${CLOSE} the Master  title style ${placeholder(2)}`;
    s.add([marked, 'Click to edit the Master title style', '12 345', '   ', '—']);
    expect(s.sample()).toBe('Click to edit the Master title style');
  });

  it('is complete at SAMPLE_CHARS of body text and ignores what comes after', () => {
    const s = new TextSampler();
    for (let i = 0; !s.full; i++) s.add([sentence(i)]);
    s.add(['Ein deutscher Satz, der nicht mehr in die Stichprobe kommt.']);
    expect(s.sample()).toHaveLength(SAMPLE_CHARS);
    expect(s.sample()).not.toContain('deutscher');
  });

  it('keeps at most SAMPLE_CHARS of labels, the longest, and is complete after MAX_UNITS_SEEN units', () => {
    const s = new TextSampler();
    const labels = Array.from({ length: MAX_UNITS_SEEN - 1 }, (_, i) => (i % 2 ? 'short' : 'a bit longer') + ` ${i}`);
    s.add(labels);
    expect(s.full).toBe(false);
    const sample = s.sample();
    expect(sample.length).toBeLessThanOrEqual(SAMPLE_CHARS);
    expect(sample).not.toContain('short');
    s.add(['last']);
    expect(s.full).toBe(true);
  });

  it('is empty for a document without letters', () => {
    const s = new TextSampler();
    s.add(['1', '2.5 %', '']);
    expect(s.sample()).toBe('');
  });
});
