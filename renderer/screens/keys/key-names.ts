/**
 * Renderer: the name a developer key goes by where the admin picks or reviews keys (which key a connection
 * translates with, the lists of a change to several keys, the panels' titles, the rows' accessible names). It is the
 * key's label; where another key of the listing has the same label, the short id the table shows goes beside it (a
 * Korean tour found "번역팀 / 번역팀" in the drop-down, 17 × "Developer key" in the list of keys to deactivate, and two
 * "Set limit for 번역팀" buttons). A label no other key has is shown as it is.
 */
import { useCallback, useMemo } from 'react';
import type { DeveloperKeyView } from '../../../shared/ipc/contract-admin-keys.js';
import { useT } from '../../i18n/index.js';
import { isolate } from '../../lib/bidi.js';
import { shortId } from './KeysTable.js';
import { confirmText } from './panels.js';

/**
 * A key's name. `aria`: for an accessible name (as the rows' labels are given there, without isolates); otherwise
 * for text on the screen, with the label and the id each isolated (callers isolate the whole where they put it in a
 * sentence, as they do a label).
 */
export type KeyName = (k: DeveloperKeyView, aria?: boolean) => string;

/**
 * The labels more than one key of `keys` has, compared as the typed confirmation compares them (width and runs of
 * white space aside, so "번역팀" and "번역팀 " are one label; capital and small letters, which can be seen, differ).
 * A key id met twice is one key (the change log lists a key once per change).
 */
export function sharedLabels(keys: readonly Pick<DeveloperKeyView, 'keyId' | 'label'>[]): ReadonlySet<string> {
  const seen = new Map<string, string>();
  const shared = new Set<string>();
  for (const k of keys) {
    const label = confirmText(k.label);
    const first = seen.get(label);
    if (first === undefined) seen.set(label, k.keyId);
    else if (first !== k.keyId) shared.add(label);
  }
  return shared;
}

/** The names of the keys of the listing `keys` (every key, deactivated ones too: they are in the table). */
export function useKeyName(keys: readonly DeveloperKeyView[] | undefined): KeyName {
  const t = useT();
  const shared = useMemo(() => sharedLabels(keys ?? []), [keys]);
  return useCallback<KeyName>(
    (k, aria = false) => {
      if (!shared.has(confirmText(k.label))) return k.label;
      const id = shortId(k.keyId);
      return aria ? t('keys.labelWithId', { label: k.label, id }) : t('keys.labelWithId', { label: isolate(k.label), id: isolate(id) });
    },
    [shared, t],
  );
}
