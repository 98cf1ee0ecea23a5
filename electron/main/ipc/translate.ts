/** IPC registrar (main process): `languages.*`, `translate.*`, and `translatePrefs.*` (`usage.*` is in usage.ts). */
import { handle, type HandleContext } from './handle.js';
import type { AppServices } from './services.js';

export function registerTranslateIpc(ctx: HandleContext, s: AppServices): void {
  handle(ctx, 'languages.list', (i) => s.languages.list(i.type, i.refresh === true));
  handle(ctx, 'translate.run', (i) => s.translate.run(i));
  handle(ctx, 'translate.batch', (i) => s.translate.batch({ ...i, concurrency: i.concurrency ?? s.settings.get().batchConcurrency }));
  handle(ctx, 'translate.cancel', (i) => s.translate.cancel(i.requestId));
  handle(ctx, 'translate.detect', (i) => s.translate.detect(i.texts));
  handle(ctx, 'languages.pairs', (i) => s.languages.pairs(i.refresh === true, i.connectionId));
  handle(ctx, 'translatePrefs.get', () => s.translatePrefs.get());
  handle(ctx, 'translatePrefs.update', async (i) => {
    const next = s.translatePrefs.update(i);
    if (i.historyMaxEntries !== undefined) await s.history.applyCap(next.historyMaxEntries);
    return next;
  });
}
