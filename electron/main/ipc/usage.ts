/** IPC registrar (main process): `usage.*`, bound to the UsageService. */
import { handle, type HandleContext } from './handle.js';
import type { AppServices } from './services.js';

export function registerUsageIpc(ctx: HandleContext, s: AppServices): void {
  const u = s.usage;
  handle(ctx, 'usage.get', (i) => u.get(i?.connectionId));
  handle(ctx, 'usage.history', (i) => u.history(i?.connectionId));
  handle(ctx, 'usage.all', () => u.all());
  handle(ctx, 'usage.exportCsv', (i) => u.exportCsv(i?.connectionId));
  handle(ctx, 'usage.alertSettings', () => u.alertSettings());
  handle(ctx, 'usage.setAlertSettings', (i) => u.setAlertSettings(i));
  handle(ctx, 'usage.alerts', () => u.pendingAlerts());
  handle(ctx, 'usage.dismissAlerts', () => u.dismissAlerts());
}
