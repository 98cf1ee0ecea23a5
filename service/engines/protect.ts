/**
 * Protection of placeholders, code, addresses and identifiers around every engine (service process, issue 22).
 *
 * Every marked unit an engine gets — from `/v2/translate`, from every document format, with glossary terms
 * already marked — first has its protected spans (../../shared/protect/spans.ts: `{count}`, `%s`, URLs, paths,
 * `COMPANY_CODE`, ICU syntax, …) turned into placeholders, the markers every engine must give back unchanged;
 * the sentence around them is still translated. After the engine, each placeholder is replaced by the source
 * bytes it stood for. A placeholder the engine lost is put back at the end of the unit (before its final
 * punctuation), one it repeated is written once: nothing protected is ever dropped or doubled.
 *
 * Only text between markers is searched, so a span never crosses an inline tag; text inside a tag span gets
 * its placeholders inside that span.
 */
import { findProtectedSpans } from '../../shared/protect/spans.js';
import { placeholder } from '../text/markers.js';
import type { Engine, EngineRequest } from './types.js';

export interface ProtectedUnit {
  /** The unit with every protected span replaced by a placeholder. */
  unit: string;
  /** Number of spans protected. */
  count: number;
  /** Puts the protected bytes back into the engine's translation of `unit`. */
  finish(translated: string): string;
}

const MARKER_RE = /[\uE000\uE003](\d+)\uE001|\uE002/g;
const HAS_MARKER = /[\uE000-\uE003]/;

const PH_CODE = 0xe003;
const SEP_CODE = 0xe001;

/** A unit with nothing protected: given back as it came. */
class Unchanged implements ProtectedUnit {
  readonly count = 0;
  constructor(readonly unit: string) {}
  finish(translated: string): string {
    return translated;
  }
}

/** A unit whose spans `originals` became placeholders with the ids `first`, `first + 1`, … in source order. */
class Protected implements ProtectedUnit {
  constructor(
    readonly unit: string,
    private readonly originals: string[],
    private readonly first: number,
  ) {}
  get count(): number {
    return this.originals.length;
  }
  finish(translated: string): string {
    return restore(translated, this.originals, this.first, this.unit);
  }
}

/** Protects the spans of one marked unit; ids start after the largest marker id in the unit. */
export function protectUnit(unit: string): ProtectedUnit {
  const originals: string[] = [];
  let out = '';
  let at = 0;
  let first = 0;
  if (!HAS_MARKER.test(unit)) {
    for (const s of findProtectedSpans(unit)) {
      out += unit.slice(at, s.start) + placeholder(originals.length);
      originals.push(s.text);
      at = s.end;
    }
  } else {
    let maxId = -1;
    const pieces: number[] = [];
    let last = 0;
    for (const m of unit.matchAll(MARKER_RE)) {
      const start = m.index;
      if (start > last) pieces.push(last, start);
      if (m[1] !== undefined) maxId = Math.max(maxId, Number(m[1]));
      last = start + m[0].length;
    }
    if (last < unit.length) pieces.push(last, unit.length);
    first = maxId + 1;
    for (let k = 0; k < pieces.length; k += 2) {
      const from = pieces[k]!;
      for (const s of findProtectedSpans(unit.slice(from, pieces[k + 1]))) {
        out += unit.slice(at, from + s.start) + placeholder(first + originals.length);
        originals.push(s.text);
        at = from + s.end;
      }
    }
  }
  if (originals.length === 0) return new Unchanged(unit);
  return new Protected(out + unit.slice(at), originals, first);
}

const TAIL = /[.!?…:;。！？)\]»"'’”\uE002]*\s*$/u;

/** Leading placeholders (and the space after them) of a unit, then its first letter. */
const LEADING = /^((?:\s*\uE003\d+\uE001)+\s*)(\p{L})(\p{Ll}?)/u;

/** Whether `s` can start with `\s*\uE003` (a cheap superset test before the LEADING pattern). */
function mayLead(s: string): boolean {
  const c = s.charCodeAt(0);
  return c === PH_CODE || c <= 0x20 || c === 0xa0 || c === 0xfeff || (c >= 0x1680 && c <= 0x3000);
}

function restore(translated: string, originals: readonly string[], first: number, source: string): string {
  // A unit that starts with a placeholder (`%(count)d new messages`) reads to an engine as a sentence starting
  // at the word after it, which it capitalises; the source's lower case comes back.
  if (mayLead(source)) {
    const src = LEADING.exec(source);
    if (src && src[2] !== src[2]!.toUpperCase()) {
      translated = translated.replace(LEADING, (whole, lead: string, firstLetter: string, second: string) =>
        second ? lead + firstLetter.toLowerCase() + second : whole,
      );
    }
  }
  // Each placeholder `\uE003<id>\uE001` of ours becomes its source bytes, the first time; a repeat is dropped.
  // Placeholders of other ids (the unit's own markers) are left as they are.
  const used = new Uint8Array(originals.length);
  let out = '';
  let at = 0;
  for (let i = translated.indexOf('\uE003'); i >= 0; i = translated.indexOf('\uE003', i + 1)) {
    let j = i + 1;
    let id = 0;
    for (let c = translated.charCodeAt(j); c >= 48 && c <= 57; c = translated.charCodeAt(++j)) id = id * 10 + (c - 48);
    if (j === i + 1 || translated.charCodeAt(j) !== SEP_CODE) continue;
    if (j - i > 16) id = Number(translated.slice(i + 1, j)); // beyond exact integer arithmetic: as Number() reads it
    const k = id - first;
    if (k < 0 || k >= originals.length) continue;
    out += translated.slice(at, i);
    if (used[k] === 0) {
      out += originals[k];
      used[k] = 1;
    }
    at = j + 1;
    i = j;
  }
  out = at === 0 ? translated : out + translated.slice(at);
  let missing = '';
  for (let k = 0; k < originals.length; k++) if (used[k] === 0) missing += (missing ? ' ' : '') + originals[k];
  if (missing) {
    // Lost by the engine: written before the unit's closing punctuation, in source order.
    const tail = TAIL.exec(out)?.[0] ?? '';
    const body = out.slice(0, out.length - tail.length);
    out = body + (body && !/\s$/.test(body) ? ' ' : '') + missing + tail;
  }
  return out;
}

/** Wraps an engine so every unit it translates has its protected spans kept byte for byte. */
export function protectEngine(engine: Engine): Engine {
  return {
    id: engine.id,
    label: engine.label,
    sourceLanguages: () => engine.sourceLanguages(),
    targetLanguages: () => engine.targetLanguages(),
    supports: (source, target) => engine.supports(source, target),
    // The pivot language a pair goes through (`GET /v2/languages/pairs` says it as via_lang).
    ...(engine.via && { via: (source: string, target: string) => engine.via?.(source, target) }),
    async translate(request: EngineRequest): Promise<string[]> {
      const plans = request.units.map(protectUnit);
      const translated = await engine.translate({ ...request, units: plans.map((p) => p.unit) });
      return translated.map((t, i) => plans[i]!.finish(t));
    },
    start: () => engine.start(),
    health: () => engine.health(),
    close: () => engine.close(),
  };
}
