/**
 * TEMPORARY (any process, pure): a minimal stand-in for `spans.ts` (the shared span detector written on the
 * local-service side, issue 22), with the same API, so the client side can be built and tested before that file
 * lands in main. Deleted, and its importers switched to `./spans.js`, as soon as it does.
 */
export type ProtectedKind = 'placeholder' | 'icu' | 'url' | 'email' | 'path' | 'version' | 'identifier' | 'code';
export interface ProtectedSpan {
  start: number;
  end: number;
  kind: ProtectedKind;
  text: string;
}

const PATTERNS: [ProtectedKind, RegExp][] = [
  ['code', /`[^`\n]+`/y],
  ['url', /(?:https?|ftp):\/\/[^\s<>"'`]+[^\s<>"'`.,;:!?)\]}]/y],
  ['email', /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/y],
  ['placeholder', /\{\{[^{}\n]+\}\}|\$\{[^{}\n]+\}|\{[\w.]+\}|%(?:\d+\$)?[-+ 0#]?\d*(?:\.\d+)?[sdifuxXeEgGcp@]|%\([\w.]+\)[sdif]/y],
  ['path', /(?:~|\.{1,2})?(?:\/[\w.-]+){2,}\/?|[A-Za-z]:\\(?:[\w .-]+\\)*[\w.-]+/y],
  ['version', /v?\d+\.\d+(?:\.\d+)+(?:-[\w.]+)?|v\d+\.\d+/y],
  ['identifier', /[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+|[a-z]\w*(?:\.[a-z]\w*){2,}/y],
];

export function findProtectedSpans(text: string): ProtectedSpan[] {
  const out: ProtectedSpan[] = [];
  let i = 0;
  while (i < text.length) {
    // Only at the start of a token: a span never starts inside a word.
    const prev = i === 0 ? '' : text[i - 1]!;
    let hit: ProtectedSpan | null = null;
    if (!/[\w]/.test(prev) || text[i] === '{' || text[i] === '%' || text[i] === '$') {
      for (const [kind, re] of PATTERNS) {
        re.lastIndex = i;
        const m = re.exec(text);
        if (m && m[0].length > 0) {
          const end = i + m[0].length;
          // Identifiers and versions end at a word boundary.
          if ((kind === 'identifier' || kind === 'version') && /\w/.test(text[end] ?? '')) continue;
          hit = { start: i, end, kind, text: m[0] };
          break;
        }
      }
    }
    if (hit) {
      out.push(hit);
      i = hit.end;
    } else i += 1;
  }
  return out;
}
