/**
 * The services the IPC registrars bind (main process): built once by the composition root (Electron) or by the
 * web harness (Node), so both run the same code below the preload.
 */
import type { AdminKeysService } from '../services/admin-keys.js';
import type { UsageService } from '../services/usage.js';
import type { GlossariesService } from '../services/glossaries.js';
import type { CustomisationService } from '../services/customisation.js';
import type { MainI18n } from '../services/i18n.js';
import type { AppService } from '../services/app-service.js';
import type { ConnectionsService } from '../services/connections.js';
import type { DocumentsService } from '../services/documents.js';
import type { LanguagesService } from '../services/languages.js';
import type { LocalServiceManager } from '../services/local-service.js';
import type { SettingsService } from '../services/settings.js';
import type { TranslateService } from '../services/translate.js';
import type { HistoryService } from '../services/history.js';
import type { TranslatePrefsService } from '../services/translate-prefs.js';
import type { DesktopStatusSource } from '../services/desktop.js';
import type { NetworkSettingsService } from '../services/network-settings.js';

export interface AppServices {
  connections: ConnectionsService;
  languages: LanguagesService;
  translate: TranslateService;
  translatePrefs: TranslatePrefsService;
  history: HistoryService;
  usage: UsageService;
  glossaries: GlossariesService;
  customisation: CustomisationService;
  adminKeys: AdminKeysService;
  documents: DocumentsService;
  settings: SettingsService;
  app: AppService;
  local: LocalServiceManager;
  network: NetworkSettingsService;
  desktop: DesktopStatusSource;
  /** Main's UI language (menus, dialogs, and the language names `app.start` gives the renderer's first screen). */
  i18n: Pick<MainI18n, 'locale' | 'format'>;
}
