/**
 * HTML documents (service process, document worker). parse5 with source locations finds the text; the
 * translations are spliced into the original string, so the doctype, comments, scripts, styles, quoting and
 * whitespace of everything untranslated stay byte identical.
 *
 * Units: a run of text and phrasing elements inside a block (`<p>Press <b>Save</b> now.</p>`) is one unit
 * with the inline tags as spans; `br`, `img`, embedded media, code-like elements and elements without letters
 * are placeholders. Skipped whole: script, style, code, kbd, samp, var, noscript, template, svg, math,
 * textarea, `<pre>` that holds code (see `isCodeBlock`) and anything under `translate="no"` or
 * `class="notranslate"`. A `<pre>` of prose is translated paragraph by paragraph (blank lines apart), its line
 * breaks and indentation kept as in plain text. Attributes translated: alt, title,
 * placeholder, aria-label, aria-description, aria-roledescription, label (option, optgroup, track), value of
 * button-like inputs, content of description/keywords/og:/twitter: meta tags. `<html lang>` is set to the
 * target. Where the parser rebuilt the tree (misnested tags, foster-parented table text) and the source order no
 * longer matches, that run is left untranslated rather than risk corrupting the file.
 */
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes as T } from 'parse5';
import { cleanUserText } from '../../text/markers.js';
import type { StringFormat, UnitTranslator } from './common.js';
import { bcp47, headText, lineEnding } from './common.js';
import { MarkedUnitBuilder } from './inline.js';
import type { Splice } from './xml-tree.js';

const SKIP = new Set([
  'script',
  'style',
  'code',
  'kbd',
  'samp',
  'var',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
]);
const PHRASING = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'label',
  'mark',
  'q',
  'ruby',
  'rt',
  'rp',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'acronym',
  'nobr',
  'output',
  'button',
  'br',
  'wbr',
  'img',
  'input',
  'code',
  'kbd',
  'samp',
  'var',
  'svg',
  'math',
  'script',
  'noscript',
  'iframe',
  'embed',
  'object',
  'video',
  'audio',
  'canvas',
  'picture',
  'meter',
  'progress',
  'select',
  'textarea',
  'map',
  'area',
  'slot',
]);
/** Phrasing elements that are always kept whole (placeholders) inside a run. */
const ATOMIC = new Set([
  'br',
  'wbr',
  'img',
  'input',
  'iframe',
  'embed',
  'object',
  'video',
  'audio',
  'canvas',
  'picture',
  'meter',
  'progress',
  'select',
  'map',
  'area',
]);
const BUTTON_INPUTS = new Set(['button', 'submit', 'reset']);
const META_NAMES = /^(description|keywords|og:(title|description|site_name)|twitter:(title|description))$/i;

type Node = T.ChildNode;
type El = T.Element;

function isElement(node: T.Node): node is El {
  return 'tagName' in node;
}

