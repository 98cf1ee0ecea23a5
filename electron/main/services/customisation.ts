/**
 * Customisation (main process, plain Node): what the active connection offers of the v3 endpoints, and the use of
 * them. Per connection (id and address), Verso probes `/v3/languages` and the list endpoints of glossaries, style
 * rules and translation memories once; a 404 (or 405) means "not offered", a 403 means "not for this key", and the
 * answer is cached until the connection changes or the user refreshes. Any other failure (no network, 5xx) is not
 * cached: it is not an answer about the service.
 *
 * Where `/v3/glossaries` is offered, glossaries are multilingual and edited in place (`InPlaceGlossaries`, the port
 * the GlossariesService calls): one dictionary is replaced with a PUT (same id, the other dictionaries untouched),
 * after its entries were written to the draft on disk; nothing is deleted and recreated. Where it is not, the
 * GlossariesService keeps its v2 replace-with-journal path exactly as before.
 */
import { randomUUID } from 'node:crypto';
import type { GlossaryDraft, GlossaryView, EntryPair } from '../../../shared/ipc/contract-glossaries.js';
import type {
  Capabilities,
  LanguageFeatures,
  StyleRuleView,
  TranslationMemoryView,
} from '../../../shared/ipc/contract-customisation.js';
import { toTsv } from '../../../shared/glossaries/rules.js';
import type { ApiClient } from './api-client.js';
import { ApiError } from './api-errors.js';
import { V3Client, configuredRulesOf, type ConfiguredRules, type WireStyleRule, type WireV3Glossary, type WireV3Language } from './v3-client.js';

export interface CustomisationDeps {
  client: () => Promise<ApiClient>;
  activeConnectionId: () => string | null;
  emit?: (name: 'customisation.styleRulesChanged', payload: { styleId: string }) => void;
}

/** `en-GB` → `EN-GB`, `zh-Hans` → `ZH-HANS`. */
const upper = (code: string) => code.toUpperCase();

export function v3GlossaryView(g: WireV3Glossary): GlossaryView {
  const dictionaries = g.dictionaries.map((d) => ({ sourceLang: upper(d.source_lang), targetLang: upper(d.target_lang), entryCount: d.entry_count }));
  const first = dictionaries[0];
  return {
    glossaryId: g.glossary_id,
    name: g.name,
    ready: true,
    sourceLang: first?.sourceLang ?? '',
    targetLang: first?.targetLang ?? '',
    creationTime: g.creation_time,
    entryCount: dictionaries.reduce((n, d) => n + d.entryCount, 0),
    dictionaries,
  };
}

export function styleRuleView(r: WireStyleRule): StyleRuleView {
  return {
    styleId: r.style_id,
    name: r.name,
    language: upper(r.language),
    version: r.version ?? null,
    updatedTime: r.updated_time ?? null,
    configuredRules: configuredRulesOf(r),
    customInstructions: (r.custom_instructions ?? []).map((c) => ({ id: c.id, label: c.label, prompt: c.prompt, sourceLanguage: c.source_language ? upper(c.source_language) : null })),
  };
}

function languageFeatures(list: WireV3Language[]): LanguageFeatures[] {
  return list.map((l) => ({
    code: upper(l.lang),
    name: l.name,
    source: l.usable_as_source ?? true,
    target: l.usable_as_target ?? true,
    features: Object.keys(l.features ?? {}),
  }));
}

/** Entries as the service takes them (rows the editor left empty are not entries). */
function entriesTsv(entries: readonly EntryPair[]): string {
  return toTsv(entries.filter(([s, t]) => s.length > 0 || t.length > 0).map(([source, target]) => ({ source, target })));
}

/**
 * The answer of one probe: offered, not offered (404/405: the service has no such endpoint), or refused (401/403:
 * the key may not use it now — a wrong or expired key, a plan without it; shown as not offered, but not remembered,
 * so a fixed key is asked again). Anything else (network, 5xx) throws: it says nothing about the service.
 */
async function offered(probe: () => Promise<unknown>): Promise<boolean | 'refused'> {
  try {
    await probe();
    return true;
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 405)) return false;
    if (e instanceof ApiError && (e.status === 403 || e.status === 401)) return 'refused';
    throw e;
  }
}

/** The calls the GlossariesService makes when the active connection offers v3 glossaries. */
export interface InPlaceGlossaries {
  /** v3 glossaries of the active connection, or null when it offers none (v2 only). */
  list(): Promise<GlossaryView[] | null>;
  /** The v3 glossary with this id on the active connection, or null (a v2 glossary, or no v3). */
  find(glossaryId: string): Promise<GlossaryView | null>;
  /** One dictionary's entries (TSV). */
  entries(glossaryId: string, sourceLang: string, targetLang: string): Promise<string>;
  /** True when new glossaries are created as v3 glossaries here. */
  createsV3(): Promise<boolean>;
  /**
   * Saves a draft in place: PUT of its dictionary (and PATCH of the name when it changed) on its glossary, or a new
   * v3 glossary when it has none. The draft is on disk before this is called and is removed by the caller after.
   */
  save(draft: GlossaryDraft): Promise<GlossaryView>;
  remove(glossaryId: string): Promise<void>;
}

