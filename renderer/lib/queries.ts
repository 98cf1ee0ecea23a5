/**
 * Renderer: react-query hooks for data main owns (connections, settings, languages, glossaries, local service).
 * Query keys mirror contract call names. `networkMode: 'always'` because whether we are "offline" is main's call
 * (the local engine works without a network). Main→renderer events update the cache directly.
 */
import { QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventName, EventPayload } from '../../shared/ipc/contract.js';
import type { DocumentsList } from '../../shared/ipc/contract-documents.js';
import { api, unwrap } from './api.js';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { networkMode: 'always', retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

export const keys = {
  connections: ['connections.list'] as const,
  status: ['connections.status'] as const,
  settings: ['settings.get'] as const,
  credentials: ['credentials.status'] as const,
  localStatus: ['localService.status'] as const,
  localLanguages: ['localService.languages'] as const,
  appInfo: ['app.info'] as const,
  languages: (type: 'source' | 'target', connectionId: string | null) =>
    ['languages.list', type, connectionId] as const,
  glossaries: (connectionId: string | null) => ['glossaries.list', connectionId] as const,
  pairs: (connectionId: string | null) => ['languages.pairs', connectionId] as const,
  translatePrefs: ['translatePrefs.get'] as const,
  documents: ['documents.list'] as const,
};

export const connectionsQuery = { queryKey: keys.connections, queryFn: () => unwrap(api().connections.list()) };
export const statusQuery = { queryKey: keys.status, queryFn: () => unwrap(api().connections.status()) };
export const settingsQuery = { queryKey: keys.settings, queryFn: () => unwrap(api().settings.get()), staleTime: Infinity };

export function useConnections() {
  return useQuery(connectionsQuery);
}

export function useConnectionStatus() {
  return useQuery(statusQuery);
}

export function useSettings() {
  return useQuery(settingsQuery);
}

export function useCredentialsStatus() {
  return useQuery({ queryKey: keys.credentials, queryFn: () => unwrap(api().credentials.status()) });
}

export function useLocalServiceStatus(enabled = true) {
  return useQuery({
    queryKey: keys.localStatus,
    queryFn: () => unwrap(api().localService.status()),
    enabled,
  });
}

export function useLocalServiceLanguages(enabled = true) {
  return useQuery({
    queryKey: keys.localLanguages,
    queryFn: () => unwrap(api().localService.languages()),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Languages of the active connection; main caches them too, `refresh` bypasses both caches. */
const languagesQuery = (type: 'source' | 'target', connectionId: string | null) => ({
  queryKey: keys.languages(type, connectionId),
  queryFn: () => unwrap(api().languages.list({ type })),
  staleTime: 60 * 60_000,
});

export function useLanguages(type: 'source' | 'target', connectionId: string | null, enabled = true) {
  return useQuery({ ...languagesQuery(type, connectionId), enabled: enabled && connectionId !== null });
}

const glossariesQuery = (connectionId: string | null) => ({
  queryKey: keys.glossaries(connectionId),
  queryFn: () => unwrap(api().glossaries.list()),
  staleTime: 5 * 60_000,
});

export function useGlossaries(connectionId: string | null, enabled = true) {
  return useQuery({ ...glossariesQuery(connectionId), enabled: enabled && connectionId !== null });
}

/** Source → target pairs of the connection (the local engine's; null pairs = every combination). */
const pairsQuery = (connectionId: string | null) => ({
  queryKey: keys.pairs(connectionId),
  // The key's own connection, named: a document row asks for the pairs of the connection its job went to.
  queryFn: () => unwrap(api().languages.pairs(connectionId ? { connectionId } : {})),
  staleTime: 60 * 60_000,
});

export function useLanguagePairs(connectionId: string | null, enabled = true) {
  return useQuery({ ...pairsQuery(connectionId), enabled: enabled && connectionId !== null });
}

const translatePrefsQuery = {
  queryKey: keys.translatePrefs,
  queryFn: () => unwrap(api().translatePrefs.get()),
  staleTime: Infinity,
};

/** Second language, history opt-in, languages remembered per connection. */
export function useTranslatePrefs() {
  return useQuery(translatePrefsQuery);
}

/**
 * Starts what the Translate screen reads (languages, pairs, glossaries, remembered choices) as soon as the active
 * connection is known, alongside the screen's own code, instead of after it has rendered once: the screen then
 * renders with its data, not again for each answer.
 */
export function prefetchTranslateData(qc: QueryClient, connectionId: string): Promise<void> {
  void qc.prefetchQuery(glossariesQuery(connectionId));
  // What the screen shows at once (the language pickers and the remembered pair); main has these without a network
  // call (cached lists, the local engine's pairs), so the first render may wait for them.
  return Promise.all([
    qc.prefetchQuery(languagesQuery('source', connectionId)),
    qc.prefetchQuery(languagesQuery('target', connectionId)),
    qc.prefetchQuery(pairsQuery(connectionId)),
    qc.prefetchQuery(translatePrefsQuery),
  ]).then(() => undefined);
}

/** Subscribes to one main→renderer event for the lifetime of the component. */
export function useApiEvent<E extends EventName>(
  name: E,
  listener: (payload: EventPayload<E>) => void,
): void {
  useEffect(() => {
    const off = api().on(name, listener);
    return off;
    // The listener is expected to be stable (useCallback) or cheap to resubscribe.
  }, [name, listener]);
}

const connected = new WeakSet<QueryClient>();

/**
 * Keeps the cache in step with what main announces (another window, the menu, the local service). The entry script
 * connects it before its first call to main, so nothing announced between that call's answer and the first render
 * is missed; `useCacheEvents` connects it for a client the entry did not (tests), never twice.
 */
export function connectCacheEvents(qc: QueryClient): () => void {
  if (connected.has(qc)) return () => undefined;
  connected.add(qc);
  const a = api();
  // What main announces is newer than an answer still on its way (the answer and the event travel apart): the
  // fetch in flight is cancelled first, so its older answer cannot land over the announced state.
  const announce = <T,>(key: readonly unknown[], data: T): Promise<void> =>
    qc.cancelQueries({ queryKey: key, exact: true }).then(() => {
      qc.setQueryData(key, data);
    });
  const offs = [
    a.on('connections.changed', (state) => {
      void announce(keys.connections, state).then(() => qc.invalidateQueries({ queryKey: keys.status }));
    }),
    a.on('connections.statusChanged', (status) => void announce(keys.status, status)),
    a.on('settings.changed', (settings) => void announce(keys.settings, settings)),
    // The document queue is patched wherever the user is: a job that finishes while another screen is open must not
    // read "Queued on the service" when Documents opens again (seen on a tour: its list is fetched once, and the
    // screen listened only while open).
    a.on('documents.changed', (ev) => {
      qc.setQueryData<DocumentsList>(keys.documents, (cur) => {
        if (!cur) return cur;
        const removed = new Set(ev.removed);
        const byId = new Map(ev.jobs.map((j) => [j.jobId, j]));
        const jobs = cur.jobs.filter((j) => !removed.has(j.jobId)).map((j) => byId.get(j.jobId) ?? j);
        const known = new Set(jobs.map((j) => j.jobId));
        for (const j of ev.jobs) if (!known.has(j.jobId)) jobs.push(j);
        return { jobs, summary: ev.summary };
      });
    }),
    a.on('localService.statusChanged', (status) => {
      void announce(keys.localStatus, status).then(() => {
        if (status.state === 'ready') void qc.invalidateQueries({ queryKey: keys.localLanguages });
      });
    }),
  ];
  return () => {
    offs.forEach((off) => off());
    connected.delete(qc);
  };
}

export function useCacheEvents(): void {
  const qc = useQueryClient();
  useEffect(() => connectCacheEvents(qc), [qc]);
}
