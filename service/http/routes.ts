/**
 * Routes of part 1 of the spec (service process): translate, languages, usage, glossaries, detection and the
 * admin interface. Handlers are thin: they read parameters and call the domain.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { supportsFormality } from '../../shared/spec/languages.js';
import { LIMITS } from '../../shared/spec/limits.js';
import {
  GlossaryCache,
  createGlossary,
  glossaryJson,
  glossaryLanguagePairs,
  requireGlossary,
} from '../domain/glossaries.js';
import { Params, type RawBody } from '../domain/params.js';
import { readTranslateParams, translate, type TranslateDeps } from '../domain/translate.js';
import type { Quota } from '../domain/usage.js';
import type { EngineSet } from '../engines/registry.js';
import { DEFAULT_KEY_LABEL, type ApiKey, type Store } from '../store/store.js';
import { HttpError, badRequest, notFound } from './errors.js';
import { registerLanguagePairRoutes } from './language-pairs.js';
import { registerStyleRuleRoutes } from './style-rules.js';
import { registerV3GlossaryRoutes } from './v3-glossaries.js';
import { registerV3LanguageRoutes } from './v3-languages.js';

export interface RouteDeps extends TranslateDeps {
  store: Store;
  quota: Quota;
  engines: EngineSet;
  glossaries: GlossaryCache;
  /** v3 glossaries, style rules, translation memories and languages; false answers 404 there (a v2-only peer). */
  v3?: boolean;
}

const auth = (req: FastifyRequest) => {
  if (!req.auth) throw new HttpError(403, 'Not authenticated.', 'forbidden');
  return req.auth;
};

function params(req: FastifyRequest): Params {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const body = req.body;
  if (body !== undefined && type !== 'application/json' && type !== 'application/x-www-form-urlencoded') {
    throw badRequest(
      `Unsupported Content-Type "${type}": send application/json or application/x-www-form-urlencoded.`,
      'invalid_content_type',
    );
  }
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw badRequest('The request body must be a JSON object or a form.', 'malformed_body');
  }
  return new Params((body ?? {}) as RawBody, type === 'application/x-www-form-urlencoded');
}

/** The spec's translate response; a response schema lets fastify serialise it with a compiled stringifier. */
const TRANSLATE_RESPONSE = {
  type: 'object',
  properties: {
    translations: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          detected_source_language: { type: 'string' },
          text: { type: 'string' },
          billed_characters: { type: 'integer' },
          model_type_used: { type: 'string' },
          tag_handling_version: { type: 'string' },
        },
        required: ['detected_source_language', 'text'],
      },
    },
  },
  required: ['translations'],
} as const;

/** The spec's Developer key resource. */
export function developerKeyJson(k: ApiKey): Record<string, unknown> {
  const out: Record<string, unknown> = {
    key_id: k.keyId,
    label: k.label,
    creation_time: k.createdAt,
    is_deactivated: k.deactivatedAt !== null,
    usage_limits: { characters: k.characterLimit },
  };
  if (k.deactivatedAt) out.deactivated_time = k.deactivatedAt;
  return out;
}

