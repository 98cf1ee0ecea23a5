/**
 * Sentence splitting: the tricky inputs measured in the research notes (§5), per language and per
 * split_sentences mode.
 */
import { describe, expect, it } from 'vitest';
import { sentenceRanges, type SplitMode } from './sentences.js';

function split(text: string, mode: SplitMode, lang: string): string[] {
  return sentenceRanges(text, mode, lang).map((r) => text.slice(r.start, r.end));
}

describe('sentenceRanges', () => {
  it('keeps English titles, prices and e.g. inside one sentence', () => {
    expect(split('Mr. Smith paid $3.50 for e.g. apples. Then Dr. Jones left.', '1', 'en')).toEqual([
      'Mr. Smith paid $3.50 for e.g. apples.',
      'Then Dr. Jones left.',
    ]);
  });

  it('still ends a sentence at "I." and at ordinary words', () => {
    expect(split('So do I. We went home. It was late!', '1', 'en')).toHaveLength(3);
  });

  it('handles German z. B., Dr., ordinals and quotes', () => {
    expect(split('Wir essen z. B. Äpfel. Dr. Müller kam am 3. Oktober. „Gut.“ Dann ging er.', '1', 'de')).toEqual([
      'Wir essen z. B. Äpfel.',
      'Dr. Müller kam am 3. Oktober.',
      '„Gut.“',
      'Dann ging er.',
    ]);
  });

  it('treats "3." as a sentence end in English, where it is no ordinal', () => {
    expect(split('The answer is 3. Nobody knew.', '1', 'en')).toHaveLength(2);
  });

  it('handles French M., hours and « » quotes', () => {
    expect(split('M. Dupont arrive à 10 h. Il dit « Bonjour ! » puis il part. « Salut ! » Il rit.', '1', 'fr')).toEqual([
      'M. Dupont arrive à 10 h.',
      'Il dit « Bonjour ! » puis il part.',
      '« Salut ! »',
      'Il rit.',
    ]);
  });

  it('splits Japanese and Chinese at 。！？ without spaces', () => {
    expect(split('今日は晴れです。明日は雨！本当？はい。', '1', 'ja')).toHaveLength(4);
    expect(split('我们走吧。你好吗？很好！', '1', 'zh')).toHaveLength(3);
  });

  it('knows Spanish, Polish and Russian abbreviations', () => {
    expect(split('La Sra. García llegó. El Dr. Pérez no.', '1', 'es')).toHaveLength(2);
    expect(split('Mieszkam przy ul. Długiej. To jest np. Kraków.', '1', 'pl')).toHaveLength(2);
    expect(split('Он живёт на ул. Ленина. Проф. Иванов ушёл.', '1', 'ru')).toHaveLength(2);
  });

  it('splits at every line break with "1", including CRLF', () => {
    expect(split('Line one\r\nline two. Three.\nFour', '1', 'en')).toEqual(['Line one', 'line two.', 'Three.', 'Four']);
  });

  it('ignores line breaks with "nonewlines"', () => {
    expect(split('Line one\r\nline two. Three.\nFour', 'nonewlines', 'en')).toEqual(['Line one\r\nline two.', 'Three.', 'Four']);
    expect(split('Call Mr.\nSmith now.', 'nonewlines', 'en')).toEqual(['Call Mr.\nSmith now.']);
  });

  it('does not split at all with "0", only trims', () => {
    expect(split('  One. Two.\nThree.  ', '0', 'en')).toEqual(['One. Two.\nThree.']);
    expect(split(' \n\t ', '0', 'en')).toEqual([]);
  });

  it('gives the same sentences for a long single line as for its parts', () => {
    const sentence = 'Mr. Brown paid e.g. 3.50 for it. Then he said no. ';
    const long = sentence.repeat(200);
    const parts = split(long, '1', 'en');
    expect(parts).toHaveLength(400);
    expect(new Set(parts)).toEqual(new Set(['Mr. Brown paid e.g. 3.50 for it.', 'Then he said no.']));
  });

  it('survives an unknown language code', () => {
    expect(split('One. Two.', '1', 'x!')).toHaveLength(2);
  });
});