export class CustomisationService {
  private readonly cache = new Map<string, Promise<Capabilities>>();

  constructor(private readonly deps: CustomisationDeps) {}

  private async v3(): Promise<{ api: V3Client; key: string }> {
    const client = await this.deps.client();
    return { api: new V3Client(client), key: `${this.deps.activeConnectionId() ?? 'none'}|${client.baseUrl}` };
  }

  /** What the active connection offers; probed once per connection and address. */
  async capabilities(refresh = false): Promise<Capabilities> {
    const { api, key } = await this.v3();
    let p = refresh ? undefined : this.cache.get(key);
    if (!p) {
      // A failed probe (network, 5xx) says nothing about the service, and a refused one (401/403) only about the
      // key of now: either is forgotten, so the next call probes again.
      const forget = () => {
        if (this.cache.get(key) === fresh) this.cache.delete(key);
      };
      const fresh: Promise<Capabilities> = this.probe(api).then(({ caps, refused }) => {
        if (refused) forget();
        return caps;
      });
      fresh.catch(forget);
      p = fresh;
      this.cache.set(key, fresh);
    }
    return p;
  }

  private async probe(api: V3Client): Promise<{ caps: Capabilities; refused: boolean }> {
    let text: WireV3Language[] | null = null;
    let document: WireV3Language[] | null = null;
    const languages = await offered(async () => {
      [text, document] = await Promise.all([api.languages('translate_text'), api.languages('translate_document')]);
    });
    const [glossaries, styleRules, translationMemories] = await Promise.all([
      offered(() => api.listGlossaries({ deadlineMs: 30_000 })),
      offered(() => api.listStyleRules({ deadlineMs: 30_000 })),
      offered(() => api.listTranslationMemories({ deadlineMs: 30_000 })),
    ]);
    const answers = [languages, glossaries, styleRules, translationMemories];
    return {
      caps: {
        connectionId: this.deps.activeConnectionId(),
        languages: languages === true,
        glossaries: glossaries === true,
        styleRules: styleRules === true,
        translationMemories: translationMemories === true,
        text: languages === true && text ? languageFeatures(text) : null,
        document: languages === true && document ? languageFeatures(document) : null,
      },
      refused: answers.includes('refused'),
    };
  }

  private async require(feature: 'glossaries' | 'styleRules' | 'translationMemories'): Promise<V3Client> {
    const caps = await this.capabilities();
    if (!caps[feature]) {
      const what = { glossaries: 'multilingual glossaries', styleRules: 'style rule lists', translationMemories: 'translation memories' }[feature];
      throw new ApiError('not_found', `This connection's service does not offer ${what} (its /v3 endpoint answered 404).`, { serviceCode: 'v3_not_offered' });
    }
    return (await this.v3()).api;
  }

  // ----- Multilingual glossaries -----

  readonly inPlace: InPlaceGlossaries = {
    list: async () => {
      const caps = await this.capabilities();
      if (!caps.glossaries) return null;
      return (await (await this.v3()).api.listGlossaries()).map(v3GlossaryView);
    },
    find: async (glossaryId) => {
      const caps = await this.capabilities();
      if (!caps.glossaries) return null;
      try {
        return v3GlossaryView(await (await this.v3()).api.getGlossary(glossaryId));
      } catch (e) {
        // Not a v3 glossary (a v2 one on a service that keeps them apart, as DeepL's mock does).
        if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return null;
        throw e;
      }
    },
    entries: async (glossaryId, s, t) => (await this.require('glossaries')).dictionaryEntries(glossaryId, s, t),
    createsV3: async () => (await this.capabilities()).glossaries,
    save: async (draft) => {
      const api = await this.require('glossaries');
      const tsv = entriesTsv(draft.entries);
      if (draft.glossaryId === null) {
        return v3GlossaryView(await api.createGlossary(draft.name, [{ sourceLang: draft.sourceLang, targetLang: draft.targetLang, entriesTsv: tsv }]));
      }
      // PUT replaces exactly this dictionary; repeating it after an unknown outcome gives the same result.
      await api.replaceDictionary(draft.glossaryId, draft.sourceLang, draft.targetLang, tsv);
      const g = await api.getGlossary(draft.glossaryId);
      if (g.name !== draft.name) return v3GlossaryView(await api.renameGlossary(draft.glossaryId, draft.name));
      return v3GlossaryView(g);
    },
    remove: async (glossaryId) => (await this.require('glossaries')).deleteGlossary(glossaryId),
  };

  async dictionaryEntries(glossaryId: string, sourceLang: string, targetLang: string): Promise<EntryPair[]> {
    const tsv = await this.inPlace.entries(glossaryId, sourceLang, targetLang);
    return tsv.split(/\r\n|\n|\r/).filter((l) => l.length > 0).map((l) => {
      const tab = l.indexOf('\t');
      return (tab < 0 ? [l, ''] : [l.slice(0, tab), l.slice(tab + 1)]) as EntryPair;
    });
  }

