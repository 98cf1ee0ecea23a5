/**
 * Renderer: the document queue as main reports it. One query for the list; `documents.changed` events patch it in
 * place (no polling from the renderer), so thousands of rows update without refetching.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DocumentsList } from '../../../shared/ipc/contract-documents.js';
import { api, unwrap } from '../../lib/api.js';

export const documentsKey = ['documents.list'] as const;

export function useDocuments() {
  const qc = useQueryClient();
  useEffect(
    () =>
      api().on('documents.changed', (ev) => {
        qc.setQueryData<DocumentsList>(documentsKey, (cur) => {
          if (!cur) return cur;
          const removed = new Set(ev.removed);
          const byId = new Map(ev.jobs.map((j) => [j.jobId, j]));
          const jobs = cur.jobs.filter((j) => !removed.has(j.jobId)).map((j) => byId.get(j.jobId) ?? j);
          const known = new Set(jobs.map((j) => j.jobId));
          for (const j of ev.jobs) if (!known.has(j.jobId)) jobs.push(j);
          return { jobs, summary: ev.summary };
        });
      }),
    [qc],
  );
  return useQuery({ queryKey: documentsKey, queryFn: () => unwrap(api().documents.list()), staleTime: Infinity });
}

export function usePrefs() {
  return useQuery({ queryKey: ['documents.prefs'], queryFn: () => unwrap(api().documents.prefs()), staleTime: Infinity });
}

/** Remaining characters of the active connection (null: no limit or unknown). */
export function useRemaining() {
  return useQuery({
    queryKey: ['documents.usage'],
    queryFn: async () => {
      const r = await unwrap(api().usage.get({}));
      const u = r.usage;
      const limits: number[] = [];
      if (!u.unlimited && u.characterLimit !== null && u.characterCount !== null) limits.push(u.characterLimit - u.characterCount);
      if (!u.apiKeyUnlimited && u.apiKeyCharacterLimit != null && u.apiKeyCharacterCount != null) limits.push(u.apiKeyCharacterLimit - u.apiKeyCharacterCount);
      return limits.length ? Math.max(0, Math.min(...limits)) : null;
    },
    staleTime: 30_000,
  });
}
