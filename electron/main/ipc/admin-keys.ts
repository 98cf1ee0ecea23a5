/** IPC registrar (main process): `adminKeys.*`, bound to the AdminKeysService. */
import { handle, type HandleContext } from './handle.js';
import type { AppServices } from './services.js';

export function registerAdminKeysIpc(ctx: HandleContext, s: AppServices): void {
  const a = s.adminKeys;
  handle(ctx, 'adminKeys.access', () => a.access());
  handle(ctx, 'adminKeys.setAdminKey', (i) => a.setAdminKey(i.adminKey, i.persistence));
  handle(ctx, 'adminKeys.list', (i) => a.list(i.connectionId));
  handle(ctx, 'adminKeys.create', (i) => a.create(i.connectionId, i.label));
  handle(ctx, 'adminKeys.copyNewKey', (i) => a.copyNewKey(i.keyId));
  handle(ctx, 'adminKeys.saveNewKeyAsConnection', (i) => a.saveNewKeyAsConnection(i.keyId, i.name, i.persistence));
  handle(ctx, 'adminKeys.rename', (i) => a.rename(i.connectionId, i.keyId, i.label));
  handle(ctx, 'adminKeys.setLimit', (i) => a.setLimit(i.connectionId, i.keyId, i.characters));
  handle(ctx, 'adminKeys.deactivate', (i) => a.deactivate(i.connectionId, i.keyId));
  handle(ctx, 'adminKeys.bulkSetLimit', (i) => a.bulkSetLimit(i.connectionId, i.keyIds, i.characters));
  handle(ctx, 'adminKeys.bulkDeactivate', (i) => a.bulkDeactivate(i.connectionId, i.keyIds));
  handle(ctx, 'adminKeys.linkConnection', (i) => a.linkConnection(i.connectionId, i.keyId, i.usedBy));
  handle(ctx, 'adminKeys.audit', () => a.auditLog());
  handle(ctx, 'adminKeys.exportCsv', (i) => a.exportCsv(i));
}
