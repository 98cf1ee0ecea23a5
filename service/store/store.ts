/**
 * Repository over the SQLite schema (service process): accounts, keys, usage, glossaries, style rule lists and
 * translation memories. Every query that returns account-owned data filters by account id, so one account can
 * never see another's resources. Keys are looked up by the SHA-256 of the secret.
 */
import { createHash, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Db } from './db.js';

type Statement = Database.Statement<unknown[], unknown>;

export type Tier = 'pro' | 'free' | 'admin';
export type Plan = 'pro' | 'pro_classic' | 'free';
export const SCOPES = ['translate', 'document', 'glossary', 'detect', 'usage', 'languages'] as const;
export type Scope = (typeof SCOPES)[number];

export interface Account {
  id: string;
  name: string;
  plan: Plan;
  adminEnabled: boolean;
  detectBeta: boolean;
  characterLimit: number | null;
  createdAt: string;
}

export interface ApiKey {
  keyId: string;
  accountId: string;
  tier: Tier;
  label: string;
  scopes: Scope[] | null;
  characterLimit: number | null;
  createdAt: string;
  deactivatedAt: string | null;
}

export interface GlossaryRow {
  id: string;
  accountId: string;
  name: string;
  sourceLang: string;
  targetLang: string;
  entriesTsv: string;
  entryCount: number;
  createdAt: string;
}

export interface StyleRuleRow {
  id: string;
  accountId: string;
  name: string;
  language: string;
}

export interface TranslationMemoryRow {
  id: string;
  accountId: string;
  name: string;
  sourceLang: string;
  targetLang: string;
  entriesTsv: string;
}

/** SHA-256 of a key (the auth cache spares the hot path from hashing on every request). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A new key secret: a UUID, with DeepL's `:fx` suffix for Free keys so clients can route them. */
export function newSecret(tier: Tier): string {
  return tier === 'free' ? `${randomUUID()}:fx` : randomUUID();
}

const now = (): string => new Date().toISOString();

/* eslint-disable @typescript-eslint/no-explicit-any -- rows come untyped from SQLite and are mapped here */
const toAccount = (r: any): Account => ({
  id: r.id,
  name: r.name,
  plan: r.plan,
  adminEnabled: !!r.admin_enabled,
  detectBeta: !!r.detect_beta,
  characterLimit: r.character_limit ?? null,
  createdAt: r.created_at,
});
const toKey = (r: any): ApiKey => ({
  keyId: r.key_id,
  accountId: r.account_id,
  tier: r.tier,
  label: r.label,
  scopes: r.scopes ? JSON.parse(r.scopes) : null,
  characterLimit: r.character_limit ?? null,
  createdAt: r.created_at,
  deactivatedAt: r.deactivated_at ?? null,
});
const toGlossary = (r: any): GlossaryRow => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  sourceLang: r.source_lang,
  targetLang: r.target_lang,
  entriesTsv: r.entries_tsv,
  entryCount: r.entry_count,
  createdAt: r.created_at,
});
/* eslint-enable @typescript-eslint/no-explicit-any */

export class Store {
  /** Prepared statements are compiled once per SQL text: preparing on every call dominated request time. */
  private readonly statements = new Map<string, Statement>();

  /** One transaction wrapper, built once: `run.immediate(fn)` runs fn in a BEGIN IMMEDIATE transaction. */
  private readonly run: Database.Transaction<(fn: () => unknown) => unknown>;

  constructor(readonly db: Db) {
    this.run = db.transaction((fn: () => unknown) => fn());
  }