function getAttr(el: El, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

function isSkipped(el: El): boolean {
  if (SKIP.has(el.tagName)) return true;
  if (el.tagName === 'pre' && isCodeBlock(el)) return true;
  if (getAttr(el, 'translate')?.toLowerCase() === 'no') return true;
  return (getAttr(el, 'class') ?? '').split(/\s+/).includes('notranslate');
}

const codeBlocks = new WeakMap<El, boolean>();
const CODE_CLASS = /\b(code|highlight|language-|lang-|brush|prettyprint|source|console|terminal|shell|listing)/i;
/** Lines that read as program text: statement ends, blocks, keywords, operators, shell prompts. */
const CODE_LINE =
  /[;{}]\s*$|^\s*(#include|#!|import\s|from\s+\S+\s+import|def\s|class\s+\w+\s*[:({]|function\s|return\b|(var|let|const)\s+\w+\s*=|public\s|private\s|(if|for|while)\s*\(|(elif|else:|try:|except|echo|sudo|npm|pip|git|cd)\s|print\(|\w+(\.\w+)*\s*[-+*/]?=\s*\S|\$\s|>>>\s)|=>|[=!]==?|&&|\|\||::/;

/**
 * A `<pre>` is translated when it holds prose (plain-text documents, e-mails, laws and reports published as
 * preformatted text), and kept when it is code: it contains `code`/`kbd`/`samp`, a class names a code style
 * (`language-js`, `highlight`, `sourceCode`), or a quarter of its lines read as program text.
 */
function isCodeBlock(pre: El): boolean {
  const known = codeBlocks.get(pre);
  if (known !== undefined) return known;
  let code = CODE_CLASS.test(`${getAttr(pre, 'class') ?? ''} ${getAttr(pre, 'data-lang') ?? ''}`);
  const lines: string[] = [];
  const visit = (n: Node): void => {
    if (n.nodeName === '#text') lines.push(...(n as T.TextNode).value.split('\n'));
    else if (isElement(n)) {
      if (n.tagName === 'code' || n.tagName === 'kbd' || n.tagName === 'samp') code = true;
      n.childNodes.forEach(visit);
    }
  };
  pre.childNodes.forEach(visit);
  if (!code) {
    const filled = lines.filter((l) => l.trim() !== '');
    code = filled.length > 0 && filled.filter((l) => CODE_LINE.test(l)).length >= filled.length / 4;
  }
  codeBlocks.set(pre, code);
  return code;
}

function isPhrasingTree(el: El): boolean {
  if (!PHRASING.has(el.tagName)) return false;
  return el.childNodes.every((c) => !isElement(c) || isPhrasingTree(c));
}

function hasLetters(node: Node): boolean {
  if (node.nodeName === '#text') return /\p{L}/u.test((node as T.TextNode).value);
  if (!isElement(node) || isSkipped(node) || ATOMIC.has(node.tagName)) return false;
  return node.childNodes.some(hasLetters);
}

/** Attributes worth translating on this element. */
function translatableAttrs(el: El): string[] {
  const names = ['alt', 'title', 'placeholder', 'aria-label', 'aria-description', 'aria-roledescription'];
  if (el.tagName === 'option' || el.tagName === 'optgroup' || el.tagName === 'track') names.push('label');
  if (el.tagName === 'input' && BUTTON_INPUTS.has((getAttr(el, 'type') ?? '').toLowerCase()))
    names.push('value');
  if (el.tagName === 'meta' && META_NAMES.test(getAttr(el, 'name') ?? getAttr(el, 'property') ?? ''))
    names.push('content');
  return names.filter((n) => (getAttr(el, n) ?? '') !== '');
}

function escapeText(text: string, eol: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;')
    .replace(/\r?\n/g, eol);
}

interface AttrEdit extends Splice {
  unit: string;
}

async function transform(source: string, translate: UnitTranslator, targetLang: string): Promise<string> {
  const eol = lineEnding(source);
  const doc = parse(source, { sourceCodeLocationInfo: true });
  const attrEdits: AttrEdit[] = [];
  const runs: Node[][] = [];
  const preParagraphs: BuiltUnit[] = [];
  let htmlEl: El | undefined;

  const addAttrs = (el: El): void => {
    const loc = el.sourceCodeLocation;
    if (!loc?.attrs) return;
    for (const name of translatableAttrs(el)) {
      const at = loc.attrs[name];
      if (!at) continue;
      const raw = source.slice(at.startOffset, at.endOffset);
      const m = /^[^=]*=\s*(["']?)/.exec(raw);
      if (!m) continue;
      const quote = m[1] ?? '';
      const start = at.startOffset + m[0].length;
      const end = quote ? at.endOffset - 1 : at.endOffset;
      attrEdits.push({ start, end, text: quote, unit: cleanUserText(getAttr(el, name)!) });
    }
  };

  const walk = (parent: T.ParentNode): void => {
    let run: Node[] = [];
    const flush = (): void => {
      if (run.some(hasLetters)) runs.push(trimEdges(run));
      run = [];
    };
    for (const node of parent.childNodes) {
      if (isElement(node)) {
        if (node.tagName === 'html') htmlEl = node;
        if (isPhrasingTree(node)) {
          run.push(node);
          if (!isSkipped(node)) visitAttrs(node);
          continue;
        }
        flush();
        if (isSkipped(node)) continue;
        addAttrs(node);
        if (node.tagName === 'pre' && node.childNodes.every((c) => c.nodeName === '#text')) {
          for (const c of node.childNodes) preParagraphs.push(...paragraphsOf(c as T.TextNode, source));
        } else walk(node);
      } else if (node.nodeName === '#text') {
        run.push(node);
      } else if (node.nodeName === '#comment' && run.length > 0) {
        run.push(node);
      } else {
        flush();
      }
    }
    flush();
  };
  const visitAttrs = (el: El): void => {
    addAttrs(el);
    for (const c of el.childNodes) if (isElement(c) && !isSkipped(c)) visitAttrs(c);
  };
  walk(doc);

  const attrTranslations = await translate(attrEdits.map((e) => e.unit));
  attrEdits.forEach((e, i) => {
    const quote = e.text;
    const value = attrTranslations[i]!.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    e.text = quote ? value : `"${value}"`;
  });
  attrEdits.sort((a, b) => a.start - b.start);

  /** The original source of a range with the attribute translations that fall inside it applied. */
  const renderSlice = (start: number, end: number): string => {
    let out = '';
    let at = start;
    for (const e of attrEdits) {
      if (e.start < start || e.end > end) continue;
      out += source.slice(at, e.start) + e.text;
      at = e.end;
    }
    return out + source.slice(at, end);
  };

  const built: BuiltUnit[] = [];
  for (const run of runs) {
    for (const part of elementRunParts(run)) {
      const unit = buildRun(part, renderSlice);
      if (unit) built.push(unit);
    }
  }
  built.push(...preParagraphs);
  const translated = await translate(built.map((b) => b.builder.marked()));

  const splices: Splice[] = built.map((b, i) => ({
    start: b.start,
    end: b.end,
    text: b.builder.render(translated[i]!, (t) => escapeText(t, eol)),
  }));
  for (const e of attrEdits) {
    if (!built.some((b) => e.start >= b.start && e.end <= b.end)) splices.push(e);
  }
  splices.push(...charsetSplices(doc, source));
  const htmlLoc = htmlEl?.sourceCodeLocation;
  if (htmlEl && htmlLoc?.startTag) {
    const lang = htmlLoc.attrs?.['lang'];
    const tag = bcp47(targetLang);
    if (lang) splices.push({ start: lang.startOffset, end: lang.endOffset, text: `lang="${tag}"` });
    else {
      const at = htmlLoc.startTag.startOffset + '<html'.length;
      splices.push({ start: at, end: at, text: ` lang="${tag}"` });
    }
  }
  return applySafe(source, splices);
}

/**
 * The output is UTF-8, so a `<meta charset>` or `http-equiv` content type naming another charset (possible only
 * for ASCII-only input, anything else fails UTF-8 decoding) is corrected to utf-8.
 */
function charsetSplices(doc: T.Document, source: string): Splice[] {
  const splices: Splice[] = [];
  const visit = (node: T.ParentNode): void => {
    for (const c of node.childNodes) {
      if (!isElement(c)) continue;
      const loc = c.sourceCodeLocation?.attrs;
      if (c.tagName === 'meta' && loc) {
        for (const name of ['charset', 'content']) {
          const at = loc[name];
          const value = getAttr(c, name) ?? '';
          if (
            !at ||
            (name === 'charset' ? /^utf-?8$/i : /^(?!.*charset=)|charset=utf-?8/i).test(value.trim())
          )
            continue;
          const raw = source.slice(at.startOffset, at.endOffset);
          const fixed =
            name === 'charset'
              ? raw.replace(/=\s*(["']?)[^"'\s>]*/, '=$1utf-8')
              : raw.replace(/charset=[\w-]+/i, 'charset=utf-8');
          splices.push({ start: at.startOffset, end: at.endOffset, text: fixed });
        }
      }
      visit(c);
    }
  };
  visit(doc);
  return splices;
}

/** Applies non-overlapping splices; an edit overlapping an earlier one (parser-rebuilt trees) is dropped. */
function applySafe(source: string, splices: Splice[]): string {
  const sorted = splices.slice().sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const s of sorted) {
    if (s.start < at) continue;
    out += source.slice(at, s.start) + s.text;
    at = s.end;
  }
  return out + source.slice(at);
}

/** True when a node shows any text (digits and marks count: "1.1" before a heading stays in its unit). */
function hasText(node: Node): boolean {
  if (node.nodeName === '#text') return (node as T.TextNode).value.trim() !== '';
  return isElement(node) && node.childNodes.some(hasText);
}

/**
 * Leaves the elements without text (icons, empty anchors, line breaks, images), comments and blank text at the edges
 * of a run outside its unit: they stay where they are instead of travelling through the engine. It also keeps
 * translated text from landing after an element the source never closes (`<a … />` is an open tag in HTML): text
 * spliced there would become that element's content, and the parser would rebuild the element around it.
 */
function trimEdges(run: Node[]): Node[] {
  const inert = (n: Node): boolean =>
    n.nodeName === '#comment' ||
    (n.nodeName === '#text' && (n as T.TextNode).value.trim() === '') ||
    (isElement(n) && !hasText(n));
  let start = 0;
  let end = run.length;
  while (start < end && inert(run[start]!)) start++;
  while (end > start && inert(run[end - 1]!)) end--;
  const trimmed = run.slice(start, end);
  // A run that is one element (`<li><a href="…">Text</a></li>`) is translated inside it: the element stays
  // whole where it was, whatever the engine does to the words, so a link comes back exactly once.
  const only = trimmed[0];
  if (trimmed.length === 1 && only && isElement(only) && wrapsWhole(only)) return trimEdges(only.childNodes);
  return trimmed;
}

function wrapsWhole(el: El): boolean {
  const loc = el.sourceCodeLocation;
  return !!loc?.startTag && !!loc.endTag && !ATOMIC.has(el.tagName) && !isSkipped(el) && el.childNodes.some(hasLetters);
}

interface BuiltUnit {
  start: number;
  end: number;
  builder: MarkedUnitBuilder;
}

const BLANK_LINES = /\r?\n(?:[ \t]*\r?\n)+/g;

/**
 * The paragraphs (blank lines apart) of the text of a prose `<pre>`, one unit each, so a long preformatted
 * document goes to the engine in pieces as plain text does. The split is made where the source and the decoded
 * text have the same blank lines (a blank line written as character references leaves the text one unit).
 */
function paragraphsOf(node: T.TextNode, source: string): BuiltUnit[] {
  const loc = node.sourceCodeLocation;
  if (!loc || !/\p{L}/u.test(node.value)) return [];
  const cuts = (text: string) => [...text.matchAll(BLANK_LINES)].map((m) => [m.index, m.index + m[0].length] as const);
  const raw = source.slice(loc.startOffset, loc.endOffset);
  let rawCuts = cuts(raw);
  let textCuts = cuts(node.value);
  if (rawCuts.length !== textCuts.length) {
    rawCuts = [];
    textCuts = [];
  }
  const units: BuiltUnit[] = [];
  let rawAt = 0;
  let textAt = 0;
  for (let i = 0; i <= rawCuts.length; i++) {
    const rawEnd = rawCuts[i]?.[0] ?? raw.length;
    const text = node.value.slice(textAt, textCuts[i]?.[0] ?? node.value.length);
    if (/\p{L}/u.test(text)) {
      const builder = new MarkedUnitBuilder();
      builder.text(text);
      units.push({ start: loc.startOffset + rawAt, end: loc.startOffset + rawEnd, builder });
    }
    rawAt = rawCuts[i]?.[1] ?? raw.length;
    textAt = textCuts[i]?.[1] ?? node.value.length;
  }
  return units;
}

const SEPARATOR_TEXT = /^[\s\p{P}\p{S}]*$/u;
const STRONG_SEPARATOR = /[|›»·•→>/]/u;

/**
 * A run of adjacent inline elements separated only by whitespace, punctuation or empty elements (`<br>`) — a
 * navigation bar, breadcrumbs, a table of contents — is cut into one part per element (and the stretches
 * around), so an engine cannot merge and reorder the links as one sentence. Same rule as the text API
 * (service/text/blocks.ts): two elements or more with no other words, or beside other words three or more or
 * menu separators (`›`, `|`, `/`, `»`, `·`, `•`, `→`).
 */
function elementRunParts(run: Node[]): Node[][] {
  const isWordElement = (n: Node): boolean =>
    isElement(n) && !isSkipped(n) && !ATOMIC.has(n.tagName) && hasLetters(n) && !!n.sourceCodeLocation?.startTag;
  const isSeparator = (n: Node): boolean =>
    n.nodeName === '#comment' || (n.nodeName === '#text' ? SEPARATOR_TEXT.test((n as T.TextNode).value) : isElement(n) && !hasLetters(n));
  const inRun = new Array<boolean>(run.length).fill(false);
  let qualifies = false;
  let longest = 0;
  for (let i = 0; i < run.length; ) {
    if (!isWordElement(run[i]!)) {
      i++;
      continue;
    }
    const members = [i];
    let strong = true;
    let k = i + 1;
    for (;;) {
      let j = k;
      let between = '';
      while (j < run.length && !isWordElement(run[j]!) && isSeparator(run[j]!)) {
        if (run[j]!.nodeName === '#text') between += (run[j] as T.TextNode).value;
        j++;
      }
      if (j < run.length && isWordElement(run[j]!)) {
        members.push(j);
        strong &&= STRONG_SEPARATOR.test(between);
        k = j + 1;
      } else break;
    }
    if (members.length >= 2) {
      for (const m of members) inRun[m] = true;
      longest = Math.max(longest, strong ? 3 : members.length);
    }
    i = k;
  }
  if (longest < 2) return [run];
  const wordsOutside = run.some((n, i) => !inRun[i] && !isSeparator(n));
  qualifies = !wordsOutside || longest >= 3;
  if (!qualifies) return [run];
  const parts: Node[][] = [];
  let pending: Node[] = [];
  for (let i = 0; i < run.length; i++) {
    if (inRun[i]) {
      if (pending.length > 0) parts.push(pending);
      pending = [];
      parts.push([run[i]!]);
    } else pending.push(run[i]!);
  }
  if (pending.length > 0) parts.push(pending);
  return parts;
}

function buildRun(
  run: Node[],
  renderSlice: (start: number, end: number) => string,
): BuiltUnit | undefined {
  const builder = new MarkedUnitBuilder();
  let cursor = -1;
  let ok = true;
  const add = (node: Node): void => {
    const loc = node.sourceCodeLocation;
    if (!loc || loc.startOffset < cursor) {
      ok = false;
      return;
    }
    if (node.nodeName === '#text') {
      builder.text((node as T.TextNode).value);
      cursor = loc.endOffset;
    } else if (node.nodeName === '#comment') {
      builder.atom(renderSlice(loc.startOffset, loc.endOffset));
      cursor = loc.endOffset;
    } else if (isElement(node)) {
      const elLoc = node.sourceCodeLocation!;
      if (isSkipped(node) || ATOMIC.has(node.tagName) || !hasLetters(node) || !elLoc.startTag) {
        builder.atom(renderSlice(elLoc.startOffset, elLoc.endOffset));
        cursor = elLoc.endOffset;
        return;
      }
      builder.open({
        open: renderSlice(elLoc.startTag.startOffset, elLoc.startTag.endOffset),
        close: elLoc.endTag ? renderSlice(elLoc.endTag.startOffset, elLoc.endTag.endOffset) : '',
      });
      cursor = elLoc.startTag.endOffset;
      for (const c of node.childNodes) add(c);
      builder.close();
      if (elLoc.endTag) {
        if (elLoc.endTag.startOffset < cursor) ok = false;
        cursor = elLoc.endTag.endOffset;
      }
    }
  };
  for (const node of run) add(node);
  const first = run[0]?.sourceCodeLocation;
  if (!ok || !first || !builder.hasText) return undefined;
  return { start: first.startOffset, end: cursor, builder };
}

export const htmlFormat: StringFormat = {
  extensions: ['html', 'htm'],
  name: 'HTML',
  sniff(head) {
    const text = headText(head).trimStart().slice(0, 4096);
    if (text.startsWith('%PDF') || /^[{[]/.test(text)) return false;
    return /<(!doctype\s+html|html|head|body|p|div|h[1-6]|span|table|ul|ol|title|meta|a|br|img|section|article|!--)\b/i.test(
      text,
    );
  },
  transform,
};
