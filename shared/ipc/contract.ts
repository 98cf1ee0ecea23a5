/**
 * The IPC contract (any process): every renderer→main call as `domain.verb` with a zod input schema and a zod
 * output schema, plus the main→renderer `events` table. Nothing else in the codebase spells a channel name: the
 * preload, the main registrars and the web harness all derive theirs from these keys.
 *
 * Rules kept by these schemas:
 * - Inputs are validated in main (`handle()` runs `input.safeParse`); the renderer is not trusted.
 * - Outputs never carry an API key, an admin key or a document key. Credentials are write-only from the renderer
 *   (`credentials.*` answer only `{ configured, persisted }`-style status).
 * - IPC field names are camelCase; the API client in main maps them to the spec's snake_case wire names.
 */
import { z } from 'zod';
import { FORMALITY_VALUES, MODEL_TYPES } from '../spec/languages.js';
import { LIMITS } from '../spec/limits.js';
import { DETECTION_STATUSES } from '../spec/wire.js';
import { DRAFT_LIMITS, DRAFT_TOO_LARGE_MESSAGE, draftChars } from './draft-limits.js';
import { documentsCalls, documentsEvents } from './contract-documents.js';
import { GlossaryView, glossariesCalls, glossariesEvents } from './contract-glossaries.js';
import { UsageView, usageCalls, usageEvents } from './contract-usage.js';
import { adminKeysCalls, adminKeysEvents } from './contract-admin-keys.js';
import { Capabilities, customisationCalls, customisationEvents } from './contract-customisation.js';
export { GlossaryEntry, GlossaryView } from './contract-glossaries.js';
export * from './contract-documents.js';

export { DRAFT_LIMITS, DRAFT_TOO_LARGE_MESSAGE } from './draft-limits.js';

import {
  AuthScheme,
  ConnectionName,
  HttpUrl,
  Id,
  LangCode,
  NoInput,
  Persistence,
  SecretInput,
} from './contract-common.js';

export { AuthScheme, Id, LangCode, NoInput, Persistence } from './contract-common.js';
import { QaReportView } from './contract-protect.js';
import { LanguagePairs, TranslatePrefs, translateCalls, translateEvents } from './contract-translate.js';
import { historyCalls, historyEvents } from './contract-history.js';
import { DEFAULT_DESKTOP_SETTINGS, desktopCalls, desktopEvents, desktopSettingsShape } from './contract-desktop.js';
export * from './contract-desktop.js';
export * from './contract-translate.js';
export * from './contract-protect.js';
export * from './contract-history.js';

// ---------------------------------------------------------------------------------------------------------------
// Connections and credentials
// ---------------------------------------------------------------------------------------------------------------

export const ConnectionKind = z.enum(['local', 'hosted', 'custom']);
export type ConnectionKind = z.infer<typeof ConnectionKind>;
export const Tier = z.enum(['pro', 'free']);
export type Tier = z.infer<typeof Tier>;

/** Status of one stored secret, as the renderer may see it. */
export const SecretStatus = z.object({
  configured: z.boolean(),
  /** True when encrypted at rest; false when kept only for this session (or not configured). */
  persisted: z.boolean(),
});
export type SecretStatus = z.infer<typeof SecretStatus>;

export const ConnectionView = z.object({
  id: z.string(),
  name: z.string(),
  kind: ConnectionKind,
  /** Pro or Free: decides the base address (a key ending `:fx` is a Free key). Null for custom bases. */
  tier: Tier.nullable(),
  /** The address requests go to (for the local engine: its Pro or Free listener on 127.0.0.1). */
  baseUrl: z.string().nullable(),
  authScheme: z.string(),
  apiKey: SecretStatus,
  adminKey: SecretStatus,
  createdAt: z.string(),
});
export type ConnectionView = z.infer<typeof ConnectionView>;

export const ConnectionsState = z.object({
  connections: z.array(ConnectionView),
  activeId: z.string().nullable(),
});
export type ConnectionsState = z.infer<typeof ConnectionsState>;

export const ConnectionStatus = z.object({
  activeId: z.string().nullable(),
  /** `none`: first run, nothing configured yet (show the first-run screen). */
  state: z.enum(['none', 'starting', 'ready', 'error']),
  /** What is wrong and what to do, when `state` is `error`. */
  message: z.string().optional(),
  /**
   * The error code of the failure behind `message` when a call on the connection failed (`network`, `auth`, …): the
   * banner words it as the failed call's own message does, so the screen gives one diagnosis, not two.
   */
  code: z.string().optional(),
  /** The service's own code beside it (`key_deactivated`, …), so the banner gives the same reason the call does. */
  serviceCode: z.string().optional(),
});
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

