/**
 * Node twin of the proxy applier (main-process code under plain Node: web harness, tests): keeps one undici
 * dispatcher for the current plan — an `EnvHttpProxyAgent` for "system" (HTTP_PROXY / HTTPS_PROXY / NO_PROXY,
 * what a Node program's system proxy is), a plain `Agent` for "none", a `ProxyAgent` (http/https, credentials as
 * Proxy-Authorization) or `Socks5ProxyAgent` for a manual proxy. The Node transport asks for `dispatcher()` on
 * every request, so a change applies to the next request without a restart; the previous dispatcher is closed
 * once its requests finish. Extra trusted CAs (`trust`) go to every TLS connection it makes, beside Node's own
 * roots (a `ca` option replaces the defaults, so both are given).
 */
import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, ProxyAgent, Socks5ProxyAgent, type Dispatcher } from 'undici';
import type { ProxyApplier, ProxyPlan } from '../services/network.js';

const LOOPBACK = '127.0.0.1,localhost,::1';

export interface NodeProxyApplier extends ProxyApplier {
  dispatcher(): Dispatcher;
  close(): Promise<void>;
}

export function createNodeProxyApplier(o: { connections?: number } = {}): NodeProxyApplier {
  const base = { connections: o.connections ?? 16, keepAliveTimeout: 10_000, pipelining: 1 };
  let extraCa: readonly string[] = [];
  let currentPlan: ProxyPlan = { kind: 'system' };
  const make = (plan: ProxyPlan): Dispatcher => {
    const tls = extraCa.length ? { ca: [...rootCertificates, ...extraCa] } : undefined;
    const pool = tls ? { ...base, connect: tls, requestTls: tls, proxyTls: tls } : base;
    switch (plan.kind) {
      case 'direct':
        return new Agent(pool);
      case 'system':
        // The local engine runs on loopback: never through a proxy, whatever NO_PROXY says.
        return new EnvHttpProxyAgent({ ...pool, noProxy: [process.env.NO_PROXY ?? process.env.no_proxy, LOOPBACK].filter(Boolean).join(',') });
      case 'proxy': {
        if (plan.protocol === 'socks5') {
          // SOCKS: undici's Socks5ProxyAgent takes no TLS options for the target here; extra CAs apply to http(s) proxies
          // and direct connections (README, Network).
          return new Socks5ProxyAgent(plan.url, {
            ...(plan.username && { username: plan.username }),
            ...(plan.password !== undefined && { password: plan.password }),
          });
        }
        if (plan.protocol === 'socks4') throw new Error('SOCKS4 proxies are not supported by the web harness; use SOCKS5 or an http proxy.');
        const token = plan.username ? `Basic ${Buffer.from(`${plan.username}:${plan.password ?? ''}`).toString('base64')}` : undefined;
        return new ProxyAgent({ uri: plan.url, ...(token && { token }), ...pool });
      }
    }
  };
  let current: Dispatcher = make(currentPlan);
  const swap = (next: Dispatcher) => {
    const prev = current;
    current = next;
    // Requests in flight finish on the old dispatcher; close() waits for them.
    void prev.close().catch(() => undefined);
  };
  return {
    async apply(next) {
      swap(make(next));
      currentPlan = next;
    },
    async trust(caPems) {
      extraCa = [...caPems];
      swap(make(currentPlan));
    },
    dispatcher: () => current,
    close: () => current.close(),
  };
}
