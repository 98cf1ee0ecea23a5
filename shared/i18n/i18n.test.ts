/**
 * The i18n layer's pure parts: formatters by UI locale (a count of 1,234,567 characters in de, fr, ja, ar),
 * language names in the UI language, locale matching, pseudo-locales, and errors by code.
 */
import { describe, expect, it, vi } from 'vitest';
import en from './en/index.js';
import { compileCatalog } from './compile.js';
import { describeIpcError } from './errors.js';
import { createFormatters, joinSentences, toBcp47 } from './format.js';
import { directionOf, matchUiLocale } from './locales.js';
import { createTranslator, PSEUDO_CLOSE, PSEUDO_OPEN, pseudoCatalog } from './translator.js';

const compiledEn = compileCatalog(en);

describe('formatters', () => {
  it('groups a count of characters the way each locale writes it', () => {
    expect(createFormatters('de').number(1234567)).toBe('1.234.567');
    // French groups with a narrow no-break space.
    expect(createFormatters('fr').number(1234567)).toBe('1\u202f234\u202f567');
    expect(createFormatters('ja').number(1234567)).toBe('1,234,567');
    // Arabic: Latin digits by default since CLDR 42; Egypt keeps Arabic-Indic digits and the Arabic separator.
    expect(createFormatters('ar').number(1234567)).toMatch(/^(1,234,567|١٬٢٣٤٬٥٦٧)$/);
    expect(createFormatters('ar-EG').number(1234567)).toBe('١٬٢٣٤٬٥٦٧');
  });

  it('shortens large counts by locale and writes percentages and sizes', () => {
    expect(createFormatters('en').compact(1_234_567)).toBe('1.2M');
    expect(createFormatters('de').compact(1_234_567)).toMatch(/^1,2\sMio\.$/);
    expect(createFormatters('ja').compact(1_234_567)).toBe('123.5万');
    expect(createFormatters('en').percent(0.8)).toBe('80%');
    expect(createFormatters('fr').percent(0.8)).toMatch(/^80[\u00a0\u202f]%$/);
    expect(createFormatters('en').bytes(1_500_000)).toBe('1.5 MB');
    expect(createFormatters('en').bytes(512)).toBe('512 bytes');
  });

  it('says relative times, durations and lists in the UI language', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(createFormatters('en').relative(now + 3 * 86_400_000, now)).toBe('in 3 days');
    expect(createFormatters('fr').relative(now - 86_400_000, now)).toBe('hier');
    expect(createFormatters('en').duration(3_900_000)).toBe('1 hr, 5 min');
    expect(createFormatters('de').list(['Deutsch', 'Französisch', 'Spanisch'])).toBe('Deutsch, Französisch und Spanisch');
  });

  it('names the API languages in the UI language, not in English', () => {
    expect(toBcp47('ZH-HANS')).toBe('zh-Hans');
    expect(createFormatters('fr').languageName('DE')).toBe('Allemand');
    expect(createFormatters('de').languageName('EN-GB')).toMatch(/^Englisch \(Vereinigtes Königreich\)|^Britisches Englisch/);
    expect(createFormatters('ja').languageName('FR')).toBe('フランス語');
    // Unknown codes fall back to the API's English name.
    expect(createFormatters('fr').languageName('QQ', 'Mystery')).toBe('Mystery');
    const names = ['Zulu', 'Ångström', 'Allemand'].sort(createFormatters('fr').compare);
    expect(names).toEqual(['Allemand', 'Ångström', 'Zulu']);
  });

  it('writes a name inside a sentence as the UI language does: "ya está en español", but "auf Deutsch"', () => {
    // Spanish and Russian tours: "El texto ya está en Español", «Определён язык: Русский».
    const es = createFormatters('es');
    expect(es.languageNameInText('ES')).toBe('español');
    expect(es.languageNameInText('EN-US')).toBe('inglés estadounidense');
    expect(es.languageName('ES')).toBe('Español');
    expect(createFormatters('ru').languageNameInText('RU')).toBe('русский');
    expect(createFormatters('uk').languageNameInText('EN')).toBe('англійська');
    // German nouns keep their capital: Intl gives "Deutsch".
    expect(createFormatters('de').languageNameInText('DE')).toBe('Deutsch');
    expect(createFormatters('fr').languageNameInText('QQ', 'Mystery')).toBe('Mystery');
    // A list of such names that starts a message gets its capital back on the first word only.
    expect(es.sentenceStart(es.list([es.languageNameInText('EN'), es.languageNameInText('FR')]))).toBe('Inglés y francés');
  });

  it('does not take the running-text form from the capitalised names main sent', () => {
    const it_ = createFormatters('it');
    it_.knowNames({ ES: 'Spagnolo' });
    expect(it_.languageName('ES')).toBe('Spagnolo');
    expect(it_.languageNameInText('ES')).toBe('spagnolo');
  });

  it('uses the names main worked out for this UI language without building Intl.DisplayNames, and keeps its own', () => {
    const built = vi.spyOn(Intl, 'DisplayNames');
    try {
      const f = createFormatters('ko');
      f.knowNames({ DE: '독일어', TLH: '클링온어' });
      expect([f.languageName('DE'), f.languageName('TLH')]).toEqual(['독일어', '클링온어']);
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
    // A name already worked out here stays; another UI language's formatters know nothing of them.
    const ja = createFormatters('ja');
    expect(ja.languageName('FR')).toBe('フランス語');
    ja.knowNames({ FR: 'changed' });
    expect(ja.languageName('FR')).toBe('フランス語');
    expect(createFormatters('uk').languageName('TLH', 'Klingon')).not.toBe('클링온어');
  });
});

