/**
 * API errors (main process, plain Node): the one error type the API client throws, carrying a closed `ErrorCode`
 * and a message that tells the user what to do. `toIpcError` turns any thrown value into the IPC error shape; it is
 * the last place a secret could leak, so it redacts every registered secret from every message.
 */
import type { ErrorCode, FileProblem, IpcError, QuotaDetails } from '../../../shared/ipc/errors.js';

export interface ApiErrorInit {
  status?: number;
  serviceCode?: string;
  serviceMessage?: string;
  retryAfterSeconds?: number;
  usage?: QuotaDetails;
  attempts?: number;
  cause?: unknown;
  detectedSourceLanguage?: string;
  fileProblem?: FileProblem;
}

export class ApiError extends Error {
  readonly status: number | undefined;
  readonly serviceCode: string | undefined;
  readonly serviceMessage: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  usage: QuotaDetails | undefined;
  readonly attempts: number | undefined;
  readonly detectedSourceLanguage: string | undefined;
  readonly fileProblem: FileProblem | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    init: ApiErrorInit = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.serviceCode = init.serviceCode;
    this.serviceMessage = init.serviceMessage;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.usage = init.usage;
    this.attempts = init.attempts;
    this.detectedSourceLanguage = init.detectedSourceLanguage;
    this.fileProblem = init.fileProblem;
  }
}

/** Strips control characters a service might send, and bounds the length shown to users. */
export function cleanServiceText(text: string, max = 300): string {
   
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Replaces every occurrence of each secret (keys, document keys) with a mask. */
export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const s of secrets) {
    if (s.length >= 4) out = out.split(s).join('[redacted]');
  }
  return out;
}

const fmt = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return fmt.format(n);
}

export interface StatusContext {
  /** `translate.run`, `usage.get`... decides some wording (admin vs API key). */
  operation: string;
  admin: boolean;
  baseUrl: string;
  attempts: number;
}

/** Maps an HTTP error status to an ApiError with a message that says what to do. */
export function errorForStatus(status: number, body: { message?: string; code?: string }, ctx: StatusContext, retryAfterSeconds?: number): ApiError {
  const said = body.message ? ` The service said: "${cleanServiceText(body.message)}".` : '';
  const init: ApiErrorInit = { status, attempts: ctx.attempts };
  if (body.code !== undefined) init.serviceCode = body.code;
  if (body.message !== undefined) init.serviceMessage = cleanServiceText(body.message);
  if (retryAfterSeconds !== undefined) init.retryAfterSeconds = retryAfterSeconds;
  const keyWord = ctx.admin ? 'admin key' : 'API key';
  switch (status) {
    case 400:
      return new ApiError('bad_request', `The service rejected the request as invalid (400).${said} Check the options you chose and try again.`, init);
    case 401:
    case 403:
      return new ApiError(
        'auth_failed',
        ctx.admin
          ? `The service refused the admin key (403).${said} Check the admin key in Settings → Connections; admin keys work only on the Pro address and only for the key administration.`
          : `The service refused the ${keyWord} (403).${said} Check that the key is right and still active, that a Free key (ending in :fx) is used with the Free address and a Pro key with the Pro address, and that the key's scope allows this feature.`,
        init,
      );
    case 404:
      return new ApiError('not_found', `The service could not find what was asked for (404).${said} It may have been deleted; refresh the list.`, init);
    case 413:
      return new ApiError(
        'too_large',
        `The request is larger than the service accepts (413).${said} Verso already sends at most 50 texts and under 128 KiB per request and splits lists that are still too large; a single text this long has to be shortened or translated as a document.`,
        init,
      );
    case 415:
      return new ApiError('unsupported_media_type', `The service does not accept this kind of content (415).${said}`, init);
    case 429:
    case 529:
      return new ApiError(
        'rate_limited',
        `The service is slowing Verso down (${status}) and still was after ${ctx.attempts} attempt${ctx.attempts === 1 ? '' : 's'}.${said} Wait a minute and try again, or send fewer segments at once.`,
        init,
      );
    case 456:
      return new ApiError(
        'quota_exceeded',
        `The character quota for this billing period is used up (456).${said} Wait for the next period, ask the account's admin to raise the limit, or switch to the local engine.`,
        init,
      );
    default:
      if (status >= 500) {
        return new ApiError(
          'service_unavailable',
          `The service had a problem (${status}) and still did after ${ctx.attempts} attempt${ctx.attempts === 1 ? '' : 's'}.${said} Try again in a few minutes.`,
          init,
        );
      }
      return new ApiError('bad_request', `The service answered with an unexpected status ${status}.${said}`, init);
  }
}

/** Adds the current usage to a quota error's message once it is known: whose limit, what is left, what was asked. */
export function withUsage(err: ApiError, usage: QuotaDetails): ApiError {
  const whose = usage.scope === 'key' ? "this key's limit" : usage.scope === 'account' ? "the account's limit" : 'the limit';
  const left = Math.max(0, usage.characterLimit - usage.characterCount);
  const asked = usage.requestCharacters !== undefined ? `; this request needs ${formatCount(usage.requestCharacters)}` : '';
  const e = new ApiError(
    err.code,
    err.message.replace(
      'is used up (456).',
      `is used up (456): ${formatCount(usage.characterCount)} of ${formatCount(usage.characterLimit)} characters used (${whose}), ${formatCount(left)} left${asked}.`,
    ),
    {
      ...(err.status !== undefined && { status: err.status }),
      ...(err.serviceCode !== undefined && { serviceCode: err.serviceCode }),
      ...(err.serviceMessage !== undefined && { serviceMessage: err.serviceMessage }),
      usage,
    },
  );
  return e;
}

/**
 * Any thrown value → IPC error. Unknown errors become `internal` with a generic message (their text may hold
 * paths or secrets); every message is redacted against `secrets`.
 */
export function toIpcError(err: unknown, secrets: Iterable<string> = []): IpcError {
  const list = [...secrets];
  if (err instanceof ApiError) {
    const out: IpcError = { code: err.code, message: redact(err.message, list) };
    if (err.status !== undefined) out.status = err.status;
    if (err.serviceCode !== undefined) out.serviceCode = redact(err.serviceCode, list);
    if (err.usage !== undefined) out.usage = err.usage;
    if (err.serviceMessage !== undefined) out.serviceMessage = redact(err.serviceMessage, list);
    if (err.retryAfterSeconds !== undefined) out.retryAfterSeconds = err.retryAfterSeconds;
    if (err.detectedSourceLanguage !== undefined) out.detectedSourceLanguage = redact(err.detectedSourceLanguage, list);
    if (err.fileProblem !== undefined) out.fileProblem = err.fileProblem;
    return out;
  }
  return {
    code: 'internal',
    message: 'Something went wrong inside Verso. Try again; if it keeps happening, restart Verso and report the problem.',
  };
}
