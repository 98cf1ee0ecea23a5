/**
 * A splice-friendly XML reader for the XML, DITA and XLIFF handlers (service process).
 *
 * saxes checks that the document is well formed (and refuses undefined entities), but it reports where a token
 * ends, not where it starts, which is what in-place editing needs. So after saxes has accepted the text, this
 * module lexes it once more by hand into a light tree whose every node carries exact string offsets; handlers
 * then splice replacements into the original string and every other byte stays as it was.
 *
 * Safety: a DOCTYPE with an internal subset that declares entities (billion-laughs bombs, external entities /
 * XXE) is refused before any parsing; an external DTD reference is never fetched (nothing here does I/O).
 */
import { SaxesParser } from 'saxes';
import { DocumentFormatError } from '../types.js';
import { MarkedUnitBuilder } from './inline.js';

export interface XmlAttr {
  name: string;
  value: string;
  /** Offsets of the whole `name="value"`. */
  start: number;
  end: number;
  /** Offsets of the raw value between the quotes. */
  valueStart: number;
  valueEnd: number;
}

export interface XmlText {
  type: 'text';
  start: number;
  end: number;
  /** Decoded text (entities and character references resolved; CDATA content as is). */
  value: string;
  cdata: boolean;
}

export interface XmlOther {
  type: 'other';
  start: number;
  end: number;
}

export interface XmlElement {
  type: 'element';
  name: string;
  /** Name without namespace prefix. */
  local: string;
  attrs: XmlAttr[];
  start: number;
  /** End offset of the start tag (after `>`). */
  startTagEnd: number;
  /** Start offset of the end tag (equal to startTagEnd for `<x/>`). */
  endTagStart: number;
  end: number;
  selfClosing: boolean;
  children: XmlNode[];
  parent?: XmlElement;
}

export type XmlNode = XmlElement | XmlText | XmlOther;

export interface XmlDocument {
  root: XmlElement;
  text: string;
}

/** Cap on nesting depth: deeper documents are pathological (and would make recursive walkers overflow). */
const MAX_DEPTH = 1000;

export function attr(el: XmlElement, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

/** Refuses DOCTYPEs that declare entities (XML bombs, external entities). */
export function checkDoctype(text: string, what: string): void {
  const doctype = /<!DOCTYPE\b/i.exec(text);
  if (!doctype) return;
  const rest = text.slice(doctype.index, doctype.index + 1_000_000);
  if (/<!ENTITY\b/i.test(rest.split(/\]\s*>/)[0] ?? '')) {
    throw new DocumentFormatError(
      `The ${what} file declares entities in its DOCTYPE. For safety the local engine does not expand entity ` +
        'declarations (they can be used for XML bombs or to read local files). Replace the entities by their text, ' +
        'remove the <!ENTITY> declarations and upload the file again.',
    );
  }
}

/** Checks well-formedness with saxes and returns the tree with offsets. */
export function parseXml(text: string, what: string): XmlDocument {
  checkDoctype(text, what);
  const parser = new SaxesParser({ xmlns: false, position: true });
  let failure: Error | undefined;
  parser.on('error', (err) => {
    failure ??= err;
  });
  try {
    parser.write(text).close();
  } catch (err) {
    failure ??= err as Error;
  }
  if (failure) {
    throw new DocumentFormatError(
      `The ${what} file is not well-formed XML (${failure.message.replace(/^undefined:/, 'line ')}). ` +
        'Fix it in an XML editor (named entities such as &nbsp; must be written as characters) and upload it again.',
    );
  }
  return { root: lex(text, what), text };
}

