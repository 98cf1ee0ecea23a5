/**
 * The translator (any process): looks up a message id in the active locale's compiled catalog and formats it
 * with ICU MessageFormat rules (CLDR plurals, select, number and date arguments).
 *
 * Library choice (UI-languages issue, part 1). Compared on what matters here:
 * - react-i18next + i18next-icu: typed keys through declaration merging, ICU only through the plug-in, which
 *   bundles the full FormatJS parser at run time: ~14 KB (i18next) + ~3 KB (react-i18next) + ~10 KB
 *   (intl-messageformat) gzipped before any catalog, over the 15 KB budget on its own.
 * - react-intl (FormatJS): ICU native and mature, but the runtime is ~17 KB gzipped with its parser; precompiled
 *   ASTs save the parser only with extra build tooling (babel/SWC plug-ins that Vite 8 + oxc do not run).
 * - Lingui: ICU messages compiled ahead of time into small arrays, so the run time is `@lingui/core` alone
 *   (~3.7 KB gzipped: interpolation, CLDR plurals through `Intl.PluralRules`, select, number/date through `Intl`),
 *   and the parser (`@lingui/message-utils/compileMessage`) runs only at build time (the renderer's Vite plug-in)
 *   or in main, which has no bundle budget. Its extraction CLI and macros need Babel/SWC; we use explicit ids
 *   instead, typed by the English catalog (`MessageId`), which gives compile-time key checks without a macro.
 * Picked: Lingui 5 (`@lingui/core` 5.x supports Node 20; 6.x needs Node 22).
 *
 * Missing keys fall back to the English message, then to the id itself, so a half-translated catalog still shows
 * words; the parity test keeps catalogs complete.
 */
import { setupI18n, type I18n } from '@lingui/core';
import type { Catalog, MessageId, MessageValues } from './catalog.js';
import { directionOf, isPseudoLocale } from './locales.js';

export interface Translator {
  /** The UI locale (`fr`, `pt-BR`, `en-XA`, ...). */
  readonly locale: string;
  /** The locale `Intl` formats with (`en` for `en-XA`, `ar` for `ar-XB`). */
  readonly formatLocale: string;
  readonly dir: 'ltr' | 'rtl';
  t(id: MessageId, values?: MessageValues): string;
  /** For ids built at run time (an error code, a screen name): true when the catalog or English has it. */
  has(id: string): id is MessageId;
}

/** `Intl` cannot format pseudo-locales; they format as the locale they imitate. */
export function formatLocaleOf(locale: string): string {
  if (locale === 'en-XA') return 'en';
  if (locale === 'ar-XB') return 'ar';
  return locale;
}

/**
 * A translator over compiled catalogs: `catalog` for the locale and `fallback` (compiled English) for keys it
 * lacks. Values that are still ICU strings are compiled by `compile` when given (main, tests), else shown as is.
 */
export function createTranslator(
  locale: string,
  catalog: Catalog,
  fallback: Catalog = {},
  compile?: (message: string) => unknown,
): Translator {
  const i18n: I18n = setupI18n();
  if (compile) i18n.setMessagesCompiler(compile as never);
  // No copy when there is no fallback to merge: spreading the ~1,000 keys of the start-up catalog into a new object
  // took ~8 ms of the first paint.
  const messages = Object.keys(fallback).length === 0 ? catalog : { ...fallback, ...catalog };
  i18n.load(locale, messages as never);
  const formatLocale = formatLocaleOf(locale);
  i18n.activate(locale, [formatLocale]);
  const loaded = i18n.messages;
  return {
    locale,
    formatLocale,
    dir: directionOf(locale),
    t: (id, values) => i18n._(id, values as Record<string, unknown> | undefined),
    has: (id): id is MessageId => Object.prototype.hasOwnProperty.call(loaded, id),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Pseudo-locales
// ---------------------------------------------------------------------------------------------------------------

const ACCENTS: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ĺ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ĺ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** The marks every pseudo-localised message is wrapped in: text without them escaped the layer. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';
const RLO = '\u202E';
const PDF = '\u202C';

function accent(s: string): string {
  let out = '';
  for (const ch of s) out += ACCENTS[ch] ?? ch;
  return out;
}

type Compiled = string | Array<string | unknown[]>;

/** Transforms the literal parts of a compiled message (never its placeholders or plural `#`). */
function mapLiterals(msg: Compiled, fn: (s: string) => string): Compiled {
  if (typeof msg === 'string') return fn(msg);
  return msg.map((part) => {
    if (typeof part === 'string') return part === '#' ? part : fn(part);
    const [name, type, format] = part as [string, string?, unknown?];
    if ((type === 'plural' || type === 'select' || type === 'selectordinal') && format && typeof format === 'object') {
      const branches: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(format as Record<string, Compiled>)) {
        branches[k] = k === 'offset' ? v : mapLiterals(v, fn);
      }
      return [name, type, branches];
    }
    return part;
  });
}

/** Roughly 40 % longer, as German or Finnish often are: pads with tildes between the marks. */
function literalLength(msg: Compiled): number {
  if (typeof msg === 'string') return msg.length;
  return msg.reduce<number>((n, p) => n + (typeof p === 'string' ? p.length : 4), 0);
}

/**
 * A pseudo-locale catalog from compiled English: `en-XA` accents letters, grows each message by about 40 % and
 * wraps it in ⟦ ⟧; `ar-XB` does the same inside a right-to-left override so it reads mirrored.
 */
export function pseudoCatalog(compiledEnglish: Catalog, locale: string): Catalog {
  if (!isPseudoLocale(locale)) throw new Error(`${locale} is not a pseudo-locale`);
  const rtl = locale === 'ar-XB';
  const out: Catalog = {};
  for (const [id, raw] of Object.entries(compiledEnglish)) {
    const msg = (typeof raw === 'string' ? [raw] : raw) as Compiled;
    const body = mapLiterals(msg, accent) as Array<string | unknown[]>;
    const pad = '~'.repeat(Math.max(1, Math.round(literalLength(msg) * 0.4)));
    const open = rtl ? `${RLO}${PSEUDO_OPEN}` : PSEUDO_OPEN;
    const close = rtl ? `${pad}${PSEUDO_CLOSE}${PDF}` : `${pad}${PSEUDO_CLOSE}`;
    out[id] = [open, ...body, close];
  }
  return out;
}
