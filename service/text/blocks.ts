/**
 * Units from blocks (service process, text layer): turns one block of text (a paragraph-like run of text,
 * inline tags and atoms, with exact source offsets) into marked units ready for an engine, and rebuilds the
 * block's bytes from translated units.
 *
 * A unit is a sentence (see ./sentences.ts) with its inline tags carried as span markers and its atoms as
 * placeholders (./markers.ts). A cut between two sentences is only made where no inline element is open;
 * otherwise the sentences stay in one unit, so every tag of the input lies inside exactly one unit or
 * outside all of them, and rebuilding can emit it exactly once.
 */
import { CLOSE, cleanUserText, openSpan, placeholder, stripMarkers, tokenize, type Token } from './markers.js';
import { protectedRegions } from '../../shared/protect/spans.js';
import { sentenceRanges, type SplitMode } from './sentences.js';

/** One element of a block: decoded text, an atom (kept verbatim), or an inline tag. */
export interface Item {
  kind: 'text' | 'atom' | 'open' | 'close';
  start: number;
  end: number;
  /** Text: the decoded characters. Atom: the character standing for it when segmenting. Tags: ''. */
  value: string;
  /** Text only: true when `value` is the raw source (no character reference), so it can be cut anywhere. */
  literal?: boolean;
  /** Tags only: the inline element (index into the shared element table). */
  el?: number;
  /** Atoms only: a tag whose partner lies in another block; it keeps its place at the unit's edge. */
  fixed?: boolean;
  /** Open tags only: the element never counts in a run of elements cut apart (non_splitting_tags, no outline). */
  joined?: boolean;
}

/** An inline element: where its two tags are in the source. */
export interface InlineElement {
  openStart: number;
  openEnd: number;
  closeStart: number;
  closeEnd: number;
}

export type UnitContext = 'plain' | 'text' | 'attr';

export interface UnitPlan {
  srcStart: number;
  srcEnd: number;
  marked: string;
  context: UnitContext;
  /** Attribute units: the quote around the value ('' when unquoted). */
  quote: '"' | "'" | '';
  /** Span id → inline elements of that run, outermost first. */
  spans: Map<number, number[]>;
  /** Placeholder id → source range of the atom. */
  atoms: Map<number, [number, number]>;
  /**
   * Placeholders of tags whose partner is outside the unit: written before (`start`) or after (`end`) the
   * translated content wherever the engine put them, so they can never land inside an element of the unit.
   */
  fixed: Map<number, 'start' | 'end'>;
  /** Elements whose tags lie in the unit, in source order, with their parent in the unit (-1: none). */
  elements: Array<{ el: number; parent: number; depth: number }>;
  /**
   * split_sentences=nonewlines: the line breaks of a hard-wrapped sentence, sent to the engine as spaces (one
   * sentence, no capital at each line start) and put back at word boundaries (`rebreak`); with the length of
   * each source line, in characters.
   */
  breaks?: { texts: string[]; lines: number[] };
}

interface Point {
  i: number;
  k: number;
}

const NOT_WHITESPACE = /\S/;
const TRANSLATABLE = /[^\s\uFFFC]/;

/**
 * Turns unmatched or crossing tags of a block into atoms, in place (an inline element cut by a block
 * boundary, misnested HTML), so that the tags left form a well-nested tree inside the block.
 */
function balance(items: Item[], pairOf: number[]): void {
  const stack: number[] = [];
  const toAtom = (idx: number): void => {
    items[idx] = { kind: 'atom', start: items[idx]!.start, end: items[idx]!.end, value: '\uFFFC', fixed: true };
  };
  for (let idx = 0; idx < items.length; idx++) {
    const item = items[idx]!;
    if (item.kind === 'open') stack.push(idx);
    else if (item.kind === 'close') {
      const top = stack[stack.length - 1];
      if (top !== undefined && items[top]!.el === item.el) {
        stack.pop();
        pairOf[top] = idx;
        pairOf[idx] = top;
      } else {
        const at = stack.findIndex((s) => items[s]!.el === item.el);
        if (at >= 0) {
          toAtom(stack[at]!);
          stack.splice(at, 1);
        }
        toAtom(idx);
      }
    }
  }
  for (const idx of stack) toAtom(idx);
}

export interface BlockOptions {
  mode: SplitMode;
  lang: string;
  context: UnitContext;
  quote?: '"' | "'" | '';
}

