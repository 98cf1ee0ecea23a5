/**
 * The pseudo engine (service process): deterministic pseudo-localisation for every language of the spec.
 * It is for tests and for previewing layouts, never a translation: it is off unless `--engines` names it,
 * its languages are listed with "(pseudo)" in their names, and every response it served carries
 * `X-Verso-Engine: pseudo`.
 *
 * Output of a unit: `⟦` + the text with ASCII letters swapped for accented look-alikes + `⟧`, markers kept in
 * place. Formality shows as `⟦+` (more) or `⟦-` (less) where the target supports it, so tests can see it.
 */
import { SOURCE_LANGUAGES, TARGET_LANGUAGES, supportsFormality } from '../../shared/spec/languages.js';
import { tokenize } from '../text/markers.js';
import type { Engine, EngineRequest } from './types.js';

const ACCENTS: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'đ', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ĺ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ŧ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Đ', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ĺ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ŧ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** Look-alike per ASCII code (index = char code), built once; a plain loop beats a regex callback per letter. */
const TABLE: string[] = Array.from({ length: 128 }, (_, i) => ACCENTS[String.fromCharCode(i)] ?? String.fromCharCode(i));

export function pseudoText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out += c < 128 ? TABLE[c]! : text[i]!;
  }
  return out;
}

export function pseudoUnit(unit: string, target: string, formality?: string): string {
  // A unit of only whitespace (or empty) stays as it is, so empty lines stay empty.
  if (!/\S/.test(unit)) return unit;
  let out = '';
  for (const t of tokenize(unit)) {
    if (t.kind === 'text') out += pseudoText(t.text);
    else if (t.kind === 'open') out += `\uE000${t.id}\uE001`;
    else if (t.kind === 'close') out += '\uE002';
    else out += `\uE003${t.id}\uE001`;
  }
  const lead = out.match(/^\s*/)?.[0] ?? '';
  const trail = out.match(/\s*$/)?.[0] ?? '';
  const core = out.slice(lead.length, out.length - trail.length);
  let mark = '';
  if (supportsFormality(target)) {
    if (formality === 'more' || formality === 'prefer_more') mark = '+';
    if (formality === 'less' || formality === 'prefer_less') mark = '-';
  }
  return `${lead}⟦${mark}${core}⟧${trail}`;
}

export function createPseudoEngine(): Engine {
  const sources = SOURCE_LANGUAGES.map((l) => l.code);
  const targets = TARGET_LANGUAGES.map((l) => l.code);
  return {
    id: 'pseudo',
    label: 'Pseudo-localisation (test engine, not a translation)',
    sourceLanguages: () => sources,
    targetLanguages: () => targets,
    supports: () => true,
    async translate(req: EngineRequest) {
      return req.units.map((u) => pseudoUnit(u, req.target, req.formality));
    },
    async start() {},
    health: () => ({ ok: true, pairs: { '*': 'ok' } }),
    async close() {},
  };
}
