/**
 * Renderer component: a warning on Translate and Documents when the active connection has used 80 % or more of its
 * key's own character limit (or of the account's), before the service starts refusing texts with 456. The figures
 * are the service's latest `/v2/usage` read: read when the screen opens (shared with the Usage screen's cache) and
 * replaced by every `usage.changed` main sends (main reads usage again shortly after each billed translation). At
 * start it is read in the first idle moment after the first screen is up, not before: the read is a request to the
 * service and a snapshot main writes to disk, and the warning is not what the first paint needs. Says
 * whose limit it is, what is left, and who can raise it (the account's admin; the button to Keys only where this
 * connection has the admin key). Renders nothing when no limit is near, usage is unknown or cannot be read.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStartIdle } from '../lib/start-idle.js';
import type { UsageReport } from '../../shared/ipc/contract-usage.js';
import { LIMITS } from '../../shared/spec/limits.js';
import { useFormat, useT } from '../i18n/index.js';
import { api, unwrap } from '../lib/api.js';
import { useConnections } from '../lib/queries.js';
import { usageKeys } from '../screens/usage/queries.js';
import { RaiseKeyLimitButton } from './QuotaAdminAction.js';

/** The share of a limit from which Translate and Documents warn (the spec's first notification threshold). */
export const WARN_RATIO = 0.8;

export interface NearLimit {
  scope: 'key' | 'account';
  used: number;
  limit: number;
}

/** The limits of a report that are at or past 80 %: the key's own first (the service checks it first). */
export function nearLimits(r: UsageReport | undefined): NearLimit[] {
  if (!r) return [];
  const u = r.usage;
  const out: NearLimit[] = [];
  const add = (scope: NearLimit['scope'], used: number | null | undefined, limit: number | null | undefined) => {
    // A limit of 0 blocks everything (the spec): reached, whatever was used.
    if (used == null || limit == null || limit < 0 || limit >= LIMITS.unsetLimit) return;
    if (used >= limit * WARN_RATIO) out.push({ scope, used, limit });
  };
  add('key', u.apiKeyCharacterCount, u.apiKeyCharacterLimit);
  add('account', u.characterCount, u.characterLimit);
  return out;
}

/** The usage read behind the warning (also prefetched at start-up, `lib/start-data.ts`). */
export const quotaReportQuery = (activeId: string | null) => ({
  queryKey: usageKeys.report(activeId),
  queryFn: () => unwrap(api().usage.get(activeId ? { connectionId: activeId } : undefined)),
  // Fresh reads come as events after each billed text; opening a screen reads again after two minutes at most.
  staleTime: 120_000,
  refetchOnWindowFocus: false,
  retry: false,
});

export function QuotaWarning() {
  const t = useT();
  const fmt = useFormat();
  const qc = useQueryClient();
  const connections = useConnections();
  const activeId = connections.data?.activeId ?? null;
  // False only while the app's first screen has not yet been idle (see start-idle.ts).
  const idle = useStartIdle();
  const report = useQuery({ ...quotaReportQuery(activeId), enabled: activeId !== null && idle });
  useEffect(
    () => api().on('usage.changed', (r) => qc.setQueryData(usageKeys.report(r.connectionId), r)),
    [qc],
  );
  // A report of another connection (a switch in progress) is never shown as this one's.
  const data = report.data && report.data.connectionId === activeId ? report.data : undefined;
  const near = nearLimits(data);
  if (!data || near.length === 0) return null;
  const at = fmt.time(Date.parse(data.fetchedAt));
  return (
    <div className="alert alert-warning quota-warning" role="status">
      {near.map((n) => {
        const values = {
          percent: fmt.percent(n.limit > 0 ? Math.min(n.used / n.limit, 1) : 1),
          used: fmt.number(n.used),
          limit: fmt.number(n.limit),
          left: fmt.number(Math.max(0, n.limit - n.used)),
          time: at,
        };
        const reached = n.used >= n.limit;
        return (
          <p key={n.scope}>
            {n.scope === 'key'
              ? t(reached ? 'usage.quotaWarning.keyReached' : 'usage.quotaWarning.key', values)
              : t(reached ? 'usage.quotaWarning.accountReached' : 'usage.quotaWarning.account', values)}
          </p>
        );
      })}
      {near.some((n) => n.scope === 'key') ? <RaiseKeyLimitButton /> : null}
    </div>
  );
}
