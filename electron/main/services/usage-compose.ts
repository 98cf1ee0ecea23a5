/**
 * Composition of the usage and admin-keys domains (main process, plain Node): builds both services from the
 * composition root's ports, so `compose.ts` needs one line. Their files live in `<userData>/usage` and
 * `<userData>/admin-keys`; the OS notification of usage alerts uses the desktop notifier where there is one.
 */
import { join } from 'node:path';
import type { AppInfo } from '../../../shared/ipc/contract.js';
import { AdminKeysService } from './admin-keys.js';
import { ApiClient } from './api-client.js';
import type { Clipboard, SaveDialog } from './app-service.js';
import type { ConnectionsService, HostedEndpoints } from './connections.js';
import type { EventBus } from './event-bus.js';
import type { MainI18n } from './i18n.js';
import type { Clock, FileSystem, HttpTransport, Notifier, Random } from './ports.js';
import { UsageService } from './usage.js';
import type { LocalServiceManager } from './local-service.js';

export function createUsageDomain(o: {
  ports: {
    transport: HttpTransport;
    clock: Clock;
    random?: Random;
    fs: FileSystem;
    clipboard: Clipboard;
    saveDialog: SaveDialog;
    documents?: { notifier?: Notifier };
  };
  config: { userDataDir: string; userAgent: string; hosted: HostedEndpoints; appInfo?: AppInfo };
  connections: ConnectionsService;
  events: EventBus;
  i18n: Pick<MainI18n, 't' | 'format' | 'locale'>;
  /** The local engine (the Keys screen tells its own keys apart). */
  local?: Pick<LocalServiceManager, 'ownKeyIds'>;
}): { usage: UsageService; adminKeys: AdminKeysService } {
  const { ports, config, connections, events, i18n } = o;
  const notifier = ports.documents?.notifier;
  const usage = new UsageService({
    connections,
    events,
    fs: ports.fs,
    clock: ports.clock,
    dir: join(config.userDataDir, 'usage'),
    saveDialog: ports.saveDialog,
    ...(notifier && { notifier }),
    csv: () => ({
      uiLocale: i18n.format().locale,
      words: {
        time: i18n.t('usage.csv.time'),
        connection: i18n.t('usage.csv.connection'),
        accountCount: i18n.t('usage.csv.accountCount'),
        accountLimit: i18n.t('usage.csv.accountLimit'),
        keyCount: i18n.t('usage.csv.keyCount'),
        keyLimit: i18n.t('usage.csv.keyLimit'),
        periodStart: i18n.t('usage.csv.periodStart'),
        periodEnd: i18n.t('usage.csv.periodEnd'),
      },
    }),
    notificationText: (a) => ({
      title: i18n.t(a.scope === 'key' ? 'usage.alert.notifyTitleKey' : 'usage.alert.notifyTitle', { threshold: a.threshold, connection: a.connectionName }),
      body: i18n.t('usage.alert.notifyBody', {
        count: i18n.format().number(a.characterCount),
        limit: i18n.format().number(a.characterLimit),
      }),
    }),
  });
  const adminKeys = new AdminKeysService({
    connections,
    clipboard: ports.clipboard,
    fs: ports.fs,
    clock: ports.clock,
    dir: join(config.userDataDir, 'admin-keys'),
    saveDialog: ports.saveDialog,
    ...(config.hosted.pro && { hostedPro: config.hosted.pro }),
    makeClient: (c) =>
      new ApiClient({
        ...c,
        transport: ports.transport,
        clock: ports.clock,
        ...(ports.random && { random: ports.random }),
        userAgent: config.userAgent,
        onRetry: (info) => events.emit('api.retrying', info),
      }),
    localKeyIds: () => o.local?.ownKeyIds() ?? {},
    i18n,
    lastUsage: async (id) => {
      const r = await usage.last(id);
      if (!r) return null;
      return { characterCount: r.usage.apiKeyCharacterCount ?? r.usage.characterCount, at: r.fetchedAt };
    },
  });
  return { usage, adminKeys };
}
