/**
 * The durable document queue (main process, plain Node). Every job is a record on disk (`JobStore`) before its
 * upload starts; the `document_id` and the encrypted `document_key` are written the moment the upload answers,
 * before anything else. A job moves waiting → uploading → queued → translating → downloading → saved (or error,
 * cancelled) and each step is written first, so a new queue on the same folder resumes every unfinished job from
 * its last written state: with a document id it polls and downloads and is never uploaded again; one that was
 * uploading when Verso stopped may have reached the service, so it waits for the user's "Send again". Polling starts near 1 s, backs off towards 15 s and uses `seconds_remaining` as a
 * hint (absurd values ignored). Results are streamed to a temp file in the output folder, fsynced and linked into
 * place under a name that never overwrites (`report.ES.docx`, then `report.ES (2).docx`).
 */
import { randomUUID } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { link, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { ACTIVE_JOB_STATES, type DocumentJobError, type DocumentJobView } from '../../../shared/ipc/contract-documents.js';
import { ApiError } from './api-errors.js';
import type { ApiClient } from './api-client.js';
import type { JobRecord, JobStore } from './documents-store.js';
import { fsyncDir } from './durable-files.js';
import type { Clock, Random } from './ports.js';
import { TransportError } from './ports.js';

export interface PollPolicy {
  initialMs: number;
  factor: number;
  maxMs: number;
  /** A `seconds_remaining` above this is not believed (the spec warns of values such as 2^27). */
  maxBelievableSeconds: number;
}

export const DEFAULT_POLL: PollPolicy = { initialMs: 1000, factor: 1.5, maxMs: 15_000, maxBelievableSeconds: 6 * 3600 };

/** Is a `seconds_remaining` value worth believing? */
export function believable(seconds: number | undefined, p: PollPolicy = DEFAULT_POLL): seconds is number {
  return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 && seconds <= p.maxBelievableSeconds;
}

/**
 * Wait before the next status request. Without a believable hint: back-off from `initialMs` by `factor` up to
 * `maxMs`. With one: wake half a second before the predicted end (the service rounds the estimate up to whole
 * seconds, so the true end lies in the last second), at most `maxMs` ahead. `stuck` counts polls in a row whose
 * estimate was already at its floor (1 s) yet the document was not done: they back off, so an estimate stuck at
 * "1 s" cannot make Verso poll twice a second for minutes.
 */
export function nextPollDelayMs(attempt: number, stuck: number, secondsRemaining: number | undefined, p: PollPolicy = DEFAULT_POLL): number {
  if (!believable(secondsRemaining, p)) return Math.min(p.maxMs, p.initialMs * p.factor ** attempt);
  const hint = Math.max(0, secondsRemaining - 0.5) * 1000 + 100;
  const floor = stuck >= 2 ? p.initialMs * p.factor ** (stuck - 1) : Math.min(p.initialMs / 2, 500);
  return Math.min(p.maxMs, Math.max(hint, floor));
}

/** `report.docx` → `report.ES.docx`; doc → docx; a PDF converted with output_format=docx → docx. */
export function outputFileName(fileName: string, targetLang: string, outputFormat?: string): string {
  const ext = extname(fileName);
  const stem = fileName.slice(0, fileName.length - ext.length);
  let outExt = ext.toLowerCase() === '.doc' ? '.docx' : ext;
  if (outputFormat) outExt = `.${outputFormat}`;
  return `${stem}.${targetLang}${outExt}`;
}

/** Hard-links `part` to the first free name (`x.ES.docx`, `x.ES (2).docx`, …): never replaces an existing file. */
export async function placeWithoutOverwrite(part: string, dir: string, name: string): Promise<string> {
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let i = 1; i < 10_000; i++) {
    const candidate = join(dir, i === 1 ? name : `${stem} (${i})${ext}`);
    try {
      await link(part, candidate);
      await unlink(part).catch(() => undefined);
      return candidate;
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'EEXIST') continue;
      if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EXDEV' || code === 'ENOSYS' || code === 'EOPNOTSUPP') {
        // No hard links here (FAT, some shares): reserve the name exclusively, then rename over the reservation.
        try {
          const fh = await open(candidate, 'wx');
          await fh.close();
        } catch (e2) {
          if ((e2 as { code?: string }).code === 'EEXIST') continue;
          throw e2;
        }
        await rename(part, candidate);
        return candidate;
      }
      throw e;
    }
  }
  throw new Error('no free file name');
}

