/**
 * Unit test (service, issue 20 point 4): `GET /v2/languages/pairs` says which pairs an engine takes through another
 * language (`via_lang`), so the app can tell a translator that English → French went through Spanish.
 */
import { describe, expect, it } from 'vitest';
import { EngineSet } from '../engines/registry.js';
import type { Engine } from '../engines/types.js';
import { languagePairs } from './language-pairs.js';

function fakeApertium(routes: Record<string, string[]>): Engine {
  const route = (s: string, t: string) => routes[`${s}>${t}`];
  return {
    id: 'apertium',
    label: 'fake',
    sourceLanguages: () => [...new Set(Object.keys(routes).map((k) => k.split('>')[0]!))],
    targetLanguages: () => [...new Set(Object.keys(routes).map((k) => k.split('>')[1]!))],
    supports: (s, t) => route(s, t) !== undefined,
    via: (s, t) => ((route(s, t)?.length ?? 0) > 1 ? 'ES' : undefined),
    translate: async (r) => r.units,
    start: async () => undefined,
    health: () => ({ ok: true, pairs: {} }),
    close: async () => undefined,
  };
}

describe('languagePairs', () => {
  it('marks pairs that go through Spanish, and only those', () => {
    const set = new EngineSet([
      fakeApertium({ 'EN>ES': ['eng-spa'], 'EN>FR': ['eng-spa', 'es-fr'], 'ES>FR': ['es-fr'] }),
    ]);
    const pairs = languagePairs(set);
    expect(pairs).toContainEqual({ source_lang: 'EN', target_lang: 'FR', via_lang: 'ES' });
    expect(pairs).toContainEqual({ source_lang: 'EN', target_lang: 'ES' });
    expect(pairs).toContainEqual({ source_lang: 'ES', target_lang: 'FR' });
  });
});
