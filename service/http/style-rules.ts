/**
 * Style rule lists and translation memories of the local service (service process), in the shapes of DeepL's API
 * and mock: `/v3/style_rules` (list with `page`, `page_size`, `detailed`; create; get; PATCH name; DELETE),
 * `PUT /v3/style_rules/{id}/configured_rules`, `/v3/style_rules/{id}/custom_instructions` (create, get, PUT, DELETE),
 * and `GET /v3/translation_memories` (paged listing). Verso extension: `POST /v3/translation_memories` creates a
 * memory from TSV (DeepL manages memories only in its web interface; the CLI's `tm create` does the same).
 *
 * Effect on the local engines: a style rule list's language is checked against the target (400 otherwise), but its
 * configured rules and custom instructions change nothing in Apertium's or the pseudo engine's output (neither can
 * follow such rules). Translation memories are applied (domain/translate.ts: a sentence at or above the threshold
 * takes the memory's translation).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { baseLanguage, isSourceLanguage, isTargetLanguage } from '../../shared/spec/languages.js';
import { Params, type RawBody } from '../domain/params.js';
import type { Account } from '../store/store.js';
import type { CustomInstruction, StyleRule } from '../store/style-rules.js';
import { v3Stores } from '../store/v3-glossaries.js';
import { badRequest, forbidden, notFound } from './errors.js';
import type { RouteDeps } from './routes.js';

/** The seven groups of configured rules DeepL defines; a rule is `group: { rule: option }`. */
export const CONFIGURED_RULE_GROUPS = [
  'dates_and_times',
  'formatting',
  'numbers',
  'punctuation',
  'spelling_and_grammar',
  'style_and_tone',
  'vocabulary',
] as const;
export const STYLE_RULE_LIMITS = { customInstructions: 200, promptChars: 300, labelChars: 100, nameChars: 1024, pageSizeMax: 25 };

const auth = (req: FastifyRequest): Account => {
  if (!req.auth) throw forbidden('Not authenticated.');
  return req.auth.account;
};

function params(req: FastifyRequest): Params {
  const body = req.body;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest('The request body must be a JSON object.', 'malformed_body');
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  return new Params({ ...(req.query as RawBody), ...((body ?? {}) as RawBody) }, type === 'application/x-www-form-urlencoded');
}

export function styleRuleJson(r: StyleRule, detailed: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    style_id: r.id,
    name: r.name,
    language: r.language,
    creation_time: r.createdAt,
    updated_time: r.updatedAt,
    version: r.version,
  };
  if (detailed) {
    out.configured_rules = r.configuredRules;
    out.custom_instructions = r.customInstructions;
  }
  return out;
}

function ruleName(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw badRequest(`Parameter 'name' is required: give the style rule list a name.`);
  if (raw.length > STYLE_RULE_LIMITS.nameChars) throw badRequest(`Parameter 'name' is longer than ${STYLE_RULE_LIMITS.nameChars} characters.`);
  return raw;
}

function language(raw: unknown, name = 'language'): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw badRequest(`Parameter '${name}' is required: a language code such as de or en.`);
  const code = raw.trim().toUpperCase();
  if (!isTargetLanguage(code) && !isSourceLanguage(code)) throw badRequest(`Value for '${name}' not supported: "${raw}". Use a language code such as de or en.`);
  return code.toLowerCase();
}

function configuredRules(raw: unknown): StyleRule['configuredRules'] {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(`'configured_rules' must be an object of rule groups.`);
  const out: StyleRule['configuredRules'] = {};
  for (const [group, rules] of Object.entries(raw as Record<string, unknown>)) {
    if (!(CONFIGURED_RULE_GROUPS as readonly string[]).includes(group)) {
      throw badRequest(`Unknown group '${group}' in 'configured_rules'; use ${CONFIGURED_RULE_GROUPS.join(', ')}.`);
    }
    if (!rules || typeof rules !== 'object' || Array.isArray(rules)) throw badRequest(`'configured_rules.${group}' must be an object of rule: option.`);
    const g: Record<string, string> = {};
    for (const [rule, option] of Object.entries(rules as Record<string, unknown>)) {
      if (typeof option !== 'string' || option === '') throw badRequest(`'configured_rules.${group}.${rule}' must be an option name (a string).`);
      g[rule] = option;
    }
    out[group] = g;
  }
  return out;
}