export type QueueStep = 'upload' | 'uploaded' | 'poll' | 'download' | 'downloaded' | 'saved';

export interface QueueDeps {
  store: JobStore;
  clientFor(connectionId: string): Promise<ApiClient>;
  clock: Clock;
  random?: Random;
  /** Uploads at once (read on every start, so Settings apply without restart). */
  concurrency(): number;
  onChange(jobs: JobRecord[], removed: string[]): void;
  onBatchDone?(batchId: string, jobs: JobRecord[]): void;
  /** A job was saved (once per job): what the service billed for it is in `billedCharacters`, when it said. */
  onSaved?(r: JobRecord): void;
  poll?: PollPolicy;
  /** Longest time a job may stay queued / translating before Verso stops waiting (Retry checks again). */
  deadlines?: { queuedMs: number; translatingMs: number };
  /** Tests: called before each step; a hook that never resolves stops the queue there, as a crash would. */
  beforeStep?(step: QueueStep, r: JobRecord): Promise<void> | void;
  /** Tests: extra headers per job (fault-injection sessions). */
  headersFor?(r: JobRecord): Record<string, string> | undefined;
}

interface Transient {
  secondsRemaining?: number | null;
  bytesReceived?: number;
  retryAt?: number;
}

/** The local engine's wording when a restart lost the key (the spec gives no code for it). */
const LOST_BY_SERVICE = /restarted|no longer read/i;

/** A document failed because its language was not given and could not be detected (the local engine's and DeepL's words). */
const SOURCE_NEEDED = /source language could not be detected|could not detect the source language|with source_lang set|source_lang (is )?(required|missing)/i;
/**
 * The local service's words for a detected language its engine cannot translate into the target ("The document was
 * detected as English (EN), and the local engine cannot translate …": service/documents/service.ts,
 * unavailablePairMessage): the code it names is the language it read. Checked before SOURCE_NEEDED, whose "with
 * source_lang set" the same message also holds: the language was detected, the pair is what is missing.
 */
const PAIR_UNAVAILABLE = /\(([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)?)\), and the local engine cannot translate /;

class Stop extends Error {}

export class DocumentQueue {
  private readonly jobs = new Map<string, JobRecord>();
  private readonly transient = new Map<string, Transient>();
  private readonly running = new Map<string, AbortController>();
  private readonly waiters: (() => void)[] = [];
  private uploading = 0;
  private readonly announced = new Set<string>();
  private readonly poll: PollPolicy;
  private closed = false;

  constructor(private readonly d: QueueDeps) {
    this.poll = d.poll ?? DEFAULT_POLL;
  }

  /** Loads every record and resumes unfinished jobs from their last written state. */
  async start(): Promise<void> {
    for (const r of await this.d.store.loadAll()) {
      this.jobs.set(r.jobId, r);
      // A batch that finished before the restart must not be announced again.
      if (!ACTIVE_JOB_STATES.has(r.state)) continue;
      this.kick(r);
    }
    for (const r of this.jobs.values()) if (this.batchFinished(r.batchId)) this.announced.add(r.batchId);
  }

  list(): JobRecord[] {
    return [...this.jobs.values()];
  }

  get(jobId: string): JobRecord | undefined {
    return this.jobs.get(jobId);
  }

  transientOf(jobId: string): Transient {
    return this.transient.get(jobId) ?? {};
  }

  /** Writes the records first, then starts them: the answer means "on disk". */
  async add(records: JobRecord[]): Promise<void> {
    for (const r of records) {
      await this.d.store.save(r);
      this.jobs.set(r.jobId, r);
    }
    this.d.onChange(records, []);
    for (const r of records) this.kick(r);
  }

  /**
   * Cancels a job. `stopService` (the local engine, Verso's own service): a discarded upload is also forgotten by the
   * service, which stops translating it, so the next files do not wait behind it. Hosted services are never asked
   * (the spec has no such call); a failure to ask changes nothing for the user.
   */
  async cancel(jobId: string, discard: boolean, stopService = false): Promise<JobRecord> {
    const r = this.need(jobId);
    if (!ACTIVE_JOB_STATES.has(r.state)) return r;
    if (r.documentId && !discard) return r; // Already billed: the user keeps the result; nothing to stop.
    this.running.get(jobId)?.abort(new Stop('cancelled'));
    this.running.delete(jobId);
    if (r.documentId) r.discard = true;
    delete r.error;
    await this.setState(r, 'cancelled');
    if (stopService && r.documentId) await this.stopOnService(r, r.documentId);
    return r;
  }

