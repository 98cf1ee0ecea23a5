/** IPC registrar (main process): `documents.*` and `adminKeys.*`. */
import { handle, type HandleContext } from './handle.js';
import type { AppServices } from './services.js';

export function registerDocumentsIpc(ctx: HandleContext, s: AppServices): void {
  const d = s.documents;
  handle(ctx, 'documents.list', () => d.list());
  handle(ctx, 'documents.pickFile', () => d.pickFile());
  handle(ctx, 'documents.upload', () => d.notYet());
  handle(ctx, 'documents.refresh', () => d.notYet());
  handle(ctx, 'documents.download', () => d.notYet());
  handle(ctx, 'documents.remove', () => d.notYet());
  handle(ctx, 'documents.reveal', () => d.notYet());
}

export function registerAdminKeysIpc(ctx: HandleContext, s: AppServices): void {
  const a = s.adminKeys;
  handle(ctx, 'adminKeys.list', () => a.list());
  handle(ctx, 'adminKeys.create', (i) => a.create(i.label));
  handle(ctx, 'adminKeys.copyNewKey', (i) => a.copyNewKey(i.keyId));
  handle(ctx, 'adminKeys.saveNewKeyAsConnection', (i) => a.saveNewKeyAsConnection(i.keyId, i.name, i.persistence));
  handle(ctx, 'adminKeys.rename', (i) => a.rename(i.keyId, i.label));
  handle(ctx, 'adminKeys.setLimit', (i) => a.setLimit(i.keyId, i.characters));
  handle(ctx, 'adminKeys.deactivate', (i) => a.deactivate(i.keyId));
}
