/**
 * Document translation lifecycle (service process, main thread): stores uploads encrypted, counts and charges
 * them, queues them with bounded concurrency, runs each through its format handler in a worker thread, answers
 * status, serves the result once and sweeps what was never downloaded. One instance per running service, shared
 * by the Pro and Free listeners.
 *
 * States: `queued` (waiting for a slot and for the configured queue time) → `translating` (the worker runs; the
 * state lasts at least the configured translate time) → `done` (result stored encrypted) | `error` (message).
 * The document key lives in the in-memory job only, from upload until the job ends; the database keeps its hash.
 * Plain copies exist only inside the private work dir while a worker needs a file path (counting at upload,
 * translating), and are deleted as soon as that step ends; the work dir is wiped at start.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SOURCE_LANGUAGES, TARGET_LANGUAGES, baseLanguage } from '../../shared/spec/languages.js';
import { LIMITS, MINIMUM_BILLED_EXTENSIONS } from '../../shared/spec/limits.js';
import { tmLookup, type TranslateDeps } from '../domain/translate.js';
import { billingPeriod } from '../domain/usage.js';
import { applyGlossaries } from '../glossary/apply.js';
import type { Account, ApiKey } from '../store/store.js';
import { stripMarkers } from '../text/markers.js';
import { createEncryptStream, hashDocumentKey, keyMatches, openDecryptStream } from './crypto.js';
import { mediaType } from './formats.js';
import type { DocumentParams, DocumentResources } from './params.js';
import { TaskError, WorkerPool } from './runner.js';
import { DocumentTable, type DocumentRow } from './table.js';

export interface DocumentsOptions {
  /** Largest accepted upload in bytes (413 above). Default 100 MiB. */
  maxUploadBytes?: number;
  /** Documents translated at the same time. Default 2. */
  concurrency?: number;
  /** Finished documents not downloaded within this time are deleted. Default 24 h. */
  expiryMs?: number;
  /** Minimum time a document stays `queued` (tests hold it there). Default 0. */
  queueDelayMs?: number;
  /** Minimum time a document stays `translating`. Default 0. */
  translateDelayMs?: number;
  /** Time limit of one worker task (counting or translating); the worker is killed on overrun. Default 10 min. */
  jobTimeoutMs?: number;
  /** Heap cap of a document worker in MB. Default 1024. */
  workerHeapMb?: number;
  /** Where encrypted files live. Default `<dataDir>/documents`, or a temp dir without a data dir. */
  filesDir?: string;
}

export const RESTART_MESSAGE =
  'The local service restarted before this document was translated. It keeps document keys only in memory, so it ' +
  'can no longer read the upload; upload the document again.';

/** Characters per second assumed before any document has been measured. */
const DEFAULT_THROUGHPUT = 5_000;

export interface UploadTicket {
  id: string;
  key: string;
  workDir: string;
  sourcePath: string;
}

export interface AcceptedUpload {
  ticket: UploadTicket;
  account: Account;
  apiKey: ApiKey;
  params: DocumentParams;
  resources: DocumentResources;
  fileName: string;
  ext: string;
  size: number;
  /** Plain copy in the work dir, named with the extension. */
  plainPath: string;
  timings: { queueMs?: number; translateMs?: number };
  failInjected: boolean;
}

interface Job {
  id: string;
  key: string;
  ext: string;
  params: DocumentParams;
  resources: DocumentResources;
  characters: number;
  billed: number;
  refund: () => void;
  queueUntil: number;
  translateMs: number;
  failInjected: boolean;
  presetError?: string;
  source?: string;
  engineId?: string;
  /** Units the engine (or memory) translated for this job; 0 at the end of a job with text is a reader bug. */
  unitsTranslated: number;
  startedAt?: number;
  /** Fraction done, 0..1: the characters translated so far of those counted at upload (see `recordProgress`). */
  progress: number;
  /** Source characters the engine (or memory) has translated for this job. */
  charactersDone: number;
  /** The handler's own fraction (used when the upload count found no characters). */
  handlerProgress: number;
  /** When `progress` last moved (epoch ms). */
  progressAt?: number;
  abort: AbortController;
  /** Its client discarded it while it ran: it ends removed, refunded, instead of done or error. */
  discarded?: boolean;
}

