/**
 * Fixtures of the Keys screen's component tests (renderer): a developer key as main lists it, the local
 * connection with its admin key set, and a listing of keys.
 */
import type { DeveloperKeyView, KeysListing } from '../../../shared/ipc/contract-admin-keys.js';
import { LOCAL_CONNECTION } from '../../test-utils/scenario.js';

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
