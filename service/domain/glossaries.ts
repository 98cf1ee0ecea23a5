/**
 * v2 glossaries (service process): create from TSV/CSV with validation, list, get, entries, delete, language
 * pairs. Glossaries are immutable; their compiled matchers are cached by id (never invalidated except on delete).
 */
import { SOURCE_LANGUAGES, normalizeLanguage } from '../../shared/spec/languages.js';
import { LIMITS } from '../../shared/spec/limits.js';
import { compileGlossary, type CompiledGlossary } from '../glossary/apply.js';
import {
  GlossaryEntriesError,
  entriesToTsv,
  parseGlossaryEntries,
  validateGlossaryName,
} from '../glossary/entries.js';
import { HttpError, badRequest, notFound } from '../http/errors.js';
import type { Account, GlossaryRow, Store } from '../store/store.js';
import type { Params } from './params.js';

/** Glossary languages: every base source language, paired with every other one. */
const GLOSSARY_LANGS = SOURCE_LANGUAGES.map((l) => l.code);

export function glossaryLanguagePairs(): { source_lang: string; target_lang: string }[] {
  const pairs: { source_lang: string; target_lang: string }[] = [];
  for (const s of GLOSSARY_LANGS) {
    for (const t of GLOSSARY_LANGS) if (s !== t) pairs.push({ source_lang: s.toLowerCase(), target_lang: t.toLowerCase() });
  }
  return pairs;
}

export function glossaryJson(g: GlossaryRow): Record<string, unknown> {
  return {
    glossary_id: g.id,
    name: g.name,
    ready: true,
    source_lang: g.sourceLang,
    target_lang: g.targetLang,
    creation_time: g.createdAt,
    entry_count: g.entryCount,
  };
}

export class GlossaryCache {
  private readonly cache = new Map<string, CompiledGlossary>();
  compiled(g: GlossaryRow): CompiledGlossary {
    let c = this.cache.get(g.id);
    if (!c) {
      c = compileGlossary(parseGlossaryEntries(g.entriesTsv, 'tsv'));
      this.cache.set(g.id, c);
    }
    return c;
  }
  /** A matcher for entries stored elsewhere (v3 dictionaries), cached under `key` (which names their revision). */
  compiledTsv(key: string, entriesTsv: string): CompiledGlossary {
    let c = this.cache.get(key);
    if (!c) {
      c = compileGlossary(parseGlossaryEntries(entriesTsv, 'tsv'));
      this.cache.set(key, c);
    }
    return c;
  }
  forget(id: string): void {
    this.cache.delete(id);
  }
}

function glossaryLang(p: Params, name: string): string {
  return glossaryLangCode(p.requiredString(name), name);
}

/** A glossary dictionary's language as stored (lower-case base code); 400 naming `name` when it is not one. */
export function glossaryLangCode(raw: string, name: string): string {
  let code = normalizeLanguage(raw);
  // EN, PT and ZH dictionaries need no variant and serve every variant, so a variant given here is reduced.
  if (/^(EN|PT|ZH)-/.test(code)) code = code.split('-')[0]!;
  if (!GLOSSARY_LANGS.includes(code)) {
    throw badRequest(
      `Value for '${name}' not supported for glossaries: "${raw}". Use a base language code such as EN, DE or FR.`,
    );
  }
  return code.toLowerCase();
}

export function createGlossary(store: Store, account: Account, p: Params): GlossaryRow {
  let name: string;
  try {
    name = validateGlossaryName(p.raw('name'));
  } catch (e) {
    if (e instanceof GlossaryEntriesError) throw badRequest(`Parameter 'name': ${e.message}`);
    throw e;
  }
  const source = glossaryLang(p, 'source_lang');
  const target = glossaryLang(p, 'target_lang');
  if (source === target) {
    throw badRequest(`Parameters 'source_lang' and 'target_lang' are both ${source.toUpperCase()}; a glossary needs two different languages.`);
  }
  const format = p.oneOf('entries_format', ['tsv', 'csv'] as const);
  if (!format) throw badRequest(`Parameter 'entries_format' is required: use tsv or csv.`);
  const entries = p.string('entries');
  if (entries === undefined) throw badRequest(`Parameter 'entries' is required: send the glossary entries as ${format}.`);
  if (Buffer.byteLength(entries, 'utf8') > LIMITS.glossaryBytes) {
    throw new HttpError(
      413,
      `The glossary entries are larger than ${LIMITS.glossaryBytes} bytes (10 MiB). Split the glossary into smaller ones.`,
      'glossary_too_large',
    );
  }
  if (store.countGlossaries(account.id) >= LIMITS.glossariesPerAccount) {
    throw badRequest(
      `This account already has ${LIMITS.glossariesPerAccount} glossaries, the most allowed. Delete one before creating another.`,
      'glossary_limit_reached',
    );
  }
  let parsed;
  try {
    parsed = parseGlossaryEntries(entries, format, { source, target });
  } catch (e) {
    if (e instanceof GlossaryEntriesError) throw badRequest(`Parameter 'entries': ${e.message}`, 'invalid_glossary_entries');
    throw e;
  }
  return store.createGlossary({
    accountId: account.id,
    name,
    sourceLang: source,
    targetLang: target,
    entriesTsv: entriesToTsv(parsed),
    entryCount: parsed.length,
  });
}

export function requireGlossary(store: Store, account: Account, id: string): GlossaryRow {
  const g = store.getGlossary(account.id, id);
  if (!g) throw notFound(`Glossary ${id} not found. List your glossaries with GET /v2/glossaries.`, 'glossary_not_found');
  return g;
}