  private stmt(sql: string): Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql) as Statement;
      this.statements.set(sql, st);
    }
    return st;
  }

  // --- Accounts ---

  createAccount(input: {
    name?: string;
    plan?: Plan;
    adminEnabled?: boolean;
    detectBeta?: boolean;
    characterLimit?: number | null;
  }): Account {
    this.invalidateAuth();
    const id = randomUUID();
    this.stmt(
      `INSERT INTO accounts (id, name, plan, admin_enabled, detect_beta, character_limit, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      input.name ?? 'Local account',
      input.plan ?? 'pro',
      input.adminEnabled ? 1 : 0,
      input.detectBeta ? 1 : 0,
      input.characterLimit ?? null,
      now(),
    );
    return this.getAccount(id)!;
  }

  getAccount(id: string): Account | undefined {
    const r = this.stmt('SELECT * FROM accounts WHERE id = ?').get(id);
    return r ? toAccount(r) : undefined;
  }

  listAccounts(): Account[] {
    return this.stmt('SELECT * FROM accounts ORDER BY created_at').all().map(toAccount);
  }

  updateAccount(
    id: string,
    patch: Partial<Pick<Account, 'name' | 'plan' | 'adminEnabled' | 'detectBeta' | 'characterLimit'>>,
  ): Account {
    this.invalidateAuth();
    const a = this.getAccount(id);
    if (!a) throw new Error(`No account ${id}`);
    const next = { ...a, ...patch };
    this.stmt(
      'UPDATE accounts SET name=?, plan=?, admin_enabled=?, detect_beta=?, character_limit=? WHERE id=?',
    ).run(next.name, next.plan, next.adminEnabled ? 1 : 0, next.detectBeta ? 1 : 0, next.characterLimit, id);
    return this.getAccount(id)!;
  }

  // --- Keys ---

  /** Creates a key and returns it with its secret; the secret is not stored and cannot be read again. */
  createKey(input: {
    accountId: string;
    tier: Tier;
    label?: string;
    scopes?: Scope[] | null;
    characterLimit?: number | null;
  }): { key: ApiKey; secret: string } {
    this.invalidateAuth();
    const secret = newSecret(input.tier);
    const keyId = `${randomUUID()}:${randomUUID()}`;
    this.stmt(
      `INSERT INTO api_keys (key_id, account_id, secret_hash, tier, label, scopes, character_limit, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      keyId,
      input.accountId,
      hashSecret(secret),
      input.tier,
      input.label ?? DEFAULT_KEY_LABEL,
      input.scopes ? JSON.stringify(input.scopes) : null,
      input.characterLimit ?? null,
      now(),
    );
    return { key: this.getKey(keyId)!, secret };
  }

  getKey(keyId: string): ApiKey | undefined {
    const r = this.stmt('SELECT * FROM api_keys WHERE key_id = ?').get(keyId);
    return r ? toKey(r) : undefined;
  }

  findKeyBySecret(secret: string): ApiKey | undefined {
    const r = this.stmt('SELECT * FROM api_keys WHERE secret_hash = ?').get(hashSecret(secret));
    return r ? toKey(r) : undefined;
  }

  /** A key and its account in one query (auth runs on every request). */
  /**
   * Auth and quota read keys, accounts and limits on every request. Their answers are cached until this process
   * writes either table or another process (the CLI) commits to the database (SQLite's data_version), so a
   * deactivation or a new limit still takes effect at once.
   */
  private readonly authCache = new Map<string, unknown>();
  private authVersion = 0;
  private cachedVersion = -1;
  private cachedDataVersion = -1;

  private cached<T>(key: string, load: () => T): T {
    const dataVersion = this.stmt('PRAGMA data_version').pluck().get() as number;
    if (
      this.cachedVersion !== this.authVersion ||
      this.cachedDataVersion !== dataVersion ||
      this.authCache.size > 10_000
    ) {
      this.authCache.clear();
      this.cachedVersion = this.authVersion;
      this.cachedDataVersion = dataVersion;
    }
    if (this.authCache.has(key)) return this.authCache.get(key) as T;
    const value = load();
    this.authCache.set(key, value);
    return value;
  }

  private invalidateAuth(): void {
    this.authVersion++;
  }

  findKeyAndAccount(secret: string): { key: ApiKey; account: Account | undefined } | undefined {
    return this.cached(`s:${secret}`, () => this.loadKeyAndAccount(secret));
  }

  private loadKeyAndAccount(secret: string): { key: ApiKey; account: Account | undefined } | undefined {
    const r = this.stmt(
      `SELECT k.*, a.id AS a_id, a.name AS a_name, a.plan AS a_plan, a.admin_enabled AS a_admin_enabled,
              a.detect_beta AS a_detect_beta, a.character_limit AS a_character_limit, a.created_at AS a_created_at
       FROM api_keys k LEFT JOIN accounts a ON a.id = k.account_id WHERE k.secret_hash = ?`,
    ).get(hashSecret(secret)) as Record<string, unknown> | undefined;
    if (!r) return undefined;
    const account =
      r.a_id === null
        ? undefined
        : toAccount({
            id: r.a_id,
            name: r.a_name,
            plan: r.a_plan,
            admin_enabled: r.a_admin_enabled,
            detect_beta: r.a_detect_beta,
            character_limit: r.a_character_limit,
            created_at: r.a_created_at,
          });
    return { key: toKey(r), account };
  }

  /** Current limits of a key and its account, read together (the quota check runs on every billed request). */
  limitsOf(keyId: string): ReturnType<Store['loadLimits']> {
    return this.cached(`l:${keyId}`, () => this.loadLimits(keyId));
  }

  private loadLimits(
    keyId: string,
  ): { keyLimit: number | null; accountLimit: number | null; accountId: string } | undefined {
    const r = this.stmt(
      `SELECT k.character_limit AS kl, a.character_limit AS al, a.id AS aid
       FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_id = ?`,
    ).get(keyId) as { kl: number | null; al: number | null; aid: string } | undefined;
    return r && { keyLimit: r.kl, accountLimit: r.al, accountId: r.aid };
  }

  /** Developer keys of an account: every non-admin key, active and deactivated, oldest first. */
  listDeveloperKeys(accountId: string): ApiKey[] {
    return this.stmt(
      "SELECT * FROM api_keys WHERE account_id = ? AND tier != 'admin' ORDER BY created_at, rowid",
    )
      .all(accountId)
      .map(toKey);
  }

  countActiveDeveloperKeys(accountId: string): number {
    const r = this.stmt(
      "SELECT COUNT(*) AS n FROM api_keys WHERE account_id = ? AND tier != 'admin' AND deactivated_at IS NULL",
    ).get(accountId) as { n: number };
    return r.n;
  }

  updateKey(
    keyId: string,
    patch: Partial<Pick<ApiKey, 'label' | 'scopes' | 'characterLimit' | 'deactivatedAt'>>,
  ): ApiKey {
    this.invalidateAuth();
    const k = this.getKey(keyId);
    if (!k) throw new Error(`No key ${keyId}`);
    const next = { ...k, ...patch };
    this.stmt(
      'UPDATE api_keys SET label=?, scopes=?, character_limit=?, deactivated_at=? WHERE key_id=?',
    ).run(
      next.label,
      next.scopes ? JSON.stringify(next.scopes) : null,
      next.characterLimit,
      next.deactivatedAt,
      keyId,
    );
    return this.getKey(keyId)!;
  }

  // --- Usage ---

  accountUsage(accountId: string, periodStart: string): number {
    const r = this.stmt(
      'SELECT COALESCE(SUM(characters), 0) AS n FROM usage WHERE account_id = ? AND period_start = ?',
    ).get(accountId, periodStart) as { n: number };
    return r.n;
  }

  keyUsage(keyId: string, periodStart: string, product?: string): number {
    const r = (
      product
        ? this.stmt(
            'SELECT COALESCE(SUM(characters), 0) AS n FROM usage WHERE key_id = ? AND period_start = ? AND product = ?',
          ).get(keyId, periodStart, product)
        : this.stmt(
            'SELECT COALESCE(SUM(characters), 0) AS n FROM usage WHERE key_id = ? AND period_start = ?',
          ).get(keyId, periodStart)
    ) as { n: number };
    return r.n;
  }

  accountProductUsage(accountId: string, periodStart: string, product: string): number {
    const r = this.stmt(
      'SELECT COALESCE(SUM(characters), 0) AS n FROM usage WHERE account_id = ? AND period_start = ? AND product = ?',
    ).get(accountId, periodStart, product) as { n: number };
    return r.n;
  }

  addUsage(accountId: string, keyId: string, periodStart: string, product: string, characters: number): void {
    this.stmt(
      `INSERT INTO usage (account_id, key_id, period_start, product, characters) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (account_id, key_id, period_start, product) DO UPDATE SET characters = characters + excluded.characters`,
    ).run(accountId, keyId, periodStart, product, characters);
  }

  transaction<T>(fn: () => T): T {
    return this.run.immediate(fn) as T;
  }

  // --- Glossaries ---

  createGlossary(input: Omit<GlossaryRow, 'id' | 'createdAt'>): GlossaryRow {
    const id = randomUUID();
    this.stmt(
      `INSERT INTO glossaries (id, account_id, name, source_lang, target_lang, entries_tsv, entry_count, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      input.accountId,
      input.name,
      input.sourceLang,
      input.targetLang,
      input.entriesTsv,
      input.entryCount,
      now(),
    );
    return this.getGlossary(input.accountId, id)!;
  }

  getGlossary(accountId: string, id: string): GlossaryRow | undefined {
    const r = this.stmt('SELECT * FROM glossaries WHERE id = ? AND account_id = ?').get(id, accountId);
    return r ? toGlossary(r) : undefined;
  }

  listGlossaries(accountId: string): GlossaryRow[] {
    return this.stmt('SELECT * FROM glossaries WHERE account_id = ? ORDER BY created_at, rowid')
      .all(accountId)
      .map(toGlossary);
  }

  countGlossaries(accountId: string): number {
    return (
      // v2 and v3 glossaries share the spec's 1000-per-account limit.
      this.stmt(
        'SELECT (SELECT COUNT(*) FROM glossaries WHERE account_id = @a) + (SELECT COUNT(*) FROM v3_glossaries WHERE account_id = @a) AS n',
      ).get({ a: accountId }) as { n: number }
    ).n;
  }

  deleteGlossary(accountId: string, id: string): boolean {
    return this.stmt('DELETE FROM glossaries WHERE id = ? AND account_id = ?').run(id, accountId).changes > 0;
  }

  // --- Style rule lists and translation memories (contents not in the spec: kept minimal) ---

  createStyleRule(accountId: string, name: string, language: string): StyleRuleRow {
    const id = randomUUID();
    this.stmt(
      'INSERT INTO style_rules (id, account_id, name, language, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(id, accountId, name, language, now());
    return { id, accountId, name, language };
  }

  getStyleRule(accountId: string, id: string): StyleRuleRow | undefined {
    const r = this.stmt('SELECT * FROM style_rules WHERE id = ? AND account_id = ?').get(id, accountId) as
      { id: string; account_id: string; name: string; language: string } | undefined;
    return r && { id: r.id, accountId: r.account_id, name: r.name, language: r.language };
  }

  createTranslationMemory(input: Omit<TranslationMemoryRow, 'id'>): TranslationMemoryRow {
    const id = randomUUID();
    this.stmt(
      `INSERT INTO translation_memories (id, account_id, name, source_lang, target_lang, entries_tsv, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, input.accountId, input.name, input.sourceLang, input.targetLang, input.entriesTsv, now());
    return { id, ...input };
  }

  getTranslationMemory(accountId: string, id: string): TranslationMemoryRow | undefined {
    const r = this.stmt('SELECT * FROM translation_memories WHERE id = ? AND account_id = ?').get(
      id,
      accountId,
    ) as
      | {
          id: string;
          account_id: string;
          name: string;
          source_lang: string;
          target_lang: string;
          entries_tsv: string;
        }
      | undefined;
    return (
      r && {
        id: r.id,
        accountId: r.account_id,
        name: r.name,
        sourceLang: r.source_lang,
        targetLang: r.target_lang,
        entriesTsv: r.entries_tsv,
      }
    );
  }

  getMeta(k: string): string | undefined {
    return (this.stmt('SELECT v FROM meta WHERE k = ?').get(k) as { v: string } | undefined)?.v;
  }
  setMeta(k: string, v: string): void {
    this.stmt('INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v').run(k, v);
  }

  close(): void {
    this.db.close();
  }
}

/** The fixed label an unnamed developer key receives (spec: "an unnamed key receives a fixed default label"). */
export const DEFAULT_KEY_LABEL = 'Developer key';
