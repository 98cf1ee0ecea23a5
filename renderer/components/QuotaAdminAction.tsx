/**
 * Renderer component: under a 456 caused by a key's own limit, the admin's way to raise it — a button that opens
 * Keys — shown only where the active connection has an admin key (a translator without one is told in the message
 * that the account's admin can raise it, and gets no button that would fail). Renders nothing for other errors
 * (and then uses no hooks, so ErrorAlert stays usable outside the query provider).
 */
import { useT } from '../i18n/index.js';
import { ApiError } from '../lib/api.js';
import { useConnections } from '../lib/queries.js';
import { useUiStore } from '../state/ui-store.js';

export function QuotaAdminAction({ error }: { error: unknown }) {
  if (!(error instanceof ApiError) || error.error.code !== 'quota_exceeded' || error.error.usage?.scope !== 'key') return null;
  return <RaiseKeyLimitButton />;
}

/** Opens Keys to raise the key's limit; nothing where the active connection has no admin key. */
export function RaiseKeyLimitButton() {
  const t = useT();
  const connections = useConnections();
  const setScreen = useUiStore((s) => s.setScreen);
  const active = connections.data?.connections.find((c) => c.id === connections.data?.activeId);
  if (!active?.adminKey.configured) return null;
  return (
    <p className="quota-admin-action">
      <button type="button" className="btn btn-small" onClick={() => setScreen('keys')}>
        {t('errors.quota_raiseOnKeys')}
      </button>
    </p>
  );
}
