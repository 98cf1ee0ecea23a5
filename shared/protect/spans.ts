/**
 * Protected spans: the parts of a text that a translation must give back byte for byte (issue 22).
 *
 * Pure (no node:, no DOM): used by the local service before its engine and by the app before a request leaves
 * Verso. `findProtectedSpans` returns non-overlapping spans in source order:
 *
 *   - placeholder: `{name}`, `{0}`, `{}`, `{0:.2f}`, `{count, number}`, `{{user.name}}`, `${x}`, `%{name}`,
 *                  printf (`%s`, `%d`, `%1$s`, `%(name)s`, `%5.2f`, `%@`, `%%`), Qt `%1`, Windows `%APPDATA%`,
 *                  `$NAME$` (Chrome i18n), `$name` / `$HOME`;
 *   - icu:         the syntax of ICU `plural` / `select` / `selectordinal` (`{n, plural, one {`, `} other {`,
 *                  `}}`) and `#` inside a plural branch. The branch texts are NOT protected (they are prose to
 *                  translate) but are scanned themselves, so `{name}` or a nested ICU inside a branch is found;
 *   - url:         `scheme://…`, `mailto:…`, `www.…` (trailing sentence punctuation left out);
 *   - email:       `anna@example.com`;
 *   - path:        POSIX (`/usr/bin/x`, `~/x`, `./x`, `../x`, `src/app/main.ts`), Windows (`C:\Program Files\x`,
 *                  `\\server\share`, `%APPDATA%\Verso\x.ini`), and a bare `name.ext` with a known extension;
 *   - version:     `1.2.3`, `v2.0`, `2.0-beta`, `10.0.19045.1234`;
 *   - identifier:  ALL_CAPS_WITH_UNDERSCORES, snake_case, camelCase, PascalCase with two or more humps
 *                  (`UserService`, also brand names such as `JavaScript`, kept too), dotted.keys (`app.title`),
 *                  calls (`init()`);
 *   - code:        text in backticks (`` `npm install` ``, fenced ``` blocks).
 *
 * Deliberately left translatable (ordinary prose): single words of any case (`NASA`, `Save`), numbers and
 * decimals in prose (`3 apples`, `3.5 million`: a two-part number is only a version when written `v3.5` or with
 * a suffix), abbreviations with one-letter parts (`e.g.`, `i.e.`, `U.S.`), a sentence's final period, `and/or`,
 * `50 % off` and `20 % de remise` (a `%` followed by a space is no printf conversion).
 */

export type ProtectedKind = 'placeholder' | 'icu' | 'url' | 'email' | 'path' | 'version' | 'identifier' | 'code';

export interface ProtectedSpan {
  start: number;
  end: number;
  kind: ProtectedKind;
  text: string;
}

interface Rule {
  kind: ProtectedKind;
  re: RegExp;
  /** Drop trailing sentence punctuation (and an unbalanced closing bracket) from the match. */
  trim?: boolean;
  /** Reject a match (after trimming); return false to drop it. */
  accept?: (m: string) => boolean;
  /**
   * A text without this can hold no match: the rule is skipped (most prose skips most rules). A feature bit (see
   * `features`) is checked first, from one pass over the text; a string is then looked for as well.
   */
  need: number | [number, string];
}

// Features of a text, found in one pass over its characters (`features`): each rule needs one of them.
const F_BACKTICK = 1;
const F_LBRACE = 2;
const F_PERCENT = 4;
const F_DOLLAR = 8;
const F_AT = 16;
const F_BACKSLASH = 32;
const F_SLASH = 64;
const F_UNDERSCORE = 128;
/** `()` */
const F_CALL = 256;
/** `://`, `mailto:` or `www.` */
const F_URL = 512;
/** A digit, `.`, a digit; or `v`/`V` and a digit (`/\d\.\d|[vV]\d/`). */
const F_VERSION = 1024;
/** `/[\w$]\.[A-Za-z_$]/` */
const F_DOTTED = 2048;
/** `/[a-z][A-Z]/` */
const F_CAMEL = 4096;
/** `/[a-z0-9][A-Z]/` */
const F_PASCAL = 8192;
/** A second `%` (`%APPDATA%` needs two). */
const F_PERCENT2 = 16384;
/** A second `$` (`$NAME$` needs two). */
const F_DOLLAR2 = 32768;
/** `%` and a digit (`%1`). */
const F_PERCENT_DIGIT = 65536;

