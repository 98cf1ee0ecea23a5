/**
 * Renderer, pure logic of the Translate screen's languages: which targets a source can reach on the connection
 * (from `languages.pairs`; null pairs = every combination), the default target from the system's languages, the
 * second language when the text already is in the target language, and the swap.
 */
import type { LanguagePairView, LanguageView } from '../../../shared/ipc/contract.js';
import { baseLanguage } from '../../../shared/spec/languages.js';

export const sameCode = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
export const sameBase = (a: string, b: string) => baseLanguage(a) === baseLanguage(b);

/** Picks the target code for a language: the same code if listed, else the first listed variant. */
export function targetFor(code: string, targets: readonly LanguageView[]): string | null {
  const exact = targets.find((t) => sameCode(t.code, code));
  if (exact) return exact.code;
  return targets.find((t) => sameBase(t.code, code))?.code ?? null;
}

/** Picks the source code for a target language (`EN-GB` → `EN`), if the source list has it. */
export function sourceFor(target: string, sources: readonly LanguageView[]): string | null {
  return sources.find((s) => sameCode(s.code, target))?.code ?? sources.find((s) => sameBase(s.code, target))?.code ?? null;
}

/**
 * Whether `target` can be reached from `source` ('' = detect: reachable from some source). Pairs name source base
 * codes; a null list means the connection does every combination of its lists.
 */
export function reachable(pairs: readonly LanguagePairView[] | null | undefined, source: string, target: string): boolean {
  if (!pairs) return true;
  const index = pairIndex(pairs);
  const to = target.toUpperCase();
  return source ? (index.bySource.get(baseLanguage(source))?.has(to) ?? false) : index.targets.has(to);
}

interface PairIndex {
  /** Upper-case targets by the source's base code. */
  bySource: Map<string, Set<string>>;
  /** Every upper-case target. */
  targets: Set<string>;
}
const pairIndexes = new WeakMap<readonly LanguagePairView[], PairIndex>();

/**
 * The pairs by source, built once per list (the query's answer is the same array until it is fetched again). The
 * language bar asks for every target on each render; a scan of the list each time (a local engine doing every
 * combination lists ~1,000 pairs) cost ~4 ms a render and ~13 ms the first time.
 */
function pairIndex(pairs: readonly LanguagePairView[]): PairIndex {
  let index = pairIndexes.get(pairs);
  if (!index) {
    index = { bySource: new Map(), targets: new Set() };
    for (const p of pairs) {
      const to = p.target.toUpperCase();
      const from = baseLanguage(p.source);
      let set = index.bySource.get(from);
      if (!set) index.bySource.set(from, (set = new Set()));
      set.add(to);
      index.targets.add(to);
    }
    pairIndexes.set(pairs, index);
  }
  return index;
}

/** Targets reachable from a source, in list order. */
export function reachableTargets(
  pairs: readonly LanguagePairView[] | null | undefined,
  source: string,
  targets: readonly LanguageView[],
): LanguageView[] {
  return targets.filter((t) => reachable(pairs, source, t.code));
}

/** Sources that can reach a target (for "translates into X from: …"). */
export function sourcesReaching(
  pairs: readonly LanguagePairView[] | null | undefined,
  target: string,
  sources: readonly LanguageView[],
): LanguageView[] {
  return sources.filter((s) => reachable(pairs, s.code, target));
}

/**
 * The default target from the system's preferred languages (`en-GB`, `de`, …): the first that the connection
 * offers (exact variant first, then any variant of the language), else null.
 */
export function systemTarget(systemLanguages: readonly string[], targets: readonly LanguageView[]): string | null {
  for (const raw of systemLanguages) {
    const code = raw.replace('_', '-').toUpperCase();
    const exact = targets.find((t) => sameCode(t.code, code));
    if (exact) return exact.code;
    // Script subtags (zh-Hant) and regions the list spells differently fall back to the base language.
    const base = targets.find((t) => sameBase(t.code, code));
    if (base) return base.code;
  }
  return null;
}

/**
 * The target actually sent: the second language when the text already is in the chosen target (the service would
 * return it unchanged), mapped to a listed target code; otherwise the chosen target.
 */
export function effectiveTarget(
  chosen: string,
  detected: string | null,
  secondLanguage: string | null,
  targets: readonly LanguageView[] | undefined,
): { target: string; redirected: boolean } {
  if (!detected || !secondLanguage || !targets || !sameBase(detected, chosen)) return { target: chosen, redirected: false };
  const second = targetFor(secondLanguage, targets);
  if (!second || sameBase(second, detected)) return { target: chosen, redirected: false };
  return { target: second, redirected: true };
}

export interface SwapInput {
  sourceLang: string;
  targetLang: string;
  detected: string | null;
  sources: readonly LanguageView[];
  targets: readonly LanguageView[];
}

/** The languages after a swap, or null when the source is unknown (detect, nothing detected) or not a target. */
export function swappedLanguages(i: SwapInput): { sourceLang: string; targetLang: string } | null {
  const from = i.sourceLang || i.detected;
  if (!from) return null;
  const targetLang = targetFor(from, i.targets);
  const sourceLang = sourceFor(i.targetLang, i.sources);
  if (!targetLang || !sourceLang) return null;
  return { sourceLang, targetLang };
}

/**
 * Whether `now` is `was` edited at its end: the same text, more typed after it, or some of its end deleted (and
 * neither empty). What the service detected for `was` then still stands for `now`.
 */
export function editedAtEnd(was: string, now: string): boolean {
  if (was === now) return true;
  if (was.trim() === '' || now.trim() === '') return false;
  return now.startsWith(was) || was.startsWith(now);
}
