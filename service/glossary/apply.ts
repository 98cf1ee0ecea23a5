/**
 * Applying glossaries to a marked unit (service process): source terms found in the unit's text become atomic
 * placeholders before the engine runs, and `finish` puts the target terms in their place afterwards. Owns the
 * compiled matcher (`compileGlossary`), which callers build once per glossary and cache by glossary id.
 *
 * Matching rules (hand-written: no npm library matches a large phrase list against text with Unicode word
 * boundaries, case folding and marker-aware positions, and a 100k-alternative regex would be far too slow):
 *   - only text between markers is searched; a term inside a span becomes a placeholder inside that span; a term
 *     that crosses a marker is not matched;
 *   - case-insensitive: both sides are lower-cased (and Greek final sigma folded to σ); when several entries
 *     differ only in case ("US" and "us") the one whose source matches the text exactly wins, else the first;
 *   - whole words: a term that begins (ends) with a letter, mark or digit must not be preceded (followed) by one.
 *     Text in scripts written without spaces (Han, kana, Thai, Lao, Khmer, Myanmar) needs no boundary, and a
 *     Hangul term may be followed by Hangul (Korean attaches particles: 컴퓨터가). Span open/close markers do not
 *     break a word (`<b>car</b>s` is the word "cars"); placeholders do;
 *   - longest match first at each position, scanning left to right, matches never overlap; with several
 *     glossaries the first one listed claims its matches first and later ones only fill the remaining text.
 * Case of the target term (the glossary's target is canonical and used verbatim, except):
 *   - where the source occurrence starts with a capital and the placeholder ends up at a sentence start in the
 *     translation (start of the unit, after a line break, or after . ! ? … 。！？ with optional closing quotes),
 *     the target's first letter is upper-cased, unless its first word is mixed-case such as "iPhone";
 *   - where the source occurrence was written in capitals (at least two letters, all upper case) and the
 *     glossary's source term is not, the whole target is upper-cased (headings such as "CAR PARTS");
 *   - where the glossary's source term is all lower case and the occurrence starts with a capital in the middle
 *     of a sentence (a title or a label: "Open the Sales Report"), the target keeps that pattern wherever it
 *     lands: Title Case ("Informe de Ventas": words of three letters or fewer after the first stay lower case)
 *     when every word of a several-word occurrence is capitalised, else a capital first letter.
 * Protected spans (../../shared/protect/spans.ts: placeholders, code, URLs, identifiers) are never matched.
 */
import { findProtectedSpans } from '../../shared/protect/spans.js';
import { CLOSE, OPEN, PH, cleanUserText, placeholder, span } from '../text/markers.js';
import type { GlossaryEntry } from './entries.js';

export interface GlossaryTermPlan {
  unit: string;
  finish(translatedUnit: string): string;
}

interface Variant {
  source: string;
  target: string;
}

interface Candidate {
  /** Folded source term. */
  folded: string;
  /** Entries whose folded source equals `folded`, in glossary order. */
  variants: Variant[];
  lastCp: number;
  firstCp: number;
}

/** A glossary prepared for matching; build once per glossary (`compileGlossary`) and reuse. */
export class CompiledGlossary {
  /** Number of distinct (case-folded) source terms. */
  readonly size: number;
  /** @internal key (first word or first character, see `keyOf`) → candidates, longest first. */
  readonly byKey: ReadonlyMap<string, readonly Candidate[]>;
  constructor(byKey: Map<string, Candidate[]>, size: number) {
    this.byKey = byKey;
    this.size = size;
  }
}

// ---- character classes -------------------------------------------------------------------------------------

const WORD_RE = /[\p{L}\p{M}\p{N}]/u;
const NO_SPACE_RE =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
const HANGUL_RE = /\p{sc=Hangul}/u;
const WORD = 1;
const NO_SPACE = 2;
const HANGUL = 4;
const KNOWN = 8;
// Class bits for BMP code points, filled lazily: the matcher asks about every character of a 128 KiB request.
const bmpClass = new Uint8Array(0x10000);

