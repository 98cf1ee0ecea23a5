/**
 * Inline-markup markers: the one representation of "text with inline tags" that flows between the tag,
 * glossary and document layers and the engines (service process).
 *
 * A marked unit is plain text plus three kinds of markers, all from the Private Use Area so they never clash
 * with user text (user text is cleaned of these code points before marking):
 *   - span open   U+E000 <id digits> U+E001   … text …   U+E002 span close
 *     Spans never nest: a caller flattens nested markup into one span id per run of text with the same
 *     stack of open tags. Engines must keep every span (its text may be translated and move, or be split
 *     into several spans with the same id, which `mergeSpans` joins back).
 *   - placeholder U+E003 <id digits> U+E001 : an atomic, untranslatable item (an empty tag, ignored content,
 *     a line break inside a paragraph). Engines must emit it unchanged, exactly once.
 * Ids are non-negative integers local to one unit.
 */

export const OPEN = '\uE000';
export const SEP = '\uE001';
export const CLOSE = '\uE002';
export const PH = '\uE003';

const MARKER_CHARS = /[\uE000-\uE003]/g;

export type Token =
  | { kind: 'text'; text: string }
  | { kind: 'open'; id: number }
  | { kind: 'close' }
  | { kind: 'placeholder'; id: number };

export function openSpan(id: number): string {
  return `${OPEN}${id}${SEP}`;
}
export function closeSpan(): string {
  return CLOSE;
}
export function placeholder(id: number): string {
  return `${PH}${id}${SEP}`;
}
export function span(id: number, text: string): string {
  return `${OPEN}${id}${SEP}${text}${CLOSE}`;
}

/** Removes marker code points from user input so they cannot be confused with real markers. */
export function cleanUserText(text: string): string {
  return text.replace(MARKER_CHARS, '');
}

export function hasMarkers(text: string): boolean {
  return /[\uE000\uE003]/.test(text);
}

const TOKEN_RE = /\uE000(\d+)\uE001|\uE003(\d+)\uE001|\uE002/g;

/** Splits a marked unit into tokens. */
export function tokenize(marked: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const m of marked.matchAll(TOKEN_RE)) {
    const at = m.index ?? 0;
    if (at > last) tokens.push({ kind: 'text', text: marked.slice(last, at) });
    if (m[1] !== undefined) tokens.push({ kind: 'open', id: Number(m[1]) });
    else if (m[2] !== undefined) tokens.push({ kind: 'placeholder', id: Number(m[2]) });
    else tokens.push({ kind: 'close' });
    last = at + m[0].length;
  }
  if (last < marked.length) tokens.push({ kind: 'text', text: marked.slice(last) });
  return tokens;
}

/** Plain text of a marked unit (markers dropped, span text kept). */
export function stripMarkers(marked: string): string {
  return marked.replace(TOKEN_RE, '');
}

/**
 * Joins spans with the same id that an engine split apart when only whitespace separates them
 * (`<1>very</1> <1>fast</1>` → `<1>very fast</1>`).
 */
export function mergeSpans(marked: string): string {
  return marked.replace(/\uE002(\s*)\uE000(\d+)\uE001/g, (whole, gap: string, id: string, offset: number) => {
    // Find the id of the span that was just closed.
    const before = marked.slice(0, offset);
    const lastOpen = before.lastIndexOf(OPEN);
    if (lastOpen < 0) return whole;
    const prevId = before.slice(lastOpen + 1, before.indexOf(SEP, lastOpen));
    return prevId === id ? gap : whole;
  });
}
