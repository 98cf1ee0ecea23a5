/**
 * Renderer: the batch being prepared on the Documents screen (checked files and the batch's options), in a zustand
 * store rather than the screen's own state, so leaving the screen (to edit a glossary with "Edit…", or anywhere
 * else) and coming back finds the batch as it was. Sent batches are cleared; nothing here is secret.
 */
import { create } from 'zustand';
import type { FileCheck } from '../../../shared/ipc/contract-documents.js';

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
};

export const useBatchStore = create<BatchFields>(() => ({ ...INITIAL }));

export function resetBatchStore(): void {
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