export { UsageView } from './contract-usage.js';

export const ConnectionTestResult = z.object({
  id: z.string(),
  reachable: z.boolean(),
  /** Usage read with the key, proving it works on that base. */
  usage: UsageView.optional(),
  /** When not reachable: what is wrong and what to do. */
  message: z.string().optional(),
});
export type ConnectionTestResult = z.infer<typeof ConnectionTestResult>;

export const CredentialsStatus = z.object({
  /** The OS secret store in use (`keychain`, `dpapi`, `gnome_libsecret`, `kwallet`, `basic_text`, `test`...). */
  backend: z.string(),
  /** False when keys cannot be encrypted at rest here; only "this session only" is offered. */
  canPersist: z.boolean(),
  /** Why keys cannot be persisted, and what the user can do about it. */
  reason: z.string().optional(),
  connections: z.array(z.object({ id: z.string(), apiKey: SecretStatus, adminKey: SecretStatus })),
});
export type CredentialsStatus = z.infer<typeof CredentialsStatus>;

// ---------------------------------------------------------------------------------------------------------------
// Languages
// ---------------------------------------------------------------------------------------------------------------

export const LanguageView = z.object({
  code: z.string(),
  name: z.string(),
  supportsFormality: z.boolean(),
});
export type LanguageView = z.infer<typeof LanguageView>;

export const LanguageList = z.object({
  type: z.enum(['source', 'target']),
  languages: z.array(LanguageView),
  /** ISO time the list was fetched from the service. */
  fetchedAt: z.string(),
  fromCache: z.boolean(),
  /** True when the list comes from the pseudo engine (test/preview output, never real translation). */
  pseudo: z.boolean(),
});
export type LanguageList = z.infer<typeof LanguageList>;

// ---------------------------------------------------------------------------------------------------------------
// Translate
// ---------------------------------------------------------------------------------------------------------------

const TagList = z.array(z.string().trim().min(1).max(100)).max(100);

/** Every option of `POST /v2/translate` except `text` and `target_lang`, in camelCase. */
export const TranslateOptions = z
  .object({
    sourceLang: LangCode.optional(),
    targetLang: LangCode,
    context: z.string().max(LIMITS.requestBodyBytes).optional(),
    modelType: z.enum(MODEL_TYPES).optional(),
    splitSentences: z.enum(['0', '1', 'nonewlines']).optional(),
    preserveFormatting: z.boolean().optional(),
    formality: z.enum(FORMALITY_VALUES).optional(),
    glossaryId: z.string().trim().min(1).optional(),
    glossaryIds: z.array(z.string().trim().min(1)).max(LIMITS.glossariesPerRequest).optional(),
    styleId: z.string().trim().min(1).optional(),
    customInstructions: z
      .array(z.string().max(LIMITS.customInstructionChars, 'Each custom instruction has at most 300 characters.'))
      .max(LIMITS.customInstructions, 'At most 10 custom instructions.')
      .optional(),
    translationMemoryId: z.string().trim().min(1).optional(),
    translationMemoryThreshold: z.number().int().min(0).max(100).optional(),
    showBilledCharacters: z.boolean().optional(),
    tagHandling: z.enum(['xml', 'html']).optional(),
    tagHandlingVersion: z.enum(['v1', 'v2']).optional(),
    outlineDetection: z.boolean().optional(),
    nonSplittingTags: TagList.optional(),
    splittingTags: TagList.optional(),
    ignoreTags: TagList.optional(),
    /** Keep placeholders and code as they are (not sent as a spec field; absent: Settings → Translate decides). */
    protect: z.boolean().optional(),
  })
  .superRefine((o, ctx) => {
    // Spec rules the UI also shows; checked here so a wrong request never reaches the wire.
    if (o.glossaryId && o.glossaryIds?.length) {
      ctx.addIssue({ code: 'custom', path: ['glossaryIds'], message: 'Use one glossary or a list, not both.' });
    }
    if ((o.glossaryId || o.glossaryIds?.length) && !o.sourceLang) {
      ctx.addIssue({
        code: 'custom',
        path: ['sourceLang'],
        message: 'Glossaries need a source language: pick one instead of auto-detect.',
      });
    }
  });
export type TranslateOptions = z.infer<typeof TranslateOptions>;

