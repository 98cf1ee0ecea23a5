/**
 * Translation (main process, plain Node): one request (`run`) with a cache of identical requests and
 * cancellation of stale ones by request id, and multi-segment batches (`batch`) with progress events. The key
 * and the HTTP calls stay here; the renderer gets text, detected language and billed characters.
 * A result belongs to its request: the cache key holds the connection and every option, and a request names the
 * connection it was made for. A single text over the request limit is cut into pieces (`long-text.ts`), sent as
 * several text entries/requests with the batch machinery, and joined back, with progress under its request id.
 * Successful translations go to the history when the user turned it on (`history.ts`).
 * Every request goes through `translate-protect.ts`: placeholders and code wrapped for `ignore_tags` when protection
 * is on (the request's own switch, else Settings), and a QA report on every answer.
 */
import type { TranslateBatchOutput, TranslateOptions, TranslateRunOutput, TranslationView } from '../../../shared/ipc/contract.js';
import type { WireTranslation } from '../../../shared/spec/wire.js';
import { translateBody } from './api-client.js';
import { ApiError } from './api-errors.js';
import { BATCH_BODY_BUDGET, runBatches, textCost } from './batching.js';
import type { ConnectionsService } from './connections.js';
import type { EventBus } from './event-bus.js';
import type { NewHistoryEntry } from './history.js';
import { joinPieces, splitLongText, type TextPiece } from './long-text.js';
import { prepareTexts, protectionOn, type PreparedTexts } from './translate-protect.js';

export interface TranslateServiceOptions {
  /** Records a successful translation (the history decides whether it is on). */
  record?: (entry: NewHistoryEntry) => unknown;
  /** Requests in flight at once for long texts and batches (Settings). */
  concurrency?: () => number;
  /** Protection of placeholders and code when a request does not say (Settings → Translate; default on). */
  protectByDefault?: () => boolean;
}

const encoder = new TextEncoder();
let longCounter = 0;

const CACHE_LIMIT = 500;

export function toView(t: WireTranslation): TranslationView {
  const v: TranslationView = { text: t.text, detectedSourceLanguage: t.detected_source_language };
  if (t.billed_characters !== undefined) v.billedCharacters = t.billed_characters;
  if (t.model_type_used !== undefined) v.modelTypeUsed = t.model_type_used;
  if (t.tag_handling_version !== undefined) v.tagHandlingVersion = t.tag_handling_version;
  return v;
}

/**
 * A pair the engine cannot do, on a detected source: the local service names the language it detected in its
 * message (`cannot translate DE (detected from text 1)`), the one place it says so. The error gets that language,
 * so the screen can say in words what the text is and what the connection translates instead.
 */
