import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch } from './search-fold.js';

describe('foldForSearch', () => {
  it('finds ё as е and any case (a Russian tour: "ежик" did not find "Ёжик")', () => {
    expect(matchesSearch('Ёжик', 'ежик')).toBe(true);
    expect(matchesSearch('Ёлки и ежи', 'елки')).toBe(true);
    expect(matchesSearch('ёлки', 'ЁЛКИ')).toBe(true);
    expect(matchesSearch('Ежик', 'ёжик')).toBe(true);
  });

  it('keeps й, ў and ї letters of their own', () => {
    expect(matchesSearch('мои файлы', 'мой')).toBe(false);
    expect(matchesSearch('мой файл', 'мой')).toBe(true);
    expect(matchesSearch('Йогурт', 'йогурт')).toBe(true);
    expect(matchesSearch('Їжак', 'іжак')).toBe(false);
    expect(matchesSearch('Їжак', 'їжак')).toBe(true);
    expect(matchesSearch('ўсё', 'усе')).toBe(false);
  });

  it('folds Latin and Greek accents, Cyrillic stress marks, compatibility forms', () => {
    expect(matchesSearch('corazón', 'corazon')).toBe(true);
    expect(matchesSearch('München', 'MUNCHEN')).toBe(true);
    expect(matchesSearch('Ελλάδα', 'ελλαδα')).toBe(true);
    expect(matchesSearch('молоко́', 'молоко')).toBe(true);
    expect(matchesSearch('ｆｉｌｅ', 'file')).toBe(true);
    expect(foldForSearch('ﬁn')).toBe('fin');
  });

  it('leaves kana voicing and Hangul syllables alone', () => {
    expect(matchesSearch('が', 'か')).toBe(false);
    expect(matchesSearch('한국', '하')).toBe(false);
    expect(matchesSearch('한국어', '한국')).toBe(true);
    expect(foldForSearch('한국어')).toBe('한국어');
  });
});