const isLower = (c: number) => c >= 97 && c <= 122;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isDigit = (c: number) => c >= 48 && c <= 57;
/** `[\w$]` */
const isWordOrDollar = (c: number) => isLower(c) || isUpper(c) || isDigit(c) || c === 95 || c === 36;

/** Per ASCII character: the feature it is on its own, or CONTEXT when its neighbours decide (see `features`). */
const CONTEXT = 1 << 30;
const CHAR_FEATURES = new Int32Array(128);
for (const [ch, f] of [['`', F_BACKTICK], ['{', F_LBRACE], ['%', F_PERCENT], ['$', F_DOLLAR], ['@', F_AT], ['\\', F_BACKSLASH], ['/', F_SLASH], ['_', F_UNDERSCORE]] as const) {
  CHAR_FEATURES[ch.charCodeAt(0)] = f;
}
for (const ch of '.:)0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') CHAR_FEATURES[ch.charCodeAt(0)] = CONTEXT;

/**
 * The features of `text[from, to)`: what the rules' `need` asks, in one pass instead of a search per rule. Most
 * characters (lower-case letters, spaces, anything beyond ASCII) cost one table read.
 */
function features(text: string, from: number, to: number): number {
  let f = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) continue;
    const t = CHAR_FEATURES[c]!;
    if (t === 0) continue;
    if (t !== CONTEXT) {
      if (t & f & (F_PERCENT | F_DOLLAR)) f |= t === F_PERCENT ? F_PERCENT2 : F_DOLLAR2;
      f |= t;
      continue;
    }
    const prev = i > from ? text.charCodeAt(i - 1) : -1;
    if (isUpper(c)) {
      if (isLower(prev)) f |= F_CAMEL | F_PASCAL;
      else if (isDigit(prev)) f |= F_PASCAL;
    } else if (isDigit(c)) {
      if (prev === 118 || prev === 86) f |= F_VERSION; // v1, V1
      else if (prev === 37) f |= F_PERCENT_DIGIT; // %1
    } else if (c === 46) {
      // .
      if (i + 1 < to) {
        const n = text.charCodeAt(i + 1);
        if (isDigit(prev) && isDigit(n)) f |= F_VERSION;
        if (isWordOrDollar(prev) && (isLower(n) || isUpper(n) || n === 95 || n === 36)) f |= F_DOTTED;
      }
      if (i - from >= 3 && text.startsWith('www', i - 3)) f |= F_URL;
    } else if (c === 58) {
      // :
      if (i + 3 <= to && text.startsWith('//', i + 1)) f |= F_URL;
      else if (i - from >= 6 && text.startsWith('mailto', i - 6)) f |= F_URL;
    } else if (prev === 40) f |= F_CALL; // ()
  }
  return f;
}

const FILE_EXTENSIONS =
  'json|ya?ml|toml|ini|cfg|conf|xml|html?|css|scss|less|js|mjs|cjs|jsx|ts|tsx|py|rb|go|rs|java|kt|swift|c|h|cc|cpp|hpp|cs|php|sh|bash|zsh|ps1|bat|cmd|exe|dll|so|dylib|app|dmg|pkg|deb|rpm|msi|apk|ipa|zip|tar|gz|tgz|bz2|xz|7z|rar|jar|war|txt|md|rst|csv|tsv|log|pdf|docx?|xlsx?|pptx?|odt|ods|odp|rtf|epub|srt|vtt|po|pot|mo|xliff|xlf|strings|resx|properties|arb|lock|env|sql|db|sqlite|png|jpe?g|gif|svg|webp|ico|icns|mp3|mp4|wav|ogg|webm|mkv|mov|avi|ttf|otf|woff2?|wasm|bin|img|iso|plist|desktop|service|pem|crt|key|pub';

/** A POSIX path segment; a segment followed by another `/` may hold spaces before capitalised words
 *  (`~/Library/Application Support/Verso`). */
const SEG = String.raw`(?:[\w.@%+~-]+(?:(?: [A-Z][\w.@%+~-]*)+(?=\/))?)`;

