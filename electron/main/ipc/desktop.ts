/** IPC registrar (main process): `desktop.status` and `network.*` (proxy, extra trusted CA certificates). */
import { handle, type HandleContext } from './handle.js';
import type { AppServices } from './services.js';

export function registerDesktopIpc(ctx: HandleContext, s: AppServices): void {
  handle(ctx, 'desktop.status', () => s.desktop.status());
  handle(ctx, 'network.get', () => s.network.get());
  handle(ctx, 'network.update', (i) => s.network.update(i));
}
