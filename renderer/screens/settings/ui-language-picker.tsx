/**
 * Renderer component (Settings): the interface-language picker. "Same as the system" first, then every UI locale
 * named in its own language ("Deutsch", "日本語": a user who cannot read the current language still finds theirs),
 * in one order whatever the UI language (the root collation): the choice applies at once, and an order that followed
 * the UI language moved the list under the arrow keys (Chinese → 日本語 re-sorted it, and ArrowDown flipped between
 * the two for ever, seen on a keyboard tour); the pseudo-locales only when the app was started with
 * VERSO_PSEUDO_LOCALES=1. The choice applies (catalog fetched, screens re-rendered, `dir` set) and is saved in
 * main, whose menu follows settings; no restart.
 */
import { useId, useMemo } from 'react';
import { PSEUDO_LOCALES, UI_LOCALES, isPseudoLocale } from '../../../shared/i18n/locales.js';
import { resolveUiLocale, setUiLocale, systemUiLocale, useFormat, useT } from '../../i18n/index.js';
import { useAppInfo } from './use-app-info.js';
import { useUpdateSettings } from './use-update-settings.js';

/** A locale's name in that locale itself ("Français", "العربية"), first letter upper-cased as a list item. */
export function endonym(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale);
    if (name) return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    // An engine without DisplayNames data for it: the tag is still unambiguous.
  }
  return locale;
}

/** The languages' own names in one order for every UI language (Unicode's root collation). */
const ROOT_ORDER = new Intl.Collator('und');

export function UiLanguagePicker({ value }: { value: string }) {
  const uid = useId();
  const t = useT();
  const f = useFormat();
  const info = useAppInfo();
  const update = useUpdateSettings();
  const withPseudo = info.data?.pseudoLocales === true || isPseudoLocale(value);
  const options = useMemo(() => {
    const real = UI_LOCALES.map((code) => ({ code, label: endonym(code) })).sort((a, b) => ROOT_ORDER.compare(a.label, b.label));
    const pseudo = withPseudo
      ? PSEUDO_LOCALES.map((code) => ({ code, label: t('app.uiLanguage.pseudo', { language: code }) }))
      : [];
    return [...real, ...pseudo];
  }, [t, withPseudo]);
  const choose = (choice: string) => {
    // Switch at once; the saved setting brings main (menus) along and survives a restart.
    void setUiLocale(resolveUiLocale(choice));
    update.mutate({ uiLanguage: choice });
  };
  return (
    <div className="field">
      <label htmlFor={uid}>{t('app.uiLanguage.label')}</label>
      <select
        id={uid}
        className="ui-language"
        value={value}
        aria-describedby={`${uid}-hint`}
        onChange={(e) => choose(e.target.value)}
      >
        <option value="system">{t('app.uiLanguage.system', { language: f.languageNameInText(systemUiLocale()) })}</option>
        {options.map((o) => (
          <option key={o.code} value={o.code} lang={isPseudoLocale(o.code) ? undefined : o.code}>
            {o.label}
          </option>
        ))}
      </select>
      <p id={`${uid}-hint`} className="hint">
        {t('app.uiLanguage.hint')}
      </p>
    </div>
  );
}
