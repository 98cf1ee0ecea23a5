/**
 * The one way a failed action shows its error (renderer): what happened and what to do, from the catalog by error
 * code, announced to screen readers; what main or the service said (technical, English) sits behind a "Details"
 * disclosure. `box` is a block alert, `text` a line under the control, `inline` a span beside it. `message`
 * replaces the catalog's generic sentence where a screen knows better (it still keeps the detail); `detailLabel`
 * names the disclosure where a screen can say whose words those are (e.g. the service's own, in English).
 */
import { useDescribeError, useT } from '../i18n/index.js';

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
  const details = described.detail ? (
    <details className="error-details">
      <summary>{detailLabel ?? t('app.common.details')}</summary>
      <span lang="en" dir="ltr">
        {described.detail}
      </span>
    </details>
  ) : null;
  if (look === 'box') {
    return (
      <div className="alert alert-error" role="alert">
        {text}
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
      {details}
    </div>
  );
}
