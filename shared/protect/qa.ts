/**
 * QA of one translated segment (any process, pure): what of the source must be in the target and what the target
 * must not add. Compared as multisets (a placeholder used twice must be there twice):
 * - placeholders (`{count}`, `%s`, `{{…}}`, ICU syntax), URLs and e-mail addresses: byte for byte, missing and added;
 * - tags (`<b>`, `</b>`, `<br/>`): by name and kind (opening, closing, empty), missing and added;
 * - numbers: by their digits, so `1,000.5` matches the German `1.000,5` and full-width or Arabic-Indic digits
 *   match ASCII ones; missing and added;
 * - paths, versions, identifiers and code: byte for byte, missing only (a translation may well contain a dotted
 *   abbreviation or a new word the detector takes for an identifier).
 * Numbers inside a protected span or a tag (`{0}`, `v1.2.3`, `<h2>`) belong to that span, not to the numbers.
 */
import { findProtectedSpans, type ProtectedKind } from './spans.js';
import { TAG_RE } from './wrap.js';

export type QaKind = 'placeholder' | 'url' | 'tag' | 'number' | 'code';

export interface QaItem {
  kind: QaKind;
  /** As written in the source (missing) or in the target (added). */
  text: string;
}

export interface QaReport {
  missing: QaItem[];
  added: QaItem[];
}

const KIND: Record<ProtectedKind, QaKind> = {
  placeholder: 'placeholder',
  icu: 'placeholder',
  url: 'url',
  email: 'url',
  path: 'code',
  version: 'code',
  identifier: 'code',
  code: 'code',
};


/** Zeros of the decimal digit blocks a translation may use instead of ASCII digits. */
const DIGIT_ZEROS = [0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xe50, 0xed0, 0xf20, 0x1040, 0x17e0, 0x1810, 0xff10];

function asciiDigit(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (cp >= 0x30 && cp <= 0x39) return ch;
  for (const z of DIGIT_ZEROS) if (cp >= z && cp <= z + 9) return String(cp - z);
  return ch;
}

/** The ASCII digits of a number (separators dropped, other digit blocks read as ASCII). */
function digitsOf(number: string): string {
  let out = '';
  for (let i = 0; i < number.length; i++) {
    const c = number.charCodeAt(i);
    if (c >= 48 && c <= 57) out += number[i];
    else if (!(c === 0x2e || c === 0x2c || c === 0x27 || c === 0xa0 || c === 0x202f || c === 0x2009 || c === 0x66b || c === 0x66c)) {
      // Digits of another script: each read through its block.
      return [...number].map(asciiDigit).filter((d) => d >= '0' && d <= '9').join('');
    }
  }
  return out;
}

/**
 * A number: digits with thousands/decimal separators between them (no plain space: `1, 2` is two numbers), i.e.
 * `/\p{Nd}+(?:[.,'\u00a0\u202f\u2009\u066b\u066c]\p{Nd}+)*\/gu`, read by `numbers` below.
 */

interface Found {
  kind: QaKind;
  /** What is compared. */
  key: string;
  text: string;
}

function tagKey(tag: string): string {
  const m = /^<(\/?)([A-Za-z][\w:.-]*)[\s\S]*?(\/?)>$/.exec(tag);
  return m ? `<${m[1]}${m[2]!.toLowerCase()}${m[3]}>` : tag;
}

/**
 * Placeholders, URLs and e-mail addresses as one cheap pass (both sides read alike), for what a translation added:
 * the span detector runs once per segment, on the source (shared with protection), never on the translation.
 */
const PLACEHOLDER_RE =
  /\{\{[^{}\n]{1,200}\}\}|\$\{[^{}\n]{1,200}\}|\{[^{}\s,]{1,100}\}|%(?:\d+\$)?[-+ 0#]?\d*(?:\.\d+)?[sdifuxXeEgGcp@]|%\([\w.]{1,100}\)[sdif]/g;
const URL_RE = /\b[A-Za-z][\w+.-]*:\/\/[^\s<>"'`]+/g;
const EMAIL_RE = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const TRAILING = /[.,;:!?)\]}»"'’”]+$/;

function cheapItems(text: string): Found[] {
  const out: Found[] = [];
  // Each pattern only where its first character is there at all (most segments have neither).
  if (text.includes('{') || text.includes('%') || text.includes('$')) {
    for (const m of text.matchAll(PLACEHOLDER_RE)) out.push({ kind: 'placeholder', key: `placeholder:${m[0]}`, text: m[0] });
  }
  if (text.includes('://')) {
    for (const m of text.matchAll(URL_RE)) {
      const u = m[0].replace(TRAILING, '');
      out.push({ kind: 'url', key: `url:${u}`, text: u });
    }
  }
  if (text.includes('@')) {
    for (const m of text.matchAll(EMAIL_RE)) {
      const u = m[0].replace(TRAILING, '');
      out.push({ kind: 'url', key: `url:${u}`, text: u });
    }
  }
  return out;
}

