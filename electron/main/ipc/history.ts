/** IPC registrar (main process): `history.*` (the opt-in, local translation history). */
import { handle, type HandleContext } from './handle.js';
import type { AppServices } from './services.js';

export function registerHistoryIpc(ctx: HandleContext, s: AppServices): void {
  handle(ctx, 'history.list', (i) => s.history.list(i.query ?? '', i.limit ?? 500));
  handle(ctx, 'history.remove', (i) => s.history.remove(i.id));
  handle(ctx, 'history.clear', () => s.history.clear());
}
