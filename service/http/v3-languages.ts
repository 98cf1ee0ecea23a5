/**
 * `GET /v3/languages?resource=…` and `GET /v3/languages/resources` of the local service (service process), in the
 * shape of DeepL's API: one entry per language with `lang` (BCP 47), `name`, `status`, `usable_as_source`,
 * `usable_as_target` and `features` (`{ formality: { status: 'stable' }, … }`), built from what the running engines
 * can do. Features: `formality` (targets the spec lists; accepted, no effect on Apertium), `glossary` (the glossary
 * languages), `tag_handling` (every language: the text layer keeps tags for every engine), `style_rules` (the style
 * rule languages; stored and checked, no effect on the local engines' output), `translation_memory` (every engine
 * language: memories are applied), `auto_detection` (languages the detector knows). `write` and `voice` are
 * products the local service does not offer: their lists are empty.
 */
import type { FastifyInstance } from 'fastify';
import {
  CUSTOM_INSTRUCTION_BASES,
  DETECTABLE_LANGUAGES,
  SOURCE_LANGUAGES,
  baseLanguage,
  languageName,
  supportsFormality,
} from '../../shared/spec/languages.js';
import { badRequest } from './errors.js';
import type { RouteDeps } from './routes.js';

export const V3_RESOURCES = ['translate_text', 'translate_document', 'glossary', 'style_rules', 'translation_memory', 'write', 'voice'] as const;
type Resource = (typeof V3_RESOURCES)[number];

/** `EN-GB` → `en-GB`, `ZH-HANS` → `zh-Hans`, `ES-419` → `es-419`. */
export function toBcp47(code: string): string {
  const [lang, region] = code.split('-');
  if (!region) return lang!.toLowerCase();
  const r = region.length === 4 ? region[0]!.toUpperCase() + region.slice(1).toLowerCase() : region.toUpperCase();
  return `${lang!.toLowerCase()}-${r}`;
}

const GLOSSARY_BASES = new Set(SOURCE_LANGUAGES.map((l) => l.code));
const DETECTABLE = new Set(DETECTABLE_LANGUAGES.map((l) => l.toUpperCase()));

const FEATURES: Record<Resource, { name: string; source?: true; target?: true }[]> = {
  translate_text: [
    { name: 'auto_detection', source: true },
    { name: 'formality', target: true },
    { name: 'glossary', source: true, target: true },
    { name: 'style_rules', target: true },
    { name: 'tag_handling', source: true, target: true },
    { name: 'translation_memory', source: true, target: true },
  ],
  translate_document: [
    { name: 'auto_detection', source: true },
    { name: 'formality', target: true },
    { name: 'glossary', source: true, target: true },
    { name: 'style_rules', target: true },
    { name: 'translation_memory', source: true, target: true },
  ],
  glossary: [],
  style_rules: [],
  translation_memory: [],
  write: [],
  voice: [],
};

function has(feature: string, code: string, usableAsSource: boolean): boolean {
  const base = baseLanguage(code);
  switch (feature) {
    case 'auto_detection':
      return usableAsSource && DETECTABLE.has(base);
    case 'formality':
      return supportsFormality(code);
    case 'glossary':
      return GLOSSARY_BASES.has(base);
    case 'style_rules':
      return CUSTOM_INSTRUCTION_BASES.has(base);
    default:
      return true;
  }
}

export function v3Languages(deps: Pick<RouteDeps, 'engines'>, resource: Resource): Record<string, unknown>[] {
  if (resource === 'write' || resource === 'voice') return [];
  const sources = new Set(deps.engines.languages('source').map((l) => l.code));
  const targets = new Set(deps.engines.languages('target').map((l) => l.code));
  let codes = [...new Set([...sources, ...targets])];
  if (resource === 'glossary') codes = codes.filter((c) => GLOSSARY_BASES.has(c));
  if (resource === 'style_rules') codes = codes.filter((c) => CUSTOM_INSTRUCTION_BASES.has(c));
  return codes.map((code) => {
    const usableAsSource = resource === 'glossary' || resource === 'translation_memory' ? true : sources.has(code);
    const usableAsTarget = resource === 'glossary' || resource === 'translation_memory' || resource === 'style_rules' ? true : targets.has(code);
    const features: Record<string, { status: string }> = {};
    for (const f of FEATURES[resource]) {
      if (f.target && !f.source && !usableAsTarget) continue;
      if (has(f.name, code, usableAsSource)) features[f.name] = { status: 'stable' };
    }
    return {
      lang: toBcp47(code),
      name: languageName(code),
      status: 'stable',
      usable_as_source: usableAsSource,
      usable_as_target: usableAsTarget,
      features,
    };
  });
}

export function registerV3LanguageRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const opts = { config: { scope: 'languages' as const } };
  app.get('/v3/languages/resources', opts, async () =>
    V3_RESOURCES.map((name) => ({
      name,
      features: FEATURES[name].map((f) => ({
        name: f.name,
        ...(f.source && { needs_source_support: true }),
        ...(f.target && { needs_target_support: true }),
      })),
    })),
  );
  app.get('/v3/languages', opts, async (req) => {
    const q = req.query as Record<string, unknown>;
    const resource = q.resource;
    if (typeof resource !== 'string' || !(V3_RESOURCES as readonly string[]).includes(resource)) {
      throw badRequest(`Parameter 'resource' is required: one of ${V3_RESOURCES.join(', ')}.`);
    }
    return v3Languages(deps, resource as Resource);
  });
}