const RULES: Rule[] = [
  // Code in backticks: fenced block first, then inline.
  { kind: 'code', re: /```[\s\S]*?```/g, need: [F_BACKTICK, '```'] },
  { kind: 'code', re: /`[^`\n]+`/g, need: F_BACKTICK },
  // Templates.
  { kind: 'placeholder', re: /\{\{\{?[^{}\n]*\}\}\}?/g, need: [F_LBRACE, '{{'] },
  { kind: 'placeholder', re: /\$\{[^{}\n]*\}/g, need: [F_DOLLAR, '${'] },
  { kind: 'placeholder', re: /%\{[^{}\s]+\}/g, need: [F_PERCENT, '%{'] },
  // URLs before paths and e-mails (they contain both shapes).
  { kind: 'url', re: /\b(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/|mailto:|www\.)[^\s<>"'`]+/g, trim: true, need: F_URL },
  { kind: 'email', re: /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g, need: F_AT },
  // Windows paths: drive, UNC, or an environment variable followed by a backslash. Inner segments may hold
  // spaces (`Program Files`, each further word capitalised) when another backslash follows; the last segment
  // stops at whitespace.
  {
    kind: 'path',
    re: /(?:\b[A-Za-z]:\\|\\\\[\w.$-]+\\|%[A-Za-z_][A-Za-z0-9_]*%\\)(?:[^\\\s<>:"|?*]+(?: [A-Z0-9(][^\\\s<>:"|?*]*)*\\)*[^\\\s<>:"|?*]*/g,
    trim: true,
    need: F_BACKSLASH,
  },
  // POSIX paths: rooted (two segments or more), home, relative with ./ ../, or a/b/c.ext.
  {
    kind: 'path',
    re: new RegExp(
      String.raw`(?<![\w/.:~-])(?:(?:~|\$[A-Za-z_]\w*|\.{1,2})?\/${SEG}(?:\/${SEG}?)+|(?:~|\$[A-Za-z_]\w*|\.{1,2})\/(?:${SEG}(?:\/${SEG}?)*)?|(?<![^\s("'“‘])\/[\w.@%+~-]{3,}(?![\w/])|[\w.-]+(?:\/[\w.@%+-]+)+\.(?:${FILE_EXTENSIONS}))`,
      'g',
    ),
    trim: true,
    need: F_SLASH,
  },
  // Windows environment variables, Chrome i18n `$NAME$`, shell/PHP `$name`.
  { kind: 'placeholder', re: /%[A-Za-z_][A-Za-z0-9_]*%/g, need: F_PERCENT2 },
  { kind: 'placeholder', re: /\$[A-Za-z_][A-Za-z0-9_]*\$/g, need: F_DOLLAR2 },
  { kind: 'placeholder', re: /\$[A-Za-z_][A-Za-z0-9_]*/g, need: F_DOLLAR },
  // printf: Python %(name)s, positional %1$s, flags/width/precision/length, Objective-C %@, and %%.
  {
    kind: 'placeholder',
    re: /%(?:\([A-Za-z_][\w.]*\))?(?:\d+\$)?[-+#0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|z|j|t|q|I64|I32)?[diouxXeEfFgGaAcspn@%]/g,
    need: F_PERCENT,
  },
  // Qt / Windows positional %1.
  { kind: 'placeholder', re: /%\d+\b/g, need: F_PERCENT_DIGIT },
  // Brace placeholders: {name}, {0}, {}, {0:.2f}, {name!r}, {count, number}, {d, date, short}.
  {
    kind: 'placeholder',
    re: /\{\s*(?:[A-Za-z_$][\w$.-]*|\d+)?(?:![rsa])?(?::[^{}\n]*)?\s*(?:,\s*[A-Za-z]+\s*(?:,[^{}\n]*)?)?\}/g,
    need: F_LBRACE,
  },
  // Versions: three parts or more, v-prefixed, or with a pre-release suffix.
  {
    kind: 'version',
    re: /(?<![\w.])(?:[vV]\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.-]+)?|\d+(?:\.\d+){2,}(?:[-+][0-9A-Za-z.-]+)?|\d+\.\d+[-+](?:alpha|beta|rc|pre|dev|preview|snapshot)[0-9A-Za-z.-]*)(?![\w.]*\w)/g,
    trim: true,
    need: F_VERSION,
  },
  // Identifiers.
  { kind: 'identifier', re: /(?<![\p{L}\p{N}_$])(?:_+\p{L}[\p{L}\p{N}]*(?:_+[\p{L}\p{N}]+)*|\p{L}[\p{L}\p{N}]*(?:_+[\p{L}\p{N}]+)+)_*(?![\p{L}\p{N}_$])/gu, need: F_UNDERSCORE }, // snake / CAPS_SNAKE
  { kind: 'identifier', re: /(?<![\w.])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\(\)/g, need: F_CALL }, // call()
  {
    // dotted.keys: at least one part of two characters or more (so e.g. / U.S. stay prose).
    kind: 'identifier',
    re: /(?<![\w.@/\\-])[A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*)+(?![\w@/\\])/g,
    accept: (m) => m.split('.').some((p) => p.length >= 2) && !/^[A-Za-z]\.[A-Za-z]$/.test(m),
    need: F_DOTTED,
  },
  { kind: 'identifier', re: /(?<![\w$])[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+(?![\w$])/g, need: F_CAMEL }, // camelCase, iOS
  { kind: 'identifier', re: /(?<![\w$])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+(?![\w$])/g, need: F_PASCAL }, // PascalCase (2+ humps)
];

