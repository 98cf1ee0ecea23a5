/**
 * Catalog parity and terminology (UI-languages part 2): every UI locale has the same files and keys as English,
 * the same placeholders, valid ICU with the plural forms its language needs (Polish, Russian, Ukrainian and Arabic
 * have more than two), no entry left in English unless listed as intentionally the same, and the terms of the UI
 * termbase (`terms.tsv`) for the concepts they name — and not their listed synonyms.
 */
import { parse, type Token } from '@messageformat/parser';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CATALOG_LOADERS, CATALOG_PART_LOADERS, SOURCE_LOCALE, UI_LOCALES } from './locales.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const readCatalog = (locale: string): Record<string, Record<string, string>> => {
  const dir = join(HERE, locale);
  const out: Record<string, Record<string, string>> = {};
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    out[f] = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, string>;
  }
  return out;
};
const flat = (c: Record<string, Record<string, string>>) => Object.assign({}, ...Object.values(c)) as Record<string, string>;

const english = readCatalog(SOURCE_LOCALE);
const englishFlat = flat(english);
const sameAsSource = JSON.parse(readFileSync(join(HERE, 'same-as-source.json'), 'utf8')) as {
  keys: string[];
  perLocale: Record<string, string[]>;
};

/** Placeholder names and the plural/select branches of a message. */
function shape(message: string, locale: string): { args: Set<string>; plurals: Array<{ arg: string; keys: string[] }> } {
  const args = new Set<string>();
  const plurals: Array<{ arg: string; keys: string[] }> = [];
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'argument' || t.type === 'function') args.add(t.arg);
      if (t.type === 'plural' || t.type === 'select') {
        args.add(t.arg);
        if (t.type === 'plural') plurals.push({ arg: t.arg, keys: t.cases.map((c) => c.key) });
        for (const c of t.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message, { cardinal: [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories, 'other'] as never }));
  return { args, plurals };
}

describe('English catalog', () => {
  it('keys are prefixed with their file (domain) name and every message parses', () => {
    for (const [file, messages] of Object.entries(english)) {
      const domain = file.replace(/\.json$/, '');
      for (const [id, msg] of Object.entries(messages)) {
        expect(id.startsWith(`${domain}.`) || id.startsWith(`${domain.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}.`), `${file}: ${id}`).toBe(true);
        expect(() => shape(msg, 'en'), `${id}`).not.toThrow();
      }
    }
  });
});

/**
 * Checked: every UI locale, strictly; and catalogs in progress (a locale folder not yet in UI_LOCALES), whose
 * missing domain files are allowed but whose present files must be complete and correct.
 */
const inProgress = readdirSync(HERE, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== SOURCE_LOCALE && !(UI_LOCALES as readonly string[]).includes(d.name))
  .map((d) => d.name);
const others = [...UI_LOCALES.filter((l) => l !== SOURCE_LOCALE), ...inProgress];

