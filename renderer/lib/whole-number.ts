/**
 * Renderer helper: reads a whole number typed in the UI language (a key's character limit, a setting). The group and decimal separators come from
 * `Intl` for that language (5,000 in English, 5.000 in German, 5 000 in French); a number is whole digits, with or
 * without correctly placed group separators. Anything else — a sign, a unit, a fraction, another language's
 * grouping — is refused with its reason, never guessed ("1,5 Mio" is not 15, "-3" is not 3).
 */

export type LimitParse =
  | { ok: true; value: number }
  | { ok: false; reason: 'empty' | 'zero' | 'fraction' | 'format' | 'tooLarge' };

const SPACES = /[\s\u00a0\u202f\u2009]/;

/** The zero of each run of ten digits read as 0–9: Eastern Arabic, Persian, full-width (a Japanese IME's １５０００). */
const ZEROS = [0x0660, 0x06f0, 0xff10];
/** Full-width separators as the keyboard's own: ，and ．. */
const FULL_WIDTH: Record<string, string> = { '\uff0c': ',', '\uff0e': '.' };

/** Eastern Arabic, Persian and full-width digits (and full-width , .) as Latin ones (keyboards type them). */
function latinDigits(s: string): string {
  return s.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19\uff0c\uff0e]/g, (d) => {
    const c = d.charCodeAt(0);
    const zero = ZEROS.find((z) => c >= z && c <= z + 9);
    return zero === undefined ? FULL_WIDTH[d]! : String(c - zero);
  });
}

/**
 * The group and decimal separators the UI writes numbers with, read from its own number formatter (`Intl` in the UI
 * language, whatever digits it uses): "1.234.567,5" → `.` and `,`.
 */
export function separatorsOf(formatNumber: (n: number) => string): { group: string; decimal: string } {
  const s = latinDigits(formatNumber(1234567.5));
  const group = s.replace(/^1/, '').charAt(0);
  const decimal = s.charAt(s.lastIndexOf('5') - 1);
  return { group: /[0-9]/.test(group) ? '' : group, decimal: /[0-9]/.test(decimal) ? '.' : decimal };
}

/** Arabic separators and their Latin look-alikes are the same key on many keyboards. */
const SAME: Record<string, string> = { '\u066c': ',', '\u066b': '.' };

export function parseLimitText(text: string, formatNumber: (n: number) => string, max = 1e15): LimitParse {
  const raw = latinDigits(text.trim());
  if (raw === '') return { ok: false, reason: 'empty' };
  const { group, decimal } = separatorsOf(formatNumber);
  const isGroup = (c: string) => c === group || SAME[group] === c || (SPACES.test(group) && SPACES.test(c));
  // The decimal separator (or a decimal point where the group is a space) makes it a fraction unless it is a group.
  let digits = '';
  const groups: string[] = [];
  let current = '';
  for (const c of raw) {
    if (c >= '0' && c <= '9') {
      current += c;
      digits += c;
    } else if (isGroup(c)) {
      groups.push(current);
      current = '';
    } else if (c === decimal || SAME[decimal] === c || c === '.' || c === ',') {
      return { ok: false, reason: /^[0-9][0-9.,\s\u00a0\u202f\u2009\u066b\u066c]*[0-9]$/.test(raw) ? 'fraction' : 'format' };
    } else {
      return { ok: false, reason: 'format' };
    }
  }
  groups.push(current);
  // Grouped: the first group 1–3 digits, every later one exactly 3.
  if (groups.length > 1 && (groups[0]!.length < 1 || groups[0]!.length > 3 || groups.slice(1).some((g) => g.length !== 3))) {
    return { ok: false, reason: 'format' };
  }
  const value = Number(digits);
  if (!Number.isSafeInteger(value) || value > max) return { ok: false, reason: 'tooLarge' };
  if (value === 0) return { ok: false, reason: 'zero' };
  return { ok: true, value };
}