/** Splits one block into unit plans. Stretches of the block outside every unit are kept verbatim. */
export function planBlock(input: Item[], opts: BlockOptions): UnitPlan[] {
  const items = input.slice();
  const pairOf = new Array<number>(items.length).fill(-1);
  balance(items, pairOf);

  // Inline elements wrapping the whole block (`<p><span>One. Two.</span></p>`) would keep every sentence in
  // one unit; they stay outside the units instead, like the block's own tags.
  let a = 0;
  let b = items.length;
  const blank = (it: Item): boolean => it.kind === 'text' && !NOT_WHITESPACE.test(it.value);
  for (;;) {
    let first = a;
    while (first < b && blank(items[first]!)) first++;
    let last = b - 1;
    while (last > first && blank(items[last]!)) last--;
    if (first < b && items[first]!.kind === 'open' && pairOf[first] === last) {
      a = first + 1;
      b = last;
    } else break;
  }
  if (a >= b) return [];

  if (opts.context === 'text') {
    const parts = elementRunParts(items, pairOf, a, b);
    if (parts) return parts.flatMap(([x, y]) => planBlock(items.slice(x, y), opts));
  }

  // The segmenting string: text as decoded, each atom as one character.
  const pStart = new Array<number>(b - a + 1);
  const depthBefore = new Array<number>(b - a + 1);
  let plain = '';
  let depth = 0;
  for (let idx = a; idx < b; idx++) {
    const item = items[idx]!;
    pStart[idx - a] = plain.length;
    depthBefore[idx - a] = depth;
    plain += item.value;
    if (item.kind === 'open') depth++;
    else if (item.kind === 'close') depth--;
  }
  pStart[b - a] = plain.length;
  depthBefore[b - a] = 0;

  // Items that hold characters, for mapping plain offsets back to items.
  const charItems: number[] = [];
  for (let idx = a; idx < b; idx++) if (items[idx]!.value.length > 0) charItems.push(idx);
  const itemOfChar = (x: number): number => {
    let lo = 0;
    let hi = charItems.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pStart[charItems[mid]! - a]! <= x) lo = mid;
      else hi = mid - 1;
    }
    return charItems[lo]!;
  };
  const cuttable = (it: Item): boolean => it.kind === 'text' && it.literal === true;
  /** The point just after plain character x-1. */
  const after = (x: number): Point => {
    const idx = itemOfChar(x - 1);
    const k = x - pStart[idx - a]!;
    return k >= items[idx]!.value.length || !cuttable(items[idx]!) ? { i: idx + 1, k: 0 } : { i: idx, k };
  };
  /** The point just before plain character x. */
  const before = (x: number): Point => {
    const idx = itemOfChar(x);
    const k = x - pStart[idx - a]!;
    if (k === 0) return { i: idx, k: 0 };
    return cuttable(items[idx]!) ? { i: idx, k } : { i: idx + 1, k: 0 };
  };
  const depthAt = (p: Point): number => depthBefore[p.i - a]!;
  const firstFree = (from: Point, to: Point): Point | null => {
    if (depthAt(from) === 0) return from;
    for (let i = from.i + 1; i <= to.i; i++) {
      if (i === to.i && to.k === 0) return depthAt(to) === 0 ? to : null;
      if (depthBefore[i - a] === 0) return { i, k: 0 };
    }
    return null;
  };
  const lastFree = (from: Point, to: Point): Point | null => {
    if (depthAt(to) === 0) return to;
    for (let i = to.i; i > from.i; i--) if (depthBefore[i - a] === 0) return { i, k: 0 };
    return depthAt(from) === 0 ? from : null;
  };
  const before_ = (p: Point, q: Point): boolean => p.i < q.i || (p.i === q.i && p.k <= q.k);

  const sentences = keepRegionsWhole(sentenceRanges(plain, opts.mode, opts.lang), plain);
  const plans: UnitPlan[] = [];
  const blockStart: Point = { i: a, k: 0 };
  const blockEnd: Point = { i: b, k: 0 };
  let unitStart: Point | null = null;
  let unitFrom = 0;
  for (let s = 0; s < sentences.length; s++) {
    const sentence = sentences[s]!;
    if (unitStart === null) {
      unitStart = lastFree(blockStart, before(sentence.start))!;
      unitFrom = sentence.start;
    }
    const end = after(sentence.end);
    const next = sentences[s + 1];
    let cut: Point | null = null;
    let resume: Point | null = null;
    if (!next) {
      cut = firstFree(end, blockEnd);
    } else {
      const nextStart = before(next.start);
      const p = firstFree(end, nextStart);
      const q = p ? lastFree(end, nextStart) : null;
      if (p && q && before_(p, q)) {
        cut = p;
        resume = q;
      }
    }
    if (!cut) continue;
    if (TRANSLATABLE.test(plain.slice(unitFrom, sentence.end))) plans.push(buildPlan(items, unitStart, cut, opts));
    unitStart = resume;
    if (next) unitFrom = next.start;
  }
  return plans;
}

