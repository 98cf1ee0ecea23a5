/**
 * Apertium mode discovery and the language map (service process): which installed modes serve which of the
 * spec's language codes, the routes (direct, or two hops through Spanish) for every pair, and the stage argv
 * of each mode's null-flush pipeline with word-bound blank support.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse as parseShell } from 'shell-quote';
import { SOURCE_LANGUAGES, TARGET_LANGUAGES } from '../../../shared/spec/languages.js';

const run = promisify(execFile);

export const DEFAULT_MODES_DIR = '/usr/share/apertium/modes';

/** Apertium language codes (ISO 639-3 and the legacy 2-letter ones) → spec base codes. */
const LANGUAGE_CODES: Record<string, string> = {
  ara: 'AR',
  ar: 'AR',
  bul: 'BG',
  bg: 'BG',
  ces: 'CS',
  cs: 'CS',
  dan: 'DA',
  da: 'DA',
  deu: 'DE',
  de: 'DE',
  ell: 'EL',
  el: 'EL',
  eng: 'EN',
  en: 'EN',
  spa: 'ES',
  es: 'ES',
  est: 'ET',
  et: 'ET',
  fin: 'FI',
  fi: 'FI',
  fra: 'FR',
  fr: 'FR',
  hun: 'HU',
  hu: 'HU',
  ind: 'ID',
  id: 'ID',
  ita: 'IT',
  it: 'IT',
  jpn: 'JA',
  ja: 'JA',
  kor: 'KO',
  ko: 'KO',
  lit: 'LT',
  lt: 'LT',
  lav: 'LV',
  lv: 'LV',
  nob: 'NB',
  nb: 'NB',
  nld: 'NL',
  nl: 'NL',
  pol: 'PL',
  pl: 'PL',
  por: 'PT',
  pt: 'PT',
  ron: 'RO',
  rum: 'RO',
  ro: 'RO',
  rus: 'RU',
  ru: 'RU',
  slk: 'SK',
  sk: 'SK',
  slv: 'SL',
  sl: 'SL',
  swe: 'SV',
  sv: 'SV',
  tur: 'TR',
  tr: 'TR',
  ukr: 'UK',
  uk: 'UK',
  zho: 'ZH',
  zh: 'ZH',
};

/** Regional variants of a mode name that map to a spec target code (`spa-eng_US` → EN-US). */
const VARIANTS: Record<string, Record<string, string>> = {
  EN: { US: 'EN-US', GB: 'EN-GB' },
  PT: { BR: 'PT-BR', PT: 'PT-PT' },
};

/** Spec targets served by a mode without variant; the first is its own, the others are fallbacks. */
const BASE_TARGETS: Record<string, string[]> = {
  EN: ['EN-GB', 'EN-US'],
  PT: ['PT-PT', 'PT-BR'],
  ES: ['ES', 'ES-419'],
};

const SPEC_TARGETS = new Set(TARGET_LANGUAGES.map((l) => l.code));
const SPEC_SOURCES = new Set(SOURCE_LANGUAGES.map((l) => l.code));

export interface ModeInfo {
  /** Mode name as `apertium -l` lists it (`es-pt_BR`). */
  name: string;
  file: string;
  source: string;
  /** Target codes this mode serves, each with a priority: 2 its own, 1 a fallback for a missing variant mode. */
  targets: { code: string; priority: number }[];
}

/** Reads a mode name; undefined for languages outside the spec and variants that are not a spec target. */
export function parseModeName(name: string): Omit<ModeInfo, 'file'> | undefined {
  const m = /^([a-z]{2,3})-([a-z]{2,3})(?:_([A-Za-z0-9]+))?$/.exec(name);
  if (!m) return undefined;
  const source = LANGUAGE_CODES[m[1] ?? ''];
  const target = LANGUAGE_CODES[m[2] ?? ''];
  if (!source || !target || source === target) return undefined;
  const variant = m[3];
  if (variant) {
    const code = VARIANTS[target]?.[variant];
    return code ? { name, source, targets: [{ code, priority: 2 }] } : undefined;
  }
  const codes = BASE_TARGETS[target] ?? (SPEC_TARGETS.has(target) ? [target] : []);
  // The base mode serves its extra codes fully (ES-419 from Spanish) except variants that have their own mode.
  const targets = codes.map((code, i) => ({ code, priority: i === 0 || target === 'ES' ? 2 : 1 }));
  return { name, source, targets };
}

