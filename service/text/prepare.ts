/**
 * Text preparation for `/v2/translate` in the local Translation Service (service process).
 *
 * `prepareText` turns one `text` parameter into marked units for an engine (./markers.ts) and returns a
 * `rebuild` that writes the translated units back into the original: sentence splitting per
 * `split_sentences`, and with `tag_handling` the XML or HTML markup kept byte for byte (translated text is
 * spliced between the original bytes; no DOM is ever re-serialised). Translating with the identity function
 * gives back the input exactly, for every option combination.
 *
 * Tag handling in brief:
 *   - splitting tags (block-level: HTML block elements; XML elements whose parent has no text of its own, when
 *     outline detection is on; plus `splitting_tags`) end a block; their tags stay outside the units;
 *   - other tags are inline: elements with text become span markers (one id per run with the same stack of
 *     open elements), empty or text-less ones become placeholders;
 *   - `ignore_tags` (and in HTML script, style, code, pre, …, `translate="no"`, `class="notranslate"`),
 *     comments, processing instructions, CDATA and the doctype are placeholders, never sent as text;
 *   - HTML attributes alt, title, placeholder, aria-label (and a few like them) are translated as units.
 *
 * tag_handling_version (default v2 whenever tag handling is on, as the spec lets the service choose; the
 * HTTP layer reports the version applied):
 *   - v2: lenient: XML references to undefined entities (`&nbsp;`) are kept verbatim as placeholders instead
 *     of rejected, and characters the source wrote as references come back as the same reference in the
 *     translated text (`caf&eacute;` stays `&eacute;`, `&#160;` stays `&#160;`);
 *   - v1: strict: XML must use only the predefined entities, and translated text is written with minimal
 *     escaping (`&amp;`, `&lt;`, `&gt;`, quotes in attributes); other references come back as characters.
 *   Both keep all markup exactly as written and reject malformed XML with a `TextInputError`.
 */
import { codePoints } from '../../shared/spec/billing.js';
import { planBlock, rebuildUnit, type InlineElement, type Item, type RenderContext, type UnitPlan } from './blocks.js';
import { TextInputError } from './errors.js';
import { decodeHtmlAttribute, decodeHtmlText, tokenizeHtml } from './html-markup.js';
import { literalPieces, type MarkupToken, type TagToken, type TextPiece } from './markup.js';
import { STERM, TRAILING, baseLanguage, trimRange, type SplitMode } from './sentences.js';
import { decodeXmlText, tokenizeXml } from './xml-markup.js';

export { TextInputError } from './errors.js';

export interface TextOptions {
  /** Already defaulted by the caller per the spec (`nonewlines` with tag_handling=html, else `1`). */
  splitSentences: '0' | '1' | 'nonewlines';
  tagHandling?: 'xml' | 'html';
  /** Default `v2` when tag handling is on. */
  tagHandlingVersion?: 'v1' | 'v2';
  /** Default true. */
  outlineDetection?: boolean;
  splittingTags?: string[];
  nonSplittingTags?: string[];
  ignoreTags?: string[];
  preserveFormatting?: boolean;
  /** Base code, for abbreviation lists. */
  sourceLang?: string;
}

export interface PreparedText {
  /** Marked units to translate (see markers.ts), in source order. */
  units: string[];
  /** One translated marked unit per unit → final text. */
  rebuild(translated: string[]): string;
}

/**
 * Billed characters of one `text` parameter: Unicode code points, as the spec bills. With tag handling this
 * is still the whole parameter, markup included: the spec counts "the source text", which is what the client
 * sent, and it keeps the count predictable for a client that checks it before sending.
 */
export function countBillable(text: string): number {
  return codePoints(text);
}

/** HTML elements whose content is never translated. */
const HTML_IGNORED = new Set([
  'script', 'style', 'code', 'pre', 'kbd', 'samp', 'var', 'noscript', 'template', 'svg', 'math', 'textarea', 'iframe',
]);

/** HTML elements that start a new block (outline detection). */
const HTML_BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'caption', 'center', 'col', 'colgroup', 'datalist', 'dd',
  'details', 'dialog', 'dir', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frameset',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup', 'hr', 'html', 'legend', 'li', 'link', 'main',
  'menu', 'meta', 'nav', 'ol', 'optgroup', 'option', 'p', 'section', 'select', 'summary', 'table', 'tbody', 'td',
  'tfoot', 'th', 'thead', 'title', 'tr', 'ul', 'base',
]);

/** Attributes translated on any HTML element (WHATWG translatable attributes). */
const HTML_ATTRIBUTES = new Set(['alt', 'title', 'placeholder', 'aria-label', 'aria-description', 'aria-roledescription']);

const SPLIT_MODES = new Set(['0', '1', 'nonewlines']);

