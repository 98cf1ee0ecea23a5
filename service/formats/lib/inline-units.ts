/**
 * Inline content of one translation unit ↔ marked segments (service process, document workers).
 *
 * A unit (a Word paragraph, a shared string, an InDesign paragraph range) holds text elements (`w:t`, `a:t`,
 * `Content`) nested in wrapper elements (runs with their properties, hyperlinks, character style ranges).
 * The walk below flattens it into atoms, each with its context: the stack of wrappers around it. Text with
 * the most common context is sent bare; every other context becomes a span id; anything that is not text
 * (tabs, breaks, fields, drawings, nested units) becomes a placeholder that carries its own context. On the
 * way back the translated segment is read token by token and the contexts are reopened around the new text,
 * so formatting lands on the words the engine kept it on, and every other byte comes from the source.
 *
 * Formats plug in with `InlineRules`: which element plays which role, how a context key is normalised (to
 * merge runs that differ only by revision ids or proofing marks), and how text is written back.
 */
import { cleanUserText, mergeSpans, openSpan, closeSpan, placeholder, tokenize } from '../../text/markers.js';
import { localName } from './xml-tokens.js';
import type { XmlToken } from './xml-tokens.js';
import type { Piece, PendingUnit, UnitItem } from './xml-units.js';
import { isToken, rawUnit } from './xml-units.js';

/** One wrapper level around content: the source opening (with folded property children) and its closing. */
export interface Frame {
  key: string;
  open: string;
  close: string;
}

export type ElementRole =
  /** Transparent container; children whose local name is in `props` are folded into its opening (run properties). */
  | { role: 'wrapper'; props?: ReadonlySet<string> }
  /** Holds translatable character data. */
  | { role: 'text' }
  /** Kept whole as a placeholder. */
  | { role: 'raw' }
  /** Kept whole, and ends the current segment (a paragraph break inside the unit). */
  | { role: 'break' }
  /** Removed (proofing marks whose position means nothing after translation). */
  | { role: 'drop' };

export interface InlineRules {
  /** Role of an element met inside a unit; `state` is scratch space for one unit (field nesting). */
  classify(token: Extract<XmlToken, { kind: 'open' }>, parents: readonly string[], state: Record<string, number>): ElementRole;
  /** Grouping key of a wrapper opening, with noise (revision ids, proofing) removed. */
  normalizeKey(open: string): string;
  /**
   * Writes translated text in the given context (for example `<w:t xml:space="preserve">…</w:t>`);
   * `unitName` is the unit element's qualified name, for formats whose prefix varies.
   */
  renderText(escapedText: string, context: readonly Frame[], unitName: string): string;
  escape(text: string): string;
  /**
   * Optional: rewrites a wrapper opening of a translated unit (for example to set the run language to the
   * target). Applied to every wrapper of a unit that had text to translate; the grouping key stays the same.
   */
  retarget?(open: string): string;
  /**
   * Optional: true for a wrapper opening that must appear once in the result (a hyperlink, a simple field).
   * If an engine splits the words of such a span apart, the later parts are written without the wrapper, so
   * the document never gains a second copy of the link.
   */
  once?(open: string): boolean;
  /**
   * Optional: true for a wrapper opening that a reader sees as one item of a row (a hyperlink). A run of such
   * items separated only by spaces, punctuation or non-text items (a navigation bar, "FAQ · Examples · Notebooks")
   * is translated item by item, each its own segment, with the separators kept as they are: an engine given the
   * row as one sentence merges and reorders the items (issue 22 point 2, as the HTML handler does).
   */
  element?(open: string): boolean;
}

type Atom =
  | { kind: 'text'; text: string; ctx: Frame[] }
  | { kind: 'raw'; pieces: Piece[]; ctx: Frame[]; split: boolean };

const ctxKey = (ctx: readonly Frame[]): string => ctx.map((f) => f.key).join('\u0001');

function elementRaw(items: UnitItem[], start: number): { pieces: Piece[]; next: number } {
  const first = items[start] as Extract<XmlToken, { kind: 'open' }>;
  const pieces: Piece[] = [first.raw];
  if (first.selfClosing) return { pieces, next: start + 1 };
  let depth = 1;
  let i = start + 1;
  for (; i < items.length && depth > 0; i++) {
    const it = items[i] as UnitItem;
    if (!isToken(it)) {
      pieces.push(it);
      continue;
    }
    if (it.kind === 'open' && !it.selfClosing) depth++;
    else if (it.kind === 'close') depth--;
    pieces.push(it.raw);
  }
  return { pieces, next: i };
}

