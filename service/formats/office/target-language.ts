/**
 * The target language as Office documents spell it (service process, document workers): a culture tag
 * (`de-DE`, `pt-BR`) for `w:lang` and `a:rPr@lang`, which of Word's three language slots it belongs to
 * (Latin, East Asian, complex script), and whether it is written right to left.
 */

export interface OfficeLanguage {
  /** Culture tag as Word and PowerPoint write it. */
  tag: string;
  /** Word's `w:lang` attribute for this script: `w:val` (Latin, Cyrillic, Greek), `w:eastAsia`, `w:bidi`. */
  wordAttribute: 'w:val' | 'w:eastAsia' | 'w:bidi';
  rtl: boolean;
}

// Office stores a language as a culture (language plus region); a bare code gets its usual region.
const CULTURES: Record<string, string> = {
  AR: 'ar-SA', BG: 'bg-BG', CS: 'cs-CZ', DA: 'da-DK', DE: 'de-DE', EL: 'el-GR', EN: 'en-US', 'EN-GB': 'en-GB',
  'EN-US': 'en-US', ES: 'es-ES', 'ES-419': 'es-419', ET: 'et-EE', FI: 'fi-FI', FR: 'fr-FR', HE: 'he-IL', HU: 'hu-HU',
  ID: 'id-ID', IT: 'it-IT', JA: 'ja-JP', KO: 'ko-KR', LT: 'lt-LT', LV: 'lv-LV', NB: 'nb-NO', NL: 'nl-NL', PL: 'pl-PL',
  PT: 'pt-PT', 'PT-BR': 'pt-BR', 'PT-PT': 'pt-PT', RO: 'ro-RO', RU: 'ru-RU', SK: 'sk-SK', SL: 'sl-SI', SV: 'sv-SE',
  TR: 'tr-TR', UK: 'uk-UA', ZH: 'zh-CN', 'ZH-HANS': 'zh-CN', 'ZH-HANT': 'zh-TW',
};

const EAST_ASIAN = new Set(['JA', 'KO', 'ZH']);
const RTL = new Set(['AR', 'HE']);

/** The Office form of a target code, or undefined when there is none (then languages are left as they are). */
export function officeLanguage(code: string | undefined): OfficeLanguage | undefined {
  if (!code) return undefined;
  const upper = code.toUpperCase();
  const tag = CULTURES[upper];
  if (!tag) return undefined;
  const base = upper.split('-')[0] ?? upper;
  return {
    tag,
    wordAttribute: EAST_ASIAN.has(base) ? 'w:eastAsia' : RTL.has(base) ? 'w:bidi' : 'w:val',
    rtl: RTL.has(base),
  };
}

/** Sets (or adds) an attribute on an opening tag, escaping the value; `open` is a single start tag. */
const ATTRIBUTE_RES = new Map<string, RegExp>();

export function setAttribute(open: string, name: string, value: string): string {
  const escaped = value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  let re = ATTRIBUTE_RES.get(name);
  if (!re) {
    re = new RegExp(`(\\s${name.replace(/[.:]/g, '\\$&')}\\s*=\\s*)("[^"]*"|'[^']*')`);
    ATTRIBUTE_RES.set(name, re);
  }
  if (re.test(open)) return open.replace(re, (_m, lead: string) => `${lead}"${escaped}"`);
  const end = open.endsWith('/>') ? open.length - 2 : open.length - 1;
  return `${open.slice(0, end)} ${name}="${escaped}"${open.slice(end)}`;
}

/**
 * Memoises a rewrite of tag text: the same run properties repeat thousands of times in a document. The
 * cache is dropped when it grows large, so memory stays bounded whatever the input.
 */
export function memoized(rewrite: (open: string) => string, max = 4096): (open: string) => string {
  const cache = new Map<string, string>();
  return (open) => {
    let out = cache.get(open);
    if (out === undefined) {
      if (cache.size >= max) cache.clear();
      out = rewrite(open);
      cache.set(open, out);
    }
    return out;
  };
}
