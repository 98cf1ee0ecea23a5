/**
 * The markup token stream shared by the XML and HTML readers of the text layer (service process).
 *
 * A reader turns the request text into tokens that cover every character of the input exactly once, in
 * order, with offsets into the original string: tags (with the offsets of their attribute values), text runs,
 * and opaque stretches (comments, processing instructions, doctype, CDATA, stray markup). The tag layer never
 * re-serialises anything; it splices translated text between the original bytes.
 */

export interface AttrValue {
  /** Attribute name as written (HTML: lower case). */
  name: string;
  /** Offsets of the value without its quotes. */
  start: number;
  end: number;
  quote: '"' | "'" | '';
}

export interface TagToken {
  kind: 'tag';
  role: 'open' | 'close' | 'void';
  start: number;
  end: number;
  name: string;
  /** Index of the matching close (for an open) or open (for a close) token; -1 when unmatched. */
  pair: number;
  attrs: AttrValue[];
  /** For an open tag, the end of the whole element including its content; else `end`. */
  elementEnd: number;
  /** HTML `translate="no"` or `class="notranslate"`: the element is left untouched. */
  noTranslate: boolean;
}

export interface TextToken {
  kind: 'text';
  start: number;
  end: number;
}

export interface OpaqueToken {
  kind: 'opaque';
  start: number;
  end: number;
}

export type MarkupToken = TagToken | TextToken | OpaqueToken;

/** A piece of decoded text: literal characters, one character reference, or an untranslatable atom. */
export interface TextPiece {
  kind: 'literal' | 'entity' | 'atom';
  start: number;
  end: number;
  /** The decoded text (for atoms, the raw text). */
  value: string;
}

/**
 * Characters that never reach an engine as text: NUL (it frames the Apertium stream) and the marker code
 * points of ./markers.ts. They become atoms, so they come back byte for byte but cannot forge a marker.
 */
export const PROTECTED_CHARS = /[\u0000\uE000-\uE003]/g;
const HAS_PROTECTED = /[\u0000\uE000-\uE003]/;

/** Splits a run of literal text at protected characters. */
export function literalPieces(text: string, start: number, end: number): TextPiece[] {
  const out: TextPiece[] = [];
  let at = start;
  const slice = text.slice(start, end);
  for (const m of slice.matchAll(PROTECTED_CHARS)) {
    const pos = start + m.index;
    if (pos > at) out.push({ kind: 'literal', start: at, end: pos, value: text.slice(at, pos) });
    out.push({ kind: 'atom', start: pos, end: pos + 1, value: m[0] });
    at = pos + 1;
  }
  if (end > at) out.push({ kind: 'literal', start: at, end, value: text.slice(at, end) });
  return out;
}

/**
 * Splits raw text at character references, decoding each with `decode`; a reference that `decode` leaves
 * unresolved (returns null) becomes an atom and is kept verbatim.
 */
export function decodePieces(
  text: string,
  start: number,
  end: number,
  reference: RegExp,
  decode: (ref: string) => string | null,
): TextPiece[] {
  const out: TextPiece[] = [];
  let at = start;
  const slice = text.slice(start, end);
  for (const m of slice.matchAll(reference)) {
    const pos = start + m.index;
    const value = decode(m[0]);
    if (value === m[0]) continue;
    if (pos > at) out.push(...literalPieces(text, at, pos));
    const refEnd = pos + m[0].length;
    if (value === null || HAS_PROTECTED.test(value)) out.push({ kind: 'atom', start: pos, end: refEnd, value: m[0] });
    else out.push({ kind: 'entity', start: pos, end: refEnd, value });
    at = refEnd;
  }
  if (end > at) out.push(...literalPieces(text, at, end));
  return out;
}