/**
 * Joins sentences cut inside a protected span or an ICU block (`?` in a URL's query, `!` in `{module!r}`, a
 * question in a plural branch): the span must reach the engine layer whole to be protected.
 */
function keepRegionsWhole<T extends { start: number; end: number }>(sentences: T[], plain: string): T[] {
  if (sentences.length < 2) return sentences;
  const regions = protectedRegions(plain);
  if (regions.length === 0) return sentences;
  const out: T[] = [sentences[0]!];
  let r = 0;
  for (let k = 1; k < sentences.length; k++) {
    const cut = sentences[k]!.start;
    while (r < regions.length && regions[r]!.end <= cut) r++;
    const region = regions[r];
    const prev = out[out.length - 1]!;
    if (region && region.start < cut) {
      out[out.length - 1] = { ...prev, end: sentences[k]!.end };
    } else out.push(sentences[k]!);
  }
  return out;
}

const SEPARATOR = /^[\s\p{P}\p{S}\uFFFC]*$/u;
const WORDY = /[\p{L}\p{N}]/u;
const STRONG_SEPARATOR = /[|›»·•→>/]/u;

/**
 * A run of adjacent inline elements separated only by whitespace, punctuation or atoms — links of a navigation
 * bar, breadcrumbs, table of contents entries — is not a sentence: translated as one, an engine reorders the
 * elements and adds words between them ("FAQ Examples Notebooks Gallery"). When the block holds such a run of
 * two elements or more and no other words (or, beside other words such as a label, a run of three or more or
 * one whose separators are a menu's: `›`, `|`, `/`, `»`, `·`, `•`, `→`), the
 * block is cut into parts: each element of a run on its own, and the stretches around runs. Returns the parts
 * that hold words, as item ranges, or undefined when the block has no such run.
 */
function elementRunParts(items: Item[], pairOf: number[], a: number, b: number): Array<[number, number]> | undefined {
  type Node = { from: number; to: number; element: boolean; words: boolean; separator: boolean };
  const nodes: Node[] = [];
  for (let idx = a; idx < b; idx++) {
    const item = items[idx]!;
    if (item.kind === 'open' && pairOf[idx]! > idx && !item.joined) {
      let words = false;
      for (let k = idx + 1; k < pairOf[idx]! && !words; k++) words = items[k]!.kind === 'text' && WORDY.test(items[k]!.value);
      nodes.push({ from: idx, to: pairOf[idx]! + 1, element: true, words, separator: !words });
      idx = pairOf[idx]!;
    } else if (item.kind === 'open' && pairOf[idx]! > idx) {
      let words = false;
      for (let k = idx + 1; k < pairOf[idx]! && !words; k++) words = items[k]!.kind === 'text' && WORDY.test(items[k]!.value);
      nodes.push({ from: idx, to: pairOf[idx]! + 1, element: false, words, separator: !words });
      idx = pairOf[idx]!;
    } else {
      const sep = item.kind !== 'text' || SEPARATOR.test(item.value);
      nodes.push({ from: idx, to: idx + 1, element: false, words: !sep, separator: sep });
    }
  }
  // Runs: maximal sequences of elements with words, only separators between them.
  const inRun = new Array<boolean>(nodes.length).fill(false);
  let longest = 0;
  let wordsOutside = false;
  for (let n = 0; n < nodes.length; ) {
    if (!nodes[n]!.element || !nodes[n]!.words) {
      n++;
      continue;
    }
    const members = [n];
    let k = n + 1;
    for (;;) {
      let j = k;
      while (j < nodes.length && nodes[j]!.separator && !nodes[j]!.element) j++;
      if (j < nodes.length && nodes[j]!.element && nodes[j]!.words) {
        members.push(j);
        k = j + 1;
      } else break;
    }
    if (members.length >= 2) {
      for (const m of members) inRun[m] = true;
      // Separators a menu uses (`Home › Docs › Install`, `A | B`) make a run a menu even beside other words.
      let strong = true;
      for (let m = 1; m < members.length && strong; m++) {
        let between = '';
        for (let x = members[m - 1]! + 1; x < members[m]!; x++) between += items[nodes[x]!.from]!.value;
        strong = STRONG_SEPARATOR.test(between);
      }
      longest = Math.max(longest, strong ? 3 : members.length);
    }
    n = k;
  }
  if (longest < 2) return undefined;
  nodes.forEach((node, n) => {
    if (!inRun[n] && node.words) wordsOutside = true;
  });
  if (wordsOutside && longest < 3) return undefined;
  const parts: Array<[number, number]> = [];
  let pending: [number, number] | undefined;
  let pendingWords = false;
  const flush = (): void => {
    if (pending && pendingWords) parts.push(pending);
    pending = undefined;
    pendingWords = false;
  };
  nodes.forEach((node, n) => {
    if (inRun[n]) {
      flush();
      parts.push([node.from, node.to]);
      return;
    }
    pending = pending ? [pending[0], node.to] : [node.from, node.to];
    pendingWords ||= node.words;
  });
  flush();
  return parts;
}

