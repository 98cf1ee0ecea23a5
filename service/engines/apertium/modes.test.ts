/**
 * Tests of the mode map (no Apertium needed): which spec codes a mode name serves, which pairs the engine can
 * route (directly or through Spanish), and how a mode file becomes the argv of its pipeline stages.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverModes, modeStages, parseModeName, planRoutes, type ModeInfo } from './modes.js';

function modes(...names: string[]): ModeInfo[] {
  return names.flatMap((n) => {
    const m = parseModeName(n);
    return m ? [{ ...m, file: `/x/${n}.mode` }] : [];
  });
}

describe('parseModeName', () => {
  it('maps ISO 639-3 and legacy codes, and variants that are spec targets', () => {
    expect(parseModeName('eng-spa')).toEqual({
      name: 'eng-spa',
      source: 'EN',
      targets: [
        { code: 'ES', priority: 2 },
        { code: 'ES-419', priority: 2 },
      ],
    });
    expect(parseModeName('es-pt_BR')?.targets).toEqual([{ code: 'PT-BR', priority: 2 }]);
    expect(parseModeName('spa-eng_US')?.targets).toEqual([{ code: 'EN-US', priority: 2 }]);
    expect(parseModeName('nob-swe')?.source).toBe('NB');
  });

  it('ignores modes outside the spec: dialect variants, Catalan, Nynorsk, debug modes', () => {
    expect(parseModeName('eng-cat_valencia')).toBeUndefined();
    // Catalan is no spec language; every pivot it could offer, Spanish offers already.
    expect(parseModeName('eng-cat')).toBeUndefined();
    expect(parseModeName('eco-es-fr')).toBeUndefined();
    expect(parseModeName('swe-nno')?.targets ?? []).toEqual([]);
  });
});

describe('planRoutes', () => {
  const routes = planRoutes(
    modes('eng-spa', 'spa-eng', 'spa-eng_US', 'es-pt', 'es-pt_BR', 'pt-es', 'ro-es', 'swe-dan', 'cat-spa'),
  );

  it('prefers a variant’s own mode and falls back to the base mode', () => {
    expect(routes.get('ES>PT-BR')).toEqual(['es-pt_BR']);
    expect(routes.get('ES>PT-PT')).toEqual(['es-pt']);
    expect(routes.get('ES>EN-US')).toEqual(['spa-eng_US']);
    expect(routes.get('ES>EN-GB')).toEqual(['spa-eng']);
    expect(planRoutes(modes('es-pt')).get('ES>PT-BR')).toEqual(['es-pt']);
  });

  it('pivots through Spanish in two hops where no direct mode exists', () => {
    expect(routes.get('EN>PT-BR')).toEqual(['eng-spa', 'es-pt_BR']);
    expect(routes.get('RO>EN-US')).toEqual(['ro-es', 'spa-eng_US']);
    expect(routes.get('PT>EN-GB')).toEqual(['pt-es', 'spa-eng']);
  });

  it('offers nothing it cannot reach, nothing outside the spec and no same-language pair', () => {
    expect(routes.has('SV>ES')).toBe(false);
    expect(routes.has('ES>RO')).toBe(false);
    expect([...routes.keys()].some((k) => k.includes('CA'))).toBe(false);
    expect(routes.has('EN>EN-US')).toBe(false);
  });
});

describe('modeStages and discoverModes', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'verso-modes-'));
    await writeFile(
      join(dir, 'eng-spa.mode'),
      "lt-proc '/data/with space/eng-spa.automorf.bin' | apertium-tagger -g $2 '/data/x.prob' | lt-proc $1 '/data/gen.bin'\n",
    );
    await writeFile(join(dir, 'eng-cat_valencia.mode'), 'cat\n');
    await writeFile(join(dir, 'README'), 'not a mode\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('lists only the modes that serve spec languages', async () => {
    expect((await discoverModes(dir)).map((m) => m.name)).toEqual(['eng-spa']);
    expect(await discoverModes(join(dir, 'missing'))).toEqual([]);
  });

  it('builds null-flush stages with quoted paths kept whole and the generator without unknown-word marks', async () => {
    const stages = await modeStages(join(dir, 'eng-spa.mode'));
    expect(stages[0]).toContain('/data/with space/eng-spa.automorf.bin');
    const generator = stages.find((s) => s.includes('/data/gen.bin')) ?? [];
    expect(generator).toContain('-n');
    expect(generator).toContain('-z');
    expect(stages.flat()).not.toContain('$1');
    expect(stages.flat()).not.toContain('$2');
  });
});
