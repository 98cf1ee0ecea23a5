/**
 * Issue 22, point 3: with split_sentences=nonewlines a hard-wrapped paragraph is one sentence for the engine,
 * and its line breaks come back at word boundaries, in order, at about the same share of the text.
 */
import { describe, expect, it } from 'vitest';
import { rebreak } from './blocks.js';
import { span, stripMarkers, tokenize } from './markers.js';
import { prepareText, type TextOptions } from './prepare.js';

const nonewlines: TextOptions = { splitSentences: 'nonewlines', sourceLang: 'EN' };

/** Stand-in engine that, like Apertium, capitalises the first word of every line it is given. */
function capitaliseLines(unit: string): string {
  return unit.replace(/(^|\n)(\p{Ll})/gu, (_, nl: string, c: string) => nl + c.toUpperCase());
}

describe('split_sentences=nonewlines and hard-wrapped text', () => {
  const wrapped = 'Please read the manual before\nyou install the new version of\nthe program on your computer.';

  it('sends one sentence without line breaks to the engine', () => {
    const p = prepareText(wrapped, nonewlines);
    expect(p.units).toEqual(['Please read the manual before you install the new version of the program on your computer.']);
  });

  it('puts the line breaks back at word boundaries, with no capital at each line start', () => {
    const p = prepareText(wrapped, nonewlines);
    const translated = ['Lee el manual antes de instalar la versión nueva del programa en tu ordenador.'];
    const out = p.rebuild(translated.map(capitaliseLines));
    expect(out.split('\n')).toHaveLength(3);
    expect(out.replace(/\n/g, ' ')).toBe(translated[0]);
    for (const line of out.split('\n').slice(1)) expect(line[0]).toBe(line[0]!.toLowerCase());
    // Every break is between two words: no line starts or ends with a space.
    for (const line of out.split('\n')) expect(line).toBe(line.trim());
  });

  it('keeps CRLF and indentation of each break, and paragraph breaks stay paragraph breaks', () => {
    const text = 'One two three\r\n  four five six.\n\nNext paragraph\nhere.';
    const p = prepareText(text, nonewlines);
    expect(p.units).toEqual(['One two three four five six.', 'Next paragraph here.']);
    expect(p.rebuild(['Uno dos tres cuatro cinco seis.', 'Siguiente párrafo aquí.'])).toBe(
      'Uno dos tres\r\n  cuatro cinco seis.\n\nSiguiente párrafo\naquí.',
    );
  });

  it('with tag handling the breaks go between words, never inside a tag', () => {
    const text = '<p>Open the <b>main\nmenu</b> and choose\nan option.</p>';
    const p = prepareText(text, { ...nonewlines, tagHandling: 'html' });
    expect(p.units.map(stripMarkers)).toEqual(['Open the main menu and choose an option.']);
    const out = p.rebuild(p.units.map((u) => u.toUpperCase()));
    expect(out.replace(/\n/g, ' ')).toBe('<p>OPEN THE <b>MAIN MENU</b> AND CHOOSE AN OPTION.</p>');
    expect(out.split('\n')).toHaveLength(3);
  });

  it('rebreak never breaks inside a marker and gives fewer lines when the translation has fewer spaces', () => {
    expect(rebreak(`${span(0, 'a b')} c`, { texts: ['\n', '\n'], lines: [1, 1, 1] })).toBe(`${span(0, 'a\nb')}\nc`);
    expect(rebreak('ab', { texts: ['\n'], lines: [1, 1] })).toBe('ab');
    expect(tokenize(rebreak(`x ${span(12, 'y')} z`, { texts: ['\n'], lines: [1, 1] })).filter((t) => t.kind === 'open')).toHaveLength(1);
  });
});
