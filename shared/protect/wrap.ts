/**
 * Protection of placeholders and code on the client side (any process, pure): before texts leave Verso, each span
 * that a translation must not change (placeholders, ICU syntax, URLs, e-mail addresses, paths, versions,
 * identifiers, code; see `spans.ts`) is wrapped in an element that the request's `ignore_tags` names, and the
 * answer is unwrapped. Works on any service that follows the spec: `ignore_tags` content is not translated.
 *
 * - Plain text (the user chose no tag handling): the request switches to `tag_handling=xml`, so the whole text
 *   becomes XML: `&` and `<` are escaped (inside the kept spans too) and unescaped in the answer. Markup-looking
 *   tags in plain text (`<b>`, `</i>`) are kept as well: in plain text they are characters the user typed.
 * - XML or HTML (the user chose tag handling): the user's markup stays as it is; only spans in text between tags
 *   are wrapped, the element is added to the user's `ignore_tags`, and in the answer only our element is removed.
 *
 * A request whose texts hold nothing to protect is sent unchanged (no switch to XML, nothing more billed).
 * The element's name is chosen per request so that it appears in none of its texts.
 */
import { findProtectedSpans, type ProtectedKind, type ProtectedSpan } from './spans.js';

export type TagMode = 'plain' | 'xml' | 'html';

/**
 * The element that marks a kept span; a request whose texts contain it gets a numbered variant, so it never clashes.
 * Short on purpose: the service bills the marks as characters (13 per span).
 */
export const KEEP_TAG = 'x-vk';

/** A span the client keeps: the detector's kinds plus markup typed into plain text. */
export interface KeptSpan {
  start: number;
  end: number;
  kind: ProtectedKind | 'tag';
  text: string;
}

/** A tag as typed: `<b>`, `</b>`, `<br/>`, `<a href="…">` (names start with a letter; no `<` inside). */
export const TAG_RE = /<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/g;

/** Markup of an XML/HTML text: comments, CDATA, processing instructions, declarations and tags. */
const MARKUP_RE = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<![^>]*>|<\/?[A-Za-z][^>]*>/g;

/**
 * The spans of `text` the client keeps, non-overlapping and in source order. In plain text, tags typed as text are
 * kept too; in XML/HTML only the text between the markup is searched (markup itself is the service's to handle).
 */
export function keptSpans(text: string, mode: TagMode): KeptSpan[] {
  if (mode === 'plain') {
    const tags: KeptSpan[] = [];
    if (text.includes('<')) for (const m of text.matchAll(TAG_RE)) tags.push({ start: m.index, end: m.index + m[0].length, kind: 'tag', text: m[0] });
    return merge(findProtectedSpans(text), tags);
  }
  const out: KeptSpan[] = [];
  let at = 0;
  const searchText = (from: number, to: number) => {
    if (to <= from) return;
    for (const s of findProtectedSpans(text.slice(from, to))) out.push({ start: s.start + from, end: s.end + from, kind: s.kind, text: s.text });
  };
  for (const m of text.matchAll(MARKUP_RE)) {
    searchText(at, m.index);
    at = m.index + m[0].length;
  }
  searchText(at, text.length);
  return out;
}

/** Detector spans and typed tags together; a tag inside a detector span (or the reverse) counts once. */
function merge(spans: readonly ProtectedSpan[], tags: readonly KeptSpan[]): KeptSpan[] {
  if (tags.length === 0) return spans as KeptSpan[];
  const all: KeptSpan[] = [...spans, ...tags].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: KeptSpan[] = [];
  for (const s of all) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) {
      if (s.end > last.end) out[out.length - 1] = { ...last, end: s.end, text: last.text + s.text.slice(last.end - s.start) };
      continue;
    }
    out.push(s);
  }
  return out;
}

/** `&` and `<` as XML text needs them (`>` is legal in text, except after `]]`). */
export function escapeXmlText(s: string): string {
  if (!s.includes('&') && !s.includes('<') && !s.includes(']]>')) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/]]>/g, ']]&gt;');
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Reverses XML escaping: the five named entities and numeric references, each read once. */
export function unescapeXmlText(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(lt|gt|amp|quot|apos|#\d+|#[xX][0-9a-fA-F]+);/g, (all, name: string) => {
    if (name[0] !== '#') return NAMED[name]!;
    const cp = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : all;
  });
}

/** A keep element name that none of `texts` contains (case-insensitively). */
export function chooseKeepTag(texts: readonly string[]): string {
  const lower = texts.map((t) => t.toLowerCase());
  for (let n = 1; ; n++) {
    const name = n === 1 ? KEEP_TAG : `${KEEP_TAG}-${n}`;
    if (!lower.some((t) => t.includes(name))) return name;
  }
}

/** Wraps each kept span of one text; plain text is escaped as XML. */
export function wrapText(text: string, spans: readonly KeptSpan[], mode: TagMode, tag: string): string {
  const esc = mode === 'plain' ? escapeXmlText : (s: string) => s;
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += esc(text.slice(at, s.start)) + `<${tag}>` + esc(s.text) + `</${tag}>`;
    at = s.end;
  }
  return out + esc(text.slice(at));
}

/** The pattern of our element's tags in an answer (`<x-vk>`, `</x-vk>`, `<x-vk/>`, any case, spaces allowed). */
function keepTagPattern(tag: string): RegExp {
  const name = tag.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  return new RegExp(`<\\/?${name}\\s*\\/?>`, 'gi');
}

/** Removes our element from an answer (and unescapes it when the request was plain text turned XML). */
export function unwrapText(text: string, mode: TagMode, tag: string, pattern = keepTagPattern(tag)): string {
  const bare = text.includes('<') ? text.replace(pattern, '') : text;
  return mode === 'plain' ? unescapeXmlText(bare) : bare;
}

/** The request options protection reads and changes (the spec's tag handling and ignore list). */
export interface TagOptions {
  tagHandling?: 'xml' | 'html' | undefined;
  ignoreTags?: string[] | undefined;
}

export interface ProtectedRequest<O extends TagOptions> {
  /** The texts as sent (unchanged when nothing needed protecting). */
  texts: string[];
  /** The options as sent. */
  options: O;
  /** Spans kept per text (empty arrays when nothing was protected). */
  spans: KeptSpan[][];
  /** Turns one answer text back into the user's text (identity when nothing was protected). */
  unwrap: (text: string) => string;
}

/**
 * Protects one request: the texts with their spans wrapped, the options with the keep element in `ignore_tags`
 * (and `tag_handling=xml` when there was none). When no text has a span the request goes out as it came.
 */
export function protectRequest<O extends TagOptions>(texts: readonly string[], options: O): ProtectedRequest<O> {
  const mode: TagMode = options.tagHandling ?? 'plain';
  const spans = texts.map((t) => keptSpans(t, mode));
  if (spans.every((s) => s.length === 0)) return { texts: [...texts], options, spans, unwrap: (t) => t };
  const tag = chooseKeepTag(texts);
  const sent = texts.map((t, i) => wrapText(t, spans[i]!, mode, tag));
  const next: O = { ...options, tagHandling: mode === 'plain' ? 'xml' : mode, ignoreTags: [...(options.ignoreTags ?? []), tag] };
  const pattern = keepTagPattern(tag);
  return { texts: sent, options: next, spans, unwrap: (t) => unwrapText(t, mode, tag, pattern) };
}
