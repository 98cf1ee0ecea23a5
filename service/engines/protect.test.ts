import { describe, expect, it } from 'vitest';
import { placeholder, span, tokenize } from '../text/markers.js';
import { createPseudoEngine, pseudoText } from './pseudo.js';
import { protectEngine, protectUnit } from './protect.js';
import type { Engine } from './types.js';

/** An engine that upper-cases every letter outside markers (a lost span shows as upper case). */
function shoutingEngine(transform: (unit: string) => string = (u) => u): Engine {
  const pseudo = createPseudoEngine();
  return {
    ...pseudo,
    async translate(req) {
      return req.units.map((u) =>
        transform(
          tokenize(u)
            .map((t) => (t.kind === 'text' ? t.text.toUpperCase() : t.kind === 'open' ? `\uE000${t.id}\uE001` : t.kind === 'close' ? '\uE002' : placeholder(t.id)))
            .join(''),
        ),
      );
    },
  };
}

async function run(engine: Engine, units: string[]): Promise<string[]> {
  return protectEngine(engine).translate({ source: 'EN', target: 'ES', units });
}

describe('protectUnit', () => {
  it('turns each protected span into a placeholder numbered after the unit\'s own markers', () => {
    const unit = `${span(0, 'Delete')} {count} items in ${placeholder(3)} /tmp/x/y?`;
    const p = protectUnit(unit);
    expect(p.count).toBe(2);
    expect(p.unit).toBe(`${span(0, 'Delete')} ${placeholder(4)} items in ${placeholder(3)} ${placeholder(5)}?`);
    expect(p.finish(p.unit)).toBe(unit);
  });

  it('leaves a unit without spans as it is', () => {
    const p = protectUnit('Save your changes, e.g. now. 3 apples.');
    expect(p.count).toBe(0);
    expect(p.unit).toBe('Save your changes, e.g. now. 3 apples.');
  });

  it('puts a placeholder the engine lost back before the final punctuation, and writes a repeated one once', () => {
    const p = protectUnit('Delete {count} items from {folder}?');
    const [a, b] = [...p.unit.matchAll(/\uE003(\d+)\uE001/g)].map((m) => m[0]);
    expect(p.finish(`Eliminar ${a} elementos ${a}?`)).toBe('Eliminar {count} elementos {folder}?');
    expect(p.finish(`Eliminar elementos de ${b}?`)).toBe('Eliminar elementos de {folder} {count}?');
  });

  it('keeps the lower case of the word after a leading placeholder', () => {
    const p = protectUnit('%(count)d new messages');
    expect(p.finish(p.unit.replace('new messages', 'Mensajes nuevos'))).toBe('%(count)d mensajes nuevos');
  });
});

describe('protectEngine', () => {
  it('keeps every protected span byte for byte while the prose is translated (issue examples)', async () => {
    const out = await run(shoutingEngine(), [
      'Delete {count} items?',
      'Open /home/anna/.config/verso/settings.json to edit your settings.',
      'Set COMPANY_CODE in the file.',
      'You have {n, plural, one {# new message} other {# new messages}}.',
    ]);
    expect(out).toEqual([
      'DELETE {count} ITEMS?',
      'OPEN /home/anna/.config/verso/settings.json TO EDIT YOUR SETTINGS.',
      'SET COMPANY_CODE IN THE FILE.',
      'YOU HAVE {n, plural, one {# NEW MESSAGE} other {# NEW MESSAGES}}.',
    ]);
  });

  it('spans inside tag spans stay inside them', async () => {
    const [out] = await run(shoutingEngine(), [`See ${span(0, 'https://example.com/a_b for help')}.`]);
    expect(out).toBe(`SEE ${span(0, 'https://example.com/a_b FOR HELP')}.`);
  });

  it('works with the pseudo engine, which changes every letter', async () => {
    const [out] = await run(createPseudoEngine(), ['Hello %(name)s, you have %d new messages at anna@example.com']);
    expect(out).toBe(`⟦${pseudoText('Hello ')}%(name)s${pseudoText(', you have ')}%d${pseudoText(' new messages at ')}anna@example.com⟧`);
  });

  it('an engine that drops or doubles placeholders loses nothing and doubles nothing', async () => {
    const dropAll = shoutingEngine((u) => u.replace(/\uE003\d+\uE001/g, ''));
    expect(await run(dropAll, ['Step %1$s of %2$s.'])).toEqual(['STEP  OF %1$s %2$s.']);
    const twice = shoutingEngine((u) => u + u);
    expect(await run(twice, ['{a} b'])).toEqual(['{a} B B']);
  });
});