  private async stopOnService(r: JobRecord, documentId: string): Promise<void> {
    try {
      const key = await this.d.store.getKey(r);
      if (key === null) return;
      const headers = this.d.headersFor?.(r);
      await (await this.clientFor(r)).discardDocument(documentId, key, { deadlineMs: 5000, ...(headers && { headers }) });
    } catch {
      // The service is gone or did not know it: either way it is not working on it for us.
    }
  }

  async retry(jobId: string, sourceLang?: string, targetLang?: string): Promise<JobRecord> {
    const r = this.need(jobId);
    if (ACTIVE_JOB_STATES.has(r.state)) return r;
    // A new source language changes what the service translates: the file is sent again with it.
    const newSource = sourceLang !== undefined && sourceLang.toUpperCase() !== r.sourceLang;
    if (newSource) r.sourceLang = sourceLang.toUpperCase();
    // So does a new target (the row offers one when source and target were one language).
    const newTarget = targetLang !== undefined && targetLang.toUpperCase() !== r.targetLang;
    if (newTarget) r.targetLang = targetLang.toUpperCase();
    const needsUpload =
      newSource ||
      newTarget ||
      !r.documentId ||
      r.discard ||
      (r.error && ['source_needed', 'pair_unavailable', 'same_language', 'file_damaged', 'file_encoding', 'translation_failed', 'service_lost', 'key_lost', 'upload_uncertain', 'upload_interrupted', 'file_missing', 'file_changed'].includes(r.error.code));
    if (r.error?.code === 'upload_interrupted') r.reuploadReason = 'interrupted';
    delete r.error;
    delete r.discard;
    if (needsUpload) {
      this.forgetUpload(r);
      await this.setState(r, 'waiting');
    } else {
      await this.setState(r, r.partPath ? 'downloading' : 'queued');
    }
    this.kick(r);
    return r;
  }

  async remove(jobIds: string[]): Promise<void> {
    const removed: string[] = [];
    for (const id of jobIds) {
      const r = this.jobs.get(id);
      if (!r) continue;
      this.running.get(id)?.abort(new Stop('removed'));
      this.running.delete(id);
      this.jobs.delete(id);
      this.transient.delete(id);
      await this.d.store.remove(id);
      if (r.partPath) await unlink(r.partPath).catch(() => undefined);
      removed.push(id);
    }
    this.d.onChange([], removed);
  }

  /** Stops every runner (the app quits); records stay as written, to resume on next start. */
  close(): void {
    this.closed = true;
    for (const c of this.running.values()) c.abort(new Stop('closed'));
    this.running.clear();
    for (const w of this.waiters.splice(0)) w();
  }

  // ----- Runner -----

  private need(jobId: string): JobRecord {
    const r = this.jobs.get(jobId);
    if (!r) throw new ApiError('not_found', 'That document is no longer in the list.');
    return r;
  }

  private kick(r: JobRecord): void {
    if (this.closed || this.running.has(r.jobId)) return;
    const ctl = new AbortController();
    this.running.set(r.jobId, ctl);
    void this.drive(r, ctl.signal)
      .catch(() => undefined)
      .finally(() => {
        if (this.running.get(r.jobId) === ctl) this.running.delete(r.jobId);
      });
  }

  private async drive(r: JobRecord, signal: AbortSignal): Promise<void> {
    // Resume rules: an upload that was under way when Verso stopped has no document id, yet the service may have
    // received it (and billed it). Sending it again on our own could bill it twice: the row says so and waits for
    // the user's "Send again" (retry), as after a connection dropped mid-upload.
    if (r.state === 'uploading' && !r.documentId) {
      await this.fail(r, { code: 'upload_interrupted' });
      return;
    }
    while (!signal.aborted && ACTIVE_JOB_STATES.has(r.state)) {
      try {
        if (r.state === 'waiting') await this.upload(r, signal);
        else if (r.state === 'queued' || r.state === 'translating') await this.pollUntilDone(r, signal);
        else if (r.state === 'downloading') await this.download(r, signal);
        else break;
      } catch (e) {
        if (signal.aborted || e instanceof Stop) return;
        await this.fail(r, errorOf(e, 'http'));
      }
    }
  }