const NAME_RE = /[^\s/>=]+/y;
const ATTR_RE = /\s*([^\s/>=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;

function lex(text: string, what: string): XmlElement {
  const docRoot: XmlElement = {
    type: 'element',
    name: '#document',
    local: '#document',
    attrs: [],
    start: 0,
    startTagEnd: 0,
    endTagStart: text.length,
    end: text.length,
    selfClosing: false,
    children: [],
  };
  const stack: XmlElement[] = [docRoot];
  let pos = 0;
  const top = (): XmlElement => stack[stack.length - 1]!;
  const skipTo = (needle: string, from: number): number => {
    const at = text.indexOf(needle, from);
    if (at < 0) throw new DocumentFormatError(`The ${what} file ends in the middle of markup.`);
    return at + needle.length;
  };
  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    const textEnd = lt < 0 ? text.length : lt;
    if (textEnd > pos) {
      top().children.push({
        type: 'text',
        start: pos,
        end: textEnd,
        value: decodeEntities(text.slice(pos, textEnd)),
        cdata: false,
      });
    }
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) {
      pos = skipTo('-->', lt + 4);
      top().children.push({ type: 'other', start: lt, end: pos });
    } else if (text.startsWith('<![CDATA[', lt)) {
      pos = skipTo(']]>', lt + 9);
      top().children.push({
        type: 'text',
        start: lt,
        end: pos,
        value: text.slice(lt + 9, pos - 3),
        cdata: true,
      });
    } else if (text.startsWith('<?', lt)) {
      pos = skipTo('?>', lt + 2);
      top().children.push({ type: 'other', start: lt, end: pos });
    } else if (text.startsWith('<!', lt)) {
      // DOCTYPE, possibly with an internal subset in brackets.
      const bracket = text.indexOf('[', lt);
      const close = text.indexOf('>', lt);
      pos = bracket >= 0 && bracket < close ? skipTo('>', skipTo(']', bracket)) : skipTo('>', lt);
      top().children.push({ type: 'other', start: lt, end: pos });
    } else if (text[lt + 1] === '/') {
      pos = skipTo('>', lt);
      const el = stack.pop()!;
      el.endTagStart = lt;
      el.end = pos;
    } else {
      NAME_RE.lastIndex = lt + 1;
      const name = NAME_RE.exec(text)![0];
      let at = lt + 1 + name.length;
      const attrs: XmlAttr[] = [];
      for (;;) {
        ATTR_RE.lastIndex = at;
        const m = ATTR_RE.exec(text);
        if (!m) break;
        const valueRaw = m[2] ?? m[3] ?? '';
        const end = ATTR_RE.lastIndex;
        const nameStart = text.indexOf(m[1]!, at);
        attrs.push({
          name: m[1]!,
          value: decodeEntities(valueRaw),
          start: nameStart,
          end,
          valueStart: end - 1 - valueRaw.length,
          valueEnd: end - 1,
        });
        at = end;
      }
      pos = skipTo('>', at);
      const selfClosing = text[pos - 2] === '/';
      const el: XmlElement = {
        type: 'element',
        name,
        local: name.includes(':') ? name.slice(name.indexOf(':') + 1) : name,
        attrs,
        start: lt,
        startTagEnd: pos,
        endTagStart: pos,
        end: pos,
        selfClosing,
        children: [],
        parent: top(),
      };
      top().children.push(el);
      if (!selfClosing) {
        stack.push(el);
        if (stack.length > MAX_DEPTH) {
          throw new DocumentFormatError(
            `The ${what} file nests elements more than ${MAX_DEPTH} levels deep; the local engine refuses such files.`,
          );
        }
      }
    }
  }
  const root = docRoot.children.find((n): n is XmlElement => n.type === 'element');
  if (!root) throw new DocumentFormatError(`The ${what} file has no root element.`);
  return docRoot;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][\w.-]*);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return NAMED[ref] ?? whole;
  });
}

