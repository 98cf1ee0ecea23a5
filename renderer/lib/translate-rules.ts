/**
 * Renderer, pure logic: which Translate-screen options the spec allows for the chosen languages, and why not when
 * it does not. The screen disables a forbidden option and shows the reason; the request builder leaves it out, so
 * the service never has to refuse a request the UI could have prevented.
 */
import {
  allowsCustomInstructions,
  baseLanguage,
  GLOSSARY_VARIANT_FREE_BASES,
  supportsFormality,
  languageName,
} from '../../shared/spec/languages.js';
import { LIMITS } from '../../shared/spec/limits.js';

export interface Availability {
  enabled: boolean;
  /** Why the option is off, in words that say what to change. */
  reason?: string;
}

const on: Availability = { enabled: true };

export interface RuleContext {
  /** '' = detect automatically. */
  sourceLang: string;
  targetLang: string;
  tagHandling: '' | 'xml' | 'html';
  /** From the languages call: whether the target reports `supports_formality` (falls back to the spec table). */
  targetSupportsFormality?: boolean;
}

export function formalityAvailability(ctx: RuleContext): Availability {
  if (!ctx.targetLang) return { enabled: false, reason: 'Choose a target language first.' };
  const supported = ctx.targetSupportsFormality ?? supportsFormality(ctx.targetLang);
  return supported
    ? on
    : {
        enabled: false,
        reason: `${languageName(ctx.targetLang)} has no formal/informal distinction in this service.`,
      };
}

export function glossaryAvailability(ctx: RuleContext): Availability {
  if (!ctx.sourceLang) {
    return {
      enabled: false,
      reason: 'Glossaries need a source language: choose one instead of “Detect language”.',
    };
  }
  return on;
}

export function customInstructionsAvailability(ctx: RuleContext): Availability {
  if (!ctx.targetLang) return { enabled: false, reason: 'Choose a target language first.' };
  return allowsCustomInstructions(ctx.targetLang)
    ? on
    : {
        enabled: false,
        reason:
          'Custom instructions work only for German, English, Spanish, French, Italian, Japanese, Korean and Chinese targets.',
      };
}

export function tagOptionsAvailability(ctx: RuleContext): Availability {
  return ctx.tagHandling ? on : { enabled: false, reason: 'Choose XML or HTML tag handling first.' };
}

/** Outline detection and the three tag lists name XML tags (spec), so they apply to XML tag handling only. */
export function xmlTagOptionsAvailability(ctx: RuleContext): Availability {
  if (ctx.tagHandling === 'xml') return on;
  return { enabled: false, reason: 'These options apply to XML tag handling; choose XML to use them.' };
}

export interface GlossaryLike {
  glossaryId: string;
  name: string;
  sourceLang: string;
  targetLang: string;
  ready?: boolean;
}

/**
 * Whether a glossary serves the pair: same source base, and the same target — where a glossary for EN, PT or ZH
 * serves every variant of that language (spec).
 */
export function glossaryMatchesPair(g: GlossaryLike, sourceLang: string, targetLang: string): boolean {
  if (!sourceLang || !targetLang) return false;
  if (baseLanguage(g.sourceLang) !== baseLanguage(sourceLang)) return false;
  const gt = g.targetLang.toUpperCase();
  const t = targetLang.toUpperCase();
  if (gt === t) return true;
  if (gt === baseLanguage(t) && GLOSSARY_VARIANT_FREE_BASES.has(gt)) return true;
  // A glossary stored with a variant serves the base-only target code too (e.g. EN-GB glossary, target EN).
  return baseLanguage(gt) === t;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Field-level problems of the free-text options, as messages that say what to fix ('' = fine). */
export function validateIdField(value: string, what: string): string {
  const v = value.trim();
  if (!v) return '';
  return UUID.test(v)
    ? ''
    : `${what} is a UUID such as 0f4c2b6e-1d2a-4c3b-9e8f-123456789abc; check for a typo.`;
}

export function validateThreshold(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value > 100)
    return 'Use a whole number from 0 to 100 (75 or higher recommended).';
  return '';
}

export function validateCustomInstructions(list: readonly string[]): string {
  const filled = list.filter((s) => s.trim() !== '');
  if (filled.length > LIMITS.customInstructions) {
    return `At most ${LIMITS.customInstructions} instructions per request; remove ${filled.length - LIMITS.customInstructions}.`;
  }
  const long = list.findIndex((s) => [...s].length > LIMITS.customInstructionChars);
  if (long >= 0)
    return `Instruction ${long + 1} is longer than ${LIMITS.customInstructionChars} characters; shorten it.`;
  return '';
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
