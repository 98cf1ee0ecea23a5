/**
 * XML reader of the text layer (service process): checks that the text is well-formed XML with saxes, then
 * cuts it into markup tokens with exact offsets.
 *
 * saxes reports errors with line and column but its events carry no start offsets, which splicing needs, so
 * the token cutting is a small hand-written scanner over input that saxes has already accepted (it never has
 * to recover from errors).
 *
 * Version differences (tag_handling_version): v1 accepts only the five predefined entities and character
 * references, and rejects any other `&name;` as XML does; v2 is lenient with undefined entity references
 * (`&nbsp;` in XML copied from HTML): they are kept verbatim as untranslatable atoms. Every other
 * well-formedness error is rejected in both versions.
 */
import { SaxesParser } from 'saxes';
import { TextInputError } from './errors.js';
import { decodePieces, type AttrValue, type MarkupToken, type TagToken, type TextPiece } from './markup.js';

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(?:#[0-9]+|#x[0-9a-fA-F]+|[^\s&;<>"']+);/g;

const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\][^>]*)?>|<\/([^\s>]+)\s*>|<([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|[^<]+/y;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const BARE_AMPERSAND = /&(?!(?:#[0-9]+|#x[0-9a-fA-F]+|[A-Za-z_:][\w.:\u00B7-\uFFFF-]*);)/;

function lineColumn(text: string, at: number): string {
  const before = text.slice(0, at);
  const line = before.split(/\r\n|\r|\n/).length;
  return `line ${line}, column ${at - Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) }`;
}

function excerpt(text: string, at: number): string {
  const from = Math.max(0, at - 20);
  const shown = text.slice(from, at + 20).replace(/\s+/g, ' ');
  return `${from > 0 ? '…' : ''}${shown}${at + 20 < text.length ? '…' : ''}`;
}

function referenceValue(ref: string): string | null {
  const body = ref.slice(1, -1);
  if (body.startsWith('#x')) return String.fromCodePoint(parseInt(body.slice(2), 16));
  if (body.startsWith('#')) return String.fromCodePoint(parseInt(body.slice(1), 10));
  return PREDEFINED[body] ?? null;
}

/** Throws a TextInputError naming the first well-formedness error and where it is. */
function validate(text: string, version: 'v1' | 'v2'): void {
  const isDocument = text.startsWith('<?xml') || /^(?:\s|<!--[\s\S]*?-->|<\?(?!xml)[\s\S]*?\?>)*<!DOCTYPE/.test(text);
  const parser = new SaxesParser({ fragment: !isDocument, position: true });
  if (version === 'v2') {
    for (const m of text.matchAll(REFERENCE)) {
      const name = m[0].slice(1, -1);
      if (!name.startsWith('#') && !(name in PREDEFINED)) parser.ENTITIES[name] = '';
    }
  }
  let failure: { message: string; line: number; column: number; position: number } | undefined;
  parser.on('error', (err) => {
    failure ??= {
      message: err.message.replace(/^\d+:\d+: /, ''),
      line: parser.line,
      column: parser.column,
      position: parser.position,
    };
  });
  parser.write(text).close();
  if (failure) {
    const where = `line ${failure.line}, column ${failure.column + 1}`;
    const near = excerpt(text, Math.min(failure.position, text.length));
    const reason = /[.!?]$/.test(failure.message) ? failure.message : `${failure.message}.`;
    // saxes reports a bare "&" as a confusing "unexpected end" or entity-name error; name the likely cause.
    const bare = BARE_AMPERSAND.exec(text);
    const hint = bare ? ` A literal "&" must be written as "&amp;" (the first bare one is at ${lineColumn(text, bare.index)}).` : '';
    throw new TextInputError(
      `The text is not well-formed XML at ${where} (near "${near}"): ${reason}${hint} ` +
        'Fix the markup, or send the text without tag_handling=xml.',
    );
  }
}

function attributes(text: string, start: number, raw: string): AttrValue[] {
  const out: AttrValue[] = [];
  for (const m of raw.matchAll(ATTRIBUTE)) {
    const quoted = m[2] ?? m[3] ?? '';
    const valueEnd = start + m.index + m[0].length - 1;
    out.push({ name: m[1]!, start: valueEnd - quoted.length, end: valueEnd, quote: m[2] !== undefined ? '"' : "'" });
  }
  return out;
}

/** Validates `text` as XML and returns its tokens. */
export function tokenizeXml(text: string, version: 'v1' | 'v2'): MarkupToken[] {
  validate(text, version);
  const tokens: MarkupToken[] = [];
  const open: number[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) {
      // Unreachable for input saxes accepted; still answer with a clear message rather than loop or crash.
      throw new TextInputError(`The XML markup near "${excerpt(text, start)}" could not be read. Fix the markup, or send the text without tag_handling=xml.`);
    }
    const end = start + m[0].length;
    if (m[1] !== undefined) {
      const openIndex = open.pop() ?? -1;
      const tag: TagToken = { kind: 'tag', role: 'close', start, end, name: m[1], pair: openIndex, attrs: [], elementEnd: end, noTranslate: false };
      if (openIndex >= 0) {
        const opener = tokens[openIndex] as TagToken;
        opener.pair = tokens.length;
        opener.elementEnd = end;
      }
      tokens.push(tag);
    } else if (m[2] !== undefined) {
      const attrsRaw = m[3] ?? '';
      const attrs = attributes(text, start + 1 + m[2].length, attrsRaw);
      const role = m[4] === '/' ? 'void' : 'open';
      if (role === 'open') open.push(tokens.length);
      tokens.push({ kind: 'tag', role, start, end, name: m[2], pair: -1, attrs, elementEnd: end, noTranslate: false });
    } else if (m[0].startsWith('<')) {
      tokens.push({ kind: 'opaque', start, end });
    } else {
      tokens.push({ kind: 'text', start, end });
    }
  }
  return tokens;
}

/** Decodes an XML text run; undefined entity references (accepted only by v2) become atoms. */
export function decodeXmlText(text: string, start: number, end: number): TextPiece[] {
  return decodePieces(text, start, end, REFERENCE, referenceValue);
}

/** Reference spelling for characters that must be escaped in XML text and attribute values. */
export const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