describe.each(others)('catalog %s', (locale) => {
  const catalog = readCatalog(locale);
  const messages = flat(catalog);
  const required = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

  const partial = inProgress.includes(locale);
  it(partial ? 'has the same keys as English in the files it has (in progress)' : 'has the same files and keys as English', () => {
    if (!partial) expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    for (const [file, en] of Object.entries(english)) {
      if (partial && !catalog[file]) continue;
      const mine = catalog[file] ?? {};
      const missing = Object.keys(en).filter((k) => !(k in mine));
      const extra = Object.keys(mine).filter((k) => !(k in en));
      expect({ file, missing, extra }).toEqual({ file, missing: [], extra: [] });
    }
  });

  it('keeps every placeholder, parses, and has the plural forms of its language', () => {
    const problems: string[] = [];
    for (const [id, en] of Object.entries(englishFlat)) {
      const msg = messages[id];
      if (msg === undefined) continue;
      let mine: ReturnType<typeof shape>;
      try {
        mine = shape(msg, locale);
      } catch (e) {
        problems.push(`${id}: not valid ICU (${(e as Error).message.split('\n')[0]})`);
        continue;
      }
      const src = shape(en, 'en');
      const a = [...src.args].sort().join(',');
      const b = [...mine.args].sort().join(',');
      if (a !== b) problems.push(`${id}: placeholders {${b}} instead of {${a}}`);
      for (const p of mine.plurals) {
        const lacking = required.filter((c) => !p.keys.includes(c));
        if (lacking.length) problems.push(`${id}: plural {${p.arg}} lacks ${lacking.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('translates every entry (except brand names and codes listed as intentionally the same)', () => {
    const allowed = new Set([...sameAsSource.keys, ...(sameAsSource.perLocale[locale] ?? [])]);
    const untranslated = Object.entries(englishFlat)
      .filter(([id, en]) => messages[id] === en && !allowed.has(id) && /[A-Za-z]{3}/.test(en))
      .map(([id]) => id);
    expect(untranslated).toEqual([]);
  });
});

describe('catalog loaders', () => {
  it.each(UI_LOCALES)('%s: the loaded catalog (its index.ts) holds every English key', async (locale) => {
    const loaded = (await CATALOG_LOADERS[locale]()).default;
    const missing = Object.keys(englishFlat).filter((k) => !(k in loaded));
    expect(missing).toEqual([]);
    // The renderer's two parts (start-up and the later screens) hold the same keys between them, once.
    const start = (await CATALOG_PART_LOADERS[locale].start()).default;
    const rest = (await CATALOG_PART_LOADERS[locale].rest()).default;
    expect(Object.keys(start).filter((k) => k in rest)).toEqual([]);
    expect([...Object.keys(start), ...Object.keys(rest)].sort()).toEqual(Object.keys(loaded).sort());
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Terminology
// ---------------------------------------------------------------------------------------------------------------

interface Term {
  concept: string;
  /** English words that name the concept (lower case, matched as whole words, simple plural included). */
  english: RegExp;
  /** Per locale: the accepted forms (a stem regex) and the synonyms to avoid. */
  forms: Record<string, { use: RegExp; avoid: RegExp | null }>;
}

function readTerms(): Term[] {
  const lines = readFileSync(join(HERE, 'terms.tsv'), 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  const header = lines[0]!.split('\t');
  return lines.slice(1).map((line) => {
    const cells = line.split('\t');
    const concept = cells[0]!;
    const forms: Term['forms'] = {};
    header.forEach((h, i) => {
      if (i < 2 || !cells[i]) return;
      // A cell is `accepted stems` or `accepted stems ! synonyms to avoid`, each a `|`-separated list.
      const [use, avoid] = cells[i]!.split('!').map((s) => s.trim());
      forms[h] = { use: new RegExp(use!, 'iu'), avoid: avoid ? new RegExp(avoid, 'iu') : null };
    });
    return { concept, english: new RegExp(`\\b(${cells[1]})s?\\b`, 'i'), forms };
  });
}

describe('UI terminology (terms.tsv)', () => {
  const terms = readTerms();
  it('names a term for every concept in every UI locale', () => {
    for (const term of terms) {
      for (const locale of UI_LOCALES) {
        if (locale === SOURCE_LOCALE) continue;
        expect(term.forms[locale], `${term.concept} in ${locale}`).toBeDefined();
      }
    }
  });
  for (const locale of others) {
    it(`${locale}: a message that names a concept in English uses its term, never a listed synonym`, () => {
      const messages = flat(readCatalog(locale));
      const problems: string[] = [];
      for (const term of terms) {
        const form = term.forms[locale];
        if (!form) continue;
        for (const [id, en] of Object.entries(englishFlat)) {
          const msg = messages[id];
          // A plain placeholder (`{connection}`) is not the word: only the message's own text names a concept.
          if (!msg || !term.english.test(en.replace(/\{[A-Za-z0-9_]+\}/g, ''))) continue;
          if (!form.use.test(msg)) problems.push(`${id}: "${term.concept}" should be /${form.use.source}/ in «${msg}»`);
          if (form.avoid?.test(msg)) problems.push(`${id}: "${term.concept}" uses a synonym to avoid /${form.avoid.source}/ in «${msg}»`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

/**
 * Controls shown side by side that do different things must not read the same in any language (seen on a keyboard
 * tour: the Chinese History panel had two "关闭历史记录" buttons, one turning history off, one closing the panel).
 */
const DISTINCT_NEIGHBOURS: Array<[string, string]> = [['history.turnOff', 'history.close']];

describe.each(UI_LOCALES)('neighbouring controls in %s', (locale) => {
  it('read differently', () => {
    const messages = flat(readCatalog(locale));
    for (const [a, b] of DISTINCT_NEIGHBOURS) expect(messages[a], `${a} / ${b}`).not.toBe(messages[b]);
  });
});

/**
 * Messages given a language name in its running-text form (`Formatters.languageNameInText`: "español", «русский»,
 * but "Deutsch"), by placeholder. The Spanish and Russian tours read "El texto ya está en Español" and «Определён
 * язык: Русский»: the capitalised form (`languageName`) is for pickers, lists and labels the name starts. A message
 * whose placeholder starts it ("{language} (not offered)", "{source} → {target}") keeps the capitalised form and is
 * not listed; a call site passing `languageNameInText` lists its message here.
 */
const NAMES_IN_TEXT: Readonly<Record<string, readonly string[]>> = {
  'app.uiLanguage.system': ['language'],
  'customisation.features.glossaryUnsupported': ['source', 'target'],
  'customisation.features.tagHandlingUnsupported': ['language'],
  'customisation.options.styleHint': ['language'],
  'customisation.options.styleMismatch': ['listLanguage', 'language'],
  'customisation.options.styleNoneForTarget': ['language'],
  'customisation.options.styleUnsupported': ['language'],
  'customisation.options.tmNoneForPair': ['source', 'target'],
  'customisation.options.tmOption': ['source', 'targets'],
  'customisation.options.tmOptionNoCount': ['source', 'targets'],
  'customisation.styles.editorTitle': ['language'],
  'documents.engine.apertiumVia': ['via'],
  'documents.errorHint.pairDetected': ['source', 'target'],
  'documents.errorHint.pair_unavailable': ['source', 'target'],
  'documents.targetUnreachable': ['source'],
  'documents.targetsBlocked': ['source'],
  'documents.targetsFromLast': ['languages'],
  'glossaries.term.offPair': ['source', 'target'],
  'translate.engine.apertiumVia': ['language'],
  'translate.lang.alreadyTarget': ['language'],
  'translate.lang.detectWith': ['language'],
  'translate.lang.detected': ['language'],
  'translate.lang.detectedPairMissing': ['language', 'target', 'targets'],
  'translate.lang.detectedUnsupported': ['language', 'sources'],
  'translate.lang.pairMissing': ['source', 'target', 'targets'],
  'translate.lang.redirected': ['language', 'second'],
  'translate.lang.redirectedFirst': ['language', 'second'],
  'translate.lang.redirectedLast': ['language', 'second'],
  'translate.lang.sourceMissing': ['language'],
  'translate.lang.targetMissing': ['language'],
  'translate.lang.unreachable': ['source'],
  'translate.options.noGlossary': ['source', 'target'],
  'translate.rule.noFormality': ['language'],
};

/**
 * Words after which Russian, Ukrainian and Polish need a case other than the nominative, which a language name put
 * in as it is cannot take: «Нет памяти переводов для Английский → Испанский», «для языка испанский». The message
 * names the pair («для пары английский → испанский»), quotes the name («для языка «испанский»») or puts it after a
 * colon or in brackets instead.
 */
const NOT_BEFORE_A_NAME: Readonly<Record<string, readonly string[]>> = {
  ru: [
    'с',
    'со',
    'для',
    'из',
    'от',
    'до',
    'без',
    'о',
    'об',
    'в',
    'во',
    'на',
    'по',
    'к',
    'при',
    'через',
    'про',
    'языка',
    'языку',
    'языке',
    'языком',
  ],
  uk: [
    'з',
    'із',
    'зі',
    'для',
    'від',
    'до',
    'без',
    'про',
    'в',
    'у',
    'на',
    'по',
    'при',
    'через',
    'мови',
    'мові',
    'мовою',
  ],
  pl: ['z', 'ze', 'dla', 'do', 'od', 'na', 'w', 'we', 'o', 'przez', 'bez', 'języka', 'języku', 'językiem'],
};

describe.each(UI_LOCALES)('language names inside sentences in %s', (locale) => {
  const messages = flat(readCatalog(locale));
  // Where the UI language writes language names in lower case ("español"), such a name cannot start a sentence.
  const spanish = new Intl.DisplayNames([locale], { type: 'language' }).of('es') ?? '';
  const lowerCase = spanish.charAt(0) !== spanish.charAt(0).toLocaleUpperCase(locale);

  it('the listed messages exist and have their placeholders', () => {
    for (const [id, names] of Object.entries(NAMES_IN_TEXT)) {
      expect(messages[id], id).toBeDefined();
      const args = shape(messages[id]!, locale).args;
      for (const n of names) expect(args.has(n), `${id}: {${n}}`).toBe(true);
    }
  });

  // Only where it applies (a test skipped elsewhere would print no reason): languages whose names are lower case.
  if (lowerCase)
    it('never starts a message, a sentence or a plural branch with a name in its running-text form', () => {
      const problems: string[] = [];
      for (const [id, names] of Object.entries(NAMES_IN_TEXT)) {
        for (const n of names) {
          const starts = new RegExp(
            `(?:^|[.!?…]\\s+|\\b(?:zero|one|two|few|many|other|=\\d+)\\s*\\{)\\{${n}\\}`,
            'u',
          );
          if (starts.test(messages[id] ?? ''))
            problems.push(`${id}: {${n}} starts a sentence: ${messages[id]}`);
        }
      }
      expect(problems).toEqual([]);
    });

  // Only for the languages whose grammar the list knows (Russian, Ukrainian, Polish).
  if (locale in NOT_BEFORE_A_NAME)
    it('puts no name right after a word that needs another case', () => {
      const words = NOT_BEFORE_A_NAME[locale]!.join('|');
      const problems: string[] = [];
      for (const [id, names] of Object.entries(NAMES_IN_TEXT)) {
        for (const n of names) {
          const after = new RegExp(`(?:^|[\\s(«„])(?:${words})\\s+\\{${n}\\}`, 'iu');
          if (after.test(messages[id] ?? '')) problems.push(`${id}: ${messages[id]}`);
        }
      }
      expect(problems).toEqual([]);
    });
});