function classOf(cp: number): number {
  if (cp < 0x10000) {
    const known = bmpClass[cp] ?? 0;
    if (known & KNOWN) return known;
  }
  const ch = String.fromCodePoint(cp);
  let bits = KNOWN;
  if (WORD_RE.test(ch)) bits |= WORD;
  if (NO_SPACE_RE.test(ch)) bits |= NO_SPACE;
  if (HANGUL_RE.test(ch)) bits |= HANGUL;
  if (cp < 0x10000) bmpClass[cp] = bits;
  return bits;
}

/** A letter/digit of a script written with spaces between words: the unit of whole-word matching. */
function isSpacedWord(cp: number): boolean {
  return (classOf(cp) & (WORD | NO_SPACE)) === WORD;
}

/** May a term edge character `inner` sit next to the text character `outer` (undefined = none)? */
function isBoundary(inner: number, outer: number | undefined, trailing: boolean): boolean {
  if (outer === undefined) return true;
  const a = classOf(inner);
  const b = classOf(outer);
  if (!(a & WORD) || !(b & WORD)) return true;
  if (a & NO_SPACE || b & NO_SPACE) return true;
  return trailing && (a & HANGUL) !== 0 && (b & HANGUL) !== 0;
}

// ---- folding -----------------------------------------------------------------------------------------------

function foldTerm(s: string): string {
  return s.toLowerCase().replace(/ς/g, 'σ');
}

interface Folded {
  text: string;
  /** folded index → original index (length text.length + 1), or null when the two are the same. */
  map: Int32Array | null;
}

function foldText(original: string): Folded {
  const lower = original.toLowerCase();
  if (lower.length === original.length) return { text: lower.replace(/ς/g, 'σ'), map: null };
  // Some characters grow when lower-cased (İ → i̇): fold one code point at a time and remember where each
  // folded code unit came from.
  const parts: string[] = [];
  const map: number[] = [];
  for (let i = 0; i < original.length;) {
    const cp = original.codePointAt(i) ?? 0;
    const ch = String.fromCodePoint(cp);
    const low = foldTerm(ch);
    for (let k = 0; k < low.length; k++) map.push(i);
    parts.push(low);
    i += ch.length;
  }
  map.push(original.length);
  return { text: parts.join(''), map: Int32Array.from(map) };
}

/**
 * The lookup key of a folded term or text position: its first spaced-script word (first syllable for Hangul),
 * or its first character; `end` is where the scan continues when nothing matches there.
 */
function keyAt(folded: string, at: number): { key: string; end: number } {
  const cp = folded.codePointAt(at) ?? 0;
  if (!isSpacedWord(cp)) return { key: `c${String.fromCodePoint(cp)}`, end: at + (cp > 0xffff ? 2 : 1) };
  let end = at;
  while (end < folded.length) {
    const c = folded.codePointAt(end) ?? 0;
    if (!isSpacedWord(c)) break;
    end += c > 0xffff ? 2 : 1;
  }
  // Korean words carry attached particles (컴퓨터가), so a Hangul term is looked up by its first syllable and
  // may end inside the word.
  if (classOf(cp) & HANGUL) return { key: `h${String.fromCodePoint(cp)}`, end };
  return { key: `w${folded.slice(at, end)}`, end };
}

function lastCodePoint(s: string): number {
  const last = s.codePointAt(s.length - 1) ?? 0;
  if (last >= 0xdc00 && last <= 0xdfff && s.length >= 2) return s.codePointAt(s.length - 2) ?? last;
  return last;
}

