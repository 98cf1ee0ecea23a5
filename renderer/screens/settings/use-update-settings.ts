/**
 * Renderer hook (Settings): saves a settings patch in main and puts main's answer in the query cache, so every
 * screen reading settings sees the change at once. Section files of other domains use it too.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings, SettingsPatch } from '../../../shared/ipc/contract.js';
import { api, unwrap } from '../../lib/api.js';
import { keys } from '../../lib/queries.js';

export function useUpdateSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => unwrap(api().settings.update(patch)),
    onSuccess: (s: Settings) => qc.setQueryData(keys.settings, s),
  });
}