export const TranslateRunInput = z.object({
  /** Caller-chosen id so a stale request can be cancelled with `translate.cancel`. */
  requestId: Id.optional(),
  /** The connection the request is for (default: the active one), so a result always belongs to its connection. */
  connectionId: Id.optional(),
  texts: z
    .array(z.string())
    .min(1, 'Nothing to translate.')
    .max(LIMITS.textsPerRequest, 'At most 50 texts per request; use the multi-segment mode for more.'),
  options: TranslateOptions,
});
export type TranslateRunInput = z.input<typeof TranslateRunInput>;

export const TranslationView = z.object({
  text: z.string(),
  detectedSourceLanguage: z.string(),
  billedCharacters: z.number().optional(),
  modelTypeUsed: z.string().optional(),
  tagHandlingVersion: z.string().optional(),
  /** QA of this translation against its source (placeholders, numbers, URLs, tags). */
  qa: QaReportView.optional(),
  /** The translation was made with placeholders and code protected. */
  protected: z.boolean().optional(),
});
export type TranslationView = z.infer<typeof TranslationView>;

export const TranslateRunOutput = z.object({
  translations: z.array(TranslationView),
  /** Characters sent (code points of all texts): what the service bills. */
  characters: z.number().int(),
  /** `pseudo` when the pseudo engine produced the text: the UI must label it as not a real translation. */
  engine: z.string().nullable(),
  /** True when served from the in-memory cache of identical requests. */
  cached: z.boolean(),
  /** Requests it took when a long text was cut into pieces (absent: one request). */
  requests: z.number().int().optional(),
});
export type TranslateRunOutput = z.infer<typeof TranslateRunOutput>;

export const TranslateBatchInput = z.object({
  /** Caller-chosen id: progress events carry it and `translate.cancel` takes it. */
  batchId: Id,
  /** The connection the batch is for (default: the active one), so its results belong to it. */
  connectionId: Id.optional(),
  segments: z.array(z.string()).min(1, 'Nothing to translate.').max(200_000, 'At most 200,000 segments at once.'),
  options: TranslateOptions,
  /** Requests in flight at once (1–8). */
  concurrency: z.number().int().min(1).max(8).optional(),
});
export type TranslateBatchInput = z.input<typeof TranslateBatchInput>;

export const TranslateBatchOutput = z.object({
  batchId: z.string(),
  /** One entry per segment, in input order (an empty text where that segment failed: see `failures`). */
  translations: z.array(TranslationView),
  /** Segments that could not be translated (e.g. one segment alone is over the 128 KiB request limit). */
  failures: z.array(z.object({ index: z.number().int(), message: z.string() })),
  requests: z.number().int(),
  characters: z.number().int(),
  engine: z.string().nullable(),
});
export type TranslateBatchOutput = z.infer<typeof TranslateBatchOutput>;

export const CancelInput = z.object({ requestId: Id });

// ---------------------------------------------------------------------------------------------------------------
// Detection (beta)
// ---------------------------------------------------------------------------------------------------------------

export const DetectOutput = z.object({
  results: z.array(z.object({ status: z.enum(DETECTION_STATUSES), language: z.string().optional() })),
});
export type DetectOutput = z.infer<typeof DetectOutput>;

// ---------------------------------------------------------------------------------------------------------------
// Admin: developer keys (later issue). `keyId` is the key's identifier as the admin API reports it.
// ---------------------------------------------------------------------------------------------------------------

export * from './contract-admin-keys.js';

// ---------------------------------------------------------------------------------------------------------------
// Settings, app, local service
// ---------------------------------------------------------------------------------------------------------------

export const Theme = z.enum(['light', 'dark', 'system']);

/** An option value of the draft: what the Translate screen's controls hold (text, number, switch, lists). */
const DraftOptionValue = z.union([
  z.string().max(DRAFT_LIMITS.optionChars),
  z.number(),
  z.boolean(),
  z.array(z.string().max(DRAFT_LIMITS.optionChars)).max(100),
]);

/**
 * The Translate screen's draft (text, segments, mode, options): what the user typed, kept across restarts. The
 * renderer owns the meaning of `options`; main checks only its shape and size, so a newer renderer's options fit.
 */
