/**
 * "Copy twice to translate" (main process, plain Node): two copies within half a second mean "translate this".
 * Copies come from a `CopySignal` (the Electron adapter polls the clipboard, see adapters/electron-clipboard-watch.ts);
 * signals closer together than `mergeMs` are one copy (an OS may bump its change count several times per copy).
 */
import { COPY_TWICE_WINDOW_MS } from '../../../shared/ipc/contract-desktop.js';
import type { ClipboardTextReader, CopySignal } from './desktop-ports.js';

export interface CopyTwiceOptions {
  signal: CopySignal;
  clipboard: ClipboardTextReader;
  /** Called with the copied text on a double copy (never with empty or whitespace-only text). */
  onDoubleCopy: (text: string) => void;
  windowMs?: number;
  mergeMs?: number;
}

export class CopyTwiceDetector {
  private stop: (() => void) | undefined;
  private lastCopyAt: number | undefined;
  private lastSignalAt: number | undefined;

  constructor(private readonly o: CopyTwiceOptions) {}

  get watching(): boolean {
    return this.stop !== undefined;
  }

  setEnabled(on: boolean): void {
    if (on && !this.stop) {
      this.lastCopyAt = undefined;
      this.lastSignalAt = undefined;
      this.stop = this.o.signal.watch((at) => this.onSignal(at));
    } else if (!on && this.stop) {
      this.stop();
      this.stop = undefined;
    }
  }

  private onSignal(at: number): void {
    const merge = this.o.mergeMs ?? 40;
    const prevSignal = this.lastSignalAt;
    this.lastSignalAt = at;
    if (prevSignal !== undefined && at - prevSignal < merge) return;
    const prev = this.lastCopyAt;
    if (prev !== undefined && at - prev <= (this.o.windowMs ?? COPY_TWICE_WINDOW_MS)) {
      // A third quick copy starts a new pair rather than translating again.
      this.lastCopyAt = undefined;
      void this.o.clipboard
        .readText()
        .then((text) => {
          if (text.trim()) this.o.onDoubleCopy(text);
        })
        .catch(() => undefined);
      return;
    }
    this.lastCopyAt = at;
  }
}

export interface PollingOptions {
  /** A cheap summary of the clipboard that changes when something new is copied. */
  fingerprint: () => Promise<string>;
  intervalMs?: number;
  /** Monotonic ms (injected in tests). */
  now?: () => number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

/** A `CopySignal` that polls a fingerprint of the clipboard (no OS change count: `everyCopy` is false). */
export function pollingCopySignal(o: PollingOptions): CopySignal {
  const now = o.now ?? (() => performance.now());
  const set = o.setInterval ?? ((fn, ms) => setInterval(fn, ms));
  const clear = o.clearInterval ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>));
  return {
    everyCopy: false,
    watch(onCopy) {
      // What is on the clipboard when watching starts is not a copy.
      let last: string | undefined;
      let busy = false;
      let stopped = false;
      const poll = async (first: boolean) => {
        if (busy) return; // a slow read (large clipboard) is not stacked up
        busy = true;
        try {
          const next = await o.fingerprint();
          if (stopped) return;
          if (!first && last !== undefined && next !== last) onCopy(now());
          last = next;
        } catch {
          // An unreadable clipboard (another app holds it open) is tried again on the next tick.
        } finally {
          busy = false;
        }
      };
      void poll(true);
      const handle = set(() => void poll(false), o.intervalMs ?? 100);
      (handle as { unref?: () => void } | undefined)?.unref?.();
      return () => {
        stopped = true;
        clear(handle);
      };
    },
  };
}
