/** Unicode isolates: a label or value keeps its own direction inside a sentence of the other direction. */
export const isolate = (s: string) => `\u2068${s}\u2069`;
