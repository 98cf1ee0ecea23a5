/**
 * Proxy and trust applier over Electron (main process, Electron only): `session.setProxy` on the default session,
 * which `net.fetch` (the app's HTTP transport) uses, then `closeAllConnections` so open sockets do not keep the old
 * route; proxy credentials answer Chromium's `login` event for proxy challenges only, never for a site's.
 *
 * Extra trusted CA certificates: `setCertificateVerifyProc` leaves every verdict to Chromium (-3) except a chain
 * Chromium rejected that verifies against one of the user's extra CAs (network-ca.ts), which it accepts (0). There is
 * no `certificate-error` handler: nothing is accepted blindly. Chromium caches verdicts per session, so a CA removed
 * while Verso runs may keep working for hosts already verified until the app restarts (documented in README).
 */
import { app, session, type Certificate } from 'electron';
import { verifyChainWithExtraCa } from '../services/network-ca.js';
import { electronProxyConfig, type ProxyApplier, type ProxyPlan } from '../services/network.js';

/** Leaf first; stops at a self-issued certificate (Electron links a root to itself). */
function chainOf(cert: Certificate): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (let c: Certificate | undefined = cert; c && !seen.has(c.fingerprint); c = c.issuerCert) {
    seen.add(c.fingerprint);
    out.push(c.data);
  }
  return out;
}

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
    async trust(caPems) {
      const cas = [...caPems];
      if (cas.length === 0) {
        session.defaultSession.setCertificateVerifyProc(null);
      } else {
        session.defaultSession.setCertificateVerifyProc((request, callback) => {
          if (request.errorCode === 0) return callback(-3);
          callback(verifyChainWithExtraCa(chainOf(request.certificate), request.hostname, cas) ? 0 : -3);
        });
      }
      await session.defaultSession.closeAllConnections();
    },
  };
}
