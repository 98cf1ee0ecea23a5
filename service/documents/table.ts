/**
 * The `documents` table (service process): metadata of every uploaded document, in the service's SQLite
 * database, so that status answers and downloads survive a restart. The document key is never stored, only its
 * SHA-256; file bodies live encrypted on disk (see crypto.ts).
 */
import type { Db } from '../store/db.js';

export type DocumentStatus = 'queued' | 'translating' | 'done' | 'error';

export interface DocumentRow {
  id: string;
  accountId: string;
  keyId: string;
  keyHash: string;
  status: DocumentStatus;
  message: string | null;
  fileName: string;
  extension: string;
  outputExtension: string | null;
  sourceLang: string | null;
  targetLang: string;
  sizeBytes: number;
  /** Characters counted at upload (before the per-type minimum). */
  characters: number;
  /** Characters charged to the quota (with the minimum); given back when the document fails. */
  billedCharacters: number;
  /** Billing period the charge was booked in, for refunds after a restart. */
  chargedPeriod: string | null;
  engine: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /**
   * The upload's parameters (target, source, formality, glossary and memory ids, output format) as JSON, so a
   * document acknowledged before a crash can be queued again when its client returns with the key. No secrets.
   */
  paramsJson: string | null;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
const toRow = (r: any): DocumentRow => ({
  id: r.id,
  accountId: r.account_id,
  keyId: r.key_id,
  keyHash: r.key_hash,
  status: r.status,
  message: r.message,
  fileName: r.file_name,
  extension: r.extension,
  outputExtension: r.output_extension,
  sourceLang: r.source_lang,
  targetLang: r.target_lang,
  sizeBytes: r.size_bytes,
  characters: r.characters,
  billedCharacters: r.billed_characters,
  chargedPeriod: r.charged_period,
  engine: r.engine,
  createdAt: r.created_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  paramsJson: r.params_json ?? null,
});
/* eslint-enable @typescript-eslint/no-explicit-any */

export class DocumentTable {
  constructor(private readonly db: Db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS documents (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        key_id TEXT NOT NULL,
        key_hash TEXT NOT NULL,              -- sha256 of the document key; the key itself is never stored
        status TEXT NOT NULL,                -- queued | translating | done | error
        message TEXT,
        file_name TEXT NOT NULL,
        extension TEXT NOT NULL,
        output_extension TEXT,
        source_lang TEXT,
        target_lang TEXT NOT NULL,
        size_bytes INTEGER NOT NULL,
        characters INTEGER NOT NULL DEFAULT 0,
        billed_characters INTEGER NOT NULL DEFAULT 0,
        charged_period TEXT,
        engine TEXT,
        created_at INTEGER NOT NULL,
        started_at INTEGER,
        finished_at INTEGER,
        params_json TEXT
      );
      CREATE INDEX IF NOT EXISTS documents_status ON documents(status);
    `);
    // Databases created before documents could be resumed lack the column.
    const cols = db.prepare(`PRAGMA table_info(documents)`).all() as { name: string }[];
    if (!cols.some((c) => c.name === 'params_json')) db.exec('ALTER TABLE documents ADD COLUMN params_json TEXT');
  }

  insert(row: DocumentRow): void {
    this.db
      .prepare(
        `INSERT INTO documents (id, account_id, key_id, key_hash, status, message, file_name, extension,
           output_extension, source_lang, target_lang, size_bytes, characters, billed_characters, charged_period,
           engine, created_at, started_at, finished_at, params_json)
         VALUES (@id, @accountId, @keyId, @keyHash, @status, @message, @fileName, @extension, @outputExtension,
           @sourceLang, @targetLang, @sizeBytes, @characters, @billedCharacters, @chargedPeriod, @engine,
           @createdAt, @startedAt, @finishedAt, @paramsJson)`,
      )
      .run(row);
  }

  get(id: string): DocumentRow | undefined {
    const r = this.db.prepare('SELECT * FROM documents WHERE id = ?').get(id);
    return r ? toRow(r) : undefined;
  }

  update(id: string, patch: Partial<Omit<DocumentRow, 'id'>>): void {
    const cols: Record<string, string> = {
      status: 'status',
      message: 'message',
      outputExtension: 'output_extension',
      sourceLang: 'source_lang',
      billedCharacters: 'billed_characters',
      engine: 'engine',
      startedAt: 'started_at',
      finishedAt: 'finished_at',
    };
    const keys = Object.keys(patch).filter((k) => cols[k]);
    if (keys.length === 0) return;
    const sql = `UPDATE documents SET ${keys.map((k) => `${cols[k]} = @${k}`).join(', ')} WHERE id = @id`;
    this.db.prepare(sql).run({ ...Object.fromEntries(keys.map((k) => [k, patch[k as keyof typeof patch]])), id });
  }

  delete(id: string): void {
    this.db.prepare('DELETE FROM documents WHERE id = ?').run(id);
  }

  withStatus(...statuses: DocumentStatus[]): DocumentRow[] {
    return this.db
      .prepare(`SELECT * FROM documents WHERE status IN (${statuses.map(() => '?').join(', ')})`)
      .all(...statuses)
      .map(toRow);
  }

  /** Unfinished documents (queued or translating) uploaded before `before` (ms since the epoch). */
  unfinishedBefore(before: number): DocumentRow[] {
    return this.db
      .prepare(`SELECT * FROM documents WHERE status IN ('queued', 'translating') AND created_at < ?`)
      .all(before)
      .map(toRow);
  }

  /** Finished documents (done or error) that finished before `before` (ms since the epoch). */
  finishedBefore(before: number): DocumentRow[] {
    return this.db
      .prepare(`SELECT * FROM documents WHERE status IN ('done', 'error') AND finished_at < ?`)
      .all(before)
      .map(toRow);
  }
}
