/** IPC registrar (main process): `glossaries.*`, bound to the GlossariesService. */
import { handle, type HandleContext } from './handle.js';
import type { AppServices } from './services.js';

export function registerGlossariesIpc(ctx: HandleContext, s: AppServices): void {
  const g = s.glossaries;
  handle(ctx, 'glossaries.list', () => g.list());
  handle(ctx, 'glossaries.get', (i) => g.get(i.glossaryId));
  handle(ctx, 'glossaries.entries', (i) => g.entries(i.glossaryId));
  handle(ctx, 'glossaries.remove', (i) => g.remove(i.glossaryId));
  handle(ctx, 'glossaries.languagePairs', () => g.languagePairs());
  handle(ctx, 'glossaries.duplicate', (i) => g.duplicate(i.glossaryId, i.name, i.reverse));
  handle(ctx, 'glossaries.drafts', () => g.drafts());
  handle(ctx, 'glossaries.draftGet', (i) => g.draftGet(i.draftId));
  handle(ctx, 'glossaries.draftPut', (i) => g.draftPut(i));
  handle(ctx, 'glossaries.draftDiscard', (i) => g.draftDiscard(i.draftId));
  handle(ctx, 'glossaries.edit', (i) => g.edit(i.glossaryId, { sourceLang: i.sourceLang, targetLang: i.targetLang }));
  handle(ctx, 'glossaries.save', (i) => g.save(i));
  handle(ctx, 'glossaries.finishSave', (i) => g.finishSave(i.draftId));
  handle(ctx, 'glossaries.versions', (i) => g.versions(i.name, i.sourceLang, i.targetLang, i.glossaryId));
  handle(ctx, 'glossaries.versionEntries', (i) => g.versionEntries(i.versionId));
  handle(ctx, 'glossaries.importFile', (i) => g.importFile(i.fileName, i.dataBase64, i.options, i.pair));
  handle(ctx, 'glossaries.exportFile', (i) => g.exportFile(i));
}
