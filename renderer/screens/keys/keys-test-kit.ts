/**
 * Fixtures of the Keys screen's component tests (renderer): a developer key as main lists it, the local
 * connection with its admin key set, a listing of keys, and the Keys screen rendered over them.
 */
import type { DeveloperKeyView, KeysListing } from '../../../shared/ipc/contract-admin-keys.js';
import { LOCAL_CONNECTION, renderApp } from '../../test-utils/scenario.js';

/** Key number `i` (`k1`, "Key 1", made on 2 Jan 2026 for i = 1), active, no limit, used by no connection. */
export const key = (i: number, extra: Partial<DeveloperKeyView> = {}): DeveloperKeyView => ({
  keyId: `k${i}`,
  label: `Key ${i}`,
  creationTime: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
  isDeactivated: false,
  characterLimit: null,
  usedBy: [],
  ...extra,
});

/** The local engine's connection with its admin key kept. */
export const LOCAL = { ...LOCAL_CONNECTION, adminKey: { configured: true, persisted: true } };

export const listing = (connectionId: string, keys: DeveloperKeyView[], unidentified: KeysListing['unidentified'] = []): KeysListing => ({
  connectionId,
  keys,
  unidentified,
});

/** Admin access on the local connection (its admin key set). */
export const access = { connectionId: LOCAL.id, connectionName: LOCAL.name, configured: true, local: true };

/** The words without the Unicode isolates the screen puts around names and values. */
export const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u2068\u2069]/g, '');

/** The app on the Keys screen's data: `keys()` listed on the local connection, no change log; `more` handlers. */
export function keysApp(keys: () => DeveloperKeyView[], more: Parameters<typeof renderApp>[0] = {}) {
  return renderApp({
    'adminKeys.access': () => access,
    'connections.list': () => ({ connections: [LOCAL], activeId: LOCAL.id }),
    'adminKeys.list': ({ connectionId }) => listing(connectionId, keys()),
    'adminKeys.audit': () => [],
    ...more,
  });
}
