/**
 * Tests of the local service's language detection (service process): the language and status a user gets
 * back for real texts in the spec's languages, in other languages, and for text with no language at all.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { DETECTABLE_LANGUAGES } from '../../shared/spec/languages.js';
import { span } from '../text/markers.js';
import { sourcesTogether } from './batch.js';
import { createDetector, toSpecCode, type Detector } from './index.js';

interface Labelled {
  texts: { language: string; bucket: 'short' | 'medium' | 'sentence'; text: string }[];
  unsupported: { language: string; text: string }[];
}

let detector: Detector;
let fixtures: Labelled;

beforeAll(async () => {
  detector = await createDetector();
  fixtures = JSON.parse(
    await readFile(new URL('./fixtures/labelled.json', import.meta.url), 'utf8'),
  ) as Labelled;
  // Loading the language databases takes about a second; the margin is for a busy machine.
}, 60_000);

function accuracy(bucket: string): { rate: number; misses: string[] } {
  const items = fixtures.texts.filter((f) => f.bucket === bucket);
  const misses: string[] = [];
  for (const f of items) {
    const d = detector.detect(f.text);
    if (d.status !== 'success' || d.language !== f.language)
      misses.push(`${f.language}: ${d.status} ${d.language ?? ''}`);
  }
  return { rate: (items.length - misses.length) / items.length, misses };
}

describe('language detection', () => {
  it('has fixtures for every detectable language, at least 4 each', () => {
    for (const lang of DETECTABLE_LANGUAGES) {
      expect(fixtures.texts.filter((f) => f.language === lang).length, lang).toBeGreaterThanOrEqual(4);
    }
  });

  it('identifies at least 90% of sentence-length texts and 85% of short questions correctly', () => {
    const sentences = accuracy('sentence');
    expect(sentences.rate, sentences.misses.join('; ')).toBeGreaterThanOrEqual(0.9);
    const medium = accuracy('medium');
    expect(medium.rate, medium.misses.join('; ')).toBeGreaterThanOrEqual(0.85);
  });

  it('reports spec codes for Norwegian, Indonesian, Hebrew and Chinese', () => {
    const cases: [string, string][] = [
      ['Vi skal reise til fjellet i helgen og håper at været blir bra.', 'nb'],
      ['Kami akan pergi ke pantai besok pagi bersama keluarga besar kami.', 'id'],
      ['אנחנו נוסעים לים בסוף השבוע עם כל המשפחה.', 'he'],
      ['我们这个周末要和全家人一起去海边度假。', 'zh'],
    ];
    for (const [text, lang] of cases) {
      const d = detector.detect(text);
      expect(d, text).toMatchObject({ status: 'success', language: lang });
      expect(d.confidence).toBeGreaterThan(0);
      expect(d.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('says no_language_detected for text without letters', () => {
    for (const text of [
      '',
      '   \n\t',
      '12345',
      '3.14 + 2 = 5.14',
      '!!! ??? ...',
      '😀🎉👍',
      '\uE0030\uE001',
    ]) {
      expect(detector.detect(text), JSON.stringify(text)).toEqual({
        status: 'no_language_detected',
        confidence: 0,
      });
    }
  });

  it('says unsupported_language for real sentences in Swahili, Catalan, Hindi and others outside the spec', () => {
    for (const u of fixtures.unsupported) {
      const d = detector.detect(u.text);
      expect(d.status, `${u.language}: ${u.text}`).toBe('unsupported_language');
      expect(d.language).toBeUndefined();
    }
  });

  it('says insufficient_confidence for a word or two it cannot place, with a best guess when it has one', () => {
    const nothing = detector.detect('xyz');
    expect(nothing.status).toBe('insufficient_confidence');
    expect(nothing.language).toBeUndefined();
    const weak = detector.detect('Hello');
    expect(weak.status).toBe('insufficient_confidence');
    expect(weak.language).toBeUndefined();
    expect(DETECTABLE_LANGUAGES).toContain(weak.guess);
  });

  it('ignores inline markers and detects long texts', () => {
    const marked = `Das ist ${span(1, 'wirklich')} ein sehr schöner Tag für einen Spaziergang im Park.`;
    expect(detector.detect(marked)).toMatchObject({ status: 'success', language: 'de' });
    const long = 'Le chat dort sur le canapé pendant que les enfants jouent dans le jardin. '.repeat(1800);
    expect(long.length).toBeGreaterThan(131072);
    expect(detector.detect(long)).toMatchObject({ status: 'success', language: 'fr' });
  });

  it('loads once and serves 50 texts from the same instance', async () => {
    expect(await createDetector()).toBe(detector);
    const batch = fixtures.texts.filter((f) => f.bucket !== 'short').slice(0, 50);
    expect(batch).toHaveLength(50);
    const results = batch.map((f) => detector.detect(f.text));
    const right = results.filter(
      (d, i) => d.status === 'success' && d.language === batch[i]!.language,
    ).length;
    expect(right).toBeGreaterThanOrEqual(45);
  });
});

describe('texts sent together', () => {
  const together = (texts: string[]): string[] => sourcesTogether(texts.map((t) => detector.detect(t)));

  it('gives every labelled short text its language when it comes with the rest of its language', () => {
    const wrong: string[] = [];
    for (const lang of DETECTABLE_LANGUAGES) {
      const texts = fixtures.texts.filter((f) => f.language === lang).map((f) => f.text);
      together(texts).forEach((got, i) => got !== lang && wrong.push(`${lang}→${got} "${texts[i]}"`));
    }
    expect(wrong).toEqual([]);
  });

  it('reads a greeting with a placeholder among English interface strings as English', () => {
    const texts = ['Hello, {name}!', 'Save changes', 'Your changes have been saved.', 'Delete this file?'];
    expect(together(texts)).toEqual(['en', 'en', 'en', 'en']);
  });

  it('keeps a sentence in another language as that language, and it does not decide for the short texts', () => {
    const texts = [
      'Hello, {name}!',
      'Save changes',
      'Your changes have been saved.',
      'Das Wetter war gestern so schön, dass wir am Fluss entlang spazieren gegangen sind.',
    ];
    expect(together(texts)).toEqual(['en', 'en', 'en', 'de']);
  });
});

describe('toSpecCode', () => {
  it('maps library codes onto the spec list and marks others', () => {
    expect(toSpecCode('no')).toBe('nb');
    expect(toSpecCode('iw')).toBe('he');
    expect(toSpecCode('ms')).toBe('id');
    expect(toSpecCode('zh-Hant')).toBe('zh');
    expect(toSpecCode('zh-Latn')).toBe('!zh-latn');
    expect(toSpecCode('EN')).toBe('en');
    expect(toSpecCode('sw')).toBe('!sw');
    expect(toSpecCode('und')).toBe('');
  });
});
