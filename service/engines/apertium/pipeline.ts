/**
 * One long-lived Apertium null-flush pipeline (service process): the chain of stage processes of one mode,
 * spawned once and reused for many requests, as APy does.
 *
 * Every stage is a direct child of this Node process, wired stdout→stdin by file descriptor (never through JS),
 * so Node reaps every stage when it exits: killing a `sh -c` group instead leaves zombies where PID 1 does not
 * reap orphans (measured on this machine).
 *
 * Requests wait in a FIFO queue and one exchange is in flight at a time. An exchange writes frames, each
 * followed by NUL, then a nonce frame; the stages flush at every NUL, so the answer is the frames read before
 * the nonce comes back. Requests that queued up while an exchange ran go together in the next one (in order),
 * so concurrent small requests share one pass through the chain instead of waiting for each other's drain.
 * An exchange that does not answer in time kills the chain; a chain that crashed, timed out or served
 * `maxUses` exchanges is replaced by a fresh one on the next request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export class PipelineError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'crash' | 'framing' | 'closed' | 'aborted',
  ) {
    super(message);
    this.name = 'PipelineError';
  }
}

export interface PipelineOptions {
  /** Mode name, for messages. */
  mode: string;
  /** argv of every stage, in order. */
  stages: string[][];
  /** A chain is replaced after this many exchanges (APy's `-r`; long runs leak in some stages). */
  maxUses: number;
  /** A chain idle this long is ended; the next request starts a new one. 0 keeps it forever. */
  idleMs: number;
  /** Time an exchange may take: base plus an allowance per 1000 characters written. */
  timeoutMs: number;
  timeoutPerKiloCharMs: number;
  env?: NodeJS.ProcessEnv;
}

interface Chain {
  children: ChildProcess[];
  /** Output bytes of the last stage not yet split into frames. */
  pending: Buffer[];
  frames: string[];
  /** Called when a frame arrives or the chain dies. */
  wake?: () => void;
  dead?: string;
  uses: number;
  stderr: string;
  ending: boolean;
}

const STDERR_KEEP = 2000;
/** Budget of one exchange when queued requests are grouped. */
const GROUP_MAX_REQUESTS = 64;
const GROUP_MAX_CHARS = 256 * 1024;

interface Job {
  frames: string[];
  timeoutMs: number | undefined;
  settled: boolean;
  resolve(out: string[]): void;
  reject(err: unknown): void;
  cleanup?: () => void;
}

function settle(job: Job, err: unknown, out?: string[]): void {
  if (job.settled) return;
  job.settled = true;
  job.cleanup?.();
  if (out) job.resolve(out);
  else job.reject(err);
}

export class Pipeline {
  private chain: Chain | undefined;
  private readonly waiting: Job[] = [];
  private busy = false;
  private closed = false;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Every chain with a stage not yet exited (current, retiring or killed), so close() can wait for them. */
  private readonly live = new Set<Chain>();
  /** Chains started over the pipeline's life (restarts show as growth). */
  starts = 0;

  constructor(private readonly options: PipelineOptions) {}

  get mode(): string {
    return this.options.mode;
  }

  /** Process ids of the running chain (diagnostics and tests). */
  pids(): number[] {
    return this.chain && !this.chain.dead ? this.chain.children.flatMap((c) => (c.pid ? [c.pid] : [])) : [];
  }

