/**
 * Renderer hook (Settings): what main says about the running app (name, version, shell, whether pseudo-locales
 * are offered). It does not change while the app runs, so it is read once.
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api.js';
import { keys } from '../../lib/queries.js';

export function useAppInfo() {
  return useQuery({ queryKey: keys.appInfo, queryFn: () => unwrap(api().app.info()), staleTime: Infinity });
}
