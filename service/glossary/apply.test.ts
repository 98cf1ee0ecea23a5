/**
 * Tests of glossary application (service process): which words of a request become glossary terms, and what
 * the user reads after translation. "Translations" here are hand-made engine outputs that keep (and sometimes
 * move or split) the term spans and placeholders, as a real engine must.
 */
import { describe, expect, it } from 'vitest';
import { placeholder, span, stripMarkers, tokenize } from '../text/markers.js';
import { applyGlossaries, compileGlossary } from './apply.js';
import type { GlossaryEntry } from './entries.js';

const g = (pairs: Record<string, string>): GlossaryEntry[] =>
  Object.entries(pairs).map(([source, target]) => ({ source, target }));

/** Plain text of a unit once every glossary placeholder is resolved by an engine that changes nothing. */
function roundTrip(text: string, glossaries: GlossaryEntry[][], firstId = 0): string {
  const plan = applyGlossaries(text, glossaries, firstId);
  return plan.finish(plan.unit);
}

function placeholderIds(unit: string): number[] {
  return tokenize(unit).flatMap((t) => (t.kind === 'placeholder' ? [t.id] : []));
}

function spanIds(unit: string): number[] {
  return tokenize(unit).flatMap((t) => (t.kind === 'open' ? [t.id] : []));
}

describe('applyGlossaries', () => {
  const cars = g({ car: 'coche', 'sales report': 'informe de ventas', sales: 'ventas', 'e-mail': 'correo' });

  it('replaces whole words only and leaves the rest of the text alone', () => {
    expect(roundTrip('My car, the cars and a scar; car.', [cars])).toBe(
      'My coche, the cars and a scar; coche.',
    );
    expect(roundTrip('Send an e-mail now', [cars])).toBe('Send an correo now');
  });

  it('carries each occurrence as a span numbered from firstId in text order, for the engine to translate', () => {
    const plan = applyGlossaries('car and car', [cars], 7);
    expect(spanIds(plan.unit)).toEqual([7, 8]);
    expect(placeholderIds(plan.unit)).toEqual([]);
    expect(stripMarkers(plan.unit)).toBe('car and car');
  });

  it('replaces a term span the engine translated, moved and split by the target term', () => {
    const plan = applyGlossaries('The sales report is late', [cars], 3);
    expect(stripMarkers(plan.unit)).toBe('The sales report is late');
    // Apertium splits a multi-word span into per-word pieces and reorders them with their words.
    const translated = `El ${span(3, 'informe')} de ${span(3, 'ventas')} llega tarde`;
    expect(plan.finish(translated)).toBe('El informe de ventas llega tarde');
  });

  it('never swallows other markup that lands between two pieces of a term', () => {
    const plan = applyGlossaries('The sales report', [cars], 3);
    const translated = `El ${span(3, 'informe')} ${placeholder(0)} de ${span(3, 'ventas')}`;
    expect(plan.finish(translated)).toBe(`El informe de ventas ${placeholder(0)} de `);
  });

  it('prefers the longest term at a position', () => {
    expect(roundTrip('The sales report is late, sales are down.', [cars])).toBe(
      'The informe de ventas is late, ventas are down.',
    );
  });

  it('matches case-insensitively and capitalises the target at a sentence start', () => {
    expect(roundTrip('Car is red. My CAR is Big. "Car!" Car', [cars])).toBe(
      'Coche is red. My COCHE is Big. "Coche!" Coche',
    );
    // A fragment the writer left in lower case stays in lower case.
    expect(roundTrip('car settings', [cars])).toBe('coche settings');
  });

  it('capitalises by the position in the translation, not in the source', () => {
    const plan = applyGlossaries('Car is red.', [cars], 0);
    // The engine moved the term to the middle of the sentence: the canonical lower-case target stays.
    expect(plan.finish(`Es rojo el ${placeholder(0)}.`)).toBe('Es rojo el coche.');
    expect(plan.finish(`Rojo.\n${placeholder(0)} es`)).toBe('Rojo.\nCoche es');
  });

  it('keeps mixed-case brand targets and all-caps glossary sources verbatim', () => {
    const brands = g({ phone: 'iPhone', US: 'EE. UU.', us: 'nosotros' });
    expect(roundTrip('Phone for US and us', [brands])).toBe('iPhone for EE. UU. and nosotros');
  });

  it('finds terms inside a span and leaves every marker in place', () => {
    const unit = `Open ${span(1, 'my car')} and ${placeholder(0)} the sales report`;
    const plan = applyGlossaries(unit, [cars], 2);
    const tokens = tokenize(plan.unit);
    expect(tokens.map((t) => t.kind)).toEqual([
      'text',
      'open',
      'text',
      'placeholder',
      'close',
      'text',
      'placeholder',
      'text',
      'open',
      'text',
      'close',
    ]);
    expect(plan.finish(plan.unit)).toBe(
      `Open ${span(1, 'my coche')} and ${placeholder(0)} the informe de ventas`,
    );
  });

  it('does not match across span markers, and span markers do not split a word', () => {
    expect(roundTrip(`${span(1, 'sales')} report`, [g({ 'sales report': 'X' })])).toBe(
      `${span(1, 'sales')} report`,
    );
    expect(roundTrip(`${span(1, 'car')}s`, [cars])).toBe(`${span(1, 'car')}s`);
    // A placeholder (an inline image, a line break) does end the word.
    expect(roundTrip(`car${placeholder(0)}s`, [cars], 1)).toBe(`coche${placeholder(0)}s`);
    expect(roundTrip(`${span(1, 'Car')}s are red. Car`, [cars])).toBe(`${span(1, 'Car')}s are red. Coche`);
  });

  it('lets the first glossary listed win where terms overlap', () => {
    const first = g({ report: 'informe' });
    const second = g({ 'sales report': 'reporte de ventas', sales: 'ventas' });
    expect(roundTrip('the sales report', [first, second])).toBe('the ventas informe');
    expect(roundTrip('the sales report', [second, first])).toBe('the reporte de ventas');
  });

  it('matches inside text written without spaces and before Korean particles', () => {
    expect(roundTrip('我的电脑坏了', [g({ 电脑: '計算機' })])).toBe('我的計算機坏了');
    expect(roundTrip('컴퓨터가 고장났어요', [g({ 컴퓨터: 'computer' })])).toBe('computer가 고장났어요');
    expect(roundTrip('パソコンを買った', [g({ パソコン: 'PC' })])).toBe('PCを買った');
  });

  it('folds Greek final sigma and expanding lower-case letters consistently', () => {
    expect(roundTrip('ΟΔΟΣ και οδός', [g({ οδοσ: 'street' })])).toBe('STREET και οδός');
    expect(roundTrip('İstanbul ve İzmir', [g({ İzmir: 'Smyrna' })])).toBe('İstanbul ve Smyrna');
  });

  it('leaves a unit without matches, and markers not its own, untouched', () => {
    const unit = `${span(0, 'Nothing')} here ${placeholder(1)}`;
    const plan = applyGlossaries(unit, [cars], 2);
    expect(plan.unit).toBe(unit);
    expect(plan.finish(`${placeholder(1)} ${span(0, 'Nada')} aquí`)).toBe(
      `${placeholder(1)} ${span(0, 'Nada')} aquí`,
    );
  });

  // The generous timeout only guards against a hang on a busy machine; speed figures live in the report.
  it('handles a 100k-entry glossary against a 128 KiB unit', { timeout: 60_000 }, () => {
    const entries: GlossaryEntry[] = [];
    for (let i = 0; i < 100_000; i++) entries.push({ source: `term${i} word${i % 97}`, target: `T${i}` });
    entries.push({ source: 'needle', target: 'aguja' });
    const compiled = compileGlossary(entries);
    expect(compiled.size).toBe(100_001);
    const sentence = 'A needle in a haystack of term5 word5 and term12 word13 words. ';
    const unit = sentence.repeat(Math.floor(131072 / sentence.length));
    const plan = applyGlossaries(unit, [compiled], 0);
    const count = Math.floor(131072 / sentence.length);
    // needle and "term5 word5" match in every sentence; "term12 word13" is not an entry (term12 pairs with word12).
    expect(spanIds(plan.unit)).toHaveLength(count * 2);
    const out = plan.finish(plan.unit);
    expect(out).toBe('A aguja in a haystack of T5 and term12 word13 words. '.repeat(count));
  });
});