function sourceOffset(items: Item[], p: Point): number {
  const item = items[p.i];
  if (!item) return items[items.length - 1]!.end;
  return item.start + p.k;
}

function buildPlan(items: Item[], from: Point, to: Point, opts: BlockOptions): UnitPlan {
  const plan: UnitPlan = {
    srcStart: sourceOffset(items, from),
    srcEnd: to.i === items.length ? items[items.length - 1]!.end : to.k > 0 ? items[to.i]!.start + to.k : items[to.i - 1]!.end,
    marked: '',
    context: opts.context,
    quote: opts.quote ?? '',
    spans: new Map(),
    atoms: new Map(),
    fixed: new Map(),
    elements: [],
  };
  let seenText = false;
  const spanIds = new Map<string, number>();
  let nextId = 0;
  let marked = '';
  const stack: number[] = [];
  let open: number | null = null;
  const lastIdx = to.k > 0 ? to.i : to.i - 1;
  for (let idx = from.i; idx <= lastIdx; idx++) {
    const item = items[idx]!;
    if (item.kind === 'text') {
      const piece = item.value.slice(idx === from.i ? from.k : 0, idx === to.i ? to.k : item.value.length);
      if (!piece) continue;
      seenText = true;
      if (stack.length === 0) {
        if (open !== null) marked += CLOSE;
        open = null;
      } else {
        const key = stack.join(',');
        let id = spanIds.get(key);
        if (id === undefined) {
          id = nextId++;
          spanIds.set(key, id);
          plan.spans.set(id, stack.slice());
        }
        if (open !== id) {
          if (open !== null) marked += CLOSE;
          marked += openSpan(id);
          open = id;
        }
      }
      marked += piece;
    } else if (item.kind === 'atom') {
      if (open !== null) marked += CLOSE;
      open = null;
      const id = nextId++;
      plan.atoms.set(id, [item.start, item.end]);
      if (item.fixed) plan.fixed.set(id, seenText ? 'end' : 'start');
      marked += placeholder(id);
    } else if (item.kind === 'open') {
      plan.elements.push({ el: item.el!, parent: stack[stack.length - 1] ?? -1, depth: stack.length });
      stack.push(item.el!);
    } else {
      stack.pop();
    }
  }
  if (open !== null) marked += CLOSE;
  plan.marked = marked;
  if (opts.mode === 'nonewlines' && opts.context !== 'attr') joinLines(plan);
  return plan;
}

/** One line break inside a paragraph, with the blanks around it (not a blank line: that is a paragraph end). */
const LINE_BREAK = /(?<![\r\n][ \t]*)[ \t]*(?:\r\n|\n|\r)(?![ \t]*[\r\n])[ \t]*/g;
const MARKERS = /\uE000\d+\uE001|\uE003\d+\uE001|\uE002/g;

function joinLines(plan: UnitPlan): void {
  const texts: string[] = [];
  const lines: number[] = [];
  let last = 0;
  const joined = plan.marked.replace(LINE_BREAK, (br: string, at: number) => {
    texts.push(br);
    lines.push(plan.marked.slice(last, at).replace(MARKERS, '').length);
    last = at + br.length;
    return ' ';
  });
  if (texts.length === 0) return;
  lines.push(plan.marked.slice(last).replace(MARKERS, '').length);
  plan.marked = joined;
  plan.breaks = { texts, lines };
}

/**
 * Puts a hard-wrapped sentence's line breaks back into its translation: each at the space nearest to the same
 * share of the text as in the source, in order, never inside a word or a marker. A translation with fewer
 * spaces than breaks gets fewer lines.
 */
