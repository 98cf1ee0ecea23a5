/**
 * Sentence splitting for the local Translation Service (service process).
 *
 * Owns the `split_sentences` semantics: `1` breaks at sentence punctuation and at every line break,
 * `nonewlines` at sentence punctuation only (line breaks stay inside sentences), `0` not at all. The result is
 * a list of trimmed ranges; whatever lies between them (spaces, line breaks) is left to the caller to keep
 * outside the units.
 *
 * Boundaries come from `Intl.Segmenter` (ICU) run per line, with three corrections:
 *   - abbreviation suppression (./abbreviations.ts), which V8's ICU lacks;
 *   - a sentence that starts with closing punctuation (French "« Bonjour ! » puis") gets it back, and stays
 *     joined when the text then goes on in lower case;
 *   - long lines are cut into ~1,000-character chunks after sentence punctuation before segmenting, because
 *     the segmenter's cost grows faster than linearly with the string length (measured: 130 KB in one string
 *     took 250 ms, the same text in 2 KB chunks 11 ms). A chunk cut is only a candidate: the joins below
 *     undo it exactly where ICU would not have broken (a period followed by lower case).
 */
import { endsWithAbbreviation } from './abbreviations.js';

export type SplitMode = '0' | '1' | 'nonewlines';

export interface TextRange {
  start: number;
  end: number;
}

