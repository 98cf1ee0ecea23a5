/**
 * IPC contract of the Translate domain's additions (any process): the translate preferences (second language,
 * history opt-in, languages remembered per connection), the language pairs a connection can translate, and the
 * long-text progress. History is in `contract-history.ts`. The original `translate.*` and `languages.list` schemas still live in `contract.ts`.
 */
import { z } from 'zod';
import { Id, LangCode, NoInput } from './contract-common.js';
import { DEFAULT_TRANSLATE_PREFS as DEFAULTS, HISTORY_LIMITS } from './translate-defaults.js';

export const LanguagePairView = z.object({
  source: z.string(),
  target: z.string(),
  /** The language the local engine goes through for this pair (Apertium: Spanish); absent when direct. */
  via: z.string().optional(),
});
export type LanguagePairView = z.infer<typeof LanguagePairView>;

export const LanguagePairs = z.object({
  /** Null: the connection does not say, so every listed source can go to every listed target (hosted services). */
  pairs: z.array(LanguagePairView).nullable(),
});
export type LanguagePairs = z.infer<typeof LanguagePairs>;

export { HISTORY_LIMITS };

export const RememberedLanguages = z.object({ sourceLang: z.string().max(20), targetLang: z.string().max(20) });

export const TranslatePrefs = z.object({
  /** Used instead of the target when the detected source already is the target language (null = off). */
  secondLanguage: z.string().nullable(),
  /** History of translations, kept on this computer only; off until the user turns it on. */
  historyEnabled: z.boolean(),
  historyMaxEntries: z.number().int().min(HISTORY_LIMITS.minEntries).max(HISTORY_LIMITS.maxEntries),
  /** Languages last used on each connection, by connection id. */
  perConnection: z.record(z.string().max(200), RememberedLanguages),
  /** Placeholders and code are kept as they are in every request (each request may say otherwise in Options). */
  protectSpans: z.boolean(),
  /**
   * Hard-wrapped text (e-mails, PDFs): `detect` joins the wrapped lines by default when Translate detects them
   * (`split_sentences=nonewlines`); `ask` only offers it. Either way the user can switch it per text.
   */
  joinWrappedLines: z.enum(['detect', 'ask']),
});
export type TranslatePrefs = z.infer<typeof TranslatePrefs>;

export const DEFAULT_TRANSLATE_PREFS: TranslatePrefs = DEFAULTS;

export const TranslatePrefsPatch = z
  .object({
    secondLanguage: LangCode.nullable().optional(),
    historyEnabled: z.boolean().optional(),
    historyMaxEntries: z.number().int().min(HISTORY_LIMITS.minEntries).max(HISTORY_LIMITS.maxEntries).optional(),
    protectSpans: z.boolean().optional(),
    joinWrappedLines: z.enum(['detect', 'ask']).optional(),
    /** Remembers the languages of one connection. */
    remember: z
      .object({ connectionId: Id, sourceLang: z.union([LangCode, z.literal('')]), targetLang: LangCode })
      .optional(),
    /** Forgets the languages remembered for one connection (Settings → Translate). */
    forget: Id.optional(),
  })
  .strict();
export type TranslatePrefsPatch = z.input<typeof TranslatePrefsPatch>;

export const translateCalls = {
  'translatePrefs.get': { input: NoInput, output: TranslatePrefs },
  'translatePrefs.update': { input: TranslatePrefsPatch, output: TranslatePrefs },
  /** Source → target pairs of a connection, the active one by default (the local engine says; hosted: null = all). */
  'languages.pairs': {
    input: z.object({ refresh: z.boolean().optional(), connectionId: Id.optional() }),
    output: LanguagePairs,
  },
} as const;

export const translateEvents = {
  'translatePrefs.changed': TranslatePrefs,
} as const;
