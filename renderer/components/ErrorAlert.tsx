/**
 * The one way a failed action shows its error (renderer): what happened and what to do, from the catalog by error
 * code, announced to screen readers; what main or the service said (technical, English) sits behind a "Details"
 * disclosure. `box` is a block alert, `text` a line under the control, `inline` a span beside it. `message`
 * replaces the catalog's generic sentence where a screen knows better (it still keeps the detail); `detailLabel`
 * names the disclosure where a screen says more about it.
 * Behind "Details", Verso's own English note and the service's own words are each labelled in the UI language, so
 * a reader knows which words came from the service. A quota error offers the admin's way to raise a key's limit
 * where this connection has the admin key (`QuotaAdminAction`).
 */
import { useDescribeError, useT } from '../i18n/index.js';
import { QuotaAdminAction } from './QuotaAdminAction.js';

export function ErrorAlert({
  error,
  look = 'text',
  message,
  detailLabel,
}: {
  error: unknown;
  look?: 'box' | 'text' | 'inline';
  message?: string;
  detailLabel?: string;
}) {
  const describe = useDescribeError();
  const t = useT();
  const described = describe(error);
  const text = message ?? described.message;
  const details =
    described.detail || described.serviceWords ? (
      <details className="error-details">
        <summary>{detailLabel ?? t('app.common.details')}</summary>
        {described.detail ? (
          <span className="error-detail-part">
            {t('errors.versoWords')}{' '}
            <span lang="en" dir="ltr">
              {described.detail}
            </span>
          </span>
        ) : null}
        {described.serviceWords ? (
          <span className="error-detail-part">
            {t('errors.serviceWords')} <q dir="auto">{described.serviceWords}</q>
          </span>
        ) : null}
      </details>
    ) : null;
  const action = <QuotaAdminAction error={error} />;
  if (look === 'box') {
    return (
      <div className="alert alert-error" role="alert">
        {text}
        {action}
        {details}
      </div>
    );
  }
  if (look === 'inline') {
    return (
      <span className="error-text" role="alert">
        {text}
        {details}
      </span>
    );
  }
  return (
    <div className="error-text" role="alert">
      <p>{text}</p>
      {action}
      {details}
    </div>
  );
}
