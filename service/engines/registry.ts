/**
 * Engine selection (service process): builds the enabled engines in the order given by `--engines` and picks,
 * for a pair, the first engine that supports it. The languages endpoint lists exactly their union.
 */
import { existsSync } from 'node:fs';
import { TARGET_LANGUAGES, SOURCE_LANGUAGES } from '../../shared/spec/languages.js';
import { protectEngine } from './protect.js';
import { createPseudoEngine } from './pseudo.js';
import type { Engine, EngineId } from './types.js';

/** Where Apertium's `.mode` files are: `VERSO_SERVICE_APERTIUM_MODES` (an install elsewhere, or none in tests), else the Debian places. */
export function apertiumModesDir(): string | undefined {
  const fromEnv = process.env.VERSO_SERVICE_APERTIUM_MODES;
  if (fromEnv !== undefined) return existsSync(fromEnv) ? fromEnv : undefined;
  return ['/usr/share/apertium/modes', '/usr/local/share/apertium/modes'].find((d) => existsSync(d));
}

export function apertiumInstalled(): boolean {
  return apertiumModesDir() !== undefined;
}

/** Default engines: Apertium where it is installed. The pseudo engine is never on by default. */
export function defaultEngines(): EngineId[] {
  return apertiumInstalled() ? ['apertium'] : [];
}

export async function createEngines(ids: EngineId[]): Promise<Engine[]> {
  const engines: Engine[] = [];
  for (const id of ids) {
    if (id === 'pseudo') engines.push(createPseudoEngine());
    else if (id === 'apertium') {
      const { createApertiumEngine } = await import('./apertium/index.js');
      const modesDir = apertiumModesDir();
      engines.push(createApertiumEngine(modesDir ? { modesDir } : {}));
    } else throw new Error(`Unknown engine "${String(id)}": use apertium or pseudo.`);
  }
  await Promise.all(engines.map((e) => e.start()));
  return engines;
}

export class EngineSet {
  readonly engines: Engine[];
  /**
   * Every engine is wrapped by `protectEngine` (./protect.ts): placeholders, code, addresses and identifiers
   * come back byte for byte whatever the engine. `protect: false` is for the benchmark's baseline only.
   */
  constructor(engines: Engine[], options: { protect?: boolean } = {}) {
    this.engines = options.protect === false ? engines : engines.map(protectEngine);
  }

  pick(source: string, target: string): Engine | undefined {
    return this.engines.find((e) => e.supports(source, target));
  }

  /** Languages for `/v2/languages`: spec order, names marked "(pseudo)" when only the pseudo engine serves them. */
  languages(type: 'source' | 'target'): { code: string; name: string; pseudoOnly: boolean }[] {
    const table = type === 'source' ? SOURCE_LANGUAGES : TARGET_LANGUAGES;
    const out: { code: string; name: string; pseudoOnly: boolean }[] = [];
    for (const l of table) {
      const servers = this.engines.filter((e) =>
        (type === 'source' ? e.sourceLanguages() : e.targetLanguages()).includes(l.code),
      );
      if (servers.length === 0) continue;
      out.push({ code: l.code, name: l.name, pseudoOnly: servers.every((e) => e.id === 'pseudo') });
    }
    return out;
  }

  async close(): Promise<void> {
    await Promise.all(this.engines.map((e) => e.close()));
  }
}
