/**
 * Long texts in Text mode (main process, plain Node): a text whose request body would pass the service's limit is
 * cut into pieces at paragraph, then line, then sentence, then word boundaries, each piece as large as one request
 * allows, so the pieces need as few requests as the limits allow. Each piece keeps its surrounding whitespace out of
 * the request and puts it back around the translation, so the joined result has the original separators.
 * Written by hand: the cut depends on our exact JSON body encoding (bytes of the escaped string), which no
 * segmentation library knows; sentence-level splitting inside a piece stays the service's job.
 */

/** Bytes one code point adds inside a JSON string (escapes and UTF-8), as `JSON.stringify` writes it. */
function jsonCost(cp: number): number {
  if (cp === 0x22 || cp === 0x5c) return 2; // \" and \\
  if (cp < 0x20) return cp === 0x08 || cp === 0x09 || cp === 0x0a || cp === 0x0c || cp === 0x0d ? 2 : 6;
  if (cp < 0x80) return 1;
  if (cp < 0x800) return 2;
  if (cp >= 0xd800 && cp <= 0xdfff) return 6; // a lone surrogate is escaped as \uXXXX
  if (cp < 0x10000) return 3;
  return 4;
}

export interface TextPiece {
  /** Whitespace before the part sent (kept as is). */
  lead: string;
  /** The part sent to the service ('' for whitespace-only pieces, which are not sent). */
  core: string;
  trail: string;
}

/** Preference of cut points: later entries are used only when no earlier kind fits in the budget. */
const BOUNDARIES: RegExp[] = [
  /\n[ \t]*\n\s*/g, // paragraph: a blank line
  /\n\s*/g, // line break
  /[.!?。！？…][)"'’”»]*\s+/gu, // sentence end
  /\s+/g, // word
];

/**
 * Cuts `text` into consecutive pieces whose JSON string form (plus a comma) fits `maxBytes`; the pieces' lead, core
 * and trail concatenated give back `text` exactly.
 */
export function splitLongText(text: string, maxBytes: number): TextPiece[] {
  if (maxBytes < 16) throw new RangeError('maxBytes is too small to hold any text.');
  const pieces: TextPiece[] = [];
  let start = 0;
  // The JSON quotes and the separating comma.
  const budget = maxBytes - 3;
  while (start < text.length) {
    // Farthest end (UTF-16 index) reachable within the budget.
    let bytes = 0;
    let end = start;
    while (end < text.length) {
      const cp = text.codePointAt(end)!;
      const c = jsonCost(cp);
      if (bytes + c > budget) break;
      bytes += c;
      end += cp > 0xffff ? 2 : 1;
    }
    let cut = end;
    if (end < text.length) {
      const window = text.slice(start, end);
      for (const re of BOUNDARIES) {
        let best = -1;
        re.lastIndex = 0;
        for (let m = re.exec(window); m; m = re.exec(window)) {
          // Cut after the separator; a cut at the very start would make no progress.
          const at = m.index + m[0].length;
          if (at > 0 && at <= window.length) best = at;
          if (m[0].length === 0) re.lastIndex++;
        }
        // Only accept a boundary that keeps a useful share of the budget (else fall through to a finer kind).
        if (best > 0 && best >= window.length / 4) {
          cut = start + best;
          break;
        }
      }
    }
    pieces.push(toPiece(text.slice(start, cut)));
    start = cut;
  }
  return pieces;
}

function toPiece(s: string): TextPiece {
  const lead = /^\s*/.exec(s)![0];
  if (lead.length === s.length) return { lead: s, core: '', trail: '' };
  const trail = /\s*$/.exec(s)![0];
  return { lead, core: s.slice(lead.length, s.length - trail.length), trail };
}

/** Puts translated cores back between their original whitespace. */
export function joinPieces(pieces: readonly TextPiece[], translated: readonly string[]): string {
  let k = 0;
  let out = '';
  for (const p of pieces) {
    out += p.lead;
    if (p.core !== '') out += translated[k++] ?? '';
    out += p.trail;
  }
  return out;
}