export function registerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { store, quota, engines } = deps;
  registerLanguagePairRoutes(app, deps); // Verso extension: GET /v2/languages/pairs
  if (deps.v3 !== false) {
    registerV3GlossaryRoutes(app, deps);
    registerStyleRuleRoutes(app, deps);
    registerV3LanguageRoutes(app, deps);
  }

  app.post(
    '/v2/translate',
    { config: { scope: 'translate' }, schema: { response: { 200: TRANSLATE_RESPONSE } } },
    async (req, reply) => {
      const { account, key } = auth(req);
      const request = readTranslateParams(params(req));
      const out = await translate(deps, account, key, request);
      if (out.engine) reply.header('X-Verso-Engine', out.engine);
      return { translations: out.translations };
    },
  );

  app.get('/v2/languages', { config: { scope: 'languages' } }, async (req) => {
    const type = (req.query as Record<string, unknown>).type ?? 'source';
    if (type !== 'source' && type !== 'target') {
      throw badRequest(`Value for 'type' not supported: "${String(type)}". Use source or target.`);
    }
    return engines.languages(type).map((l) => {
      const entry: Record<string, unknown> = {
        language: l.code,
        name: l.pseudoOnly ? `${l.name} (pseudo)` : l.name,
      };
      // supports_formality describes targets; DeepL and this spec's listing show it on the target list.
      if (type === 'target') entry.supports_formality = supportsFormality(l.code);
      return entry;
    });
  });

  app.get('/v2/usage', { config: { scope: 'usage' } }, async (req) => {
    const { account, key } = auth(req);
    return quota.report(account, key);
  });

  // --- Glossaries (v2) ---
  app.post(
    '/v2/glossaries',
    { config: { scope: 'glossary' }, bodyLimit: 12 * 1024 * 1024 },
    async (req, reply) => {
      const { account } = auth(req);
      const g = createGlossary(store, account, params(req));
      return reply.code(201).send(glossaryJson(g));
    },
  );
  app.get('/v2/glossaries', { config: { scope: 'glossary' } }, async (req) => {
    const { account } = auth(req);
    return { glossaries: store.listGlossaries(account.id).map(glossaryJson) };
  });
  app.get('/v2/glossaries/:id', { config: { scope: 'glossary' } }, async (req) => {
    const { account } = auth(req);
    return glossaryJson(requireGlossary(store, account, (req.params as { id: string }).id));
  });
  app.get('/v2/glossaries/:id/entries', { config: { scope: 'glossary' } }, async (req, reply) => {
    const { account } = auth(req);
    const g = requireGlossary(store, account, (req.params as { id: string }).id);
    const accept = req.headers.accept;
    if (accept && !/(text\/tab-separated-values|text\/\*|\*\/\*)/i.test(accept)) {
      throw new HttpError(
        415,
        `Entries are only available as text/tab-separated-values; send "Accept: text/tab-separated-values" (got "${accept}").`,
        'unsupported_media_type',
      );
    }
    return reply.type('text/tab-separated-values; charset=utf-8').send(g.entriesTsv);
  });
  app.delete('/v2/glossaries/:id', { config: { scope: 'glossary' } }, async (req, reply) => {
    const { account } = auth(req);
    const id = (req.params as { id: string }).id;
    if (!store.deleteGlossary(account.id, id)) {
      throw notFound(
        `Glossary ${id} not found. List your glossaries with GET /v2/glossaries.`,
        'glossary_not_found',
      );
    }
    deps.glossaries.forget(id);
    return reply.code(204).send();
  });
  app.get('/v2/glossary-language-pairs', { config: { scope: 'glossary' } }, async () => ({
    supported_languages: glossaryLanguagePairs(),
  }));

  // --- Language detection (beta) ---
  app.post('/v3/detect/language', { config: { scope: 'detect' } }, async (req) => {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json' && type !== 'application/x-www-form-urlencoded') {
      throw new HttpError(
        415,
        `Unsupported media type "${type}": send application/json or application/x-www-form-urlencoded.`,
        'invalid_content_type',
      );
    }
    const p = params(req);
    if (!p.has('text')) throw badRequest(`Parameter 'text' not specified: send one or more texts.`);
    const raw = p.raw('text');
    const texts = Array.isArray(raw) ? raw : [raw];
    if (texts.some((t) => typeof t !== 'string'))
      throw badRequest(`Parameter 'text' must be a list of strings.`);
    if (texts.length > LIMITS.textsPerRequest) {
      throw badRequest(
        `Parameter 'text' has ${texts.length} entries; at most ${LIMITS.textsPerRequest} are allowed per request.`,
      );
    }
    const detector = await deps.detector();
    return {
      results: (texts as string[]).map((t) => {
        const d = detector.detect(t);
        return d.status === 'success'
          ? { detection_status: 'success', detected_language: d.language }
          : { detection_status: d.status };
      }),
    };
  });

  // --- Admin interface (Pro base only; enforced in auth) ---
  const adminKey = (accountId: string, keyId: unknown): ApiKey => {
    if (typeof keyId !== 'string' || keyId === '') throw badRequest(`Parameter 'key_id' is required.`);
    const k = store.getKey(keyId);
    if (!k || k.accountId !== accountId || k.tier === 'admin') {
      throw notFound(`Developer key ${keyId} not found in this account.`, 'key_not_found');
    }
    return k;
  };
  app.post('/v2/admin/developer-keys', { config: { scope: 'admin' } }, async (req) => {
    const { account } = auth(req);
    const p = params(req);
    const label = p.string('label');
    if (label !== undefined && label.length > 1024)
      throw badRequest(`Parameter 'label' is longer than 1024 characters.`);
    if (store.countActiveDeveloperKeys(account.id) >= LIMITS.activeDeveloperKeys) {
      throw badRequest(
        `At most ${LIMITS.activeDeveloperKeys} keys may be active at once; deactivate one before creating another.`,
        'too_many_keys',
      );
    }
    const { key, secret } = store.createKey({
      accountId: account.id,
      tier: 'pro',
      label: label && label.trim() !== '' ? label : DEFAULT_KEY_LABEL,
    });
    // The secret is returned once, here; the service keeps only its hash.
    return { ...developerKeyJson(key), key: secret };
  });
  app.get('/v2/admin/developer-keys', { config: { scope: 'admin' } }, async (req) => {
    const { account } = auth(req);
    return store.listDeveloperKeys(account.id).map(developerKeyJson);
  });
  app.put('/v2/admin/developer-keys/deactivate', { config: { scope: 'admin' } }, async (req) => {
    const { account } = auth(req);
    const k = adminKey(account.id, params(req).raw('key_id'));
    return developerKeyJson(
      k.deactivatedAt ? k : store.updateKey(k.keyId, { deactivatedAt: new Date().toISOString() }),
    );
  });
  app.put('/v2/admin/developer-keys/label', { config: { scope: 'admin' } }, async (req) => {
    const { account } = auth(req);
    const p = params(req);
    const k = adminKey(account.id, p.raw('key_id'));
    const label = p.string('label');
    if (label === undefined || label.trim() === '')
      throw badRequest(`Parameter 'label' is required and must not be empty.`);
    if (label.length > 1024) throw badRequest(`Parameter 'label' is longer than 1024 characters.`);
    return developerKeyJson(store.updateKey(k.keyId, { label }));
  });
  app.put('/v2/admin/developer-keys/limits', { config: { scope: 'admin' } }, async (req) => {
    const { account } = auth(req);
    const p = params(req);
    const k = adminKey(account.id, p.raw('key_id'));
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!('characters' in body)) {
      throw badRequest(
        `Parameter 'characters' is required: an integer of 0 or more, or null to remove the limit.`,
      );
    }
    const c = body.characters;
    if (c !== null && !(typeof c === 'number' && Number.isInteger(c) && c >= 0)) {
      throw badRequest(
        `Parameter 'characters' must be an integer of 0 or more, or null to remove the limit.`,
      );
    }
    return developerKeyJson(store.updateKey(k.keyId, { characterLimit: c as number | null }));
  });
}
