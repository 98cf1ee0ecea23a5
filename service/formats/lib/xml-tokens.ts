/**
 * Streaming XML tokenizer with exact source slices (service process, document workers).
 *
 * Wraps `saxes` (a conforming, non-validating streaming parser) and turns its events into a flat token stream
 * where every token carries the exact source text it came from, so a caller can splice new text into a
 * document and copy every other byte unchanged. Concatenating the `raw` of all tokens gives back the input.
 *
 * Security: a DOCTYPE is refused outright. Office and InDesign parts never carry one, and refusing it means
 * no internal entity can be expanded (billion laughs) and no external entity is ever resolved.
 */
import { SaxesParser } from 'saxes';
import type { SaxesTagPlain } from 'saxes';
import { DocumentFormatError } from '../types.js';

export type XmlToken =
  | { kind: 'open'; name: string; attrs: Record<string, string>; raw: string; selfClosing: boolean }
  | { kind: 'close'; name: string; raw: string }
  /** Character data (CDATA sections included); `text` is decoded, `raw` is the source. */
  | { kind: 'text'; text: string; raw: string }
  /** XML declaration, comment, processing instruction, or anything outside the root element. */
  | { kind: 'other'; raw: string; pi?: boolean };

/** The local part of a qualified name (`w:p` → `p`). */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

export function escapeXmlText(text: string): string {
  // Characters XML 1.0 cannot carry at all are dropped rather than written as an unreadable document.
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export class XmlTokenizer {
  private readonly parser: SaxesParser;
  /** Source text not yet handed out as tokens; `bufStart` is its absolute position. */
  private buf = '';
  private bufStart = 0;
  private pendingText = '';

  constructor(
    private readonly onToken: (token: XmlToken) => void,
    private readonly what: string,
  ) {
    this.parser = new SaxesParser({ xmlns: false, position: true });
    const p = this.parser;
    p.on('error', (err) => {
      // saxes says `line:column: reason`; the user gets the place, the reason goes to the log through `cause`.
      const at = /^(\d+):(\d+):/.exec(err.message);
      throw new DocumentFormatError(
        `${what} is damaged: its XML is not well-formed${at ? ` (line ${at[1]}, column ${at[2]})` : ''}. Open the file in its application, save it again, and upload the new file.`,
        { cause: err },
      );
    });
    p.on('doctype', () => {
      throw new DocumentFormatError(
        `${what} contains a DOCTYPE declaration. Office documents never contain one, so the file was refused for safety (XML entities are never expanded). Re-save the file in its application and try again.`,
      );
    });
    p.on('text', (text) => {
      this.pendingText += text;
    });
    p.on('opentag', (tag) => {
      const t = tag as SaxesTagPlain;
      const raw = this.take();
      this.onToken({ kind: 'open', name: t.name, attrs: t.attributes as Record<string, string>, raw, selfClosing: t.isSelfClosing });
    });
    p.on('closetag', (tag) => {
      // A self-closing tag was handed out whole with its `opentag` event.
      if (tag.isSelfClosing) return;
      this.onToken({ kind: 'close', name: tag.name, raw: this.take() });
    });
    p.on('cdata', (data) => {
      this.onToken({ kind: 'text', text: data, raw: this.take() });
    });
    p.on('comment', () => this.onToken({ kind: 'other', raw: this.take() }));
    p.on('processinginstruction', () => this.onToken({ kind: 'other', raw: this.take(), pi: true }));
    p.on('xmldecl', () => this.onToken({ kind: 'other', raw: this.take() }));
  }

  /**
   * Hands out the source up to the parser's current position: first any character data before the markup
   * (a text token), then returns the markup itself. Character data cannot contain `<`, so the first `<` in
   * the slice is where the markup starts.
   */
  private take(): string {
    const end = this.parser.position - this.bufStart;
    const slice = this.buf.slice(0, end);
    this.buf = this.buf.slice(end);
    this.bufStart += end;
    const lt = slice.indexOf('<');
    if (lt > 0) {
      this.onToken({ kind: 'text', text: this.pendingText, raw: slice.slice(0, lt) });
    }
    this.pendingText = '';
    return lt > 0 ? slice.slice(lt) : slice;
  }

  write(chunk: string): void {
    this.buf += chunk;
    this.parser.write(chunk);
  }

  close(): void {
    this.parser.close();
    if (this.buf.length > 0) this.onToken({ kind: 'other', raw: this.buf });
    this.buf = '';
  }
}