function isTranslatableAttribute(text: string, tag: TagToken, name: string): boolean {
  if (HTML_ATTRIBUTES.has(name)) return true;
  if (name === 'label') return tag.name === 'option' || tag.name === 'optgroup' || tag.name === 'track';
  if (name === 'value' && tag.name === 'input') {
    const type = tag.attrs.find((a) => a.name === 'type');
    return type !== undefined && ['button', 'submit', 'reset'].includes(text.slice(type.start, type.end).trim().toLowerCase());
  }
  return false;
}

function checkOptions(options: TextOptions): void {
  if (!SPLIT_MODES.has(options.splitSentences)) {
    throw new TextInputError(`split_sentences must be "0", "1" or "nonewlines", not "${String(options.splitSentences)}".`);
  }
  if (options.tagHandling !== undefined && options.tagHandling !== 'xml' && options.tagHandling !== 'html') {
    throw new TextInputError(`tag_handling must be "xml" or "html", not "${String(options.tagHandling)}".`);
  }
  if (options.tagHandlingVersion !== undefined && options.tagHandlingVersion !== 'v1' && options.tagHandlingVersion !== 'v2') {
    throw new TextInputError(`tag_handling_version must be "v1" or "v2", not "${String(options.tagHandlingVersion)}".`);
  }
  const splitting = new Set(options.splittingTags ?? []);
  const both = (options.nonSplittingTags ?? []).filter((t) => splitting.has(t));
  if (both.length > 0) {
    throw new TextInputError(
      `The tag${both.length > 1 ? 's' : ''} ${both.map((t) => `"${t}"`).join(', ')} cannot be in both splitting_tags and non_splitting_tags; list each tag in one of them.`,
    );
  }
}

/** Prepares one `text` parameter for translation. Throws `TextInputError` for input the client must fix. */
/** Plain text on one line, with no character the full path treats specially (NUL, markers). */
const ONE_PLAIN_LINE = /^[^\0\n\r\v\f\u0085\u2028\u2029\uE000-\uE003]*$/;

/**
 * The common request — one plain sentence without tag handling — skips block planning and the segmenter,
 * which dominated the cost of short requests. It gives exactly what the full path gives (a property test
 * compares the two); anything unusual in the translation (markers an engine added) takes the full path.
 */
function preparePlainSentence(text: string, options: TextOptions): PreparedText | undefined {
  if (options.tagHandling !== undefined || options.preserveFormatting === true || !ONE_PLAIN_LINE.test(text)) return undefined;
  const core = trimRange(text, 0, text.length);
  if (!core) return undefined;
  const body = text.slice(core.start, core.end);
  if (options.splitSentences !== '0' && STERM.test(body.replace(TRAILING, ''))) return undefined;
  return {
    units: [body],
    rebuild(translated: string[]): string {
      const t = translated[0];
      if (translated.length !== 1 || t === undefined || /[\uE000-\uE003]/.test(t)) {
        return prepareText(text, { ...options, fastPath: false }).rebuild(translated);
      }
      if (t === body) return text;
      return text.slice(0, core.start) + t.trimStart().trimEnd() + text.slice(core.end);
    },
  };
}

