/**
 * Errors by code (any process): the catalog message for an IPC error code, with the service's own message kept
 * as detail. The words a user reads come from the catalog; what the service said is shown behind "Details".
 */
import type { ErrorCode, IpcError, QuotaDetails } from '../ipc/errors.js';
import type { Translator } from './translator.js';

export interface DescribedError {
  /** What happened and what to do, in the UI language. */
  message: string;
  /** What main said (English, technical), for the "Details" disclosure; null when nothing more. */
  detail: string | null;
  /** The service's own words (its error body's message), shown under "Details" labelled as the service's; null if none. */
  serviceWords: string | null;
}

/**
 * The 456 in words: whose limit (this key's or the account's), how much is used and left, how long the refused text
 * is and that a shorter one may still go, and that the account's admin (not the translator) can raise it.
 */
function quotaMessage(t: Translator, u: QuotaDetails): string {
  const left = Math.max(0, u.characterLimit - u.characterCount);
  const values = { used: u.characterCount, limit: u.characterLimit, left, needed: u.requestCharacters ?? 0 };
  if (!u.scope) return t.t('errors.quota_exceeded_usage', values);
  const key = u.scope === 'key';
  if (left === 0) return t.t(key ? 'errors.quota_key_reached' : 'errors.quota_account_reached', values);
  if (u.requestCharacters !== undefined) return t.t(key ? 'errors.quota_key_text' : 'errors.quota_account_text', values);
  return t.t(key ? 'errors.quota_key_left' : 'errors.quota_account_left', values);
}

export function describeIpcError(t: Translator, error: Pick<IpcError, 'code' | 'message'> & Partial<IpcError>): DescribedError {
  const code: ErrorCode = error.code;
  let message: string;
  if (code === 'quota_exceeded' && error.usage) {
    message = quotaMessage(t, error.usage);
  } else if (code === 'rate_limited' && error.retryAfterSeconds) {
    message = t.t('errors.rate_limited_wait', { seconds: Math.ceil(error.retryAfterSeconds) });
  } else if (code === 'bad_file' && error.fileProblem) {
    // A file that is not text Verso reads: what it looks like and how to save it instead, in the UI language.
    const { kind, encoding = '' } = error.fileProblem;
    message = t.t('errors.file_not_text', { kind, encoding });
  } else if (code === 'bad_file' && error.serviceCode?.startsWith('file_') && t.has(`errors.${error.serviceCode}`)) {
    // A file Verso reads but cannot make entries of (one column, an unclosed quote, not a workbook): what to do.
    message = t.t(`errors.${error.serviceCode}` as 'errors.file_one_column');
  } else {
    const id = `errors.${code}`;
    message = t.has(id) ? t.t(id) : t.t('errors.internal');
  }
  const serviceWords = error.serviceMessage ? error.serviceMessage : null;
  // Main's English sentence quotes the service; that quote is shown apart, labelled as the service's words.
  const own = serviceWords && error.message ? error.message.replace(` The service said: "${serviceWords}".`, '') : error.message;
  const parts: string[] = [];
  if (own && own !== message) parts.push(own);
  if (error.status) parts.push(t.t('errors.status', { status: error.status }));
  return { message, detail: parts.length ? parts.join(' · ') : null, serviceWords };
}