  private async step(s: QueueStep, r: JobRecord, signal: AbortSignal): Promise<void> {
    if (this.d.beforeStep) await this.d.beforeStep(s, r);
    if (signal.aborted) throw new Stop('aborted');
  }

  private async acquireUpload(signal: AbortSignal): Promise<void> {
    while (this.uploading >= Math.max(1, this.d.concurrency())) {
      let onAbort: (() => void) | undefined;
      await new Promise<void>((res) => {
        onAbort = res;
        this.waiters.push(res);
        signal.addEventListener('abort', onAbort, { once: true });
      });
      signal.removeEventListener('abort', onAbort!);
      if (signal.aborted) throw new Stop('aborted');
    }
    this.uploading++;
  }

  private releaseUpload(): void {
    this.uploading--;
    // Every waiter re-checks the limit (one of them may have been cancelled meanwhile).
    for (const w of this.waiters.splice(0)) w();
  }

  private async upload(r: JobRecord, signal: AbortSignal): Promise<void> {
    await this.acquireUpload(signal);
    let released = false;
    try {
      await this.step('upload', r, signal);
      let st;
      try {
        st = await stat(r.sourcePath);
      } catch {
        return this.fail(r, { code: 'file_missing' });
      }
      if (st.size !== r.sizeBytes || Math.abs(st.mtimeMs - r.mtimeMs) > 1) return this.fail(r, { code: 'file_changed' });
      r.uploads++;
      await this.setState(r, 'uploading');
      const client = await this.clientFor(r);
      const blob = await openAsBlob(r.sourcePath);
      const p = r.params;
      let handle;
      try {
        handle = await client.uploadDocument(
          { name: r.fileName, data: blob },
          {
            target_lang: r.targetLang,
            source_lang: r.sourceLang ?? undefined,
            formality: p.formality,
            glossary_ids: p.glossaryIds?.length ? p.glossaryIds : undefined,
            style_id: p.styleId,
            translation_memory_id: p.translationMemoryId,
            translation_memory_threshold: p.translationMemoryThreshold,
            output_format: p.outputFormat,
          },
          this.callOptions(r, signal, 30 * 60_000),
        );
      } catch (e) {
        if (signal.aborted) throw new Stop('aborted');
        const transport = transportFailure(e);
        // Refused / unknown host: the body never left; wait and send again (the queue pauses while offline).
        if (transport === 'refused' || transport === 'dns' || transport === 'dns_transient' || isRetryLater(e)) {
          r.uploads--;
          await this.setState(r, 'waiting');
          await this.waitRetry(r, signal);
          return;
        }
        // A dropped connection mid-upload: the service may hold it. Never resend on our own (it could bill twice).
        if (transport !== undefined || (e instanceof ApiError && e.code === 'timeout')) return this.fail(r, { code: 'upload_uncertain' });
        throw e;
      }
      // The next upload may start now; for this job, the first thing after the answer is the handle on disk.
      this.releaseUpload();
      released = true;
      r.documentId = handle.document_id;
      await this.d.store.putKey(r, handle.document_key);
      this.transient.delete(r.jobId);
      await this.setState(r, 'queued');
      await this.step('uploaded', r, signal);
    } finally {
      if (!released) this.releaseUpload();
    }
  }

