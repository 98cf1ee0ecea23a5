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

/** A number: digits with thousands/decimal separators between them (no plain space: `1, 2` is two numbers). */
const NUMBER_RE = /\p{Nd}+(?:[.,'\u00a0\u202f\u2009\u066b\u066c]\p{Nd}+)*/gu;

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

/** Numbers of `text` outside the given ranges (spans, tags), keyed by their ASCII digits. */
function numbers(text: string, taken: readonly [number, number][]): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(NUMBER_RE)) {
    const a = m.index;
    const b = a + m[0].length;
    if (taken.some(([x, y]) => a < y && b > x)) continue;
    out.push({ kind: 'number', key: `number:${[...m[0]].map(asciiDigit).filter((c) => c >= '0' && c <= '9').join('')}`, text: m[0] });
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

/** Non-overlapping occurrences of `needle` in `text`, with their ranges added to `taken`. */
function occurrences(text: string, needle: string, taken: [number, number][]): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
    n++;
    taken.push([at, at + needle.length]);
  }
  return n;
}

/** Everything of a source `text` the QA compares (`spans`: the detector's, when the caller has them already). */
export function qaItems(text: string, spans?: readonly { start: number; end: number; kind: string; text: string }[]): Found[] {
  const taken: [number, number][] = [];
  const out = tags(text, taken);
  for (const s of spans ?? findProtectedSpans(text)) {
    if (s.kind === 'tag' || !(s.kind in KIND)) continue; // typed tags are counted above
    if (taken.some(([a, b]) => s.start >= a && s.end <= b)) continue; // inside a tag (an attribute's URL)
    const kind = KIND[s.kind as ProtectedKind];
    out.push({ kind, key: `${kind}:${s.text}`, text: s.text });
    taken.push([s.start, s.end]);
  }
  return out.concat(numbers(text, taken));
}

function countKeys(items: readonly Found[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const f of items) m.set(f.key, (m.get(f.key) ?? 0) + 1);
  return m;
}

/** Items by key, each list in text order (what is left after matching is what the translation added). */
function pool(items: readonly Found[]): Map<string, Found[]> {
  const m = new Map<string, Found[]>();
  for (const f of items) {
    const l = m.get(f.key);
    if (l) l.push(f);
    else m.set(f.key, [f]);
  }
  return m;
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
  const have = new Map<string, number>();
  for (const f of src) {
    if (f.kind === 'number' || f.kind === 'tag' || have.has(f.text)) continue;
    have.set(f.text, occurrences(target, f.text, taken));
  }
  const cheapTarget = cheapItems(target);
  for (const c of cheapTarget) {
    for (let at = target.indexOf(c.text); at >= 0; at = target.indexOf(c.text, at + 1)) taken.push([at, at + c.text.length]);
  }
  const tgtNumbers = pool(numbers(target, taken));
  for (const f of src) {
    const left = f.kind === 'tag' ? tgtTags : f.kind === 'number' ? tgtNumbers : null;
    if (left) {
      if (!left.get(f.key)?.shift()) report.missing.push({ kind: f.kind, text: f.text });
      continue;
    }
    const n = have.get(f.text) ?? 0;
    if (n > 0) have.set(f.text, n - 1);
    else report.missing.push({ kind: f.kind, text: f.text });
  }
  // Added: what the translation has beyond the source, read the same cheap way on both sides.
  const srcCheap = countKeys(cheapItems(source));
  const srcUrls = src.filter((f) => f.kind === 'url').map((f) => f.text);
  for (const c of cheapTarget) {
    const n = srcCheap.get(c.key) ?? 0;
    if (n > 0) srcCheap.set(c.key, n - 1);
    else if (c.kind === 'url' && srcUrls.some((u) => c.text.includes(u))) continue; // the same URL, cut longer
    else report.added.push({ kind: c.kind, text: c.text });
  }
  for (const l of [...tgtTags.values(), ...tgtNumbers.values()]) for (const f of l) report.added.push({ kind: f.kind, text: f.text });
  return report;
}

export function hasIssues(r: QaReport | undefined): boolean {
  return r !== undefined && (r.missing.length > 0 || r.added.length > 0);
}
