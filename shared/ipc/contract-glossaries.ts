/**
 * IPC contract of the glossaries domain (any process): listing and deleting v2 glossaries, the editor's drafts
 * (kept in the user-data folder by main), the safe save (create the new glossary, then delete the old one, with
 * the draft as the journal), local versions, and file import/export (parsed and written in main).
 *
 * Entries cross IPC as `[source, target]` pairs: half the JSON of objects at 150,000 rows. Main re-checks every
 * entry with `shared/glossaries/rules.ts` before anything reaches the service.
 */
import { z } from 'zod';
import { LIMITS } from '../spec/limits.js';
import { Id, LangCode, NoInput } from './contract-common.js';

export const GlossaryView = z.object({
  glossaryId: z.string(),
  name: z.string(),
  ready: z.boolean(),
  sourceLang: z.string(),
  targetLang: z.string(),
  creationTime: z.string(),
  entryCount: z.number(),
  /**
   * A v3 (multilingual) glossary on a connection that offers v3: every dictionary (pair and entry count), edited in
   * place one at a time (contract-customisation.ts). Absent for v2 glossaries, whose one pair is above.
   */
  dictionaries: z.array(z.object({ sourceLang: z.string(), targetLang: z.string(), entryCount: z.number() })).optional(),
});
export type GlossaryView = z.infer<typeof GlossaryView>;

/** Kept for callers of the older object form (Translate's "add to glossary"). */
export const GlossaryEntry = z.object({
  source: z.string().min(1).max(LIMITS.glossaryTermBytes),
  target: z.string().min(1).max(LIMITS.glossaryTermBytes),
});
export type GlossaryEntry = z.infer<typeof GlossaryEntry>;

/** Rows the editor holds; may be invalid while the user works (main checks them before sending). */
const MAX_ROWS = 1_000_000;
/** A term as typed: bounded so a hostile renderer cannot make main hold gigabytes. */
const RawTerm = z.string().max(100_000);
export const EntryPair = z.tuple([RawTerm, RawTerm]);
export type EntryPair = z.infer<typeof EntryPair>;
export const EntryPairs = z.array(EntryPair).max(MAX_ROWS, 'At most 1,000,000 rows.');

export const GlossaryPair = z.object({ sourceLang: z.string(), targetLang: z.string() });
export type GlossaryPair = z.infer<typeof GlossaryPair>;

/** What a save did last, kept in the draft so a crash or a failed delete can be finished later. */
export const PendingSave = z.object({
  /** `creating`: the create was sent (its outcome may be unknown); `deleting`: created, old one not yet deleted. */
  phase: z.enum(['creating', 'deleting']),
  startedAt: z.string(),
  /** The new glossary once the service confirmed it. */
  newGlossaryId: z.string().optional(),
  /** The error code of the last failed step, so the UI can say what happened. */
  lastError: z.string().optional(),
});
export type PendingSave = z.infer<typeof PendingSave>;

/** An editor's unsaved work, kept in `<user-data>/glossaries/drafts/<draftId>.json`. */
export const GlossaryDraft = z.object({
  draftId: Id,
  /** The glossary this edits (null: a new glossary). */
  glossaryId: z.string().nullable(),
  name: z.string().max(10_000),
  sourceLang: z.string().max(20),
  targetLang: z.string().max(20),
  entries: EntryPairs,
  /** The connection the glossary lives on: drafts of another connection are not offered. */
  connectionId: z.string().nullable(),
  updatedAt: z.string(),
  pendingSave: PendingSave.nullable(),
  /**
   * A create of this draft was sent at this time and its answer never came (a timeout, a dropped connection): the
   * glossary may exist on the service. The next Save looks for it (same name, pair and entries) before creating.
   */
  unconfirmedCreateAt: z.string().optional(),
});
export type GlossaryDraft = z.infer<typeof GlossaryDraft>;

export const DraftSummary = GlossaryDraft.omit({ entries: true }).extend({ entryCount: z.number() });
export type DraftSummary = z.infer<typeof DraftSummary>;

/** The input of `draftPut` and `save`: the draft without the fields main owns. */
export const DraftInput = GlossaryDraft.omit({ updatedAt: true, pendingSave: true, connectionId: true, unconfirmedCreateAt: true });
export type DraftInput = z.input<typeof DraftInput>;