class JobFailure extends Error {}

const exists = (path: string) => stat(path).then(() => true, () => false);

/** `Arabic` for `AR`, `English (American)` for `EN-US`; the code itself when the tables do not know it. */
function languageName(code: string): string {
  return (
    TARGET_LANGUAGES.find((l) => l.code === code)?.name ?? SOURCE_LANGUAGES.find((l) => l.code === baseLanguage(code))?.name ?? code
  );
}

/**
 * Why a document failed when the engine cannot translate its language into the target: `given` when the request
 * named the source, else it was detected; `sources` lists what does reach the target. Verso's main process reads the
 * code in brackets after the language as the language the document was read as (documents-queue.ts), so the row can
 * say it in the UI language.
 */
export function unavailablePairMessage(source: string, target: string, given: boolean, sources: string): string {
  const how = given ? 'is' : 'was detected as';
  return (
    `The document ${how} ${languageName(source)} (${source}), and the local engine cannot translate ${languageName(source)} into ${languageName(target)}. ` +
    `It translates into ${languageName(target)} from: ${sources}. Use a hosted account for this pair` +
    `${given ? '' : ', or upload the document again with source_lang set if the detection is wrong'}.`
  );
}

const delay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    }, { once: true });
  });


export class DocumentService {
  readonly options: Required<Omit<DocumentsOptions, 'filesDir'>>;
  private readonly table: DocumentTable;
  /** Worker threads: one per concurrent job plus one, so upload-time counting need not wait for a slot. */
  private readonly pool: WorkerPool;
  private readonly jobs = new Map<string, Job>();
  /** Documents acknowledged before a restart, waiting for their client's key to be queued again. */
  private readonly awaitingKey = new Set<string>();
  private readonly queue: Job[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly closing = new AbortController();
  private pumpTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private throughput = DEFAULT_THROUGHPUT;
  private closed = false;

  private constructor(
    private readonly deps: TranslateDeps,
    private readonly dir: string,
    private readonly ownsDir: boolean,
    options: DocumentsOptions,
  ) {
    this.options = {
      maxUploadBytes: options.maxUploadBytes ?? 100 * 1024 * 1024,
      concurrency: Math.max(1, options.concurrency ?? 2),
      expiryMs: options.expiryMs ?? 24 * 3600_000,
      queueDelayMs: options.queueDelayMs ?? 0,
      translateDelayMs: options.translateDelayMs ?? 0,
      jobTimeoutMs: options.jobTimeoutMs ?? 10 * 60_000,
      workerHeapMb: options.workerHeapMb ?? 1024,
    };
    this.table = new DocumentTable(deps.store.db);
    this.pool = new WorkerPool({ size: this.options.concurrency + 1, maxHeapMb: this.options.workerHeapMb });
  }

  static async create(deps: TranslateDeps, dataDir: string | undefined, options: DocumentsOptions = {}) {
    let dir = options.filesDir ?? (dataDir ? join(dataDir, 'documents') : undefined);
    const ownsDir = dir === undefined;
    dir ??= await mkdtemp(join(tmpdir(), 'verso-documents-'));
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const service = new DocumentService(deps, dir, ownsDir, options);
    await service.recover();
    service.sweepTimer = setInterval(
      () => void service.sweep(),
      Math.max(50, Math.min(service.options.expiryMs / 2, 60_000)),
    );
    service.sweepTimer.unref();
    service.pool.warm();
    return service;
  }

  private get workRoot() {
    return join(this.dir, 'work');
  }
  private sourcePath(id: string) {
    return join(this.dir, `${id}.source`);
  }
  private resultPath(id: string) {
    return join(this.dir, `${id}.result`);
  }

  /**
   * After a restart (or a crash): plain copies from the interrupted run are wiped, and so are results that were
   * being written. A document whose upload was acknowledged is not failed: its encrypted source stays, its status
   * is `queued`, and it is queued again when its client next asks with its document key (`resume`), since the
   * key is never stored. One whose source is missing cannot be resumed: it ends in `error`, refunded. Encrypted
   * files that no row refers to are removed.
   */
  private async recover(): Promise<void> {
    await rm(this.workRoot, { recursive: true, force: true });
    await mkdir(this.workRoot, { recursive: true, mode: 0o700 });
    for (const row of this.table.withStatus('queued', 'translating')) {
      await rm(this.resultPath(row.id), { force: true });
      if (row.paramsJson && (await exists(this.sourcePath(row.id)))) {
        this.table.update(row.id, { status: 'queued', startedAt: null });
        this.awaitingKey.add(row.id);
        continue;
      }
      this.refundRow(row);
      this.table.update(row.id, { status: 'error', message: RESTART_MESSAGE, billedCharacters: 0, finishedAt: Date.now() });
      await rm(this.sourcePath(row.id), { force: true });
    }
    for (const name of await readdir(this.dir)) {
      const m = /^([0-9A-F]{32})\.(source|result)$/.exec(name);
      if (m && !this.table.get(m[1]!)) await rm(join(this.dir, name), { force: true });
    }
  }

  /** True for a document acknowledged before a restart that waits for its client's key to be queued again. */
  needsResume(row: DocumentRow): boolean {
    return this.awaitingKey.has(row.id) && !this.jobs.has(row.id) && !this.closed;
  }

  /** The stored upload parameters of a document to resume. */
  storedParams(row: DocumentRow): DocumentParams {
    return JSON.parse(row.paramsJson ?? '{}') as DocumentParams;
  }

  /**
   * Queues a document again after a restart, with the key its client just proved (the caller checked it against
   * the stored hash). The charge booked at upload stands; a failure refunds it from the row.
   */
  resume(row: DocumentRow, key: string, resources: DocumentResources): void {
    if (!this.needsResume(row)) return;
    this.awaitingKey.delete(row.id);
    const params = this.storedParams(row);
    const job: Job = {
      id: row.id,
      key,
      ext: row.extension,
      params,
      resources,
      characters: row.characters,
      billed: row.billedCharacters,
      refund: () => this.refundRow(row),
      queueUntil: Date.now(),
      translateMs: this.options.translateDelayMs,
      failInjected: false,
      source: params.source,
      unitsTranslated: 0,
      progress: 0,
      charactersDone: 0,
      handlerProgress: 0,
      abort: new AbortController(),
    };
    this.jobs.set(job.id, job);
    this.queue.push(job);
    this.pump();
  }

  /** Ends a document that cannot be resumed (its glossary was deleted meanwhile), refunded, files removed. */
  async failResume(row: DocumentRow, message: string): Promise<void> {
    this.awaitingKey.delete(row.id);
    this.refundRow(row);
    await rm(this.sourcePath(row.id), { force: true });
    this.table.update(row.id, { status: 'error', message, billedCharacters: 0, finishedAt: Date.now() });
  }

  private refundRow(row: DocumentRow): void {
    if (row.billedCharacters > 0 && row.chargedPeriod) {
      this.deps.store.addUsage(row.accountId, row.keyId, row.chargedPeriod, 'translate', -row.billedCharacters);
    }
  }

  // ---- upload ---------------------------------------------------------------------------------------------

  async openUpload(id: string, key: string): Promise<UploadTicket> {
    const workDir = join(this.workRoot, id);
    await mkdir(workDir, { recursive: true, mode: 0o700 });
    return { id, key, workDir, sourcePath: this.sourcePath(id) };
  }

  /**
   * Streams the file part to disk: encrypted into the store and, for the upload-time character count only, a plain
   * copy into the private work dir. Returns the size and the first bytes (for format sniffing).
   */
  async receiveFile(ticket: UploadTicket, file: Readable): Promise<{ size: number; head: Buffer; plainPath: string }> {
    const plainPath = join(ticket.workDir, 'upload');
    const enc = createEncryptStream(ticket.key, ticket.id, 'source');
    const stored = pipeline(enc, createWriteStream(ticket.sourcePath, { mode: 0o600 }));
    const plain = createWriteStream(plainPath, { mode: 0o600 });
    stored.catch(() => undefined); // awaited below; avoids an unhandled rejection while the loop still runs
    const headParts: Buffer[] = [];
    let headBytes = 0;
    let size = 0;
    try {
      for await (const chunk of file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (headBytes < 8192) {
          headParts.push(Buffer.from(chunk.subarray(0, 8192 - headBytes)));
          headBytes += Math.min(chunk.length, 8192 - headBytes);
        }
        enc.write(chunk);
        plain.write(chunk);
        // Checked after each wait: one stream may drain while we wait for the other (its event would be missed).
        if (enc.writableNeedDrain) await once(enc, 'drain');
        if (plain.writableNeedDrain) await once(plain, 'drain');
      }
      enc.end();
      plain.end();
      await Promise.all([stored, once(plain, 'finish')]);
    } catch (e) {
      enc.destroy();
      plain.destroy();
      throw e;
    }
    return { size, head: Buffer.concat(headParts), plainPath };
  }

  async abortUpload(ticket: UploadTicket): Promise<void> {
    await rm(ticket.workDir, { recursive: true, force: true });
    await rm(ticket.sourcePath, { force: true });
  }

  /**
   * Counts the document's characters in a worker, charges the quota (throws 456, nothing stored then) and
   * queues the job. A document that cannot be read is still accepted, uncharged, and ends in `error` with the
   * handler's message, as the spec wants failures reported through the status.
   */
  async accept(u: AcceptedUpload): Promise<void> {
    const { ticket, params } = u;
    let presetError: string | undefined;
    let characters = 0;
    if (u.size === 0) {
      presetError = 'The uploaded file is empty; there is nothing to translate. Upload a file with content.';
    } else if (params.source && params.source === baseLanguage(params.target)) {
      presetError = `Source and target language are equal (${params.source} → ${params.target}); choose another target language and upload the document again.`;
    } else if (!u.failInjected) {
      try {
        // Some readers look at the file name's extension, so the plain copy gets one.
        const input = `${u.plainPath}.${u.ext}`;
        await rename(u.plainPath, input);
        characters = (
          await this.pool.run(
            { op: 'count', ext: u.ext, input, targetLang: params.target, sourceLang: params.source },
            { timeoutMs: this.options.jobTimeoutMs, signal: this.closing.signal },
          )
        ).characters;
      } catch (e) {
        presetError = (e as Error).message;
      }
    }
    // The plain copy served only the count; it must not sit on disk while the job waits in the queue.
    await rm(ticket.workDir, { recursive: true, force: true });

    const billed =
      presetError !== undefined
        ? 0
        : MINIMUM_BILLED_EXTENSIONS.has(u.ext)
          ? Math.max(characters, LIMITS.documentMinimumBilled)
          : characters;
    let refund: () => void;
    try {
      refund = this.deps.quota.charge(u.account, u.apiKey, billed);
    } catch (e) {
      await this.abortUpload(ticket);
      throw e;
    }
    const now = Date.now();
    this.table.insert({
      id: ticket.id,
      accountId: u.account.id,
      keyId: u.apiKey.keyId,
      keyHash: hashDocumentKey(ticket.key),
      status: 'queued',
      message: null,
      fileName: u.fileName,
      extension: u.ext,
      outputExtension: null,
      sourceLang: params.source ?? null,
      targetLang: params.target,
      sizeBytes: u.size,
      characters,
      billedCharacters: billed,
      chargedPeriod: billingPeriod().start,
      engine: null,
      createdAt: now,
      startedAt: null,
      finishedAt: null,
      paramsJson: JSON.stringify(params),
    });
    const job: Job = {
      id: ticket.id,
      key: ticket.key,
      ext: u.ext,
      params,
      resources: u.resources,
      characters,
      billed,
      refund,
      queueUntil: now + (u.timings.queueMs ?? this.options.queueDelayMs),
      translateMs: u.timings.translateMs ?? this.options.translateDelayMs,
      failInjected: u.failInjected,
      presetError,
      source: params.source,
      unitsTranslated: 0,
      progress: 0,
      charactersDone: 0,
      handlerProgress: 0,
      abort: new AbortController(),
    };
    this.jobs.set(job.id, job);
    this.queue.push(job);
    this.pump();
  }

  // ---- queue ----------------------------------------------------------------------------------------------

  private pump(): void {
    if (this.closed) return;
    clearTimeout(this.pumpTimer);
    const now = Date.now();
    while (this.running.size < this.options.concurrency) {
      const i = this.queue.findIndex((j) => j.queueUntil <= now);
      if (i < 0) break;
      const [job] = this.queue.splice(i, 1);
      const p: Promise<void> = this.work(job!)
        .catch(() => undefined)
        .finally(() => {
          this.running.delete(p);
          this.pump();
        });
      this.running.add(p);
    }
    if (this.running.size < this.options.concurrency && this.queue.length > 0) {
      const next = Math.min(...this.queue.map((j) => j.queueUntil));
      this.pumpTimer = setTimeout(() => this.pump(), Math.max(1, next - now));
      this.pumpTimer.unref();
    }
  }

  private async work(job: Job): Promise<void> {
    const signal = AbortSignal.any([job.abort.signal, this.closing.signal]);
    job.startedAt = Date.now();
    this.table.update(job.id, { status: 'translating', startedAt: job.startedAt });
    const workDir = join(this.workRoot, job.id);
    let outcome: { ok: true; outputExtension: string } | { ok: false; message: string };
    try {
      if (job.presetError) throw new JobFailure(job.presetError);
      if (job.failInjected) throw new JobFailure('Translation error triggered (injected fault); upload the document again.');
      await mkdir(workDir, { recursive: true, mode: 0o700 });
      const input = join(workDir, `input.${job.ext}`);
      const output = join(workDir, 'output');
      const { stream } = await openDecryptStream(this.sourcePath(job.id), job.key, job.id, 'source');
      await pipeline(stream, createWriteStream(input, { mode: 0o600 }));
      if (!job.source) {
        // No source_lang: detect from a sample of the whole document's text (longer units first) before anything is
        // translated, not from the first batch the handler sends (labels, as often as not). An extra read of the
        // document, ended as soon as the sample is complete (../detect/sample.ts). A sample without letters, or in
        // no language the detector knows, leaves the detection to the first batch as before (translateUnits): a
        // document without text is then done unchanged, one without a readable language fails asking for source_lang.
        const { sample } = await this.pool.run(
          { op: 'sample', ext: job.ext, input, output: join(workDir, 'sample'), targetLang: job.params.target, outputFormat: job.params.outputFormat },
          { timeoutMs: this.options.jobTimeoutMs, signal },
        );
        const detected = sample ? await this.detectLanguage(sample) : undefined;
        if (detected) {
          job.source = detected;
          // An equal or unavailable pair fails now, before the document is read a second time.
          this.engineFor(job, detected);
        }
      }
      const result = await this.pool.run(
        {
          op: 'translate',
          ext: job.ext,
          input,
          output,
          sourceLang: job.source,
          targetLang: job.params.target,
          outputFormat: job.params.outputFormat,
        },
        {
          timeoutMs: this.options.jobTimeoutMs,
          signal,
          onTranslate: (units) => this.translateUnits(job, units, signal),
          onProgress: (f) => {
            job.handlerProgress = f;
            if (job.characters === 0) recordProgress(job, f);
          },
        },
      );
      await pipeline(
        createReadStream(output),
        createEncryptStream(job.key, job.id, 'result'),
        createWriteStream(this.resultPath(job.id), { mode: 0o600 }),
      );
      if (job.characters > 0 && job.unitsTranslated === 0) {
        // The count at upload found text, yet the reader sent none of it: never bill that as a translation.
        throw new JobFailure(
          `The document has text (${job.characters} characters), but the local service's .${job.ext} reader found none of it to ` +
            'translate, so nothing was translated and nothing is billed. Convert the document (for example to .docx) and upload it again, ' +
            'or use a hosted account; please report this file as a bug.',
        );
      }
      outcome = { ok: true, outputExtension: result.outputExtension ?? job.ext };
      const seconds = (Date.now() - job.startedAt) / 1000;
      if (job.characters > 0 && seconds > 0.05) {
        // Exponential moving average, so one odd document does not swing the estimates.
        this.throughput = 0.7 * this.throughput + 0.3 * (job.characters / seconds);
      }
    } catch (e) {
      outcome = { ok: false, message: e instanceof JobFailure || e instanceof TaskError ? e.message : `The document could not be translated (${(e as Error).message}); upload it again.` };
    } finally {
      await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    }
    if (job.discarded) {
      // Its client asked to forget it (discard): the worker was stopped; nothing is kept and nothing billed.
      this.jobs.delete(job.id);
      job.refund();
      await this.remove(job.id);
      return;
    }
    const hold = job.startedAt + job.translateMs - Date.now();
    if (hold > 0) await delay(hold, this.closing.signal);
    if (this.closed) return;
    this.jobs.delete(job.id); // the key leaves memory with the job
    if (outcome.ok) {
      this.table.update(job.id, {
        status: 'done',
        outputExtension: outcome.outputExtension,
        sourceLang: job.source ?? null,
        engine: job.engineId ?? null,
        finishedAt: Date.now(),
      });
    } else {
      job.refund();
      await rm(this.resultPath(job.id), { force: true });
      await rm(this.sourcePath(job.id), { force: true });
      this.table.update(job.id, { status: 'error', message: outcome.message, billedCharacters: 0, finishedAt: Date.now() });
    }
  }

  /**
   * The language of a document's text, upper case, or undefined when the detector names none of the spec's. A
   * whole document is long enough that the detector's best guess is used even when it is not sure (a
   * mixed-language file, a short table).
   */
  private async detectLanguage(text: string): Promise<string | undefined> {
    try {
      const d = (await this.deps.detector()).detect(text);
      if (d.status === 'success' && d.language) return d.language.toUpperCase();
      if (d.guess) return d.guess.toUpperCase();
    } catch {
      // a detector that cannot load detects nothing
    }
    return undefined;
  }

  /** The engine for the job's pair; throws JobFailure when source and target are one language or no engine has the pair. */
  private engineFor(job: Job, source: string) {
    const target = job.params.target;
    if (source === baseLanguage(target)) {
      throw new JobFailure(
        `Source and target language are equal (${source} detected, target ${target}); choose another target language and upload the document again.`,
      );
    }
    const engine = this.deps.engines.pick(source, target);
    if (!engine) {
      throw new JobFailure(unavailablePairMessage(source, target, job.params.source !== undefined, this.sourcesFor(target)));
    }
    return engine;
  }

  /** Called by the worker: translates one batch of marked units with the job's engine, glossaries and memory. */
  private async translateUnits(job: Job, units: string[], signal: AbortSignal): Promise<string[]> {
    const target = job.params.target;
    if (!job.source) {
      // Not detected before translation started (work): the document's sample had no letters or no language the
      // detector knows. Its first batch gets the last word, as a title may still name one.
      const detected = await this.detectLanguage(units.map(stripMarkers).join('\n').slice(0, 4096));
      if (!detected) {
        throw new JobFailure(
          `The document's source language could not be detected (too little text, or a language the detector does not know). ` +
            `Upload it again with source_lang set; the local engine translates into ${languageName(target)} from: ${this.sourcesFor(target)}.`,
        );
      }
      job.source = detected;
    }
    const source = job.source;
    const engine = this.engineFor(job, source);
    job.engineId = engine.id;
    job.unitsTranslated += units.filter((u) => stripMarkers(u).trim() !== '').length;
    const out: string[] = new Array(units.length);
    const toEngine: string[] = [];
    const finishers: ((t: string) => void)[] = [];
    units.forEach((unit, i) => {
      const fromTm = job.resources.tm && tmLookup(job.resources.tm, stripMarkers(unit), job.params.tmThreshold);
      if (fromTm !== undefined) {
        out[i] = fromTm;
        return;
      }
      const plan = applyGlossaries(unit, job.resources.glossaries, 100_000);
      toEngine.push(plan.unit);
      finishers.push((t) => (out[i] = plan.finish(t)));
    });
    if (toEngine.length > 0) {
      const translated = await engine.translate({
        source,
        target,
        units: toEngine,
        formality: job.params.formality,
        signal,
      });
      translated.forEach((t, j) => finishers[j]!(t));
    }
    // Progress by characters, not by the handler's parts: a .docx reports one step per part, and its ~60 small parts
    // (styles, headers) come first, so it read 98 % after 0.2 s while document.xml, all of its text, was still ahead.
    job.charactersDone += units.reduce((n, u) => n + codePoints(stripMarkers(u)), 0);
    if (job.characters > 0) recordProgress(job, Math.min(1, job.charactersDone / job.characters));
    return out;
  }

  /** The source languages the engines can translate into `target`, for messages ("none" when there are none). */
  private sourcesFor(target: string): string {
    const list = SOURCE_LANGUAGES.filter((l) => l.code !== baseLanguage(target) && this.deps.engines.pick(l.code, target)).map(
      (l) => `${l.name} (${l.code})`,
    );
    return list.length > 0 ? list.join(', ') : 'no language (see GET /v2/languages for the pairs it has)';
  }

  // ---- status and result ----------------------------------------------------------------------------------

  /** The row for an id and key of this account, or undefined: unknown id, other account and wrong key look alike. */
  async find(id: string, key: string, account: Account): Promise<DocumentRow | undefined> {
    const row = this.table.get(id);
    if (!row || row.accountId !== account.id || !keyMatches(key, row.keyHash)) return undefined;
    if (row.finishedAt !== null && row.finishedAt + this.options.expiryMs <= Date.now()) {
      await this.remove(row.id);
      return undefined;
    }
    return row;
  }

  /** The current row of a document (after a resume or a failure changed it), or the given one if it is gone. */
  reread(row: DocumentRow): DocumentRow {
    return this.table.get(row.id) ?? row;
  }

  statusJson(row: DocumentRow): Record<string, unknown> {
    const out: Record<string, unknown> = { document_id: row.id, status: row.status };
    if (row.status === 'translating') {
      // No estimate rather than a wrong one: the spec makes the field an estimate; clients show "estimating".
      const seconds = this.secondsRemaining(row);
      if (seconds !== undefined) out.seconds_remaining = seconds;
    }
    if (row.status === 'done') out.billed_characters = row.billedCharacters;
    if (row.status === 'error') {
      out.message = row.message ?? 'The document could not be translated; upload it again.';
      // A machine-readable reason beside the words (the spec's Error body has the same optional `code`; clients
      // that do not know it ignore it). Verso words these in the UI language and offers what fits.
      const code = documentErrorCode(out.message as string);
      if (code) out.code = code;
    }
    return out;
  }

  private secondsRemaining(row: DocumentRow): number | undefined {
    const job = this.jobs.get(row.id);
    const now = Date.now();
    const started = job?.startedAt ?? row.startedAt ?? now;
    return estimateSecondsRemaining({
      elapsedS: (now - started) / 1000,
      progress: job?.progress ?? 0,
      sinceProgressS: job?.progressAt !== undefined ? (now - job.progressAt) / 1000 : undefined,
      characters: row.characters,
      throughput: this.throughput,
      heldS: job ? (started + job.translateMs - now) / 1000 : 0,
    });
  }

  async openResult(row: DocumentRow, key: string) {
    const ext = row.outputExtension ?? row.extension;
    const { stream, size } = await openDecryptStream(this.resultPath(row.id), key, row.id, 'result');
    const base = row.fileName.replace(/\.[^.]*$/, '');
    return { stream, size, fileName: `${base}.${ext}`, mediaType: mediaType(ext), engine: row.engine };
  }

  /**
   * Forgets a document its client discarded (Verso's "Cancel → Discard"; not in the spec, which has no such call):
   * a queued one leaves the queue, a translating one has its worker stopped, so the next documents need not wait
   * behind it; either is refunded, and its row and files are removed. A finished one is only removed.
   */
  async discard(row: DocumentRow): Promise<void> {
    if (this.closed) return;
    const job = this.jobs.get(row.id);
    if (job) {
      const queued = this.queue.indexOf(job);
      if (queued >= 0) {
        this.queue.splice(queued, 1);
        this.jobs.delete(job.id);
        job.refund();
        await this.remove(job.id);
        return;
      }
      // Running: `work` ends it once the worker stops, and removes it then.
      job.discarded = true;
      job.abort.abort();
      return;
    }
    if (this.awaitingKey.delete(row.id)) this.refundRow(row);
    await this.remove(row.id);
  }

  /** Deletes a document's row and files (after a complete download, or on expiry). */
  async remove(id: string): Promise<void> {
    if (this.closed) return;
    this.table.delete(id);
    await rm(this.sourcePath(id), { force: true });
    await rm(this.resultPath(id), { force: true });
  }

  private async sweep(): Promise<void> {
    if (this.closed) return;
    const before = Date.now() - this.options.expiryMs;
    for (const row of this.table.finishedBefore(before)) await this.remove(row.id);
    // Documents acknowledged before a restart whose client never came back: refunded and removed.
    for (const row of this.table.unfinishedBefore(before)) {
      if (!this.awaitingKey.delete(row.id)) continue;
      this.refundRow(row);
      await this.remove(row.id);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.closing.abort();
    clearTimeout(this.pumpTimer);
    clearInterval(this.sweepTimer);
    await Promise.allSettled([...this.running]);
    await this.pool.close();
    if (this.ownsDir) await rm(this.dir, { recursive: true, force: true });
    else await rm(this.workRoot, { recursive: true, force: true });
  }
}

const codePoints = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** Sets a job's fraction done; it never goes back, and `progressAt` says when it last moved. */
function recordProgress(job: Job, fraction: number): void {
  if (fraction <= job.progress) return;
  job.progress = fraction;
  job.progressAt = Date.now();
}

/**
 * The machine-readable reason of a document error (the status answer's optional `code`), from the service's own
 * messages (this file, ../formats): `same_language` (choose another target), `file_damaged` (a part of the file
 * cannot be read: open and save it again in its application), `file_encoding` (a text file that is not UTF-8).
 * Undefined for the rest. Keep in step with the wording of those messages; service/documents tests pin them.
 */
export function documentErrorCode(message: string): 'same_language' | 'file_damaged' | 'file_encoding' | undefined {
  if (/^Source and target language are equal\b/.test(message)) return 'same_language';
  if (/ is not (valid )?UTF-8\b|byte-order mark but is not valid/.test(message)) return 'file_encoding';
  if (/ is damaged\b|not well-formed XML|is not well-formed\b/.test(message)) return 'file_damaged';
  return undefined;
}

/**
 * Seconds a translating document still needs, or undefined when there is no honest estimate.
 *
 * - With progress (fraction of the counted characters translated): the time spent so far times what is left over
 *   what is done, the measured rate. When the progress has not moved for longer than that estimate said was left,
 *   the rate no longer tells anything (a long part being read, the result being written): no estimate, rather than
 *   "1 s" for 20 s on end (seen on a tour with an 872-page .docx whose bar said "1 s" while half its work remained).
 * - Before any progress: the document's characters at the pace of the last documents; once that guess has run out,
 *   no estimate.
 * - Never 0 while translating: clients read 0 as "done now". A test hold (`heldS`) is always known.
 */
export function estimateSecondsRemaining(o: {
  elapsedS: number;
  progress: number;
  /** Seconds since the progress last moved (undefined: it never did). */
  sinceProgressS?: number;
  characters: number;
  throughput: number;
  heldS: number;
}): number | undefined {
  let estimate: number | undefined;
  if (o.progress >= 1) {
    // Every character is translated; the result is being written. How long that takes is not measured.
    estimate = undefined;
  } else if (o.progress > 0.02) {
    const since = o.sinceProgressS ?? 0;
    // The rate measured up to the last move of the progress, counted from that moment.
    const atMove = o.elapsedS - since;
    const left = (atMove * (1 - o.progress)) / o.progress - since;
    estimate = left > 0 ? left : undefined;
  } else {
    const left = o.characters / o.throughput - o.elapsedS;
    estimate = left > 0 ? left : undefined;
  }
  const held = o.heldS > 0 ? o.heldS : undefined;
  if (estimate === undefined && held === undefined) return undefined;
  return Math.max(1, Math.ceil(Math.max(estimate ?? 0, held ?? 0)));
}
