/**
 * The React binding of the i18n layer (renderer): the active UI locale's translator and formatters, held in a
 * tiny external store so a language change re-renders every screen without a restart. Only the active locale's
 * catalog is fetched (one chunk per locale); English, the fallback for missing keys, is fetched alongside when
 * another locale is active. The document's `lang` and `dir` follow the locale, so the CSS's logical properties
 * mirror the layout for Arabic and Hebrew.
 *
 * Use `useT()` for words, `useFormat()` for numbers, dates and language names, `useDescribeError()` for a failed
 * call. Screens never hold a literal sentence (the lint rule `i18next/no-literal-string` enforces it).
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { Catalog, MessageId, MessageValues } from '../../shared/i18n/catalog.js';
import { describeIpcError, type DescribedError } from '../../shared/i18n/errors.js';
import { createFormatters, type Formatters } from '../../shared/i18n/format.js';
import {
  CATALOG_PART_LOADERS,
  type CatalogPart,
  isPseudoLocale,
  isUiLocale,
  matchUiLocale,
  SOURCE_LOCALE,
  UI_LOCALES,
} from '../../shared/i18n/locales.js';
import { createTranslator, pseudoCatalog, type Translator } from '../../shared/i18n/translator.js';
import { ApiError } from '../lib/api.js';

export type { MessageId, MessageValues } from '../../shared/i18n/catalog.js';

interface I18nState {
  translator: Translator;
  format: Formatters;
  /** The catalog parts this translator holds. */
  parts: ReadonlySet<CatalogPart>;
}

const STORAGE_KEY = 'verso.uiLocale';
/** Fetched catalog parts by `locale:part`. */
const catalogs = new Map<string, Catalog>();
const listeners = new Set<() => void>();
let state: I18nState | null = null;
let pending: { locale: string; promise: Promise<void> } | null = null;
/**
 * The catalog parts in use: `start` (shell, Translate, Settings) before the first paint; `rest` (the other screens'
 * words) once a screen that needs them is opened or the app is idle after start-up. A language change fetches the
 * same parts in the new language.
 */
const partsInUse = new Set<CatalogPart>(['start']);
let restPending: Promise<void> | null = null;

async function loadPart(locale: string, part: CatalogPart): Promise<Catalog> {
  const key = `${locale}:${part}`;
  const hit = catalogs.get(key);
  if (hit) return hit;
  const loaders = isUiLocale(locale) ? CATALOG_PART_LOADERS[locale] : CATALOG_PART_LOADERS.en;
  const catalog = (await loaders[part]()).default as Catalog;
  catalogs.set(key, catalog);
  return catalog;
}

/** The locale's catalog (the parts in use), merged; pseudo-locales are built from English. */
async function loadCatalog(locale: string, parts: ReadonlySet<CatalogPart>): Promise<Catalog> {
  const loaded = await Promise.all([...parts].map((p) => loadPart(locale, p)));
  // One part (the start-up catalog) is used as it is: a copy of its ~1,000 keys held the first paint by ~10 ms.
  return (loaded.length === 1 ? loaded[0]! : Object.assign({}, ...loaded)) as Catalog;
}

/**
 * A locale's catalog and its fallback. Pseudo-locales are built from English. A real locale needs no English
 * fallback at run time: the parity test (shared/i18n/catalogs.test.ts) keeps every catalog complete, so English
 * is not fetched for a French user.
 */
async function catalogFor(locale: string, parts: ReadonlySet<CatalogPart>): Promise<{ catalog: Catalog; english: Catalog }> {
  if (isPseudoLocale(locale) || locale === SOURCE_LOCALE || !isUiLocale(locale)) {
    const english = await loadCatalog(SOURCE_LOCALE, parts);
    if (isPseudoLocale(locale)) return { catalog: pseudoCatalog(english, locale), english };
    // English is complete: it needs no fallback (merging it with itself copied ~1,000 keys twice at start).
    return { catalog: english, english: {} };
  }
  return { catalog: await loadCatalog(locale, parts), english: {} };
}

function setState(next: I18nState): void {
  state = next;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = next.translator.locale;
    document.documentElement.dir = next.translator.dir;
  }
  for (const l of listeners) l();
}

/** The locale the system asks for (the browser's languages in the harness; Chromium's in Electron). */
export function systemUiLocale(): string {
  const langs = typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
  return matchUiLocale(langs);
}

/** Resolves a Settings choice (`system`, a UI locale, or a pseudo-locale in development and tests). */
export function resolveUiLocale(choice: string | null | undefined): string {
  if (!choice || choice === 'system') return systemUiLocale();
  if (isUiLocale(choice) || isPseudoLocale(choice)) return choice;
  return matchUiLocale([choice]);
}

