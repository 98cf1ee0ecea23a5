/**
 * Renderer: the batch being prepared on the Documents screen (checked files and the batch's options), in a zustand
 * store rather than the screen's own state, so leaving the screen (to edit a glossary with "Edit…", or anywhere
 * else) and coming back finds the batch as it was. Main keeps a copy (`keepBatch`), so a reload or a restart finds it
 * too. Sent batches are cleared; nothing here is secret.
 */
import { create } from 'zustand';
import type { DocumentBatchDraft, FileCheck, RestoredBatch } from '../../../shared/ipc/contract-documents.js';

export interface Pending {
  files: FileCheck[];
  skipped: number;
  /**
   * True once the batch was sent: `files` are the ones left out of it (each with its problem), listed as not sent until
   * the user removes or dismisses them; files added next join them in a new batch.
   */
  leftOver?: boolean;
}

export interface BatchFields {
  pending: Pending | null;
  targetLangs: string[];
  sourceLang: string;
  formality: string;
  glossaryIds: string[];
  styleId: string;
  tmId: string;
  tmThreshold: number;
  pdfToDocx: boolean;
  outputDir: string;
  overQuotaOk: boolean;
  /** The languages ticked for this batch from the last one sent on the connection (after a restart), said in a note. */
  targetsFromLast: string[];
  /** The batch is the one prepared last time (before a reload or restart), given back by main: a note says so. */
  restored: boolean;
}

const INITIAL: BatchFields = {
  pending: null,
  targetLangs: [],
  sourceLang: '',
  formality: 'default',
  glossaryIds: [],
  styleId: '',
  tmId: '',
  tmThreshold: 75,
  pdfToDocx: false,
  outputDir: '',
  overQuotaOk: false,
  targetsFromLast: [],
  restored: false,
};

export const useBatchStore = create<BatchFields>(() => ({ ...INITIAL }));

export function resetBatchStore(): void {
  stopKeeping();
  useBatchStore.setState({ ...INITIAL }, true);
}

type Update<T> = T | ((cur: T) => T);

const setters = new Map<keyof BatchFields, (v: never) => void>();

/** One setter per field for the app's life, so it is as stable as `useState`'s (safe in hook dependencies). */
function setterOf<K extends keyof BatchFields>(key: K): (v: Update<BatchFields[K]>) => void {
  let set = setters.get(key) as ((v: Update<BatchFields[K]>) => void) | undefined;
  if (!set) {
    set = (v) =>
      useBatchStore.setState((s) => ({ [key]: typeof v === 'function' ? (v as (cur: BatchFields[K]) => BatchFields[K])(s[key]) : v }) as Partial<BatchFields>);
    setters.set(key, set);
  }
  return set;
}

/** A field of the batch as `[value, setter]`, like `useState` (the setter takes a value or an updater). */
export function useBatchField<K extends keyof BatchFields>(key: K): [BatchFields[K], (v: Update<BatchFields[K]>) => void] {
  return [useBatchStore((s) => s[key]), setterOf(key)];
}

/** A glossary was saved (recreated under a new id): the batch's choice follows it. */
export function followGlossaryInBatch(oldId: string, newId: string): void {
  const ids = useBatchStore.getState().glossaryIds;
  if (ids.includes(oldId)) useBatchStore.setState({ glossaryIds: ids.map((x) => (x === oldId ? newId : x)) });
}

/** What main keeps of the batch: null when there is none to come back to (none yet, emptied, or sent). */
export function draftOf(s: BatchFields): DocumentBatchDraft | null {
  if (!s.pending || s.pending.leftOver || s.pending.files.length === 0) return null;
  return {
    paths: s.pending.files.map((x) => x.path),
    skipped: s.pending.skipped,
    targetLangs: s.targetLangs,
    sourceLang: s.sourceLang,
    formality: s.formality as DocumentBatchDraft['formality'],
    glossaryIds: s.glossaryIds,
    styleId: s.styleId,
    tmId: s.tmId,
    tmThreshold: s.tmThreshold,
    pdfToDocx: s.pdfToDocx,
    outputDir: s.outputDir,
    targetsFromLast: s.targetsFromLast,
  };
}

export interface BatchKeeper {
  /** The batch kept last time, its files checked again (documents.batchDraft). */
  load(): Promise<RestoredBatch | null>;
  save(draft: DocumentBatchDraft | null): Promise<unknown>;
}

/** Changes are written this long after the last one (typing a folder name); a forgotten batch at once. */
const SAVE_DELAY_MS = 300;

let keeping: { stop: () => void } | null = null;

function stopKeeping(): void {
  keeping?.stop();
  keeping = null;
}

/**
 * Once per renderer (the Documents screen opens): brings back the batch main kept, then writes every change of it
 * to main. Nothing is written before the kept batch is read, so an empty screen never erases it.
 */
export function keepBatch(io: BatchKeeper): void {
  if (keeping) return;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe = () => {};
  keeping = {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
    },
  };
  const kept = (d: DocumentBatchDraft | null) => JSON.stringify(d);
  const start = (onDisk: string) => {
    let last = onDisk;
    const sync = (s: BatchFields) => {
      const draft = draftOf(s);
      const now = kept(draft);
      if (now === last) return;
      last = now;
      clearTimeout(timer);
      const write = () => void io.save(draft).catch(() => undefined);
      // A sent or emptied batch is forgotten at once: a reload right after must not bring it back.
      if (draft === null) write();
      else timer = setTimeout(write, SAVE_DELAY_MS);
    };
    unsubscribe = useBatchStore.subscribe(sync);
    sync(useBatchStore.getState());
  };
  io.load().then(
    (r) => {
      if (stopped) return;
      const cur = useBatchStore.getState();
      if (!r || r.files.length === 0) return start(kept(null));
      const { files, skipped, ...options } = r;
      if (!cur.pending) {
        useBatchStore.setState({ ...options, pending: { files, skipped }, restored: true });
        return start(kept(draftOf(useBatchStore.getState())));
      }
      // Files were added meanwhile (a drop that opened the screen): they join the kept batch, as files added next do.
      const added = new Set(cur.pending.files.map((x) => x.path));
      useBatchStore.setState({
        ...options,
        pending: { files: [...files.filter((x) => !added.has(x.path)), ...cur.pending.files], skipped: skipped + cur.pending.skipped },
        restored: true,
      });
      start('');
    },
    // Main could not say: the batch on screen is written from its next change on.
    () => {
      if (!stopped) start(kept(draftOf(useBatchStore.getState())));
    },
  );
}
