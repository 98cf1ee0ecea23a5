/**
 * The Documents domain of the IPC contract (any process): the durable document queue in main and the screen
 * that drives it. Jobs are views: they never carry a `document_key` (it stays encrypted in main's job store) and
 * main sends error codes plus the service's own words, never English sentences of its own for the UI.
 */
import { z } from 'zod';
import { FORMALITY_VALUES } from '../spec/languages.js';
import { LIMITS } from '../spec/limits.js';
import { Id, LangCode, NoInput } from './contract-common.js';

export const DOCUMENT_JOB_STATES = ['waiting', 'uploading', 'queued', 'translating', 'downloading', 'saved', 'error', 'cancelled'] as const;
export const DocumentJobState = z.enum(DOCUMENT_JOB_STATES);
export type DocumentJobState = z.infer<typeof DocumentJobState>;

/** States a job can still move out of on its own. */
export const ACTIVE_JOB_STATES: ReadonlySet<DocumentJobState> = new Set(['waiting', 'uploading', 'queued', 'translating', 'downloading']);

/**
 * Why a job failed, as a code the renderer words (`documents.error.<code>`); `detail` is the service's own message
 * when it gave one. `http` errors carry the IPC error code of the failed call in `ipcCode`.
 */
export const DOCUMENT_JOB_ERRORS = [
  'file_missing',
  'file_changed',
  'key_lost',
  'service_lost',
  'translation_failed',
  'deadline',
  'download_failed',
  'write_failed',
  'upload_uncertain',
  /** Verso stopped while the upload was on the wire: the service may hold it; sent again only when the user asks. */
  'upload_interrupted',
  /** The service could not tell the document's language and none was given: the row offers a source language. */
  'source_needed',
  /**
   * The connection does not translate the document's language into the target: given by the user (refused at upload)
   * or detected by the service (`lang`). Sending it again as it is fails the same way; on a detected language the row
   * offers the document's real language.
   */
  'pair_unavailable',
  /** Source and target are one language (given or detected): the row offers another target instead of Retry. */
  'same_language',
  /** A defect of the file itself (a part that cannot be read, XML that is not well-formed): choose the file again. */
  'file_damaged',
  /** A text file that is not UTF-8 (and says no other encoding): save it as UTF-8 and choose it again. */
  'file_encoding',
  'http',
  'no_connection',
] as const;
export const DocumentJobError = z.object({
  code: z.enum(DOCUMENT_JOB_ERRORS),
  ipcCode: z.string().optional(),
  status: z.number().int().optional(),
  detail: z.string().optional(),
  usage: z.object({ characterCount: z.number(), characterLimit: z.number() }).optional(),
  /** pair_unavailable on a detected source: the language the service read the document as (a code, e.g. "EN"). */
  lang: z.string().optional(),
});
export type DocumentJobError = z.infer<typeof DocumentJobError>;

export const DocumentJobView = z.object({
  jobId: z.string(),
  batchId: z.string(),
  fileName: z.string(),
  /** Where the original is (a staged copy in the web harness). */
  sourcePath: z.string(),
  sizeBytes: z.number(),
  sourceLang: z.string().nullable(),
  targetLang: z.string(),
  outputFormat: z.string().nullable(),
  state: DocumentJobState,
  /** Translating: seconds left; null when the service's estimate is absurd ("estimating"). */
  secondsRemaining: z.number().nullable().optional(),
  bytesReceived: z.number().optional(),
  /** Characters estimated before upload; `billedCharacters` is the service's figure once done. */
  estimatedCharacters: z.number(),
  billedCharacters: z.number().optional(),
  outputPath: z.string().optional(),
  error: DocumentJobError.optional(),
  /** Epoch ms of the next automatic attempt after a transient failure ("retrying in N s"). */
  retryAt: z.number().optional(),
  /** True once the service holds the upload (a document id is known): cancelling no longer saves characters. */
  uploaded: z.boolean(),
  /** How many times the file was uploaded for this job (> 1: Verso said why). */
  uploads: z.number().int(),
  /** Why it was uploaded again: Verso stopped mid-upload, or the service lost the document. */
  reuploadReason: z.enum(['interrupted', 'service_lost']).optional(),
  /** True when the job ran on this computer's engine: nothing is billed (no minimum, no characters counted). */
  local: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  connectionId: z.string(),
});
export type DocumentJobView = z.infer<typeof DocumentJobView>;

export const DocumentsSummary = z.object({
  saved: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  billedCharacters: z.number(),
});
export type DocumentsSummary = z.infer<typeof DocumentsSummary>;

