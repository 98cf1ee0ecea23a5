/**
 * The Documents screen's batch being prepared (main process, plain Node): kept under its own key of the settings
 * `KeyValueStore`, as the Translate screen's draft is, so a reload or a restart finds the files and options the user
 * left instead of an empty screen. Given back with every file checked again as an added file is (it may have moved
 * or changed since): a file that is gone is listed with its problem, never dropped. Forgotten once the batch is sent
 * or emptied. It holds paths and options only, nothing secret. A stored value that no longer fits the contract
 * (hand-edited, older version) is ignored.
 */
import { DocumentBatchDraft, type FileCheck, type RestoredBatch } from '../../../shared/ipc/contract-documents.js';
import type { KeyValueStore } from './ports.js';

const KEY = 'documentsBatchDraft';

export class DocumentsBatchDraftService {
  constructor(
    private readonly d: {
      store: KeyValueStore;
      /** The check main runs on an added file (documents.inspect). */
      check: (path: string) => Promise<FileCheck>;
    },
  ) {}

  /** `draft` was checked against the contract (`DocumentBatchDraft`) by the IPC layer; null forgets it. */
  save(draft: DocumentBatchDraft | null): { kept: boolean } {
    if (draft === null) {
      this.clear();
      return { kept: false };
    }
    this.d.store.set(KEY, draft);
    return { kept: true };
  }

  /** The batch was sent: it is no longer one to come back to. */
  clear(): void {
    if (this.d.store.get(KEY) !== undefined) this.d.store.delete(KEY);
  }

  /** The kept batch with each file as checked now; null when there is none. */
  async restore(): Promise<RestoredBatch | null> {
    const parsed = DocumentBatchDraft.safeParse(this.d.store.get(KEY));
    if (!parsed.success) return null;
    const { paths, ...options } = parsed.data;
    const files: FileCheck[] = [];
    // One at a time, as documents.inspect does: a large batch does not open every file at once.
    for (const p of paths) files.push(await this.d.check(p));
    return { ...options, files };
  }
}
