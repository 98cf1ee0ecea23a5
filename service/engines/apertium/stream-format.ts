/**
 * Apertium stream format for the Apertium engine (service process): turns a marked unit (../../text/markers.ts)
 * into the text an Apertium null-flush pipeline reads, and the pipeline's output back into a marked unit.
 *
 * This replaces `apertium-destxt` / `apertium-retxt` in JS, so a request costs no extra processes. It is
 * hand-written because no library speaks the Apertium stream format; it follows what destxt does (measured):
 *   - `\ [ ] ^ $ / @ < > { }` are escaped with a backslash;
 *   - whitespace other than one plain space becomes a superblank `[…]`, so newlines, tabs and runs of spaces
 *     come back byte for byte; a line break or tab is preceded by an inserted `.[]` sentence end (destxt does
 *     this for paragraph breaks only, but then words move across newlines and tabs inside a sentence:
 *     `house[\t]car.[]` gives `Coche[\t]de casa.[]`, measured on eng-spa);
 *   - a plain space is never sent next to such a whitespace superblank (it is merged into it), so a plain
 *     space next to one in the output is the blank of a word Apertium dropped (`You have` → `Tienes`) and is
 *     removed on the way back, as doubled plain spaces are; otherwise `msg\tYou have` came back
 *     `msg\t Tienes` (measured);
 *   - `.[]` is appended at the end, because the last period of a text that does not end in a blank is lost;
 *     on the way back an empty superblank `[]` removes the period just before it (that inserted period).
 * Spans become word-bound blanks `[[t:s:ID]]words[[/]]`, which `apertium-wblank-attach/detach` carry along with
 * their words through reordering; placeholders, and spans without any word, become superblanks holding the
 * literal marker text, which pass through untouched.
 */
import { CLOSE, OPEN, PH, SEP, mergeSpans, tokenize } from '../../text/markers.js';

/** Characters the Apertium stream format reserves (escaped by apertium-destxt). */
const SPECIAL = /[\\[\]^$/@<>{}]/g;
/** A word or number: units or spans without one have nothing to translate. */
const WORDLIKE = /[\p{L}\p{N}]/u;

export function escapeStream(text: string): string {
  return text.replace(SPECIAL, (c) => `\\${c}`);
}

export function hasWords(text: string): boolean {
  return WORDLIKE.test(text);
}

/** Removes what must never reach a pipeline: NUL (the frame separator) and U+FFFF (lt-proc's own marker). */
export function cleanInput(text: string): string {
  return text.replace(/[\0\uFFFF]/g, '');
}

/** Whitespace that separates independent pieces of a unit: a line break or a tab. */
const PIECE_BREAK = /[\n\r\t]/;
/** A whitespace run holding a piece break (captured, for split). */
const PIECE_BREAK_RUN = /(\s*[\n\r\t]\s*)/;
/** A piece break and the whitespace after it (captured, for split): where the next piece starts. */
const PIECE_START = /([\n\r\t]\s*)/;

/** Encodes text between markers: escapes, and turns whitespace other than a single space into superblanks. */
function encodeText(text: string): string {
  let out = '';
  for (const m of text.matchAll(/(\s+)|(\S+)/g)) {
    if (m[2] !== undefined) {
      out += escapeStream(m[2]);
      continue;
    }
    const ws = m[1] ?? '';
    if (ws === ' ') out += ' ';
    else {
      // A line break or tab ends a sentence (as split_sentences=1 reads newlines): without the inserted `.[]`
      // (destxt's sentence mark) transfer treats the superblank as any blank inside one sentence and reorders
      // words across it (`house⇥car` → `Coche⇥de casa`, `red⇥car` → `Coche⇥rojo`, measured). A tab separates
      // independent pieces (TSV cells, aligned columns, labels) just as a line break does.
      out += `${PIECE_BREAK.test(ws) ? '.[]' : ''}[${ws}]`;
    }
  }
  return out;
}

/** A superblank holding literal marked text: atomic, passes through the pipeline unchanged. */
function literalBlank(marked: string): string {
  return `[${escapeStream(marked)}]`;
}

type Piece = { kind: 'text'; text: string } | { kind: 'placeholder'; id: number };
type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'placeholder'; id: number }
  | { kind: 'span'; id: number; pieces: Piece[] };

