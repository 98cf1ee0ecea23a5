/**
 * The document job store (main process, plain Node): one JSON file per job in `<user data>/documents/jobs`,
 * each write atomic (temp file, fsync, rename, fsync of the folder) so a crash leaves either the old or the new
 * record, never half of one. A file per job keeps a write small when thousands of jobs are listed. The
 * `document_key` is stored only encrypted with the same `SecretCipher` as API keys; where the OS cannot encrypt
 * (no keyring), it is kept in memory for the session and the record says so.
 */
import { mkdirSync } from 'node:fs';
import { readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentJobError, DocumentJobState } from '../../../shared/ipc/contract-documents.js';
import { WriteChains, writeFileAtomic } from './durable-files.js';
import type { SecretCipher } from './ports.js';

export interface JobParams {
  formality?: string;
  glossaryIds?: string[];
  styleId?: string;
  translationMemoryId?: string;
  translationMemoryThreshold?: number;
  outputFormat?: string;
}

export interface JobRecord {
  v: 1;
  jobId: string;
  batchId: string;
  connectionId: string;
  sourcePath: string;
  fileName: string;
  sizeBytes: number;
  /** mtime of the original when queued: a re-upload of a changed file is refused. */
  mtimeMs: number;
  sourceLang: string | null;
  targetLang: string;
  params: JobParams;
  outputDir: string;
  state: DocumentJobState;
  documentId?: string;
  /** base64 ciphertext of the document key (SecretCipher). */
  keyCipher?: string;
  /** The key is held in memory only (no keyring); lost when Verso quits. */
  keyInSession?: boolean;
  uploads: number;
  reuploadReason?: 'interrupted' | 'service_lost';
  /** The one automatic re-upload after the service lost the document was used. */
  autoReuploaded?: boolean;
  estimatedCharacters: number;
  billedCharacters?: number;
  /** Temp file of a download in progress, and the length the service announced. */
  partPath?: string;
  expectedBytes?: number;
  outputPath?: string;
  error?: DocumentJobError;
  /** Cancelled after upload with "discard": stop polling, never download. */
  discard?: boolean;
  createdAt: string;
  updatedAt: string;
  /** Epoch ms the job entered its current state (per-state deadlines). */
  stateSince: number;
}

export class JobStore {
  readonly dir: string;
  private readonly sessionKeys = new Map<string, string>();
  /** Writes to one job are chained so an older state can never land after a newer one. */
  private readonly chains = new WriteChains();

  constructor(
    rootDir: string,
    private readonly cipher: SecretCipher,
  ) {
    this.dir = join(rootDir, 'jobs');
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  async loadAll(): Promise<JobRecord[]> {
    const names = (await readdir(this.dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
    const out: JobRecord[] = [];
    for (const n of names) {
      try {
        const r = JSON.parse(await readFile(join(this.dir, n), 'utf8')) as JobRecord;
        if (r.v === 1 && typeof r.jobId === 'string') out.push(r);
      } catch {
        // An unreadable record cannot be resumed; it stays on disk for inspection rather than being deleted.
      }
    }
    // Leftover temp files of writes a crash interrupted.
    for (const n of (await readdir(this.dir)).filter((x) => x.startsWith('.') && x.endsWith('.tmp'))) {
      await unlink(join(this.dir, n)).catch(() => undefined);
    }
    return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.jobId.localeCompare(b.jobId));
  }

  save(r: JobRecord): Promise<void> {
    const snapshot = JSON.stringify(r);
    return this.chains.run(r.jobId, () => writeFileAtomic(this.dir, `${r.jobId}.json`, snapshot));
  }

  async remove(jobId: string): Promise<void> {
    await this.chains.settled(jobId);
    this.sessionKeys.delete(jobId);
    await unlink(join(this.dir, `${jobId}.json`)).catch(() => undefined);
  }

  /** Encrypts the key into the record (or keeps it in memory where the OS cannot encrypt). */
  async putKey(r: JobRecord, key: string): Promise<void> {
    const avail = await this.cipher.availability();
    if (avail.canPersist) {
      r.keyCipher = Buffer.from(await this.cipher.encrypt(key)).toString('base64');
      delete r.keyInSession;
    } else {
      this.sessionKeys.set(r.jobId, key);
      r.keyInSession = true;
    }
  }

  /** The key, or null when it was kept for a session that ended. */
  async getKey(r: JobRecord): Promise<string | null> {
    if (r.keyCipher) return (await this.cipher.decrypt(Buffer.from(r.keyCipher, 'base64'))).plain;
    return this.sessionKeys.get(r.jobId) ?? null;
  }

  /** Every key held in memory (for redaction). */
  heldKeys(): string[] {
    return [...this.sessionKeys.values()];
  }
}
