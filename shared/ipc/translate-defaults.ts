/**
 * Translate preferences' limits and defaults as plain values (any process), without zod: the Translate screen needs
 * them for its first paint, and importing them from the contract would pull every schema (and zod) into it.
 * `contract-translate.ts` re-exports them and checks the defaults against its schema's type.
 */
export const HISTORY_LIMITS = { minEntries: 10, maxEntries: 10_000, defaultEntries: 1000 } as const;

export const DEFAULT_TRANSLATE_PREFS = {
  secondLanguage: null,
  historyEnabled: false,
  historyMaxEntries: HISTORY_LIMITS.defaultEntries,
  perConnection: {},
  protectSpans: true,
  joinWrappedLines: 'detect',
} as const satisfies {
  secondLanguage: null;
  historyEnabled: boolean;
  historyMaxEntries: number;
  perConnection: Record<string, never>;
  protectSpans: boolean;
  joinWrappedLines: 'detect' | 'ask';
};