export const SaveOutcome = z.discriminatedUnion('status', [
  /** Created (and the old one deleted): the draft is gone, a local version kept. */
  z.object({ status: z.literal('saved'), glossary: GlossaryView, replacedId: z.string().nullable() }),
  /** Created, but the old glossary could not be deleted: both exist; `glossaries.finishSave` retries the delete. */
  z.object({
    status: z.literal('deleteFailed'),
    glossary: GlossaryView,
    oldGlossaryId: z.string(),
    draftId: z.string(),
    errorCode: z.string(),
    errorMessage: z.string(),
  }),
]);
export type SaveOutcome = z.infer<typeof SaveOutcome>;

export const VersionSummary = z.object({
  versionId: z.string(),
  name: z.string(),
  sourceLang: z.string(),
  targetLang: z.string(),
  savedAt: z.string(),
  glossaryId: z.string(),
  entryCount: z.number(),
});
export type VersionSummary = z.infer<typeof VersionSummary>;

export const ImportFormat = z.enum(['tsv', 'csv', 'xlsx', 'tbx']);
export type ImportFormat = z.infer<typeof ImportFormat>;

export const ImportOptions = z.object({
  /** Default: from the file name, then from the content. */
  format: ImportFormat.optional(),
  /** CSV/TSV: the delimiter (default: detected). */
  delimiter: z.enum([',', ';', '\t', '|']).optional(),
  /** CSV/TSV/XLSX: is the first row a header (default: detected). */
  header: z.enum(['auto', 'yes', 'no']).optional(),
  /** XLSX: 0-based sheet and columns (default: first sheet, first two columns). */
  sheet: z.number().int().min(0).max(1000).optional(),
  sourceColumn: z.number().int().min(0).max(16_383).optional(),
  targetColumn: z.number().int().min(0).max(16_383).optional(),
  /** TBX: the languages to pair (default: the glossary's pair). */
  sourceLang: z.string().max(20).optional(),
  targetLang: z.string().max(20).optional(),
});
export type ImportOptions = z.input<typeof ImportOptions>;

/** The file travels as base64: the web harness's socket carries JSON only. 10 MiB glossaries fit with room. */
const MAX_FILE_BASE64 = 64 * 1024 * 1024;

/**
 * The script a legacy Windows code page is for (`western` is windows-1252, what Excel writes on Western European
 * Windows); the import preview names it beside the code page.
 */
export const LegacyScript = z.enum([
  'western',
  'centralEuropean',
  'cyrillic',
  'greek',
  'turkish',
  'hebrew',
  'arabic',
  'baltic',
  'vietnamese',
  'thai',
  'japanese',
  'chineseSimplified',
  'chineseTraditional',
  'korean',
]);
export type LegacyScript = z.infer<typeof LegacyScript>;

