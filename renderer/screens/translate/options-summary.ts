/**
 * Renderer, pure logic: the one-line summary of the options (shown on the collapsed Options panel), as messages.
 * Only options that are set and that the request will carry appear. Options the engine ignores (the local engine:
 * formality, model, context, custom instructions) are never listed as in effect: they go under "no effect on this
 * engine". Empty lists mean the service's defaults.
 */
import type { DraftOptions } from '../../state/translate-store.js';
import {
  customInstructionsAvailability,
  formalityAvailability,
  glossaryAvailability,
  type Msg,
  type RuleContext,
} from '../../lib/translate-rules.js';

/** Options the local engine (Apertium) accepts, as the spec says, but cannot act on. */
export const LOCAL_ENGINE_IGNORES = ['formality', 'modelType', 'context', 'customInstructions'] as const;
export type IgnoredOption = (typeof LOCAL_ENGINE_IGNORES)[number];

export interface OptionsSummary {
  inEffect: Msg[];
  noEffect: Msg[];
}

export function optionsSummary(o: DraftOptions, ctx: RuleContext, ignored: readonly IgnoredOption[] = []): OptionsSummary {
  const inEffect: Msg[] = [];
  const noEffect: Msg[] = [];
  const put = (key: IgnoredOption | null, m: Msg) => (key && ignored.includes(key) ? noEffect : inEffect).push(m);
  if (o.formality !== 'default' && formalityAvailability(ctx).enabled)
    put('formality', { id: `translate.options.formality.${o.formality}` });
  if (o.modelType) put('modelType', { id: `translate.options.model.${o.modelType}` });
  if (o.context.trim()) put('context', { id: 'translate.options.sum.context' });
  if (o.glossaryIds.length && glossaryAvailability(ctx).enabled)
    put(null, { id: 'translate.options.sum.glossaries', values: { count: o.glossaryIds.length } });
  if (o.styleId.trim()) put(null, { id: 'translate.options.sum.style' });
  if (o.translationMemoryId.trim())
    put(null, { id: 'translate.options.sum.tm', values: { threshold: o.translationMemoryThreshold } });
  const ci = o.customInstructions.filter((s) => s.trim() !== '').length;
  if (ci && customInstructionsAvailability(ctx).enabled)
    put('customInstructions', { id: 'translate.options.sum.instructions', values: { count: ci } });
  if (ctx.tagHandling) put(null, { id: 'translate.options.sum.tags', values: { value: ctx.tagHandling.toUpperCase() } });
  if (o.splitSentences) put(null, { id: `translate.options.split.${o.splitSentences}` });
  if (o.preserveFormatting) put(null, { id: 'translate.options.sum.preserve' });
  return { inEffect, noEffect };
}