/** Builds the matcher for one glossary. Entries with an empty source are ignored. */
export function compileGlossary(entries: readonly GlossaryEntry[]): CompiledGlossary {
  const byFolded = new Map<string, Candidate>();
  const byKey = new Map<string, Candidate[]>();
  for (const entry of entries) {
    if (entry.source.length === 0) continue;
    const folded = foldTerm(entry.source);
    // Targets are cleaned of marker code points so `finish` can never produce a broken marker.
    const variant = { source: entry.source, target: cleanUserText(entry.target) };
    const existing = byFolded.get(folded);
    if (existing) {
      existing.variants.push(variant);
      continue;
    }
    const candidate: Candidate = {
      folded,
      variants: [variant],
      firstCp: folded.codePointAt(0) ?? 0,
      lastCp: lastCodePoint(folded),
    };
    byFolded.set(folded, candidate);
    const { key } = keyAt(folded, 0);
    const list = byKey.get(key);
    if (list) list.push(candidate);
    else byKey.set(key, [candidate]);
  }
  for (const list of byKey.values()) list.sort((a, b) => b.folded.length - a.folded.length);
  return new CompiledGlossary(byKey, byFolded.size);
}

// ---- unit scanning -----------------------------------------------------------------------------------------

const MARKER_RE = /\uE000\d+\uE001|\uE003\d+\uE001|\uE002/g;

interface Segment {
  /** Offset of the text in the unit. */
  start: number;
  text: string;
  folded: Folded;
  /** Character just before / after the segment across span markers (undefined at a placeholder or edge). */
  before: number | undefined;
  after: number | undefined;
  claimed: Uint8Array;
  /** True when the text sits inside a tag span: a term there travels as a placeholder (spans never nest). */
  inSpan: boolean;
}

interface Match {
  segment: number;
  start: number;
  end: number;
  variant: Variant;
  occurrence: string;
  /** Whether the occurrence starts a sentence in the source (its capital then says nothing about the term). */
  sourceStart?: boolean;
}

type Piece = { kind: 'text'; start: number; text: string } | { kind: 'span' } | { kind: 'placeholder' };

/** The neighbouring character of piece `k` in direction `step`, looking through span markers only. */
function neighbour(pieces: Piece[], k: number, step: 1 | -1): number | undefined {
  for (let i = k + step; i >= 0 && i < pieces.length; i += step) {
    const p = pieces[i]!;
    if (p.kind === 'span') continue;
    if (p.kind === 'placeholder') return undefined;
    return step < 0 ? lastCodePoint(p.text) : p.text.codePointAt(0);
  }
  return undefined;
}

function splitSegments(unit: string): Segment[] {
  const pieces: Piece[] = [];
  const inSpanAt: boolean[] = [];
  let last = 0;
  let inSpan = false;
  for (const m of unit.matchAll(MARKER_RE)) {
    const at = m.index ?? 0;
    if (at > last) {
      pieces.push({ kind: 'text', start: last, text: unit.slice(last, at) });
      inSpanAt.push(inSpan);
    }
    pieces.push({ kind: m[0].startsWith(PH) ? 'placeholder' : 'span' });
    inSpanAt.push(inSpan);
    if (m[0].startsWith(OPEN)) inSpan = true;
    else if (m[0] === CLOSE) inSpan = false;
    last = at + m[0].length;
  }
  if (last < unit.length) {
    pieces.push({ kind: 'text', start: last, text: unit.slice(last) });
    inSpanAt.push(inSpan);
  }
  const segments: Segment[] = [];
  pieces.forEach((p, k) => {
    if (p.kind !== 'text') return;
    // Protected spans (placeholders, code, addresses, identifiers) are never glossary matches: the engine
    // layer keeps them byte for byte, so `user_name` or `{car}` stay as they are even with `car` in a glossary.
    const claimed = new Uint8Array(p.text.length);
    for (const s of findProtectedSpans(p.text)) claimed.fill(1, s.start, s.end);
    segments.push({
      start: p.start,
      text: p.text,
      folded: foldText(p.text),
      before: neighbour(pieces, k, -1),
      after: neighbour(pieces, k, 1),
      claimed,
      inSpan: inSpanAt[k]!,
    });
  });
  return segments;
}

