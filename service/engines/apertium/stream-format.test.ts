/**
 * Tests of the JS Apertium stream format (no Apertium needed): what goes into a pipeline and how its output,
 * including the odd things Apertium does (split spans, lost markers, marks, inserted periods), comes back.
 */
import { describe, expect, it } from 'vitest';
import { placeholder, span, stripMarkers, tokenize } from '../../text/markers.js';
import {
  decodeStream,
  decodeUnit,
  encodeUnit,
  matchLineStartCase,
  repairMarkers,
  stripUnknownMarks,
} from './stream-format.js';

describe('encodeUnit', () => {
  it('escapes every character the stream format reserves', () => {
    const { body } = encodeUnit('a[b]c\\d^e$f/g@h<i>j{k}l');
    expect(body).toBe('a\\[b\\]c\\\\d\\^e\\$f\\/g\\@h\\<i\\>j\\{k\\}l.[]');
  });

  it('keeps newlines, tabs and double spaces as superblanks and marks line ends and tabs as sentence ends', () => {
    const { body } = encodeUnit('one\ntwo\tthree  four');
    expect(body).toBe('one.[][\n]two.[][\t]three[  ]four.[]');
  });

  it('ends a sentence at every tab, so transfer rules cannot move words across it', () => {
    expect(encodeUnit('house\tcar').body).toBe('house.[][\t]car.[]');
    expect(encodeUnit('red\tcar\t\thouse \t dog').body).toBe('red.[][\t]car.[][\t\t]house.[][ \t ]dog.[]');
    // Tabs at line start and end share the line break's sentence end; tabs at the unit's edges are put aside.
    expect(encodeUnit('one\t\n\ttwo').body).toBe('one.[][\t\n\t]two.[]');
    const e = encodeUnit('\thouse\tcar\t');
    expect([e.lead, e.body, e.trail]).toEqual(['\t', 'house.[][\t]car.[]', '\t']);
  });

  it('encodes text without tabs or line breaks exactly as before', () => {
    expect(encodeUnit('The red car is  very fast. Really!').body).toBe(
      'The red car is[  ]very fast. Really!.[]',
    );
    expect(encodeUnit(`The ${span(1, 'red car')} is fast.`).body).toBe(
      'The [[t:s:1]]red car[[/]] is fast..[]',
    );
  });

  it('keeps the sentence end of a tab or line break inside a span out of its word-bound blanks', () => {
    expect(encodeUnit(`The ${span(1, 'red\tcar')} is fast.`).body).toBe(
      'The [[t:s:1]]red[[/]].[][\t][[t:s:1]]car[[/]] is fast..[]',
    );
    expect(encodeUnit(`${span(1, 'a \n\t b')} c`).body).toBe(
      '[[t:s:1]]a[[/]].[][ \n\t ][[t:s:1]]b[[/]] c.[]',
    );
  });

  it('strips NUL and U+FFFF, which would break the framing', () => {
    expect(encodeUnit('a\0b\uFFFFc').body).toBe('abc.[]');
  });

  it('puts edge whitespace aside and sends nothing for units without words', () => {
    const e = encodeUnit('  Hi  ');
    expect([e.lead, e.body, e.trail]).toEqual(['  ', 'Hi.[]', '  ']);
    expect(encodeUnit(' ... ').body).toBeUndefined();
    expect(encodeUnit(span(1, '')).body).toBeUndefined();
  });

  it('turns spans into word-bound blanks with their edge spaces outside, and placeholders into superblanks', () => {
    const { body } = encodeUnit(`The${span(1, ' red ')}car ${placeholder(2)} now`);
    expect(body).toBe(`The [[t:s:1]]red[[/]] car [\uE0032\uE001] now.[]`);
  });

  it('never sends a plain space beside a tab, line break or run of spaces: it goes into their superblank', () => {
    expect(encodeUnit(`a\t${span(1, ' b')}`).body).toBe('a.[][\t ][[t:s:1]]b[[/]].[]');
    expect(encodeUnit(`a ${span(1, '\tb')} c`).body).toBe('a.[][ \t][[t:s:1]]b[[/]] c.[]');
    expect(encodeUnit(`a\t${placeholder(2)}\tb`).body).toBe(`a.[][\t][\uE0032\uE001].[][\t]b.[]`);
  });

  it('sends a span without words as a literal superblank so Apertium cannot drop it', () => {
    const { body } = encodeUnit(`a ${span(3, ' ')} b`);
    expect(body).toBe(`a [\uE0003\uE001 \uE002] b.[]`);
  });
});

