/** IPC registrar (main process): `customisation.*`, bound to the CustomisationService. */
import { handle, type HandleContext } from './handle.js';
import type { AppServices } from './services.js';

export function registerCustomisationIpc(ctx: HandleContext, s: AppServices): void {
  const c = s.customisation;
  handle(ctx, 'customisation.capabilities', (i) => c.capabilities(i.refresh === true));
  handle(ctx, 'customisation.dictionaryEntries', (i) => c.dictionaryEntries(i.glossaryId, i.sourceLang, i.targetLang));
  handle(ctx, 'customisation.addDictionary', (i) => c.addDictionary(i.glossaryId, i.sourceLang, i.targetLang, i.entries));
  handle(ctx, 'customisation.removeDictionary', (i) => c.removeDictionary(i.glossaryId, i.sourceLang, i.targetLang));
  handle(ctx, 'customisation.renameGlossary', (i) => c.renameGlossary(i.glossaryId, i.name));
  handle(ctx, 'customisation.styleRules', () => c.styleRules());
  handle(ctx, 'customisation.styleRuleCreate', (i) => c.styleRuleCreate(i.name, i.language, i.configuredRules));
  handle(ctx, 'customisation.styleRuleRename', (i) => c.styleRuleRename(i.styleId, i.name));
  handle(ctx, 'customisation.styleRuleConfigure', (i) => c.styleRuleConfigure(i.styleId, i.configuredRules));
  handle(ctx, 'customisation.styleRuleDelete', (i) => c.styleRuleDelete(i.styleId));
  handle(ctx, 'customisation.instructionAdd', (i) => c.instructionAdd(i.styleId, i.label, i.prompt));
  handle(ctx, 'customisation.instructionUpdate', (i) => c.instructionUpdate(i.styleId, i.instructionId, i.label, i.prompt));
  handle(ctx, 'customisation.instructionRemove', (i) => c.instructionRemove(i.styleId, i.instructionId));
  handle(ctx, 'customisation.translationMemories', () => c.translationMemories());
}
