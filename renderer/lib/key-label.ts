/**
 * How a developer key's label reads (renderer): on the local engine's connection, the keys the local service made
 * with its own labels read in the current UI language; any other label as stored (see
 * shared/i18n/local-key-labels.ts).
 */
import { useCallback } from 'react';
import { localKeyLabelTier } from '../../shared/i18n/local-key-labels.js';
import { useT } from '../i18n/index.js';

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
