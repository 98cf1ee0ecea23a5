/**
 * Translation Service API client (main process, plain Node): one method per endpoint of the spec, every response
 * parsed with the wire schemas in `shared/spec/wire.ts`. It owns the reliability rules: retries of 429/529/5xx and
 * transient network failures with exponential back-off honouring `Retry-After`, a deadline and an AbortSignal on
 * every call, and typed errors whose messages say what to do. The key lives only in this object (main process).
 */
import type { z } from 'zod';
import type { TranslateOptions } from '../../../shared/ipc/contract.js';
import { codePoints } from '../../../shared/spec/billing.js';
import { LIMITS } from '../../../shared/spec/limits.js';
import {
  WireDetectResponse,
  WireDeveloperKey,
  WireDeveloperKeyList,
  WireDocumentHandle,
  WireDocumentStatus,
  WireErrorBody,
  WireGlossary,
  WireGlossaryLanguagePairs,
  WireGlossaryList,
  WireLanguageList,
  WireTranslateResponse,
  WireUsage,
} from '../../../shared/spec/wire.js';
import { ApiError, errorForStatus, withUsage } from './api-errors.js';
import type { Clock, HttpBody, HttpResponse, HttpTransport, Random } from './ports.js';
import { TransportError } from './ports.js';
import { backoffDelayMs, isRetryableStatus, parseRetryAfterMs } from './retry-policy.js';

export const DEFAULT_AUTH_SCHEME = 'Service-Auth-Key';

/** A key ending in `:fx` is a Free key and belongs on the Free base address. */
export function isFreeKey(key: string): boolean {
  return key.trim().endsWith(':fx');
}

export interface RetryInfo {
  operation: string;
  requestId?: string;
  /** HTTP status that caused the retry, or null for a network failure. */
  status: number | null;
  /** The attempt that just failed (1 = first). */
  attempt: number;
  delayMs: number;
  message: string;
}

export interface ApiClientOptions {
  transport: HttpTransport;
  clock: Clock;
  random?: Random;
  baseUrl: string;
  apiKey: string;
  authScheme?: string;
  userAgent: string;
  /** Retries after the first attempt (attempts = maxRetries + 1). Default 5. */
  maxRetries?: number;
  /** Longest wait for one attempt before it counts as a dropped connection. Default 30 s. */
  attemptTimeoutMs?: number;
  /** Overall deadline of a call, retries included. Default 120 s. */
  deadlineMs?: number;
  onRetry?: (info: RetryInfo) => void;
  /** Sent with every request (tests use it for the fault-injection session headers). */
  extraHeaders?: Record<string, string>;
}

export interface CallOptions {
  signal?: AbortSignal;
  deadlineMs?: number;
  requestId?: string;
  headers?: Record<string, string>;
}

interface RequestSpec {
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  accept?: string;
  /** False for document upload: never resent once the body may have reached the service. */
  idempotent?: boolean;
  /** The admin interface (decides the wording of 403). */
  admin?: boolean;
  /** Return a 2xx response with its body unread (downloads streamed to disk). */
  stream?: boolean;
}

export interface TranslateResult {
  translations: z.infer<typeof WireTranslateResponse>['translations'];
  /** `X-Verso-Engine` header: `pseudo` marks pseudo-localised (not real) output. */
  engine: string | null;
}