  private async pollUntilDone(r: JobRecord, signal: AbortSignal): Promise<void> {
    const key = await this.d.store.getKey(r);
    if (key === null || !r.documentId) return this.fail(r, { code: 'key_lost' });
    const deadlines = this.d.deadlines ?? { queuedMs: 60 * 60_000, translatingMs: 3 * 60 * 60_000 };
    let attempt = 0;
    let stuck = 0;
    // The first status request comes near 1 s after the upload (or the restart): nothing is done sooner.
    await this.sleep(this.poll.initialMs, signal);
    for (;;) {
      await this.step('poll', r, signal);
      const limit = r.state === 'queued' ? deadlines.queuedMs : deadlines.translatingMs;
      if (this.d.clock.now() - r.stateSince > limit) return this.fail(r, { code: 'deadline' });
      let status;
      try {
        // The client is asked for each time: the connection may have changed (the local engine restarted).
        status = await (await this.clientFor(r)).getDocumentStatus(r.documentId, key, this.callOptions(r, signal));
      } catch (e) {
        if (signal.aborted) throw new Stop('aborted');
        if (e instanceof ApiError && e.status === 404) return this.lostByService(r, undefined);
        if (transportFailure(e) !== undefined || isRetryLater(e) || (e instanceof ApiError && e.code === 'timeout')) {
          await this.waitRetry(r, signal);
          continue;
        }
        throw e;
      }
      this.clearRetry(r);
      if (status.status === 'done') {
        if (status.billed_characters !== undefined) r.billedCharacters = status.billed_characters;
        this.transient.delete(r.jobId);
        r.partPath = partPathOf(r);
        delete r.expectedBytes;
        await this.setState(r, 'downloading');
        return;
      }
      if (status.status === 'error') return this.lostByService(r, status.message, status.code);
      const now = this.d.clock.now();
      const sr = status.seconds_remaining;
      stuck = status.status === 'translating' && sr !== undefined && sr <= 1 ? stuck + 1 : 0;
      const t = this.transient.get(r.jobId) ?? {};
      t.secondsRemaining = status.status === 'translating' ? (believable(sr, this.poll) ? sr : null) : undefined;
      this.transient.set(r.jobId, t);
      if (r.state !== status.status) {
        // Queued → translating is shown but not written: a resumed job polls either way (one fsync less per job).
        r.state = status.status;
        r.stateSince = now;
      }
      this.d.onChange([r], []);
      const delay = nextPollDelayMs(attempt++, stuck, status.status === 'translating' ? sr : undefined, this.poll);
      await this.sleep(delay, signal);
    }
  }

  /** The service ended the document in error or forgot it: re-upload once when it lost it, else report. */
  private async lostByService(r: JobRecord, message: string | undefined, code?: string): Promise<void> {
    const lost = message === undefined || LOST_BY_SERVICE.test(message);
    if (lost && !r.autoReuploaded) {
      r.autoReuploaded = true;
      r.reuploadReason = 'service_lost';
      this.forgetUpload(r);
      await this.setState(r, 'waiting');
      return;
    }
    return this.fail(r, lost ? { code: 'service_lost', ...(message !== undefined && { detail: message }) } : serviceFailure(message!, r.sourceLang === null, code));
  }

  private async download(r: JobRecord, signal: AbortSignal): Promise<void> {
    if (r.discard) return this.setState(r, 'cancelled');
    const key = await this.d.store.getKey(r);
    if (key === null || !r.documentId) return this.fail(r, { code: 'key_lost' });
    const name = outputFileName(r.fileName, r.targetLang, r.params.outputFormat);
    // A result whose bytes all arrived before a crash only needs its rename.
    if (r.partPath && r.expectedBytes !== undefined && (await sizeOf(r.partPath)) === r.expectedBytes) {
      return this.finish(r, name, signal);
    }
    try {
      await mkdir(r.outputDir, { recursive: true });
    } catch {
      return this.fail(r, { code: 'write_failed' });
    }
    if (!r.partPath) {
      r.partPath = partPathOf(r);
      await this.d.store.save(r);
    }
    for (let attempt = 0; ; attempt++) {
      await this.step('download', r, signal);
      let res;
      try {
        res = await (await this.clientFor(r)).downloadDocument(r.documentId, key, this.callOptions(r, signal, 30 * 60_000));
      } catch (e) {
        if (signal.aborted) throw new Stop('aborted');
        if (e instanceof ApiError && e.status === 503) {
          // Not ready after all: back to polling instead of spending retries.
          await this.setState(r, 'queued');
          return;
        }
        if (e instanceof ApiError && e.status === 404) return this.fail(r, { code: 'download_failed', detail: e.serviceMessage ?? '' });
        if (transportFailure(e) !== undefined || isRetryLater(e)) {
          await this.waitRetry(r, signal);
          continue;
        }
        throw e;
      }
      const len = Number(res.header('content-length'));
      if (Number.isInteger(len) && len >= 0) {
        r.expectedBytes = len;
        await this.d.store.save(r);
      }
      let fh;
      try {
        fh = await open(r.partPath, 'w', 0o644);
      } catch {
        return this.fail(r, { code: 'write_failed' });
      }
      let received = 0;
      let lastEmit = 0;
      let cut = false;
      try {
        for await (const chunk of res.chunks()) {
          await fh.write(chunk);
          received += chunk.byteLength;
          const now = this.d.clock.now();
          if (now - lastEmit > 250) {
            lastEmit = now;
            this.transient.set(r.jobId, { bytesReceived: received });
            this.d.onChange([r], []);
          }
        }
        await fh.sync();
      } catch (e) {
        if (signal.aborted) {
          await fh.close().catch(() => undefined);
          throw new Stop('aborted');
        }
        if (!(e instanceof TransportError) && !(e instanceof ApiError)) {
          await fh.close().catch(() => undefined);
          return this.fail(r, { code: 'write_failed' });
        }
        cut = true;
      }
      await fh.close().catch(() => undefined);
      if (!cut && (r.expectedBytes === undefined || received === r.expectedBytes)) break;
      // Cut mid-way: the service keeps the document until it was sent completely, so ask again.
      if (attempt >= 5) return this.fail(r, { code: 'download_failed' });
      await this.waitRetry(r, signal);
    }
    await this.step('downloaded', r, signal);
    return this.finish(r, name, signal);
  }