  /** Adds (or replaces) the dictionary of one pair; the glossary's other dictionaries stay as they are. */
  async addDictionary(glossaryId: string, sourceLang: string, targetLang: string, entries: readonly EntryPair[]): Promise<GlossaryView> {
    const api = await this.require('glossaries');
    const tsv = entriesTsv(entries);
    if (tsv === '') throw new ApiError('bad_request', 'A dictionary needs at least one entry.', { serviceCode: 'glossary_empty' });
    await api.replaceDictionary(glossaryId, sourceLang, targetLang, tsv);
    return v3GlossaryView(await api.getGlossary(glossaryId));
  }

  async removeDictionary(glossaryId: string, sourceLang: string, targetLang: string): Promise<GlossaryView> {
    const api = await this.require('glossaries');
    const g = await api.getGlossary(glossaryId);
    if (g.dictionaries.length <= 1) {
      throw new ApiError('bad_request', 'This is the glossary\'s only dictionary; delete the glossary instead.', { serviceCode: 'glossary_last_dictionary' });
    }
    await api.deleteDictionary(glossaryId, sourceLang, targetLang);
    return v3GlossaryView(await api.getGlossary(glossaryId));
  }

  async renameGlossary(glossaryId: string, name: string): Promise<GlossaryView> {
    return v3GlossaryView(await (await this.require('glossaries')).renameGlossary(glossaryId, name));
  }

  // ----- Style rule lists -----

  async styleRules(): Promise<StyleRuleView[]> {
    const caps = await this.capabilities();
    if (!caps.styleRules) return [];
    return (await (await this.v3()).api.listStyleRules()).map(styleRuleView);
  }

  private changed(styleId: string) {
    this.deps.emit?.('customisation.styleRulesChanged', { styleId });
  }

  async styleRuleCreate(name: string, language: string, configuredRules?: ConfiguredRules): Promise<StyleRuleView> {
    const r = styleRuleView(await (await this.require('styleRules')).createStyleRule({ name, language, ...(configuredRules && { configuredRules }) }));
    this.changed(r.styleId);
    return r;
  }

  async styleRuleRename(styleId: string, name: string): Promise<StyleRuleView> {
    const r = styleRuleView(await (await this.require('styleRules')).renameStyleRule(styleId, name));
    this.changed(styleId);
    return r;
  }

  async styleRuleConfigure(styleId: string, rules: ConfiguredRules): Promise<StyleRuleView> {
    const r = styleRuleView(await (await this.require('styleRules')).setConfiguredRules(styleId, rules));
    this.changed(styleId);
    return r;
  }

  async styleRuleDelete(styleId: string): Promise<{ removed: boolean }> {
    await (await this.require('styleRules')).deleteStyleRule(styleId);
    this.changed(styleId);
    return { removed: true };
  }

  async instructionAdd(styleId: string, label: string, prompt: string): Promise<StyleRuleView> {
    const api = await this.require('styleRules');
    await api.addInstruction(styleId, { label, prompt });
    this.changed(styleId);
    return styleRuleView(await api.getStyleRule(styleId));
  }

  async instructionUpdate(styleId: string, instructionId: string, label: string, prompt: string): Promise<StyleRuleView> {
    const api = await this.require('styleRules');
    await api.updateInstruction(styleId, instructionId, { label, prompt });
    this.changed(styleId);
    return styleRuleView(await api.getStyleRule(styleId));
  }

  async instructionRemove(styleId: string, instructionId: string): Promise<StyleRuleView> {
    const api = await this.require('styleRules');
    await api.removeInstruction(styleId, instructionId);
    this.changed(styleId);
    return styleRuleView(await api.getStyleRule(styleId));
  }

  // ----- Translation memories -----

  async translationMemories(): Promise<TranslationMemoryView[]> {
    const caps = await this.capabilities();
    if (!caps.translationMemories) return [];
    return (await (await this.v3()).api.listTranslationMemories()).map((t) => ({
      translationMemoryId: t.translation_memory_id,
      name: t.name,
      sourceLang: upper(t.source_language),
      targetLangs: t.target_languages.map(upper),
      segmentCount: t.segment_count ?? null,
    }));
  }
}

/** A draft for one dictionary of a v3 glossary (not on disk until the editor's first change, like v2 drafts). */
export function dictionaryDraft(g: GlossaryView, sourceLang: string, targetLang: string, entries: EntryPair[], connectionId: string | null, now: Date): GlossaryDraft {
  return {
    draftId: randomUUID(),
    glossaryId: g.glossaryId,
    name: g.name,
    sourceLang,
    targetLang,
    entries,
    connectionId,
    updatedAt: now.toISOString(),
    pendingSave: null,
  };
}

export function createCustomisationService(o: {
  connections: { clientFor(): Promise<ApiClient>; list(): { activeId: string | null } };
  events?: { emit(name: 'customisation.styleRulesChanged', payload: { styleId: string }): void };
}): CustomisationService {
  return new CustomisationService({
    client: () => o.connections.clientFor(),
    activeConnectionId: () => o.connections.list().activeId,
    ...(o.events && { emit: (n, p) => o.events!.emit(n, p) }),
  });
}