/** Builds the active language's `Intl` objects ahead of the first screen (see `Formatters.warm`). */
export function warmFormats(): void {
  state?.format.warm();
}

/** Switches the UI language: fetches its catalog (the parts in use), then re-renders. */
export function setUiLocale(locale: string): Promise<void> {
  if (state?.translator.locale === locale) return Promise.resolve();
  if (pending?.locale === locale) return pending.promise;
  const promise = (async () => {
    const parts = new Set(partsInUse);
    const { catalog, english } = await catalogFor(locale, parts);
    if (pending?.locale !== locale) return; // a newer choice won
    const translator = createTranslator(locale, catalog, english);
    setState({ translator, format: createFormatters(locale), parts });
    // A screen asked for more words while this language was loading.
    if (partsInUse.size > parts.size) void ensureAllCatalogs();
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // Storage can be unavailable (private windows); the Settings choice still applies on the next start.
    }
  })();
  pending = { locale, promise };
  return promise.finally(() => {
    if (pending?.promise === promise) pending = null;
  });
}

/**
 * Fetches the other screens' words (the `rest` part) in the active language and English, then re-renders. Screens
 * outside the start part await this with their code, so they never show an id; the shell calls it when idle.
 */
export function ensureAllCatalogs(): Promise<void> {
  partsInUse.add('rest');
  if (state?.parts.has('rest')) return Promise.resolve();
  restPending ??= (async () => {
    const active = state?.translator.locale ?? SOURCE_LOCALE;
    const parts = new Set(partsInUse);
    const { catalog, english } = await catalogFor(active, parts);
    // A language change meanwhile installed its own catalog; the check below then loads its rest.
    if (state && state.translator.locale === active) {
      setState({ translator: createTranslator(active, catalog, english), format: state.format, parts });
    }
  })().finally(() => {
    restPending = null;
  });
  return restPending.then(() => (state?.parts.has('rest') ? undefined : ensureAllCatalogs()));
}

/**
 * Before the first paint: the locale used last time (so a chosen language shows from the first frame), else the
 * system's. Settings, once read, may switch it (see `useUiLocaleFromSettings`).
 */
export function initI18n(): Promise<void> {
  let initial: string | null = null;
  try {
    initial = localStorage.getItem(STORAGE_KEY);
  } catch {
    initial = null;
  }
  const locale = initial && (isUiLocale(initial) || isPseudoLocale(initial)) ? initial : systemUiLocale();
  return setUiLocale(locale);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function current(): I18nState {
  if (!state) throw new Error('The i18n layer is used before initI18n() finished.');
  return state;
}

/** The active translator and formatters; re-renders when the UI language changes. */
export function useI18n(): I18nState {
  return useSyncExternalStore(subscribe, current, current);
}

/** `t('documents.title')`, `t('app.common.characters', { count })`: typed message ids. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const { translator } = useI18n();
  return translator.t;
}

export function useFormat(): Formatters {
  return useI18n().format;
}

/** Turns anything a call threw into words for the user plus the technical detail (for a "Details" disclosure). */
export function useDescribeError(): (err: unknown) => DescribedError {
  const { translator } = useI18n();
  return useCallback((err: unknown) => describeError(translator, err), [translator]);
}

export function describeError(translator: Translator, err: unknown): DescribedError {
  if (err instanceof ApiError) return describeIpcError(translator, err.error);
  const detail = err instanceof Error && err.message ? err.message : null;
  return { message: translator.t('errors.internal'), detail, serviceWords: null };
}

/** Non-React code (stores, event handlers outside components) reads the active translator here. */
export function currentTranslator(): Translator {
  return current().translator;
}

/** The locales a user can choose (pseudo-locales only where `withPseudo`: development and tests). */
export function selectableLocales(withPseudo: boolean): string[] {
  return withPseudo ? [...UI_LOCALES, 'en-XA', 'ar-XB'] : [...UI_LOCALES];
}

/** Test support: makes the layer ready synchronously with the given compiled (or source) English catalog. */
export function installTestI18n(locale: string, english: Catalog, catalog?: Catalog): void {
  partsInUse.add('rest');
  // Compiled English stands for both parts, so a later language switch in a test needs no bundler.
  catalogs.set(`${SOURCE_LOCALE}:start`, english);
  catalogs.set(`${SOURCE_LOCALE}:rest`, {});
  const active = isPseudoLocale(locale) ? pseudoCatalog(english, locale) : (catalog ?? english);
  setState({ translator: createTranslator(locale, active, english), format: createFormatters(locale), parts: new Set(partsInUse) });
}
