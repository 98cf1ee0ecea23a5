/**
 * Renderer: react-query hooks of the Usage screen. The report is read when the screen opens, when the window
 * gains focus and every few minutes while the screen is open (each read is a snapshot main records); history,
 * all-connections and alerts follow `usage.changed` / `usage.alert` events from main.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '../../lib/api.js';

/** How often the open screen reads usage again (the issue: "at most every few minutes"). */
export const POLL_MS = 5 * 60_000;

export const usageKeys = {
  report: (connectionId: string | null) => ['usage.get', connectionId] as const,
  history: (connectionId: string | null) => ['usage.history', connectionId] as const,
  all: ['usage.all'] as const,
  alerts: ['usage.alerts'] as const,
  alertSettings: ['usage.alertSettings'] as const,
};

export function useUsageReport(connectionId: string | null) {
  return useQuery({
    queryKey: usageKeys.report(connectionId),
    queryFn: () => unwrap(api().usage.get(connectionId ? { connectionId } : undefined)),
    enabled: connectionId !== null,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: POLL_MS,
  });
}

export function useUsageHistory(connectionId: string | null) {
  return useQuery({
    queryKey: usageKeys.history(connectionId),
    queryFn: () => unwrap(api().usage.history(connectionId ? { connectionId } : undefined)),
    enabled: connectionId !== null,
    staleTime: 0,
  });
}

export function useUsageAll(enabled: boolean) {
  return useQuery({ queryKey: usageKeys.all, queryFn: () => unwrap(api().usage.all()), enabled, staleTime: 60_000 });
}

export function useUsageAlerts() {
  return useQuery({ queryKey: usageKeys.alerts, queryFn: () => unwrap(api().usage.alerts()) });
}

export function useAlertSettings() {
  return useQuery({ queryKey: usageKeys.alertSettings, queryFn: () => unwrap(api().usage.alertSettings()), staleTime: Infinity });
}

/** Keeps the screen's data in step with main: a new read refreshes history; an alert refreshes the banner. */
export function useUsageEvents(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const offChanged = api().on('usage.changed', (r) => {
      qc.setQueryData(usageKeys.report(r.connectionId), r);
      void qc.invalidateQueries({ queryKey: usageKeys.history(r.connectionId) });
    });
    const offAlert = api().on('usage.alert', () => void qc.invalidateQueries({ queryKey: usageKeys.alerts }));
    return () => {
      offChanged();
      offAlert();
    };
  }, [qc]);
}
