/**
 * Locale-aware formatting (any process): counts, percentages, sizes, dates, relative times, durations, lists and
 * language names, all through `Intl` in the UI locale, so a French UI says "1 234 567 caractères" and "Allemand".
 * Formatter objects are cached per locale and options (constructing `Intl` objects is the expensive part).
 */
import { formatLocaleOf } from './translator.js';

export interface Formatters {
  readonly locale: string;
  /** 1,234,567 (grouping by locale). */
  number(n: number, options?: Intl.NumberFormatOptions): string;
  /** 1.2M, 1,2 Mio., 120万: for large counts where space is short. */
  compact(n: number): string;
  /** A ratio as a percentage: 0.853 → 85% (up to one decimal under 10 %). */
  percent(ratio: number): string;
  /** Bytes: 1.5 MB, 820 kB (decimal units, as file managers on macOS and GNOME show). */
  bytes(n: number): string;
  date(d: Date | number, style?: 'short' | 'medium' | 'long'): string;
  time(d: Date | number): string;
  dateTime(d: Date | number): string;
  /** "in 3 days", "2 hours ago", "yesterday", relative to `now`. */
  relative(d: Date | number, now?: Date | number): string;
  /** A duration in milliseconds: "1 hr, 5 min", "42 sec". */
  duration(ms: number): string;
  /** "German, French, and Spanish" (or "or"). */
  list(items: readonly string[], type?: 'conjunction' | 'disjunction' | 'unit'): string;
  /**
   * A language code as the API writes it (`DE`, `EN-GB`, `ZH-HANS`) named in the UI language; `fallback` else. Its
   * first letter is a capital: the form for a picker, a list line or a label that the name starts ("Español").
   */
  languageName(code: string, fallback?: string): string;
  /**
   * The same name as running text writes it: the UI language's own casing, as `Intl` gives it, so "El texto ya está
   * en español", «Определён язык: русский», but "auf Deutsch" (German nouns keep their capital). For a name in the
   * middle of a sentence, never one that starts it: catalogs.test.ts lists the messages and placeholders given it.
   */
  languageNameInText(code: string, fallback?: string): string;
  /** Text that starts a message (a list of in-text names, say) with its first letter a capital: "Inglés y francés". */
  sentenceStart(text: string): string;
  /** Compares strings as the UI language sorts them (for language lists, glossary names, ...). */
  compare(a: string, b: string): number;
  /**
   * Builds now the `Intl` objects the screens use most (language names, numbers, sorting). The first of each kind in
   * a page costs tens of milliseconds (Chromium loads its locale data then): the renderer calls this in the first
   * idle moment after its first render, so neither that render nor the first keystroke pays it.
   */
  warm(): void;
  /**
   * Names worked out elsewhere by this same function for this UI language (main's, in `app.start`'s answer): the
   * language pickers' first render then builds no `Intl.DisplayNames`. A name already worked out here stays.
   * These are `languageName`'s capitalised forms: `languageNameInText` never derives its names from them.
   */
  knowNames(byCode: Readonly<Record<string, string>>): void;
}

/**
 * Sentences of the UI language put one after the other: a space between them, none after a full-width full stop,
 * exclamation or question mark (Japanese and Chinese: "保存しました。 この…" had a stray space, seen on a tour).
 */
export function joinSentences(parts: readonly string[]): string {
  return parts
    .filter((p) => p !== '')
    .reduce((out, p) => (out === '' ? p : `${out}${/[。！？]$/u.test(out) ? '' : ' '}${p}`), '');
}

const cache = new Map<string, Formatters>();

/** The API's language code as a BCP 47 tag: `ZH-HANS` → `zh-Hans`, `EN-GB` → `en-GB`, `pt-br` → `pt-BR`. */
export function toBcp47(code: string): string {
  try {
    return Intl.getCanonicalLocales(code)[0] ?? code;
  } catch {
    return code;
  }
}

