/** IPC registrar (main process): `documents.*`, bound to the DocumentsService (inputs validated by the contract). */
import { handle, type HandleContext } from './handle.js';
import type { AppServices } from './services.js';

export function registerDocumentsIpc(ctx: HandleContext, s: AppServices): void {
  const d = s.documents;
  handle(ctx, 'documents.pickFiles', () => d.pickFiles());
  handle(ctx, 'documents.pickFolder', () => d.pickFolder());
  handle(ctx, 'documents.inspect', (i) => d.inspect(i.paths, i.allowMany));
  handle(ctx, 'documents.enqueue', (i) => d.enqueue(i.paths, i.options));
  handle(ctx, 'documents.list', () => d.list());
  handle(ctx, 'documents.cancel', (i) => d.cancel(i.jobId, i.discard));
  handle(ctx, 'documents.retry', (i) => d.retry(i.jobId, i.sourceLang, i.targetLang));
  handle(ctx, 'documents.translateAgain', (i) => d.translateAgain(i.jobId));
  handle(ctx, 'documents.remove', (i) => d.remove(i.jobIds));
  handle(ctx, 'documents.open', (i) => d.open(i.jobId));
  handle(ctx, 'documents.reveal', (i) => d.reveal(i.jobId));
  handle(ctx, 'documents.batchDraft', () => d.batchDraft.restore());
  handle(ctx, 'documents.saveBatchDraft', (i) => d.batchDraft.save(i.draft));
  handle(ctx, 'documents.prefs', () => d.prefs());
  handle(ctx, 'documents.setPrefs', (i) => d.setPrefs(i));
}
