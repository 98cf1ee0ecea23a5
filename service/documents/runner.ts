/**
 * A small pool of document worker threads (service process, main thread). Workers stay warm between tasks,
 * because loading the format libraries (PDF, office, OCR) costs seconds per thread; a task that overruns its time
 * limit, is cancelled, runs out of its heap cap or crashes takes its thread down with it (`terminate()` frees
 * everything it held) and a fresh thread replaces it on demand. Threads are also recycled after a number of
 * tasks so that slow leaks in a format library cannot accumulate.
 *
 * Hand-written rather than piscina: tasks talk back to the main thread mid-run (every batch of units goes to the
 * engines there), and on Node 20 a worker cannot load TypeScript through `--import` in its execArgv, so workers
 * start from a bootstrap that registers tsx's loader first; both fit in a few lines here.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker, WorkerTask } from './worker-protocol.js';

export interface RunOptions {
  timeoutMs: number;
  /** Called for each batch of units the handler wants translated; a rejection fails the task with its message. */
  onTranslate?: (units: string[]) => Promise<string[]>;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface RunResult {
  characters: number;
  outputExtension?: string;
  /** Text sample of a `sample` task. */
  sample?: string;
}

/** A failed task; the message is meant for the user (it becomes the document's error message). */
export class TaskError extends Error {
  constructor(
    message: string,
    readonly kind: 'format' | 'timeout' | 'memory' | 'crash' | 'translate' | 'aborted',
  ) {
    super(message);
  }
}

