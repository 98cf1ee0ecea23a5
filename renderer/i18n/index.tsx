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
  CATALOG_LOADERS,
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
}

const STORAGE_KEY = 'verso.uiLocale';
const catalogs = new Map<string, Catalog>();
const listeners = new Set<() => void>();
let state: I18nState | null = null;
let pending: { locale: string; promise: Promise<void> } | null = null;

async function loadCatalog(locale: string): Promise<Catalog> {
  const hit = catalogs.get(locale);
  if (hit) return hit;
  const loader = isUiLocale(locale) ? CATALOG_LOADERS[locale] : CATALOG_LOADERS.en;
  const catalog = (await loader()).default as Catalog;
  catalogs.set(locale, catalog);
  return catalog;
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

/** Switches the UI language: fetches its catalog (and English, for missing keys), then re-renders. */
export function setUiLocale(locale: string): Promise<void> {
  if (state?.translator.locale === locale) return Promise.resolve();
  if (pending?.locale === locale) return pending.promise;
  const promise = (async () => {
    const english = await loadCatalog(SOURCE_LOCALE);
    const catalog = isPseudoLocale(locale) ? pseudoCatalog(english, locale) : await loadCatalog(locale);
    if (pending?.locale !== locale) return; // a newer choice won
    const translator = createTranslator(locale, catalog, english);
    setState({ translator, format: createFormatters(locale) });
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
  return { message: translator.t('errors.internal'), detail };
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
  catalogs.set(SOURCE_LOCALE, english);
  const active = isPseudoLocale(locale) ? pseudoCatalog(english, locale) : (catalog ?? english);
  setState({ translator: createTranslator(locale, active, english), format: createFormatters(locale) });
}
