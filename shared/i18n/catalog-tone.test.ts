/**
 * Tone and grammar of single catalogs that the parity test cannot see (Dutch and Brazilian Portuguese tours, stop
 * 38): Dutch addresses the user as "je" and names the translation service "service", never "u/uw" or "dienst";
 * Brazilian Portuguese writes zero with the plural ("0 caracteres", where CLDR's pt rule puts 0 in `one`), spells
 * "offline" one way and words a connection name and unknown usage figures so they agree; the Dutch blank-row note
 * agrees for one row and for several.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Catalog, MessageId } from './catalog.js';
import { compileCatalog } from './compile.js';
import { createTranslator } from './translator.js';

const HERE = dirname(fileURLToPath(import.meta.url));

/** Every message of a locale, by id, with the file it is in. */
function readMessages(locale: string): Array<{ file: string; id: string; message: string }> {
  const dir = join(HERE, locale);
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      Object.entries(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>).map(
        ([id, message]) => ({
          file,
          id,
          message,
        }),
      ),
    );
}

/** The app's translator over every catalog file of `locale`, compiled as the app compiles them. */
function translator(locale: string) {
  return createTranslator(locale, compileCatalog(Object.fromEntries(readMessages(locale).map((m) => [m.id, m.message])), locale));
}

// ---------------------------------------------------------------------------------------------------------------
// Dutch
// ---------------------------------------------------------------------------------------------------------------

