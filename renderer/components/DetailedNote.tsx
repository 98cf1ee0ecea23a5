/**
 * Renderer component: a sentence from the catalog with what main or the service said (English, technical) behind
 * a "Details" disclosure. For states main reports as text without an error code (a connection's status, the
 * local engine's failure, why keys cannot be stored): the user reads the UI language, the detail stays available.
 * Failed calls use `ErrorAlert` instead (it maps the error code).
 */
import { useT } from '../i18n/index.js';

export function DetailedNote({
  text,
  detail,
  className,
  role,
}: {
  text: string;
  detail?: string | null | undefined;
  className?: string;
  role?: 'status' | 'alert';
}) {
  const t = useT();
  return (
    <div className={className} role={role}>
      <p>{text}</p>
      {detail && detail !== text && (
        <details className="error-details">
          <summary>{t('app.common.details')}</summary>
          <span>{detail}</span>
        </details>
      )}
    </div>
  );
}