export function createFormatters(uiLocale: string): Formatters {
  const hit = cache.get(uiLocale);
  if (hit) return hit;
  const loc = formatLocaleOf(uiLocale);
  const memo = new Map<string, unknown>();
  const get = <T>(key: string, make: () => T): T => {
    let v = memo.get(key) as T | undefined;
    if (v === undefined) {
      v = make();
      memo.set(key, v);
    }
    return v;
  };
  const nf = (o: Intl.NumberFormatOptions = {}) => get(`n${JSON.stringify(o)}`, () => new Intl.NumberFormat(loc, o));
  let display: Intl.DisplayNames | null | undefined;
  const displayNames = () => {
    if (display === undefined) {
      try {
        display = new Intl.DisplayNames([loc], { type: 'language', fallback: 'none' });
      } catch {
        display = null;
      }
    }
    return display;
  };
  let collator: Intl.Collator | undefined;
  const collate = () => (collator ??= new Intl.Collator(loc, { sensitivity: 'base', numeric: true }));
  const names = new Map<string, string>();
  const namesInText = new Map<string, string>();

  const f: Formatters = {
    locale: uiLocale,
    number: (n, o) => nf(o).format(n),
    compact: (n) => nf({ notation: 'compact', maximumFractionDigits: 1 }).format(n),
    percent: (r) => nf({ style: 'percent', maximumFractionDigits: Math.abs(r) < 0.1 && r !== 0 ? 1 : 0 }).format(r),
    bytes: (n) => {
      const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
      let i = 0;
      let v = n;
      while (Math.abs(v) >= 1000 && i < units.length - 1) {
        v /= 1000;
        i++;
      }
      return nf({ style: 'unit', unit: units[i], unitDisplay: i === 0 ? 'long' : 'short', maximumFractionDigits: i === 0 || v >= 100 ? 0 : 1 }).format(v);
    },
    date: (d, style = 'medium') => get(`d${style}`, () => new Intl.DateTimeFormat(loc, { dateStyle: style })).format(d),
    time: (d) => get('t', () => new Intl.DateTimeFormat(loc, { timeStyle: 'short' })).format(d),
    dateTime: (d) => get('dt', () => new Intl.DateTimeFormat(loc, { dateStyle: 'medium', timeStyle: 'short' })).format(d),
    relative: (d, now = Date.now()) => {
      const rtf = get('r', () => new Intl.RelativeTimeFormat(loc, { numeric: 'auto' }));
      const diff = (typeof d === 'number' ? d : d.getTime()) - (typeof now === 'number' ? now : now.getTime());
      const abs = Math.abs(diff);
      const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
        ['second', 1000],
        ['minute', 60_000],
        ['hour', 3_600_000],
        ['day', 86_400_000],
        ['week', 7 * 86_400_000],
        ['month', 30 * 86_400_000],
        ['year', 365 * 86_400_000],
      ];
      let unit: Intl.RelativeTimeFormatUnit = 'second';
      let size = 1000;
      for (const [u, ms] of steps) {
        if (abs >= ms) {
          unit = u;
          size = ms;
        }
      }
      return rtf.format(Math.round(diff / size), unit);
    },
    duration: (ms) => {
      const total = Math.max(0, Math.round(ms / 1000));
      const h = Math.floor(total / 3600);
      const m = Math.floor((total % 3600) / 60);
      const s = total % 60;
      const parts: string[] = [];
      const unit = (value: number, u: 'hour' | 'minute' | 'second') =>
        nf({ style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
      if (h) parts.push(unit(h, 'hour'));
      if (m) parts.push(unit(m, 'minute'));
      if (s || parts.length === 0) parts.push(unit(s, 'second'));
      return get('lu', () => new Intl.ListFormat(loc, { type: 'unit', style: 'short' })).format(parts);
    },
    list: (items, type = 'conjunction') =>
      get(`l${type}`, () => new Intl.ListFormat(loc, { type, style: 'long' })).format(items),
    languageName: (code, fallback) => {
      // Language pickers name the same hundred codes on every render: each is worked out once per UI language.
      let name = names.get(code);
      if (name === undefined) {
        name = nameOf(code);
        names.set(code, name);
      }
      return name || (fallback ?? code);
    },
    languageNameInText: (code, fallback) => {
      // Worked out from Intl itself, never from the capitalised names main sent (knowNames): those lost the casing.
      let name = namesInText.get(code);
      if (name === undefined) {
        name = intlNameOf(code);
        namesInText.set(code, name);
      }
      return name || (fallback ?? code);
    },
    sentenceStart: (text) => upperFirst(text),
    compare: (a, b) => collate().compare(a, b),
    warm: () => {
      displayNames();
      collate();
      nf();
    },
    knowNames: (byCode) => {
      for (const [code, name] of Object.entries(byCode)) if (!names.has(code)) names.set(code, name);
    },
  };
  /** The code's name in the UI language as `Intl` writes it in running text ("allemand"), '' when it has none. */
  function intlNameOf(code: string): string {
    const tag = toBcp47(code);
    let name: string | undefined;
    try {
      name = displayNames()?.of(tag);
    } catch {
      name = undefined;
    }
    return !name || name.toLowerCase() === tag.toLowerCase() ? '' : name;
  }
  /** The code's name in the UI language starting with a capital, '' when `Intl` has none. */
  function nameOf(code: string): string {
    const name = intlNameOf(code);
    // Language names are lower case in many languages ("allemand"); in a list or a picker they start a line.
    return upperFirst(name);
  }
  function upperFirst(text: string): string {
    return text.charAt(0).toLocaleUpperCase(loc) + text.slice(1);
  }

  cache.set(uiLocale, f);
  return f;
}