/** camelCase IPC options → the spec's snake_case body of POST /v2/translate. */
export function translateBody(texts: readonly string[], o: TranslateOptions): Record<string, unknown> {
  const body: Record<string, unknown> = { text: texts, target_lang: o.targetLang };
  const map: [keyof TranslateOptions, string][] = [
    ['sourceLang', 'source_lang'],
    ['context', 'context'],
    ['modelType', 'model_type'],
    ['splitSentences', 'split_sentences'],
    ['preserveFormatting', 'preserve_formatting'],
    ['formality', 'formality'],
    ['glossaryId', 'glossary_id'],
    ['glossaryIds', 'glossary_ids'],
    ['styleId', 'style_id'],
    ['customInstructions', 'custom_instructions'],
    ['translationMemoryId', 'translation_memory_id'],
    ['translationMemoryThreshold', 'translation_memory_threshold'],
    ['showBilledCharacters', 'show_billed_characters'],
    ['tagHandling', 'tag_handling'],
    ['tagHandlingVersion', 'tag_handling_version'],
    ['outlineDetection', 'outline_detection'],
    ['nonSplittingTags', 'non_splitting_tags'],
    ['splittingTags', 'splitting_tags'],
    ['ignoreTags', 'ignore_tags'],
  ];
  for (const [from, to] of map) {
    const v = o[from];
    if (v === undefined) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    body[to] = v;
  }
  // Billed characters are shown for every translation (usage reports lag; notes §5.2) unless turned off.
  if (o.showBilledCharacters === undefined) body.show_billed_characters = true;
  return body;
}