function segments(marked: string): Segment[] {
  const out: Segment[] = [];
  let open: Extract<Segment, { kind: 'span' }> | undefined;
  for (const t of tokenize(marked)) {
    if (t.kind === 'open') {
      // Spans never nest (markers.ts); an open inside an open span closes the first one.
      open = { kind: 'span', id: t.id, pieces: [] };
      out.push(open);
    } else if (t.kind === 'close') {
      open = undefined;
    } else if (open) {
      open.pieces.push(
        t.kind === 'text' ? { kind: 'text', text: t.text } : { kind: 'placeholder', id: t.id },
      );
    } else {
      out.push(t.kind === 'text' ? { kind: 'text', text: t.text } : { kind: 'placeholder', id: t.id });
    }
  }
  return out;
}

function pieceText(p: Piece): string {
  return p.kind === 'text' ? p.text : `${PH}${p.id}${SEP}`;
}

/** Encodes one span: words go in word-bound blanks, edge whitespace outside them, placeholders as superblanks. */
function encodeSpan(id: number, pieces: Piece[]): string {
  const text = pieces.map((p) => (p.kind === 'text' ? p.text : '')).join('');
  if (!hasWords(text)) return literalBlank(`${OPEN}${id}${SEP}${pieces.map(pieceText).join('')}${CLOSE}`);
  let out = '';
  for (const p of pieces) {
    if (p.kind === 'placeholder') {
      out += literalBlank(pieceText(p));
      continue;
    }
    const lead = p.text.match(/^\s*/)?.[0] ?? '';
    const trail = p.text.length > lead.length ? (p.text.match(/\s*$/)?.[0] ?? '') : '';
    const core = p.text.slice(lead.length, p.text.length - trail.length);
    out += encodeText(lead);
    // A piece with no word (punctuation between placeholders) keeps its span as an empty literal span, so
    // the id still shows up even if Apertium would drop the bound blank around punctuation.
    out += hasWords(core)
      ? boundText(id, core)
      : core
        ? encodeText(core) + literalBlank(`${OPEN}${id}${SEP}${CLOSE}`)
        : '';
    out += encodeText(trail);
  }
  return out;
}

/**
 * Text of a span (no edge whitespace) in word-bound blanks. Line breaks and tabs stay outside them, one bound
 * blank per piece between them, so the sentence end inserted there is not bound to the span: bound, Apertium
 * gave it back as `[[t:s:1]].[[/]][]` and the period stayed in the output (`rojo.⇥…`, measured). The pieces
 * come back as spans of one id separated by whitespace, which repairMarkers merges into one span again.
 */
function boundText(id: number, core: string): string {
  if (!PIECE_BREAK.test(core)) return `[[t:s:${id}]]${encodeText(core)}[[/]]`;
  return core
    .split(PIECE_BREAK_RUN)
    .map((part, i) => (i % 2 ? encodeText(part) : part ? `[[t:s:${id}]]${encodeText(part)}[[/]]` : ''))
    .join('');
}

export interface EncodedUnit {
  /** Stream text for the pipeline (no NUL), or undefined when the unit has nothing to translate. */
  body: string | undefined;
  /** Whitespace around the unit, put back verbatim (Apertium adds or drops edge spaces, e.g. pronoun drop). */
  lead: string;
  trail: string;
  /** The cleaned input, for marker repair and as the answer when there is nothing to translate. */
  input: string;
}

export function encodeUnit(unit: string): EncodedUnit {
  const input = cleanInput(unit);
  const lead = input.match(/^\s*/)?.[0] ?? '';
  const trail = input.length > lead.length ? (input.match(/\s*$/)?.[0] ?? '') : '';
  const core = input.slice(lead.length, input.length - trail.length);
  const plain = core.replace(/\uE000\d+\uE001|\uE003\d+\uE001|\uE002/g, '');
  if (!hasWords(plain)) return { body: undefined, lead, trail, input };
  let body = '';
  for (const s of segments(core)) {
    if (s.kind === 'text') body += encodeText(s.text);
    else if (s.kind === 'placeholder') body += literalBlank(`${PH}${s.id}${SEP}`);
    else body += encodeSpan(s.id, s.pieces);
  }
  return { body: `${mergeBlankSpaces(body)}.[]`, lead, trail, input };
}

/** A superblank holding only whitespace (what encodeText makes of tabs, line breaks and runs of spaces). */
const WHITESPACE_BLANK = /^\[\s+\]$/;

/**
 * Merges every plain space that touches a whitespace superblank into it (`[\t] ` → `[\t ]`, also across the
 * sentence end before a line break or tab: ` .[][\t]` → `.[][ \t]`). Text pieces are
 * encoded separately (around spans and placeholders), so one piece may end in a superblank and the next start
 * with a space; after this, a plain space beside a whitespace superblank only comes from the engine.
 */