/**
 * A test "does [a, b) overlap any of `ranges`?" for queries in non-decreasing `a` (as a left-to-right scan asks
 * them): the ranges are sorted and merged once, then walked with one pointer, so a text with thousands of spans
 * and numbers is checked in one pass instead of every number against every span.
 */
function overlapTest(ranges: readonly [number, number][]): (a: number, b: number) => boolean {
  // A segment's handful of ranges: a plain look at each is cheaper than sorting.
  if (ranges.length <= 16) {
    return (a, b) => {
      for (let i = 0; i < ranges.length; i++) if (a < ranges[i]![1] && b > ranges[i]![0]) return true;
      return false;
    };
  }
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [x, y] of sorted) {
    const last = merged[merged.length - 1];
    if (last && x <= last[1]) last[1] = Math.max(last[1], y);
    else merged.push([x, y]);
  }
  let p = 0;
  return (a, b) => {
    while (p < merged.length && merged[p]![1] <= a) p++;
    return p < merged.length && merged[p]![0] < b;
  };
}

/** Numbers of `text` outside the given ranges (spans, tags), keyed by their ASCII digits. */
const ND = /^\p{Nd}$/u;

/** Code units of the decimal digit (`\p{Nd}`) at `i`: 0 when there is none, 2 for one beyond the BMP. */
function digitAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x660) return c >= 48 && c <= 57 ? 1 : 0; // no other script has digits below U+0660
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) return ND.test(text.slice(i, i + 2)) ? 2 : 0;
  return ND.test(text[i]!) ? 1 : 0;
}

/** Separators between the digit groups of a number. */
function isNumberSeparator(c: number): boolean {
  return c === 0x2e || c === 0x2c || c === 0x27 || c === 0xa0 || c === 0x202f || c === 0x2009 || c === 0x66b || c === 0x66c;
}

/** End of the digit run starting at `i` (which holds a digit). */
function digitsEnd(text: string, i: number): number {
  for (let d = digitAt(text, i); d > 0; d = digitAt(text, i)) i += d;
  return i;
}

/**
 * Numbers of `text` outside the given ranges (spans, tags), keyed by their ASCII digits: what the pattern above
 * matches, read by hand (a character below U+0660 other than 0-9 is never a digit, so most text costs a compare a character).
 */
function numbers(text: string, taken: readonly [number, number][]): Found[] {
  const out: Found[] = [];
  let overlaps: ((a: number, b: number) => boolean) | undefined;
  for (let i = 0; i < text.length; ) {
    const d = digitAt(text, i);
    if (d === 0) {
      i++;
      continue;
    }
    const start = i;
    let end = digitsEnd(text, i);
    while (end + 1 < text.length && isNumberSeparator(text.charCodeAt(end)) && digitAt(text, end + 1) > 0) end = digitsEnd(text, end + 1);
    i = end;
    overlaps ??= overlapTest(taken);
    if (overlaps(start, end)) continue;
    const number = text.slice(start, end);
    out.push({ kind: 'number', key: `number:${digitsOf(number)}`, text: number });
  }
  return out;
}

function tags(text: string, taken: [number, number][]): Found[] {
  const out: Found[] = [];
  if (!text.includes('<')) return out;
  for (const m of text.matchAll(TAG_RE)) {
    out.push({ kind: 'tag', key: tagKey(m[0]), text: m[0] });
    taken.push([m.index, m.index + m[0].length]);
  }
  return out;
}

/**
 * Occurrences in `text` of each of `needles`, with their ranges added to `taken`: non-overlapping ones per needle,
 * left to right as repeated `indexOf` would find them (or every one, overlapping too, with `all`). One pass over
 * `text` per distinct needle length, looking only where a needle's first two characters are, instead of one scan
 * of the whole text per needle (a long text holds thousands of distinct paths).
 */
function occurrencesOf(text: string, needles: readonly string[], taken: [number, number][], all = false): Map<string, number> {
  const counts = new Map<string, number>();
  // A segment: a search per needle is cheaper than indexing (a long text holds thousands of needles).
  if (needles.length * text.length <= 100_000) {
    for (const n of needles) {
      if (counts.has(n)) continue;
      let c = 0;
      if (n.length > 0) {
        for (let at = text.indexOf(n); at >= 0; at = text.indexOf(n, at + (all ? 1 : n.length))) {
          c++;
          taken.push([at, at + n.length]);
        }
      }
      counts.set(n, c);
    }
    return counts;
  }
  const byLength = new Map<number, { heads: Set<number>; ends: Map<string, number> }>();
  for (const n of needles) {
    if (counts.has(n)) continue;
    counts.set(n, 0);
    if (n.length === 0 || n.length > text.length) continue;
    let g = byLength.get(n.length);
    if (!g) byLength.set(n.length, (g = { heads: new Set(), ends: new Map() }));
    g.heads.add(head(n, 0, n.length));
    g.ends.set(n, 0);
  }
  for (const [len, g] of byLength) {
    for (let i = 0, last = text.length - len; i <= last; i++) {
      if (!g.heads.has(head(text, i, len))) continue;
      const piece = text.slice(i, i + len);
      const end = g.ends.get(piece);
      if (end === undefined || (i < end && !all)) continue;
      g.ends.set(piece, i + len);
      counts.set(piece, counts.get(piece)! + 1);
      taken.push([i, i + len]);
    }
  }
  return counts;
}

