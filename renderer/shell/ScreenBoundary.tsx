/**
 * A screen that fails to render or to load its code (a lazy chunk that cannot be fetched, a component that throws)
 * shows why in place of the screen, with Reload and Try again, instead of leaving the whole window blank. The
 * sidebar stays usable, and another screen can be opened; what the user typed is kept by the stores and the saved
 * draft, which a reload restores.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorAlert } from '../components/ErrorAlert.js';
import { useT } from '../i18n/index.js';

interface Props {
  children: ReactNode;
  /** Called by Try again before the screen renders again (e.g. to fetch its code anew). */
  onRetry?: () => void;
}

export class ScreenBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error('unknown') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console for a bug report; the screen says it in the UI language.
    console.error('Verso: a screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <ScreenFailed
        error={this.state.error}
        onRetry={() => {
          this.props.onRetry?.();
          this.setState({ error: null });
        }}
      />
    );
  }
}

function ScreenFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="screen screen-failed">
      <h1>{t('app.screenFailed.title')}</h1>
      <ErrorAlert error={error} look="box" message={t('app.screenFailed.text')} />
      <div className="field-row">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('app.screenFailed.reload')}
        </button>
        <button type="button" className="btn" onClick={onRetry}>
          {t('app.tryAgain')}
        </button>
      </div>
    </div>
  );
}
