/**
 * IPC contract of the customisation domain (any process): what the active connection offers of the v3 endpoints
 * (discovered per connection), multilingual glossaries' dictionaries edited in place, style rule lists with their
 * configured rules and custom instructions, translation memories, and per-language features from /v3/languages.
 * Main validates every input here; the renderer never sees a key.
 */
import { z } from 'zod';
import { EntryPairs, GlossaryView } from './contract-glossaries.js';
import { Id, LangCode, NoInput } from './contract-common.js';

/** The seven groups of configured rules (DeepL's style rules). */
export const CONFIGURED_RULE_GROUPS = [
  'dates_and_times',
  'formatting',
  'numbers',
  'punctuation',
  'spelling_and_grammar',
  'style_and_tone',
  'vocabulary',
] as const;
export const ConfiguredRuleGroup = z.enum(CONFIGURED_RULE_GROUPS);
export type ConfiguredRuleGroup = z.infer<typeof ConfiguredRuleGroup>;

/** Limits of style rule lists (DeepL's): instructions per list, characters of a prompt. */
export const STYLE_RULE_LIMITS = { customInstructions: 200, promptChars: 300, labelChars: 100, nameChars: 1024 } as const;

/** Per-language features from /v3/languages (`formality`, `glossary`, `style_rules`, `tag_handling`, …). */
export const LanguageFeatures = z.object({
  /** Upper-case code as the v2 API spells it (`EN-GB`, `ZH-HANS`). */
  code: z.string(),
  name: z.string(),
  source: z.boolean(),
  target: z.boolean(),
  features: z.array(z.string()),
});
export type LanguageFeatures = z.infer<typeof LanguageFeatures>;

export const Capabilities = z.object({
  connectionId: z.string().nullable(),
  /** `/v3/languages` answers: pickers and options follow `features`. */
  languages: z.boolean(),
  /** `/v3/glossaries` answers: multilingual glossaries, edited in place. */
  glossaries: z.boolean(),
  /** `/v3/style_rules` answers: style rule lists are chosen by name. */
  styleRules: z.boolean(),
  /** `/v3/translation_memories` answers: translation memories are chosen by name. */
  translationMemories: z.boolean(),
  /** From /v3/languages; null when it is not offered. */
  text: z.array(LanguageFeatures).nullable(),
  document: z.array(LanguageFeatures).nullable(),
});
export type Capabilities = z.infer<typeof Capabilities>;

export const CustomInstructionView = z.object({ id: z.string(), label: z.string(), prompt: z.string(), sourceLanguage: z.string().nullable() });
export type CustomInstructionView = z.infer<typeof CustomInstructionView>;

export const StyleRuleView = z.object({
  styleId: z.string(),
  name: z.string(),
  /** Upper-case language code (`DE`). */
  language: z.string(),
  version: z.number().nullable(),
  updatedTime: z.string().nullable(),
  configuredRules: z.record(z.string(), z.record(z.string(), z.string())),
  customInstructions: z.array(CustomInstructionView),
});
export type StyleRuleView = z.infer<typeof StyleRuleView>;

export const TranslationMemoryView = z.object({
  translationMemoryId: z.string(),
  name: z.string(),
  sourceLang: z.string(),
  targetLangs: z.array(z.string()),
  segmentCount: z.number().nullable(),
});
export type TranslationMemoryView = z.infer<typeof TranslationMemoryView>;

const Name = z.string().trim().min(1, 'A name is required.').max(1024);
const Pair = { glossaryId: Id, sourceLang: LangCode, targetLang: LangCode };
const ConfiguredRules = z
  .record(z.string().max(100), z.record(z.string().max(200), z.string().min(1).max(200)))
  .refine((r) => Object.keys(r).every((k) => (CONFIGURED_RULE_GROUPS as readonly string[]).includes(k)), 'Unknown rule group.');
const Instruction = z.object({
  label: z.string().trim().min(1).max(STYLE_RULE_LIMITS.labelChars),
  prompt: z.string().trim().min(1).max(STYLE_RULE_LIMITS.promptChars),
});

export const customisationCalls = {
  /** What the active connection offers (probed once per connection; `refresh` probes again). */
  'customisation.capabilities': { input: z.object({ refresh: z.boolean().optional() }), output: Capabilities },

  // Multilingual (v3) glossaries: one dictionary at a time, in place.
  'customisation.dictionaryEntries': { input: z.object(Pair), output: EntryPairs },
  /** Adds a dictionary for a new pair (PUT of one dictionary; the others are untouched). */
  'customisation.addDictionary': { input: z.object({ ...Pair, entries: EntryPairs }), output: GlossaryView },
  'customisation.removeDictionary': { input: z.object(Pair), output: GlossaryView },
  'customisation.renameGlossary': { input: z.object({ glossaryId: Id, name: Name }), output: GlossaryView },

  // Style rule lists.
  'customisation.styleRules': { input: NoInput, output: z.array(StyleRuleView) },
  'customisation.styleRuleCreate': {
    input: z.object({ name: Name, language: LangCode, configuredRules: ConfiguredRules.optional() }),
    output: StyleRuleView,
  },
  'customisation.styleRuleRename': { input: z.object({ styleId: Id, name: Name }), output: StyleRuleView },
  'customisation.styleRuleConfigure': { input: z.object({ styleId: Id, configuredRules: ConfiguredRules }), output: StyleRuleView },
  'customisation.styleRuleDelete': { input: z.object({ styleId: Id }), output: z.object({ removed: z.boolean() }) },
  'customisation.instructionAdd': { input: z.object({ styleId: Id }).merge(Instruction), output: StyleRuleView },
  'customisation.instructionUpdate': { input: z.object({ styleId: Id, instructionId: Id }).merge(Instruction), output: StyleRuleView },
  'customisation.instructionRemove': { input: z.object({ styleId: Id, instructionId: Id }), output: StyleRuleView },

  // Translation memories.
  'customisation.translationMemories': { input: NoInput, output: z.array(TranslationMemoryView) },
} as const satisfies Record<`customisation.${string}`, { input: z.ZodType; output: z.ZodType }>;

export const customisationEvents = {
  /** Style rule lists changed (created, renamed, deleted, edited): pickers refresh. */
  'customisation.styleRulesChanged': z.object({ styleId: z.string() }),
} as const satisfies Record<`customisation.${string}`, z.ZodType>;