/** Every feature some rule needs: a text with none of them holds no span. */
const ALL_NEEDS = RULES.reduce((all, r) => all | (typeof r.need === 'number' ? r.need : r.need[0]), 0);

const FILE_EXT_RE = new RegExp(`\\.(?:${FILE_EXTENSIONS})$`, 'i');
const TLD_RE = /\.(?:com|org|net|io|dev|app|edu|gov|info|eu|de|fr|es|it|nl|pl|ru|uk|jp|cn|ko|br|co|me|ai)$/i;

/** Trailing characters that end the sentence, not the span. */
function trimTrailing(s: string): string {
  let out = s;
  for (;;) {
    const last = out.at(-1);
    if (last === undefined) return out;
    if ('.,;:!?\'"»”’'.includes(last)) {
      out = out.slice(0, -1);
      continue;
    }
    if (last === ')' || last === ']') {
      const open = last === ')' ? '(' : '[';
      const opens = out.split(open).length - 1;
      const closes = out.split(last).length - 1;
      if (closes > opens) {
        out = out.slice(0, -1);
        continue;
      }
    }
    return out;
  }
}

interface Candidate extends ProtectedSpan {
  rank: number;
}

function scan(text: string, from: number, to: number, out: Candidate[], known?: number): void {
  const have = known ?? features(text, from, to);
  if ((have & ALL_NEEDS) === 0) return;
  const slice = text.slice(from, to);
  for (let rank = 0; rank < RULES.length; rank++) {
    const rule = RULES[rank]!;
    const need = rule.need;
    if (typeof need === 'number' ? (have & need) === 0 : (have & need[0]) === 0 || !slice.includes(need[1])) continue;
    const re = rule.re;
    re.lastIndex = 0;
    for (let m = re.exec(slice); m; m = re.exec(slice)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      let s = m[0];
      if (rule.trim) s = trimTrailing(s);
      if (!s || (rule.accept && !rule.accept(s))) continue;
      let kind = rule.kind;
      // A dotted name that is a file or host name.
      if (kind === 'identifier' && s.includes('.') && !s.endsWith('()')) {
        if (FILE_EXT_RE.test(s)) kind = 'path';
        else if (TLD_RE.test(s)) kind = 'url';
      }
      out.push({ start: from + m.index, end: from + m.index + s.length, kind, text: s, rank });
    }
  }
}

// ---- ICU ---------------------------------------------------------------------------------------------------

