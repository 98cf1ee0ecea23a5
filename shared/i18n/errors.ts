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

/**
 * A refused key (403) worded by the reason the service's error body gives in its `code`, where the generic "check the
 * key in Settings" would mislead: an admin key where a developer key is needed (met at first run, where there is no
 * Settings yet), a deactivated key, a key the service does not know. Other codes keep the generic sentence. The date a
 * deactivated key's message carries is only in the service's English words (kept under "Details"), so it is left out.
 */
const AUTH_REASONS: Record<string, 'errors.auth_admin_key' | 'errors.auth_key_deactivated' | 'errors.auth_unknown_key'> = {
  admin_key_not_allowed: 'errors.auth_admin_key',
  key_deactivated: 'errors.auth_key_deactivated',
  invalid_key: 'errors.auth_unknown_key',
};

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
  } else if (code === 'auth_failed' && error.serviceCode && Object.hasOwn(AUTH_REASONS, error.serviceCode)) {
    message = t.t(AUTH_REASONS[error.serviceCode]!);
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
