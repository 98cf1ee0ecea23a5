/** Registers every domain's IPC (main process): the one list the Electron root and the web harness both call. */
import { registerAdminKeysIpc } from './admin-keys.js';
import { registerUsageIpc } from './usage.js';
import { registerDocumentsIpc } from './documents.js';
import { registerGlossariesIpc } from './glossaries.js';
import { registerCustomisationIpc } from './customisation.js';
import { registerAppIpc, registerLocalServiceIpc, registerSettingsIpc } from './app.js';
import { registerConnectionsIpc, registerCredentialsIpc } from './connections.js';
import type { HandleContext } from './handle.js';
import type { AppServices } from './services.js';
import { registerTranslateIpc } from './translate.js';
import { registerHistoryIpc } from './history.js';
import { registerDesktopIpc } from './desktop.js';
import { registerStartIpc } from './start.js';

export function registerAllIpc(ctx: HandleContext, services: AppServices): void {
  registerConnectionsIpc(ctx, services);
  registerCredentialsIpc(ctx, services);
  registerTranslateIpc(ctx, services);
  registerHistoryIpc(ctx, services);
  registerDocumentsIpc(ctx, services);
  registerGlossariesIpc(ctx, services);
  registerCustomisationIpc(ctx, services);
  registerAdminKeysIpc(ctx, services);
  registerUsageIpc(ctx, services);
  registerSettingsIpc(ctx, services);
  registerAppIpc(ctx, services);
  registerLocalServiceIpc(ctx, services);
  registerDesktopIpc(ctx, services);
  registerStartIpc(ctx, services);
}
