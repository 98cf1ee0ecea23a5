/**
 * Renderer component: the banner under which every screen sits when the connection is not usable — starting,
 * failed, or the machine is offline while a hosted connection is active. Each state says what to do.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api, errorMessage, unwrap } from '../lib/api.js';
import { keys, useConnections, useConnectionStatus } from '../lib/queries.js';
import { useUiStore } from '../state/ui-store.js';

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
  const qc = useQueryClient();
  const status = useConnectionStatus();
  const connections = useConnections();
  const online = useOnline();
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
        <p>
          You are offline. “{active.name}” needs the internet; reconnect, or switch to the local engine in the
          connection menu to keep translating.
        </p>
      </div>
    );
  }
  if (state === 'starting') {
    return (
      <div className="banner banner-info" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>Starting the local engine… Translation will be available in a few seconds.</p>
      </div>
    );
  }
  if (state === 'error') {
    return (
      <div className="banner banner-error" role="alert">
        <p>
          {status.data?.message ??
            'The connection is not working. Check its settings, or switch to another connection.'}
          {retry.isError && ` ${errorMessage(retry.error)}`}
        </p>
        <div className="banner-actions">
          <button
            type="button"
            className="btn btn-small"
            onClick={() => retry.mutate()}
            disabled={retry.isPending}
          >
            {active?.kind === 'local' ? 'Restart local engine' : 'Try again'}
          </button>
          <button type="button" className="btn btn-small" onClick={() => setScreen('settings')}>
            Open Settings
          </button>
        </div>
      </div>
    );
  }
  if (status.isError) {
    return (
      <div className="banner banner-error" role="alert">
        <p>{errorMessage(status.error)}</p>
      </div>
    );
  }
  return null;
}