interface Piece extends TextRange {
  /** First piece of a line (a line break precedes it), or of the text. */
  lineStart: boolean;
}

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029\u0085]/g;
const CHUNK = 1000;
/** A place where a long line may be cut before segmenting: after sentence punctuation (+ closers) and space. */
const SOFT_CUT = /[.!?][\p{Pe}\p{Pf}"']*\s+|[。！？][\p{Pe}\p{Pf}」』]*\s*/gu;
const TERMINAL = /[.!?…。！？‼⁇⁈⁉؟।۔︒﹒．｡]$/u;
const TRAILING_CLOSERS = /[\p{Pe}\p{Pf}\p{Pi}"'」』]+$/u;
const LEADING_CLOSERS = /^[\p{Pe}\p{Pf}」』]+/u;
const FIRST_LETTER = /\p{L}/u;
const WHITESPACE = /\s/;

const segmenters = new Map<string, Intl.Segmenter>();

/** Normalises a language code (`EN-GB`, `pt`) to the lower-case base code used by the lists. */
export function baseLanguage(lang: string | undefined): string {
  return (lang ?? 'en').toLowerCase().split(/[-_]/)[0] || 'en';
}

function segmenterFor(lang: string): Intl.Segmenter {
  let seg = segmenters.get(lang);
  if (!seg) {
    try {
      seg = new Intl.Segmenter(lang, { granularity: 'sentence' });
    } catch {
      // An unknown or malformed code must not fail the request; the root locale segments every script.
      seg = new Intl.Segmenter(undefined, { granularity: 'sentence' });
    }
    segmenters.set(lang, seg);
  }
  return seg;
}

/** The range [start, end) without leading and trailing whitespace, or null when nothing is left. */
export function trimRange(text: string, start: number, end: number): TextRange | null {
  let s = start;
  let e = end;
  while (s < e && WHITESPACE.test(text[s]!)) s++;
  while (e > s && WHITESPACE.test(text[e - 1]!)) e--;
  return s < e ? { start: s, end: e } : null;
}

function lineRanges(text: string): TextRange[] {
  const lines: TextRange[] = [];
  let at = 0;
  for (const m of text.matchAll(LINE_BREAK)) {
    lines.push({ start: at, end: m.index });
    at = m.index + m[0].length;
  }
  lines.push({ start: at, end: text.length });
  return lines;
}

function chunkRanges(text: string, line: TextRange): TextRange[] {
  if (line.end - line.start <= CHUNK * 1.5) return [line];
  const chunks: TextRange[] = [];
  let start = line.start;
  while (line.end - start > CHUNK * 1.5) {
    SOFT_CUT.lastIndex = start + CHUNK;
    const m = SOFT_CUT.exec(text);
    if (!m || m.index + m[0].length >= line.end) break;
    const cut = m.index + m[0].length;
    chunks.push({ start, end: cut });
    start = cut;
  }
  chunks.push({ start, end: line.end });
  return chunks;
}

function startsLowerAfterNonLetters(text: string): boolean {
  const m = FIRST_LETTER.exec(text);
  if (!m) return false;
  const ch = m[0];
  return ch !== ch.toUpperCase() && ch === ch.toLowerCase();
}

/**
 * Splits `text` into sentence ranges according to `mode`. `lang` is a base language code (abbreviations,
 * ordinals); unknown codes fall back to the root rules.
 */
/**
 * Sentence-terminal characters (Unicode STerm and ATerm). Intl.Segmenter only breaks after one of them (line
 * breaks are handled before it runs), so a chunk with none before its trailing punctuation is one sentence and
 * the segmenter, the hot spot for short texts, can be skipped.
 */
export const STERM =
  /[.!?\u037E\u0589\u061F\u06D4\u0700-\u0702\u07F9\u0964\u0965\u104A\u104B\u1362\u1367\u1368\u166E\u1803\u1809\u1944\u1945\u2024\u203C\u203D\u2047-\u2049\u2E2E\u2E3C\u3002\uA4FF\uA60E\uA60F\uA6F3\uA6F7\uFE52\uFE56\uFE57\uFF01\uFF0E\uFF1F\uFF61]/;
export const TRAILING = /[\s\p{P}]*$/u;

function segmentsOf(segmenter: Intl.Segmenter, slice: string): Iterable<{ index: number; segment: string }> {
  const body = slice.replace(TRAILING, '');
  if (!STERM.test(body)) return [{ index: 0, segment: slice }];
  return segmenter.segment(slice);
}

export function sentenceRanges(text: string, mode: SplitMode, lang?: string): TextRange[] {
  if (mode === '0') {
    const whole = trimRange(text, 0, text.length);
    return whole ? [whole] : [];
  }
  const base = baseLanguage(lang);
  const segmenter = segmenterFor(base);
  const pieces: Piece[] = [];
  for (const line of lineRanges(text)) {
    let lineStart = true;
    for (const chunk of chunkRanges(text, line)) {
      const slice = text.slice(chunk.start, chunk.end);
      for (const seg of segmentsOf(segmenter, slice)) {
        const r = trimRange(text, chunk.start + seg.index, chunk.start + seg.index + seg.segment.length);
        if (!r) continue;
        pieces.push({ ...r, lineStart });
        lineStart = false;
      }
    }
  }
  const out: TextRange[] = [];
  for (const piece of pieces) {
    const next = { ...piece };
    const prev = out[out.length - 1];
    if (!prev || (piece.lineStart && mode === '1')) {
      out.push(next);
      continue;
    }
    // Closing punctuation that the segmenter put at the start of the next piece belongs to the previous one.
    const closers = LEADING_CLOSERS.exec(text.slice(next.start, Math.min(next.end, next.start + 8)));
    if (closers) {
      const after = trimRange(text, next.start + closers[0].length, next.end);
      if (!after || startsLowerAfterNonLetters(text.slice(after.start, after.end))) {
        prev.end = next.end;
        continue;
      }
      prev.end = next.start + closers[0].length;
      next.start = after.start;
    }
    const prevText = text.slice(prev.start, prev.end);
    const nextText = text.slice(next.start, Math.min(next.end, next.start + 64));
    const join =
      endsWithAbbreviation(prevText, base) ||
      // `nonewlines`: a line break is no boundary, so a line that does not end a sentence runs on.
      (piece.lineStart && !TERMINAL.test(prevText.replace(TRAILING_CLOSERS, ''))) ||
      // After a period, ICU does not break before lower case; chunk and line cuts must not either.
      (prevText.replace(TRAILING_CLOSERS, '').endsWith('.') && startsLowerAfterNonLetters(nextText));
    if (join) prev.end = next.end;
    else out.push(next);
  }
  return out;
}