function withDetectedSource(e: unknown, options: TranslateOptions): ApiError | null {
  if (!(e instanceof ApiError) || e.serviceCode !== 'unsupported_language_pair' || options.sourceLang) return null;
  const m = /cannot translate ([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)?) \(detected/.exec(e.serviceMessage ?? '');
  if (!m) return null;
  return new ApiError(e.code, e.message, {
    ...(e.status !== undefined && { status: e.status }),
    serviceCode: e.serviceCode,
    ...(e.serviceMessage !== undefined && { serviceMessage: e.serviceMessage }),
    detectedSourceLanguage: m[1]!.toUpperCase(),
  });
}

export class TranslateService {
  /** Insertion-ordered map used as an LRU of identical requests. */
  private readonly cache = new Map<string, TranslateRunOutput>();
  private readonly inflight = new Map<string, AbortController>();
  /** Told the billed characters of each request the service answered (the usage ledger; set by the composition root). */
  onBilled?: (connectionId: string, characters: number) => void;

  constructor(
    private readonly connections: ConnectionsService,
    private readonly events: EventBus,
    private readonly opts: TranslateServiceOptions = {},
  ) {}

  private track(id: string | undefined): AbortController {
    const ctl = new AbortController();
    if (id !== undefined) {
      // A new request under the same id makes the previous one stale (translate-as-you-type).
      this.inflight.get(id)?.abort();
      this.inflight.set(id, ctl);
    }
    return ctl;
  }

  private untrack(id: string | undefined, ctl: AbortController): void {
    if (id !== undefined && this.inflight.get(id) === ctl) this.inflight.delete(id);
  }

  async run(input: { requestId?: string; connectionId?: string; texts: string[]; options: TranslateOptions }): Promise<TranslateRunOutput> {
    const connectionId = input.connectionId ?? this.connections.activeId();
    const protect = this.protectFor(input.options);
    const cacheKey = JSON.stringify([connectionId, input.texts, input.options, protect]);
    const hit = this.cache.get(cacheKey);
    const ctl = this.track(input.requestId);
    if (hit) {
      this.untrack(input.requestId, ctl);
      this.cache.delete(cacheKey);
      this.cache.set(cacheKey, hit);
      const out = { ...hit, cached: true };
      // Translated again (from the cache, so billed nothing): the history keeps it too, as the user did it.
      this.record(connectionId, input.texts, input.options, out);
      return out;
    }
    try {
      const client = await this.connections.clientFor(connectionId);
      const prep = prepareTexts(input.texts, input.options, protect);
      const base = encoder.encode(JSON.stringify(translateBody([], prep.options))).length;
      const single = input.texts.length === 1 ? input.texts[0]! : undefined;
      let out: TranslateRunOutput;
      if (single !== undefined && base + textCost(prep.texts[0]!) > BATCH_BODY_BUDGET) {
        out = await this.runLong(client, single, input.options, protect, ctl.signal, input.requestId ?? `long-${++longCounter}`);
      } else {
        const res = await client.translate(prep.texts, prep.options, { signal: ctl.signal, ...(input.requestId !== undefined && { requestId: input.requestId }) });
        out = {
          translations: res.translations.map((t, i) => prep.finish(toView(t), input.texts[i]!, true, i)),
          characters: prep.characters,
          engine: res.engine,
          cached: false,
        };
      }
      this.cache.set(cacheKey, out);
      this.record(connectionId, input.texts, input.options, out);
      if (connectionId !== null) this.onBilled?.(connectionId, out.translations.reduce((n, t) => n + (t.billedCharacters ?? 0), 0));
      if (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
      this.connections.noteActiveError(undefined);
      return out;
    } catch (e) {
      const unsupported = withDetectedSource(e, input.options);
      if (unsupported) throw unsupported;
      if (e instanceof ApiError && (e.code === 'auth_failed' || e.code === 'network' || e.code === 'local_service_failed')) {
        this.connections.noteActiveError(e.message, e.code, e.serviceCode);
      }
      throw e;
    } finally {
      this.untrack(input.requestId, ctl);
    }
  }

  /**
   * One text over the request limit: pieces as large as a request allows, packed into as few requests as the
   * limits allow, `concurrency` at a time; progress goes out as `translate.batchProgress` under the request id.
   */
  private protectFor(options: TranslateOptions): boolean {
    return protectionOn(options, this.opts.protectByDefault?.() ?? true);
  }

  /**
   * Pieces of a long text that fit one request each once protected: protection adds markup and escapes, so a piece
   * that grew past the budget makes the cut finer.
   */
  private static piecesFor(text: string, options: TranslateOptions, protect: boolean): { pieces: TextPiece[]; prep: PreparedTexts; base: number } {
    let budget = BATCH_BODY_BUDGET;
    for (;;) {
      const first = prepareTexts([], options, protect);
      const base = encoder.encode(JSON.stringify(translateBody([], first.options))).length;
      const pieces = splitLongText(text, budget - base);
      const prep = prepareTexts(pieces.filter((p) => p.core !== '').map((p) => p.core), options, protect);
      const wireBase = encoder.encode(JSON.stringify(translateBody([], prep.options))).length;
      if (prep.texts.every((t) => wireBase + textCost(t) <= BATCH_BODY_BUDGET) || budget < 4096) return { pieces, prep, base: wireBase };
      budget = Math.floor(budget * 0.7);
    }
  }

  private async runLong(
    client: Awaited<ReturnType<ConnectionsService['clientFor']>>,
    text: string,
    options: TranslateOptions,
    protect: boolean,
    signal: AbortSignal,
    progressId: string,
  ): Promise<TranslateRunOutput> {
    const { pieces, prep, base } = TranslateService.piecesFor(text, options, protect);
    let engine: string | null = null;
    const outcome = await runBatches<TranslationView>({
      segments: prep.texts,
      baseBytes: base,
      concurrency: this.opts.concurrency?.() ?? 4,
      signal,
      send: async (texts, sig) => {
        const res = await client.translate(texts, prep.options, { signal: sig, requestId: progressId });
        engine ??= res.engine;
        return res.translations.map(toView);
      },
      onProgress: (p) => this.events.emit('translate.batchProgress', { batchId: progressId, ...p }),
    });
    if (outcome.failures.length > 0) {
      throw new ApiError('too_large', outcome.failures[0]!.message);
    }
    // Each piece unwrapped on its own (QA runs once, on the whole text).
    const parts = outcome.results.map((r) => ({ ...r!, text: prep.unwrap(r!.text) }));
    const billed = parts.every((p) => p.billedCharacters !== undefined)
      ? parts.reduce((n, p) => n + (p.billedCharacters ?? 0), 0)
      : undefined;
    const joined = joinPieces(pieces, parts.map((p) => p.text));
    const view: TranslationView = prep.finish({ text: joined, detectedSourceLanguage: parts[0]?.detectedSourceLanguage ?? '' }, text, false);
    if (billed !== undefined) view.billedCharacters = billed;
    if (parts[0]?.modelTypeUsed !== undefined) view.modelTypeUsed = parts[0].modelTypeUsed;
    return { translations: [view], characters: prep.characters, engine, cached: false, requests: outcome.requests };
  }

  private record(connectionId: string | null, texts: string[], options: TranslateOptions, out: TranslateRunOutput): void {
    if (!this.opts.record || connectionId === null) return;
    const conn = this.connections.list().connections.find((c) => c.id === connectionId);
    const name = conn?.name ?? '';
    // The local engine bills nothing; its count of characters would read like a charge in the history.
    const billed = conn?.kind === 'local'
      ? null
      : out.cached
        ? 0
      : out.translations.every((t) => t.billedCharacters !== undefined)
        ? out.translations.reduce((n, t) => n + (t.billedCharacters ?? 0), 0)
        : null;
    try {
      void Promise.resolve(
        this.opts.record({
          connectionId,
          connectionName: name,
          sourceLang: options.sourceLang ?? '',
          detectedSourceLang: out.translations[0]?.detectedSourceLanguage ?? '',
          targetLang: options.targetLang,
          source: texts.join('\n'),
          target: out.translations.map((t) => t.text).join('\n'),
          billedCharacters: billed,
        }),
      ).catch(() => undefined); // history is a convenience: a failed write never fails the translation
    } catch {
      // As above.
    }
  }

  async batch(input: {
    batchId: string;
    connectionId?: string;
    segments: string[];
    options: TranslateOptions;
    concurrency?: number;
  }): Promise<TranslateBatchOutput> {
    const ctl = this.track(input.batchId);
    // Fixed at the start: a switch of connection mid-batch neither moves the rest nor bills it to the new one.
    const connectionId = input.connectionId ?? this.connections.activeId();
    try {
      const client = await this.connections.clientFor(connectionId);
      const prep = prepareTexts(input.segments, input.options, this.protectFor(input.options));
      const base = new TextEncoder().encode(JSON.stringify(translateBody([], prep.options))).length;
      let engine: string | null = null;
      const outcome = await runBatches<TranslationView>({
        segments: prep.texts,
        baseBytes: base,
        concurrency: input.concurrency ?? 4,
        signal: ctl.signal,
        send: async (texts, signal) => {
          const res = await client.translate(texts, prep.options, { signal, requestId: input.batchId });
          engine ??= res.engine;
          const views = res.translations.map(toView);
          if (connectionId !== null) this.onBilled?.(connectionId, views.reduce((n, t) => n + (t.billedCharacters ?? 0), 0));
          return views;
        },
        onProgress: (p) => this.events.emit('translate.batchProgress', { batchId: input.batchId, ...p }),
      });
      const translations = outcome.results.map((r, i) => (r ? prep.finish(r, input.segments[i]!, true, i) : { text: '', detectedSourceLanguage: '' }));
      return {
        batchId: input.batchId,
        translations,
        failures: outcome.failures,
        requests: outcome.requests,
        characters: prep.characters,
        engine,
      };
    } catch (e) {
      // As for one text: a segment whose detected language the engine cannot take names that language.
      throw withDetectedSource(e, input.options) ?? e;
    } finally {
      this.untrack(input.batchId, ctl);
    }
  }

  cancel(requestId: string): { cancelled: boolean } {
    const ctl = this.inflight.get(requestId);
    if (!ctl) return { cancelled: false };
    ctl.abort();
    this.inflight.delete(requestId);
    return { cancelled: true };
  }

  async detect(texts: string[]) {
    const client = await this.connections.clientFor();
    const results = await client.detectLanguage(texts);
    return {
      results: results.map((r) => (r.detected_language === undefined ? { status: r.detection_status } : { status: r.detection_status, language: r.detected_language })),
    };
  }
}
