/**
 * Renderer, pure logic (issue 20, point 8): does a text look hard-wrapped — lines broken at a fixed width, as in
 * text pasted from an e-mail or a PDF? Then each line would be translated as a sentence of its own (a capital at
 * each line); the Translate screen offers to join the wrapped lines (`split_sentences=nonewlines`, the spec's own
 * value), on by default when detected.
 *
 * A break counts as a wrap when the line before it is long (close to the longest line, at least 35 characters), does
 * not end a sentence, and the next line goes on (starts with a lower-case letter, a digit or continues a word).
 * Lists, short lines (poems, addresses, code) and paragraphs separated by blank lines are not wraps.
 */

const SENTENCE_END = /[.!?:;…。！？"”’»)\]]$/u;
const LIST_ITEM = /^\s*([-*•–]|\d+[.)]|[a-z][.)])\s/u;
const CONTINUES = /^\s*[\p{Ll}\p{N}(“"'‘«]/u;

export function looksHardWrapped(text: string): boolean {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const lengths = lines.map((l) => l.trimEnd().length);
  const longest = Math.max(0, ...lengths);
  if (longest < 35) return false;
  let breaks = 0;
  let wraps = 0;
  for (let i = 0; i + 1 < lines.length; i++) {
    const cur = lines[i]!.trimEnd();
    const next = lines[i + 1]!;
    if (cur.trim() === '' || next.trim() === '') continue; // a paragraph break, not a wrap
    if (LIST_ITEM.test(next)) continue;
    breaks += 1;
    const long = cur.length >= Math.max(35, longest * 0.6);
    if (long && !SENTENCE_END.test(cur) && CONTINUES.test(next)) wraps += 1;
  }
  // At least two wrapped breaks, and most breaks inside paragraphs are wraps.
  return wraps >= 2 && wraps * 2 >= breaks;
}
