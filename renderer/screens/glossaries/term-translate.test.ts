/**
 * Suggestions of "Translate this term" take the case of their source term (seen on a Russian tour: house, dog, cat
 * came back as "Casa, Cane, Gatto", and the glossary then wrote "Vedo Casa e Cane." in Translate).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { VersoApi } from '../../../shared/ipc/api-types.js';
import { setApi } from '../../lib/api.js';
import { makeRow } from './editor-store.js';
import { translateTerms, withCaseOf } from './term-translate.js';

afterEach(() => setApi(null));

describe('translateTerms', () => {
  it('gives each suggestion the case of its source term (house, dog → casa, cane; not Casa, Cane)', async () => {
    const given: Record<string, string> = { house: 'Casa', dog: 'Cane', WATER: 'Acqua' };
    setApi({
      translate: {
        batch: async ({ batchId, segments }: { batchId: string; segments: string[] }) => ({
          ok: true,
          data: { batchId, translations: segments.map((s) => ({ text: given[s]!, protected: true })), failures: [], requests: 1, characters: 1, engine: 'apertium' },
        }),
      },
    } as unknown as VersoApi);
    const rows = ['house', 'dog', 'WATER'].map((s) => makeRow(s, ''));
    const out = await translateTerms(rows, { ok: true, sourceLang: 'EN', targetLang: 'IT' }, 'c1');
    expect(out.fills.map((f) => f.text)).toEqual(['casa', 'cane', 'ACQUA']);
  });
});

describe('withCaseOf', () => {
  it('a term in lower case gets a suggestion starting in lower case', () => {
    const got = ['house', 'dog', 'cat', 'water', 'bread'].map((s, i) => withCaseOf(s, ['Casa', 'Cane', 'Gatto', 'Acqua', 'Pane'][i]!, 'IT'));
    expect(got).toEqual(['casa', 'cane', 'gatto', 'acqua', 'pane']);
    expect(withCaseOf('power plant', 'Centrale elettrica', 'IT')).toBe('centrale elettrica');
    expect(withCaseOf('house', 'Дом', 'RU')).toBe('дом');
    expect(withCaseOf('water', '«Agua»', 'ES')).toBe('«agua»');
  });

  it('German (nouns take a capital) keeps the suggestion as given', () => {
    expect(withCaseOf('house', 'Haus', 'DE')).toBe('Haus');
    expect(withCaseOf('house', 'Haus', 'de')).toBe('Haus');
  });

  it('a term in capitals gets a suggestion in capitals', () => {
    expect(withCaseOf('WATER', 'Acqua', 'IT')).toBe('ACQUA');
    expect(withCaseOf('FAQ', 'Domande frequenti', 'IT')).toBe('DOMANDE FREQUENTI');
    expect(withCaseOf('ISTANBUL', 'istanbul', 'TR')).toBe('İSTANBUL');
  });

  it('leaves acronyms, names in mixed case, one-letter terms and scripts without case alone', () => {
    expect(withCaseOf('united nations', 'ONU', 'IT')).toBe('ONU');
    expect(withCaseOf('phone', 'iPhone', 'IT')).toBe('iPhone');
    expect(withCaseOf('Paris', 'Parigi', 'IT')).toBe('Parigi');
    expect(withCaseOf('X', 'Ics', 'IT')).toBe('Ics');
    expect(withCaseOf('house', '家', 'JA')).toBe('家');
    expect(withCaseOf('家', 'House', 'EN-GB')).toBe('House');
  });
});