function flattenPieces(pieces: Piece[]): string {
  return pieces.map((p) => (typeof p === 'string' ? p : '')).join('');
}

/** Walks the unit's inner items into atoms. */
function walk(items: UnitItem[], rules: InlineRules, unitName: string): Atom[] {
  const atoms: Atom[] = [];
  const ctx: Frame[] = [];
  const parents: string[] = [unitName];
  const state: Record<string, number> = {};
  const raw = (pieces: Piece[], split = false, extra?: Frame): void => {
    atoms.push({ kind: 'raw', pieces, ctx: extra ? [...ctx, extra] : ctx.slice(), split });
  };
  let i = 0;
  while (i < items.length) {
    const it = items[i] as UnitItem;
    if (!isToken(it)) {
      raw([it]);
      i++;
      continue;
    }
    if (it.kind === 'text') {
      // Indentation between elements is not content in these formats; anything else is kept as found.
      if (it.text.trim() !== '') raw([it.raw]);
      i++;
      continue;
    }
    if (it.kind === 'other') {
      raw([it.raw]);
      i++;
      continue;
    }
    if (it.kind === 'close') {
      ctx.pop();
      parents.pop();
      i++;
      continue;
    }
    const role = rules.classify(it, parents, state);
    if (role.role === 'wrapper' && !it.selfClosing) {
      let open = it.raw;
      let j = i + 1;
      // Fold property children that come first (run properties, style properties) into the opening.
      while (j < items.length) {
        const next = items[j] as UnitItem;
        if (isToken(next) && next.kind === 'text' && next.text.trim() === '') {
          open += next.raw;
          j++;
          continue;
        }
        if (isToken(next) && next.kind === 'open' && role.props?.has(localName(next.name))) {
          const el = elementRaw(items, j);
          open += flattenPieces(el.pieces);
          j = el.next;
          continue;
        }
        break;
      }
      const close = `</${it.name}>`;
      const after = items[j];
      if (after && isToken(after) && after.kind === 'close') {
        // A wrapper with nothing in it but its properties (an empty run that carries the formatting of a
        // paragraph's end) holds no text to move: it is kept whole where it is.
        const el = elementRaw(items, i);
        raw(el.pieces);
        i = el.next;
        continue;
      }
      ctx.push({ key: rules.normalizeKey(open), open, close });
      parents.push(it.name);
      i = j;
      continue;
    }
    if (role.role === 'text' && !it.selfClosing) {
      const textFrame: Frame = { key: `text:${it.raw}`, open: it.raw, close: `</${it.name}>` };
      let j = i + 1;
      let text = '';
      let depth = 1;
      for (; j < items.length; j++) {
        const t = items[j] as UnitItem;
        if (isToken(t) && t.kind === 'text') {
          text += t.text;
          continue;
        }
        if (isToken(t) && t.kind === 'close') {
          depth--;
          if (depth === 0) break;
        }
        if (isToken(t) && t.kind === 'open' && !t.selfClosing) depth++;
        // Anything else inside a text element (a processing instruction) stays there, as a placeholder.
        if (text) atoms.push({ kind: 'text', text, ctx: ctx.slice() });
        text = '';
        raw([isToken(t) ? t.raw : t], false, textFrame);
      }
      if (text) atoms.push({ kind: 'text', text, ctx: ctx.slice() });
      i = j + 1;
      continue;
    }
    if (role.role === 'drop') {
      i = elementRaw(items, i).next;
      continue;
    }
    const el = elementRaw(items, i);
    raw(el.pieces, role.role === 'break');
    i = el.next;
  }
  return atoms;
}

interface Segment {
  lead: Atom[];
  body: Atom[];
  tail: Atom[];
  marked: string;
  spanCtx: Map<number, Frame[]>;
  phAtoms: Map<number, Atom[]>;
  baseCtx: Frame[];
  /** Contexts of the source's first and last text, for punctuation an engine puts at the edges. */
  firstCtx: Frame[];
  lastCtx: Frame[];
}

