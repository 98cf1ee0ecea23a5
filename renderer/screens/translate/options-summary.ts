/**
 * Renderer, pure logic: the one-line summary of the options in effect (shown on the collapsed Options panel), as
 * messages. Only options that are set and that the request will carry appear; an empty list means the service's
 * defaults.
 */
import type { DraftOptions } from '../../state/translate-store.js';
import {
  customInstructionsAvailability,
  formalityAvailability,
  glossaryAvailability,
  type Msg,
  type RuleContext,
} from '../../lib/translate-rules.js';

export function optionsSummary(o: DraftOptions, ctx: RuleContext): Msg[] {
  const out: Msg[] = [];
  if (o.formality !== 'default' && formalityAvailability(ctx).enabled)
    out.push({ id: `translate.options.formality.${o.formality}` });
  if (o.modelType) out.push({ id: `translate.options.model.${o.modelType}` });
  if (o.context.trim()) out.push({ id: 'translate.options.sum.context' });
  if (o.glossaryIds.length && glossaryAvailability(ctx).enabled)
    out.push({ id: 'translate.options.sum.glossaries', values: { count: o.glossaryIds.length } });
  if (o.styleId.trim()) out.push({ id: 'translate.options.sum.style' });
  if (o.translationMemoryId.trim())
    out.push({ id: 'translate.options.sum.tm', values: { threshold: o.translationMemoryThreshold } });
  const ci = o.customInstructions.filter((s) => s.trim() !== '').length;
  if (ci && customInstructionsAvailability(ctx).enabled)
    out.push({ id: 'translate.options.sum.instructions', values: { count: ci } });
  if (o.tagHandling) out.push({ id: 'translate.options.sum.tags', values: { value: o.tagHandling.toUpperCase() } });
  if (o.splitSentences) out.push({ id: `translate.options.split.${o.splitSentences}` });
  if (o.preserveFormatting) out.push({ id: 'translate.options.sum.preserve' });
  return out;
}
