/**
 * IPC contract of the translation history (any process): opt-in, kept on this computer only, searchable, each
 * entry re-openable in the Translate screen. Entries hold texts, languages and the connection's name, never a key.
 */
import { z } from 'zod';
import { Id, NoInput } from './contract-common.js';

export const HistoryEntry = z.object({
  id: z.string(),
  /** ISO time of the translation. */
  time: z.string(),
  connectionId: z.string(),
  connectionName: z.string(),
  /** The source language asked for ('' = detected), and what the service detected. */
  sourceLang: z.string(),
  detectedSourceLang: z.string(),
  targetLang: z.string(),
  source: z.string(),
  target: z.string(),
  billedCharacters: z.number().int().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryList = z.object({
  enabled: z.boolean(),
  /** Entries matching the query, newest first. */
  entries: z.array(HistoryEntry),
  /** Entries kept in all. */
  total: z.number().int(),
});
export type HistoryList = z.infer<typeof HistoryList>;

export const historyCalls = {
  'history.list': {
    input: z.object({ query: z.string().max(500).optional(), limit: z.number().int().min(1).max(10_000).optional() }),
    output: HistoryList,
  },
  'history.remove': { input: z.object({ id: Id }), output: z.object({ removed: z.boolean() }) },
  'history.clear': { input: NoInput, output: z.object({ removed: z.number().int() }) },
} as const;

export const historyEvents = {
  /** The history changed (a translation was added, entries removed): lists re-read it. */
  'history.changed': z.object({ total: z.number().int() }),
} as const;
