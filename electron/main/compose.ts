/**
 * Service composition (main process, plain Node): builds every service from ports and configuration. The
 * Electron composition root (`index.ts`) and the web harness (`web/server.ts`) both call it with their own
 * adapters, so the code below the preload is the same in the app, the harness and the e2e tests.
 */
import { join } from 'node:path';
import type { AppInfo } from '../../shared/ipc/contract.js';
import type { AppServices } from './ipc/services.js';
import { createUsageDomain } from './services/usage-compose.js';
import { createGlossariesService } from './services/glossaries.js';
import { createCustomisationService } from './services/customisation.js';
import { ApiClient } from './services/api-client.js';
import { AppService, type Clipboard, type SaveDialog } from './services/app-service.js';
import { ConnectionsService, type HostedEndpoints } from './services/connections.js';
import { CredentialStore } from './services/credentials.js';
import { createDocumentsService, type DocumentsConfig, type DocumentsPorts } from './services/documents.js';
import { EventBus } from './services/event-bus.js';
import { MainI18n } from './services/i18n.js';
import { LanguagesService } from './services/languages.js';
import { LocalServiceManager } from './services/local-service.js';
import type { Clock, ExternalOpener, FileSystem, HttpTransport, KeyValueStore, Random, SecretCipher, ServiceLauncher } from './services/ports.js';
import { SettingsService } from './services/settings.js';
import { createTranslateDomain } from './services/history-compose.js';
import { createNetworkDomain } from './services/network-compose.js';
import type { ProxyApplier } from './services/network.js';

export interface ComposePorts {
  transport: HttpTransport;
  clock: Clock;
  random?: Random;
  cipher: SecretCipher;
  /** One store per concern (settings, secrets, connections, caches), as electron-store `name`s. */
  stores: { settings: KeyValueStore; secrets: KeyValueStore; connections: KeyValueStore; cache: KeyValueStore };
  fs: FileSystem;
  launcher: ServiceLauncher;
  opener: ExternalOpener;
  clipboard: Clipboard;
  saveDialog: SaveDialog;
  /** Documents screen's desktop integrations (open dialog, open/show result, notification, progress bar). */
  documents?: DocumentsPorts;
  /** Applies the proxy and extra trusted CAs to this runtime's connections (Electron session, or undici). */
  proxy?: ProxyApplier;
}

export interface ComposeConfig {
  userDataDir: string;
  appInfo: AppInfo;
  userAgent: string;
  hosted: HostedEndpoints;
  /** Engines for the local service (default: the service's own default, Apertium where installed). */
  localEngines?: string[];
  /** Fault injection in the local service (tests only). */
  localFaults?: boolean;
  allowedExternalHosts: readonly string[];
  /** The OS's preferred languages, most preferred first (Electron: `app.getPreferredSystemLanguages()`). */
  systemLocales?: () => readonly string[];
  documents?: DocumentsConfig;
}

export interface Composed {
  services: AppServices;
  events: EventBus;
  /** The UI language of main's own text (menus, tray, dialogs); follows Settings. */
  i18n: MainI18n;
  /** Every secret main holds in memory, for redaction. */
  secrets: () => string[];
  shutdown(): Promise<void>;
}

/** `Verso/<version> (<os>) electron/<v>` or `… node/<v>`: names the app for the service's logs and support. */
export function buildUserAgent(version: string, os: string, runtime: 'electron' | 'node', runtimeVersion: string): string {
  return `Verso/${version} (${os}) ${runtime}/${runtimeVersion.replace(/^v/, '')}`;
}

export function composeServices(ports: ComposePorts, config: ComposeConfig): Composed {
  const events = new EventBus();
  const credentials = new CredentialStore(ports.stores.secrets, ports.cipher);
  const i18n = new MainI18n(config.systemLocales ?? (() => []));
  const settings = new SettingsService(ports.stores.settings, (s) => {
    void i18n.use(s.uiLanguage);
    events.emit('settings.changed', s);
  });
  void i18n.use(settings.get().uiLanguage);
  const local = new LocalServiceManager({
    launcher: ports.launcher,
    fs: ports.fs,
    dataDir: join(config.userDataDir, 'local-service'),
    ...(config.localEngines && { engines: config.localEngines }),
    ...(config.localFaults && { faults: true }),
    events,
  });
  // The local engine replaces its own Pro key when it is refused (deactivated on the Keys screen) and resends.
  const connectionsTransport = local.healingTransport(ports.transport);
  const connections = new ConnectionsService({
    store: ports.stores.connections,
    credentials,
    local,
    hosted: config.hosted,
    events,
    makeClient: (o) =>
      new ApiClient({
        ...o,
        transport: connectionsTransport,
        clock: ports.clock,
        ...(ports.random && { random: ports.random }),
        userAgent: config.userAgent,
        onRetry: (info) => events.emit('api.retrying', info),
      }),
  });
  const { usage, adminKeys } = createUsageDomain({ ports, config, connections, events, i18n, local });
  const { network, desktop, proxyCredentials } = createNetworkDomain({ ports });
  const customisation = createCustomisationService({ connections, events });
  const services: AppServices = {
    connections,
    languages: new LanguagesService(connections, ports.stores.cache, () => ports.clock.now()),
    ...createTranslateDomain({ connections, events, store: ports.stores.settings, fs: ports.fs, dir: config.userDataDir, now: () => ports.clock.now(), concurrency: () => settings.get().batchConcurrency }),
    usage,
    glossaries: createGlossariesService({ connections, events, settings, saveDialog: ports.saveDialog, userDataDir: config.userDataDir, inPlace: customisation.inPlace }),
    customisation,
    adminKeys,
    documents: createDocumentsService({ ports, config, connections, events, i18n }),
    settings,
    app: new AppService({
      info: config.appInfo,
      opener: ports.opener,
      clipboard: ports.clipboard,
      saveDialog: ports.saveDialog,
      allowedHosts: config.allowedExternalHosts,
    }),
    local,
    network,
    desktop,
    i18n,
  };
  services.translate.onBilled = (connectionId, characters) => void usage.recordBilled({ connectionId, kind: 'text', characters, at: ports.clock.now() });
  services.documents.onBilled = (connectionId, characters) =>
    void usage.recordBilled({ connectionId, kind: 'document', characters, at: ports.clock.now() });
  return {
    services,
    events,
    i18n,
    secrets: () => [...connections.knownSecrets(), ...adminKeys.heldSecrets(), ...services.documents.heldSecrets(), ...proxyCredentials.knownSecrets()],
    async shutdown() {
      services.documents.close();
      await local.stop().catch(() => undefined);
      await ports.transport.close?.();
    },
  };
}

/** On start: warm the local engine when it is (or will be, on first run) the connection in use. */
export function warmUp(c: Composed): void {
  const { connections, local } = c.services;
  const state = connections.list();
  const active = state.connections.find((x) => x.id === state.activeId);
  if (!active || active.kind === 'local') void local.ensureStarted().catch(() => undefined);
}
