/** IPC registrar (main process): `settings.*`, `app.*` and `localService.*`. */
import type { LanguageView } from '../../../shared/ipc/contract.js';
import { PSEUDO_SUFFIX } from '../services/languages.js';
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
    const local = s.connections.list().connections.find((c) => c.kind === 'local');
    if (local) {
      // Languages of the engine itself (cached per connection), whether or not it is the active connection.
      const [src, tgt] = await Promise.all([s.languages.list('source', false, local.id), s.languages.list('target', false, local.id)]);
      return { source: src.languages, target: tgt.languages, pseudo: src.pseudo || tgt.pseudo };
    }
    // First run: no local connection yet, so ask the engine directly what it can do.
    const client = await s.connections.localEngineClient();
    const [src, tgt] = await Promise.all([client.getLanguages('source'), client.getLanguages('target')]);
    const view = (l: (typeof src)[number]): LanguageView => ({
      code: l.language.toUpperCase(),
      name: l.name,
      supportsFormality: l.supports_formality === true,
    });
    const pseudo = [...src, ...tgt].some((l) => l.name.endsWith(PSEUDO_SUFFIX));
    return { source: src.map(view), target: tgt.map(view), pseudo };
  });
}
