/**
 * Verso extension of the local service (service process): `GET /v2/languages/pairs` lists every source → target
 * combination the running engines can translate. `/v2/languages` (spec) lists sources and targets separately, so a
 * client cannot tell that Apertium does English → Spanish but not English → Danish; the app uses this list to
 * disable unreachable targets before a request fails. Hosted services do not have it (404 there means "every
 * combination"). Same auth and `languages` scope as `/v2/languages`.
 */
import type { FastifyInstance } from 'fastify';
import type { EngineSet } from '../engines/registry.js';

export interface LanguagePair {
  source_lang: string;
  target_lang: string;
  /** The language the engine goes through for this pair (Apertium pivots through Spanish); absent when direct. */
  via_lang?: string;
}

/** Every pair an engine of the set serves, in the spec's language order (sources, then their targets). */
export function languagePairs(engines: EngineSet): LanguagePair[] {
  const sources = engines.languages('source');
  const targets = engines.languages('target');
  const out: LanguagePair[] = [];
  for (const s of sources) {
    for (const t of targets) {
      const engine = engines.pick(s.code, t.code);
      if (!engine) continue;
      const via = engine.via?.(s.code, t.code);
      out.push({ source_lang: s.code, target_lang: t.code, ...(via && { via_lang: via }) });
    }
  }
  return out;
}

export function registerLanguagePairRoutes(app: FastifyInstance, deps: { engines: EngineSet }): void {
  app.get('/v2/languages/pairs', { config: { scope: 'languages' } }, async () => ({
    pairs: languagePairs(deps.engines),
  }));
}
