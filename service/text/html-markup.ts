/**
 * HTML reader of the text layer (service process): parses with parse5 (the WHATWG algorithm, so any input is
 * accepted the way a browser would read it) and turns the tree's source locations into markup tokens in
 * source order.
 *
 * parse5 can invent elements (implied html/head/body, clones from misnested formatting tags) and drop stray
 * markup (an unmatched `</b>`); invented elements have no location and are skipped, and every stretch of the
 * input that no located node covers becomes an opaque token, so no byte of the input is ever lost.
 */
import { parse, parseFragment } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { decodePieces, type AttrValue, type MarkupToken, type TagToken, type TextPiece } from './markup.js';

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document | DefaultTreeAdapterTypes.DocumentFragment;

const VOID = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);
const REFERENCE = /&(?:#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[A-Za-z][A-Za-z0-9]*;?)/g;
const STRAY_MARKUP = /<\/?[A-Za-z][^>]*>?|<\/>/g;
const ATTR_VALUE = /^[^\s=]+\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/;

interface Located {
  token: MarkupToken;
  /** The element (for tags) whose open and close must be paired after sorting. */
  element?: DefaultTreeAdapterTypes.Element;
}

function attributeValues(text: string, loc: Record<string, { startOffset: number; endOffset: number }> | undefined): AttrValue[] {
  if (!loc) return [];
  const out: AttrValue[] = [];
  for (const [name, at] of Object.entries(loc)) {
    const m = ATTR_VALUE.exec(text.slice(at.startOffset, at.endOffset));
    if (!m) continue;
    const value = m[1] ?? m[2] ?? m[3];
    if (value === undefined) continue;
    const quote = m[1] !== undefined ? '"' : m[2] !== undefined ? "'" : '';
    const end = at.startOffset + m[0].length - quote.length;
    out.push({ name, start: end - value.length, end, quote });
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * parse5 merges the text on both sides of markup it dropped (`wor</i>ld` is one text node), so a text node's
 * range can hold tags. In HTML text `<` followed by a letter or `/` always starts markup, so such stretches are
 * cut out as opaque tokens and kept verbatim.
 */
function textTokens(text: string, start: number, end: number): Located[] {
  const out: Located[] = [];
  let at = start;
  for (const m of text.slice(start, end).matchAll(STRAY_MARKUP)) {
    const pos = start + m.index;
    if (pos > at) out.push({ token: { kind: 'text', start: at, end: pos } });
    out.push({ token: { kind: 'opaque', start: pos, end: pos + m[0].length } });
    at = pos + m[0].length;
  }
  if (end > at) out.push({ token: { kind: 'text', start: at, end } });
  return out;
}

function isNoTranslate(element: DefaultTreeAdapterTypes.Element): boolean {
  return element.attrs.some(
    (a) =>
      (a.name === 'translate' && a.value.trim().toLowerCase() === 'no') ||
      (a.name === 'class' && a.value.split(/\s+/).includes('notranslate')),
  );
}

function childrenOf(node: Node): Node[] {
  const kids: Node[] = 'childNodes' in node ? [...node.childNodes] : [];
  if ('content' in node && node.nodeName === 'template') kids.push(...(node as DefaultTreeAdapterTypes.Template).content.childNodes);
  return kids;
}

/** Parses `text` as HTML (a whole document when it starts with a doctype or `<html>`, else a fragment). */
export function tokenizeHtml(text: string): MarkupToken[] {
  const isDocument = /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype|html[\s>])/i.test(text);
  const root: Node = isDocument
    ? parse(text, { sourceCodeLocationInfo: true })
    : parseFragment(text, { sourceCodeLocationInfo: true });

  const located: Located[] = [];
  const pending: Node[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    const loc = 'sourceCodeLocation' in node ? node.sourceCodeLocation : undefined;
    if (node.nodeName === '#text' && loc) {
      located.push(...textTokens(text, loc.startOffset, loc.endOffset));
    } else if ((node.nodeName === '#comment' || node.nodeName === '#documentType') && loc) {
      located.push({ token: { kind: 'opaque', start: loc.startOffset, end: loc.endOffset } });
    } else if ('tagName' in node) {
      const element = node as DefaultTreeAdapterTypes.Element;
      const eloc = element.sourceCodeLocation;
      if (eloc?.startTag) {
        const { startTag, endTag } = eloc;
        const role = endTag ? 'open' : VOID.has(element.tagName) || text.slice(startTag.startOffset, startTag.endOffset).endsWith('/>') ? 'void' : 'open';
        located.push({
          element,
          token: {
            kind: 'tag', role, start: startTag.startOffset, end: startTag.endOffset, name: element.tagName, pair: -1,
            attrs: attributeValues(text, eloc.attrs), elementEnd: Math.max(eloc.endOffset, startTag.endOffset),
            noTranslate: isNoTranslate(element),
          },
        });
        if (endTag) {
          located.push({
            element,
            token: { kind: 'tag', role: 'close', start: endTag.startOffset, end: endTag.endOffset, name: element.tagName, pair: -1, attrs: [], elementEnd: endTag.endOffset, noTranslate: false },
          });
        }
      }
    }
    const kids = childrenOf(node);
    for (let i = kids.length - 1; i >= 0; i--) pending.push(kids[i]!);
  }

  located.sort((a, b) => a.token.start - b.token.start || b.token.end - a.token.end);
  const tokens: MarkupToken[] = [];
  const openAt = new Map<DefaultTreeAdapterTypes.Element, number>();
  let cursor = 0;
  for (const { token, element } of located) {
    // A node overlapping one already placed (parse5 clones that share a location) is covered already.
    if (token.start < cursor) {
      if (token.end > cursor) tokens.push({ kind: 'opaque', start: cursor, end: token.end });
      cursor = Math.max(cursor, token.end);
      continue;
    }
    if (token.start > cursor) tokens.push({ kind: 'opaque', start: cursor, end: token.start });
    if (token.kind === 'tag' && element) {
      if (token.role === 'open') openAt.set(element, tokens.length);
      else if (token.role === 'close') {
        const opener = openAt.get(element);
        if (opener !== undefined) {
          token.pair = opener;
          (tokens[opener] as TagToken).pair = tokens.length;
        }
      }
    }
    tokens.push(token);
    cursor = token.end;
  }
  if (cursor < text.length) tokens.push({ kind: 'opaque', start: cursor, end: text.length });
  // A close whose open was dropped as a duplicate is plain markup to keep, not a tag to pair.
  return tokens.map((t) => (t.kind === 'tag' && t.role === 'close' && t.pair < 0 ? { kind: 'opaque', start: t.start, end: t.end } : t));
}

/** Decodes an HTML text run (named references with or without `;`, as browsers do). */
export function decodeHtmlText(text: string, start: number, end: number): TextPiece[] {
  return decodePieces(text, start, end, REFERENCE, (ref) => decodeHTML(ref));
}

/** Decodes an HTML attribute value (legacy references before `=` or alphanumerics stay literal). */
export function decodeHtmlAttribute(text: string, start: number, end: number): TextPiece[] {
  return decodePieces(text, start, end, REFERENCE, (ref) => decodeHTMLAttribute(ref));
}