export const TranslateDraft = z
  .object({
    mode: z.enum(['single', 'multi']),
    text: z.string(),
    segmentsText: z.string(),
    options: z
      .record(z.string().max(100), DraftOptionValue)
      .refine((o) => Object.keys(o).length <= DRAFT_LIMITS.optionKeys, 'The draft has too many options.'),
    /** True once the user picked the languages themselves (the Settings defaults then no longer apply). */
    languagesTouched: z.boolean().optional(),
    /** Segments: the column chosen to translate, for a paste of that many columns. */
    segmentsColumn: z
      .object({ columns: z.number().int().min(2).max(10_000), column: z.number().int().min(0).max(9_999) })
      .nullable()
      .optional(),
    /** Segments: whether the first row of a paste of that many columns holds its column titles. */
    segmentsTitles: z.object({ columns: z.number().int().min(2).max(10_000), on: z.boolean() }).nullable().optional(),
    /**
     * Segments: the last run's translations, so a restart shows them again (never re-sent on its own). The run's
     * segments are its paste (`segmentsText`, absent when it is the draft's own), column and titles row.
     */
    segmentsDone: z
      .object({
        segmentsText: z.string().optional(),
        column: z.number().int().min(0).max(9_999),
        titles: z.boolean(),
        /** One per segment sent, in order (null where it failed); null: too large to keep with the draft. */
        translations: z.array(z.string().nullable()).max(200_000).nullable(),
        targetLang: z.string().max(100),
        sourceLang: z.string().max(100),
        engine: z.string().max(100).nullable(),
        /** The connection and options the run was made for (the pane's own key), to mark it outdated. */
        context: z.string(),
      })
      .strict()
      .nullable()
      .optional(),
  })
  .strict()
  .refine(
    (d) => draftChars(d) <= DRAFT_LIMITS.textChars,
    DRAFT_TOO_LARGE_MESSAGE,
  );
export type TranslateDraft = z.infer<typeof TranslateDraft>;

/** The UI language: `system` follows the OS; else a UI locale (`fr`, `pt-BR`) or, in tests, a pseudo-locale. */
export const UiLanguage = z
  .string()
  .trim()
  .regex(/^(system|[a-z]{2,3}(-[A-Za-z0-9]{2,4})?)$/, 'Choose a language from the list.');