function mergeBlankSpaces(body: string): string {
  // Most units hold no whitespace superblank (no tab, line break or run of spaces): nothing to merge.
  if (!/\[\s/.test(body)) return body;
  const tokens: string[] = [];
  for (let i = 0; i < body.length; i++) {
    const { end } = tokenAt(body, i);
    const token = body.slice(i, end < 0 ? body.length : end + 1);
    i += token.length - 1;
    const prev = tokens[tokens.length - 1];
    if (token === ' ' && prev !== undefined && WHITESPACE_BLANK.test(prev)) {
      tokens[tokens.length - 1] = `${prev.slice(0, -1)} ]`;
    } else if (prev === ' ' && WHITESPACE_BLANK.test(token)) {
      tokens[tokens.length - 1] = `[ ${token.slice(1)}`;
    } else if (
      prev === '[]' &&
      WHITESPACE_BLANK.test(token) &&
      tokens.at(-2) === '.' &&
      tokens.at(-3) === ' '
    ) {
      // `a .[][\t]` (a space before the sentence end of a line break or tab) → `a.[][ \t]`.
      tokens.splice(-3, 1);
      tokens.push(`[ ${token.slice(1)}`);
    } else tokens.push(token);
  }
  return tokens.join('');
}

/**
 * The stream token starting at `i`: an escaped character (`\\x`, a whole code point), a format tag (`[[…]]`), a
 * superblank (`[…]`) or a plain character. `end` is the index of its last character, -1 when it is not closed. One
 * reading of the stream for the encoder's merge and the decoder.
 */
function tokenAt(s: string, i: number): { kind: 'escape' | 'tag' | 'blank' | 'char'; end: number } {
  if (s[i] === '\\' && i + 1 < s.length)
    return { kind: 'escape', end: i + String.fromCodePoint(s.codePointAt(i + 1) ?? 0).length };
  if (s[i] === '[' && s[i + 1] === '[') {
    const close = s.indexOf(']]', i + 2);
    return { kind: 'tag', end: close < 0 ? -1 : close + 1 };
  }
  if (s[i] === '[') return { kind: 'blank', end: blankEnd(s, i + 1) };
  return { kind: 'char', end: i };
}

/** Index of the `]` closing a superblank that starts at `from` (after its `[`), honouring escapes. */
function blankEnd(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === ']') return i;
  }
  return -1;
}

function unescapeStream(s: string): string {
  return s.replace(/\\(.)/gsu, '$1');
}

/**
 * Decodes one output frame into marked text (edges not yet restored). Word-bound blanks become spans again;
 * a blank bound to several spans (words merged by the engine) wraps the word in the first and keeps the others
 * as empty spans right after it, so no id is lost.
 */
export function decodeStream(frame: string): string {
  const s = frame.replace(/[\0\uFFFF]/g, '');
  let out = '';
  let afterClose = '';
  let plainSpace = false;
  // The last thing written was a whitespace superblank.
  let afterBlank = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i] ?? '';
    const { kind, end } = tokenAt(s, i);
    if (kind === 'escape') {
      out += s.slice(i + 1, end + 1);
      i = end;
      plainSpace = false;
      afterBlank = false;
      continue;
    }
    if (kind === 'tag') {
      if (end < 0) break;
      const content = s.slice(i + 2, end - 1);
      i = end;
      plainSpace = false;
      afterBlank = false;
      if (content === '/') {
        out += CLOSE + afterClose;
        afterClose = '';
        continue;
      }
      const ids = [...content.matchAll(/t:s:(\d+)/g)].map((m) => m[1] ?? '');
      if (ids.length === 0) continue;
      out += `${OPEN}${ids[0]}${SEP}`;
      afterClose = ids
        .slice(1)
        .map((id) => `${OPEN}${id}${SEP}${CLOSE}`)
        .join('');
      continue;
    }
    if (kind === 'blank') {
      if (end < 0) break;
      const content = unescapeStream(s.slice(i + 1, end));
      i = end;
      if (content === '') {
        plainSpace = false;
        afterBlank = false;
        // `.[]`: the period before it is the sentence end we inserted.
        if (out.endsWith('.')) out = out.slice(0, -1);
        continue;
      }
      // Whitespace we sent as a superblank has no plain space beside it (mergeBlankSpaces): one there is the
      // blank of a dropped word, and would add a space before or after the user's tab or line break.
      const spaced = /^\s+$/.test(content);
      if (spaced && plainSpace) out = out.slice(0, -1);
      out += content;
      plainSpace = false;
      afterBlank = spaced;
      continue;
    }
    if (c === ' ') {
      // Plain spaces come only from our single spaces; Apertium doubles them where it drops a word.
      if (plainSpace || afterBlank) continue;
      plainSpace = true;
    } else plainSpace = false;
    afterBlank = false;
    out += c;
  }
  return out;
}

