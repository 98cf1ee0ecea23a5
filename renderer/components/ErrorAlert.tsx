/**
 * The one way a failed action shows its error (renderer): the message main wrote, which says what to do, announced
 * to screen readers. `box` is a block alert, `text` a line under the control, `inline` a span beside it.
 */
import { errorMessage } from '../lib/api.js';

export function ErrorAlert({ error, look = 'text' }: { error: unknown; look?: 'box' | 'text' | 'inline' }) {
  const message = errorMessage(error);
  if (look === 'box') {
    return (
      <div className="alert alert-error" role="alert">
        {message}
      </div>
    );
  }
  if (look === 'inline') {
    return (
      <span className="error-text" role="alert">
        {message}
      </span>
    );
  }
  return (
    <p className="error-text" role="alert">
      {message}
    </p>
  );
}
