/**
 * Documents (main process, plain Node): what the `documents.*` calls do. It checks files before anything is sent,
 * turns a batch (files × targets) into job records handed to the durable `DocumentQueue`, answers the list with
 * views that carry no key, publishes `documents.changed`, and reaches the desktop (open dialog, open/show a
 * result, notification, taskbar progress) only through ports whose Electron adapters live in `../adapters/`.
 */
import { constants } from 'node:fs';
import { access, mkdir, rmdir, stat, unlink } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  FOLDER_CONFIRM_THRESHOLD,
  type DocumentBatchOptions,
  type DocumentJobView,
  type DocumentPrefs,
  type DocumentsList,
  type DocumentsSummary,
  type FileCheck,
  type InspectOutput,
} from '../../../shared/ipc/contract-documents.js';
import type { MessageId } from '../../../shared/i18n/catalog.js';
import { ApiError } from './api-errors.js';
import type { ApiClient } from './api-client.js';
import { DocumentsBatchDraftService } from './documents-batch-draft.js';
import { checkFile, expandPaths } from './documents-files.js';
import { DocumentQueue, jobView, newJobId, type QueueDeps } from './documents-queue.js';
import { JobStore, type JobRecord } from './documents-store.js';
import type { EventBus } from './event-bus.js';
import type { Clock, KeyValueStore, Notifier, Random, SecretCipher } from './ports.js';

/** Native open dialog (Electron); the Node twin answers null (the web harness uses the page's file input). */
export interface OpenFilesDialog {
  pickFiles(): Promise<string[] | null>;
  /** One folder (Settings → Documents → output folder); absent where there is no native dialog. */
  pickFolder?(): Promise<string | null>;
}

/** Opens a saved result, or shows it in the file manager (Electron `shell`); the Node twin only logs. */
export interface FileShell {
  openPath(path: string): Promise<boolean>;
  showInFolder(path: string): Promise<boolean>;
}

/** The window's progress bar (Electron `setProgressBar`); null clears it. */
export type ProgressSink = (fraction: number | null) => void;

export interface DocumentsDeps {
  userDataDir: string;
  cipher: SecretCipher;
  prefsStore: KeyValueStore;
  clock: Clock;
  random?: Random;
  events: EventBus;
  clientFor(connectionId: string): Promise<ApiClient>;
  activeConnectionId(): string | null;
  /** The connections to this computer's engine, which bills nothing (their rows say so, no minimum). */
  localConnectionIds?(): ReadonlySet<string>;
  dialog?: OpenFilesDialog;
  shell?: FileShell;
  notifier?: Notifier;
  progress?: ProgressSink;
  /** Main's translator for the OS notification (the only text main shows itself). */
  t?: (id: MessageId, values?: Record<string, unknown>) => string;
  /** Where results of staged files go by default (desktop: ~/Documents/Verso translations). */
  defaultOutputDir?: string;
  /** Files under this folder are staged copies (web harness): their results go to the default output folder. */
  stagingDir?: string;
  /** Tests and benchmarks: queue knobs (poll policy, hooks, fault headers). */
  queue?: Partial<Pick<QueueDeps, 'poll' | 'deadlines' | 'beforeStep' | 'headersFor'>>;
}

const PREFS_KEY = 'documents';

/** Counts by state and the characters the hosted services billed (the local engine bills nothing). */
export function summarize(jobs: readonly JobRecord[], local: ReadonlySet<string> = new Set()): DocumentsSummary {
  const s: DocumentsSummary = { saved: 0, active: 0, failed: 0, cancelled: 0, billedCharacters: 0 };
  for (const j of jobs) {
    if (j.state === 'saved') s.saved++;
    else if (j.state === 'error') s.failed++;
    else if (j.state === 'cancelled') s.cancelled++;
    else s.active++;
    if (!local.has(j.connectionId)) s.billedCharacters += j.billedCharacters ?? 0;
  }
  return s;
}

export class DocumentsService {
  readonly queue: DocumentQueue;
  /** The batch being prepared on the screen, kept across reload and restart (its own key of the prefs store). */
  readonly batchDraft: DocumentsBatchDraftService;
  /**
   * Told the characters the service billed for each saved document (set by the composition root: Usage's record of
   * billed characters, split into text and documents).
   */
  onBilled?: (connectionId: string, characters: number) => void;
  private readonly store: JobStore;
  private started: Promise<void> | undefined;
  private keysPersist = true;

