/**
 * Units made of one element holding plain character data (service process, document workers): a chart
 * label (`c:v`), a threaded comment (`text`), a spreadsheet page header (`oddHeader`) whose text carries
 * formatting codes. `protect` matches are codes: inside a segment they travel as placeholders, so codes
 * such as `&P` or `&"Arial,Bold"` come back exactly once whatever the engine does; codes for which
 * `splitAt` is true (`&L`, `&C`, `&R`: the three sections of a page header) end a segment and stay
 * between segments. Codes at either end of a segment stay outside it. An element with child elements, comments or processing instructions is not
 * a plain-text unit and is written back unchanged.
 */
import { cleanUserText, placeholder, tokenize } from '../../text/markers.js';
import { escapeXmlText } from './xml-tokens.js';
import type { Piece, PendingUnit, UnitItem } from './xml-units.js';
import { isToken, rawUnit } from './xml-units.js';

export interface PlainTextOptions {
  /** Codes kept as they are (must have the `g` flag). */
  protect?: RegExp;
  /** True for codes that end a segment (checked on `protect` matches). */
  splitAt?: (code: string) => boolean;
}

type Part = { kind: 'keep'; text: string } | { kind: 'segment'; lead: string; body: string; trail: string; codes: string[]; marked: string };

/** Splits `text` at the matches of `re` into alternating [outside, match, outside, …] pieces. */
function cut(text: string, re: RegExp | undefined): { text: string; match: boolean }[] {
  if (!re) return [{ text, match: false }];
  const out: { text: string; match: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const at = m.index ?? 0;
    if (m[0] === '') continue;
    out.push({ text: text.slice(last, at), match: false }, { text: m[0], match: true });
    last = at + m[0].length;
  }
  out.push({ text: text.slice(last), match: false });
  return out;
}

function buildSegment(pieces: { text: string; match: boolean }[]): Part {
  const text = pieces.map((p) => p.text).join('');
  let a = 0;
  while (a < pieces.length && pieces[a]?.match) a++;
  let b = pieces.length;
  while (b > a && pieces[b - 1]?.match) b--;
  const lead = pieces.slice(0, a).map((p) => p.text).join('');
  const trail = pieces.slice(b).map((p) => p.text).join('');
  const body = pieces.slice(a, b);
  const codes: string[] = [];
  let marked = '';
  for (const p of body) {
    if (p.match) {
      codes.push(p.text);
      marked += placeholder(codes.length);
    } else marked += cleanUserText(p.text);
  }
  const hasText = body.some((p) => !p.match && cleanUserText(p.text).trim() !== '');
  if (!hasText) return { kind: 'keep', text };
  return { kind: 'segment', lead, body: body.map((p) => p.text).join(''), trail, codes, marked };
}

function readBack(part: Extract<Part, { kind: 'segment' }>, translated: string): string {
  let out = part.lead;
  const used = new Set<number>();
  for (const tok of tokenize(translated)) {
    if (tok.kind === 'text') out += tok.text;
    else if (tok.kind === 'placeholder') {
      const code = part.codes[tok.id - 1];
      // Each code is written exactly once, even if an engine duplicated it.
      if (code !== undefined && !used.has(tok.id)) {
        used.add(tok.id);
        out += code;
      }
    }
  }
  // A code an engine lost is put back at the end rather than dropped.
  part.codes.forEach((code, i) => {
    if (!used.has(i + 1)) out += code;
  });
  return out + part.trail;
}

/** Builds the pending unit of a plain-text element (`items`: its open tag, character data, its close tag). */
export function buildPlainTextUnit(items: UnitItem[], options: PlainTextOptions = {}): PendingUnit {
  const first = items[0];
  const last = items[items.length - 1];
  if (items.length < 3 || !first || !isToken(first) || first.kind !== 'open' || !last || !isToken(last) || last.kind !== 'close') {
    return rawUnit(items);
  }
  let text = '';
  for (const it of items.slice(1, -1)) {
    if (!isToken(it) || it.kind !== 'text') return rawUnit(items);
    text += it.text;
  }
  const parts: Part[] = [];
  let run: { text: string; match: boolean }[] = [];
  for (const piece of cut(text, options.protect)) {
    if (piece.text === '') continue;
    if (piece.match && options.splitAt?.(piece.text)) {
      parts.push(buildSegment(run), { kind: 'keep', text: piece.text });
      run = [];
    } else run.push(piece);
  }
  parts.push(buildSegment(run));
  const segments = parts.filter((p): p is Extract<Part, { kind: 'segment' }> => p.kind === 'segment');
  if (segments.length === 0) return rawUnit(items);
  return {
    segments: segments.map((s) => s.marked),
    render(translated: string[]): Piece[] {
      let s = 0;
      let out = '';
      for (const p of parts) out += p.kind === 'keep' ? p.text : readBack(p, translated[s++] ?? p.marked);
      return [first.raw, escapeXmlText(out), last.raw];
    },
  };
}

/** A unit for a single element whose opening tag is rewritten (an attribute edit); nothing is translated. */
export function tagEditUnit(items: UnitItem[], rewrite: (open: string) => string): PendingUnit {
  const first = items[0];
  if (!first || !isToken(first) || first.kind !== 'open') return rawUnit(items);
  const rest = rawUnit(items.slice(1));
  const open = rewrite(first.raw);
  return { segments: [], render: () => [open, ...rest.render([])] };
}
