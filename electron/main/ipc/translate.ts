/** IPC registrar (main process): `languages.*`, `translate.*` and `usage.*`. */
import { handle, type HandleContext } from './handle.js';
import type { AppServices } from './services.js';

export function registerTranslateIpc(ctx: HandleContext, s: AppServices): void {
  handle(ctx, 'languages.list', (i) => s.languages.list(i.type, i.refresh === true));
  handle(ctx, 'translate.run', (i) => s.translate.run(i));
  handle(ctx, 'translate.batch', (i) => s.translate.batch({ ...i, concurrency: i.concurrency ?? s.settings.get().batchConcurrency }));
  handle(ctx, 'translate.cancel', (i) => s.translate.cancel(i.requestId));
  handle(ctx, 'translate.detect', (i) => s.translate.detect(i.texts));
  handle(ctx, 'usage.get', () => s.usage.get());
}
