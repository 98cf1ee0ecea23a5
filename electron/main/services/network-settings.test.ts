/**
 * Network settings as the user sets them (test code, plain Node): an HTTPS server on 127.0.0.1 whose certificate a
 * private CA issued (made with openssl here) is refused until that CA's PEM file is given, reached once it is, and
 * refused again when it is removed — without a restart; bad CA files and bad proxy addresses are refused with a
 * code and change nothing; the proxy password is write-only; the chain check Electron uses accepts only chains
 * the given CA issued for the right host.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestFileCipher } from '../adapters/node-cipher.js';
import { createNodeHttpTransport } from '../adapters/node-http.js';
import { createNodeProxyApplier } from '../adapters/node-proxy.js';
import { ApiError } from './api-errors.js';
import { parseCaPem, verifyChainWithExtraCa } from './network-ca.js';
import { NetworkSettingsService } from './network-settings.js';
import { NetworkService, ProxyCredentials } from './network.js';
import type { KeyValueStore } from './ports.js';
import { TransportError } from './ports.js';

const memoryStore = (): KeyValueStore & { data: Map<string, unknown> } => {
  const data = new Map<string, unknown>();
  return { data, get: (k) => data.get(k), set: (k, v) => void data.set(k, v), delete: (k) => void data.delete(k) };
};

let dir: string;
let server: Server;
let url: string;
const pem: { ca: string; otherCa: string; leaf: string } = { ca: '', otherCa: '', leaf: '' };

function openssl(args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

function makeCa(name: string): void {
  openssl(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '2', '-subj', `/CN=Verso test ${name}`, '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-ca-'));
  makeCa('ca');
  makeCa('other');
  openssl(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  await writeFile(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n');
  openssl(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'ext.cnf']);
  pem.ca = await readFile(join(dir, 'ca.pem'), 'utf8');
  pem.otherCa = await readFile(join(dir, 'other.pem'), 'utf8');
  pem.leaf = await readFile(join(dir, 'server.pem'), 'utf8');
  server = createServer({ key: await readFile(join(dir, 'server.key')), cert: pem.leaf }, (_req, res) => res.end('hello over TLS'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

function setup() {
  const applier = createNodeProxyApplier();
  const store = memoryStore();
  const credentials = new ProxyCredentials(store, createTestFileCipher(join(dir, 'cipher.key')));
  const settings = new NetworkSettingsService({
    store,
    credentials,
    network: new NetworkService([applier], credentials),
    readText: (p) => readFile(p, 'utf8'),
  });
  const transport = createNodeHttpTransport({ dispatcher: applier.dispatcher });
  const get = async () => {
    const res = await transport.send({ method: 'GET', url, headers: {}, signal: AbortSignal.timeout(10_000) });
    return res.text();
  };
  return { applier, store, settings, transport, get, close: async () => (await transport.close?.(), await applier.close()) };
}

describe('extra trusted CA certificates', () => {
  it('reaches a server the given CA vouches for, and stops trusting it when the file is removed, without a restart', async () => {
    const s = setup();
    try {
      await s.settings.start();
      const refused = await s.get().catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(TransportError);
      expect((refused as TransportError).failure).toBe('tls');

      const view = await s.settings.update({ caFile: join(dir, 'ca.pem') });
      expect(view.ca).toEqual({ state: 'loaded', count: 1 });
      expect(view.caFile).toBe(join(dir, 'ca.pem'));
      expect(await s.get()).toBe('hello over TLS');

      await s.settings.update({ caFile: null });
      expect(s.settings.get().ca.state).toBe('none');
      await expect(s.get()).rejects.toBeInstanceOf(TransportError);
    } finally {
      await s.close();
    }
  });

  it('is applied again at start from what was stored', async () => {
    const s = setup();
    try {
      s.store.set('network', { proxy: { mode: 'none', url: '', username: '' }, caFile: join(dir, 'ca.pem') });
      await s.settings.start();
      expect(await s.get()).toBe('hello over TLS');
    } finally {
      await s.close();
    }
  });

  it('refuses a missing file or one without certificates with a code, keeping the working one', async () => {
    const s = setup();
    try {
      await s.settings.update({ caFile: join(dir, 'ca.pem') });
      const missing = await s.settings.update({ caFile: join(dir, 'nope.pem') }).catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(ApiError);
      expect(missing).toMatchObject({ code: 'invalid_input', serviceCode: 'not_found' });
      await writeFile(join(dir, 'junk.pem'), 'not a certificate');
      await expect(s.settings.update({ caFile: join(dir, 'junk.pem') })).rejects.toMatchObject({ serviceCode: 'no_certificates' });
      expect(s.settings.get()).toMatchObject({ caFile: join(dir, 'ca.pem'), ca: { state: 'loaded', count: 1 } });
      expect(await s.get()).toBe('hello over TLS');
    } finally {
      await s.close();
    }
  });

  it('checks a chain as Electron hands it over: issued by the given CA, for this host, in date', () => {
    expect(parseCaPem(`junk\n${pem.ca}\n${pem.otherCa}`)).toHaveLength(2);
    expect(verifyChainWithExtraCa([pem.leaf], '127.0.0.1', [pem.ca])).toBe(true);
    expect(verifyChainWithExtraCa([pem.leaf, pem.ca], 'localhost', [pem.ca])).toBe(true);
    expect(verifyChainWithExtraCa([pem.leaf], 'example.com', [pem.ca])).toBe(false);
    expect(verifyChainWithExtraCa([pem.leaf], '127.0.0.1', [pem.otherCa])).toBe(false);
    expect(verifyChainWithExtraCa([pem.leaf], '127.0.0.1', [])).toBe(false);
    expect(verifyChainWithExtraCa([pem.leaf], '127.0.0.1', [pem.ca], new Date(Date.now() + 10 * 86_400_000))).toBe(false);
  });
});

describe('proxy settings through Settings', () => {
  it('refuses an address that cannot work and keeps the last good settings', async () => {
    const s = setup();
    try {
      await s.settings.update({ proxy: { mode: 'none' } });
      await expect(s.settings.update({ proxy: { mode: 'manual', url: 'ftp://proxy.example' } })).rejects.toMatchObject({ code: 'invalid_input' });
      expect(s.settings.get().proxy.mode).toBe('none');
    } finally {
      await s.close();
    }
  });

  it('keeps the password write-only: stored encrypted, reported only as present', async () => {
    const s = setup();
    try {
      const view = await s.settings.update({ proxy: { mode: 'manual', url: 'http://127.0.0.1:9', username: 'translator' }, password: 'pr0xy-secret' });
      expect(view.proxy).toEqual({ mode: 'manual', url: 'http://127.0.0.1:9', username: 'translator', hasPassword: true });
      expect(JSON.stringify(view)).not.toContain('pr0xy-secret');
      expect(JSON.stringify([...s.store.data.values()])).not.toContain('pr0xy-secret');
      expect((await s.settings.update({ password: null })).proxy.hasPassword).toBe(false);
    } finally {
      await s.close();
    }
  });
});