export function rebreak(translated: string, breaks: { texts: string[]; lines: number[] }): string {
  // Candidate places: single spaces in text, with the number of text characters before them.
  const spaces: Array<{ at: number; before: number }> = [];
  let plain = 0;
  let last = 0;
  const scanText = (from: number, to: number): void => {
    for (let i = from; i < to; i++) {
      if (translated[i] === ' ') spaces.push({ at: i, before: plain });
      plain++;
    }
  };
  for (const m of translated.matchAll(MARKERS)) {
    scanText(last, m.index ?? 0);
    last = (m.index ?? 0) + m[0].length;
  }
  scanText(last, translated.length);
  const total = breaks.lines.reduce((a, b) => a + b, 0) || 1;
  const chosen: Array<{ at: number; text: string }> = [];
  let cumulative = 0;
  let next = 0;
  breaks.texts.forEach((text, k) => {
    cumulative += breaks.lines[k]!;
    const goal = (cumulative / total) * plain;
    // Leave one space for each later break.
    const limit = spaces.length - (breaks.texts.length - k - 1);
    let best = -1;
    for (let i = next; i < limit; i++) {
      if (best < 0 || Math.abs(spaces[i]!.before - goal) < Math.abs(spaces[best]!.before - goal)) best = i;
      else break;
    }
    if (best < 0) return;
    chosen.push({ at: spaces[best]!.at, text });
    next = best + 1;
  });
  let out = '';
  let at = 0;
  for (const c of chosen) {
    out += translated.slice(at, c.at) + c.text;
    at = c.at + 1;
  }
  return out + translated.slice(at);
}

/** How the rebuilt pieces of a unit are written back into the source. */
export interface RenderContext {
  /** The source bytes of [start, end), with translated attribute values already substituted. */
  render(start: number, end: number): string;
  /** Escapes translated text for the unit's context. */
  escape(text: string, plan: UnitPlan): string;
  elements: InlineElement[];
  preserveFormatting: boolean;
}

type Position = { text: string; stack: number[] } | { atom: number };

/**
 * Rebuilds one unit from its translation. Spans may have moved, been split (one id several times), merged or
 * dropped: each inline element is written once, around the first to last text that carries it (clipped so the
 * result is well nested); an element or atom the engine dropped is appended at the end of the unit.
 */
export function rebuildUnit(plan: UnitPlan, translated: string, ctx: RenderContext): string {
  if (translated === plan.marked) return ctx.render(plan.srcStart, plan.srcEnd);
  let tokens = tokenize(plan.breaks ? rebreak(translated, plan.breaks) : translated);
  if (ctx.preserveFormatting) tokens = restoreFormatting(tokenize(plan.marked), tokens);
  trimEdges(tokens);

  const positions: Position[] = [];
  const usedAtoms = new Set<number>();
  let current: number[] = [];
  for (const tok of tokens) {
    if (tok.kind === 'open') current = plan.spans.get(tok.id) ?? [];
    else if (tok.kind === 'close') current = [];
    else if (tok.kind === 'placeholder') {
      if (plan.atoms.has(tok.id) && !usedAtoms.has(tok.id) && !plan.fixed.has(tok.id)) {
        usedAtoms.add(tok.id);
        positions.push({ atom: tok.id });
      }
    } else {
      const text = cleanUserText(tok.text);
      if (text) positions.push({ text, stack: current });
    }
  }

  const first = new Map<number, number>();
  const last = new Map<number, number>();
  positions.forEach((pos, p) => {
    if (!('stack' in pos)) return;
    for (const el of pos.stack) {
      if (!first.has(el)) first.set(el, p);
      last.set(el, p);
    }
  });
  const order = plan.elements.map((e, idx) => ({ ...e, idx }));
  const present = order
    .filter((e) => first.has(e.el))
    .sort((x, y) => first.get(x.el)! - first.get(y.el)! || last.get(y.el)! - last.get(x.el)! || x.depth - y.depth || x.idx - y.idx);
  // Make the element ranges laminar: an element that would end after the enclosing one is clipped to it.
  const open: number[] = [];
  for (const e of present) {
    while (open.length > 0 && last.get(open[open.length - 1]!)! < first.get(e.el)!) open.pop();
    const top = open[open.length - 1];
    if (top !== undefined && last.get(e.el)! > last.get(top)!) last.set(e.el, last.get(top)!);
    open.push(e.el);
  }
  const opensAt = new Map<number, number[]>();
  const closesAt = new Map<number, number[]>();
  for (const e of present) {
    const f = first.get(e.el)!;
    const l = last.get(e.el)!;
    opensAt.set(f, [...(opensAt.get(f) ?? []), e.el]);
    closesAt.set(l, [e.el, ...(closesAt.get(l) ?? [])]);
  }

  const { elements } = ctx;
  const fixedAt = (edge: 'start' | 'end'): string =>
    [...plan.fixed].filter(([, at]) => at === edge).map(([id]) => ctx.render(...plan.atoms.get(id)!)).join('');
  let out = fixedAt('start');
  positions.forEach((pos, p) => {
    for (const el of opensAt.get(p) ?? []) out += ctx.render(elements[el]!.openStart, elements[el]!.openEnd);
    if ('atom' in pos) {
      const [s, e] = plan.atoms.get(pos.atom)!;
      out += ctx.render(s, e);
    } else out += ctx.escape(pos.text, plan);
    for (const el of closesAt.get(p) ?? []) out += ctx.render(elements[el]!.closeStart, elements[el]!.closeEnd);
  });

  // Whatever the engine dropped is still written, once, in source order and well nested.
  const missing = order.filter((e) => !first.has(e.el));
  const chain: typeof missing = [];
  for (const e of missing) {
    while (chain.length > 0 && chain[chain.length - 1]!.el !== e.parent) {
      const done = chain.pop()!;
      out += ctx.render(elements[done.el]!.closeStart, elements[done.el]!.closeEnd);
    }
    out += ctx.render(elements[e.el]!.openStart, elements[e.el]!.openEnd);
    chain.push(e);
  }
  while (chain.length > 0) {
    const done = chain.pop()!;
    out += ctx.render(elements[done.el]!.closeStart, elements[done.el]!.closeEnd);
  }
  for (const [id, [s, e]] of plan.atoms) if (!usedAtoms.has(id) && !plan.fixed.has(id)) out += ctx.render(s, e);
  return out + fixedAt('end');
}