function buildSegment(atoms: Atom[]): Segment | Atom[] {
  let a = 0;
  while (a < atoms.length && atoms[a]?.kind === 'raw') a++;
  let b = atoms.length;
  while (b > a && atoms[b - 1]?.kind === 'raw') b--;
  const body = atoms.slice(a, b);
  const hasText = body.some((x) => x.kind === 'text' && cleanUserText(x.text).trim() !== '');
  if (!hasText) return atoms;

  const weight = new Map<string, { n: number; ctx: Frame[] }>();
  for (const x of body) {
    if (x.kind !== 'text') continue;
    const k = ctxKey(x.ctx);
    const w = weight.get(k) ?? { n: 0, ctx: x.ctx };
    w.n += x.text.length;
    weight.set(k, w);
  }
  let baseKey = '';
  let best = -1;
  for (const [k, w] of weight) {
    if (w.n > best) {
      best = w.n;
      baseKey = k;
    }
  }
  const baseCtx = weight.get(baseKey)?.ctx ?? [];
  const spanIds = new Map<string, number>();
  const spanCtx = new Map<number, Frame[]>();
  const phAtoms = new Map<number, Atom[]>();
  let nextId = 1;
  let open: number | null = null;
  let marked = '';
  let lastPh: number | null = null;
  for (const x of body) {
    if (x.kind === 'raw') {
      // Consecutive non-text items travel as one placeholder.
      if (lastPh !== null) {
        phAtoms.get(lastPh)?.push(x);
        continue;
      }
      const id = nextId++;
      phAtoms.set(id, [x]);
      marked += placeholder(id);
      lastPh = id;
      continue;
    }
    lastPh = null;
    const k = ctxKey(x.ctx);
    const text = cleanUserText(x.text);
    if (k === baseKey) {
      if (open !== null) {
        marked += closeSpan();
        open = null;
      }
      marked += text;
      continue;
    }
    let id = spanIds.get(k);
    if (id === undefined) {
      id = nextId++;
      spanIds.set(k, id);
      spanCtx.set(id, x.ctx);
    }
    if (open !== id) {
      if (open !== null) marked += closeSpan();
      marked += openSpan(id);
      open = id;
    }
    marked += text;
  }
  if (open !== null) marked += closeSpan();
  const texts = body.filter((x) => x.kind === 'text');
  const firstCtx = texts[0]?.ctx ?? baseCtx;
  const lastCtx = texts[texts.length - 1]?.ctx ?? baseCtx;
  return { lead: atoms.slice(0, a), body, tail: atoms.slice(b), marked, spanCtx, phAtoms, baseCtx, firstCtx, lastCtx };
}

/** Reads a translated segment back into atoms. */
function readBack(seg: Segment, translated: string): Atom[] {
  const out: Atom[] = [...seg.lead];
  const used = new Set<number>();
  let ctx = seg.baseCtx;
  for (const tok of tokenize(mergeSpans(translated))) {
    if (tok.kind === 'text') {
      if (tok.text) out.push({ kind: 'text', text: tok.text, ctx });
    } else if (tok.kind === 'open') {
      ctx = seg.spanCtx.get(tok.id) ?? seg.baseCtx;
    } else if (tok.kind === 'close') {
      ctx = seg.baseCtx;
    } else {
      const atoms = seg.phAtoms.get(tok.id);
      // Each placeholder is written exactly once, even if an engine duplicated it.
      if (atoms && !used.has(tok.id)) {
        used.add(tok.id);
        out.push(...atoms);
      }
    }
  }
  // A placeholder an engine lost is put back at the end rather than dropping a field or a drawing.
  for (const [id, atoms] of seg.phAtoms) if (!used.has(id)) out.push(...atoms);
  edgeContexts(out.slice(seg.lead.length), seg);
  out.push(...seg.tail);
  return out;
}

/**
 * Punctuation and spaces an engine writes at the very start or end of a segment, outside every span (a quote,
 * a bracket), take the formatting the source's first or last text had, instead of opening a run of their own
 * before or after it: the paragraph keeps the runs it had.
 */
function edgeContexts(atoms: Atom[], seg: Segment): void {
  const texts = atoms.filter((x): x is Extract<Atom, { kind: 'text' }> => x.kind === 'text');
  const letterless = (x: Extract<Atom, { kind: 'text' }>) => !/[\p{L}\p{N}]/u.test(x.text);
  const first = texts[0];
  if (first && letterless(first) && first.ctx === seg.baseCtx) first.ctx = seg.firstCtx;
  const last = texts[texts.length - 1];
  if (last && last !== first && letterless(last) && last.ctx === seg.baseCtx) last.ctx = seg.lastCtx;
}

