/**
 * Errors of the text layer of the local Translation Service (service process).
 * `TextInputError` marks input the client must fix (malformed XML, contradictory tag options); the HTTP layer
 * answers it with 400 and passes the message on unchanged, so every message says what is wrong, where, and
 * what to do.
 */

export class TextInputError extends Error {
  override name = 'TextInputError';
}
