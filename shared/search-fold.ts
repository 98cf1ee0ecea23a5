/**
 * Search text folding (renderer and main): what a search box compares, so that a user finds a name or a text as
 * typed on any keyboard. Case is folded, and so are accents: "corazon" finds "corazón", "munchen" "München",
 * "ежик" finds "Ёжик" and "елки" "Ёлки" (Russian is mostly typed and printed without the diaeresis of ё).
 *
 * Only the diacritics of the Latin and Greek scripts and the diaeresis of ё go: the letters that are letters of
 * their own in Cyrillic stay apart — й is not и (Russian "мой" is not "мои"), ў is not у (Belarusian), ї is not і
 * (Ukrainian). Stress marks written over Cyrillic vowels (о́) go. Marks outside U+0300–U+036F (the kana voicing
 * marks of Japanese, Hangul jamo) are kept: the text is composed again (NFC), so Korean syllables stay syllables.
 * Compatibility forms are folded too (NFKD): full-width Latin, ligatures (ﬁ → fi).
 */

const MARKS = /[\u0300-\u036f]+/g;
const NON_ASCII = /[^\u0000-\u007f]/;

/** Cyrillic letters whose mark makes another letter: й (и + breve), ў (у + breve), ї (і + diaeresis). */
function keptMark(base: string | undefined, marks: string): string {
  if ((base === 'и' || base === 'у') && marks.includes('\u0306')) return '\u0306';
  if (base === 'і' && marks.includes('\u0308')) return '\u0308';
  return '';
}

/** `s` as a search compares it: lower case, Latin and Greek accents and the ё's diaeresis removed. */
export function foldForSearch(s: string): string {
  const lower = s.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  const d = lower.normalize('NFKD');
  return d.replace(MARKS, (marks: string, at: number) => keptMark(d[at - 1], marks)).normalize('NFC');
}

/** Whether `text` contains `query` (already folded with `foldForSearch`, or folded here). */
export function matchesSearch(text: string, query: string): boolean {
  return foldForSearch(text).includes(foldForSearch(query));
}