export function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeXmlAttr(text: string, quote: '"' | "'" = '"'): string {
  const escaped = escapeXmlText(text);
  return quote === '"' ? escaped.replace(/"/g, '&quot;') : escaped.replace(/'/g, '&apos;');
}

/** Edits to the original text, applied from the end so offsets stay valid. Edits must not overlap. */
export interface Splice {
  start: number;
  end: number;
  text: string;
}

export function applySplices(text: string, splices: Splice[]): string {
  const sorted = splices.slice().sort((a, b) => a.start - b.start || a.end - b.end);
  const out: string[] = [];
  let at = 0;
  for (const s of sorted) {
    if (s.start < at) throw new Error(`overlapping edits at ${s.start}`);
    out.push(text.slice(at, s.start), s.text);
    at = s.end;
  }
  out.push(text.slice(at));
  return out.join('');
}

/** Splice that sets an attribute on a start tag: replaces its value, or inserts it before `>` / `/>`. */
export function setAttribute(text: string, el: XmlElement, name: string, value: string): Splice {
  const existing = el.attrs.find((a) => a.name === name);
  if (existing) {
    const quote = text[existing.valueStart - 1] === "'" ? "'" : '"';
    return { start: existing.valueStart, end: existing.valueEnd, text: escapeXmlAttr(value, quote) };
  }
  // Keep `<x/>` tidy: the new attribute goes right after the last attribute (or the name).
  const after = el.attrs.length > 0 ? el.attrs[el.attrs.length - 1]!.end : el.start + 1 + el.name.length;
  return { start: after, end: after, text: ` ${name}="${escapeXmlAttr(value)}"` };
}

/** Text content of an element, decoded. */
export function textContent(el: XmlElement): string {
  let out = '';
  for (const child of el.children) {
    if (child.type === 'text') out += child.value;
    else if (child.type === 'element') out += textContent(child);
  }
  return out;
}

/**
 * Builds the marked unit of an element's content. `atomic(child)` says which child elements are kept whole
 * (placeholders); other children become spans (or placeholders when they hold no letters). Comments and
 * processing instructions inside the content are placeholders.
 */
export function buildInlineUnit(
  text: string,
  el: XmlElement,
  atomic: (child: XmlElement) => boolean,
  builder: MarkedUnitBuilder = new MarkedUnitBuilder(),
): MarkedUnitBuilder {
  for (const child of el.children) {
    if (child.type === 'text') builder.text(child.value);
    else if (child.type === 'other') builder.atom(text.slice(child.start, child.end));
    else if (child.selfClosing || atomic(child) || !/\p{L}/u.test(textContent(child))) {
      builder.atom(text.slice(child.start, child.end));
    } else {
      builder.open({
        open: text.slice(child.start, child.startTagEnd),
        close: text.slice(child.endTagStart, child.end),
      });
      buildInlineUnit(text, child, atomic, builder);
      builder.close();
    }
  }
  return builder;
}

/** Text that only separates the items of a row: spaces, punctuation, symbols (` · `, ` | `, `, `). */
const SEPARATOR_TEXT = /^[\s\p{P}\p{S}]*$/u;

/**
 * The items of a row of inline elements — links of a navigation bar, a breadcrumb, `xref`s of a related-links
 * line — when `el` holds two or more elements with words and nothing but separators between them: each is
 * translated as its own unit and the separators are kept, so an engine cannot merge and reorder them as one
 * sentence (issue 22 point 2, the HTML handler's rule). Undefined for any other block.
 */
export function elementRunItems(el: XmlElement, skip: (el: XmlElement) => boolean): XmlElement[] | undefined {
  const items: XmlElement[] = [];
  for (const c of el.children) {
    if (c.type === 'text') {
      if (!SEPARATOR_TEXT.test(c.value)) return undefined;
    } else if (c.type === 'element' && !c.selfClosing && !skip(c) && /\p{L}/u.test(textContent(c))) items.push(c);
  }
  return items.length >= 2 ? items : undefined;
}

/** The units of a block element (one, or one per item of a row of links) and how its content is written back. */
export interface BlockUnits {
  builders: MarkedUnitBuilder[];
  /** The block's new content from each builder's rendered translation. */
  inner(rendered: readonly string[]): string;
}

/** `buildInlineUnit` for a block, cutting a row of inline elements (`elementRunItems`) into one unit per item. */
export function blockUnits(text: string, el: XmlElement, atomic: (child: XmlElement) => boolean): BlockUnits {
  const items = elementRunItems(el, atomic);
  if (!items) {
    const builder = buildInlineUnit(text, el, atomic);
    return { builders: [builder], inner: (rendered) => rendered[0]! };
  }
  return {
    builders: items.map((item) => buildInlineUnit(text, item, atomic)),
    inner: (rendered) =>
      applySplices(
        text.slice(0, el.endTagStart),
        items.map((item, i) => ({ start: item.startTagEnd, end: item.endTagStart, text: rendered[i]! })),
      ).slice(el.startTagEnd),
  };
}

/** Element children of an element. */
export function elements(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => c.type === 'element');
}

/**
 * The output is written in UTF-8 (or the UTF-16 or UTF-32 it came in), so an XML declaration that names another encoding
 * (only possible for ASCII-only input, anything else fails UTF-8 decoding) is corrected to UTF-8.
 */
export function encodingDeclSplice(text: string): Splice | undefined {
  const m = /^(\uFEFF?<\?xml\b[^?]*?\bencoding\s*=\s*["'])([^"']+)["']/.exec(text);
  if (!m || /^utf-?(8|16|32)/i.test(m[2]!)) return undefined;
  return { start: m[1]!.length, end: m[1]!.length + m[2]!.length, text: 'UTF-8' };
}
