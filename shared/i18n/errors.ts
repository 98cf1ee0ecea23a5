/**
 * Errors by code (any process): the catalog message for an IPC error code, with the service's own message kept
 * as detail. The words a user reads come from the catalog; what the service said is shown behind "Details".
 */
import type { ErrorCode, IpcError } from '../ipc/errors.js';
import type { Translator } from './translator.js';

export interface DescribedError {
  /** What happened and what to do, in the UI language. */
  message: string;
  /** What main or the service said (English, technical), for the "Details" disclosure; null when nothing more. */
  detail: string | null;
}

export function describeIpcError(t: Translator, error: Pick<IpcError, 'code' | 'message'> & Partial<IpcError>): DescribedError {
  const code: ErrorCode = error.code;
  let message: string;
  if (code === 'quota_exceeded' && error.usage) {
    message = t.t('errors.quota_exceeded_usage', { used: error.usage.characterCount, limit: error.usage.characterLimit });
  } else if (code === 'rate_limited' && error.retryAfterSeconds) {
    message = t.t('errors.rate_limited_wait', { seconds: Math.ceil(error.retryAfterSeconds) });
  } else {
    const id = `errors.${code}`;
    message = t.has(id) ? t.t(id) : t.t('errors.internal');
  }
  const parts: string[] = [];
  if (error.message && error.message !== message) parts.push(error.message);
  if (error.status) parts.push(t.t('errors.status', { status: error.status }));
  return { message, detail: parts.length ? parts.join(' · ') : null };
}
