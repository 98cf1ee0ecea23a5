/**
 * The engine port of the local Translation Service (service process). Every engine (apertium, pseudo)
 * implements it; the translate domain picks the first enabled engine that supports a pair.
 */
import type { Formality } from '../../shared/spec/languages.js';

export type EngineId = 'apertium' | 'pseudo';

export interface EngineRequest {
  /** Source base code, upper case (`EN`, `PT`), already detected when the client omitted it. */
  source: string;
  /** Target code as requested, upper case (`ES`, `PT-BR`, `EN-US`). */
  target: string;
  /**
   * Units to translate independently, each a marked string (see ../text/markers.ts). Units hold no NUL and
   * no marker code points other than valid markers. Newlines inside a unit must be kept.
   */
  units: string[];
  formality?: Formality;
  /** Influences translation where the engine can; never translated, never billed. */
  context?: string;
  signal?: AbortSignal;
}

export interface EngineHealth {
  ok: boolean;
  /** Per-direction state, for example `{ 'EN>ES': 'ok', 'RU>UK': 'failed: empty output' }`. */
  pairs: Record<string, string>;
}

export interface Engine {
  readonly id: EngineId;
  /** Shown wherever the engine's work shows (logs, language names, response header). */
  readonly label: string;
  /** Source base codes this engine can translate from. */
  sourceLanguages(): string[];
  /** Target codes (spec spelling, with variants) this engine can translate into. */
  targetLanguages(): string[];
  supports(source: string, target: string): boolean;
  /** The language a pair goes through when the engine has no direct way (Apertium: Spanish), else undefined. */
  via?(source: string, target: string): string | undefined;
  /** Translates every unit; the result has one marked string per unit, in order, every marker kept. */
  translate(request: EngineRequest): Promise<string[]>;
  /** Warms and health-checks the engine; resolves when it is ready. */
  start(): Promise<void>;
  health(): EngineHealth;
  close(): Promise<void>;
}