/** Counts code points of `ch` in `s`. */
function count(s: string, ch: string): number {
  let n = 0;
  for (const c of s) if (c === ch) n++;
  return n;
}

/**
 * Removes unknown-word marks (`*` unknown, `@` no bilingual entry, `#` not generated) that the engine added.
 * The generator runs with `-n`, which drops them already; this is the safety net for pairs that do not honour
 * it. Only marks beyond what the user wrote are removed, so `*emphasis*` or `#tag` in the input survive.
 */
export function stripUnknownMarks(output: string, input: string): string {
  let out = output;
  for (const mark of ['*', '@', '#']) {
    let extra = count(out, mark) - count(input, mark);
    if (extra <= 0) continue;
    const re = new RegExp(`(^|[\\s\\p{P}\\uE001\\uE002])[${mark}](?=[\\p{L}\\p{N}])`, 'gu');
    out = out.replace(re, (whole, before: string) => {
      if (extra <= 0) return whole;
      extra--;
      return before;
    });
  }
  return out;
}

/**
 * Makes the output's markers match the input's: spans well formed and not nested, every placeholder exactly once,
 * every span id present. Anything the engine lost goes back at the end of the unit (before trailing whitespace),
 * as the port requires every marker to survive.
 */
export function repairMarkers(output: string, input: string): string {
  const inTokens = tokenize(input);
  const spanIds = new Set(inTokens.flatMap((t) => (t.kind === 'open' ? [t.id] : [])));
  const phIds = new Set(inTokens.flatMap((t) => (t.kind === 'placeholder' ? [t.id] : [])));
  const seenSpans = new Set<number>();
  const seenPh = new Set<number>();
  let out = '';
  let open = false;
  for (const t of tokenize(output)) {
    if (t.kind === 'text') out += t.text;
    else if (t.kind === 'placeholder') {
      if (phIds.has(t.id) && !seenPh.has(t.id)) {
        seenPh.add(t.id);
        out += `${PH}${t.id}${SEP}`;
      }
    } else if (t.kind === 'open') {
      if (!spanIds.has(t.id)) continue;
      if (open) out += CLOSE;
      out += `${OPEN}${t.id}${SEP}`;
      open = true;
      seenSpans.add(t.id);
    } else if (open) {
      out += CLOSE;
      open = false;
    }
  }
  if (open) out += CLOSE;
  // Drop closes left without their open (the open was unknown and skipped above).
  out = dropOrphanCloses(out);
  const missing =
    [...spanIds]
      .filter((id) => !seenSpans.has(id))
      .map((id) => `${OPEN}${id}${SEP}${CLOSE}`)
      .join('') +
    [...phIds]
      .filter((id) => !seenPh.has(id))
      .map((id) => `${PH}${id}${SEP}`)
      .join('');
  if (!missing) return mergeSpans(out);
  const trail = out.match(/\s*$/)?.[0] ?? '';
  return mergeSpans(out.slice(0, out.length - trail.length) + missing + trail);
}

function dropOrphanCloses(marked: string): string {
  let out = '';
  let open = false;
  for (const t of tokenize(marked)) {
    if (t.kind === 'text') out += t.text;
    else if (t.kind === 'placeholder') out += `${PH}${t.id}${SEP}`;
    else if (t.kind === 'open') {
      out += `${OPEN}${t.id}${SEP}`;
      open = true;
    } else if (open) {
      out += CLOSE;
      open = false;
    }
  }
  return out;
}

/**
 * Every line break and tab is sent as a sentence end, so Apertium capitalises the first word after it; a line
 * or tab-separated piece that started in lower case in the input gets its first letter lowered again (same
 * number of pieces only).
 */
export function matchLineStartCase(output: string, input: string): string {
  const inLines = input.split(PIECE_START);
  const outLines = output.split(PIECE_START);
  if (inLines.length !== outLines.length || inLines.length < 3) return output;
  for (let i = 2; i < outLines.length; i += 2) {
    const first = /\p{L}/u.exec(inLines[i] ?? '')?.[0];
    if (!first || first === first.toUpperCase()) continue;
    outLines[i] = (outLines[i] ?? '').replace(/\p{L}/u, (c) => c.toLowerCase());
  }
  return outLines.join('');
}

/** Full way back: decode a frame, strip marks, restore the unit's edges, line-start case and markers. */
export function decodeUnit(frame: string, encoded: EncodedUnit): string {
  const decoded = stripUnknownMarks(decodeStream(frame), encoded.input).trim();
  const cased = matchLineStartCase(decoded, encoded.input.trim());
  return repairMarkers(`${encoded.lead}${cased}${encoded.trail}`, encoded.input);
}