export const ImportResult = z.object({
  format: ImportFormat,
  entries: EntryPairs,
  /** What was detected, so the dialog can show it and let the user change it. */
  encoding: z.string().optional(),
  /**
   * CSV/TSV/TBX that is neither UTF-8 nor UTF-16: the Windows code page it was read in (`name`, e.g. Windows-1252)
   * and its script. The preview says so: the code page is detected, not declared by the file.
   */
  legacyEncoding: z.object({ name: z.string(), script: LegacyScript }).optional(),
  delimiter: z.string().optional(),
  header: z.boolean().optional(),
  /** True when `header` was Verso's guess (not the user's choice). */
  headerGuessed: z.boolean().optional(),
  /** CSV/TSV/XLSX: the first row's two cells (the preview says whether it is kept as an entry or read as titles). */
  firstRow: z.tuple([z.string(), z.string()]).optional(),
  /** XLSX: the sheet names and the first row's cells (column choices). */
  sheets: z.array(z.string()).optional(),
  columns: z.array(z.string()).optional(),
  sourceColumn: z.number().optional(),
  targetColumn: z.number().optional(),
  /** TBX: the languages found, and those used. */
  languages: z.array(z.string()).optional(),
  sourceLang: z.string().optional(),
  targetLang: z.string().optional(),
  /** Rows left out (blank in the file, or a TBX concept without a term in one of the languages). */
  skipped: z.number(),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const ExportFormat = z.enum(['tsv', 'csv', 'xlsx', 'tbx']);
export type ExportFormat = z.infer<typeof ExportFormat>;

export const glossariesCalls = {
  'glossaries.list': { input: NoInput, output: z.array(GlossaryView) },
  'glossaries.get': { input: z.object({ glossaryId: Id }), output: GlossaryView },
  'glossaries.entries': { input: z.object({ glossaryId: Id }), output: EntryPairs },
  'glossaries.remove': { input: z.object({ glossaryId: Id }), output: z.object({ removed: z.boolean() }) },
  'glossaries.languagePairs': { input: NoInput, output: z.array(GlossaryPair) },
  /** Copies a glossary under a new name, or for the reversed pair (columns swapped). */
  'glossaries.duplicate': {
    input: z.object({ glossaryId: Id, name: z.string().max(10_000), reverse: z.boolean() }),
    output: z.discriminatedUnion('status', [
      z.object({ status: z.literal('created'), glossary: GlossaryView }),
      /** The copy has problems (a reversed pair can make duplicate sources): opened as a draft instead. */
      z.object({ status: z.literal('draft'), draftId: z.string() }),
    ]),
  },

  // Drafts: the editor's unsaved work, on disk in main.
  'glossaries.drafts': { input: NoInput, output: z.array(DraftSummary) },
  'glossaries.draftGet': { input: z.object({ draftId: Id }), output: GlossaryDraft },
  'glossaries.draftPut': { input: DraftInput, output: z.object({ updatedAt: z.string() }) },
  'glossaries.draftDiscard': { input: z.object({ draftId: Id }), output: z.object({ discarded: z.boolean() }) },
  /** Opens a glossary for editing: its draft if one exists, else a new draft with its entries. */
  'glossaries.edit': {
    /** The pair names the dictionary of a multilingual glossary (default: its first). */
    input: z.object({ glossaryId: Id, sourceLang: LangCode.optional(), targetLang: LangCode.optional() }),
    output: GlossaryDraft,
  },

  /** Journals the draft, creates the new glossary, then deletes the old one. Fails (draft kept) if create fails. */
  'glossaries.save': { input: DraftInput, output: SaveOutcome },
  /** Finishes a save left by a crash or a failed delete. */
  'glossaries.finishSave': { input: z.object({ draftId: Id }), output: SaveOutcome },

  // Local versions (the last 10 per name and pair).
  'glossaries.versions': {
    // glossaryId: the glossary being edited; its versions are listed under the names it was saved with too.
    input: z.object({ name: z.string().max(10_000), sourceLang: z.string().max(20), targetLang: z.string().max(20), glossaryId: Id.nullable().optional() }),
    output: z.array(VersionSummary),
  },
  'glossaries.versionEntries': { input: z.object({ versionId: Id }), output: EntryPairs },

  // Files.
  'glossaries.importFile': {
    input: z.object({
      fileName: z.string().trim().min(1).max(500),
      dataBase64: z.string().max(MAX_FILE_BASE64, 'That file is larger than any glossary (10 MiB); split it.'),
      options: ImportOptions.optional(),
      /** The glossary's pair, used by TBX when the options name no languages. */
      pair: z.object({ sourceLang: LangCode, targetLang: LangCode }).optional(),
    }),
    output: ImportResult,
  },
  'glossaries.exportFile': {
    input: z.object({
      name: z.string().trim().min(1).max(500),
      sourceLang: z.string().max(20),
      targetLang: z.string().max(20),
      format: ExportFormat,
      entries: EntryPairs,
    }),
    output: z.object({ path: z.string() }).nullable(),
  },
} as const satisfies Record<`glossaries.${string}`, { input: z.ZodType; output: z.ZodType }>;

export const glossariesEvents = {
  /** A save replaced `oldId` by `newId`: every place that refers to the old id moves to the new one. */
  'glossaries.replaced': z.object({ oldId: z.string(), newId: z.string() }),
  /** The list changed (created, deleted, replaced). */
  'glossaries.changed': z.object({ reason: z.enum(['created', 'deleted', 'replaced']) }),
} as const satisfies Record<`glossaries.${string}`, z.ZodType>;
