/**
 * Renderer, pure logic (issue 20, point 8): does a text look hard-wrapped — lines broken at a fixed width, as in
 * text pasted from an e-mail or a PDF? Then each line would be translated as a sentence of its own (a capital at
 * each line); the Translate screen offers to join the wrapped lines, on by default when detected.
 *
 * The decision is made per paragraph (lines between blank lines): an e-mail's wrapped paragraph stays wrapped when
 * a signature or a list of lines follows it (a tour saw the text-wide count miss it, and each wrapped line was
 * translated on its own). A break counts as a wrap when the line before it is long (close to the paragraph's
 * longest line, at least 35 characters), does not end a sentence, and the next line goes on (starts with a
 * lower-case letter, a digit or continues a word). Lists, short lines (poems, addresses, code) are not wraps.
 *
 * Joining: when every paragraph of several lines is wrapped, the whole text can go with `split_sentences=nonewlines`
 * (the spec's own value; the service puts the breaks back at word boundaries). Otherwise that value would also run
 * the lines of the other paragraphs together (a signature, placeholders to fill in: sent as one sentence, their
 * breaks put back at about the same share of the text, not after the same words), so the wrapped paragraphs are
 * joined here and the other lines keep their breaks.
 */

const SENTENCE_END = /[.!?:;…。！？"”’»)\]]$/u;
const LIST_ITEM = /^\s*([-*•–]|\d+[.)]|[a-z][.)])\s/u;
const CONTINUES = /^\s*[\p{Ll}\p{N}(“"'‘«]/u;
const LINE_BREAK = /\r\n|\r|\n/;

export interface HardWrap {
  /** The text with the wrapped paragraphs' lines joined by a space; the other lines as they were, byte for byte. */
  joined: string;
  /** Every paragraph of several lines is wrapped: `split_sentences=nonewlines` joins no intended break. */
  allWrapped: boolean;
}

/** The hard-wrapped paragraphs of `text` and how to join them, or null when no paragraph is clearly wrapped. */
export function findHardWrap(text: string): HardWrap | null {
  const lines = text.split(LINE_BREAK);
  const seps = text.match(new RegExp(LINE_BREAK.source, 'g')) ?? [];
  /** Per line: the break after it is joined. */
  const joinAfter: boolean[] = lines.map(() => false);
  let wrapsSeen = 0;
  let allWrapped = true;
  for (let start = 0; start < lines.length; ) {
    if (lines[start]!.trim() === '') {
      start += 1;
      continue;
    }
    let end = start;
    while (end + 1 < lines.length && lines[end + 1]!.trim() !== '') end += 1;
    if (end > start) {
      const para = lines.slice(start, end + 1).map((l) => l.trimEnd());
      const longest = Math.max(...para.map((l) => l.length));
      const long = (l: string) => l.length >= Math.max(35, longest * 0.6);
      let breaks = 0;
      let wraps = 0;
      for (let i = 0; i + 1 < para.length; i++) {
        if (LIST_ITEM.test(para[i + 1]!)) continue;
        breaks += 1;
        if (long(para[i]!) && !SENTENCE_END.test(para[i]!) && CONTINUES.test(para[i + 1]!)) wraps += 1;
      }
      // Most breaks inside the paragraph are wraps; two of them at least, in this paragraph or over the wrapped
      // ones (two short wrapped paragraphs), make it clear.
      const wrapped = wraps >= 1 && wraps * 2 >= breaks;
      if (wrapped) wrapsSeen += wraps;
      if (!wrapped) allWrapped = false;
      // In a wrapped paragraph every break after a long line in mid-sentence is joined (the next line may start
      // with a name); a break after a sentence or a short line stays.
      for (let i = 0; wrapped && i + 1 < para.length; i++) {
        joinAfter[start + i] = long(para[i]!) && !SENTENCE_END.test(para[i]!) && !LIST_ITEM.test(para[i + 1]!);
      }
    }
    start = end + 1;
  }
  if (wrapsSeen < 2) return null;
  let joined = lines[0]!;
  for (let i = 1; i < lines.length; i++) {
    joined = joinAfter[i - 1] ? `${joined.trimEnd()} ${lines[i]!.trimStart()}` : joined + seps[i - 1]! + lines[i]!;
  }
  return { joined, allWrapped };
}

export function looksHardWrapped(text: string): boolean {
  return findHardWrap(text) !== null;
}