  /**
   * Sends frames (no NUL inside) and resolves with one output frame per input frame, in order. Queued FIFO
   * behind earlier requests. `timeoutMs` replaces the size-based time limit (used for cold warm-up runs).
   */
  run(frames: string[], options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<string[]> {
    const { signal } = options;
    return new Promise<string[]>((resolve, reject) => {
      const job: Job = { frames, timeoutMs: options.timeoutMs, settled: false, resolve, reject };
      if (signal) {
        // A cancelled caller gets its answer at once; a request already in flight finishes and is discarded,
        // which keeps the framing of the chain intact.
        const onAbort = (): void => {
          const at = this.waiting.indexOf(job);
          if (at >= 0) this.waiting.splice(at, 1);
          settle(job, new PipelineError('The request was cancelled.', 'aborted'));
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        job.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
      this.waiting.push(job);
      this.pump();
    });
  }

  /** Starts the next exchange with every request waiting (up to a size budget), if none is in flight. */
  private pump(): void {
    if (this.busy || this.waiting.length === 0) return;
    const group: Job[] = [];
    let chars = 0;
    while (this.waiting.length > 0) {
      const next = this.waiting[0];
      if (!next) break;
      const size = next.frames.reduce((n, f) => n + f.length, 0);
      if (group.length > 0 && (group.length >= GROUP_MAX_REQUESTS || chars + size > GROUP_MAX_CHARS)) break;
      this.waiting.shift();
      group.push(next);
      chars += size;
    }
    const overrides = group.flatMap((j) => (j.timeoutMs === undefined ? [] : [j.timeoutMs]));
    const computed = this.options.timeoutMs + Math.ceil((chars / 1000) * this.options.timeoutPerKiloCharMs);
    const timeoutMs = Math.max(computed, ...overrides);
    this.busy = true;
    this.exchange(
      group.flatMap((j) => j.frames),
      timeoutMs,
    )
      .then(
        (out) => {
          let at = 0;
          for (const j of group) {
            settle(j, undefined, out.slice(at, at + j.frames.length));
            at += j.frames.length;
          }
        },
        (err: unknown) => {
          for (const j of group) settle(j, err);
        },
      )
      .finally(() => {
        this.busy = false;
        this.pump();
      });
  }

  private start(): Chain {
    const { stages, env } = this.options;
    const chain: Chain = { children: [], pending: [], frames: [], uses: 0, stderr: '', ending: false };
    let previous: ChildProcess | undefined;
    for (const [i, argv] of stages.entries()) {
      const [cmd, ...args] = argv;
      if (!cmd) throw new Error(`Apertium mode ${this.options.mode} has an empty stage.`);
      const child: ChildProcess = spawn(cmd, args, {
        stdio: [previous?.stdout ?? 'pipe', 'pipe', 'pipe'],
        env,
      });
      // The previous stage's stdout now belongs to this child; the parent's copy is closed before any byte
      // can flow (nothing is written until the whole chain exists), so no output is read by JS by mistake.
      previous?.stdout?.destroy();
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (d: string) => {
        chain.stderr = (chain.stderr + d).slice(-STDERR_KEEP);
      });
      child.on('error', (err) => this.die(chain, `${cmd} could not start: ${err.message}`));
      child.on('exit', (code, sig) => {
        if (!chain.ending) this.die(chain, `stage ${i + 1} (${cmd}) exited (${sig ?? `code ${code}`})`);
      });
      chain.children.push(child);
      previous = child;
    }
    const first = chain.children[0];
    first?.stdin?.on('error', (err) =>
      this.die(chain, `writing to ${this.options.mode} failed: ${err.message}`),
    );
    const last = chain.children[chain.children.length - 1];
    last?.stdout?.on('data', (chunk: Buffer) => this.collect(chain, chunk));
    this.live.add(chain);
    void Promise.all(chain.children.map((c) => exited(c))).then(() => this.live.delete(chain));
    this.starts++;
    return chain;
  }

  private collect(chain: Chain, chunk: Buffer): void {
    let from = 0;
    let nul = chunk.indexOf(0, from);
    if (nul < 0) {
      chain.pending.push(chunk);
      return;
    }
    while (nul >= 0) {
      chain.pending.push(chunk.subarray(from, nul));
      chain.frames.push(Buffer.concat(chain.pending).toString('utf8'));
      chain.pending = [];
      from = nul + 1;
      nul = chunk.indexOf(0, from);
    }
    if (from < chunk.length) chain.pending.push(chunk.subarray(from));
    chain.wake?.();
  }

  private die(chain: Chain, reason: string): void {
    if (chain.dead) return;
    chain.dead = reason;
    this.kill(chain);
    if (this.chain === chain) this.chain = undefined;
    chain.wake?.();
  }

  private kill(chain: Chain): void {
    chain.ending = true;
    for (const c of chain.children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }

  /** Ends a chain by closing its input: every stage finishes and exits by itself. */
  private retire(chain: Chain): void {
    chain.ending = true;
    if (this.chain === chain) this.chain = undefined;
    chain.children[0]?.stdin?.end();
    // A stage that ignores EOF is killed after a grace period.
    const t = setTimeout(() => this.kill(chain), 5000);
    t.unref();
    const last = chain.children[chain.children.length - 1];
    last?.once('exit', () => clearTimeout(t));
  }

  private async exchange(frames: string[], timeoutMs: number): Promise<string[]> {
    if (this.closed) throw new PipelineError(`The ${this.options.mode} pipeline is closed.`, 'closed');
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const chain = this.chain ?? (this.chain = this.start());
    chain.frames = [];
    const nonce = `verso-end-${randomBytes(8).toString('hex')}`;
    // The nonce frame is a superblank: every stage passes it through untouched.
    const payload = frames.map((f) => `${f}\0`).join('') + `[${nonce}]\0`;
    chain.children[0]?.stdin?.write(payload);
    try {
      const out = await this.await(chain, nonce, timeoutMs);
      if (out.length !== frames.length) {
        this.die(chain, 'framing lost');
        throw new PipelineError(
          `Apertium ${this.options.mode} answered ${out.length} parts for ${frames.length}; the pipeline was restarted.`,
          'framing',
        );
      }
      chain.uses++;
      if (chain.uses >= this.options.maxUses) this.retire(chain);
      return out;
    } finally {
      chain.wake = undefined;
      this.armIdle();
    }
  }

  private await(chain: Chain, nonce: string, timeoutMs: number): Promise<string[]> {
    return new Promise<string[]>((resolve, reject) => {
      // A failed request is reported only once every stage of its chain has exited, so the next request
      // starts on a clean slate and no killed stage is still around.
      const fail = (err: PipelineError): void => {
        chain.wake = undefined;
        clearTimeout(timer);
        void Promise.all(chain.children.map((c) => exited(c))).then(() => reject(err));
      };
      const timer = setTimeout(() => {
        chain.wake = undefined;
        this.die(chain, 'timed out');
        fail(
          new PipelineError(
            `Apertium ${this.options.mode} did not answer within ${timeoutMs} ms; the pipeline was restarted.`,
            'timeout',
          ),
        );
      }, timeoutMs);
      const check = (): void => {
        const at = chain.frames.findIndex((f) => f.includes(nonce));
        if (at >= 0) {
          clearTimeout(timer);
          resolve(chain.frames.slice(0, at));
          chain.frames = chain.frames.slice(at + 1);
          return;
        }
        if (chain.dead) {
          const detail = chain.stderr.trim().split('\n').slice(-3).join(' / ');
          fail(
            new PipelineError(
              `Apertium ${this.options.mode} failed: ${chain.dead}${detail ? ` (${detail})` : ''}.`,
              'crash',
            ),
          );
        }
      };
      chain.wake = check;
      check();
    });
  }

  private armIdle(): void {
    if (!this.options.idleMs) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.chain) this.retire(this.chain);
    }, this.options.idleMs);
    this.idleTimer.unref();
  }

  /** Kills the chain now (used by tests and after a timeout). The next request starts a new one. */
  restart(): void {
    if (this.chain) this.die(this.chain, 'restarted');
  }

  /** Ends every chain and waits until each of their stages has exited (no process left behind). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    for (const job of this.waiting.splice(0)) {
      settle(job, new PipelineError(`The ${this.options.mode} pipeline is closed.`, 'closed'));
    }
    if (this.chain) this.retire(this.chain);
    const chains = [...this.live];
    // Closing must not take long: stages still busy after a short grace period are killed.
    const force = setTimeout(() => chains.forEach((c) => this.kill(c)), 1500);
    await Promise.all(chains.flatMap((c) => c.children.map((child) => exited(child))));
    clearTimeout(force);
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    // A stage that failed to spawn has no pid and may never emit 'exit'.
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) resolve();
    else {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    }
  });
}
