/**
 * v3 multilingual glossaries of the local service (service process), in the shapes of DeepL's API and mock:
 * `POST/GET /v3/glossaries`, `GET/PATCH/DELETE /v3/glossaries/{id}`, `GET /v3/glossaries/{id}/entries`,
 * `PUT/DELETE /v3/glossaries/{id}/dictionaries`. A glossary is edited in place: PUT replaces one dictionary, PATCH
 * renames and/or merges entries into one dictionary; the id and the other dictionaries stay as they were. Engines
 * use them through `glossary_id` (the dictionary of the request's pair; domain/translate.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS } from '../../shared/spec/limits.js';
import { glossaryLangCode } from '../domain/glossaries.js';
import { Params, type RawBody } from '../domain/params.js';
import { GlossaryEntriesError, entriesToTsv, parseGlossaryEntries, validateGlossaryName } from '../glossary/entries.js';
import type { Account } from '../store/store.js';
import { v3CacheKey, v3Stores, type V3Dictionary, type V3Glossary } from '../store/v3-glossaries.js';
import { HttpError, badRequest, forbidden, notFound } from './errors.js';
import type { RouteDeps } from './routes.js';

const auth = (req: FastifyRequest): Account => {
  if (!req.auth) throw forbidden('Not authenticated.');
  return req.auth.account;
};

export function dictionaryJson(d: Pick<V3Dictionary, 'sourceLang' | 'targetLang' | 'entryCount'>): Record<string, unknown> {
  return { source_lang: d.sourceLang, target_lang: d.targetLang, entry_count: d.entryCount };
}

export function v3GlossaryJson(g: V3Glossary): Record<string, unknown> {
  return { glossary_id: g.id, name: g.name, dictionaries: g.dictionaries.map(dictionaryJson), creation_time: g.createdAt };
}


function bodyParams(req: FastifyRequest): Params {
  const body = req.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest('The request body must be a JSON object.', 'malformed_body');
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return new Params({ ...(req.query as RawBody), ...((body ?? {}) as RawBody) }, type === 'application/x-www-form-urlencoded');
}

function name(raw: unknown): string {
  try {
    return validateGlossaryName(raw);
  } catch (e) {
    if (e instanceof GlossaryEntriesError) throw badRequest(`Parameter 'name': ${e.message}`);
    throw e;
  }
}

/** Reads one dictionary (`source_lang`, `target_lang`, `entries`, `entries_format`) and validates its entries. */
function readDictionary(raw: unknown, where: string): Omit<V3Dictionary, 'revision'> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(`${where} must be an object with source_lang, target_lang, entries and entries_format.`);
  const p = new Params(raw as RawBody, false);
  const sourceLang = glossaryLangCode(p.requiredString('source_lang'), `${where}.source_lang`);
  const targetLang = glossaryLangCode(p.requiredString('target_lang'), `${where}.target_lang`);
  if (sourceLang === targetLang) {
    throw badRequest(`${where}: source_lang and target_lang are both ${sourceLang.toUpperCase()}; a dictionary needs two different languages.`);
  }
  const format = p.oneOf('entries_format', ['tsv', 'csv'] as const);
  if (!format) throw badRequest(`${where}.entries_format is required: use tsv or csv.`);
  const entries = p.string('entries');
  if (entries === undefined) throw badRequest(`${where}.entries is required: send the dictionary's entries as ${format}.`);
  if (Buffer.byteLength(entries, 'utf8') > LIMITS.glossaryBytes) {
    throw new HttpError(413, `The entries of ${where} are larger than ${LIMITS.glossaryBytes} bytes (10 MiB). Split them.`, 'glossary_too_large');
  }
  try {
    const parsed = parseGlossaryEntries(entries, format, { source: sourceLang, target: targetLang });
    return { sourceLang, targetLang, entriesTsv: entriesToTsv(parsed), entryCount: parsed.length };
  } catch (e) {
    if (e instanceof GlossaryEntriesError) throw badRequest(`${where}.entries: ${e.message}`, 'invalid_glossary_entries');
    throw e;
  }
}

/** Entries of `extra` added to `base`; a source term already in `base` takes the new target (PATCH semantics). */
function mergeTsv(base: string, extra: string): { tsv: string; count: number } {
  const map = new Map<string, string>();
  for (const tsv of [base, extra]) {
    for (const line of tsv.split('\n')) {
      const tab = line.indexOf('\t');
      if (tab > 0) map.set(line.slice(0, tab), line.slice(tab + 1));
    }
  }
  return { tsv: [...map].map(([s, t]) => `${s}\t${t}`).join('\n'), count: map.size };
}

