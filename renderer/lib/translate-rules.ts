/**
 * Renderer, pure logic: which Translate-screen options the spec allows for the chosen languages, and why not when
 * it does not. The screen disables a forbidden option and shows the reason; the request builder leaves it out, so
 * the service never has to refuse a request the UI could have prevented.
 */
import type { MessageId, MessageValues } from '../../shared/i18n/catalog.js';
import {
  allowsCustomInstructions,
  baseLanguage,
  GLOSSARY_VARIANT_FREE_BASES,
  supportsFormality,
} from '../../shared/spec/languages.js';
import { LIMITS } from '../../shared/spec/limits.js';

/**
 * A message for the user, by catalog id: the renderer picks the words (`useMessage`). `lang` is a language code
 * the message names as `{language}`, written in the UI language when shown.
 */
export interface Msg {
  id: MessageId;
  values?: MessageValues;
  lang?: string;
  /** Further language codes the message names, by placeholder (`{source}`, `{target}`), written in the UI language. */
  langs?: Record<string, string>;
}

export interface Availability {
  enabled: boolean;
  /** Why the option is off, in words that say what to change. */
  reason?: Msg;
}

const on: Availability = { enabled: true };

export interface RuleContext {
  /** '' = detect automatically. */
  sourceLang: string;
  targetLang: string;
  tagHandling: '' | 'xml' | 'html';
  /** From the languages call: whether the target reports `supports_formality` (falls back to the spec table). */
  targetSupportsFormality?: boolean;
  /**
   * Where /v3/languages answers: the languages of the pair it lists WITHOUT the `glossary` / `tag_handling` feature
   * (empty or absent = supported, or not known: then the options stay as they are).
   */
  lacksGlossary?: readonly string[];
  lacksTagHandling?: readonly string[];
}

export function formalityAvailability(ctx: RuleContext): Availability {
  if (!ctx.targetLang) return { enabled: false, reason: { id: 'translate.rule.chooseTarget' } };
  const supported = ctx.targetSupportsFormality ?? supportsFormality(ctx.targetLang);
  return supported ? on : { enabled: false, reason: { id: 'translate.rule.noFormality', lang: ctx.targetLang } };
}

export function glossaryAvailability(ctx: RuleContext): Availability {
  if (!ctx.sourceLang) {
    return { enabled: false, reason: { id: 'translate.rule.glossaryNeedsSource' } };
  }
  if (ctx.lacksGlossary?.length) {
    return {
      enabled: false,
      reason: { id: 'customisation.features.glossaryUnsupported', langs: { source: ctx.sourceLang, target: ctx.targetLang } },
    };
  }
  return on;
}

/** Tag handling itself (XML/HTML): off where /v3/languages lists a language of the pair without `tag_handling`. */
export function tagHandlingAvailability(ctx: RuleContext): Availability {
  const lacking = ctx.lacksTagHandling?.[0];
  return lacking ? { enabled: false, reason: { id: 'customisation.features.tagHandlingUnsupported', lang: lacking } } : on;
}

export function customInstructionsAvailability(ctx: RuleContext): Availability {
  if (!ctx.targetLang) return { enabled: false, reason: { id: 'translate.rule.chooseTarget' } };
  return allowsCustomInstructions(ctx.targetLang)
    ? on
    : { enabled: false, reason: { id: 'translate.rule.instructionsTargets' } };
}

export function tagOptionsAvailability(ctx: RuleContext): Availability {
  return ctx.tagHandling ? on : { enabled: false, reason: { id: 'translate.rule.tagsFirst' } };
}

/** Outline detection and the three tag lists name XML tags (spec), so they apply to XML tag handling only. */
export function xmlTagOptionsAvailability(ctx: RuleContext): Availability {
  if (ctx.tagHandling === 'xml') return on;
  return { enabled: false, reason: { id: 'translate.rule.xmlOnly' } };
}

export interface GlossaryLike {
  glossaryId: string;
  name: string;
  sourceLang: string;
  targetLang: string;
  ready?: boolean;
  /** A multilingual (v3) glossary's dictionaries: it fits a pair when one of them does. */
  dictionaries?: { sourceLang: string; targetLang: string; entryCount: number }[] | undefined;
}

/**
 * Whether a glossary serves the pair: same source base, and the same target — where a glossary for EN, PT or ZH
 * serves every variant of that language (spec).
 */
export function glossaryMatchesPair(g: GlossaryLike, sourceLang: string, targetLang: string): boolean {
  if (!sourceLang || !targetLang) return false;
  if (g.dictionaries) return g.dictionaries.some((d) => glossaryMatchesPair({ ...g, ...d, dictionaries: undefined }, sourceLang, targetLang));
  if (baseLanguage(g.sourceLang) !== baseLanguage(sourceLang)) return false;
  const gt = g.targetLang.toUpperCase();
  const t = targetLang.toUpperCase();
  if (gt === t) return true;
  if (gt === baseLanguage(t) && GLOSSARY_VARIANT_FREE_BASES.has(gt)) return true;
  // A glossary stored with a variant serves the base-only target code too (e.g. EN-GB glossary, target EN).
  return baseLanguage(gt) === t;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Field-level problems of the free-text options, as messages that say what to fix (null = fine). */
export function validateIdField(value: string, problem: MessageId): Msg | null {
  const v = value.trim();
  if (!v) return null;
  return UUID.test(v) ? null : { id: problem };
}

export function validateThreshold(value: number): Msg | null {
  if (!Number.isInteger(value) || value < 0 || value > 100) return { id: 'translate.rule.threshold' };
  return null;
}

export function validateCustomInstructions(list: readonly string[]): Msg | null {
  const filled = list.filter((s) => s.trim() !== '');
  if (filled.length > LIMITS.customInstructions) {
    return {
      id: 'translate.rule.tooManyInstructions',
      values: { max: LIMITS.customInstructions, extra: filled.length - LIMITS.customInstructions },
    };
  }
  const long = list.findIndex((s) => [...s].length > LIMITS.customInstructionChars);
  if (long >= 0)
    return { id: 'translate.rule.instructionTooLong', values: { n: long + 1, max: LIMITS.customInstructionChars } };
  return null;
}

/** Splits a comma-separated tag list (`b, i ,code`) into clean names. */
export function parseTagList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Characters as the service bills them: Unicode code points of the source text (context is not billed). */
export function countCharacters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The dictionary of `g` used for a pair (a v3 glossary's matching dictionary, or the v2 glossary itself). */
export function dictionaryForPair<G extends GlossaryLike & { entryCount: number }>(g: G, sourceLang: string, targetLang: string): { entryCount: number } {
  return g.dictionaries?.find((d) => glossaryMatchesPair({ ...g, ...d, dictionaries: undefined }, sourceLang, targetLang)) ?? g;
}
