/**
 * Renderer, pure logic (issue 20, point 4): what made a translation, for the label shown beside it. The local
 * engine's Apertium output is a rule-based draft, and some of its pairs go through Spanish (English → French,
 * English → Portuguese): the local service says which in `languages.pairs` (`via`). Shared by every place that shows
 * local output (Translate, Segments, Documents rows): `engineLabel()` gives the catalog message to show, or null for
 * output that needs no label (hosted engines; pseudo output has its own badge).
 */
import type { LanguagePairView } from '../../shared/ipc/contract.js';
import { baseLanguage } from '../../shared/spec/languages.js';
import type { Msg } from './translate-rules.js';

/** The language a pair goes through on this connection (null: direct, or the connection does not say). */
export function pivotLanguage(
  pairs: readonly LanguagePairView[] | null | undefined,
  source: string | null | undefined,
  target: string,
): string | null {
  if (!pairs || !source || !target) return null;
  const pair = pairs.find(
    (p) => baseLanguage(p.source) === baseLanguage(source) && p.target.toUpperCase() === target.toUpperCase(),
  );
  return pair?.via ?? null;
}

/**
 * The label for output made by `engine` (the service's `X-Verso-Engine`; `apertium` for the local engine) from
 * `source` (chosen or detected) into `target`. Null when there is nothing to say.
 */
export function engineLabel(
  engine: string | null | undefined,
  source: string | null | undefined,
  target: string,
  pairs: readonly LanguagePairView[] | null | undefined,
): Msg | null {
  if (engine !== 'apertium') return null;
  const via = pivotLanguage(pairs, source, target);
  // `lang` becomes {language}, named in the UI language.
  return via ? { id: 'translate.engine.apertiumVia', lang: via } : { id: 'translate.engine.apertium' };
}