describe('decodeStream', () => {
  it('unescapes, unwraps superblanks and removes the inserted sentence end', () => {
    expect(decodeStream('Hola \\[x\\] \\@y.[][\n]Dos..[]\0\0')).toBe('Hola [x] @y\nDos.');
  });

  it('turns word-bound blanks back into spans and keeps every id of a merged word', () => {
    const out = decodeStream('El [[t:s:2]]coche[[/]] [[t:s:1; t:s:3]]rojo[[/]].[]');
    expect(out).toBe(`El ${span(2, 'coche')} ${span(1, 'rojo')}${span(3, '')}`);
  });

  it('collapses the double space Apertium leaves where it drops a word', () => {
    expect(decodeStream('Dijo  que  fue.[]')).toBe('Dijo que fue');
  });

  it('drops the space Apertium leaves beside a tab, line break or run of spaces where it drops a word', () => {
    // Measured on eng-spa: "You have" → "Tienes" keeps the blank after the dropped "You".
    expect(decodeStream('msg.x[\t] Tienes 3 limas.[]')).toBe('msg.x\tTienes 3 limas');
    expect(decodeStream('Hola [\t] Tienes 3 limas.[]')).toBe('Hola\tTienes 3 limas');
    expect(decodeStream('Un.[][\n\t] Tienes 3 limas.[]')).toBe('Un\n\tTienes 3 limas');
    expect(decodeStream('Hola[  ] Tienes 3 limas.[]')).toBe('Hola  Tienes 3 limas');
    // Whitespace the user wrote is all inside superblanks, and is kept as written.
    expect(decodeStream('a[\t ][\t]b[ \n].[][\n]c.[]')).toBe('a\t \tb \n\nc');
  });
});

describe('repairMarkers', () => {
  const input = `Click ${span(1, 'here')} ${placeholder(2)} or ${span(3, 'there')}.`;

  it('puts back lost markers at the end of the unit, before trailing whitespace', () => {
    const out = repairMarkers(`Clic ${span(1, 'aquí')} o allí.  `, input);
    const ids = tokenize(out).flatMap((t) =>
      t.kind === 'text' || t.kind === 'close' ? [] : [`${t.kind}${t.id}`],
    );
    expect(ids.sort()).toEqual(['open1', 'open3', 'placeholder2']);
    expect(out.endsWith('  ')).toBe(true);
  });

  it('drops duplicated placeholders and unknown ids, and merges split spans', () => {
    const out = repairMarkers(
      `${placeholder(2)}${placeholder(2)}${placeholder(9)} ${span(1, 'muy')} ${span(1, 'rápido')} ${span(3, 'x')}`,
      input,
    );
    expect(out).toBe(`${placeholder(2)} ${span(1, 'muy rápido')} ${span(3, 'x')}`);
  });
});

describe('stripUnknownMarks', () => {
  it('removes marks the engine added but keeps the ones the user wrote', () => {
    expect(stripUnknownMarks('Hola *xyzzy y #casa @perro', 'Hello xyzzy and house dog')).toBe(
      'Hola xyzzy y casa perro',
    );
    expect(stripUnknownMarks('*Importante* #etiqueta', '*important* #tag')).toBe('*Importante* #etiqueta');
  });
});

describe('matchLineStartCase', () => {
  it('lowers a line start that Apertium capitalised after a line break', () => {
    expect(matchLineStartCase('Uno\nY dos\nTres', 'One\nand two\nThree')).toBe('Uno\ny dos\nTres');
  });

  it('lowers a piece start that Apertium capitalised after a tab', () => {
    expect(matchLineStartCase('Casa\tAutomovilístico\t\tPerro\nGato', 'house\tcar\t\tdog\nCat')).toBe(
      'Casa\tautomovilístico\t\tperro\nGato',
    );
  });
});

describe('decodeUnit', () => {
  it('restores the edges of the input and keeps its text markers-free equal for an echo', () => {
    const unit = `  Hello ${span(1, 'world')}\n${placeholder(2)} [x] \\ $y  `;
    const encoded = encodeUnit(unit);
    // An identity pipeline echoes the stream: the round trip must give the unit back exactly.
    expect(decodeUnit(encoded.body ?? '', encoded)).toBe(unit);
    expect(stripMarkers(decodeUnit(encoded.body ?? '', encoded))).toBe(stripMarkers(unit));
  });

  it('gives back the tabs of what Apertium answered (measured on eng-spa), pieces in their own order', () => {
    const encoded = encodeUnit('house\tcar');
    expect(decodeUnit('Casa.[][\t]Automovilístico.[]', encoded)).toBe('Casa\tautomovilístico');
    const inSpan = encodeUnit(`The ${span(1, 'red\tcar')} is fast.`);
    const frame = 'El [[t:s:1]]rojo[[/]].[][\t][[t:s:1]]Automovilístico[[/]] es rápidamente..[]';
    expect(decodeUnit(frame, inSpan)).toBe(`El ${span(1, 'rojo\tautomovilístico')} es rápidamente.`);
  });

  it('gives back every tab and the spaces around it on an echo, also beside spans and placeholders', () => {
    const unit = `key\t${span(1, ' Save ')}\tnext ${placeholder(2)}\t value\n\t  ${span(3, '\tx')} y`;
    const encoded = encodeUnit(unit);
    expect(stripMarkers(decodeUnit(encoded.body ?? '', encoded))).toBe(stripMarkers(unit));
  });
});