function abortReason(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

export class ApiClient {
  readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly authScheme: string;
  private readonly random: Random;
  private readonly maxRetries: number;
  private readonly attemptTimeoutMs: number;
  private readonly deadlineMs: number;

  constructor(private readonly opts: ApiClientOptions) {
    const key = opts.apiKey.trim();
    if (key === '') throw new ApiError('auth_failed', 'No API key is set for this connection. Add the key in Settings → Connections.');
    this.apiKey = key;
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.authScheme = opts.authScheme?.trim() || DEFAULT_AUTH_SCHEME;
    this.random = opts.random ?? Math.random;
    this.maxRetries = opts.maxRetries ?? 5;
    this.attemptTimeoutMs = opts.attemptTimeoutMs ?? 30_000;
    this.deadlineMs = opts.deadlineMs ?? 120_000;
  }

  /** The secrets this client holds, for redaction of anything that might be shown or logged. */
  secrets(): string[] {
    return [this.apiKey];
  }

  // ----- Text -----

  async translate(texts: readonly string[], options: TranslateOptions, call: CallOptions = {}): Promise<TranslateResult> {
    const { data, response } = await this.requestJson(
      { operation: 'translate.run', method: 'POST', path: '/v2/translate', json: translateBody(texts, options) },
      WireTranslateResponse,
      call,
    );
    if (data.translations.length !== texts.length) {
      throw new ApiError('bad_response', `The service returned ${data.translations.length} translations for ${texts.length} texts. Try again; if it persists, the service is not compatible.`);
    }
    return { translations: data.translations, engine: response.header('x-verso-engine') };
  }

  async detectLanguage(texts: readonly string[], call: CallOptions = {}) {
    const { data } = await this.requestJson(
      { operation: 'translate.detect', method: 'POST', path: '/v3/detect/language', json: { text: texts } },
      WireDetectResponse,
      call,
    );
    return data.results;
  }

  async getLanguages(type: 'source' | 'target', call: CallOptions = {}) {
    const { data } = await this.requestJson(
      { operation: 'languages.list', method: 'GET', path: '/v2/languages', query: { type } },
      WireLanguageList,
      call,
    );
    return data;
  }

  async getUsage(call: CallOptions = {}) {
    const { data } = await this.requestJson({ operation: 'usage.get', method: 'GET', path: '/v2/usage' }, WireUsage, call);
    return data;
  }

  /** `/v2/usage` checked against the caller's schema (the Usage screen's tolerant one: some services omit fields). */
  async getUsageAs<S extends z.ZodType>(schema: S, call: CallOptions = {}): Promise<z.output<S>> {
    const { data } = await this.requestJson({ operation: 'usage.get', method: 'GET', path: '/v2/usage' }, schema, call);
    return data;
  }

  // ----- Documents -----

  async uploadDocument(
    file: { name: string; data: Blob },
    params: Record<string, string | string[] | number | undefined>,
    call: CallOptions = {},
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined) continue;
      form.append(k, Array.isArray(v) ? v.join(',') : String(v));
    }
    form.append('file', file.data, file.name);
    const { data, response } = await this.requestJson(
      { operation: 'documents.upload', method: 'POST', path: '/v2/document', form, idempotent: false },
      WireDocumentHandle,
      call,
    );
    return { ...data, traceId: response.header('x-trace-id') };
  }

  async getDocumentStatus(documentId: string, documentKey: string, call: CallOptions = {}) {
    const { data } = await this.requestJson(
      { operation: 'documents.refresh', method: 'POST', path: `/v2/document/${encodeURIComponent(documentId)}`, json: { document_key: documentKey } },
      WireDocumentStatus,
      call,
    );
    return data;
  }

  /** The result as a stream; the caller writes it to disk (it can be downloaded only once). */
  async downloadDocument(documentId: string, documentKey: string, call: CallOptions = {}): Promise<HttpResponse> {
    return this.request(
      {
        operation: 'documents.download',
        method: 'POST',
        path: `/v2/document/${encodeURIComponent(documentId)}/result`,
        json: { document_key: documentKey },
        accept: '*/*',
        stream: true,
      },
      call,
    );
  }

  /**
   * Verso's local service only (not in the spec): forget a discarded document, stopping its translation so the next
   * documents do not wait behind it. Hosted services are never asked.
   */
  async discardDocument(documentId: string, documentKey: string, call: CallOptions = {}): Promise<void> {
    await this.request(
      {
        operation: 'documents.discard',
        method: 'POST',
        path: `/v2/document/${encodeURIComponent(documentId)}/discard`,
        json: { document_key: documentKey },
        accept: '*/*',
      },
      call,
    );
  }

  // ----- Glossaries (v2) -----

  async createGlossary(
    g: { name: string; sourceLang: string; targetLang: string; entries: string; format: 'tsv' | 'csv' },
    call: CallOptions = {},
  ) {
    const { data } = await this.requestJson(
      {
        operation: 'glossaries.create',
        method: 'POST',
        path: '/v2/glossaries',
        json: { name: g.name, source_lang: g.sourceLang, target_lang: g.targetLang, entries: g.entries, entries_format: g.format },
      },
      WireGlossary,
      call,
    );
    return data;
  }

  async listGlossaries(call: CallOptions = {}) {
    const { data } = await this.requestJson({ operation: 'glossaries.list', method: 'GET', path: '/v2/glossaries' }, WireGlossaryList, call);
    return data.glossaries;
  }

  async getGlossary(id: string, call: CallOptions = {}) {
    const { data } = await this.requestJson(
      { operation: 'glossaries.get', method: 'GET', path: `/v2/glossaries/${encodeURIComponent(id)}` },
      WireGlossary,
      call,
    );
    return data;
  }

  /** Entries as TSV text. */
  async getGlossaryEntries(id: string, call: CallOptions = {}): Promise<string> {
    const res = await this.request(
      { operation: 'glossaries.entries', method: 'GET', path: `/v2/glossaries/${encodeURIComponent(id)}/entries`, accept: 'text/tab-separated-values' },
      call,
    );
    return this.readText(res, call);
  }

  async deleteGlossary(id: string, call: CallOptions = {}): Promise<void> {
    const res = await this.request({ operation: 'glossaries.remove', method: 'DELETE', path: `/v2/glossaries/${encodeURIComponent(id)}` }, call);
    await this.readText(res, call);
  }

  async getGlossaryLanguagePairs(call: CallOptions = {}) {
    const { data } = await this.requestJson(
      { operation: 'glossaries.languagePairs', method: 'GET', path: '/v2/glossary-language-pairs' },
      WireGlossaryLanguagePairs,
      call,
    );
    return data.supported_languages;
  }

  // ----- Admin interface (Pro base, admin key) -----

  async createDeveloperKey(label: string | undefined, call: CallOptions = {}) {
    const { data } = await this.requestJson(
      { operation: 'adminKeys.create', method: 'POST', path: '/v2/admin/developer-keys', json: label === undefined ? {} : { label }, admin: true },
      WireDeveloperKey,
      call,
    );
    return data;
  }

  async listDeveloperKeys(call: CallOptions = {}) {
    const { data } = await this.requestJson(
      { operation: 'adminKeys.list', method: 'GET', path: '/v2/admin/developer-keys', admin: true },
      WireDeveloperKeyList,
      call,
    );
    return data;
  }

  async deactivateDeveloperKey(keyId: string, call: CallOptions = {}) {
    const { data } = await this.requestJson(
      { operation: 'adminKeys.deactivate', method: 'PUT', path: '/v2/admin/developer-keys/deactivate', json: { key_id: keyId }, admin: true },
      WireDeveloperKey,
      call,
    );
    return data;
  }

  async renameDeveloperKey(keyId: string, label: string, call: CallOptions = {}) {
    const { data } = await this.requestJson(
      { operation: 'adminKeys.rename', method: 'PUT', path: '/v2/admin/developer-keys/label', json: { key_id: keyId, label }, admin: true },
      WireDeveloperKey,
      call,
    );
    return data;
  }

  async setDeveloperKeyLimit(keyId: string, characters: number | null, call: CallOptions = {}) {
    const { data } = await this.requestJson(
      { operation: 'adminKeys.setLimit', method: 'PUT', path: '/v2/admin/developer-keys/limits', json: { key_id: keyId, characters }, admin: true },
      WireDeveloperKey,
      call,
    );
    return data;
  }

  // ----- Core -----

  private async requestJson<S extends z.ZodType>(spec: RequestSpec, schema: S, call: CallOptions): Promise<{ data: z.output<S>; response: HttpResponse }> {
    const response = await this.request(spec, call);
    const text = await this.readText(response, call);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError('bad_response', `The service at ${this.baseUrl} did not answer with JSON. Check the connection's address; it may not be a Translation Service.`, { status: response.status });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError('bad_response', `The service's answer to ${spec.method} ${spec.path} does not match the API. Check the connection's address; it may not be a compatible Translation Service.`, { status: response.status });
    }
    return { data: parsed.data, response };
  }

  private async readText(res: HttpResponse, call: CallOptions): Promise<string> {
    try {
      return await res.text();
    } catch (e) {
      if (abortReason(call.signal)) throw new ApiError('cancelled', 'Cancelled.');
      throw new ApiError('network', `The connection to ${this.baseUrl} broke while the answer was arriving. Try again.`, { cause: e });
    }
  }

  /**
   * Sends one request with retries and returns the successful response. Its body is buffered first (except in
   * `stream` mode), so a connection cut mid-body counts as a transient failure and is retried like a dropped socket.
   */
  async request(spec: RequestSpec, call: CallOptions = {}): Promise<HttpResponse> {
    const clock = this.opts.clock;
    const deadline = clock.now() + (call.deadlineMs ?? this.deadlineMs);
    const idempotent = spec.idempotent !== false;
    const url = this.url(spec);
    const headers: Record<string, string> = {
      Authorization: `${this.authScheme} ${this.apiKey}`,
      'User-Agent': this.opts.userAgent,
      Accept: spec.accept ?? 'application/json',
      ...this.opts.extraHeaders,
      ...call.headers,
    };
    let body: HttpBody | undefined;
    if (spec.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(spec.json);
    } else if (spec.form !== undefined) {
      body = spec.form;
    }

    for (let attempt = 1; ; attempt++) {
      if (abortReason(call.signal)) throw new ApiError('cancelled', 'Cancelled.');
      const remaining = deadline - clock.now();
      if (remaining <= 0) throw this.timeoutError(attempt - 1);

      const attemptCtl = new AbortController();
      const attemptBudget = Math.min(remaining, this.attemptTimeoutMs);
      let attemptTimedOut = false;
      const timer = setTimeout(() => {
        attemptTimedOut = true;
        attemptCtl.abort(new Error('attempt timeout'));
      }, attemptBudget);
      const onOuterAbort = () => attemptCtl.abort(call.signal?.reason);
      call.signal?.addEventListener('abort', onOuterAbort, { once: true });

      let streaming = false;
      let failure: { status: number | null; retryable: boolean; error: ApiError; retryAfterMs?: number };
      try {
        const sent: HttpResponse = await this.opts.transport.send({ method: spec.method, url, headers, body, signal: attemptCtl.signal });
        if (sent.status >= 200 && sent.status < 300) {
          if (spec.stream === true) {
            // The caller reads the body; the user's AbortSignal must keep working while it does.
            streaming = true;
            return sent;
          }
          // Buffer the body under the same attempt timer so a connection cut mid-body is a retryable failure.
          const bytes = await sent.bytes();
          return bufferedResponse(sent, bytes);
        }
        const errText = await sent.text().catch(() => '');
        const errBody = parseErrorBody(errText);
        const retryAfterMs = parseRetryAfterMs(sent.header('retry-after'), Date.now());
        const error = errorForStatus(
          sent.status,
          errBody,
          { operation: spec.operation, admin: spec.admin === true, baseUrl: this.baseUrl, attempts: attempt },
          retryAfterMs === undefined ? undefined : Math.round(retryAfterMs / 1000),
        );
        // A 429/5xx reply proves the service answered without taking the upload, so even uploads may be resent.
        failure = { status: sent.status, retryable: isRetryableStatus(sent.status), error };
        if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
      } catch (e) {
        if (e instanceof ApiError) throw e;
        if (abortReason(call.signal)) throw new ApiError('cancelled', 'Cancelled.');
        const host = new URL(this.baseUrl).host;
        if (attemptTimedOut) {
          if (clock.now() >= deadline || attemptBudget < this.attemptTimeoutMs) throw this.timeoutError(attempt);
          failure = {
            status: null,
            retryable: idempotent,
            error: new ApiError('timeout', `${host} did not answer within ${Math.round(this.attemptTimeoutMs / 1000)} s. Check your connection and try again.`),
          };
        } else if (e instanceof TransportError) {
          failure = {
            status: null,
            // Only a dropped socket or a passing DNS hiccup is transient; refused, unknown host and TLS are not.
            // A non-idempotent upload is never resent after a network failure: the body may have arrived.
            retryable: idempotent && (e.failure === 'reset' || e.failure === 'dns_transient'),
            error: this.networkError(e, host, attempt),
          };
        } else {
          failure = { status: null, retryable: false, error: this.networkError(new TransportError('other', String(e)), host, attempt) };
        }
      } finally {
        clearTimeout(timer);
        if (!streaming) call.signal?.removeEventListener('abort', onOuterAbort);
      }

      if (!failure.retryable || attempt > this.maxRetries) {
        throw await this.finishError(failure.error, spec, call);
      }
      const delayMs = failure.retryAfterMs ?? backoffDelayMs(attempt - 1, this.random);
      if (clock.now() + delayMs >= deadline) {
        // Waiting would pass the deadline: give up now with the real reason instead of a late timeout.
        throw await this.finishError(failure.error, spec, call);
      }
      this.opts.onRetry?.({
        operation: spec.operation,
        ...(call.requestId !== undefined && { requestId: call.requestId }),
        status: failure.status,
        attempt,
        delayMs,
        message: retryMessage(failure.status, delayMs),
      });
      try {
        await clock.sleep(delayMs, call.signal);
      } catch {
        throw new ApiError('cancelled', 'Cancelled.');
      }
    }
  }

  private url(spec: RequestSpec): string {
    const u = new URL(this.baseUrl + spec.path);
    for (const [k, v] of Object.entries(spec.query ?? {})) u.searchParams.set(k, v);
    return u.toString();
  }

  private timeoutError(attempts: number): ApiError {
    return new ApiError(
      'timeout',
      `The service did not finish in time${attempts > 0 ? ` (${attempts} attempt${attempts === 1 ? '' : 's'})` : ''}. Check your connection, then try again; long lists go faster in smaller parts.`,
      { attempts },
    );
  }

  private networkError(e: TransportError, host: string, attempts: number): ApiError {
    const why: Record<string, string> = {
      refused: `nothing is listening at ${host}`,
      dns: `the address ${host} could not be found`,
      dns_transient: `the address ${host} could not be looked up`,
      reset: `the connection to ${host} was dropped`,
      tls: `the secure connection to ${host} could not be verified`,
      aborted: `the request to ${host} was interrupted`,
      other: `the request to ${host} failed`,
    };
    return new ApiError(
      'network',
      `Verso could not reach the service: ${why[e.failure] ?? why.other}. Check your network or proxy and the connection's address; for the local engine, restart it from Settings.`,
      { attempts, cause: e },
    );
  }

  /**
   * Adds current usage to quota errors (best effort: the usage call must not hide the real error): whose limit
   * refused the request (the key's own cap is checked first, as the service does), and how many characters the
   * request needed where Verso knows it (texts; a document's billed size only the service knows).
   */
  private async finishError(err: ApiError, spec: RequestSpec, call: CallOptions): Promise<ApiError> {
    if (err.code !== 'quota_exceeded' || spec.path === '/v2/usage' || spec.admin) return err;
    try {
      const u = await this.getUsage({ deadlineMs: 5000, ...(call.signal && { signal: call.signal }) });
      const needed = requestCharacters(spec);
      const ask = needed ?? 1;
      const keyCapped =
        u.api_key_character_limit !== undefined && u.api_key_character_count !== undefined && u.api_key_character_limit < LIMITS.unsetLimit;
      const keyRefuses = keyCapped && u.api_key_character_count! + ask > u.api_key_character_limit!;
      const accountRefuses = u.character_limit < LIMITS.unsetLimit && u.character_count + ask > u.character_limit;
      // Neither refuses any more (the counts moved since): name the one with less room.
      const keyHit =
        keyRefuses ||
        (!accountRefuses && keyCapped && u.api_key_character_limit! - u.api_key_character_count! <= u.character_limit - u.character_count);
      const base = keyHit
        ? { characterCount: u.api_key_character_count!, characterLimit: u.api_key_character_limit!, scope: 'key' as const }
        : { characterCount: u.character_count, characterLimit: u.character_limit, scope: 'account' as const };
      return withUsage(err, needed === undefined ? base : { ...base, requestCharacters: needed });
    } catch {
      return err;
    }
  }
}

