/**
 * The Apertium engine (service process): offline rule-based translation through Debian's Apertium pairs.
 *
 * It owns one long-lived null-flush pipeline per mode it uses (./pipeline.ts), the map from the spec's codes to
 * Apertium modes with pivots through Spanish (./modes.ts), and the conversion of marked units to and from the
 * Apertium stream format (./stream-format.ts). `start()` warms and probes every mode it needs; a mode that
 * fails the probe (empty output, crash, timeout) is not offered, and neither is any pair routed through it.
 */
import { baseLanguage, normalizeLanguage } from '../../../shared/spec/languages.js';
import type { Engine, EngineHealth, EngineRequest } from '../types.js';
import {
  DEFAULT_MODES_DIR,
  PROBE_SENTENCES,
  discoverModes,
  modeStages,
  pairKey,
  planRoutes,
  type ModeInfo,
  type Route,
} from './modes.js';
import { Pipeline, PipelineError } from './pipeline.js';
import { decodeUnit, encodeUnit, hasWords, type EncodedUnit } from './stream-format.js';

export interface ApertiumEngineOptions {
  /** Where the `.mode` files are (default /usr/share/apertium/modes). */
  modesDir?: string;
  /** Use only these modes (by name, e.g. `['eng-spa']`); default every mode that serves a spec pair. */
  modes?: string[];
  /** Base time a request may take before its pipeline is killed and restarted (default 20 s). */
  timeoutMs?: number;
  /** Extra time allowed per 1000 characters of a request (default 100 ms, i.e. at least 10 k chars/s). */
  timeoutPerKiloCharMs?: number;
  /** Time allowed for the first (cold) run of each mode at start-up (default 120 s). */
  warmupTimeoutMs?: number;
  /** Requests a pipeline serves before it is replaced (default 1000). */
  maxUses?: number;
  /**
   * A pipeline idle this long is ended and restarted on demand (default 5 min; 0 = never). All 17 Debian modes
   * running take ~1.8 GB (PSS, measured); a respawn with a warm page cache takes well under a second.
   */
  idleMs?: number;
  /** How many modes warm up at once (default 3: cold runs are disk bound, the machine may have 2 cores). */
  warmupConcurrency?: number;
}

export interface ApertiumEngine extends Engine {
  /** Running pipelines: mode, process ids of its stages, chains started so far (diagnostics and tests). */
  pipelines(): { mode: string; pids: number[]; starts: number }[];
  /** The modes a pair runs through, or undefined when it is not offered. */
  route(source: string, target: string): Route | undefined;
}

type ModeState = 'pending' | 'ok' | `failed: ${string}`;