export const DocumentsList = z.object({ jobs: z.array(DocumentJobView), summary: DocumentsSummary });
export type DocumentsList = z.infer<typeof DocumentsList>;

/** What a file check found wrong (renderer words it as `documents.problem.<code>`). */
export const FILE_PROBLEMS = ['unsupported_extension', 'content_mismatch', 'password_protected', 'incomplete', 'damaged', 'not_utf8', 'too_large', 'unreadable', 'empty', 'no_text', 'not_a_file'] as const;

export const FileCheck = z.object({
  path: z.string(),
  name: z.string(),
  extension: z.string(),
  sizeBytes: z.number(),
  ok: z.boolean(),
  problem: z.enum(FILE_PROBLEMS).optional(),
  /** For `content_mismatch`: what the bytes look like (`zip`, `pdf`, `png`, `ole`, `text`, `binary`...). */
  looksLike: z.string().optional(),
  /** Estimated billed characters (at least 50,000 where `minimumBilled`). */
  estimatedCharacters: z.number(),
  /** pptx, docx, doc, xlsx, pdf: billed at least 50,000 characters. */
  minimumBilled: z.boolean(),
  /** True when the count is exact (text formats read whole). */
  exact: z.boolean(),
  /** Images are beta (and the local engine does not translate them). */
  image: z.boolean(),
});
export type FileCheck = z.infer<typeof FileCheck>;

export const InspectOutput = z.object({
  files: z.array(FileCheck),
  /** Folders were given and held more than the confirm threshold: nothing listed until `allowMany`. */
  tooMany: z.number().int().optional(),
  /** Files skipped inside folders because their type is not supported. */
  skipped: z.number().int(),
});
export type InspectOutput = z.infer<typeof InspectOutput>;

/** Above this many files from folders, the user confirms before they are listed. */
export const FOLDER_CONFIRM_THRESHOLD = 50;

export const DocumentBatchOptions = z
  .object({
    /** One job per file × target. */
    targetLangs: z.array(LangCode).min(1, 'Choose at least one target language.').max(20),
    sourceLang: LangCode.optional(),
    formality: z.enum(FORMALITY_VALUES).optional(),
    glossaryIds: z.array(z.string().trim().min(1)).max(LIMITS.glossariesPerRequest).optional(),
    styleId: z.string().trim().min(1).max(200).optional(),
    translationMemoryId: z.string().trim().min(1).max(200).optional(),
    translationMemoryThreshold: z.number().int().min(0).max(100).optional(),
    /** Only PDF input may convert, to docx. */
    outputFormat: z.enum(['docx']).optional(),
    /** Null/absent: next to each original (staged files: the default output folder). */
    outputDir: z.string().min(1).max(4096).optional(),
  })
  .superRefine((o, ctx) => {
    if (o.glossaryIds?.length && !o.sourceLang) {
      ctx.addIssue({ code: 'custom', path: ['sourceLang'], message: 'Glossaries need a source language.' });
    }
  });
export type DocumentBatchOptions = z.input<typeof DocumentBatchOptions>;

export const EnqueueInput = z.object({
  paths: z.array(z.string().min(1).max(4096)).min(1).max(10_000),
  options: DocumentBatchOptions,
});

export const DocumentPrefs = z.object({
  /** Where results of files without a folder (staged uploads) go. */
  defaultOutputDir: z.string(),
  /** Uploads at once. */
  concurrency: z.number().int().min(1).max(8),
  /** Largest file accepted, in MiB. */
  maxFileMb: z.number().int().min(1).max(2048),
  /** True when keys can be encrypted at rest: otherwise unfinished jobs lose their keys when Verso quits. */
  keysPersist: z.boolean(),
});
export type DocumentPrefs = z.infer<typeof DocumentPrefs>;

export const DocumentPrefsPatch = z
  .object({
    /** A full path (POSIX, drive letter or UNC): a relative one would depend on where Verso was started. */
    defaultOutputDir: z
      .string()
      .min(1)
      .max(4096)
      .regex(/^(\/|[A-Za-z]:[\\/]|\\\\)/, 'Use a full folder path.')
      .optional(),
    concurrency: z.number().int().min(1).max(8).optional(),
    maxFileMb: z.number().int().min(1).max(2048).optional(),
  })
  .strict();

/**
 * The batch being prepared on the Documents screen and not sent yet, kept by main (settings store) so a reload or a
 * restart finds it: the files' paths (checked again when it comes back) and the batch's options, as the screen holds
 * them. Nothing secret: no document key, no account key.
 */
