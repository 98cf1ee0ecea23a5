import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { CLOSE, OPEN, PH, SEP } from '../../text/markers.js';
import { MarkedUnitBuilder } from './inline.js';
import { escapeXmlText } from './xml-tree.js';

const wellFormed = (xml: string) => {
  const p = new SaxesParser();
  p.write(`<r>${xml}</r>`).close();
  return true;
};

function sample(): MarkedUnitBuilder {
  // The <b>red</b> car is <i>very <u>fast</u></i>.<br/>
  const b = new MarkedUnitBuilder();
  b.text('The ');
  b.open({ open: '<b>', close: '</b>' });
  b.text('red');
  b.close();
  b.text(' car is ');
  const i = { open: '<i class="x">', close: '</i>' };
  b.open(i);
  b.text('very ');
  b.open({ open: '<u>', close: '</u>' });
  b.text('fast');
  b.close();
  b.close();
  b.text(' & more.');
  b.atom('<br/>');
  return b;
}

describe('MarkedUnitBuilder', () => {
  it('flattens nested tags into spans and renders the same markup back', () => {
    const b = sample();
    const marked = b.marked();
    expect(marked).toBe(
      `The ${OPEN}1${SEP}red${CLOSE} car is ${OPEN}2${SEP}very ${CLOSE}${OPEN}3${SEP}fast${CLOSE} & more.${PH}0${SEP}`,
    );
    expect(b.render(marked, escapeXmlText)).toBe(
      'The <b>red</b> car is <i class="x">very <u>fast</u></i> &amp; more.<br/>',
    );
  });

  it('stays well formed when an engine reorders, splits spans and drops a placeholder', () => {
    const b = sample();
    // "El coche <b>rojo</b> es <i><u>muy</u></i> <i>rápido</i>" with the br lost and a span split in two.
    const translated = `El coche ${OPEN}1${SEP}rojo${CLOSE} es ${OPEN}3${SEP}muy${CLOSE} ${OPEN}2${SEP}rápido${CLOSE}${OPEN}2${SEP} ya${CLOSE}.`;
    const out = b.render(translated, escapeXmlText);
    expect(out).toBe('El coche <b>rojo</b> es <i class="x"><u>muy</u></i> <i class="x">rápido ya</i>.<br/>');
    expect(wellFormed(out)).toBe(true);
  });

  it('keeps a placeholder inside the tags it sat in', () => {
    const b = new MarkedUnitBuilder();
    b.open({ open: '<b>', close: '</b>' });
    b.text('one ');
    b.atom('<x/>');
    b.text(' two');
    b.close();
    expect(b.render(b.marked(), (t) => t)).toBe('<b>one <x/> two</b>');
  });

  it('ignores marker code points in user text', () => {
    const b = new MarkedUnitBuilder();
    b.text(`evil${OPEN}9${SEP}text`);
    expect(b.marked()).toBe('evil9text');
  });
});