describe('nl catalogs', () => {
  const nl = readMessages('nl');

  // Formal address ("u", "uw", "uzelf") as a whole word; "U+E000" (a code point) is not one.
  const FORMAL = /(?<![\p{L}\p{N}_+-])(u|uw|uwe|uzelf)(?![\p{L}\p{N}_+-])/iu;

  it('address the user as "je", never "u/uw"', () => {
    const formal = nl
      .filter((m) => FORMAL.test(m.message))
      .map((m) => `${m.file}: ${m.id}: ${m.message}`);
    expect(formal).toEqual([]);
  });

  // "dienst" for the translation service where the rest of the catalog says "service".
  const DIENST = /(?<!\p{L})dienst(en)?(?!\p{L})/iu;

  it('call the translation service "service", never "dienst"', () => {
    const dienst = nl
      .filter((m) => DIENST.test(m.message))
      .map((m) => `${m.file}: ${m.id}: ${m.message}`);
    expect(dienst).toEqual([]);
  });

  it('say how many blank rows stay in place, agreeing for one row and for several', () => {
    const t = translator('nl');
    expect(t.t('translate.segments.blankKept', { count: 1 })).toBe('(1 lege rij blijft staan)');
    expect(t.t('translate.segments.blankKept', { count: 2 })).toBe('(2 lege rijen blijven staan)');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Brazilian Portuguese
// ---------------------------------------------------------------------------------------------------------------

type Compiled = string | Array<string | unknown[]>;

/** The argument names a compiled message uses, nested ones included. */
function argsOf(msg: Compiled, into = new Set<string>()): Set<string> {
  if (typeof msg === 'string') return into;
  for (const part of msg) {
    if (typeof part === 'string') continue;
    const [name, type, format] = part as [string, string?, Record<string, Compiled>?];
    into.add(name);
    if ((type === 'plural' || type === 'select' || type === 'selectordinal') && format) {
      for (const [k, v] of Object.entries(format)) if (k !== 'offset') argsOf(v, into);
    }
  }
  return into;
}

/** True when some plural of the message has a `one` branch. */
function hasOne(msg: Compiled): boolean {
  if (typeof msg === 'string') return false;
  return msg.some((part) => {
    if (typeof part === 'string') return false;
    const [, type, format] = part as [string, string?, Record<string, Compiled>?];
    if (!format || typeof format !== 'object') return false;
    if (type === 'plural' && 'one' in format) return true;
    return Object.entries(format).some(([k, v]) => k !== 'offset' && hasOne(v));
  });
}

/** The message with every plural's `one` branch taken out: 0 then takes its `=0` words, else its `other` words. */
function withoutOne(msg: Compiled): Compiled {
  if (typeof msg === 'string') return msg;
  return msg.map((part) => {
    if (typeof part === 'string') return part;
    const [name, type, format] = part as [string, string?, Record<string, Compiled>?];
    if (!format || typeof format !== 'object') return part;
    const branches: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(format)) {
      if (type === 'plural' && k === 'one') continue;
      branches[k] = k === 'offset' ? v : withoutOne(v);
    }
    return [name, type, branches];
  });
}

describe('pt-BR catalogs', () => {
  const pt = readMessages('pt-BR');
  const compiled = compileCatalog(Object.fromEntries(pt.map((m) => [m.id, m.message])), 'pt-BR');

  it('write a count of zero with the plural ("0 caracteres"), not the `one` words CLDR gives 0', () => {
    const withOne = Object.entries(compiled).filter(([, msg]) => hasOne(msg as Compiled));
    expect(withOne.length).toBeGreaterThan(50);
    const expected: Catalog = Object.fromEntries(
      withOne.map(([id, msg]) => [id, withoutOne(msg as Compiled)]),
    );
    const actual = createTranslator('pt-BR', compiled);
    const reference = createTranslator('pt-BR', expected);
    const wrong: string[] = [];
    for (const [id, msg] of withOne) {
      // Every argument 0: each count is zero, and other placeholders show as "0".
      const values = Object.fromEntries([...argsOf(msg as Compiled)].map((a) => [a, 0]));
      const got = actual.t(id as MessageId, values);
      const want = reference.t(id as MessageId, values);
      if (got !== want) wrong.push(`${id}: «${got}» instead of «${want}»`);
    }
    expect(wrong).toEqual([]);
  });

  it('still write one with the singular, and zero as the tours saw it', () => {
    const t = createTranslator('pt-BR', compiled);
    expect(t.t('app.common.characters', { count: 0 })).toBe('0 caracteres');
    expect(t.t('app.common.characters', { count: 1 })).toBe('1 caractere');
    expect(t.t('usage.all.keyCount', { count: 0, shown: '0' })).toBe(
      'Chave desta conexão: 0 caracteres neste período',
    );
    expect(t.t('documents.remaining', { count: 0 })).toBe('Restam 0 caracteres neste período.');
    expect(t.t('translate.output.billed', { count: 1 })).toBe('Cobrado: 1 caractere');
  });

  it('name an added connection so the participle agrees with any name', () => {
    const t = createTranslator('pt-BR', compiled);
    expect(t.t('connections.added', { name: 'Este computador (offline)' })).toMatch(
      /^A conexão Este computador \(offline\) foi adicionada/,
    );
  });

  it('do not write "unknown characters of unknown" when the usage figures are unknown', () => {
    const t = createTranslator('pt-BR', compiled);
    const text = t.t('usage.bar.unknownLimit', { count: 'desconhecido', limit: 'desconhecido' });
    expect(text).not.toMatch(/desconhecido caracteres/);
  });

  it('spell "offline" one way, as the local connection\'s name does', () => {
    const hyphenated = pt
      .filter((m) => /off-line/i.test(m.message))
      .map((m) => `${m.file}: ${m.id}`);
    expect(hyphenated).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The same two messages in the other languages that had them wrong (left by the Dutch and Brazilian tours' fixes)
// ---------------------------------------------------------------------------------------------------------------

describe('every catalog', () => {
  it('does not put an unknown count before "characters" when the usage figures are unknown', () => {
    // "unknown characters of unknown", "onbekend tekens van onbekend": the word for "unknown" is not a number.
    for (const [locale, unknown, unit] of [
      ['en', 'unknown', 'characters'],
      ['de', 'unbekannt', 'Zeichen'],
      ['es', 'desconocido', 'caracteres'],
      ['fr', 'inconnu', 'caractères'],
      ['it', 'sconosciuto', 'caratteri'],
      ['nl', 'onbekend', 'tekens'],
    ] as const) {
      const text = translator(locale).t('usage.bar.unknownLimit', { count: unknown, limit: unknown });
      expect(text, locale).not.toContain(`${unknown} ${unit}`);
      expect(text, locale).toContain(unknown);
    }
  });

  it('says where several blank rows stay with a plural pronoun (French and Italian said "sa place", "suo posto")', () => {
    expect(translator('fr').t('translate.segments.blankKept', { count: 2 })).toBe('(2 lignes vides restent à leur place)');
    expect(translator('fr').t('translate.segments.blankKept', { count: 1 })).toBe('(1 ligne vide reste à sa place)');
    expect(translator('it').t('translate.segments.blankKept', { count: 2 })).toBe('(2 righe vuote restano al loro posto)');
    expect(translator('it').t('translate.segments.blankKept', { count: 1 })).toBe('(1 riga vuota resta al suo posto)');
  });
});
