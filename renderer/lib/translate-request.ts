/**
 * Renderer, pure logic: turns the Translate screen's draft into the contract's `TranslateOptions`. Options the spec
 * forbids for the chosen languages (see `translate-rules.ts`) and empty fields are left out, so what reaches the
 * wire is exactly what the screen shows as active. Billed characters are always requested (the screen shows them).
 */
import type { CallInput, TranslateRunOutput } from '../../shared/ipc/contract.js';
import type { DraftOptions } from '../state/translate-store.js';
import {
  customInstructionsAvailability,
  formalityAvailability,
  glossaryAvailability,
  parseTagList,
  tagOptionsAvailability,
  validateCustomInstructions,
  validateIdField,
  validateThreshold,
  xmlTagOptionsAvailability,
  type Msg,
  type RuleContext,
} from './translate-rules.js';

/** The options as sent over IPC (input side of the contract's schema). */
export type OptionsInput = CallInput<'translate.run'>['options'];

/** What /v3/languages says the pair lacks (see `RuleContext`); absent where it does not answer. */
export interface PairLacks {
  glossary?: readonly string[];
  tagHandling?: readonly string[];
}

export function ruleContext(o: DraftOptions, targetSupportsFormality?: boolean, lacks: PairLacks = {}): RuleContext {
  const noTags = Boolean(lacks.tagHandling?.length);
  return {
    sourceLang: o.sourceLang,
    targetLang: o.targetLang,
    // Tag handling the pair does not support is not in effect: the tag options that depend on it follow.
    tagHandling: noTags ? '' : o.tagHandling,
    ...(targetSupportsFormality === undefined ? {} : { targetSupportsFormality }),
    ...(lacks.glossary?.length && { lacksGlossary: lacks.glossary }),
    ...(noTags && { lacksTagHandling: lacks.tagHandling }),
  };
}

export type DraftProblems = Partial<Record<keyof DraftOptions, Msg>>;

/** Problems that stop a request from being sent, keyed by option, as messages that say what to fix. */
export function draftProblems(o: DraftOptions): DraftProblems {
  const out: DraftProblems = {};
  if (!o.targetLang) out.targetLang = { id: 'translate.rule.chooseTarget' };
  const style = validateIdField(o.styleId, 'translate.rule.styleId');
  if (style) out.styleId = style;
  const tm = validateIdField(o.translationMemoryId, 'translate.rule.tmId');
  if (tm) out.translationMemoryId = tm;
  if (o.translationMemoryId.trim()) {
    const th = validateThreshold(o.translationMemoryThreshold);
    if (th) out.translationMemoryThreshold = th;
  }
  const ctx = ruleContext(o);
  if (customInstructionsAvailability(ctx).enabled) {
    const ci = validateCustomInstructions(o.customInstructions);
    if (ci) out.customInstructions = ci;
  }
  return out;
}

export function buildTranslateOptions(o: DraftOptions, targetSupportsFormality?: boolean, lacks: PairLacks = {}): OptionsInput {
  const ctx = ruleContext(o, targetSupportsFormality, lacks);
  const out: OptionsInput = { targetLang: o.targetLang, showBilledCharacters: true };
  if (o.sourceLang) out.sourceLang = o.sourceLang;
  if (o.context.trim()) out.context = o.context;
  if (o.modelType) out.modelType = o.modelType;
  if (o.splitSentences) out.splitSentences = o.splitSentences;
  if (o.preserveFormatting) out.preserveFormatting = true;
  if (o.formality !== 'default' && formalityAvailability(ctx).enabled) out.formality = o.formality;
  if (o.glossaryIds.length && glossaryAvailability(ctx).enabled) {
    // One glossary goes as `glossary_id`, several as `glossary_ids` (the spec makes them exclusive).
    if (o.glossaryIds.length === 1) out.glossaryId = o.glossaryIds[0];
    else out.glossaryIds = o.glossaryIds.slice(0, 5);
  }
  if (o.styleId.trim()) out.styleId = o.styleId.trim();
  if (o.translationMemoryId.trim()) {
    out.translationMemoryId = o.translationMemoryId.trim();
    out.translationMemoryThreshold = o.translationMemoryThreshold;
  }
  const instructions = o.customInstructions.map((s) => s.trim()).filter((s) => s !== '');
  if (instructions.length && customInstructionsAvailability(ctx).enabled)
    out.customInstructions = instructions;
  if (o.protect) out.protect = o.protect === 'on';
  if (ctx.tagHandling) {
    out.tagHandling = ctx.tagHandling;
    if (o.tagHandlingVersion && tagOptionsAvailability(ctx).enabled)
      out.tagHandlingVersion = o.tagHandlingVersion;
    if (xmlTagOptionsAvailability(ctx).enabled) {
      if (!o.outlineDetection) out.outlineDetection = false;
      const splitting = parseTagList(o.splittingTags);
      const nonSplitting = parseTagList(o.nonSplittingTags);
      const ignore = parseTagList(o.ignoreTags);
      if (splitting.length) out.splittingTags = splitting;
      if (nonSplitting.length) out.nonSplittingTags = nonSplitting;
      if (ignore.length) out.ignoreTags = ignore;
    }
  }
  return out;
}

/** The characters the service billed for a translation's texts (0 when it reported none). */
export function billedCharacters(result: TranslateRunOutput | undefined): number {
  return result?.translations.reduce((sum, x) => sum + (x.billedCharacters ?? 0), 0) ?? 0;
}
