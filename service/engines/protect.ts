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
/** Quick pre-check: a unit without any of these characters cannot hold a protected span. */
const MAYBE = /[{}%$`@/\\_]|[\w$]\.[A-Za-z_$]|[a-z0-9][A-Z]|\d\.\d|[vV]\d|\(\)|www\.|mailto:/;

const IDENTITY = (t: string): string => t;

/** Protects the spans of one marked unit; ids start after the largest marker id in the unit. */
export function protectUnit(unit: string): ProtectedUnit {
  if (!MAYBE.test(unit)) return { unit, count: 0, finish: IDENTITY };
  let maxId = -1;
  const pieces: Array<{ start: number; end: number }> = [];
  if (!HAS_MARKER.test(unit)) pieces.push({ start: 0, end: unit.length });
  else {
    let last = 0;
    for (const m of unit.matchAll(MARKER_RE)) {
      const at = m.index ?? 0;
      if (at > last) pieces.push({ start: last, end: at });
      if (m[1] !== undefined) maxId = Math.max(maxId, Number(m[1]));
      last = at + m[0].length;
    }
    if (last < unit.length) pieces.push({ start: last, end: unit.length });
  }

  const originals = new Map<number, string>();
  let nextId = maxId + 1;
  let out = '';
  let at = 0;
  for (const p of pieces) {
    const text = unit.slice(p.start, p.end);
    const spans = findProtectedSpans(text);
    if (spans.length === 0) continue;
    for (const s of spans) {
      const id = nextId++;
      originals.set(id, s.text);
      out += unit.slice(at, p.start + s.start) + placeholder(id);
      at = p.start + s.end;
    }
  }
  if (originals.size === 0) return { unit, count: 0, finish: IDENTITY };
  out += unit.slice(at);
  const protectedUnit = out;
  return { unit: out, count: originals.size, finish: (translated) => restore(translated, originals, protectedUnit) };
}

const PH_RE = /\uE003(\d+)\uE001/g;
const TAIL = /[.!?…:;。！？)\]»"'’”\uE002]*\s*$/u;

/** Leading placeholders (and the space after them) of a unit, then its first letter. */
const LEADING = /^((?:\s*\uE003\d+\uE001)+\s*)(\p{L})(\p{Ll}?)/u;

function restore(translated: string, originals: Map<number, string>, source: string): string {
  // A unit that starts with a placeholder (`%(count)d new messages`) reads to an engine as a sentence starting
  // at the word after it, which it capitalises; the source's lower case comes back.
  const src = LEADING.exec(source);
  if (src && src[2] !== src[2]!.toUpperCase()) {
    translated = translated.replace(LEADING, (whole, lead: string, first: string, second: string) =>
      second ? lead + first.toLowerCase() + second : whole,
    );
  }
  const used = new Set<number>();
  let out = translated.replace(PH_RE, (whole, id: string) => {
    const n = Number(id);
    const original = originals.get(n);
    if (original === undefined) return whole;
    if (used.has(n)) return '';
    used.add(n);
    return original;
  });
  const missing = [...originals].filter(([id]) => !used.has(id)).map(([, text]) => text);
  if (missing.length > 0) {
    // Lost by the engine: written before the unit's closing punctuation, in source order.
    const tail = TAIL.exec(out)?.[0] ?? '';
    const body = out.slice(0, out.length - tail.length);
    out = body + (body && !/\s$/.test(body) ? ' ' : '') + missing.join(' ') + tail;
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
