/**
 * The v3 customisation endpoints of the Translation Service (main process, plain Node): multilingual glossaries
 * (`/v3/glossaries`, edited in place), style rule lists (`/v3/style_rules`), translation memories
 * (`/v3/translation_memories`) and `/v3/languages`, in the shapes of DeepL's API (deepl-node's
 * `createMultilingualGlossary`, `replaceMultilingualGlossaryDictionary`, `getAllStyleRules`,
 * `listTranslationMemories`, …) and its mock server. Every request goes through `ApiClient.request`, so retries,
 * deadlines, cancellation and error wording are the v2 client's. Answers are checked with the zod schemas below;
 * fields this code does not use are let through, so a service that adds fields still works.
 */
import { z } from 'zod';
import type { ApiClient, CallOptions } from './api-client.js';
import { ApiError } from './api-errors.js';

export const WireV3Dictionary = z.object({ source_lang: z.string(), target_lang: z.string(), entry_count: z.number().int() });
export const WireV3Glossary = z.object({
  glossary_id: z.string(),
  name: z.string(),
  dictionaries: z.array(WireV3Dictionary),
  creation_time: z.string(),
});
export type WireV3Glossary = z.infer<typeof WireV3Glossary>;
const WireV3GlossaryList = z.object({ glossaries: z.array(WireV3Glossary) });
const WireV3Entries = z.object({
  dictionaries: z.array(z.object({ source_lang: z.string(), target_lang: z.string(), entries: z.string(), entries_format: z.string().optional() })),
});

export const WireCustomInstruction = z.object({
  id: z.string(),
  label: z.string(),
  prompt: z.string(),
  source_language: z.string().optional(),
});
export type WireCustomInstruction = z.infer<typeof WireCustomInstruction>;
export const WireStyleRule = z.object({
  style_id: z.string(),
  name: z.string(),
  language: z.string(),
  creation_time: z.string().optional(),
  updated_time: z.string().optional(),
  version: z.number().optional(),
  // DeepL's reference shows an object of groups; some answers wrap it in a one-element array.
  configured_rules: z
    .union([z.record(z.string(), z.record(z.string(), z.string())), z.array(z.record(z.string(), z.record(z.string(), z.string())))])
    .optional(),
  custom_instructions: z.array(WireCustomInstruction).optional(),
});
export type WireStyleRule = z.infer<typeof WireStyleRule>;
const WireStyleRuleList = z.object({ style_rules: z.array(WireStyleRule) });

export const WireTranslationMemory = z.object({
  translation_memory_id: z.string(),
  name: z.string(),
  source_language: z.string(),
  target_languages: z.array(z.string()),
  segment_count: z.number().int().optional(),
});
export type WireTranslationMemory = z.infer<typeof WireTranslationMemory>;
const WireTranslationMemoryList = z.object({ translation_memories: z.array(WireTranslationMemory), total_count: z.number().int().optional() });

export const WireV3Language = z.object({
  lang: z.string(),
  name: z.string(),
  usable_as_source: z.boolean().optional(),
  usable_as_target: z.boolean().optional(),
  features: z.record(z.string(), z.unknown()).optional(),
});
export type WireV3Language = z.infer<typeof WireV3Language>;

export type V3Resource = 'translate_text' | 'translate_document' | 'glossary' | 'style_rules' | 'translation_memory';
export type ConfiguredRules = Record<string, Record<string, string>>;

/** Page size of the paged lists (DeepL allows 1–25). */
const PAGE = 25;
/** Stops a service that pages forever from holding main (25 × 400 = 10,000 style rule lists). */
const MAX_PAGES = 400;

export function configuredRulesOf(r: WireStyleRule): ConfiguredRules {
  const c = r.configured_rules;
  if (!c) return {};
  return Array.isArray(c) ? Object.assign({}, ...c) : c;
}

export class V3Client {
  constructor(private readonly api: ApiClient) {}

