/**
 * Network settings (test code, plain Node): proxy URLs are checked with messages that say what to enter, the
 * plans map to Electron's proxy rules, the password is stored only encrypted, and — through a real forward proxy
 * on 127.0.0.1 — the Node transport's requests go through the manual proxy (with Proxy-Authorization when a user
 * is set), straight to the server with "none", and switch without a restart.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHttpTransport } from '../adapters/node-http.js';
import { createNodeProxyApplier } from '../adapters/node-proxy.js';
import { createTestFileCipher } from '../adapters/node-cipher.js';
import { NetworkService, ProxyCredentials, ProxySettingsError, electronProxyConfig, parseProxyUrl, planProxy } from './network.js';
import type { KeyValueStore } from './ports.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const memoryStore = (): KeyValueStore & { data: Map<string, unknown> } => {
  const data = new Map<string, unknown>();
  return { data, get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) };
};

describe('proxy settings', () => {
  it('accepts http, https and socks addresses and fills in default ports', () => {
    expect(parseProxyUrl('http://proxy.example:3128')).toMatchObject({ protocol: 'http', host: 'proxy.example', port: 3128 });
    expect(parseProxyUrl('https://proxy.example')).toMatchObject({ protocol: 'https', port: 443 });
    expect(parseProxyUrl('socks5://10.0.0.1')).toMatchObject({ protocol: 'socks5', port: 1080, url: 'socks5://10.0.0.1:1080' });
  });

  it('refuses bad addresses with a message that says what to enter', () => {
    expect(() => parseProxyUrl('proxy:8080')).toThrow(/not supported|http:\/\/host:port/);
    expect(() => parseProxyUrl('ftp://proxy.example')).toThrow(/http:\/\/, https:\/\/ or socks5:\/\//);
    expect(() => parseProxyUrl('http://bob:secret@proxy.example:8080')).toThrow(/own fields/);
    expect(() => parseProxyUrl('http://proxy.example:8080/path')).toThrow(/only a host and a port/);
    expect(() => planProxy({ mode: 'manual' })).toThrow(ProxySettingsError);
  });

  it('maps to Electron proxy rules, never proxying the loopback local engine', () => {
    expect(electronProxyConfig(planProxy({ mode: 'system' }))).toEqual({ mode: 'system' });
    expect(electronProxyConfig(planProxy({ mode: 'none' }))).toEqual({ mode: 'direct' });
    const manual = electronProxyConfig(planProxy({ mode: 'manual', url: 'http://proxy.example:3128' }));
    expect(manual).toMatchObject({ mode: 'fixed_servers', proxyRules: 'proxy.example:3128' });
    expect((manual as { proxyBypassRules: string }).proxyBypassRules).toContain('127.0.0.1');
    expect(electronProxyConfig(planProxy({ mode: 'manual', url: 'socks5://s.example:1080' }))).toMatchObject({ proxyRules: 'socks5://s.example:1080' });
  });
});

describe('the proxy password', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'verso-proxy-cred-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('is stored only encrypted and read back by main', async () => {
    const store = memoryStore();
    const creds = new ProxyCredentials(store, createTestFileCipher(join(dir, 'k')));
    await creds.set('hunter2-proxy');
    expect(JSON.stringify([...store.data.values()])).not.toContain('hunter2-proxy');
    const again = new ProxyCredentials(store, createTestFileCipher(join(dir, 'k')));
    expect(again.has()).toBe(true);
    expect(await again.get()).toBe('hunter2-proxy');
    await again.set(null);
    expect(again.has()).toBe(false);
  });
});

describe('requests through a local proxy on 127.0.0.1', () => {
  let target: Server;
  let proxy: Server;
  let targetUrl = '';
  let proxyUrl = '';
  const seen: { target: string; auth: string | undefined }[] = [];
  let requireAuth: string | undefined;

  beforeAll(async () => {
    target = createServer((req, res) => res.end(`hello from ${req.url}`));
    // A forward proxy as corporate ones work: CONNECT tunnels (what undici's ProxyAgent uses) and absolute URLs.
    proxy = createServer((req, res) => {
      seen.push({ target: req.url ?? '', auth: req.headers['proxy-authorization'] });
      res.writeHead(400).end('use CONNECT');
    });
    proxy.on('connect', (req: IncomingMessage, socket, head) => {
      seen.push({ target: req.url ?? '', auth: req.headers['proxy-authorization'] });
      if (requireAuth && req.headers['proxy-authorization'] !== requireAuth) {
        socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n');
        return;
      }
      const [host, port] = (req.url ?? '').split(':');
      // Only loopback targets: the test never reaches another address.
      if (host !== '127.0.0.1') {
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      const upstream = connect(Number(port), host, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    proxy.closeAllConnections();
    target.closeAllConnections();
    await new Promise((r) => proxy.close(r));
    await new Promise((r) => target.close(r));
  });

  async function get(transport: ReturnType<typeof createNodeHttpTransport>, path: string): Promise<{ status: number; text: string }> {
    const res = await transport.send({ method: 'GET', url: `${targetUrl}${path}`, headers: {}, signal: AbortSignal.timeout(10_000) });
    return { status: res.status, text: await res.text() };
  }

  it('goes through the manual proxy, then straight to the server after switching to "none", without a restart', async () => {
    const applier = createNodeProxyApplier();
    const creds = new ProxyCredentials(memoryStore(), createTestFileCipher(join(tmpdir(), `verso-proxy-${process.pid}-a`)));
    const network = new NetworkService([applier], creds);
    const transport = createNodeHttpTransport({ dispatcher: applier.dispatcher });
    try {
      seen.length = 0;
      await network.apply({ mode: 'manual', url: proxyUrl });
      expect(await get(transport, '/via-proxy')).toEqual({ status: 200, text: 'hello from /via-proxy' });
      expect(seen.map((s) => s.target)).toEqual([targetUrl.replace('http://', '')]);

      seen.length = 0;
      await network.apply({ mode: 'none' });
      expect(await get(transport, '/direct')).toEqual({ status: 200, text: 'hello from /direct' });
      expect(seen).toEqual([]);
    } finally {
      await transport.close?.();
      await applier.close();
    }
  });

  it('sends the stored credentials to a proxy that asks for them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'verso-proxy-auth-'));
    const applier = createNodeProxyApplier();
    const creds = new ProxyCredentials(memoryStore(), createTestFileCipher(join(dir, 'k')));
    const network = new NetworkService([applier], creds);
    const transport = createNodeHttpTransport({ dispatcher: applier.dispatcher });
    requireAuth = `Basic ${Buffer.from('translator:s3cret').toString('base64')}`;
    try {
      await creds.set('s3cret');
      seen.length = 0;
      await network.apply({ mode: 'manual', url: proxyUrl, username: 'translator' });
      expect((await get(transport, '/auth')).text).toBe('hello from /auth');
      expect(seen[0]?.auth).toBe(requireAuth);

      // A wrong password is refused by the proxy and surfaces as an error, not as the page.
      await creds.set('wrong');
      await network.apply({ mode: 'manual', url: proxyUrl, username: 'translator' });
      await expect(get(transport, '/auth')).rejects.toThrow();
    } finally {
      requireAuth = undefined;
      await transport.close?.();
      await applier.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
