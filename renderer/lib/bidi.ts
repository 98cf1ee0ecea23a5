/** Unicode isolates: a label or value keeps its own direction inside a sentence of the other direction. */
export const isolate = (s: string) => `\u2068${s}\u2069`;

/**
 * A catalog sentence with each part that `pattern` (global) finds isolated: a code-like name (`quotation_mark`) or
 * a key (`Ctrl+/`) that the translations quote as they are keeps its left-to-right order in a right-to-left
 * sentence (in Arabic, `«quotation_mark» = «use_guillemets»` was shown as `«= »quotation_mark use_guillemets«»`).
 * One string, so the sentence stays one text.
 */
export const isolateEach = (text: string, pattern: RegExp): string =>
  text.replace(pattern, (m) => isolate(m));
