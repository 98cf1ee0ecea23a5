/**
 * UI language in the main process (plain Node, no `electron` import): the same catalogs as the renderer, for the
 * text main shows itself (menus, tray, dialogs, notifications). Follows Settings' `uiLanguage` (`system` = the
 * OS's preferred languages, given by the composition root) and tells listeners when it changes, so the menu and
 * the tray are rebuilt without a restart. Catalogs are compiled here at load time (main has no bundle budget).
 */
import type { Catalog, MessageId, MessageValues } from '../../../shared/i18n/catalog.js';
import { compileCatalog, compileMessage } from '../../../shared/i18n/compile.js';
import { CATALOG_LOADERS, isPseudoLocale, isUiLocale, matchUiLocale, SOURCE_LOCALE } from '../../../shared/i18n/locales.js';
import { createTranslator, pseudoCatalog, type Translator } from '../../../shared/i18n/translator.js';
import { createFormatters, type Formatters } from '../../../shared/i18n/format.js';

export class MainI18n {
  private translator: Translator;
  private readonly compiled = new Map<string, Catalog>();
  private readonly listeners = new Set<(t: Translator) => void>();
  private choice = 'system';

  constructor(private readonly systemLocales: () => readonly string[]) {
    // English until the chosen catalog has loaded (a few ms after start).
    this.translator = createTranslator(SOURCE_LOCALE, {}, {}, compileMessage as (m: string) => unknown);
  }

  get locale(): string {
    return this.translator.locale;
  }

  t = (id: MessageId, values?: MessageValues): string => this.translator.t(id, values);

  format(): Formatters {
    return createFormatters(this.translator.locale);
  }

  /** Applies a Settings choice (`system`, `fr`, `en-XA`, ...); resolves once the catalog is in use. */
  async use(choice: string): Promise<void> {
    this.choice = choice;
    const locale =
      choice === 'system' ? matchUiLocale(this.systemLocales()) : isUiLocale(choice) || isPseudoLocale(choice) ? choice : matchUiLocale([choice]);
    const english = await this.load(SOURCE_LOCALE);
    const catalog = isPseudoLocale(locale) ? pseudoCatalog(english, locale) : await this.load(locale);
    if (this.choice !== choice) return; // a newer choice won
    const changed = locale !== this.translator.locale || Object.keys(this.compiled).length === 0;
    this.translator = createTranslator(locale, catalog, english);
    if (changed) for (const l of this.listeners) l(this.translator);
  }

  /** The system's languages changed (the web harness learns them from the page): applies them where "system" is chosen. */
  async systemChanged(): Promise<void> {
    if (this.choice === 'system') await this.use('system');
  }

  onChange(listener: (t: Translator) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async load(locale: string): Promise<Catalog> {
    const hit = this.compiled.get(locale);
    if (hit) return hit;
    const loader = isUiLocale(locale) ? CATALOG_LOADERS[locale] : CATALOG_LOADERS.en;
    const compiled = compileCatalog((await loader()).default, `catalog ${locale}`);
    this.compiled.set(locale, compiled);
    return compiled;
  }
}