/** Writes atoms, opening and closing wrappers as the context changes. */
function renderAtoms(atoms: Atom[], rules: InlineRules, unitName: string): Piece[] {
  const pieces: Piece[] = [];
  let current: Frame[] = [];
  /** Keys of `once` wrappers already opened and closed again. */
  const closedOnce = new Set<string>();
  const moveTo = (target: readonly Frame[]): void => {
    const ctx = closedOnce.size > 0 ? target.filter((f) => !closedOnce.has(f.key)) : target;
    let common = 0;
    while (common < current.length && common < ctx.length && current[common]?.key === ctx[common]?.key) common++;
    for (let k = current.length - 1; k >= common; k--) {
      const f = current[k] as Frame;
      pieces.push(f.close);
      if (rules.once?.(f.open)) closedOnce.add(f.key);
    }
    for (let k = common; k < ctx.length; k++) pieces.push((ctx[k] as Frame).open);
    current = ctx.slice();
  };
  for (const a of atoms) {
    moveTo(a.ctx);
    if (a.kind === 'text') pieces.push(rules.renderText(rules.escape(a.text), a.ctx, unitName));
    else pieces.push(...a.pieces);
  }
  moveTo([]);
  return pieces;
}

/** The same atoms with every wrapper opening passed through `retarget` (one new frame per source frame). */
function retargetAtoms(atoms: Atom[], retarget: (open: string) => string): Atom[] {
  const done = new Map<Frame, Frame>();
  const map = (f: Frame): Frame => {
    let g = done.get(f);
    if (!g) {
      g = { ...f, open: retarget(f.open) };
      done.set(f, g);
    }
    return g;
  };
  return atoms.map((a) => ({ ...a, ctx: a.ctx.map(map) }));
}

/** Text that only separates the items of a row: spaces, punctuation, symbols (` · `, ` | `, `, `). */
const SEPARATOR_TEXT = /^[\s\p{P}\p{S}]*$/u;

/**
 * A run of two or more `element` items with nothing but separators between and around them, cut into one part
 * per item (its own segment) and the separators (kept); undefined when `atoms` is not such a run.
 */
function elementRunParts(atoms: Atom[], rules: InlineRules): (Segment | Atom[])[] | undefined {
  const isElement = rules.element;
  if (!isElement) return undefined;
  const groups: { key: string | null; atoms: Atom[] }[] = [];
  let items = 0;
  for (const a of atoms) {
    const frame = a.ctx.find((f) => isElement(f.open));
    const key = frame ? frame.key : null;
    if (key === null && a.kind === 'text' && !SEPARATOR_TEXT.test(a.text)) return undefined;
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.atoms.push(a);
    else {
      groups.push({ key, atoms: [a] });
      if (key !== null) items++;
    }
  }
  if (items < 2) return undefined;
  return groups.map((g) => (g.key === null ? g.atoms : buildSegment(g.atoms)));
}

/**
 * Builds the pending unit for `items` (the unit element's own open and close tags first and last).
 * A unit without translatable text is written back byte for byte.
 */
export function buildInlineUnit(items: UnitItem[], rules: InlineRules): PendingUnit {
  const first = items[0];
  const last = items[items.length - 1];
  if (items.length < 2 || !first || !isToken(first) || first.kind !== 'open' || !last || !isToken(last) || last.kind !== 'close') {
    return rawUnit(items);
  }
  const atoms = walk(items.slice(1, -1), rules, first.name);
  // Split at breaks: each part between breaks is its own segment.
  const parts: (Segment | Atom[])[] = [];
  let cur: Atom[] = [];
  const close = (part: Atom[]): void => {
    const run = elementRunParts(part, rules);
    if (run) parts.push(...run);
    else parts.push(buildSegment(part));
  };
  for (const a of atoms) {
    if (a.kind === 'raw' && a.split) {
      close(cur);
      parts.push([a]);
      cur = [];
    } else cur.push(a);
  }
  close(cur);
  const segments = parts.filter((p): p is Segment => !Array.isArray(p));
  if (segments.length === 0) return rawUnit(items);
  return {
    segments: segments.map((s) => s.marked),
    render(translated: string[]): Piece[] {
      let s = 0;
      const all: Atom[] = [];
      for (const p of parts) {
        if (Array.isArray(p)) all.push(...p);
        else all.push(...readBack(p, translated[s++] ?? p.marked));
      }
      return [first.raw, ...renderAtoms(rules.retarget ? retargetAtoms(all, rules.retarget) : all, rules, first.name), last.raw];
    },
  };
}
