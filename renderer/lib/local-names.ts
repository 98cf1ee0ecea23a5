/**
 * How the names Verso or its local service gave read (renderer): stored in one language, shown in the current UI
 * language while they are still the given ones; a name a user typed is shown as typed. The connection names Verso
 * gives (the local engine's, and the hosted and custom ones the add-connection form fills in:
 * shared/i18n/local-connection-name.ts) and, on the local engine's connection, the keys the local service made
 * (shared/i18n/local-key-labels.ts). Nothing stored changes.
 */
import { useCallback } from 'react';
import { givenNameKey } from '../../shared/i18n/local-connection-name.js';
import { localKeyLabelTier } from '../../shared/i18n/local-key-labels.js';
import { useT } from '../i18n/index.js';

/** A connection's name as shown. */
export function useConnectionName(): (name: string) => string {
  const t = useT();
  return useCallback(
    (name: string) => {
      const given = givenNameKey(name);
      return given ? t(given) : name;
    },
    [t],
  );
}

/** A developer key's label as shown; `local`: the key is on the local engine's connection. */
export function useKeyLabel(): (label: string, local: boolean) => string {
  const t = useT();
  return useCallback(
    (label: string, local: boolean) => {
      const tier = local ? localKeyLabelTier(label) : null;
      return tier ? t('keys.localLabel', { tier }) : label;
    },
    [t],
  );
}
