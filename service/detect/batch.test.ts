/**
 * Tests of how texts sent together get their source language (service process), on detections made up for each
 * rule: what each text of a Segments batch is translated from when no source language was given.
 */
import { describe, expect, it } from 'vitest';
import { BATCH_FIT, batchLanguage, sourceInBatch, sourcesTogether } from './batch.js';
import type { Detection } from './index.js';

const sure = (language: string, scores: Record<string, number> = { [language]: 0.9 }): Detection => ({
  status: 'success',
  language,
  confidence: scores[language] ?? 0,
  scores,
});

describe('batchLanguage', () => {
  it('gives each text one vote, so one long text in another language does not decide for three short ones', () => {
    const short = sure('en', { en: 0.6, fi: 0.55, de: 0.3 });
    const long = sure('de', { de: 0.95, en: 0.3 });
    expect(batchLanguage([short, short, short, long])).toBe('en');
  });

  it('has none for a single text or texts without letters', () => {
    expect(batchLanguage([sure('en')])).toBeUndefined();
    const none: Detection = { status: 'no_language_detected', confidence: 0 };
    expect(batchLanguage([none, none])).toBeUndefined();
  });
});

describe('sourceInBatch', () => {
  it('takes the batch language for a text detected as another that fits the batch language nearly as well', () => {
    expect(sourceInBatch(sure('fi', { fi: 0.69, en: 0.69 * BATCH_FIT + 0.01 }), 'en')).toBe('en');
  });

  it('keeps a text its own language when the batch language fits it clearly worse', () => {
    expect(sourceInBatch(sure('de', { de: 0.8, en: 0.8 * BATCH_FIT - 0.01 }), 'en')).toBe('de');
  });

  it('gives an unsure or undetectable text the batch language', () => {
    expect(sourceInBatch({ status: 'insufficient_confidence', guess: 'nl', confidence: 0.2 }, 'en')).toBe(
      'en',
    );
    expect(sourceInBatch({ status: 'no_language_detected', confidence: 0 }, 'fr')).toBe('fr');
  });

  it('with no batch language, takes the text alone: its answer, its guess, else English', () => {
    expect(sourceInBatch(sure('it'), undefined)).toBe('it');
    expect(
      sourceInBatch({ status: 'insufficient_confidence', guess: 'es', confidence: 0.3 }, undefined),
    ).toBe('es');
    expect(sourceInBatch({ status: 'no_language_detected', confidence: 0 }, undefined)).toBe('en');
  });
});

describe('sourcesTogether', () => {
  it('answers one language per text, in order, and a single text as detected alone', () => {
    const greeting = sure('fi', { fi: 0.69, en: 0.6, de: 0.67 });
    const label = sure('en', { en: 0.7, fi: 0.3 });
    expect(sourcesTogether([greeting, label, label])).toEqual(['en', 'en', 'en']);
    expect(sourcesTogether([greeting])).toEqual(['fi']);
  });
});