  private async finish(r: JobRecord, name: string, signal: AbortSignal): Promise<void> {
    let placed: string;
    try {
      placed = await placeWithoutOverwrite(r.partPath!, r.outputDir, name);
      await fsyncDir(r.outputDir);
    } catch {
      return this.fail(r, { code: 'write_failed' });
    }
    r.outputPath = placed;
    delete r.partPath;
    delete r.expectedBytes;
    this.transient.delete(r.jobId);
    await this.setState(r, 'saved');
    this.d.onSaved?.(r);
    await this.step('saved', r, signal).catch(() => undefined);
  }

  // ----- Helpers -----

  private async clientFor(r: JobRecord): Promise<ApiClient> {
    return this.d.clientFor(r.connectionId);
  }

  private callOptions(r: JobRecord, signal: AbortSignal, deadlineMs?: number) {
    const headers = this.d.headersFor?.(r);
    return { signal, ...(deadlineMs !== undefined && { deadlineMs }), ...(headers && { headers }) };
  }

  private forgetUpload(r: JobRecord): void {
    delete r.documentId;
    delete r.keyCipher;
    delete r.keyInSession;
    delete r.billedCharacters;
    delete r.partPath;
    delete r.expectedBytes;
  }

  private retryCount = new Map<string, number>();

  /** Waits with back-off before trying again; the row shows "retrying in N s". */
  private async waitRetry(r: JobRecord, signal: AbortSignal): Promise<void> {
    const n = (this.retryCount.get(r.jobId) ?? 0) + 1;
    this.retryCount.set(r.jobId, n);
    const base = Math.min(60_000, 1000 * 2 ** Math.min(n - 1, 6));
    const delay = base * (0.8 + 0.4 * (this.d.random ?? Math.random)());
    this.transient.set(r.jobId, { ...this.transient.get(r.jobId), retryAt: Date.now() + delay });
    this.d.onChange([r], []);
    await this.sleep(delay, signal);
  }

  private clearRetry(r: JobRecord): void {
    this.retryCount.delete(r.jobId);
    const t = this.transient.get(r.jobId);
    if (t?.retryAt !== undefined) delete t.retryAt;
  }

  private async sleep(ms: number, signal: AbortSignal): Promise<void> {
    try {
      await this.d.clock.sleep(ms, signal);
    } catch {
      throw new Stop('aborted');
    }
  }

  private async setState(r: JobRecord, state: JobRecord['state']): Promise<void> {
    if (r.state !== state) r.stateSince = this.d.clock.now();
    r.state = state;
    r.updatedAt = new Date().toISOString();
    await this.d.store.save(r);
    this.d.onChange([r], []);
    if (!ACTIVE_JOB_STATES.has(state)) this.maybeBatchDone(r.batchId);
  }

  private async fail(r: JobRecord, error: DocumentJobError): Promise<void> {
    r.error = error;
    this.transient.delete(r.jobId);
    await this.setState(r, 'error');
  }

  private batchFinished(batchId: string): boolean {
    for (const j of this.jobs.values()) if (j.batchId === batchId && ACTIVE_JOB_STATES.has(j.state)) return false;
    return true;
  }

  private maybeBatchDone(batchId: string): void {
    if (this.announced.has(batchId) || !this.batchFinished(batchId)) return;
    this.announced.add(batchId);
    this.d.onBatchDone?.(batchId, [...this.jobs.values()].filter((j) => j.batchId === batchId));
  }
}

