/** IPC registrar (main process): `connections.*` and `credentials.*` (write-only keys) onto the connections service. */
import { handle, type HandleContext } from './handle.js';
import type { AppServices } from './services.js';

export function registerConnectionsIpc(ctx: HandleContext, s: AppServices): void {
  const c = s.connections;
  handle(ctx, 'connections.list', () => c.list());
  handle(ctx, 'connections.status', () => c.status());
  handle(ctx, 'connections.addLocal', (i) => c.addLocal(i.name));
  handle(ctx, 'connections.addHosted', (i) => c.addHosted(i));
  handle(ctx, 'connections.addCustom', (i) => c.addCustom(i));
  handle(ctx, 'connections.test', (i) => c.test(i.id));
  handle(ctx, 'connections.rename', (i) => c.rename(i.id, i.name));
  handle(ctx, 'connections.remove', (i) => c.remove(i.id));
  handle(ctx, 'connections.setActive', (i) => c.setActive(i.id));
}

export function registerCredentialsIpc(ctx: HandleContext, s: AppServices): void {
  const c = s.connections;
  handle(ctx, 'credentials.status', async () => {
    const avail = await c.credentialAvailability();
    return {
      backend: avail.backend,
      canPersist: avail.canPersist,
      ...(avail.reason !== undefined && { reason: avail.reason }),
      connections: c.secretStatuses(),
    };
  });
  handle(ctx, 'credentials.setApiKey', (i) => c.setSecret(i.connectionId, 'api', i.apiKey, i.persistence));
  handle(ctx, 'credentials.clearApiKey', (i) => c.clearSecret(i.connectionId, 'api'));
  handle(ctx, 'credentials.setAdminKey', (i) => c.setSecret(i.connectionId, 'admin', i.adminKey, i.persistence));
  handle(ctx, 'credentials.clearAdminKey', (i) => c.clearSecret(i.connectionId, 'admin'));
}
