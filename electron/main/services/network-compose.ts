/**
 * Composition of the network and desktop-status services (main process, plain Node), kept out of compose.ts so
 * that file stays one line per domain: the proxy password store, the service that applies proxy and trust to the
 * runtime's applier, the user-facing settings over them (applied at once), and `desktop.status`'s source.
 */
import type { ComposePorts } from '../compose.js';
import { DesktopStatusSource } from './desktop.js';
import { NetworkService, ProxyCredentials } from './network.js';
import { NetworkSettingsService } from './network-settings.js';

export function createNetworkDomain({ ports }: { ports: ComposePorts }) {
  const proxyCredentials = new ProxyCredentials(ports.stores.secrets, ports.cipher);
  const log = (l: string) => console.error(l);
  const service = new NetworkService(ports.proxy ? [ports.proxy] : [], proxyCredentials, log);
  const network = new NetworkSettingsService({
    store: ports.stores.settings,
    credentials: proxyCredentials,
    network: service,
    readText: (p) => ports.fs.readText(p),
    log,
  });
  // Applied before the first request most of the time; a request racing it uses the system proxy, the default.
  void network.start().catch((e: unknown) => log(`[network] ${e instanceof Error ? e.message : String(e)}`));
  return { network, desktop: new DesktopStatusSource(), proxyCredentials };
}