/** Lists the installed modes that map to spec languages. */
export async function discoverModes(modesDir = DEFAULT_MODES_DIR): Promise<ModeInfo[]> {
  let names: string[];
  try {
    names = await readdir(modesDir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.mode'))
    .sort()
    .flatMap((n) => {
      const info = parseModeName(n.slice(0, -'.mode'.length));
      return info ? [{ ...info, file: join(modesDir, n) }] : [];
    });
}

/** A route: the modes a pair runs through, in order (one, or two through a hub language). */
export type Route = string[];

export function pairKey(source: string, target: string): string {
  return `${source}>${target}`;
}

/**
 * Routes for every source/target the given modes can serve: a direct mode when there is one (a variant's own
 * mode before a fallback), otherwise two hops through a hub (Spanish), e.g. EN→ES→PT-BR. Only spec languages.
 */
export function planRoutes(modes: ModeInfo[], hubs: readonly string[] = ['ES']): Map<string, Route> {
  const direct = new Map<string, { mode: string; priority: number }>();
  for (const m of modes) {
    for (const t of m.targets) {
      const key = pairKey(m.source, t.code);
      const known = direct.get(key);
      if (!known || t.priority > known.priority) direct.set(key, { mode: m.name, priority: t.priority });
    }
  }
  const routes = new Map<string, Route>();
  const sources = new Set(modes.map((m) => m.source));
  const targets = new Set(modes.flatMap((m) => m.targets.map((t) => t.code)));
  for (const s of sources) {
    if (!SPEC_SOURCES.has(s)) continue;
    for (const t of targets) {
      if (!SPEC_TARGETS.has(t) || t.split('-')[0] === s) continue;
      const one = direct.get(pairKey(s, t));
      if (one) {
        routes.set(pairKey(s, t), [one.mode]);
        continue;
      }
      for (const hub of hubs) {
        if (hub === s || t.split('-')[0] === hub) continue;
        const first = direct.get(pairKey(s, hub));
        const second = direct.get(pairKey(hub, t));
        if (first && second) {
          routes.set(pairKey(s, t), [first.mode, second.mode]);
          break;
        }
      }
    }
  }
  return routes;
}

/**
 * Stage argv of a mode's null-flush pipeline. Taken from `apertium-wblank-mode -z` (adds `-z` everywhere and
 * the wblank attach/detach stages, so word-bound blanks follow their words); if that tool is missing, from the
 * .mode file with `-z` added after each command as APy does (spans then stay where they were).
 * `$1` becomes `-n` (the generator then writes no `*`/`@`/`#` unknown-word marks), `$2` nothing.
 */
export async function modeStages(file: string): Promise<string[][]> {
  let text: string;
  try {
    text = (await run('apertium-wblank-mode', ['-z', file], { timeout: 15_000 })).stdout;
  } catch {
    text = addNullFlush(await readFile(file, 'utf8'));
  }
  text = text.trim().replace(/\$1/g, '-n').replace(/\$2/g, '');
  const stages: string[][] = [[]];
  for (const entry of parseShell(text)) {
    if (typeof entry === 'string') stages[stages.length - 1]?.push(entry);
    else if ('op' in entry && entry.op === '|') stages.push([]);
    else
      throw new Error(`Mode ${file} uses shell syntax the engine does not run (${JSON.stringify(entry)}).`);
  }
  if (stages.some((s) => s.length === 0)) throw new Error(`Mode ${file} has an empty stage.`);
  return stages;
}

/** APy's rule: `-z` after every command except the CG and HFST tools that flush on NUL by themselves. */
function addNullFlush(mode: string): string {
  return mode
    .split('|')
    .map((cmd) => {
      const c = cmd.trim();
      if (/^(vislcg3|cg-mwesplit|hfst-tokeni[sz]e)\b/.test(c)) return c;
      return c.replace(/^(\S+)/, '$1 -z');
    })
    .join(' | ');
}

/** A short sentence per language for the start-up health check. */
export const PROBE_SENTENCES: Record<string, string> = {
  EN: 'The house is big.',
  ES: 'La casa es grande.',
  FR: 'La maison est grande.',
  PT: 'A casa é grande.',
  IT: 'La casa è grande.',
  RO: 'Casa este mare.',
  SV: 'Huset är stort.',
  DA: 'Huset er stort.',
  NB: 'Huset er stort.',
  CA: 'La casa és gran.',
};
