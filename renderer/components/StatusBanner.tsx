/**
 * Renderer component: the banner under which every screen sits when the connection is not usable — starting,
 * failed, or the machine is offline while a hosted connection is active. Each state says what to do.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useDescribeError, useT } from '../i18n/index.js';
import { ApiError, api, unwrap } from '../lib/api.js';
import type { IpcError } from '../../shared/ipc/errors.js';
import { DetailedNote } from './DetailedNote.js';
import { ErrorAlert } from './ErrorAlert.js';
import { keys, useConnections, useConnectionStatus } from '../lib/queries.js';
import { useUiStore } from '../state/ui-store.js';
import { useConnectionName } from '../lib/local-names.js';

function subscribeOnline(cb: () => void): () => void {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export function StatusBanner() {
  const t = useT();
  const describe = useDescribeError();
  const qc = useQueryClient();
  const status = useConnectionStatus();
  const connections = useConnections();
  const online = useOnline();
  const shownName = useConnectionName();
  const setScreen = useUiStore((s) => s.setScreen);
  const active = connections.data?.connections.find((c) => c.id === connections.data?.activeId);
  const retry = useMutation({
    mutationFn: async () => {
      if (active?.kind === 'local') await unwrap(api().localService.restart());
      else if (active) await unwrap(api().connections.test({ id: active.id }));
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: keys.status }),
  });

  const state = status.data?.state;
  if (!online && active && active.kind !== 'local') {
    return (
      <div className="banner banner-warning" role="status">
        <p>{t('app.status.offline', { name: shownName(active.name) })}</p>
      </div>
    );
  }
  if (state === 'starting') {
    return (
      <div className="banner banner-info" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{t('app.status.starting')}</p>
      </div>
    );
  }
  if (state === 'error') {
    // A failed call's own diagnosis (unreachable service, refused key, …) in the UI language, as the screen that made
    // the call says it; the generic line only where main gave no code (a stopped local engine, a forgotten key).
    const code = status.data?.code;
    // (Main's codes are the contract's error codes, each with its message in the catalogs.)
    const serviceCode = status.data?.serviceCode;
    const text = code
      ? describe(new ApiError({ code: code as IpcError['code'], message: status.data?.message ?? '', ...(serviceCode && { serviceCode }) })).message
      : t('app.status.error');
    return (
      <div className="banner banner-error" role="alert">
        <DetailedNote text={text} detail={status.data?.message} />
        {retry.isError && <ErrorAlert error={retry.error} />}
        <div className="banner-actions">
          <button
            type="button"
            className="btn btn-small"
            onClick={() => retry.mutate()}
            disabled={retry.isPending}
          >
            {active?.kind === 'local' ? t('app.status.restartLocal') : t('app.tryAgain')}
          </button>
          <button type="button" className="btn btn-small" onClick={() => setScreen('settings')}>
            {t('app.status.openSettings')}
          </button>
        </div>
      </div>
    );
  }
  if (status.isError) {
    return (
      <div className="banner banner-error">
        <ErrorAlert error={status.error} />
      </div>
    );
  }
  return null;
}