export function createApertiumEngine(options: ApertiumEngineOptions = {}): ApertiumEngine {
  const modesDir = options.modesDir ?? DEFAULT_MODES_DIR;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const perKiloChar = options.timeoutPerKiloCharMs ?? 100;
  const warmupTimeoutMs = options.warmupTimeoutMs ?? 120_000;
  const maxUses = options.maxUses ?? 1000;
  const idleMs = options.idleMs ?? 300_000;
  const warmupConcurrency = Math.max(1, options.warmupConcurrency ?? 3);
  // The stages need a UTF-8 locale for case handling (the `apertium` script picks one the same way).
  const env = { ...process.env, LC_ALL: 'C.UTF-8' };

  const pipelines = new Map<string, Pipeline>();
  const modeState = new Map<string, ModeState>();
  let routes = new Map<string, Route>();
  let startPromise: Promise<void> | undefined;
  let closed = false;

  function offeredRoute(source: string, target: string): Route | undefined {
    return routes.get(pairKey(normalizeLanguage(source), normalizeLanguage(target)));
  }

  function sources(): string[] {
    return [...new Set([...routes.keys()].map((k) => k.split('>')[0] ?? ''))].sort();
  }

  function targets(): string[] {
    return [...new Set([...routes.keys()].map((k) => k.split('>')[1] ?? ''))].sort();
  }

  /** Same language, other variant (EN → EN-US): the spec says the text stays unchanged. */
  function isIdentity(source: string, target: string): boolean {
    const s = normalizeLanguage(source);
    return (
      baseLanguage(target) === s && (sources().includes(s) || targets().includes(normalizeLanguage(target)))
    );
  }

  /** Runs encoded units through one mode; crashes and lost framing are retried once on a fresh pipeline. */
  async function runMode(mode: string, units: EncodedUnit[], signal?: AbortSignal): Promise<string[]> {
    const pipeline = pipelines.get(mode);
    if (!pipeline) throw new Error(`Apertium mode ${mode} is not running.`);
    const todo = units.flatMap((u, i) => (u.body === undefined ? [] : [{ i, body: u.body }]));
    const result = units.map((u) => u.input);
    if (todo.length === 0) return result;
    const frames = todo.map((t) => t.body);
    let out: string[];
    try {
      out = await pipeline.run(frames, { signal });
    } catch (err) {
      if (!(err instanceof PipelineError) || (err.kind !== 'crash' && err.kind !== 'framing')) throw err;
      out = await pipeline.run(frames, { signal });
    }
    for (const [k, t] of todo.entries()) {
      const frame = out[k] ?? '';
      const unit = units[t.i];
      if (!unit) continue;
      // An empty answer to text with words is how a broken pair shows (the wrapper hides a crashed stage).
      if (!hasWords(frame)) {
        throw new Error(`Apertium ${mode} returned no text for a non-empty input; the pair looks broken.`);
      }
      result[t.i] = decodeUnit(frame, unit);
    }
    return result;
  }

  async function translate(request: EngineRequest): Promise<string[]> {
    if (closed) throw new Error('The Apertium engine is closed.');
    // Translating before start() starts (and waits for) the engine rather than failing.
    await (startPromise ??= start());
    const { source, target, units, signal } = request;
    if (isIdentity(source, target)) return units.slice();
    const route = offeredRoute(source, target);
    if (!route) {
      throw new Error(
        `Apertium cannot translate ${normalizeLanguage(source)} to ${normalizeLanguage(target)} here. ` +
          `Available targets from ${normalizeLanguage(source)}: ${
            targets()
              .filter((t) => offeredRoute(source, t))
              .join(', ') || 'none'
          }.`,
      );
    }
    let current = units;
    for (const mode of route) {
      if (signal?.aborted) throw new PipelineError('The request was cancelled.', 'aborted');
      current = await runMode(mode, current.map(encodeUnit), signal);
    }
    return current;
  }

  async function probe(mode: ModeInfo): Promise<void> {
    const pipeline = pipelines.get(mode.name);
    if (!pipeline) return;
    const sentence = PROBE_SENTENCES[mode.source] ?? PROBE_SENTENCES.EN ?? 'The house is big.';
    const encoded = encodeUnit(sentence);
    try {
      const [frame] = await pipeline.run([encoded.body ?? ''], { timeoutMs: warmupTimeoutMs });
      modeState.set(mode.name, frame && hasWords(frame) ? 'ok' : 'failed: empty output');
    } catch (err) {
      modeState.set(mode.name, `failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async function start(): Promise<void> {
    const all = await discoverModes(modesDir);
    const wanted = options.modes ? all.filter((m) => options.modes?.includes(m.name)) : all;
    // Only modes that some route uses are started: pivot-only languages need just their hop to Spanish.
    const used = new Set([...planRoutes(wanted).values()].flat());
    const modes = wanted.filter((m) => used.has(m.name));
    for (const m of modes) {
      modeState.set(m.name, 'pending');
      try {
        const stages = await modeStages(m.file);
        pipelines.set(
          m.name,
          new Pipeline({
            mode: m.name,
            stages,
            maxUses,
            idleMs,
            env,
            timeoutMs,
            timeoutPerKiloCharMs: perKiloChar,
          }),
        );
      } catch (err) {
        modeState.set(m.name, `failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    // Cold first runs take 20+ s each (page cache): warm all concurrently, but only a few at a time.
    const queue = modes.slice();
    const workers = Array.from({ length: Math.min(warmupConcurrency, queue.length) }, async () => {
      for (let m = queue.shift(); m; m = queue.shift()) if (!closed) await probe(m);
    });
    await Promise.all(workers);
    const healthy = modes.filter((m) => modeState.get(m.name) === 'ok');
    routes = planRoutes(healthy);
    // Pipelines of failed modes are not kept running.
    for (const m of modes) {
      if (modeState.get(m.name) !== 'ok') {
        await pipelines.get(m.name)?.close();
        pipelines.delete(m.name);
      }
    }
  }

  function health(): EngineHealth {
    const pairs: Record<string, string> = {};
    for (const [key, route] of [...routes.entries()].sort()) {
      pairs[key] = route.length > 1 ? `ok (via ${route.join(' + ')})` : 'ok';
    }
    for (const [mode, state] of modeState) if (state !== 'ok') pairs[`mode ${mode}`] = state;
    // Healthy while it offers any pair; failed modes are listed so a broken package shows in diagnostics.
    return { ok: routes.size > 0, pairs };
  }

  return {
    id: 'apertium',
    label: 'Apertium (offline rule-based translation)',
    sourceLanguages: sources,
    targetLanguages: targets,
    supports: (source, target) => offeredRoute(source, target) !== undefined || isIdentity(source, target),
    // Two hops are always through the hub of planRoutes (Spanish).
    via: (source, target) => ((offeredRoute(source, target)?.length ?? 0) > 1 ? 'ES' : undefined),
    translate,
    start() {
      startPromise ??= start();
      return startPromise;
    },
    health,
    async close() {
      closed = true;
      // Close what runs now (a warm-up in progress fails fast), then whatever start() created meanwhile.
      await Promise.all([...pipelines.values()].map((p) => p.close()));
      await startPromise?.catch(() => undefined);
      await Promise.all([...pipelines.values()].map((p) => p.close()));
    },
    pipelines: () => [...pipelines.values()].map((p) => ({ mode: p.mode, pids: p.pids(), starts: p.starts })),
    route: offeredRoute,
  };
}
