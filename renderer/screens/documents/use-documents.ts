/**
 * Renderer: the document queue as main reports it. One query for the list; `documents.changed` events patch it in
 * place wherever the user is (connectCacheEvents in lib/queries.ts: no polling from the renderer), so thousands of
 * rows update without refetching, and a job that finished while another screen was open shows as finished.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '../../lib/api.js';
import { keys } from '../../lib/queries.js';
import { keepBatch } from './batch-store.js';

export const documentsKey = keys.documents;

export function useDocuments() {
  return useQuery({ queryKey: documentsKey, queryFn: () => unwrap(api().documents.list()), staleTime: Infinity });
}

/** The batch being prepared is kept by main: brought back when the screen first opens, then written as it changes. */
export function useKeptBatch(): void {
  useEffect(() => {
    keepBatch({
      load: () => unwrap(api().documents.batchDraft()),
      save: (draft) => unwrap(api().documents.saveBatchDraft({ draft })),
    });
  }, []);
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
