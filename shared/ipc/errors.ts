/**
 * IPC results and error codes (any process). Every IPC call answers `Result<T>`; nothing throws across IPC.
 * The set of codes is closed so the renderer can switch on it exhaustively; `message` is always a sentence that
 * tells the user what to do and never contains an API key or a document key.
 */
import { z } from 'zod';

export const ERROR_CODES = [
  /** The renderer sent something the contract's schema rejects (a bug or a hostile page). */
  'invalid_input',
  /** The call did not come from a window the app created, or not from our origin. */
  'forbidden_sender',
  /** No such call, connection, job, glossary, ... */
  'not_found',
  /** No connection is configured or active yet. */
  'no_connection',
  /** 403: key wrong, key used on the wrong base (Free/Pro), or key scope lacks the endpoint. */
  'auth_failed',
  /** 456: character quota reached (account or key level). */
  'quota_exceeded',
  /** 413: the request is larger than the service accepts. */
  'too_large',
  /** 429/529 still failing after every retry. */
  'rate_limited',
  /** 500/502/503/504 still failing after every retry. */
  'service_unavailable',
  /** 400 or another 4xx the service explained. */
  'bad_request',
  /** A local file cannot be read (binary, damaged, not its format); nothing was sent to the service. */
  'bad_file',
  /** 415 (detection) unsupported media type. */
  'unsupported_media_type',
  /** The service could not be reached (offline, DNS, refused, connection reset) after every retry. */
  'network',
  /** The call's deadline passed. */
  'timeout',
  /** The user (or a newer request) cancelled the call. */
  'cancelled',
  /** The answer did not match the spec (wrong JSON shape, wrong content type). */
  'bad_response',
  /** The OS cannot protect secrets here (no keyring); keys can only be kept for this session. */
  'secret_storage_unavailable',
  /** The local Translation Service did not start or stopped. */
  'local_service_failed',
  /** The operation conflicts with the current state (e.g. a document result already downloaded). */
  'conflict',
  /** A feature a later version provides. */
  'not_implemented',
  /** A bug in Verso; the message says so and the log has details (without secrets). */
  'internal',
] as const;

export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * Current usage attached to a quota error so the UI can say how much was used: of whose limit (`scope`: the key's
 * own cap or the account's), and how many characters the refused request needed (`requestCharacters`, when Verso
 * knows: texts; a document's billed size is known only to the service).
 */
export const QuotaDetails = z.object({
  characterCount: z.number(),
  characterLimit: z.number(),
  scope: z.enum(['key', 'account']).optional(),
  requestCharacters: z.number().optional(),
});
export type QuotaDetails = z.infer<typeof QuotaDetails>;

/**
 * For bad_file, what a file that is not text Verso can read looks like, so the UI says it in its language:
 * `binary` (not text at all), `damaged` (it starts as `encoding` text, by its byte-order mark, but is not valid
 * `encoding` further on), `unknown` (text in an encoding Verso does not read).
 */
export const FileProblem = z.object({
  kind: z.enum(['binary', 'damaged', 'unknown']),
  encoding: z.string().optional(),
});
export type FileProblem = z.infer<typeof FileProblem>;

export const IpcError = z.object({
  code: ErrorCode,
  /** A sentence for the user: what happened and what to do. */
  message: z.string(),
  /** HTTP status of the service's answer, when there was one. */
  status: z.number().int().optional(),
  /** The service's machine-readable `code`, when it sent one. */
  serviceCode: z.string().optional(),
  /** For invalid_input: which field was wrong (dotted path). */
  field: z.string().optional(),
  /** For quota_exceeded: usage at the time of the error, when it could be read. */
  usage: QuotaDetails.optional(),
  /** The service's own words (its Error body's `message`, cleaned and redacted), shown labelled as such. */
  serviceMessage: z.string().optional(),
  /** For rate_limited / service_unavailable: how long the service asked to wait, in seconds. */
  retryAfterSeconds: z.number().optional(),
  /** For a language pair the engine cannot do: the source language it detected in the text (source was "detect"). */
  detectedSourceLanguage: z.string().optional(),
  /** For bad_file: what the file looks like instead of text Verso can read. */
  fileProblem: FileProblem.optional(),
});
export type IpcError = z.infer<typeof IpcError>;

export type Result<T> = { ok: true; data: T } | { ok: false; error: IpcError };

export function ok<T>(data: T): Result<T> {
  return { ok: true, data };
}

export function fail(code: ErrorCode, message: string, extra: Omit<IpcError, 'code' | 'message'> = {}): Result<never> {
  return { ok: false, error: { code, message, ...extra } };
}

/** Schema of a `Result<T>` given T's schema (used by the web harness shim tests and by contract tests). */
export function resultSchema<T extends z.ZodType>(data: T) {
  return z.union([z.object({ ok: z.literal(true), data }), z.object({ ok: z.literal(false), error: IpcError })]);
}