function originalIndex(folded: Folded, at: number): number {
  return folded.map ? (folded.map[at] ?? 0) : at;
}

function charBefore(seg: Segment, at: number): number | undefined {
  return at === 0 ? seg.before : lastCodePoint(seg.text.slice(Math.max(0, at - 2), at));
}

function charAfter(seg: Segment, at: number): number | undefined {
  return at >= seg.text.length ? seg.after : seg.text.codePointAt(at);
}

function tryCandidates(
  seg: Segment,
  segIndex: number,
  at: number,
  list: readonly Candidate[],
): Match | undefined {
  const f = seg.folded;
  for (const cand of list) {
    if (!f.text.startsWith(cand.folded, at)) continue;
    const foldedEnd = at + cand.folded.length;
    const start = originalIndex(f, at);
    const end = originalIndex(f, foldedEnd);
    // A term ending in the middle of an expanded character (İ → i + ◌̇) is not a real match.
    if (f.map && foldedEnd < f.text.length && f.map[foldedEnd] === f.map[foldedEnd - 1]) continue;
    if (!isBoundary(cand.firstCp, charBefore(seg, start), false)) continue;
    if (!isBoundary(cand.lastCp, charAfter(seg, end), true)) continue;
    if (seg.claimed.subarray(start, end).some((c) => c !== 0)) continue;
    const occurrence = seg.text.slice(start, end);
    const variant = cand.variants.find((v) => v.source === occurrence) ?? cand.variants[0]!;
    return { segment: segIndex, start, end, variant, occurrence };
  }
  return undefined;
}

function matchGlossary(segments: Segment[], glossary: CompiledGlossary, out: Match[]): void {
  if (glossary.size === 0) return;
  segments.forEach((seg, segIndex) => {
    const f = seg.folded.text;
    let at = 0;
    while (at < f.length) {
      if (seg.claimed[originalIndex(seg.folded, at)]) {
        at++;
        continue;
      }
      const { key, end: keyEnd } = keyAt(f, at);
      const list = glossary.byKey.get(key);
      let match: Match | undefined;
      // A spaced-script word can only start a match at its first letter (whole words).
      const startsWord =
        key[0] === 'c' || !isSpacedWord(charBefore(seg, originalIndex(seg.folded, at)) ?? 0x20);
      if (list && startsWord) match = tryCandidates(seg, segIndex, at, list);
      if (match) {
        seg.claimed.fill(1, match.start, match.end);
        out.push(match);
        // Continue after the match in folded coordinates.
        while (at < f.length && originalIndex(seg.folded, at) < match.end) at++;
      } else {
        at = keyEnd;
      }
    }
  });
}

// ---- case handling in finish -------------------------------------------------------------------------------