/** Drops whitespace an engine added at the edges of a unit (units are trimmed, the gaps are kept outside). */
function trimEdges(tokens: Token[]): void {
  for (const tok of tokens) {
    if (tok.kind === 'placeholder') break;
    if (tok.kind !== 'text') continue;
    tok.text = tok.text.trimStart();
    if (tok.text) break;
  }
  for (let i = tokens.length - 1; i >= 0; i--) {
    const tok = tokens[i]!;
    if (tok.kind === 'placeholder') break;
    if (tok.kind !== 'text') continue;
    tok.text = tok.text.trimEnd();
    if (tok.text) break;
  }
}

const LEAD = /^[^\p{L}\p{N}]*/u;
const TRAIL = /[^\p{L}\p{N}]*$/u;
const LETTER = /\p{L}/u;

/**
 * preserve_formatting: gives the translation the source's punctuation before the first and after the last
 * letter or digit, and the source's case on the first letter.
 */
function restoreFormatting(source: Token[], translated: Token[]): Token[] {
  const sourcePlain = stripMarkers(source.map((t) => (t.kind === 'text' ? t.text : '')).join(''));
  const lead = LEAD.exec(sourcePlain)![0];
  const trail = sourcePlain.length > lead.length ? TRAIL.exec(sourcePlain)![0] : '';
  const tokens = translated.map((t) => ({ ...t }));
  const texts = tokens.filter((t): t is Extract<Token, { kind: 'text' }> => t.kind === 'text');
  for (const t of texts) {
    const cut = LEAD.exec(t.text)![0].length;
    t.text = t.text.slice(cut);
    if (t.text) break;
  }
  for (let i = texts.length - 1; i >= 0; i--) {
    const t = texts[i]!;
    const m = TRAIL.exec(t.text)!;
    t.text = t.text.slice(0, m.index);
    if (t.text) break;
  }
  const firstSource = LETTER.exec(sourcePlain.slice(lead.length, lead.length + 1))?.[0];
  if (firstSource) {
    const upper = firstSource !== firstSource.toLowerCase();
    const lower = firstSource !== firstSource.toUpperCase();
    const t = texts.find((x) => x.text.length > 0);
    if (t && (upper || lower)) {
      const ch = String.fromCodePoint(t.text.codePointAt(0)!);
      t.text = (upper ? ch.toUpperCase() : ch.toLowerCase()) + t.text.slice(ch.length);
    }
  }
  return [{ kind: 'text', text: lead }, ...tokens, { kind: 'text', text: trail }];
}