/** The characters a text request is billed for (code points of its texts); undefined for anything else. */
function requestCharacters(spec: RequestSpec): number | undefined {
  if (spec.path !== '/v2/translate') return undefined;
  const text = (spec.json as { text?: unknown } | undefined)?.text;
  if (!Array.isArray(text)) return undefined;
  return text.reduce((n: number, t) => n + (typeof t === 'string' ? codePoints(t) : 0), 0);
}

function retryMessage(status: number | null, delayMs: number): string {
  const secs = Math.max(1, Math.round(delayMs / 1000));
  if (status === 429 || status === 529) return `The service is slowing Verso down (${status}); retrying in ${secs} s.`;
  if (status !== null) return `The service had a temporary problem (${status}); retrying in ${secs} s.`;
  return `The connection dropped; retrying in ${secs} s.`;
}

function parseErrorBody(text: string): { message?: string; code?: string } {
  try {
    const parsed = WireErrorBody.safeParse(JSON.parse(text));
    if (parsed.success) {
      const out: { message?: string; code?: string } = { message: parsed.data.message };
      if (parsed.data.code !== undefined) out.code = parsed.data.code;
      return out;
    }
  } catch {
    // Not JSON (e.g. a proxy's HTML page): no service message to show.
  }
  return {};
}

function bufferedResponse(res: HttpResponse, bytes: Uint8Array): HttpResponse {
  return {
    status: res.status,
    header: (n) => res.header(n),
    text: async () => new TextDecoder().decode(bytes),
    bytes: async () => bytes,
    chunks: async function* () {
      yield bytes;
    },
  };
}