describe('applyGlossaries: case patterns and protected spans (issue 22)', () => {
  const terms = g({ car: 'coche', 'sales report': 'informe de ventas', user: 'usuario', settings: 'ajustes', code: 'código' });

  it('a Title Case occurrence in mid-sentence gives a Title Case target, wherever the engine puts it', () => {
    expect(roundTrip('Open the Sales Report now', [terms])).toBe('Open the Informe de Ventas now');
    const plan = applyGlossaries('Open the Sales Report now', [terms], 0);
    expect(plan.finish(`Abre ya el ${span(0, 'informe')} de ${span(0, 'ventas')}`)).toBe('Abre ya el Informe de Ventas');
  });

  it('a capitalised single word in mid-sentence (a label) keeps its capital; UPPER stays UPPER', () => {
    expect(roundTrip('Click Settings to open them', [terms])).toBe('Click Ajustes to open them');
    expect(roundTrip('OPEN THE SALES REPORT', [terms])).toBe('OPEN THE INFORME DE VENTAS');
    // At a sentence start the capital is the sentence's, not the term's: the old rule still applies.
    const plan = applyGlossaries('Settings are saved.', [terms], 0);
    expect(plan.finish(`Se guardan los ${span(0, 'ajustes')}.`)).toBe('Se guardan los ajustes.');
  });

  it('is not applied inside a protected span', () => {
    expect(roundTrip('Set user_name, COMPANY_CODE and {car} for the user', [terms])).toBe(
      'Set user_name, COMPANY_CODE and {car} for the usuario',
    );
    expect(roundTrip('Open ~/.config/settings/car.json or https://example.com/car for the car', [terms])).toBe(
      'Open ~/.config/settings/car.json or https://example.com/car for the coche',
    );
    expect(roundTrip('Run `car --code` on the car', [terms])).toBe('Run `car --code` on the coche');
  });
});