/** The first two UTF-16 units of the `len` units at `i`, as one number. */
function head(s: string, i: number, len: number): number {
  return s.charCodeAt(i) * 65536 + (len > 1 ? s.charCodeAt(i + 1) : 0);
}

/** Everything of a source `text` the QA compares (`spans`: the detector's, when the caller has them already). */
export function qaItems(text: string, spans?: readonly { start: number; end: number; kind: string; text: string }[]): Found[] {
  const taken: [number, number][] = [];
  const out = tags(text, taken);
  // Tags are in text order and do not overlap: the only one that can hold a span is the last starting at or before it.
  const tagRanges = taken.slice();
  for (const s of spans ?? findProtectedSpans(text)) {
    if (s.kind === 'tag' || !(s.kind in KIND)) continue; // typed tags are counted above
    if (insideOne(tagRanges, s.start, s.end)) continue; // inside a tag (an attribute's URL)
    const kind = KIND[s.kind as ProtectedKind];
    out.push({ kind, key: `${kind}:${s.text}`, text: s.text });
    taken.push([s.start, s.end]);
  }
  return out.concat(numbers(text, taken));
}

/** Whether [start, end) lies inside one of `ranges` (sorted by start, non-overlapping). */
function insideOne(ranges: readonly [number, number][], start: number, end: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid]![0] <= start) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return at >= 0 && end <= ranges[at]![1];
}

function countKeys(items: readonly Found[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const f of items) m.set(f.key, (m.get(f.key) ?? 0) + 1);
  return m;
}

/** Items by key, each list in text order with a read position (what is left after matching is what the translation added). */
function pool(items: readonly Found[]): Map<string, { items: Found[]; next: number }> {
  const m = new Map<string, { items: Found[]; next: number }>();
  for (const f of items) {
    const l = m.get(f.key);
    if (l) l.items.push(f);
    else m.set(f.key, { items: [f], next: 0 });
  }
  return m;
}

/** Takes the next unmatched item of `key` from a pool. */
function take(p: Map<string, { items: Found[]; next: number }>, key: string): boolean {
  const l = p.get(key);
  if (!l || l.next >= l.items.length) return false;
  l.next++;
  return true;
}

/**
 * Compares a source segment and its translation. An empty target (a segment that failed, or nothing yet) has no
 * report: its own message says what happened. `sourceSpans`: the detector's spans of `source`, when known.
 */
export function checkSegment(
  source: string,
  target: string,
  sourceSpans?: readonly { start: number; end: number; kind: string; text: string }[],
): QaReport {
  const report: QaReport = { missing: [], added: [] };
  if (target.trim() === '') return report;
  const src = qaItems(source, sourceSpans);
  // The translation: its tags, where the source's kept texts are (exact bytes), then its numbers outside them.
  const taken: [number, number][] = [];
  const tgtTags = pool(tags(target, taken));
  const kept: string[] = [];
  for (const f of src) if (f.kind !== 'number' && f.kind !== 'tag') kept.push(f.text);
  const have = occurrencesOf(target, kept, taken);
  const cheapTarget = cheapItems(target);
  // Every place of each cheap item's text is taken (once per distinct text: a text read 4,000 times is one search).
  occurrencesOf(target, [...new Set(cheapTarget.map((c) => c.text))], taken, true);
  const tgtNumbers = pool(numbers(target, taken));
  for (const f of src) {
    const left = f.kind === 'tag' ? tgtTags : f.kind === 'number' ? tgtNumbers : null;
    if (left) {
      if (!take(left, f.key)) report.missing.push({ kind: f.kind, text: f.text });
      continue;
    }
    const n = have.get(f.text) ?? 0;
    if (n > 0) have.set(f.text, n - 1);
    else report.missing.push({ kind: f.kind, text: f.text });
  }
  // Added: what the translation has beyond the source, read the same cheap way on both sides.
  const srcCheap = cheapTarget.length > 0 ? countKeys(cheapItems(source)) : new Map<string, number>();
  const srcUrls = cheapTarget.some((c) => c.kind === 'url') ? src.filter((f) => f.kind === 'url').map((f) => f.text) : [];
  for (const c of cheapTarget) {
    const n = srcCheap.get(c.key) ?? 0;
    if (n > 0) srcCheap.set(c.key, n - 1);
    else if (c.kind === 'url' && srcUrls.some((u) => c.text.includes(u))) continue; // the same URL, cut longer
    else report.added.push({ kind: c.kind, text: c.text });
  }
  for (const l of [...tgtTags.values(), ...tgtNumbers.values()]) for (const f of l.items.slice(l.next)) report.added.push({ kind: f.kind, text: f.text });
  return report;
}

export function hasIssues(r: QaReport | undefined): boolean {
  return r !== undefined && (r.missing.length > 0 || r.added.length > 0);
}