describe('joinSentences', () => {
  it('puts a space between sentences, none after a full-width stop (Japanese, Chinese)', () => {
    // Seen on a Japanese tour: "保存しました。 このコンピューター…".
    expect(joinSentences(['Saved.', 'It is encrypted.'])).toBe('Saved. It is encrypted.');
    expect(joinSentences(['保存しました。', 'このコンピューターに暗号化して保存します。'])).toBe(
      '保存しました。このコンピューターに暗号化して保存します。',
    );
    expect(joinSentences(['已保存。', '', '加密存储。'])).toBe('已保存。加密存储。');
  });
});

describe('locales', () => {
  it('maps preferred system languages to a UI locale and falls back to English', () => {
    expect(matchUiLocale(['xx-YY', 'en-GB'])).toBe('en');
    expect(matchUiLocale(['pt-PT'], ['en', 'pt-BR'])).toBe('pt-BR');
    expect(matchUiLocale(['zh-CN'], ['en', 'zh-Hans'])).toBe('zh-Hans');
    expect(matchUiLocale(['fr-CA', 'de'], ['en', 'de', 'fr'])).toBe('fr');
    expect(matchUiLocale([])).toBe('en');
  });

  it('knows right-to-left locales', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('he-IL')).toBe('rtl');
    expect(directionOf('ar-XB')).toBe('rtl');
    expect(directionOf('en-XA')).toBe('ltr');
    expect(directionOf('ja')).toBe('ltr');
  });
});

describe('translator', () => {
  it('formats plurals with CLDR rules of the locale and falls back to English for missing keys', () => {
    const pl = createTranslator('pl', { 'app.common.characters': compileCatalog({ x: '{count, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}' }).x }, compiledEn);
    expect(pl.t('app.common.characters', { count: 1 })).toBe('1 znak');
    expect(pl.t('app.common.characters', { count: 3 })).toBe('3 znaki');
    expect(pl.t('app.common.characters', { count: 5 })).toBe('5 znaków');
    // Not in this catalog: English.
    expect(pl.t('app.nav.settings')).toBe('Settings');
    expect(pl.has('app.nav.settings')).toBe(true);
    expect(pl.has('app.nope')).toBe(false);
  });

  it('builds an accented, longer pseudo-locale that keeps placeholders and plural marks', () => {
    const xa = createTranslator('en-XA', pseudoCatalog(compiledEn, 'en-XA'), compiledEn);
    const s = xa.t('app.loadingScreen', { screen: 'Documents' });
    expect(s.startsWith(PSEUDO_OPEN)).toBe(true);
    expect(s.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(s).toContain('Documents'); // the value is not accented
    expect(s).toContain('Ĺóáðíñĝ');
    expect(s.length).toBeGreaterThanOrEqual(Math.round('Loading Documents…'.length * 1.3));
    expect(xa.t('app.common.characters', { count: 2 })).toMatch(/^⟦2 çĥáŕáçţéŕš~+⟧$/);
    const xb = createTranslator('ar-XB', pseudoCatalog(compiledEn, 'ar-XB'), compiledEn);
    expect(xb.dir).toBe('rtl');
    expect(xb.t('app.nav.usage')).toMatch(/^\u202E⟦Úšáĝé~+⟧\u202C$/);
  });

  it('every English message is valid ICU', () => {
    expect(() => compileCatalog(en, 'en')).not.toThrow();
    expect(() => compileCatalog({ bad: '{count, plural, one {x}' }, 'test')).toThrow(/"bad" is not valid ICU/);
  });
});

describe('errors by code', () => {
  const t = createTranslator('en', compiledEn);
  it('shows the catalog message and keeps what the service said as detail', () => {
    const d = describeIpcError(t, { code: 'auth_failed', message: 'Authorization failed (403): wrong key', status: 403 });
    expect(d.message).toMatch(/refused the key/);
    expect(d.detail).toBe('Authorization failed (403): wrong key · HTTP status 403');
  });
  it('says how much of the quota was used, formatted by locale', () => {
    const d = describeIpcError(t, { code: 'quota_exceeded', message: 'x', usage: { characterCount: 500000, characterLimit: 500000 } });
    expect(d.message).toContain('500,000 of 500,000');
  });
});
