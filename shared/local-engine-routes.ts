/**
 * How the local engine reaches a language pair (any process; pure data). The local service runs Apertium, which
 * translates some pairs directly and the others in two steps through Spanish (`service/engines/apertium/modes.ts`,
 * `planRoutes`, hub ES). The app labels output with that (issue 20 point 4: "EN→FR and EN→PT go through Spanish"):
 * the direct pairs below are those of the Apertium language packages Verso installs from Debian (apertium-en-es,
 * apertium-es-fr, apertium-es-pt, apertium-es-it, apertium-es-ro, apertium-swe-dan/nor ...), by spec base code.
 */

/** Direct Apertium pairs, `SOURCE>TARGET` by base code. */
const DIRECT: ReadonlySet<string> = new Set([
  'EN>ES',
  'ES>EN',
  'ES>FR',
  'FR>ES',
  'ES>PT',
  'PT>ES',
  'ES>IT',
  'IT>ES',
  'RO>ES',
  'DA>SV',
  'SV>DA',
  'DA>NB',
  'NB>DA',
  'SV>NB',
  'NB>SV',
]);

/** The hub the local engine goes through. */
export const LOCAL_PIVOT = 'ES';

const base = (code: string) => code.trim().toUpperCase().split('-')[0] ?? '';

/**
 * The language Apertium translates `source` → `target` through, or null for a direct pair (and for a pair it does
 * not reach, or an unknown source: a detected language is not known before the document is done).
 */
export function localPivotOf(source: string | null | undefined, target: string): string | null {
  if (!source) return null;
  const s = base(source);
  const t = base(target);
  if (s === t || DIRECT.has(`${s}>${t}`)) return null;
  return DIRECT.has(`${s}>${LOCAL_PIVOT}`) && DIRECT.has(`${LOCAL_PIVOT}>${t}`) ? LOCAL_PIVOT : null;
}
