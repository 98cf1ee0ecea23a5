/**
 * SQLite persistence of the local Translation Service (service process).
 *
 * Why SQLite (better-sqlite3) and not JSON snapshots: usage counters change on every request and must survive
 * a `kill -9` without losing acknowledged writes; WAL with synchronous=FULL commits each transaction durably,
 * and because better-sqlite3 is synchronous, a check-and-increment inside one transaction cannot interleave
 * with another request (no lost update, no overrun). `:memory:` gives the in-memory mode for tests.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type Db = Database.Database;

const SCHEMA_VERSION = 2;

const MIGRATIONS: string[] = [
  `
  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    plan TEXT NOT NULL DEFAULT 'pro',            -- 'pro' | 'pro_classic' | 'free'
    admin_enabled INTEGER NOT NULL DEFAULT 0,
    detect_beta INTEGER NOT NULL DEFAULT 0,
    character_limit INTEGER,                     -- NULL = no limit
    created_at TEXT NOT NULL
  );
  CREATE TABLE api_keys (
    key_id TEXT PRIMARY KEY,                     -- two GUIDs joined by ':'
    account_id TEXT NOT NULL REFERENCES accounts(id),
    secret_hash TEXT NOT NULL UNIQUE,            -- sha256 of the key; the key itself is never stored
    tier TEXT NOT NULL,                          -- 'pro' | 'free' | 'admin'
    label TEXT NOT NULL,
    scopes TEXT,                                 -- JSON array of scopes, NULL = every scope
    character_limit INTEGER,                     -- NULL = no limit
    created_at TEXT NOT NULL,
    deactivated_at TEXT
  );
  CREATE INDEX api_keys_account ON api_keys(account_id);
  CREATE TABLE usage (
    account_id TEXT NOT NULL,
    key_id TEXT NOT NULL,
    period_start TEXT NOT NULL,
    product TEXT NOT NULL,                       -- 'translate' | 'write'
    characters INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, key_id, period_start, product)
  );
  CREATE TABLE glossaries (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    name TEXT NOT NULL,
    source_lang TEXT NOT NULL,
    target_lang TEXT NOT NULL,
    entries_tsv TEXT NOT NULL,
    entry_count INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX glossaries_account ON glossaries(account_id);
  CREATE TABLE style_rules (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    name TEXT NOT NULL,
    language TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE translation_memories (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    name TEXT NOT NULL,
    source_lang TEXT NOT NULL,
    target_lang TEXT NOT NULL,
    entries_tsv TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
  `,
  // 2: v3 multilingual glossaries (edited in place), style rules with configured rules and custom instructions.
  `
  CREATE TABLE v3_glossaries (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX v3_glossaries_account ON v3_glossaries(account_id);
  CREATE TABLE v3_glossary_dictionaries (
    glossary_id TEXT NOT NULL REFERENCES v3_glossaries(id) ON DELETE CASCADE,
    source_lang TEXT NOT NULL,
    target_lang TEXT NOT NULL,
    entries_tsv TEXT NOT NULL,
    entry_count INTEGER NOT NULL,
    revision INTEGER NOT NULL DEFAULT 1,         -- bumped on every write; keys the compiled-matcher cache
    PRIMARY KEY (glossary_id, source_lang, target_lang)
  );
  ALTER TABLE style_rules ADD COLUMN configured_rules TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE style_rules ADD COLUMN custom_instructions TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE style_rules ADD COLUMN updated_at TEXT;
  ALTER TABLE style_rules ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
  `,
];

/** Opens (and migrates) the database in `dataDir`, or an in-memory one when `dataDir` is undefined. */
export function openDb(dataDir?: string): Db {
  let file = ':memory:';
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    file = join(dataDir, 'service.sqlite');
  }
  const db = new Database(file);
  if (dataDir) {
    db.pragma('journal_mode = WAL');
    // FULL: a transaction that returned is on disk, so a kill -9 loses no acknowledged usage.
    db.pragma('synchronous = FULL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let v = version; v < Math.min(SCHEMA_VERSION, MIGRATIONS.length); v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return db;
}