  private async json<S extends z.ZodType>(
    spec: { operation: string; method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; query?: Record<string, string>; json?: unknown },
    schema: S,
    call: CallOptions,
  ): Promise<z.output<S>> {
    const res = await this.api.request(spec, call);
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ApiError('bad_response', `The service at ${this.api.baseUrl} did not answer ${spec.method} ${spec.path} with JSON; it may not be a compatible Translation Service.`);
    }
    const ok = schema.safeParse(parsed);
    if (!ok.success) {
      throw new ApiError('bad_response', `The service's answer to ${spec.method} ${spec.path} does not match the API; it may not be a compatible Translation Service.`);
    }
    return ok.data;
  }

  private async none(spec: { operation: string; method: 'DELETE' | 'PUT'; path: string; query?: Record<string, string>; json?: unknown }, call: CallOptions): Promise<void> {
    const res = await this.api.request(spec, call);
    await res.text();
  }

  // ----- Languages -----

  async languages(resource: V3Resource, call: CallOptions = {}): Promise<WireV3Language[]> {
    return this.json({ operation: 'customisation.languages', method: 'GET', path: '/v3/languages', query: { resource } }, z.array(WireV3Language), call);
  }

  // ----- Multilingual glossaries -----

  async listGlossaries(call: CallOptions = {}): Promise<WireV3Glossary[]> {
    return (await this.json({ operation: 'glossaries.list', method: 'GET', path: '/v3/glossaries' }, WireV3GlossaryList, call)).glossaries;
  }

  async getGlossary(id: string, call: CallOptions = {}): Promise<WireV3Glossary> {
    return this.json({ operation: 'glossaries.get', method: 'GET', path: `/v3/glossaries/${encodeURIComponent(id)}` }, WireV3Glossary, call);
  }

  async createGlossary(
    name: string,
    dictionaries: { sourceLang: string; targetLang: string; entriesTsv: string }[],
    call: CallOptions = {},
  ): Promise<WireV3Glossary> {
    return this.json(
      {
        operation: 'glossaries.create',
        method: 'POST',
        path: '/v3/glossaries',
        json: {
          name,
          dictionaries: dictionaries.map((d) => ({
            source_lang: d.sourceLang.toLowerCase(),
            target_lang: d.targetLang.toLowerCase(),
            entries: d.entriesTsv,
            entries_format: 'tsv',
          })),
        },
      },
      WireV3Glossary,
      call,
    );
  }

  /** One dictionary's entries as TSV. */
  async dictionaryEntries(id: string, sourceLang: string, targetLang: string, call: CallOptions = {}): Promise<string> {
    const data = await this.json(
      {
        operation: 'glossaries.entries',
        method: 'GET',
        path: `/v3/glossaries/${encodeURIComponent(id)}/entries`,
        query: { source_lang: sourceLang.toLowerCase(), target_lang: targetLang.toLowerCase() },
      },
      WireV3Entries,
      call,
    );
    const d = data.dictionaries[0];
    if (!d) throw new ApiError('not_found', `Glossary ${id} has no ${sourceLang}→${targetLang} dictionary.`);
    return d.entries;
  }

  /** Replaces (or adds) one dictionary in place: same glossary id, the other dictionaries untouched. */
  async replaceDictionary(id: string, sourceLang: string, targetLang: string, entriesTsv: string, call: CallOptions = {}) {
    return this.json(
      {
        operation: 'glossaries.save',
        method: 'PUT',
        path: `/v3/glossaries/${encodeURIComponent(id)}/dictionaries`,
        json: { source_lang: sourceLang.toLowerCase(), target_lang: targetLang.toLowerCase(), entries: entriesTsv, entries_format: 'tsv' },
      },
      WireV3Dictionary,
      call,
    );
  }

  async renameGlossary(id: string, name: string, call: CallOptions = {}): Promise<WireV3Glossary> {
    return this.json({ operation: 'glossaries.rename', method: 'PATCH', path: `/v3/glossaries/${encodeURIComponent(id)}`, json: { name } }, WireV3Glossary, call);
  }

  async deleteDictionary(id: string, sourceLang: string, targetLang: string, call: CallOptions = {}): Promise<void> {
    await this.none(
      {
        operation: 'glossaries.removeDictionary',
        method: 'DELETE',
        path: `/v3/glossaries/${encodeURIComponent(id)}/dictionaries`,
        query: { source_lang: sourceLang.toLowerCase(), target_lang: targetLang.toLowerCase() },
      },
      call,
    );
  }

  async deleteGlossary(id: string, call: CallOptions = {}): Promise<void> {
    await this.none({ operation: 'glossaries.remove', method: 'DELETE', path: `/v3/glossaries/${encodeURIComponent(id)}` }, call);
  }

  // ----- Style rule lists -----

  /** Every style rule list with its configured rules and custom instructions (all pages). */
  async listStyleRules(call: CallOptions = {}): Promise<WireStyleRule[]> {
    const out: WireStyleRule[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const { style_rules } = await this.json(
        { operation: 'styleRules.list', method: 'GET', path: '/v3/style_rules', query: { page: String(page), page_size: String(PAGE), detailed: 'true' } },
        WireStyleRuleList,
        call,
      );
      out.push(...style_rules);
      if (style_rules.length < PAGE) break;
    }
    return out;
  }

  async getStyleRule(id: string, call: CallOptions = {}): Promise<WireStyleRule> {
    return this.json({ operation: 'styleRules.get', method: 'GET', path: `/v3/style_rules/${encodeURIComponent(id)}` }, WireStyleRule, call);
  }

  async createStyleRule(
    r: { name: string; language: string; configuredRules?: ConfiguredRules; customInstructions?: { label: string; prompt: string }[] },
    call: CallOptions = {},
  ): Promise<WireStyleRule> {
    const json: Record<string, unknown> = { name: r.name, language: r.language.toLowerCase() };
    if (r.configuredRules && Object.keys(r.configuredRules).length > 0) json.configured_rules = r.configuredRules;
    if (r.customInstructions && r.customInstructions.length > 0) json.custom_instructions = r.customInstructions;
    return this.json({ operation: 'styleRules.create', method: 'POST', path: '/v3/style_rules', json }, WireStyleRule, call);
  }

  async renameStyleRule(id: string, name: string, call: CallOptions = {}): Promise<WireStyleRule> {
    return this.json({ operation: 'styleRules.rename', method: 'PATCH', path: `/v3/style_rules/${encodeURIComponent(id)}`, json: { name } }, WireStyleRule, call);
  }

  async setConfiguredRules(id: string, rules: ConfiguredRules, call: CallOptions = {}): Promise<WireStyleRule> {
    return this.json(
      { operation: 'styleRules.configure', method: 'PUT', path: `/v3/style_rules/${encodeURIComponent(id)}/configured_rules`, json: rules },
      WireStyleRule,
      call,
    );
  }

  async deleteStyleRule(id: string, call: CallOptions = {}): Promise<void> {
    await this.none({ operation: 'styleRules.remove', method: 'DELETE', path: `/v3/style_rules/${encodeURIComponent(id)}` }, call);
  }

  async addInstruction(id: string, c: { label: string; prompt: string; sourceLanguage?: string }, call: CallOptions = {}): Promise<WireCustomInstruction> {
    return this.json(
      {
        operation: 'styleRules.addInstruction',
        method: 'POST',
        path: `/v3/style_rules/${encodeURIComponent(id)}/custom_instructions`,
        json: { label: c.label, prompt: c.prompt, ...(c.sourceLanguage && { source_language: c.sourceLanguage.toLowerCase() }) },
      },
      WireCustomInstruction,
      call,
    );
  }

  async updateInstruction(
    id: string,
    instructionId: string,
    c: { label: string; prompt: string; sourceLanguage?: string },
    call: CallOptions = {},
  ): Promise<WireCustomInstruction> {
    return this.json(
      {
        operation: 'styleRules.updateInstruction',
        method: 'PUT',
        path: `/v3/style_rules/${encodeURIComponent(id)}/custom_instructions/${encodeURIComponent(instructionId)}`,
        json: { label: c.label, prompt: c.prompt, ...(c.sourceLanguage && { source_language: c.sourceLanguage.toLowerCase() }) },
      },
      WireCustomInstruction,
      call,
    );
  }

  async removeInstruction(id: string, instructionId: string, call: CallOptions = {}): Promise<void> {
    await this.none(
      {
        operation: 'styleRules.removeInstruction',
        method: 'DELETE',
        path: `/v3/style_rules/${encodeURIComponent(id)}/custom_instructions/${encodeURIComponent(instructionId)}`,
      },
      call,
    );
  }

  // ----- Translation memories -----

  /** Every translation memory (all pages). */
  async listTranslationMemories(call: CallOptions = {}): Promise<WireTranslationMemory[]> {
    const out: WireTranslationMemory[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const data = await this.json(
        { operation: 'translationMemories.list', method: 'GET', path: '/v3/translation_memories', query: { page: String(page), page_size: String(PAGE) } },
        WireTranslationMemoryList,
        call,
      );
      out.push(...data.translation_memories);
      if (data.translation_memories.length < PAGE || (data.total_count !== undefined && out.length >= data.total_count)) break;
    }
    return out;
  }
}