  constructor(private readonly d: DocumentsDeps) {
    this.store = new JobStore(join(d.userDataDir, 'documents'), d.cipher);
    this.queue = new DocumentQueue({
      store: this.store,
      clientFor: (id) => d.clientFor(id),
      clock: d.clock,
      ...(d.random && { random: d.random }),
      concurrency: () => this.prefs().concurrency,
      onChange: (jobs, removed) => this.publish(jobs, removed),
      onBatchDone: (_batchId, jobs) => this.announce(jobs),
      onSaved: (r) => {
        if (r.billedCharacters) this.onBilled?.(r.connectionId, r.billedCharacters);
      },
      ...d.queue,
    });
    this.batchDraft = new DocumentsBatchDraftService({
      store: d.prefsStore,
      check: (p) => this.checkPath(p),
    });
  }

  /** Loads and resumes the queue once (at start-up, and lazily on the first call). */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.keysPersist = (await this.d.cipher.availability()).canPersist;
      await this.queue.start();
    })();
    return this.started;
  }

  close(): void {
    this.queue.close();
  }

  prefs(): DocumentPrefs {
    const raw = (this.d.prefsStore.get(PREFS_KEY) ?? {}) as Partial<DocumentPrefs>;
    return {
      defaultOutputDir: raw.defaultOutputDir ?? this.d.defaultOutputDir ?? join(homedir(), 'Documents', 'Verso translations'),
      concurrency: raw.concurrency ?? 2,
      maxFileMb: raw.maxFileMb ?? 100,
      keysPersist: this.keysPersist,
    };
  }

  /** Saves a patch; a new output folder is created and checked for writing first, so a bad one is refused now, not at the first download. */
  async setPrefs(patch: { defaultOutputDir?: string; concurrency?: number; maxFileMb?: number }): Promise<DocumentPrefs> {
    const { keysPersist: _k, ...cur } = this.prefs();
    const next = { ...cur, ...patch };
    if (patch.defaultOutputDir !== undefined) {
      next.defaultOutputDir = resolve(patch.defaultOutputDir);
      try {
        await mkdir(next.defaultOutputDir, { recursive: true });
        await access(next.defaultOutputDir, constants.W_OK);
      } catch (e) {
        throw new ApiError('bad_request', `Cannot write to ${next.defaultOutputDir} (${(e as NodeJS.ErrnoException).code ?? 'error'}).`, { cause: e });
      }
    }
    this.d.prefsStore.set(PREFS_KEY, next);
    return this.prefs();
  }

  async pickFiles(): Promise<{ paths: string[] } | null> {
    const paths = (await this.d.dialog?.pickFiles()) ?? null;
    return paths && paths.length ? { paths } : null;
  }

  async pickFolder(): Promise<{ path: string } | null> {
    const path = (await this.d.dialog?.pickFolder?.()) ?? null;
    return path ? { path } : null;
  }

  /** The check of one file before it is listed or sent: type, content, size within the user's limit. */
  private checkPath(path: string): Promise<FileCheck> {
    return checkFile(resolve(path), { maxBytes: this.prefs().maxFileMb * 1024 * 1024 });
  }

  async inspect(paths: string[], allowMany = false): Promise<InspectOutput> {
    const { files, skipped, fromFolders } = await expandPaths(paths);
    if (fromFolders > FOLDER_CONFIRM_THRESHOLD && !allowMany) return { files: [], tooMany: files.length, skipped };
    const out = [];
    for (const f of files) out.push(await this.checkPath(f));
    return { files: out, skipped };
  }

  async enqueue(paths: string[], o: DocumentBatchOptions & { targetLangs: string[] }): Promise<DocumentsList> {
    await this.start();
    const connectionId = this.d.activeConnectionId();
    if (!connectionId) throw new ApiError('no_connection', 'No connection is set up yet.');
    // Main checks again: the renderer is not trusted, and a file may have changed since it was shown.
    const checks = [];
    for (const p of paths) {
      const c = await this.checkPath(p);
      if (!c.ok) throw new ApiError('bad_request', `${c.name}: ${c.problem ?? 'not accepted'}`);
      checks.push(c);
    }
    const batchId = randomUUID();
    const now = new Date().toISOString();
    const records: JobRecord[] = [];
    for (const c of checks) {
      const st = await stat(c.path);
      const outputDir = o.outputDir ? resolve(o.outputDir) : this.isStaged(c.path) ? this.prefs().defaultOutputDir : dirname(c.path);
      for (const target of o.targetLangs) {
        records.push({
          v: 1,
          jobId: newJobId(),
          batchId,
          connectionId,
          sourcePath: c.path,
          fileName: c.name,
          sizeBytes: st.size,
          mtimeMs: st.mtimeMs,
          sourceLang: o.sourceLang ?? null,
          targetLang: target,
          params: {
            ...(o.formality && { formality: o.formality }),
            ...(o.glossaryIds?.length && { glossaryIds: o.glossaryIds }),
            ...(o.styleId && { styleId: o.styleId }),
            ...(o.translationMemoryId && { translationMemoryId: o.translationMemoryId }),
            ...(o.translationMemoryThreshold !== undefined && { translationMemoryThreshold: o.translationMemoryThreshold }),
            ...(o.outputFormat && c.extension === 'pdf' && { outputFormat: o.outputFormat }),
          },
          outputDir,
          state: 'waiting',
          uploads: 0,
          estimatedCharacters: c.estimatedCharacters,
          createdAt: now,
          updatedAt: now,
          stateSince: this.d.clock.now(),
        });
      }
    }
    await this.queue.add(records);
    // Sent: a reload right after must not bring the batch back to be sent twice (the screen forgets it too).
    this.batchDraft.clear();
    return this.list();
  }

  async list(): Promise<DocumentsList> {
    await this.start();
    const jobs = this.queue.list();
    const local = this.localIds();
    return { jobs: jobs.map((r) => this.view(r, local)), summary: summarize(jobs, local) };
  }

  async cancel(jobId: string, discard = false): Promise<DocumentJobView> {
    await this.start();
    const r = this.queue.get(jobId);
    // The local engine is Verso's own service: a discarded document is stopped there too (see DocumentQueue.cancel).
    const local = r !== undefined && this.localIds().has(r.connectionId);
    return this.view(await this.queue.cancel(jobId, discard, local));
  }

  async retry(jobId: string, sourceLang?: string, targetLang?: string): Promise<DocumentJobView> {
    await this.start();
    return this.view(await this.queue.retry(jobId, sourceLang, targetLang));
  }

  async translateAgain(jobId: string): Promise<DocumentJobView> {
    await this.start();
    const r = this.need(jobId);
    const now = new Date().toISOString();
    const copy: JobRecord = {
      ...structuredClone(r),
      jobId: newJobId(),
      batchId: randomUUID(),
      state: 'waiting',
      uploads: 0,
      createdAt: now,
      updatedAt: now,
      stateSince: this.d.clock.now(),
    };
    for (const k of ['documentId', 'keyCipher', 'keyInSession', 'billedCharacters', 'partPath', 'expectedBytes', 'outputPath', 'error', 'discard', 'reuploadReason', 'autoReuploaded'] as const) delete copy[k];
    const st = await stat(copy.sourcePath).catch(() => undefined);
    if (!st) throw new ApiError('not_found', `${copy.fileName} is no longer where it was; add it again.`);
    copy.sizeBytes = st.size;
    copy.mtimeMs = st.mtimeMs;
    await this.queue.add([copy]);
    return this.view(copy);
  }

  /**
   * Drops jobs from the list. A staged copy (web harness upload) is Verso's own file, kept only so a retry can
   * upload it again: it is deleted with the last job that uses it. A user's original is never touched.
   */
  async remove(jobIds: string[]): Promise<DocumentsList> {
    await this.start();
    const staged = new Set(jobIds.map((id) => this.queue.get(id)?.sourcePath).filter((p): p is string => p !== undefined && this.isStaged(p)));
    await this.queue.remove(jobIds);
    for (const j of this.queue.list()) staged.delete(j.sourcePath);
    for (const p of staged) await this.deleteStaged(p);
    return this.list();
  }

  async open(jobId: string): Promise<{ opened: boolean }> {
    const p = this.need(jobId).outputPath;
    if (!p) throw new ApiError('conflict', 'This document has not been saved yet.');
    return { opened: (await this.d.shell?.openPath(p)) ?? false };
  }

  async reveal(jobId: string): Promise<{ shown: boolean }> {
    const r = this.need(jobId);
    return { shown: (await this.d.shell?.showInFolder(r.outputPath ?? r.sourcePath)) ?? false };
  }

  /** Document keys held in memory (session-only keys), for redaction. */
  heldSecrets(): string[] {
    return this.store.heldKeys();
  }

  // ----- Internals -----

  private need(jobId: string): JobRecord {
    const r = this.queue.get(jobId);
    if (!r) throw new ApiError('not_found', 'That document is no longer in the list.');
    return r;
  }

  private isStaged(p: string): boolean {
    const s = this.d.stagingDir;
    return s !== undefined && resolve(p).startsWith(resolve(s) + sep);
  }

  /** Deletes a staged copy and its upload folder (`<staging>/<upload id>/<name>`, one file each); never follows out of staging. */
  private async deleteStaged(p: string): Promise<void> {
    const file = resolve(p);
    await unlink(file).catch(() => undefined);
    const folder = dirname(file);
    // Only the per-upload folder directly inside staging, and only when empty (rmdir refuses otherwise).
    if (this.d.stagingDir !== undefined && dirname(folder) === resolve(this.d.stagingDir)) await rmdir(folder).catch(() => undefined);
  }

  private localIds(): ReadonlySet<string> {
    return this.d.localConnectionIds?.() ?? new Set();
  }

  private view(r: JobRecord, local = this.localIds()): DocumentJobView {
    const v = jobView(r, this.queue.transientOf(r.jobId));
    if (local.has(r.connectionId)) {
      // The local engine bills nothing, whatever figure its status carried: the row says so instead of a count.
      v.local = true;
      delete v.billedCharacters;
    }
    return v;
  }

  private publish(jobs: JobRecord[], removed: string[]): void {
    const all = this.queue.list();
    const local = this.localIds();
    this.d.events.emit('documents.changed', { jobs: jobs.map((r) => this.view(r, local)), removed, summary: summarize(all, local) });
    if (this.d.progress) {
      const active = all.filter((j) => j.state !== 'saved' && j.state !== 'error' && j.state !== 'cancelled');
      if (active.length === 0) this.d.progress(null);
      else {
        const batches = new Set(active.map((j) => j.batchId));
        const inBatches = all.filter((j) => batches.has(j.batchId));
        this.d.progress((inBatches.length - active.length) / inBatches.length);
      }
    }
  }

  private announce(jobs: JobRecord[]): void {
    if (!this.d.notifier) return;
    const saved = jobs.filter((j) => j.state === 'saved').length;
    const failed = jobs.filter((j) => j.state === 'error').length;
    const t = this.d.t;
    const title = t ? t('documents.notify.title' as MessageId) : 'Verso';
    const body = t ? t('documents.notify.body' as MessageId, { saved, failed }) : `${saved} saved, ${failed} failed`;
    this.d.notifier.notify(title, body);
  }
}