export const Settings = z.object({
  theme: Theme,
  uiLanguage: UiLanguage,
  translateAsYouType: z.boolean(),
  /** Pause after the last keystroke before translating, in ms. */
  debounceMs: z.number().int().min(100).max(5000),
  defaults: z.object({
    /** Null = auto-detect. */
    sourceLang: z.string().nullable(),
    targetLang: z.string(),
    formality: z.enum(FORMALITY_VALUES),
    modelType: z.enum(MODEL_TYPES),
  }),
  /** Requests in flight at once in multi-segment mode. */
  batchConcurrency: z.number().int().min(1).max(8),
  /** The Translate screen's unfinished work; null when there is none yet. */
  translateDraft: TranslateDraft.nullable(),
  ...desktopSettingsShape,
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  uiLanguage: 'system',
  translateAsYouType: true,
  debounceMs: 500,
  defaults: { sourceLang: null, targetLang: 'EN-US', formality: 'default', modelType: 'latency_optimized' },
  batchConcurrency: 4,
  translateDraft: null,
  ...DEFAULT_DESKTOP_SETTINGS,
};

export const SettingsPatch = z
  .object({
    theme: Theme.optional(),
    uiLanguage: UiLanguage.optional(),
    translateAsYouType: z.boolean().optional(),
    debounceMs: z.number().int().min(100, 'Use at least 100 ms.').max(5000, 'Use at most 5000 ms.').optional(),
    defaults: z
      .object({
        sourceLang: LangCode.nullable().optional(),
        targetLang: LangCode.optional(),
        formality: z.enum(FORMALITY_VALUES).optional(),
        modelType: z.enum(MODEL_TYPES).optional(),
      })
      .strict()
      .optional(),
    batchConcurrency: z.number().int().min(1).max(8).optional(),
    translateDraft: TranslateDraft.nullable().optional(),
    ...desktopSettingsShape,
  })
  .strict();
export type SettingsPatch = z.input<typeof SettingsPatch>;

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  /** `electron` in the desktop app, `web` in the web harness. */
  shell: z.enum(['electron', 'web']),
  runtimeVersion: z.string(),
  /** True when started with VERSO_PSEUDO_LOCALES=1: Settings then offers the pseudo-locales (layout tests). */
  pseudoLocales: z.boolean().optional(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const LocalServiceStatus = z.object({
  state: z.enum(['stopped', 'starting', 'ready', 'error']),
  engines: z.array(z.string()),
  /** Its Pro listener on 127.0.0.1 when ready (no key: keys stay in main). */
  proUrl: z.string().optional(),
  freeUrl: z.string().optional(),
  message: z.string().optional(),
  /** `no_engine`: it runs but nothing can translate (Apertium not installed); the UI says what to install. */
  problem: z.enum(['no_engine']).optional(),
});
export type LocalServiceStatus = z.infer<typeof LocalServiceStatus>;

export const LocalServiceLanguages = z.object({
  source: z.array(LanguageView),
  target: z.array(LanguageView),
  /** True when only the pseudo engine is running (output is a preview, not a translation). */
  pseudo: z.boolean(),
});
export type LocalServiceLanguages = z.infer<typeof LocalServiceLanguages>;

export const MenuCommand = z.enum([
  'navigate.translate',
  'navigate.documents',
  'navigate.glossaries',
  'navigate.usage',
  'navigate.keys',
  'navigate.settings',
  'translate.now',
  'translate.swapLanguages',
  'translate.focusSource',
]);
export type MenuCommand = z.infer<typeof MenuCommand>;

/**
 * What the first screen reads, in one answer (`app.start`): settings, the connections and their state, and — when
 * asked for the Translate screen and a connection is active — that connection's languages, pairs, remembered
 * choices and capabilities. One round trip instead of two (the Translate data needs the active connection's id,
 * which the first answers bring). A part that could not be read is null: the renderer then asks for it with its
 * own call, which shows its own error.
 */
export const StartAnswer = z.object({
  settings: Settings.nullable(),
  connections: ConnectionsState.nullable(),
  status: ConnectionStatus.nullable(),
  translate: z
    .object({
      connectionId: Id,
      source: LanguageList.nullable(),
      target: LanguageList.nullable(),
      pairs: LanguagePairs.nullable(),
      prefs: TranslatePrefs.nullable(),
      capabilities: Capabilities.nullable(),
      /** The connection's glossaries, as `glossaries.list` answers (the options depend on them). */
      glossaries: z.array(GlossaryView).nullable(),
      /**
       * The lists' language names in main's UI language, worked out by the same function the renderer uses
       * (`shared/i18n/format.ts`): when it is the renderer's UI language too, the first render builds no `Intl`
       * object of its own (the first in a page costs tens of milliseconds).
       */
      names: z.object({ locale: z.string().max(35), byCode: z.record(z.string().max(40), z.string().max(200)) }).nullable(),
    })
    .nullable(),
});
export type StartAnswer = z.infer<typeof StartAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// The contract
// ---------------------------------------------------------------------------------------------------------------

export const contract = {
  // Connections: several named ones; one active. Keys never come back.
  'connections.list': { input: NoInput, output: ConnectionsState },
  'connections.status': { input: NoInput, output: ConnectionStatus },
  'connections.addLocal': { input: z.object({ name: ConnectionName.optional() }), output: ConnectionView },
  'connections.addHosted': {
    input: z.object({
      name: ConnectionName,
      apiKey: SecretInput,
      /** Default: detect from the key (`:fx` suffix = Free). */
      tier: z.enum(['auto', 'pro', 'free']).optional(),
      authScheme: AuthScheme.optional(),
      persistence: Persistence.optional(),
    }),
    output: ConnectionView,
  },
  'connections.addCustom': {
    input: z.object({
      name: ConnectionName,
      baseUrl: HttpUrl,
      apiKey: SecretInput,
      authScheme: AuthScheme.optional(),
      persistence: Persistence.optional(),
    }),
    output: ConnectionView,
  },
  'connections.test': { input: z.object({ id: Id }), output: ConnectionTestResult },
  'connections.rename': { input: z.object({ id: Id, name: ConnectionName }), output: ConnectionView },
  'connections.remove': { input: z.object({ id: Id }), output: ConnectionsState },
  'connections.setActive': { input: z.object({ id: Id }), output: ConnectionsState },

  // Credentials: write-only from the renderer.
  'credentials.status': { input: NoInput, output: CredentialsStatus },
  'credentials.setApiKey': {
    input: z.object({ connectionId: Id, apiKey: SecretInput, persistence: Persistence.optional() }),
    output: SecretStatus,
  },
  'credentials.clearApiKey': { input: z.object({ connectionId: Id }), output: SecretStatus },
  'credentials.setAdminKey': {
    input: z.object({ connectionId: Id, adminKey: SecretInput, persistence: Persistence.optional() }),
    output: SecretStatus,
  },
  'credentials.clearAdminKey': { input: z.object({ connectionId: Id }), output: SecretStatus },

  // Languages of the active connection (cached; `refresh` forces a fetch).
  'languages.list': {
    input: z.object({ type: z.enum(['source', 'target']), refresh: z.boolean().optional() }),
    output: LanguageList,
  },

  // Translate.
  'translate.run': { input: TranslateRunInput, output: TranslateRunOutput },
  'translate.batch': { input: TranslateBatchInput, output: TranslateBatchOutput },
  'translate.cancel': { input: CancelInput, output: z.object({ cancelled: z.boolean() }) },
  'translate.detect': {
    input: z.object({ texts: z.array(z.string().min(1)).min(1).max(LIMITS.textsPerRequest) }),
    output: DetectOutput,
  },

  // Documents: the durable queue (contract-documents.ts).
  ...documentsCalls,

  // Glossaries: list, drafts, safe save, versions, files (contract-glossaries.ts).
  ...glossariesCalls,

  // Usage of the active connection.
  ...usageCalls,

  // Admin interface: developer keys (contract-admin-keys.ts).
  ...adminKeysCalls,
  ...customisationCalls,
  // Answers the new connection as connections.* calls do (ConnectionView is defined here, so the entry is too).
  'adminKeys.saveNewKeyAsConnection': { input: adminKeysCalls['adminKeys.saveNewKeyAsConnection'].input, output: ConnectionView },

  // Settings.
  'settings.get': { input: NoInput, output: Settings },
  'settings.update': { input: SettingsPatch, output: Settings },

  // App.
  'app.info': { input: NoInput, output: AppInfo },
  'app.start': { input: z.object({ translate: z.boolean() }), output: StartAnswer },
  'app.openExternal': {
    input: z.object({ url: z.string().url('Not a web address.') }),
    output: z.object({ opened: z.boolean() }),
  },
  'app.copyText': { input: z.object({ text: z.string().max(10_000_000) }), output: z.object({ copied: z.boolean() }) },
  'app.saveTextFile': {
    input: z.object({
      suggestedName: z.string().trim().min(1).max(200),
      content: z.string().max(200_000_000),
    }),
    output: z.object({ path: z.string() }).nullable(),
  },

  // The bundled local Translation Service.
  'localService.status': { input: NoInput, output: LocalServiceStatus },
  'localService.languages': { input: NoInput, output: LocalServiceLanguages },
  'localService.restart': { input: NoInput, output: LocalServiceStatus },
  ...translateCalls,
  ...historyCalls,
  ...desktopCalls,
} as const satisfies Record<`${string}.${string}`, { input: z.ZodType; output: z.ZodType }>;

export type Contract = typeof contract;
export type CallName = keyof Contract;
export type CallInput<K extends CallName> = z.input<Contract[K]['input']>;
/** The input after validation (transforms applied): what the main-side service receives. */
export type CallParsedInput<K extends CallName> = z.output<Contract[K]['input']>;
export type CallOutput<K extends CallName> = z.output<Contract[K]['output']>;

export const CALL_NAMES = Object.keys(contract) as CallName[];

// ---------------------------------------------------------------------------------------------------------------
// Events main → renderer
// ---------------------------------------------------------------------------------------------------------------

export const events = {
  /** Progress of a multi-segment batch. */
  'translate.batchProgress': z.object({
    batchId: z.string(),
    done: z.number().int(),
    total: z.number().int(),
    requests: z.number().int(),
  }),
  /** The service slowed us down (429/529) or failed transiently; the client retries after `delayMs`. */
  'api.retrying': z.object({
    /** `translate.run`-style name of the operation being retried. */
    operation: z.string(),
    requestId: z.string().optional(),
    status: z.number().int().nullable(),
    attempt: z.number().int(),
    delayMs: z.number(),
    message: z.string(),
  }),
  'connections.changed': ConnectionsState,
  'connections.statusChanged': ConnectionStatus,
  'localService.statusChanged': LocalServiceStatus,
  ...usageEvents,
  ...adminKeysEvents,
  ...customisationEvents,
  'settings.changed': Settings,
  ...documentsEvents,
  ...glossariesEvents,
  /** A menu item or shortcut the renderer acts on. */
  'app.command': z.object({ command: MenuCommand }),
  ...translateEvents,
  ...historyEvents,
  ...desktopEvents,
} as const satisfies Record<`${string}.${string}`, z.ZodType>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<K extends EventName> = z.output<Events[K]>;
export const EVENT_NAMES = Object.keys(events) as EventName[];

export { channelOf } from './channels.js';