export function registerV3GlossaryRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { store } = deps;
  const v3 = (): ReturnType<typeof v3Stores>['glossaries'] => v3Stores(store.db).glossaries;
  const opts = { config: { scope: 'glossary' as const } };
  const big = { ...opts, bodyLimit: 12 * 1024 * 1024 };

  const requireV3 = (account: Account, id: string): V3Glossary => {
    const g = v3().get(account.id, id);
    if (!g) throw notFound(`Glossary ${id} not found. List your glossaries with GET /v3/glossaries.`, 'glossary_not_found');
    return g;
  };
  const pairOf = (p: Params): { sourceLang: string; targetLang: string } => ({
    sourceLang: glossaryLangCode(p.requiredString('source_lang'), 'source_lang'),
    targetLang: glossaryLangCode(p.requiredString('target_lang'), 'target_lang'),
  });
  const forgetAll = (g: V3Glossary) => g.dictionaries.forEach((d) => deps.glossaries.forget(v3CacheKey(g.id, d)));

  app.post('/v3/glossaries', big, async (req, reply) => {
    const account = auth(req);
    const p = bodyParams(req);
    const n = name(p.raw('name'));
    const raw = p.raw('dictionaries');
    if (!Array.isArray(raw) || raw.length === 0) {
      throw badRequest(`Parameter 'dictionaries' is required: a list of one or more {source_lang, target_lang, entries, entries_format}.`);
    }
    const dicts = raw.map((d, i) => readDictionary(d, `dictionaries[${i}]`));
    const seen = new Set<string>();
    for (const d of dicts) {
      const k = `${d.sourceLang}-${d.targetLang}`;
      if (seen.has(k)) throw badRequest(`Parameter 'dictionaries' has two dictionaries for ${d.sourceLang.toUpperCase()}→${d.targetLang.toUpperCase()}; give each pair once.`);
      seen.add(k);
    }
    const total = dicts.reduce((n2, d) => n2 + Buffer.byteLength(d.entriesTsv, 'utf8'), 0);
    if (total > LIMITS.glossaryBytes) {
      throw new HttpError(413, `The glossary's entries are larger than ${LIMITS.glossaryBytes} bytes (10 MiB) in all. Split it.`, 'glossary_too_large');
    }
    if (store.countGlossaries(account.id) >= LIMITS.glossariesPerAccount) {
      throw badRequest(
        `This account already has ${LIMITS.glossariesPerAccount} glossaries, the most allowed. Delete one before creating another.`,
        'glossary_limit_reached',
      );
    }
    return reply.code(201).send(v3GlossaryJson(v3().create(account.id, n, dicts)));
  });

  app.get('/v3/glossaries', opts, async (req) => ({ glossaries: v3().list(auth(req).id).map(v3GlossaryJson) }));

  app.get('/v3/glossaries/:id', opts, async (req) => v3GlossaryJson(requireV3(auth(req), (req.params as { id: string }).id)));

  app.get('/v3/glossaries/:id/entries', opts, async (req) => {
    const g = requireV3(auth(req), (req.params as { id: string }).id);
    const { sourceLang, targetLang } = pairOf(bodyParams(req));
    const d = g.dictionaries.find((x) => x.sourceLang === sourceLang && x.targetLang === targetLang);
    if (!d) throw notFound(`Glossary ${g.id} has no ${sourceLang.toUpperCase()}→${targetLang.toUpperCase()} dictionary.`, 'dictionary_not_found');
    return { dictionaries: [{ source_lang: d.sourceLang, target_lang: d.targetLang, entries: d.entriesTsv, entries_format: 'tsv' }] };
  });

  app.delete('/v3/glossaries/:id', opts, async (req, reply) => {
    const account = auth(req);
    const g = requireV3(account, (req.params as { id: string }).id);
    v3().remove(account.id, g.id);
    forgetAll(g);
    return reply.code(204).send();
  });

  app.patch('/v3/glossaries/:id', big, async (req) => {
    const account = auth(req);
    const g = requireV3(account, (req.params as { id: string }).id);
    const p = bodyParams(req);
    const newName = p.has('name') ? name(p.raw('name')) : undefined;
    const raw = p.raw('dictionaries');
    const dicts = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
    if (dicts.length > 1) throw badRequest(`Parameter 'dictionaries': PATCH changes one dictionary at a time; send one, or use PUT /v3/glossaries/${g.id}/dictionaries.`);
    if (newName === undefined && dicts.length === 0) throw badRequest(`Send 'name', 'dictionaries' or both.`);
    const d = dicts.length === 1 ? readDictionary(dicts[0], 'dictionaries[0]') : undefined;
    store.transaction(() => {
      if (newName !== undefined) v3().rename(account.id, g.id, newName);
      if (d) {
        const current = g.dictionaries.find((x) => x.sourceLang === d.sourceLang && x.targetLang === d.targetLang);
        const merged = mergeTsv(current?.entriesTsv ?? '', d.entriesTsv);
        if (current) deps.glossaries.forget(v3CacheKey(g.id, current));
        v3().putDictionary(g.id, { ...d, entriesTsv: merged.tsv, entryCount: merged.count });
      }
    });
    return v3GlossaryJson(requireV3(account, g.id));
  });

  app.put('/v3/glossaries/:id/dictionaries', big, async (req) => {
    const account = auth(req);
    const g = requireV3(account, (req.params as { id: string }).id);
    const d = readDictionary(req.body ?? {}, 'body');
    const current = g.dictionaries.find((x) => x.sourceLang === d.sourceLang && x.targetLang === d.targetLang);
    if (current) deps.glossaries.forget(v3CacheKey(g.id, current));
    return dictionaryJson(v3().putDictionary(g.id, d));
  });

  app.delete('/v3/glossaries/:id/dictionaries', opts, async (req, reply) => {
    const account = auth(req);
    const g = requireV3(account, (req.params as { id: string }).id);
    const { sourceLang, targetLang } = pairOf(bodyParams(req));
    const current = g.dictionaries.find((x) => x.sourceLang === sourceLang && x.targetLang === targetLang);
    if (!current) throw notFound(`Glossary ${g.id} has no ${sourceLang.toUpperCase()}→${targetLang.toUpperCase()} dictionary.`, 'dictionary_not_found');
    v3().removeDictionary(g.id, sourceLang, targetLang);
    deps.glossaries.forget(v3CacheKey(g.id, current));
    return reply.code(204).send();
  });
}
