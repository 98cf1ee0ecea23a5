/**
 * Renderer: the words for an admin-interface error on the Keys screen (and the Settings admin-key check), where the
 * generic ones would not say enough: the connection changed under the screen, no admin key for this connection, a
 * developer key where an admin key is needed, an unknown key. What main or the service said stays behind "Details",
 * labelled as the service's own (English) words when it came from the service.
 */
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useDescribeError, useT } from '../../i18n/index.js';
import { ApiError } from '../../lib/api.js';

type T = ReturnType<typeof useT>;

export function keysErrorMessage(t: T, err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const e = err.error;
  // Main refused the call: the screen showed another connection than the active one.
  if (e.code === 'conflict' && e.status === undefined) return t('keys.error.connectionChanged');
  // Main found no admin key for the connection (no answer from any service).
  if (e.code === 'auth_failed' && e.status === undefined) return t('keys.error.noAdminKey');
  if (e.serviceCode === 'too_many_keys') return t('keys.error.tooMany');
  if (e.serviceCode === 'admin_not_enabled') return t('keys.error.adminOff');
  if (e.serviceCode === 'admin_key_required' || e.serviceCode === 'admin_key_not_allowed') return t('keys.error.notAdmin');
  if (e.status === 403) return t('keys.error.forbidden');
  if (e.code === 'not_found' && e.status === 404) return t('keys.error.unknownKey');
  if (e.code === 'rate_limited') return t('keys.error.rateLimited');
  return undefined;
}

/** True when the error came with an answer from the service (its words are behind "Details"). */
export function fromService(err: unknown): boolean {
  return err instanceof ApiError && err.error.status !== undefined;
}

export function KeysError({
  error,
  staleSince,
}: {
  error: unknown;
  /** A refresh failed while the list read at this time (written in the UI language) is still shown below. */
  staleSince?: string;
}) {
  const t = useT();
  const describe = useDescribeError();
  const reason = keysErrorMessage(t, error);
  const msg = staleSince === undefined ? reason : t('keys.staleError', { reason: reason ?? describe(error).message, date: staleSince });
  return (
    <ErrorAlert
      error={error}
      look="box"
      detailLabel={fromService(error) ? t('keys.error.detailsService') : t('keys.error.detailsVerso')}
      {...(msg && { message: msg })}
    />
  );
}
