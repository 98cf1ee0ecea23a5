/**
 * Which language pairs a new glossary may have (renderer, pure): the active connection's glossary language pairs
 * (`/v2/glossary-language-pairs`), narrowed — where the connection says which pairs it translates (the local
 * engine's `languages.pairs`) — to those it can also translate, so a glossary is never made for a pair the
 * connection cannot use. The first pair offered is the one last used in Translate when it is among them.
 */
import type { GlossaryPair } from '../../../shared/ipc/contract-glossaries.js';

const base = (code: string) => code.trim().toUpperCase().split('-')[0] ?? '';

/** The glossary pairs the connection can use; `translatable` null = it translates every pair it lists. */
export function usablePairs(glossaryPairs: readonly GlossaryPair[], translatable: readonly { source: string; target: string }[] | null | undefined): GlossaryPair[] {
  if (!translatable) return [...glossaryPairs];
  const ok = new Set(translatable.map((p) => `${base(p.source)}>${base(p.target)}`));
  return glossaryPairs.filter((p) => ok.has(`${base(p.sourceLang)}>${base(p.targetLang)}`));
}

/**
 * The pair a new glossary starts with: Translate's last pair (source and target by base code), else a pair with
 * Translate's target, else a pair from Translate's source, else the first offered. Null when none is offered.
 */
export function defaultPair(pairs: readonly GlossaryPair[], lastUsed: { sourceLang: string; targetLang: string }): GlossaryPair | null {
  const s = lastUsed.sourceLang ? base(lastUsed.sourceLang) : '';
  const t = lastUsed.targetLang ? base(lastUsed.targetLang) : '';
  return (
    (s && t ? pairs.find((p) => base(p.sourceLang) === s && base(p.targetLang) === t) : undefined) ??
    (t ? pairs.find((p) => base(p.targetLang) === t && base(p.sourceLang) !== t) : undefined) ??
    (s ? pairs.find((p) => base(p.sourceLang) === s) : undefined) ??
    pairs[0] ??
    null
  );
}
