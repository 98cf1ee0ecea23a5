/**
 * Inline markup ↔ marked units (service process, used by the HTML, XML, XLIFF, SRT and MIF handlers).
 *
 * A builder is fed the content of one block in document order: text, inline tags that open and close, and
 * atomic items (empty tags, ignored content). It flattens nested tags into one span id per distinct stack of
 * open tags (the markers convention forbids nested spans) and records, for every placeholder, the stack it sat
 * in. Rendering walks the translated unit and re-opens/closes only the tags that differ between neighbouring
 * pieces, so an untouched structure comes back tag for tag and a reordered one stays well formed.
 */
import { cleanUserText, mergeSpans, placeholder, span, tokenize } from '../../text/markers.js';

/** The raw source of an inline tag: how it opens and how it closes. */
export interface InlineTag {
  open: string;
  close: string;
}

type Piece = { kind: 'text'; stack: number; text: string } | { kind: 'atom'; id: number };

export class MarkedUnitBuilder {
  private readonly stack: InlineTag[] = [];
  private readonly stackIds = new Map<string, number>();
  private readonly stacks: InlineTag[][] = [[]];
  private readonly atoms: Array<{ raw: string; stack: number }> = [];
  private readonly pieces: Piece[] = [];
  private letters = false;

  /** Appends text (already decoded: entities resolved) under the currently open tags. */
  text(text: string): void {
    if (text === '') return;
    if (/\p{L}/u.test(text)) this.letters = true;
    const stack = this.currentStack();
    const last = this.pieces[this.pieces.length - 1];
    if (last?.kind === 'text' && last.stack === stack) last.text += text;
    else this.pieces.push({ kind: 'text', stack, text });
  }

  open(tag: InlineTag): void {
    this.stack.push(tag);
  }

  close(): void {
    this.stack.pop();
  }

  /** Appends an untranslatable item, emitted verbatim. */
  atom(raw: string): void {
    const id = this.atoms.length;
    this.atoms.push({ raw, stack: this.currentStack() });
    this.pieces.push({ kind: 'atom', id });
  }

  /** True when some text has letters (otherwise there is nothing to translate). */
  get hasText(): boolean {
    return this.letters;
  }

  get isEmpty(): boolean {
    return this.pieces.length === 0;
  }

  /**
   * The stack of tags around the whole unit (`<b><u>[dog barking]</u></b>` in a subtitle), or 0. Its text goes
   * to the engine bare and comes back inside the same tags, all of it: an engine cannot split or move a span
   * that wraps everything (`<b><u>[El perro</u></b> que <b><u>ladra]</u></b>`).
   */
  private baseStack(): number {
    let base: number | undefined;
    for (const p of this.pieces) {
      const stack = p.kind === 'atom' ? this.atoms[p.id]!.stack : p.stack;
      if (base === undefined) base = stack;
      else if (base !== stack) {
        // A deeper stack that starts with the base one still lies inside it.
        const a = this.stacks[base]!;
        const b = this.stacks[stack]!;
        if (!(b.length > a.length && a.every((t, i) => b[i] === t))) {
          if (a.length > b.length && b.every((t, i) => a[i] === t)) base = stack;
          else return 0;
        }
      }
    }
    return base ?? 0;
  }

  /** The marked unit: text outside tags plain, text inside tags as spans (id = stack), atoms as placeholders. */
  marked(): string {
    const base = this.baseStack();
    return this.pieces
      .map((p) => {
        if (p.kind === 'atom') return placeholder(p.id);
        const text = cleanUserText(p.text).replace(/\0/g, '');
        return p.stack === base ? text : span(p.stack, text);
      })
      .join('');
  }

  /**
   * Turns a translated unit back into markup. `escape` encodes text for the target syntax. Placeholders the
   * engine lost are appended at the end so no tag or code is ever dropped; unknown ids are ignored.
   */
  render(translated: string, escape: (text: string) => string): string {
    const base = this.stacks[this.baseStack()]!;
    const out: string[] = [];
    let current: InlineTag[] = [];
    const moveTo = (target: InlineTag[]): void => {
      let common = 0;
      while (common < current.length && common < target.length && current[common] === target[common])
        common++;
      for (let i = current.length - 1; i >= common; i--) out.push(current[i]!.close);
      for (let i = common; i < target.length; i++) out.push(target[i]!.open);
      current = target;
    };
    const usedAtoms = new Set<number>();
    const emitAtom = (id: number): void => {
      const atom = this.atoms[id];
      if (!atom || usedAtoms.has(id)) return;
      usedAtoms.add(id);
      moveTo(this.stacks[atom.stack]!);
      out.push(atom.raw);
    };
    let inSpan: InlineTag[] | undefined;
    for (const token of tokenize(mergeSpans(translated))) {
      switch (token.kind) {
        case 'text':
          moveTo(inSpan ?? base);
          out.push(escape(token.text));
          break;
        case 'open':
          inSpan = this.stacks[token.id] ?? [];
          break;
        case 'close':
          inSpan = undefined;
          break;
        case 'placeholder':
          emitAtom(token.id);
          break;
      }
    }
    for (let id = 0; id < this.atoms.length; id++) emitAtom(id);
    moveTo([]);
    return out.join('');
  }

  private currentStack(): number {
    if (this.stack.length === 0) return 0;
    // Tags are identified by object identity, so two sibling <b> elements get two span ids.
    const key = this.stack.map((t) => this.tagKey(t)).join(',');
    let id = this.stackIds.get(key);
    if (id === undefined) {
      id = this.stacks.length;
      this.stacks.push(this.stack.slice());
      this.stackIds.set(key, id);
    }
    return id;
  }

  private readonly tagKeys = new Map<InlineTag, number>();
  private tagKey(tag: InlineTag): number {
    let key = this.tagKeys.get(tag);
    if (key === undefined) {
      key = this.tagKeys.size;
      this.tagKeys.set(tag, key);
    }
    return key;
  }
}