function instruction(p: Params, fallbackLang: string): Omit<CustomInstruction, 'id'> {
  const label = p.string('label');
  if (label === undefined || label.trim() === '') throw badRequest(`Parameter 'label' is required: name the instruction.`);
  if (label.length > STYLE_RULE_LIMITS.labelChars) throw badRequest(`Parameter 'label' is longer than ${STYLE_RULE_LIMITS.labelChars} characters.`);
  const prompt = p.string('prompt');
  if (prompt === undefined || prompt.trim() === '') throw badRequest(`Parameter 'prompt' is required: write the instruction.`);
  if ([...prompt].length > STYLE_RULE_LIMITS.promptChars) throw badRequest(`Parameter 'prompt' is longer than ${STYLE_RULE_LIMITS.promptChars} characters; shorten it.`);
  const src = p.string('source_language');
  return { label, prompt, source_language: src ? language(src, 'source_language') : fallbackLang };
}

function page(p: Params): { page: number; size: number } {
  return { page: p.integer('page', 0, 1_000_000) ?? 0, size: p.integer('page_size', 1, STYLE_RULE_LIMITS.pageSizeMax) ?? 10 };
}

export function registerStyleRuleRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const rules = () => v3Stores(deps.store.db).styleRules;
  const opts = { config: { scope: 'translate' as const } };
  const requireRule = (account: Account, id: string): StyleRule => {
    const r = rules().get(account.id, id);
    if (!r) throw notFound(`Style rule list ${id} not found. List yours with GET /v3/style_rules.`, 'style_rule_not_found');
    return r;
  };
  const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
  const instrOf = (req: FastifyRequest) => (req.params as { iid: string }).iid;

  app.get('/v3/style_rules', opts, async (req) => {
    const p = params(req);
    const { page: n, size } = page(p);
    const detailed = p.boolean('detailed') ?? false;
    const all = rules().list(auth(req).id);
    return { style_rules: all.slice(n * size, n * size + size).map((r) => styleRuleJson(r, detailed)) };
  });

  app.post('/v3/style_rules', opts, async (req, reply) => {
    const account = auth(req);
    const p = params(req);
    const lang = language(p.raw('language'));
    const raw = p.raw('custom_instructions');
    const list = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw : [raw];
    if (list.length > STYLE_RULE_LIMITS.customInstructions) throw badRequest(`At most ${STYLE_RULE_LIMITS.customInstructions} custom instructions per style rule list.`);
    const created = rules().create(account.id, {
      name: ruleName(p.raw('name')),
      language: lang,
      configuredRules: configuredRules(p.raw('configured_rules')),
      customInstructions: list.map((c) => {
        if (!c || typeof c !== 'object') throw badRequest(`Each custom instruction must be an object with label and prompt.`);
        return instruction(new Params(c as RawBody, false), lang);
      }),
    });
    return reply.code(201).send(styleRuleJson(created, true));
  });

  app.get('/v3/style_rules/:id', opts, async (req) => styleRuleJson(requireRule(auth(req), idOf(req)), true));

  app.patch('/v3/style_rules/:id', opts, async (req) => {
    const account = auth(req);
    requireRule(account, idOf(req));
    const p = params(req);
    const name = p.has('name') ? ruleName(p.raw('name')) : undefined;
    return styleRuleJson(rules().update(account.id, idOf(req), (r) => { if (name !== undefined) r.name = name; })!, true);
  });

  app.delete('/v3/style_rules/:id', opts, async (req, reply) => {
    const account = auth(req);
    requireRule(account, idOf(req));
    rules().remove(account.id, idOf(req));
    return reply.code(204).send();
  });

  app.put('/v3/style_rules/:id/configured_rules', opts, async (req) => {
    const account = auth(req);
    requireRule(account, idOf(req));
    const next = configuredRules(req.body ?? {});
    return styleRuleJson(rules().update(account.id, idOf(req), (r) => { r.configuredRules = next; })!, true);
  });

  app.post('/v3/style_rules/:id/custom_instructions', opts, async (req, reply) => {
    const account = auth(req);
    const r = requireRule(account, idOf(req));
    if (r.customInstructions.length >= STYLE_RULE_LIMITS.customInstructions) {
      throw badRequest(`This style rule list already has ${STYLE_RULE_LIMITS.customInstructions} custom instructions, the most allowed; remove one first.`);
    }
    const made = { id: randomUUID(), ...instruction(params(req), r.language) };
    rules().update(account.id, r.id, (x) => { x.customInstructions.push(made); });
    return reply.code(201).send(made);
  });

  const requireInstruction = (r: StyleRule, iid: string): CustomInstruction => {
    const c = r.customInstructions.find((x) => x.id === iid);
    if (!c) throw notFound(`Custom instruction ${iid} not found in style rule list ${r.id}.`, 'custom_instruction_not_found');
    return c;
  };

  app.get('/v3/style_rules/:id/custom_instructions/:iid', opts, async (req) =>
    requireInstruction(requireRule(auth(req), idOf(req)), instrOf(req)));

  app.put('/v3/style_rules/:id/custom_instructions/:iid', opts, async (req) => {
    const account = auth(req);
    const r = requireRule(account, idOf(req));
    requireInstruction(r, instrOf(req));
    const next = { id: instrOf(req), ...instruction(params(req), r.language) };
    rules().update(account.id, r.id, (x) => {
      x.customInstructions = x.customInstructions.map((c) => (c.id === next.id ? next : c));
    });
    return next;
  });

  app.delete('/v3/style_rules/:id/custom_instructions/:iid', opts, async (req, reply) => {
    const account = auth(req);
    const r = requireRule(account, idOf(req));
    requireInstruction(r, instrOf(req));
    rules().update(account.id, r.id, (x) => {
      x.customInstructions = x.customInstructions.filter((c) => c.id !== instrOf(req));
    });
    return reply.code(204).send();
  });

  // --- Translation memories ---
  app.get('/v3/translation_memories', opts, async (req) => {
    const { page: n, size } = page(params(req));
    const all = rules().translationMemories(auth(req).id);
    return {
      translation_memories: all.slice(n * size, n * size + size).map((t) => ({
        translation_memory_id: t.id,
        name: t.name,
        source_language: t.sourceLang.toLowerCase(),
        target_languages: [t.targetLang.toLowerCase()],
        segment_count: t.segmentCount,
      })),
      total_count: all.length,
    };
  });

  // Verso extension: create a memory from TSV (source<TAB>target per line).
  app.post('/v3/translation_memories', { ...opts, bodyLimit: 12 * 1024 * 1024 }, async (req, reply) => {
    const account = auth(req);
    const p = params(req);
    const source = language(p.raw('source_language'), 'source_language');
    const target = language(p.raw('target_language'), 'target_language');
    if (baseLanguage(source) === baseLanguage(target)) throw badRequest(`'source_language' and 'target_language' must differ.`);
    const entries = (p.string('entries') ?? '').replace(/\r\n?/g, '\n');
    const bad = entries.split('\n').findIndex((l) => l !== '' && l.split('\t').length !== 2);
    if (bad >= 0) throw badRequest(`Parameter 'entries' line ${bad + 1}: expected "source<TAB>target".`);
    const tm = deps.store.createTranslationMemory({
      accountId: account.id,
      name: ruleName(p.raw('name')),
      sourceLang: source.toUpperCase(),
      targetLang: target.toUpperCase(),
      entriesTsv: entries,
    });
    const segments = entries.split('\n').filter((l) => l.includes('\t')).length;
    return reply.code(201).send({
      translation_memory_id: tm.id,
      name: tm.name,
      source_language: source,
      target_languages: [target],
      segment_count: segments,
    });
  });
}