/** Desktop integrations the composition root passes in (Electron adapters, or their Node twins). */
export interface DocumentsPorts {
  dialog?: OpenFilesDialog;
  shell?: FileShell;
  notifier?: Notifier;
  progress?: ProgressSink;
}

export interface DocumentsConfig {
  defaultOutputDir?: string;
  stagingDir?: string;
  queue?: DocumentsDeps['queue'];
}

/** Builds the service from the composition root's ports and starts (resumes) the queue. */
export function createDocumentsService(o: {
  ports: { cipher: SecretCipher; clock: Clock; random?: Random; stores: { settings: KeyValueStore }; documents?: DocumentsPorts };
  config: { userDataDir: string; documents?: DocumentsConfig };
  connections: { clientFor(id: string): Promise<ApiClient>; activeId(): string | null; list?(): { connections: readonly { id: string; kind: string }[] } };
  events: EventBus;
  i18n: { t: (id: MessageId, values?: Record<string, string | number>) => string };
}): DocumentsService {
  const p = o.ports.documents ?? {};
  const c = o.config.documents ?? {};
  const service = new DocumentsService({
    userDataDir: o.config.userDataDir,
    cipher: o.ports.cipher,
    prefsStore: o.ports.stores.settings,
    clock: o.ports.clock,
    ...(o.ports.random && { random: o.ports.random }),
    events: o.events,
    clientFor: (id) => o.connections.clientFor(id),
    activeConnectionId: () => o.connections.activeId(),
    localConnectionIds: () => new Set((o.connections.list?.().connections ?? []).filter((c) => c.kind === 'local').map((c) => c.id)),
    ...(p.dialog && { dialog: p.dialog }),
    ...(p.shell && { shell: p.shell }),
    ...(p.notifier && { notifier: p.notifier }),
    ...(p.progress && { progress: p.progress }),
    t: (id, values) => o.i18n.t(id, values as Record<string, string | number>),
    ...(c.defaultOutputDir && { defaultOutputDir: c.defaultOutputDir }),
    ...(c.stagingDir && { stagingDir: c.stagingDir }),
    ...(c.queue && { queue: c.queue }),
  });
  void service.start().catch(() => undefined);
  return service;
}