const TRAILING_OPENERS_RE = /[\s\p{Ps}\p{Pi}"'¿¡]+$/u;
const SENTENCE_END_RE = /[.!?…。！？][\p{Pe}\p{Pf}"']*$/u;

/** Is the position after `text` a sentence start, given whether the position before `text` was one? */
function sentenceStartAfter(text: string, wasStart: boolean): boolean {
  const tail = TRAILING_OPENERS_RE.exec(text);
  const body = tail ? text.slice(0, tail.index) : text;
  if (tail && tail[0].includes('\n')) return true;
  if (body.length === 0) return wasStart;
  return SENTENCE_END_RE.test(body);
}

function isAllCaps(s: string): boolean {
  const letters = s.match(/\p{L}/gu) ?? [];
  const cased = letters.filter((ch) => ch.toLowerCase() !== ch.toUpperCase());
  return cased.length >= 2 && cased.every((ch) => ch === ch.toUpperCase());
}

function capitalizeFirst(target: string): string {
  const m = /\p{L}/u.exec(target);
  if (!m) return target;
  const word = /^[\p{L}\p{M}]*/u.exec(target.slice(m.index))?.[0] ?? '';
  // Mixed-case brand names (iPhone, eBay) keep their spelling.
  if (/\p{Lu}/u.test(word.slice(m[0].length))) return target;
  return target.slice(0, m.index) + m[0].toUpperCase() + target.slice(m.index + m[0].length);
}

/** Every word of two or more starts with a capital letter ("Sales Report"). */
function isTitleCase(s: string): boolean {
  const words = s.match(/\p{L}[\p{L}\p{M}]*/gu) ?? [];
  return words.length >= 2 && words.every((w) => /^\p{Lu}/u.test(w));
}

/** Short words (articles, prepositions) stay lower case inside a title: "Informe de Ventas". */
function titleCase(target: string): string {
  let first = true;
  return target.replace(/\p{L}[\p{L}\p{M}]*/gu, (w) => {
    const keep = !first && [...w].length <= 3;
    first = false;
    // Mixed-case words (iPhone) keep their spelling.
    if (keep || /\p{Lu}/u.test(w.slice(1))) return w;
    return w[0]!.toUpperCase() + w.slice(1);
  });
}

function targetFor(match: Match, atSentenceStart: boolean): string {
  const { target, source } = match.variant;
  if (isAllCaps(match.occurrence) && !isAllCaps(source)) return target.toUpperCase();
  const capital = /^\P{L}*\p{Lu}/u.test(match.occurrence);
  // A capital the writer gave a lower-case glossary term in the middle of a sentence is a case pattern
  // (a title, a button label): the target gets it too, wherever the engine put it.
  if (capital && match.sourceStart === false && !/\p{Lu}/u.test(source)) {
    return isTitleCase(match.occurrence) ? titleCase(target) : capitalizeFirst(target);
  }
  // Only where the source writer capitalised too: a lower-case fragment ("car settings") stays lower case.
  return atSentenceStart && capital ? capitalizeFirst(target) : target;
}

// ---- entry point -------------------------------------------------------------------------------------------

const compiledCache = new WeakMap<readonly GlossaryEntry[], CompiledGlossary>();

function compiledOf(glossary: readonly GlossaryEntry[] | CompiledGlossary): CompiledGlossary {
  if (glossary instanceof CompiledGlossary) return glossary;
  let compiled = compiledCache.get(glossary);
  if (!compiled) {
    compiled = compileGlossary(glossary);
    compiledCache.set(glossary, compiled);
  }
  return compiled;
}

/**
 * Marks glossary source terms found in a marked unit and replaces them by their target terms after translation.
 *
 * A term outside any tag span is carried as a span of its own (a word-bound blank for Apertium), so the engine
 * still translates and reorders it with its neighbours — agreement and word order stay right — and afterwards
 * everything from the first to the last piece of that span is replaced by the target term (an engine may split
 * a multi-word span: `the <1>sales report</1>` → `el <1>informe</1> de <1>ventas</1>`). Spans never nest, so a
 * term inside a tag span is carried as a placeholder instead. Ids run from `firstId` up, in text order. Accepts
 * entry lists (compiled once per list object) or glossaries compiled with `compileGlossary`; the first glossary
 * listed wins on overlap.
 */
export function applyGlossaries(
  unit: string,
  glossaries: ReadonlyArray<readonly GlossaryEntry[] | CompiledGlossary>,
  firstId: number,
): GlossaryTermPlan {
  const segments = splitSegments(unit);
  const matches: Match[] = [];
  for (const glossary of glossaries) matchGlossary(segments, compiledOf(glossary), matches);
  if (matches.length === 0) return { unit, finish: (translated) => translated };

  matches.sort((a, b) => a.segment - b.segment || a.start - b.start);
  const byId = new Map<number, Match>();
  const parts: string[] = [];
  let last = 0;
  let sourceStart = true;
  matches.forEach((match, i) => {
    const id = firstId + i;
    byId.set(id, match);
    const seg = segments[match.segment]!;
    const from = seg.start + match.start;
    const to = seg.start + match.end;
    match.sourceStart = sentenceStartAfter(unit.slice(last, from).replace(MARKER_RE, ''), sourceStart);
    sourceStart = sentenceStartAfter(match.occurrence, false);
    parts.push(unit.slice(last, from), seg.inSpan ? placeholder(id) : span(id, unit.slice(from, to)));
    last = to;
  });
  parts.push(unit.slice(last));

  return {
    unit: parts.join(''),
    finish(translated: string): string {
      const ranges = termRanges(translated, byId);
      // One left-to-right pass keeps finish linear even with thousands of terms in a 128 KiB unit.
      let atStart = true;
      let out = '';
      let pos = 0;
      let r = 0;
      for (const m of translated.matchAll(MARKER_RE)) {
        const at = m.index ?? 0;
        if (at < pos) continue; // inside a term range already written
        while (r < ranges.length && ranges[r]!.end <= at) r++;
        const range = ranges[r];
        if (range && range.start === at) {
          const text = translated.slice(pos, at);
          atStart = sentenceStartAfter(text, atStart);
          out += text;
          if (range.term) {
            const term = targetFor(range.term, atStart);
            out += term;
            atStart = sentenceStartAfter(term, false);
          }
          pos = range.end;
          r++;
          continue;
        }
        const text = translated.slice(pos, at);
        atStart = sentenceStartAfter(text, atStart);
        out += text;
        pos = at + m[0].length;
        const match = m[0].startsWith(PH) ? byId.get(Number(m[0].slice(1, -1))) : undefined;
        if (match) {
          const term = targetFor(match, atStart);
          out += term;
          atStart = sentenceStartAfter(term, false);
        } else {
          out += m[0];
        }
      }
      return out + translated.slice(pos);
    },
  };
}

interface TermRange {
  start: number;
  end: number;
  /** The term written in this range; undefined for a further piece whose text the first piece already covers. */
  term?: Match;
}

/**
 * Where each glossary span ended up in a translated unit. The range runs from the first piece's opening marker to
 * the last piece's closing marker when nothing but text lies between; otherwise (another marker between, which
 * must survive) each piece is its own range, the first carrying the term and the others only removed.
 */
function termRanges(translated: string, byId: Map<number, Match>): TermRange[] {
  const pieces = new Map<number, { start: number; end: number }[]>();
  let open: { id: number; start: number } | undefined;
  for (const m of translated.matchAll(MARKER_RE)) {
    const at = m.index ?? 0;
    if (m[0].startsWith(OPEN)) {
      const id = Number(m[0].slice(1, -1));
      open = byId.has(id) ? { id, start: at } : undefined;
    } else if (m[0] === CLOSE && open) {
      const list = pieces.get(open.id) ?? [];
      list.push({ start: open.start, end: at + 1 });
      pieces.set(open.id, list);
      open = undefined;
    }
  }
  const ranges: TermRange[] = [];
  for (const [id, list] of pieces) {
    const first = list[0]!;
    const lastPiece = list[list.length - 1]!;
    const between = translated.slice(first.start, lastPiece.end);
    const foreign = [...between.matchAll(MARKER_RE)].some((m) => !isMarkerOf(m[0], id));
    if (!foreign) ranges.push({ start: first.start, end: lastPiece.end, term: byId.get(id)! });
    else list.forEach((p, k) => ranges.push(k === 0 ? { ...p, term: byId.get(id)! } : { ...p }));
  }
  return ranges.sort((a, b) => a.start - b.start);
}

function isMarkerOf(marker: string, id: number): boolean {
  return marker === CLOSE || marker === `${OPEN}${id}\uE001`;
}