export const DocumentBatchDraft = z
  .object({
    paths: z.array(z.string().min(1).max(4096)).min(1).max(10_000),
    /** Files skipped inside folders (unsupported types), said under the batch. */
    skipped: z.number().int().min(0).max(1_000_000),
    targetLangs: z.array(LangCode).max(200),
    /** Empty: detected by the service. */
    sourceLang: z.union([LangCode, z.literal('')]),
    formality: z.enum(FORMALITY_VALUES),
    glossaryIds: z.array(z.string().trim().min(1).max(200)).max(LIMITS.glossariesPerRequest),
    styleId: z.string().max(200),
    tmId: z.string().max(200),
    tmThreshold: z.number().int().min(0).max(100),
    pdfToDocx: z.boolean(),
    outputDir: z.string().max(4096),
    /** The targets ticked from the last batch sent (the screen's note about them). */
    targetsFromLast: z.array(LangCode).max(200),
  })
  .strict();
export type DocumentBatchDraft = z.infer<typeof DocumentBatchDraft>;

/** The kept batch given back: its options, and each file as checked now (a file moved or changed shows its problem). */
export const RestoredBatch = DocumentBatchDraft.omit({ paths: true }).extend({ files: z.array(FileCheck) });
export type RestoredBatch = z.infer<typeof RestoredBatch>;

const JobRef = z.object({ jobId: Id });

export const documentsCalls = {
  /** Native open dialog (files); null when cancelled or where there is none (web harness: use the file input). */
  'documents.pickFiles': { input: NoInput, output: z.object({ paths: z.array(z.string()) }).nullable() },
  /** Native folder dialog (Settings: where translations of files without a folder go); null when cancelled or none. */
  'documents.pickFolder': { input: NoInput, output: z.object({ path: z.string() }).nullable() },
  /** Expands folders and checks every file before anything is sent. */
  'documents.inspect': {
    input: z.object({ paths: z.array(z.string().min(1).max(4096)).min(1).max(10_000), allowMany: z.boolean().optional() }),
    output: InspectOutput,
  },
  /** Writes one job per file × target to disk, then starts them; answers once they are on disk. */
  'documents.enqueue': { input: EnqueueInput, output: DocumentsList },
  'documents.list': { input: NoInput, output: DocumentsList },
  /** A waiting job stops at once; an uploaded one is billed already: `discard` drops its result, else it is kept. */
  'documents.cancel': { input: JobRef.extend({ discard: z.boolean().optional() }), output: DocumentJobView },
  /** Sends a stopped job again; `sourceLang` sets the document's language first (a job that failed for a missing one). */
  'documents.retry': { input: JobRef.extend({ sourceLang: LangCode.optional(), targetLang: LangCode.optional() }), output: DocumentJobView },
  /** A new upload of the same file and options (the service deleted the original). */
  'documents.translateAgain': { input: JobRef, output: DocumentJobView },
  'documents.remove': { input: z.object({ jobIds: z.array(Id).min(1).max(10_000) }), output: DocumentsList },
  'documents.open': { input: JobRef, output: z.object({ opened: z.boolean() }) },
  'documents.reveal': { input: JobRef, output: z.object({ shown: z.boolean() }) },
  /** The batch prepared and not sent last time (reload, restart), its files checked again; null when there is none. */
  'documents.batchDraft': { input: NoInput, output: RestoredBatch.nullable() },
  /** Keeps the batch being prepared (null: sent or emptied, forgotten). */
  'documents.saveBatchDraft': { input: z.object({ draft: DocumentBatchDraft.nullable() }), output: z.object({ kept: z.boolean() }) },
  'documents.prefs': { input: NoInput, output: DocumentPrefs },
  'documents.setPrefs': { input: DocumentPrefsPatch, output: DocumentPrefs },
} as const;

export const documentsEvents = {
  /** Jobs whose state changed (and jobs removed): the screen patches its list; no polling from the renderer. */
  'documents.changed': z.object({ jobs: z.array(DocumentJobView), removed: z.array(z.string()), summary: DocumentsSummary }),
} as const;

/**
 * The part of `window.verso` that turns a dropped or chosen `File` into a path main can read: the Electron
 * preload answers `webUtils.getPathForFile`; the web harness streams the bytes into a staging folder.
 */
export interface FileBridge {
  /** 'path': the file is on this machine (desktop); 'stage': bytes are copied to main first (web harness). */
  kind: 'path' | 'stage';
  toPath(file: File, onProgress?: (sentBytes: number) => void): Promise<string>;
}
