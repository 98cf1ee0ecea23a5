/**
 * UI locales (any process): which UI languages Verso offers, which are right-to-left, how a system's preferred
 * languages map to one of them, and where each locale's catalog is loaded from. Catalogs are data: one folder per
 * locale under `shared/i18n/<locale>/`, one JSON file per domain (so the screens' owners never edit one file at
 * once), merged by that folder's `index.ts`. Loaders are dynamic imports, so the renderer's bundler emits one chunk
 * per locale and only the active locale's catalog is fetched at start.
 */
import type { Catalog } from './catalog.js';

/** The source locale: every key exists here first; the others are translations of it. */
export const SOURCE_LOCALE = 'en';

/** Locales offered to users, in the order the Settings picker lists them (sorted there by the UI collator). */
export const UI_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt-BR', 'nl', 'pl', 'ru', 'uk', 'ja', 'zh-Hans', 'ko', 'ar'] as const;

/**
 * Pseudo-locales for testing layouts (never offered to users): `en-XA` is accented and about 40 % longer, wrapped
 * in ⟦ ⟧ so text that escaped the layer is visible; `ar-XB` is the same text shown right-to-left.
 */
export const PSEUDO_LOCALES = ['en-XA', 'ar-XB'] as const;

export type UiLocale = (typeof UI_LOCALES)[number];
export type PseudoLocale = (typeof PSEUDO_LOCALES)[number];
export type AnyLocale = UiLocale | PseudoLocale;

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug']);

export function isPseudoLocale(locale: string): locale is PseudoLocale {
  return (PSEUDO_LOCALES as readonly string[]).includes(locale);
}

export function isUiLocale(locale: string): locale is UiLocale {
  return (UI_LOCALES as readonly string[]).includes(locale);
}

/** `rtl` for Arabic, Hebrew, Persian, … and the right-to-left pseudo-locale. */
export function directionOf(locale: string): 'ltr' | 'rtl' {
  if (locale === 'ar-XB') return 'rtl';
  const lang = locale.split('-')[0]?.toLowerCase() ?? '';
  return RTL_LANGUAGES.has(lang) ? 'rtl' : 'ltr';
}

/**
 * The UI locale for a list of preferred languages (BCP 47, most preferred first, as `navigator.languages` or
 * Electron's `app.getPreferredSystemLanguages()` give them): the first exact match, then the first whose language
 * matches (`pt-PT` → `pt-BR`, `zh-CN`/`zh-SG` → `zh-Hans`), else English.
 */
export function matchUiLocale(preferred: readonly string[], available: readonly string[] = UI_LOCALES): string {
  const norm = (s: string) => s.replace(/_/g, '-').toLowerCase();
  const avail = available.map((a) => ({ tag: a, low: a.toLowerCase(), lang: a.split('-')[0]!.toLowerCase() }));
  for (const p of preferred) {
    const low = norm(p);
    const exact = avail.find((a) => a.low === low);
    if (exact) return exact.tag;
    // Chinese: Simplified for zh-CN/zh-SG/zh-Hans*, Traditional for zh-TW/HK/MO/zh-Hant*.
    if (low.startsWith('zh')) {
      const trad = /hant|-tw|-hk|-mo/.test(low);
      const z = avail.find((a) => a.low === (trad ? 'zh-hant' : 'zh-hans'));
      if (z) return z.tag;
      continue;
    }
    const lang = low.split('-')[0];
    const byLang = avail.find((a) => a.lang === lang);
    if (byLang) return byLang.tag;
  }
  return SOURCE_LOCALE;
}

/**
 * The domains the first paint needs: the shell, the Translate screen (the start screen) and Settings. The other
 * screens' words (`rest`) are fetched with their screen's code, so the start-up catalog stays small however many
 * screens Verso grows. `shared/i18n/<locale>/{start,rest}.ts` hold the two parts; `index.ts` holds both (main).
 */
export const START_DOMAINS = ['app', 'errors', 'connections', 'first-run', 'translate', 'history', 'local-engine', 'desktop', 'settings', 'customisation'] as const;

export type CatalogPart = 'start' | 'rest';

export const CATALOG_PART_LOADERS: Record<UiLocale, Record<CatalogPart, () => Promise<{ default: Catalog }>>> = {
  en: { start: () => import('./en/start.js'), rest: () => import('./en/rest.js') },
  de: { start: () => import('./de/start.js'), rest: () => import('./de/rest.js') },
  fr: { start: () => import('./fr/start.js'), rest: () => import('./fr/rest.js') },
  es: { start: () => import('./es/start.js'), rest: () => import('./es/rest.js') },
  it: { start: () => import('./it/start.js'), rest: () => import('./it/rest.js') },
  'pt-BR': { start: () => import('./pt-BR/start.js'), rest: () => import('./pt-BR/rest.js') },
  nl: { start: () => import('./nl/start.js'), rest: () => import('./nl/rest.js') },
  pl: { start: () => import('./pl/start.js'), rest: () => import('./pl/rest.js') },
  ru: { start: () => import('./ru/start.js'), rest: () => import('./ru/rest.js') },
  uk: { start: () => import('./uk/start.js'), rest: () => import('./uk/rest.js') },
  ja: { start: () => import('./ja/start.js'), rest: () => import('./ja/rest.js') },
  'zh-Hans': { start: () => import('./zh-Hans/start.js'), rest: () => import('./zh-Hans/rest.js') },
  ko: { start: () => import('./ko/start.js'), rest: () => import('./ko/rest.js') },
  ar: { start: () => import('./ar/start.js'), rest: () => import('./ar/rest.js') },
};

/**
 * One loader per locale (the whole catalog: main, and tests). Each is a dynamic import, so bundlers split catalogs into their own chunks. Part 2 of
 * the UI-languages work adds one line per locale here and to `UI_LOCALES`.
 */
export const CATALOG_LOADERS: Record<UiLocale, () => Promise<{ default: Catalog }>> = {
  en: () => import('./en/index.js'),
  de: () => import('./de/index.js'),
  fr: () => import('./fr/index.js'),
  es: () => import('./es/index.js'),
  it: () => import('./it/index.js'),
  'pt-BR': () => import('./pt-BR/index.js'),
  nl: () => import('./nl/index.js'),
  pl: () => import('./pl/index.js'),
  ru: () => import('./ru/index.js'),
  uk: () => import('./uk/index.js'),
  ja: () => import('./ja/index.js'),
  'zh-Hans': () => import('./zh-Hans/index.js'),
  ko: () => import('./ko/index.js'),
  ar: () => import('./ar/index.js'),
};
