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

/** Kinds whose extra occurrences in the target are flagged as added. */
const CHECK_ADDED: ReadonlySet<QaKind> = new Set(['placeholder', 'url', 'tag', 'number']);

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

/** Everything of `text` the QA compares. */
export function qaItems(text: string): Found[] {
  const out: Found[] = [];
  const taken: [number, number][] = [];
  for (const m of text.matchAll(TAG_RE)) {
    out.push({ kind: 'tag', key: tagKey(m[0]), text: m[0] });
    taken.push([m.index, m.index + m[0].length]);
  }
  for (const s of findProtectedSpans(text)) {
    if (taken.some(([a, b]) => s.start >= a && s.end <= b)) continue; // inside a tag (an attribute's URL)
    out.push({ kind: KIND[s.kind], key: `${KIND[s.kind]}:${s.text}`, text: s.text });
    taken.push([s.start, s.end]);
  }
  for (const m of text.matchAll(NUMBER_RE)) {
    const a = m.index;
    const b = a + m[0].length;
    if (taken.some(([x, y]) => a < y && b > x)) continue;
    out.push({ kind: 'number', key: `number:${[...m[0]].map(asciiDigit).filter((c) => c >= '0' && c <= '9').join('')}`, text: m[0] });
  }
  return out;
}

/**
 * Compares a source segment and its translation. An empty target (a segment that failed, or nothing yet) has no
 * report: its own message says what happened.
 */
export function checkSegment(source: string, target: string): QaReport {
  const report: QaReport = { missing: [], added: [] };
  if (target.trim() === '') return report;
  const src = qaItems(source);
  const tgt = qaItems(target);
  const left = new Map<string, number>();
  for (const f of tgt) left.set(f.key, (left.get(f.key) ?? 0) + 1);
  for (const f of src) {
    const n = left.get(f.key) ?? 0;
    if (n > 0) {
      left.set(f.key, n - 1);
      continue;
    }
    // URLs, paths, versions, identifiers and code count as there when their exact text is: a detector may cut the
    // target's differently (a URL or path run into the next word or bracket of the translation).
    if ((f.kind === 'code' || f.kind === 'url') && target.includes(f.text)) continue;
    report.missing.push({ kind: f.kind, text: f.text });
  }
  const srcKeys = new Map<string, number>();
  for (const f of src) srcKeys.set(f.key, (srcKeys.get(f.key) ?? 0) + 1);
  const srcUrls = src.filter((f) => f.kind === 'url').map((f) => f.text);
  for (const f of tgt) {
    if (!CHECK_ADDED.has(f.kind)) continue;
    const n = srcKeys.get(f.key) ?? 0;
    if (n > 0) srcKeys.set(f.key, n - 1);
    else if (f.kind === 'url' && srcUrls.some((u) => f.text.includes(u))) continue; // the same URL, cut longer
    else report.added.push({ kind: f.kind, text: f.text });
  }
  return report;
}

export function hasIssues(r: QaReport | undefined): boolean {
  return r !== undefined && (r.missing.length > 0 || r.added.length > 0);
}
