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
 * The pair a new glossary starts with: Translate's last pair (by base code); with Translate detecting the source,
 * its target from the user's own language (`uiLanguage`) or from English; else a pair from Translate's source;
 * else English → German; else a pair from the user's own language, or from English; else the first offered. Null
 * when none is offered. (The local engine has no English → German: an English user's first glossary there started
 * as Danish → Norwegian, the first pair it lists, where English → Spanish is what they would make.)
 */
export function defaultPair(pairs: readonly GlossaryPair[], lastUsed: { sourceLang: string; targetLang: string }, uiLanguage = ''): GlossaryPair | null {
  const s = lastUsed.sourceLang ? base(lastUsed.sourceLang) : '';
  const t = lastUsed.targetLang ? base(lastUsed.targetLang) : '';
  const find = (src: string, tgt: string) => (src && tgt && src !== tgt ? pairs.find((p) => base(p.sourceLang) === src && base(p.targetLang) === tgt) : undefined);
  const from = (src: string) => (src ? pairs.find((p) => base(p.sourceLang) === src && base(p.targetLang) !== src) : undefined);
  return (
    find(s, t) ??
    (s ? undefined : (find(base(uiLanguage), t) ?? find('EN', t))) ??
    from(s) ??
    find('EN', 'DE') ??
    from(base(uiLanguage)) ??
    from('EN') ??
    pairs[0] ??
    null
  );
}