/** The temp file a result is streamed into: hidden, in the output folder (so the final rename stays on one disk). */
function partPathOf(r: JobRecord): string {
  return join(r.outputDir, `.${outputFileName(r.fileName, r.targetLang, r.params.outputFormat)}.${r.jobId.slice(0, 8)}.verso-part`);
}

async function sizeOf(p: string): Promise<number | undefined> {
  try {
    return (await stat(p)).size;
  } catch {
    return undefined;
  }
}

function transportFailure(e: unknown): string | undefined {
  if (e instanceof TransportError) return e.failure;
  if (e instanceof ApiError && e.code === 'network') {
    const cause = (e as { cause?: unknown }).cause;
    return cause instanceof TransportError ? cause.failure : 'other';
  }
  return undefined;
}

/** The local service's machine-readable reasons of a document error (its status `code`), as the row's codes. */
const SERVICE_CODES: Record<string, DocumentJobError['code']> = {
  same_language: 'same_language',
  file_damaged: 'file_damaged',
  file_encoding: 'file_encoding',
};

/**
 * A document the service ended in error. Verso's local service adds a machine-readable `code` (service/documents/
 * service.ts, documentErrorCode): equal languages (the row offers another target), a defect of the file (the row
 * says what to do with the file, and offers no Retry that must fail again). A hosted service sends only a message:
 * a language the connection cannot translate into the target (the row says which and, when it was detected, offers
 * the document's real language); no language found for a document sent without one (`detected`: the row offers a
 * source language); else the service's words as they are.
 */
export function serviceFailure(message: string, detected: boolean, code?: string): DocumentJobError {
  const known = code !== undefined ? SERVICE_CODES[code] : undefined;
  if (known) return { code: known, detail: message };
  const pair = PAIR_UNAVAILABLE.exec(message);
  if (pair) return { code: 'pair_unavailable', detail: message, ...(detected && { lang: pair[1]!.toUpperCase() }) };
  return { code: detected && SOURCE_NEEDED.test(message) ? 'source_needed' : 'translation_failed', detail: message };
}

/** 429/529/5xx still failing after the client's own retries: the service answered, so waiting longer is safe. */
function isRetryLater(e: unknown): boolean {
  return e instanceof ApiError && (e.code === 'rate_limited' || e.code === 'service_unavailable');
}

export function errorOf(e: unknown, fallback: DocumentJobError['code']): DocumentJobError {
  if (e instanceof ApiError) {
    // A pair the connection does not translate, refused at upload (the local service's `unsupported_language_pair`).
    const code = e.code === 'no_connection' ? 'no_connection' : e.serviceCode === 'unsupported_language_pair' ? 'pair_unavailable' : fallback;
    const out: DocumentJobError = { code, ipcCode: e.code };
    if (e.status !== undefined) out.status = e.status;
    if (e.serviceMessage !== undefined) out.detail = e.serviceMessage;
    if (e.usage !== undefined) out.usage = e.usage;
    return out;
  }
  return { code: fallback, ipcCode: 'internal' };
}

export function newJobId(): string {
  return randomUUID();
}

/** The contract's view of a record: no key, no document id. */
export function jobView(r: JobRecord, t: Transient): DocumentJobView {
  const v: DocumentJobView = {
    jobId: r.jobId,
    batchId: r.batchId,
    fileName: r.fileName,
    sourcePath: r.sourcePath,
    sizeBytes: r.sizeBytes,
    sourceLang: r.sourceLang,
    targetLang: r.targetLang,
    outputFormat: r.params.outputFormat ?? null,
    state: r.state,
    estimatedCharacters: r.estimatedCharacters,
    uploaded: r.documentId !== undefined,
    uploads: r.uploads,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    connectionId: r.connectionId,
  };
  if (t.secondsRemaining !== undefined) v.secondsRemaining = t.secondsRemaining;
  if (t.bytesReceived !== undefined) v.bytesReceived = t.bytesReceived;
  if (t.retryAt !== undefined) v.retryAt = t.retryAt;
  if (r.billedCharacters !== undefined) v.billedCharacters = r.billedCharacters;
  if (r.outputPath !== undefined) v.outputPath = r.outputPath;
  if (r.error !== undefined) v.error = r.error;
  if (r.reuploadReason !== undefined) v.reuploadReason = r.reuploadReason;
  return v;
}
