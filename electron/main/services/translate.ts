/**
 * Translation (main process, plain Node): one request (`run`) with a cache of identical requests and
 * cancellation of stale ones by request id, and multi-segment batches (`batch`) with progress events. The key
 * and the HTTP calls stay here; the renderer gets text, detected language and billed characters.
 */
import type { TranslateBatchOutput, TranslateOptions, TranslateRunOutput, TranslationView } from '../../../shared/ipc/contract.js';
import { codePoints } from '../../../shared/spec/billing.js';
import type { WireTranslation } from '../../../shared/spec/wire.js';
import { translateBody } from './api-client.js';
import { ApiError } from './api-errors.js';
import { runBatches } from './batching.js';
import type { ConnectionsService } from './connections.js';
import type { EventBus } from './event-bus.js';

const CACHE_LIMIT = 500;

export function toView(t: WireTranslation): TranslationView {
  const v: TranslationView = { text: t.text, detectedSourceLanguage: t.detected_source_language };
  if (t.billed_characters !== undefined) v.billedCharacters = t.billed_characters;
  if (t.model_type_used !== undefined) v.modelTypeUsed = t.model_type_used;
  if (t.tag_handling_version !== undefined) v.tagHandlingVersion = t.tag_handling_version;
  return v;
}

const totalCodePoints = (texts: readonly string[]): number => texts.reduce((n, t) => n + codePoints(t), 0);

export class TranslateService {
  /** Insertion-ordered map used as an LRU of identical requests. */
  private readonly cache = new Map<string, TranslateRunOutput>();
  private readonly inflight = new Map<string, AbortController>();

  constructor(
    private readonly connections: ConnectionsService,
    private readonly events: EventBus,
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

  async run(input: { requestId?: string; texts: string[]; options: TranslateOptions }): Promise<TranslateRunOutput> {
    const connectionId = this.connections.activeId();
    const cacheKey = JSON.stringify([connectionId, input.texts, input.options]);
    const hit = this.cache.get(cacheKey);
    const ctl = this.track(input.requestId);
    if (hit) {
      this.untrack(input.requestId, ctl);
      this.cache.delete(cacheKey);
      this.cache.set(cacheKey, hit);
      return { ...hit, cached: true };
    }
    try {
      const client = await this.connections.clientFor(connectionId);
      const res = await client.translate(input.texts, input.options, { signal: ctl.signal, ...(input.requestId !== undefined && { requestId: input.requestId }) });
      const out: TranslateRunOutput = { translations: res.translations.map(toView), characters: totalCodePoints(input.texts), engine: res.engine, cached: false };
      this.cache.set(cacheKey, out);
      if (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
      this.connections.noteActiveError(undefined);
      return out;
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'auth_failed' || e.code === 'network' || e.code === 'local_service_failed')) {
        this.connections.noteActiveError(e.message);
      }
      throw e;
    } finally {
      this.untrack(input.requestId, ctl);
    }
  }

  async batch(input: { batchId: string; segments: string[]; options: TranslateOptions; concurrency?: number }): Promise<TranslateBatchOutput> {
    const ctl = this.track(input.batchId);
    try {
      const client = await this.connections.clientFor();
      const base = new TextEncoder().encode(JSON.stringify(translateBody([], input.options))).length;
      let engine: string | null = null;
      const outcome = await runBatches<TranslationView>({
        segments: input.segments,
        baseBytes: base,
        concurrency: input.concurrency ?? 4,
        signal: ctl.signal,
        send: async (texts, signal) => {
          const res = await client.translate(texts, input.options, { signal, requestId: input.batchId });
          engine ??= res.engine;
          return res.translations.map(toView);
        },
        onProgress: (p) => this.events.emit('translate.batchProgress', { batchId: input.batchId, ...p }),
      });
      const translations = outcome.results.map((r) => r ?? { text: '', detectedSourceLanguage: '' });
      return {
        batchId: input.batchId,
        translations,
        failures: outcome.failures,
        requests: outcome.requests,
        characters: totalCodePoints(input.segments),
        engine,
      };
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
