/**
 * Style rule lists and translation memory listings in SQLite (service process), the v3 view of the `style_rules`
 * and `translation_memories` tables that the base Store created: configured rules (a JSON object of rule groups),
 * custom instructions (id, label, prompt, source language), a version bumped on every change. Every query filters
 * by account id.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from './db.js';

export interface CustomInstruction {
  id: string;
  label: string;
  prompt: string;
  source_language: string;
}

export interface StyleRule {
  id: string;
  accountId: string;
  name: string;
  /** Lower-case language code as v3 answers it. */
  language: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  configuredRules: Record<string, Record<string, string>>;
  customInstructions: CustomInstruction[];
}

export interface TranslationMemoryInfo {
  id: string;
  name: string;
  sourceLang: string;
  targetLang: string;
  segmentCount: number;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- rows come untyped from SQLite and are mapped here */
const toRule = (r: any): StyleRule => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  language: String(r.language).toLowerCase(),
  createdAt: r.created_at,
  updatedAt: r.updated_at ?? r.created_at,
  version: r.version ?? 1,
  configuredRules: JSON.parse(r.configured_rules ?? '{}'),
  customInstructions: JSON.parse(r.custom_instructions ?? '[]'),
});
/* eslint-enable @typescript-eslint/no-explicit-any */

export class StyleRuleStore {
  constructor(private readonly db: Db) {}

  list(accountId: string): StyleRule[] {
    return this.db.prepare('SELECT * FROM style_rules WHERE account_id = ? ORDER BY created_at, rowid').all(accountId).map(toRule);
  }

  get(accountId: string, id: string): StyleRule | undefined {
    const r = this.db.prepare('SELECT * FROM style_rules WHERE id = ? AND account_id = ?').get(id, accountId);
    return r ? toRule(r) : undefined;
  }

  create(
    accountId: string,
    input: { name: string; language: string; configuredRules: StyleRule['configuredRules']; customInstructions: Omit<CustomInstruction, 'id'>[] },
  ): StyleRule {
    const id = randomUUID();
    const at = new Date().toISOString();
    const instructions = input.customInstructions.map((c) => ({ id: randomUUID(), ...c }));
    this.db
      .prepare(
        `INSERT INTO style_rules (id, account_id, name, language, created_at, updated_at, version, configured_rules, custom_instructions)
           VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)`,
      )
      .run(id, accountId, input.name, input.language.toUpperCase(), at, at, JSON.stringify(input.configuredRules), JSON.stringify(instructions));
    return this.get(accountId, id)!;
  }

  /** Applies `change` to the stored rule and bumps its version; undefined when the account has no such rule. */
  update(accountId: string, id: string, change: (r: StyleRule) => void): StyleRule | undefined {
    return this.db.transaction(() => {
      const r = this.get(accountId, id);
      if (!r) return undefined;
      change(r);
      this.db
        .prepare(
          `UPDATE style_rules SET name = ?, configured_rules = ?, custom_instructions = ?, updated_at = ?, version = version + 1
             WHERE id = ? AND account_id = ?`,
        )
        .run(r.name, JSON.stringify(r.configuredRules), JSON.stringify(r.customInstructions), new Date().toISOString(), id, accountId);
      return this.get(accountId, id);
    }).immediate();
  }

  remove(accountId: string, id: string): boolean {
    return this.db.prepare('DELETE FROM style_rules WHERE id = ? AND account_id = ?').run(id, accountId).changes > 0;
  }

  translationMemories(accountId: string): TranslationMemoryInfo[] {
    const rows = this.db
      .prepare('SELECT id, name, source_lang, target_lang, entries_tsv FROM translation_memories WHERE account_id = ? ORDER BY created_at, rowid')
      .all(accountId) as { id: string; name: string; source_lang: string; target_lang: string; entries_tsv: string }[];
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      sourceLang: r.source_lang,
      targetLang: r.target_lang,
      segmentCount: r.entries_tsv.split('\n').filter((l) => l.includes('\t')).length,
    }));
  }
}
