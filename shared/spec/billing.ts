/** Billing arithmetic of the spec (pure): characters are Unicode code points of the source text. */

/** Counts Unicode code points (a surrogate pair is one character; a lone surrogate counts as one). */
export function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}