export function prepareText(text: string, options: TextOptions & { fastPath?: boolean }): PreparedText {
  checkOptions(options);
  if (options.fastPath !== false) {
    const fast = preparePlainSentence(text, options);
    if (fast) return fast;
  }
  const mode: SplitMode = options.splitSentences;
  const lang = baseLanguage(options.sourceLang);
  const preserveFormatting = options.preserveFormatting === true;
  const plans: UnitPlan[] = [];
  const elements: InlineElement[] = [];
  let escape: RenderContext['escape'] = (t) => t;

  if (options.tagHandling === undefined) {
    const items: Item[] = literalPieces(text, 0, text.length).map(toItem);
    if (items.length > 0) plans.push(...planBlock(items, { mode, lang, context: 'plain' }));
  } else {
    const html = options.tagHandling === 'html';
    const version = options.tagHandlingVersion ?? 'v2';
    const tokens = html ? tokenizeHtml(text) : tokenizeXml(text, version);
    const decode = html ? decodeHtmlText : decodeXmlText;
    const fold = (name: string): string => (html ? name.toLowerCase() : name);
    const ignore = new Set((options.ignoreTags ?? []).map(fold));
    if (html) for (const t of HTML_IGNORED) ignore.add(t);
    const splitting = new Set((options.splittingTags ?? []).map(fold));
    const nonSplitting = new Set((options.nonSplittingTags ?? []).map(fold));
    const outline = options.outlineDetection !== false;
    const reverse = new Map<string, string>();
    const elementIds = new Map<number, number>();

    const pieces = (start: number, end: number, decoder: typeof decode): Item[] =>
      decoder(text, start, end).map((p) => {
        if (version === 'v2' && p.kind === 'entity' && p.end - p.start > 1 && text[p.end - 1] === ';' && [...p.value].length === 1 && !/[\t\n\r ]/.test(p.value)) {
          reverse.set(p.value, text.slice(p.start, p.end));
        }
        return toItem(p);
      });

    // XML outline detection: an element is structure (splits) when its parent holds no text of its own.
    const parentOf = new Array<number>(tokens.length).fill(-1);
    const hasOwnText = new Array<boolean>(tokens.length).fill(false);
    let rootHasText = false;
    const textBefore = new Array<number>(tokens.length + 1).fill(0);
    {
      const stack: number[] = [];
      tokens.forEach((tok, i) => {
        const meaningful = tok.kind === 'text' && /\S/.test(text.slice(tok.start, tok.end));
        textBefore[i + 1] = textBefore[i]! + (meaningful ? 1 : 0);
        if (meaningful) {
          const top = stack[stack.length - 1];
          if (top === undefined) rootHasText = true;
          else hasOwnText[top] = true;
        }
        if (tok.kind !== 'tag') return;
        if (tok.role === 'close') {
          if (tok.pair >= 0 && stack[stack.length - 1] === tok.pair) stack.pop();
          return;
        }
        parentOf[i] = stack[stack.length - 1] ?? -1;
        if (tok.role === 'open' && tok.pair >= 0) stack.push(i);
      });
    }
    const ownSplit = (i: number): boolean => {
      const tok = tokens[i] as TagToken;
      if (nonSplitting.has(tok.name)) return false;
      if (splitting.has(tok.name)) return true;
      if (!outline) return false;
      if (html) return HTML_BLOCKS.has(tok.name);
      const parent = parentOf[i]!;
      return !(parent < 0 ? rootHasText : hasOwnText[parent]);
    };
    // A block never ends inside an inline element, so an element holding a splitting one splits too
    // (unless the client named it in non_splitting_tags; its tags then become fixed placeholders).
    const splits = new Array<boolean>(tokens.length).fill(false);
    tokens.forEach((tok, i) => {
      if (tok.kind !== 'tag' || tok.role === 'close' || !ownSplit(i)) return;
      splits[i] = true;
      for (let p = parentOf[i]!; p >= 0 && !splits[p]; p = parentOf[p]!) {
        if (nonSplitting.has((tokens[p] as TagToken).name)) break;
        splits[p] = true;
      }
    });
    const isSplitting = (i: number): boolean => {
      const tok = tokens[i] as TagToken;
      return splits[tok.role === 'close' ? tok.pair : i] ?? ownSplit(i);
    };
    const isIgnored = (tok: MarkupToken): boolean => tok.kind === 'tag' && tok.role !== 'close' && (ignore.has(tok.name) || tok.noTranslate);
    /** Index of the first token at or after `end` (skipping an ignored or text-less element). */
    const skipTo = (i: number, end: number): number => {
      let j = i + 1;
      while (j < tokens.length && tokens[j]!.start < end) j++;
      return j;
    };

    let block: Item[] = [];
    const flush = (): void => {
      if (block.length > 0) plans.push(...planBlock(block, { mode, lang, context: 'text' }));
      block = [];
    };
    const atom = (start: number, end: number, value = '\uFFFC'): Item => ({ kind: 'atom', start, end, value });

    for (let i = 0; i < tokens.length; i++) {
      const tok = tokens[i]!;
      if (tok.kind === 'text') {
        block.push(...pieces(tok.start, tok.end, decode));
        continue;
      }
      if (tok.kind === 'opaque') {
        block.push(atom(tok.start, tok.end));
        continue;
      }
      if (isIgnored(tok)) {
        const elementEnd = (tok as TagToken).elementEnd;
        const j = skipTo(i, elementEnd);
        const end = Math.max(elementEnd, tokens[j - 1]!.end);
        if (isSplitting(i)) {
          flush();
          block.push(atom(tok.start, end));
          flush();
        } else block.push(atom(tok.start, end));
        i = j - 1;
        continue;
      }
      if (html && tok.role !== 'close') collectAttributes(tok);
      const split = isSplitting(i);
      if (tok.role === 'close') {
        if (split) flush();
        else block.push({ kind: 'close', start: tok.start, end: tok.end, value: '', el: elementOf(tok.pair) });
        continue;
      }
      if (split) {
        flush();
        continue;
      }
      if (tok.role === 'void' || tok.pair < 0) {
        block.push(atom(tok.start, tok.end, html && tok.name === 'br' ? '\n' : '\uFFFC'));
        continue;
      }
      if (textBefore[tok.pair]! - textBefore[i + 1]! === 0) {
        // An inline element without text (`<b> </b>`, `<a><img></a>`) travels as one placeholder.
        const closer = tokens[tok.pair]!;
        for (let k = i + 1; k < tok.pair; k++) {
          const inner = tokens[k]!;
          if (isIgnored(inner)) k = skipTo(k, (inner as TagToken).elementEnd) - 1;
          else if (html && inner.kind === 'tag' && inner.role !== 'close') collectAttributes(inner);
        }
        block.push(atom(tok.start, closer.end));
        i = tok.pair;
        continue;
      }
      block.push({ kind: 'open', start: tok.start, end: tok.end, value: '', el: elementOf(i), joined: !outline || nonSplitting.has(tok.name) });
    }
    flush();

    function elementOf(openIndex: number): number {
      const known = elementIds.get(openIndex);
      if (known !== undefined) return known;
      const opener = tokens[openIndex] as TagToken;
      const closer = tokens[opener.pair] as TagToken;
      elements.push({ openStart: opener.start, openEnd: opener.end, closeStart: closer.start, closeEnd: closer.end });
      elementIds.set(openIndex, elements.length - 1);
      return elements.length - 1;
    }
    function collectAttributes(tag: TagToken): void {
      for (const attr of tag.attrs) {
        if (!isTranslatableAttribute(text, tag, attr.name)) continue;
        const items = pieces(attr.start, attr.end, decodeHtmlAttribute);
        if (items.length > 0) plans.push(...planBlock(items, { mode: '0', lang, context: 'attr', quote: attr.quote }));
      }
    }

    escape = makeEscape(reverse);
  }

  plans.sort((x, y) => x.srcStart - y.srcStart);
  const units = plans.map((p) => p.marked);

  return {
    units,
    rebuild(translated: string[]): string {
      if (!Array.isArray(translated) || translated.length !== plans.length) {
        throw new Error(`rebuild expects ${plans.length} translated units, got ${Array.isArray(translated) ? translated.length : typeof translated}`);
      }
      // Attribute values first: they are substituted wherever the bytes of their tag are written.
      const replacements: Array<{ start: number; end: number; text: string }> = [];
      const attrCtx = renderContext((s, e) => text.slice(s, e));
      plans.forEach((plan, i) => {
        if (plan.context !== 'attr') return;
        let value = rebuildUnit(plan, translated[i]!, attrCtx);
        if (plan.quote === '' && translated[i] !== plan.marked && /[\s"'=<>`]/.test(value)) value = `"${value.replace(/"/g, '&quot;')}"`;
        replacements.push({ start: plan.srcStart, end: plan.srcEnd, text: value });
      });
      const render = (start: number, end: number): string => {
        let lo = 0;
        let hi = replacements.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (replacements[mid]!.start < start) lo = mid + 1;
          else hi = mid;
        }
        let out = '';
        let at = start;
        for (let r = lo; r < replacements.length && replacements[r]!.start < end; r++) {
          out += text.slice(at, replacements[r]!.start) + replacements[r]!.text;
          at = replacements[r]!.end;
        }
        return out + text.slice(at, end);
      };
      const ctx = renderContext(render);
      let out = '';
      let at = 0;
      plans.forEach((plan, i) => {
        if (plan.context === 'attr') return;
        out += render(at, plan.srcStart) + rebuildUnit(plan, translated[i]!, ctx);
        at = plan.srcEnd;
      });
      return out + render(at, text.length);
    },
  };

  function renderContext(render: RenderContext['render']): RenderContext {
    return { render, escape, elements, preserveFormatting };
  }
}

function toItem(p: TextPiece): Item {
  if (p.kind === 'atom') return { kind: 'atom', start: p.start, end: p.end, value: '\uFFFC' };
  return { kind: 'text', start: p.start, end: p.end, value: p.value, literal: p.kind === 'literal' };
}

const NOT_MARKUP_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const BASE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Escaping of translated text for markup: minimal escapes, plus (v2) the source's own reference spellings. */
function makeEscape(reverse: Map<string, string>): RenderContext['escape'] {
  const table = new Map<string, string>(Object.entries(BASE_ESCAPES));
  for (const [ch, ref] of reverse) table.set(ch, ref);
  const chars = [...table.keys()].map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('');
  const textRe = new RegExp(`[${chars}]`, 'gu');
  const attrRe = new RegExp(`[${chars}"']`, 'gu');
  return (raw, plan) => {
    if (plan.context === 'plain') return raw;
    // Characters no XML or HTML document may hold (controls, lone surrogates) can only come from a broken
    // engine; writing them would make the result unreadable, so they are dropped.
    const value = raw.replace(NOT_MARKUP_TEXT, '');
    if (plan.context === 'attr') {
      return value.replace(attrRe, (c) => table.get(c) ?? (c === plan.quote || (plan.quote === '' && c === '"') ? (c === '"' ? '&quot;' : '&#39;') : c));
    }
    return value.replace(textRe, (c) => table.get(c)!);
  };
}