const workerUrl = new URL(`./worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/** The ESM entry of tsx's loader API (its CommonJS entry cannot be imported from an ESM worker). */
function tsxLoaderUrl(): string {
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  return pathToFileURL(cjs.replace(/\.cjs$/, '.mjs')).href;
}

interface PooledWorker {
  worker: Worker;
  tasks: number;
  dead: boolean;
  /** Ends a surplus idle thread (each warm thread holds the format libraries, some hundred MB). */
  reaper?: NodeJS.Timeout;
  /** Listener of the task currently running on it. */
  onMessage?: (m: FromWorker) => void;
  onFailure?: (e: Error & { code?: string }) => void;
}

const RECYCLE_AFTER_TASKS = 50;
/** Idle threads beyond the first are ended after this long. */
const SURPLUS_IDLE_MS = 30_000;

export interface PoolOptions {
  size: number;
  /** Heap cap of each worker (old generation), in MB. */
  maxHeapMb: number;
}

export class WorkerPool {
  private readonly idle: PooledWorker[] = [];
  private readonly all = new Set<PooledWorker>();
  private readonly waiting: ((w: PooledWorker) => void)[] = [];
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  /** Starts one thread ahead of need, so the first document does not wait for the format libraries to load. */
  warm(): void {
    if (this.all.size === 0 && !this.closed) this.idle.push(this.spawn());
  }

  private spawn(): PooledWorker {
    // A small young generation: documents stream through in chunks, and a large nursery only inflates the RSS.
    const resourceLimits = { maxOldGenerationSizeMb: this.options.maxHeapMb, maxYoungGenerationSizeMb: 8 };
    let worker: Worker;
    if (workerUrl.pathname.endsWith('.ts')) {
      // Running from TypeScript sources (tsx, vitest): register tsx's loader in the thread first.
      const boot =
        `import(${JSON.stringify(tsxLoaderUrl())}).then((m) => { m.register(); ` +
        `return import(${JSON.stringify(workerUrl.href)}); });`;
      worker = new Worker(boot, { eval: true, resourceLimits });
    } else {
      worker = new Worker(workerUrl, { resourceLimits });
    }
    const pw: PooledWorker = { worker, tasks: 0, dead: false };
    worker.on('message', (m: FromWorker) => pw.onMessage?.(m));
    worker.on('error', (e) => {
      pw.dead = true;
      pw.onFailure?.(e);
    });
    worker.on('exit', (code) => {
      pw.dead = true;
      this.all.delete(pw);
      const i = this.idle.indexOf(pw);
      if (i >= 0) this.idle.splice(i, 1);
      pw.onFailure?.(Object.assign(new Error(`the document worker stopped (exit code ${code})`), { code: 'EXIT' }));
    });
    // An idle pool must not keep the process alive.
    worker.unref();
    this.all.add(pw);
    return pw;
  }

  private acquire(): Promise<PooledWorker> {
    while (this.idle.length > 0) {
      const w = this.idle.pop()!;
      clearTimeout(w.reaper);
      if (!w.dead) return Promise.resolve(w);
    }
    if (this.all.size < this.options.size) return Promise.resolve(this.spawn());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private giveBack(pw: PooledWorker, healthy: boolean): void {
    pw.onMessage = undefined;
    pw.onFailure = undefined;
    if (!healthy || pw.dead || pw.tasks >= RECYCLE_AFTER_TASKS || this.closed) {
      pw.dead = true;
      this.all.delete(pw);
      void pw.worker.terminate();
    } else {
      this.idle.push(pw);
      if (this.idle.length > 1) {
        pw.reaper = setTimeout(() => {
          const i = this.idle.indexOf(pw);
          if (i < 0 || this.idle.length <= 1) return;
          this.idle.splice(i, 1);
          pw.dead = true;
          this.all.delete(pw);
          void pw.worker.terminate();
        }, SURPLUS_IDLE_MS);
        pw.reaper.unref();
      }
    }
    const next = this.waiting.shift();
    if (next) void this.acquire().then(next);
  }

  run(task: WorkerTask, opts: RunOptions): Promise<RunResult> {
    if (this.closed) return Promise.reject(new TaskError('The local service is shutting down.', 'aborted'));
    return this.acquire().then(
      (pw) =>
        new Promise<RunResult>((resolve, reject) => {
          pw.tasks++;
          let settled = false;
          const finish = (err: TaskError | undefined, result?: RunResult) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            opts.signal?.removeEventListener('abort', onAbort);
            // Any failure may have left the thread in a bad state (half-parsed bomb, pending callbacks): replace it.
            this.giveBack(pw, err === undefined);
            if (err) reject(err);
            else resolve(result!);
          };
          const timer = setTimeout(() => {
            finish(
              new TaskError(
                `Processing the document took longer than the ${Math.round(opts.timeoutMs / 1000)} s the local service allows per document; ` +
                  'split it into smaller documents and upload them again.',
                'timeout',
              ),
            );
          }, opts.timeoutMs);
          const onAbort = () => finish(new TaskError('The document task was cancelled.', 'aborted'));
          if (opts.signal?.aborted) return onAbort();
          opts.signal?.addEventListener('abort', onAbort, { once: true });

          pw.onFailure = (e) => {
            if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') {
              finish(
                new TaskError(
                  'The document needs more memory than the local service allows per document (it may be a compression bomb, or far too large); ' +
                    'split it into smaller documents and upload them again.',
                  'memory',
                ),
              );
              return;
            }
            finish(
              new TaskError(
                `The local service could not process this document (${e.message}). Check that the file opens, then upload it again.`,
                'crash',
              ),
            );
          };
          pw.onMessage = (m) => {
            switch (m.type) {
              case 'ready':
                return;
              case 'translate': {
                const reply = (msg: ToWorker) => {
                  if (!settled) pw.worker.postMessage(msg);
                };
                if (!opts.onTranslate) {
                  reply({ type: 'translate-failed', seq: m.seq, message: 'translation is not available in this task' });
                  return;
                }
                opts.onTranslate(m.units).then(
                  (units) => reply({ type: 'translated', seq: m.seq, units }),
                  (e: Error) => {
                    // The engine's failure is the task's failure, whatever the handler does with the rejection.
                    finish(new TaskError(e.message, 'translate'));
                  },
                );
                return;
              }
              case 'progress':
                opts.onProgress?.(m.fraction);
                return;
              case 'done':
                finish(undefined, { characters: m.characters, outputExtension: m.outputExtension, sample: m.sample });
                return;
              case 'failed':
                finish(
                  new TaskError(
                    m.formatError
                      ? m.message
                      : `The local service could not process this document (${m.message}). Check that the file opens, then upload it again.`,
                    m.formatError ? 'format' : 'crash',
                  ),
                );
                return;
            }
          };
          const msg: ToWorker = { type: 'task', task };
          pw.worker.postMessage(msg);
        }),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pw of this.all) clearTimeout(pw.reaper);
    await Promise.all([...this.all].map((pw) => pw.worker.terminate()));
    this.all.clear();
    this.idle.length = 0;
  }
}
