/**
 * Renderer component: where a key being sent to main is kept — the OS key store, or this session only. Without a
 * key store (main says it cannot encrypt) only the session is possible and the box stays ticked and disabled.
 */
import { useState } from 'react';
import type { Persistence } from '../../shared/ipc/contract-common.js';
import { useCredentialsStatus } from '../lib/queries.js';

export interface PersistenceChoice {
  persistence: Persistence;
  canPersist: boolean;
  /** Why there is no key store, from main (shown behind Details). */
  reason: string | undefined;
  setSessionOnly: (on: boolean) => void;
}

export function usePersistenceChoice(): PersistenceChoice {
  const creds = useCredentialsStatus();
  const [sessionOnly, setSessionOnly] = useState(false);
  const canPersist = creds.data?.canPersist ?? true;
  const persistence = !canPersist || sessionOnly ? 'session' : 'persist';
  return { persistence, canPersist, reason: creds.data?.reason, setSessionOnly };
}

export function SessionOnlyCheck({ choice, label }: { choice: PersistenceChoice; label: string }) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={choice.persistence === 'session'}
        disabled={!choice.canPersist}
        onChange={(e) => choice.setSessionOnly(e.target.checked)}
      />
      {label}
    </label>
  );
}
