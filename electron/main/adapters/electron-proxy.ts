/**
 * Proxy applier over Electron (main process, Electron only): `session.setProxy` on the default session, which
 * `net.fetch` (the app's HTTP transport) uses, then `closeAllConnections` so open sockets do not keep the old
 * route; proxy credentials answer Chromium's `login` event for proxy challenges only, never for a site's.
 */
import { app, session } from 'electron';
import { electronProxyConfig, type ProxyApplier, type ProxyPlan } from '../services/network.js';

export function createElectronProxyApplier(): ProxyApplier {
  let credentials: { username: string; password: string } | undefined;
  app.on('login', (event, _webContents, _details, authInfo, callback) => {
    if (!authInfo.isProxy || !credentials) return;
    event.preventDefault();
    callback(credentials.username, credentials.password);
  });
  return {
    async apply(plan: ProxyPlan) {
      credentials = plan.kind === 'proxy' && plan.username ? { username: plan.username, password: plan.password ?? '' } : undefined;
      await session.defaultSession.setProxy(electronProxyConfig(plan));
      await session.defaultSession.closeAllConnections();
    },
  };
}
