/**
 * The pairs a new glossary may have and the one it starts with (issue 20 point 6): only pairs the connection can
 * also translate; Translate's last pair first; with a detected source, never an arbitrary first language.
 */
import { describe, expect, it } from 'vitest';
import { defaultPair, usablePairs } from './glossary-pairs.js';

const P = (...xs: string[]) => xs.map((x) => ({ sourceLang: x.split('>')[0]!, targetLang: x.split('>')[1]! }));
const ALL = P('AR>EN', 'DE>EN', 'EN>DE', 'EN>ES', 'EN>FR', 'EN>JA', 'ES>EN', 'FR>EN');

describe('glossary pairs', () => {
  it('keeps only the pairs the connection translates (variants count as their base); all when it does not say', () => {
    expect(usablePairs(ALL, [{ source: 'EN', target: 'ES' }, { source: 'ES', target: 'EN-GB' }])).toEqual(P('EN>ES', 'ES>EN'));
    expect(usablePairs(ALL, null)).toEqual(ALL);
  });

  it("starts with Translate's pair, else from the user's language or English into Translate's target, else EN→DE", () => {
    expect(defaultPair(ALL, { sourceLang: 'EN', targetLang: 'FR' })).toEqual({ sourceLang: 'EN', targetLang: 'FR' });
    expect(defaultPair(ALL, { sourceLang: '', targetLang: 'EN-US' }, 'de-DE')).toEqual({ sourceLang: 'DE', targetLang: 'EN' });
    expect(defaultPair(ALL, { sourceLang: '', targetLang: 'ES' }, 'en-US')).toEqual({ sourceLang: 'EN', targetLang: 'ES' });
    // English UI, target English, source detected: not "Arabic → English" (the first listed) but EN→DE.
    expect(defaultPair(ALL, { sourceLang: '', targetLang: 'EN-US' }, 'en-US')).toEqual({ sourceLang: 'EN', targetLang: 'DE' });
    expect(defaultPair(P('ES>EN'), { sourceLang: 'JA', targetLang: 'KO' })).toEqual({ sourceLang: 'ES', targetLang: 'EN' });
    expect(defaultPair([], { sourceLang: 'EN', targetLang: 'FR' })).toBeNull();
    // The local engine's glossary pairs (no EN→DE), nothing translated yet on an English system: not Danish →
    // Norwegian (the first listed) but a pair from English; a Japanese user (no Japanese there) gets one too.
    const local = P('DA>NB', 'DA>SV', 'EN>ES', 'EN>FR', 'ES>EN', 'NB>DA');
    expect(defaultPair(local, { sourceLang: '', targetLang: 'EN-US' }, 'en-US')).toEqual({ sourceLang: 'EN', targetLang: 'ES' });
    expect(defaultPair(local, { sourceLang: '', targetLang: 'EN-US' }, 'ja-JP')).toEqual({ sourceLang: 'EN', targetLang: 'ES' });
    expect(defaultPair(local, { sourceLang: '', targetLang: 'ES' }, 'es-ES')).toEqual({ sourceLang: 'EN', targetLang: 'ES' });
    expect(defaultPair(local, { sourceLang: '', targetLang: 'DA' }, 'nb-NO')).toEqual({ sourceLang: 'NB', targetLang: 'DA' });
  });
});
