/** IPC registrar (main process): `settings.*`, `app.*` and `localService.*`. */
import type { LanguageView } from '../../../shared/ipc/contract.js';
import { handle, type HandleContext } from './handle.js';
import type { AppServices } from './services.js';

export function registerSettingsIpc(ctx: HandleContext, s: AppServices): void {
  handle(ctx, 'settings.get', () => s.settings.get());
  handle(ctx, 'settings.update', (i) => s.settings.update(i));
}

export function registerAppIpc(ctx: HandleContext, s: AppServices): void {
  handle(ctx, 'app.info', () => s.app.info());
  handle(ctx, 'app.openExternal', (i) => s.app.openExternal(i.url));
  handle(ctx, 'app.copyText', (i) => s.app.copyText(i.text));
  handle(ctx, 'app.saveTextFile', (i) => s.app.saveTextFile(i.suggestedName, i.content));
}

export function registerLocalServiceIpc(ctx: HandleContext, s: AppServices): void {
  handle(ctx, 'localService.status', () => s.local.status());
  handle(ctx, 'localService.restart', () => s.local.restart());
  handle(ctx, 'localService.languages', async () => {
    await s.local.ensureStarted();
    const local = s.connections.list().connections.find((c) => c.kind === 'local');
    // Languages of the engine itself, whether or not it is the active connection.
    const lists = local
      ? await Promise.all([s.languages.list('source', false, local.id), s.languages.list('target', false, local.id)])
      : undefined;
    const source: LanguageView[] = lists?.[0].languages ?? [];
    const target: LanguageView[] = lists?.[1].languages ?? [];
    return { source, target, pseudo: (lists?.[0].pseudo ?? false) || (lists?.[1].pseudo ?? false) };
  });
}
