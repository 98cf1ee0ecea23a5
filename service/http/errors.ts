/**
 * HTTP errors of the local Translation Service (service process). Every error leaves the service as the spec's
 * Error body `{ message, code? }` with the spec's status; `message` always says what to do.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'invalid_parameter'): HttpError =>
  new HttpError(400, message, code);
export const forbidden = (message: string, code = 'forbidden'): HttpError => new HttpError(403, message, code);
export const notFound = (message: string, code = 'not_found'): HttpError => new HttpError(404, message, code);
export const quotaExceeded = (message: string): HttpError => new HttpError(456, message, 'quota_exceeded');
