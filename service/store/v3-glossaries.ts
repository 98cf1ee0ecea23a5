/**
 * v3 multilingual glossaries in SQLite (service process): a glossary is a name plus one dictionary per language
 * pair, and each dictionary can be replaced, merged into or removed in place (same glossary id). Every query filters
 * by account id. Each dictionary carries a revision, bumped on every write, so compiled matchers cached by
 * `id:pair:revision` are never used after an edit.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from './db.js';
import { StyleRuleStore } from './style-rules.js';

export interface V3Dictionary {
  sourceLang: string;
  targetLang: string;
  entriesTsv: string;
  entryCount: number;
  revision: number;
}

export interface V3Glossary {
  id: string;
  accountId: string;
  name: string;
  createdAt: string;
  dictionaries: V3Dictionary[];
}

/* eslint-disable @typescript-eslint/no-explicit-any -- rows come untyped from SQLite and are mapped here */
const toDict = (r: any): V3Dictionary => ({
  sourceLang: r.source_lang,
  targetLang: r.target_lang,
  entriesTsv: r.entries_tsv,
  entryCount: r.entry_count,
  revision: r.revision,
});
/* eslint-enable @typescript-eslint/no-explicit-any */

export class V3GlossaryStore {
  constructor(private readonly db: Db) {}

  create(
    accountId: string,
    name: string,
    dictionaries: Omit<V3Dictionary, 'revision'>[],
  ): V3Glossary {
    const id = randomUUID();
    this.db.transaction(() => {
      this.db
        .prepare('INSERT INTO v3_glossaries (id, account_id, name, created_at) VALUES (?, ?, ?, ?)')
        .run(id, accountId, name, new Date().toISOString());
      for (const d of dictionaries) this.putDictionary(id, d);
    }).immediate();
    return this.get(accountId, id)!;
  }

  get(accountId: string, id: string): V3Glossary | undefined {
    const r = this.db.prepare('SELECT * FROM v3_glossaries WHERE id = ? AND account_id = ?').get(id, accountId) as
      | { id: string; account_id: string; name: string; created_at: string }
      | undefined;
    if (!r) return undefined;
    const dicts = this.db
      .prepare('SELECT * FROM v3_glossary_dictionaries WHERE glossary_id = ? ORDER BY rowid')
      .all(id)
      .map(toDict);
    return { id: r.id, accountId: r.account_id, name: r.name, createdAt: r.created_at, dictionaries: dicts };
  }

  list(accountId: string): V3Glossary[] {
    const ids = this.db
      .prepare('SELECT id FROM v3_glossaries WHERE account_id = ? ORDER BY created_at, rowid')
      .pluck()
      .all(accountId) as string[];
    return ids.map((id) => this.get(accountId, id)!);
  }

  count(accountId: string): number {
    return this.db.prepare('SELECT COUNT(*) FROM v3_glossaries WHERE account_id = ?').pluck().get(accountId) as number;
  }

  rename(accountId: string, id: string, name: string): boolean {
    return this.db.prepare('UPDATE v3_glossaries SET name = ? WHERE id = ? AND account_id = ?').run(name, id, accountId).changes > 0;
  }

  /** Replaces (or adds) the dictionary of one pair; other dictionaries are untouched. Caller checked ownership. */
  putDictionary(glossaryId: string, d: Omit<V3Dictionary, 'revision'>): V3Dictionary {
    this.db
      .prepare(
        `INSERT INTO v3_glossary_dictionaries (glossary_id, source_lang, target_lang, entries_tsv, entry_count, revision)
           VALUES (?, ?, ?, ?, ?, 1)
         ON CONFLICT (glossary_id, source_lang, target_lang) DO UPDATE SET
           entries_tsv = excluded.entries_tsv, entry_count = excluded.entry_count, revision = revision + 1`,
      )
      .run(glossaryId, d.sourceLang, d.targetLang, d.entriesTsv, d.entryCount);
    return this.dictionary(glossaryId, d.sourceLang, d.targetLang)!;
  }

  dictionary(glossaryId: string, sourceLang: string, targetLang: string): V3Dictionary | undefined {
    const r = this.db
      .prepare('SELECT * FROM v3_glossary_dictionaries WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?')
      .get(glossaryId, sourceLang, targetLang);
    return r ? toDict(r) : undefined;
  }

  removeDictionary(glossaryId: string, sourceLang: string, targetLang: string): boolean {
    return (
      this.db
        .prepare('DELETE FROM v3_glossary_dictionaries WHERE glossary_id = ? AND source_lang = ? AND target_lang = ?')
        .run(glossaryId, sourceLang, targetLang).changes > 0
    );
  }

  remove(accountId: string, id: string): boolean {
    return this.db.transaction(() => {
      const owned = this.db.prepare('SELECT 1 FROM v3_glossaries WHERE id = ? AND account_id = ?').get(id, accountId);
      if (!owned) return false;
      this.db.prepare('DELETE FROM v3_glossary_dictionaries WHERE glossary_id = ?').run(id);
      this.db.prepare('DELETE FROM v3_glossaries WHERE id = ?').run(id);
      return true;
    }).immediate();
  }
}

/** The v3 stores of one database, made once (routes and the translate domain share them). */
const perDb = new WeakMap<Db, { glossaries: V3GlossaryStore; styleRules: StyleRuleStore }>();
export function v3Stores(db: Db): { glossaries: V3GlossaryStore; styleRules: StyleRuleStore } {
  let s = perDb.get(db);
  if (!s) perDb.set(db, (s = { glossaries: new V3GlossaryStore(db), styleRules: new StyleRuleStore(db) }));
  return s;
}

/** The compiled-matcher cache key of one dictionary revision (never reused after an edit). */
export const v3CacheKey = (id: string, d: V3Dictionary): string => `v3:${id}:${d.sourceLang}:${d.targetLang}:${d.revision}`;