const ICU_HEAD = /\{\s*(?:[A-Za-z_][\w.]*|\d+)\s*,\s*(plural|selectordinal|select)\s*,\s*(?:offset\s*:\s*\d+\s*)?/y;
const ICU_KEY = /(?:=\s*-?\d+|[A-Za-z_][\w-]*)\s*\{/y;
const WS = /\s*/y;

interface IcuBlock {
  start: number;
  end: number;
  plural: boolean;
  /** Syntax pieces [start, end). */
  syntax: Array<[number, number]>;
  /** Branch text ranges [start, end). */
  branches: Array<[number, number]>;
}

/** Index just past the `}` matching the `{` before `from` (depth 1 at `from`), or -1. */
function matchBrace(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function parseIcu(text: string, at: number): IcuBlock | null {
  ICU_HEAD.lastIndex = at;
  const head = ICU_HEAD.exec(text);
  if (!head) return null;
  const syntax: Array<[number, number]> = [];
  const branches: Array<[number, number]> = [];
  let pos = ICU_HEAD.lastIndex;
  let pieceStart = at;
  for (;;) {
    ICU_KEY.lastIndex = pos;
    const key = ICU_KEY.exec(text);
    if (!key) break;
    const bodyStart = ICU_KEY.lastIndex;
    const close = matchBrace(text, bodyStart);
    if (close < 0) return null;
    syntax.push([pieceStart, bodyStart]);
    branches.push([bodyStart, close]);
    pieceStart = close;
    WS.lastIndex = close + 1;
    WS.exec(text);
    pos = WS.lastIndex;
  }
  if (branches.length === 0 || text[pos] !== '}') return null;
  syntax.push([pieceStart, pos + 1]);
  return { start: at, end: pos + 1, plural: head[1] !== 'select', syntax, branches };
}

function detect(text: string, from: number, to: number, inPlural: boolean, out: Candidate[], blocks?: Array<[number, number]>, known?: number): void {
  // ICU blocks first: their syntax is protected, their branches are scanned on their own.
  let chunk = from;
  for (let i = text.indexOf('{', from); i >= 0 && i < to; i = text.indexOf('{', i + 1)) {
    const icu = parseIcu(text, i);
    if (!icu || icu.end > to) continue;
    detectPlain(text, chunk, i, inPlural, out);
    blocks?.push([icu.start, icu.end]);
    for (const [s, e] of icu.syntax) out.push({ start: s, end: e, kind: 'icu', text: text.slice(s, e), rank: -1 });
    for (const [s, e] of icu.branches) detect(text, s, e, icu.plural || inPlural, out);
    chunk = icu.end;
    i = icu.end - 1;
  }
  detectPlain(text, chunk, to, inPlural, out, chunk === from ? known : undefined);
}

function detectPlain(text: string, from: number, to: number, inPlural: boolean, out: Candidate[], known?: number): void {
  if (from >= to) return;
  const found: Candidate[] = [];
  scan(text, from, to, found, known);
  if (inPlural) {
    for (let i = from; i < to; i++) {
      if (text[i] === '#') found.push({ start: i, end: i + 1, kind: 'icu', text: '#', rank: -1 });
    }
  }
  // Earliest start wins; at the same start the longest; then the rule listed first.
  found.sort((a, b) => a.start - b.start || b.end - a.end || a.rank - b.rank);
  let end = from;
  for (const c of found) {
    if (c.start < end) continue;
    out.push(c);
    end = c.end;
  }
}

/**
 * Non-overlapping spans in source order. For ICU plural/select, the syntax is protected but branch texts are
 * not: the detector returns the syntax pieces as separate 'icu' spans around each branch text.
 */
export function findProtectedSpans(text: string): ProtectedSpan[] {
  // One pass over the characters first: most prose has none of what a span needs and costs nothing more.
  const have = features(text, 0, text.length);
  if ((have & ALL_NEEDS) === 0) return [];
  const found: Candidate[] = [];
  detect(text, 0, text.length, false, found, undefined, have);
  found.sort((a, b) => a.start - b.start);
  return found.map(({ start, end, kind, text: t }) => ({ start, end, kind, text: t }));
}

/**
 * Stretches of text that must stay in one piece (for a sentence splitter): every protected span, and each ICU
 * plural/select block whole, branch texts included. Sorted, non-overlapping.
 */
export function protectedRegions(text: string): Array<{ start: number; end: number }> {
  const found: Candidate[] = [];
  const blocks: Array<[number, number]> = [];
  detect(text, 0, text.length, false, found, blocks);
  const regions = [...found.map((c) => [c.start, c.end] as [number, number]), ...blocks].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: Array<{ start: number; end: number }> = [];
  for (const [start, end] of regions) {
    const last = out[out.length - 1];
    if (last && start < last.end) last.end = Math.max(last.end, end);
    else out.push({ start, end });
  }
  return out;
}
