/**
 * Streaming rewriter for one XML part (service process, document workers).
 *
 * Tokens flow from `XmlTokenizer`; the caller says which elements are translation units (a paragraph, a
 * shared string). Everything outside units is written out as soon as nothing before it waits for a
 * translation; a unit's tokens are held until it closes, turned into marked segments by the caller's
 * `buildUnit`, and translated in batches. Units may nest (a text box inside a paragraph): the inner unit
 * becomes one item of the outer unit's token list. Memory stays bounded by one batch plus one input chunk,
 * whatever the size of the part.
 */
import { codePoints } from '../../../shared/spec/billing.js';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { stripMarkers } from '../../text/markers.js';
import type { TranslateUnits } from '../types.js';
import { DocumentFormatError } from '../types.js';
import { XmlTokenizer } from './xml-tokens.js';
import type { XmlToken } from './xml-tokens.js';

/** Output material: source text, or a unit whose rendering depends on its translation. */
export type Piece = string | PendingUnit;

export interface PendingUnit {
  /** Marked segments to translate (may be empty: then `render` gets an empty array). */
  readonly segments: string[];
  translated?: string[];
  render(translated: string[]): Piece[];
}

export type UnitItem = XmlToken | PendingUnit;

export function isToken(item: UnitItem): item is XmlToken {
  return 'kind' in item;
}

/** A unit that sends nothing and writes its source back unchanged. */
export function rawUnit(items: UnitItem[]): PendingUnit {
  const pieces = items.map((i) => (isToken(i) ? i.raw : i));
  return { segments: [], render: () => pieces };
}

export interface PartRules {
  /** True when this element starts a translation unit. `ancestors` are the open element names, outermost first. */
  isUnit(token: Extract<XmlToken, { kind: 'open' }>, ancestors: readonly string[]): boolean;
  /** Turns a unit's items (its own open and close tags included) into segments and a renderer. */
  buildUnit(items: UnitItem[]): PendingUnit;
  /**
   * Optional: sees every token of the part, in document order, before it is grouped (for rules that
   * depend on context the units do not carry, such as a spreadsheet row being hidden).
   */
  observe?(token: XmlToken, ancestors: readonly string[]): void;
}

export interface RewriteOptions {
  /** Human name of the part for messages (`word/document.xml`). */
  what: string;
  rules: PartRules;
  translate: TranslateUnits;
  batchSize: number;
  /** Receives the rewritten XML; null when only counting characters. */
  write: ((text: string) => Promise<void>) | null;
  signal?: AbortSignal;
}


export { codePoints };

function renderPieces(pieces: Piece[], out: string[]): void {
  for (const p of pieces) {
    if (typeof p === 'string') out.push(p);
    else renderPieces(p.render(p.translated ?? p.segments), out);
  }
}

/** Rewrites one XML part read from `input`; returns the code points sent for translation. */
export async function rewriteXmlPart(input: Readable, opts: RewriteOptions): Promise<number> {
  const { rules, batchSize } = opts;
  const ancestors: string[] = [];
  const frames: { depth: number; items: UnitItem[] }[] = [];
  let queue: Piece[] = [];
  let waiting: PendingUnit[] = [];
  let waitingSegments = 0;
  let characters = 0;

  // Units that can be written without waiting for any translation (nothing to send, inside or nested).
  const ready = new WeakSet<PendingUnit>();

  const finishUnit = (items: UnitItem[]): void => {
    const unit = rules.buildUnit(items);
    if (unit.segments.length > 0) {
      waiting.push(unit);
      waitingSegments += unit.segments.length;
    } else if (items.every((i) => isToken(i) || ready.has(i))) {
      ready.add(unit);
    }
    const parent = frames[frames.length - 1];
    if (parent) parent.items.push(unit);
    else queue.push(unit);
  };

  const onToken = (tok: XmlToken): void => {
    rules.observe?.(tok, ancestors);
    if (tok.kind === 'open') {
      if (rules.isUnit(tok, ancestors)) {
        if (tok.selfClosing) {
          finishUnit([tok]);
          return;
        }
        ancestors.push(tok.name);
        frames.push({ depth: ancestors.length, items: [tok] });
        return;
      }
      if (!tok.selfClosing) ancestors.push(tok.name);
    } else if (tok.kind === 'close') {
      const top = frames[frames.length - 1];
      const depth = ancestors.length;
      ancestors.pop();
      if (top && top.depth === depth) {
        frames.pop();
        top.items.push(tok);
        finishUnit(top.items);
        return;
      }
    }
    const top = frames[frames.length - 1];
    if (top) top.items.push(tok);
    else queue.push(tok.raw);
  };

  const translateWaiting = async (): Promise<void> => {
    // Segments of all waiting units, translated `batchSize` at a time, then handed back unit by unit.
    const all: string[] = [];
    for (const u of waiting) all.push(...u.segments);
    const done: string[] = [];
    for (let i = 0; i < all.length; i += batchSize) {
      opts.signal?.throwIfAborted();
      const batch = all.slice(i, i + batchSize);
      for (const s of batch) characters += codePoints(stripMarkers(s));
      const out = await opts.translate(batch);
      if (out.length !== batch.length) throw new Error(`translator returned ${out.length} texts for ${batch.length}`);
      done.push(...out);
    }
    let at = 0;
    for (const u of waiting) {
      u.translated = done.slice(at, at + u.segments.length);
      at += u.segments.length;
    }
    waiting = [];
    waitingSegments = 0;
  };

  const flush = async (force: boolean): Promise<void> => {
    if (!force && waitingSegments < batchSize) {
      // Not enough to translate yet: what waits for no translation can still go out now.
      let n = 0;
      while (n < queue.length && (typeof queue[n] === 'string' || ready.has(queue[n] as PendingUnit))) n++;
      if (n > 0) {
        const head = queue.slice(0, n);
        queue = queue.slice(n);
        if (opts.write) {
          const out: string[] = [];
          renderPieces(head, out);
          await opts.write(out.join(''));
        }
      }
      return;
    }
    if (waiting.length > 0) await translateWaiting();
    if (opts.write) {
      const out: string[] = [];
      renderPieces(queue, out);
      await opts.write(out.join(''));
    }
    queue = [];
  };

  const tokenizer = new XmlTokenizer(onToken, opts.what);
  const decoder = new StringDecoder('utf8');
  let first = true;
  for await (const chunk of input) {
    opts.signal?.throwIfAborted();
    const buf = chunk as Buffer;
    if (first) {
      first = false;
      if ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff)) {
        throw new DocumentFormatError(`${opts.what} is stored as UTF-16, which is not supported; re-save the file in its application.`);
      }
    }
    tokenizer.write(decoder.write(buf));
    await flush(false);
  }
  const rest = decoder.end();
  if (rest) tokenizer.write(rest);
  tokenizer.close();
  await flush(true);
  return characters;
}
