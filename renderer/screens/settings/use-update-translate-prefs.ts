/**
 * Renderer hook (Settings → Translate): saves a translate-preferences patch in main (`translatePrefs.update`) and
 * puts main's answer in the query cache, so the Translate screen sees the change at once. The twin of
 * `use-update-settings.ts` for the Translate domain's own preferences.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TranslatePrefs, TranslatePrefsPatch } from '../../../shared/ipc/contract.js';
import { api, unwrap } from '../../lib/api.js';
import { keys } from '../../lib/queries.js';

export function useUpdateTranslatePrefs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: TranslatePrefsPatch) => unwrap(api().translatePrefs.update(patch)),
    onSuccess: (p: TranslatePrefs) => {
      qc.setQueryData(keys.translatePrefs, p);
      // The cap may have removed entries; the history panel and the count here re-read.
      void qc.invalidateQueries({ queryKey: ['history.list'] });
    },
  });
}
