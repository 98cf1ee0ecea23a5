/**
 * Test support (main-process code under vitest): composes the real services with Node adapters in a temp dir,
 * a fake `ipcMain`, and an in-process launcher for the local service, so registrar and service tests exercise
 * the same code as the app without spawning processes. Not imported by the app.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDocumentsPlugin } from '../../service/documents/plugin.js';
import { startService, type RunningService } from '../../service/server.js';
import { channelOf, type CallInput, type CallName, type CallOutput, type EventName } from '../../shared/ipc/contract.js';
import type { Result } from '../../shared/ipc/errors.js';
import { createJsonFileStore } from './adapters/json-file-store.js';
import { createTestFileCipher, createUnavailableCipher } from './adapters/node-cipher.js';
import { systemClock } from './adapters/node-clock.js';
import { nodeFileSystem } from './adapters/node-fs.js';
import { createNodeHttpTransport } from './adapters/node-http.js';
import { buildUserAgent, composeServices, type Composed } from './compose.js';
import type { IpcInvokeEvent, IpcMainLike } from './ipc/handle.js';
import { registerAllIpc } from './ipc/index.js';
import type { HttpTransport, ServiceLauncher } from './services/ports.js';

/**
 * Launches the local service inside this process (fast, for tests) with the pseudo engine, faults on, and document
 * translation, as the app's launcher starts it (service/cli.ts).
 */
export function inProcessLauncher(): ServiceLauncher & { running: RunningService[] } {
  const running: RunningService[] = [];
  return {
    running,
    async launch(o) {
      const svc = await startService({
        engines: ['pseudo'],
        dataDir: o.dataDir,
        port: 0,
        freePort: 0,
        faults: true,
        plugins: [createDocumentsPlugin()],
      });
      running.push(svc);
      let resolveExit!: (v: { code: number | null; reason: string }) => void;
      const exited = new Promise<{ code: number | null; reason: string }>((r) => (resolveExit = r));
      return {
        proUrl: svc.proUrl,
        freeUrl: svc.freeUrl,
        dataDir: o.dataDir,
        exited,
        async stop() {
          await svc.close();
          resolveExit({ code: 0, reason: 'stopped' });
        },
      };
    },
  };
}

export class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>>();
  handle(channel: string, listener: (event: IpcInvokeEvent, ...args: unknown[]) => Promise<unknown>): void {
    this.handlers.set(channel, listener);
  }
}

/** A sender the fake app trusts (stands for a BrowserWindow's webContents). */
export const TRUSTED_SENDER = { id: 'main-window' };
export const APP_ORIGIN = 'app://verso/index.html';

export interface TestApp {
  dir: string;
  composed: Composed;
  ipc: FakeIpcMain;
  events: { name: EventName; payload: unknown }[];
  logs: string[];
  launcher: ReturnType<typeof inProcessLauncher>;
  /** Every text main put on the (fake) system clipboard. */
  clipboard: string[];
  /** Calls like the renderer would, from the trusted window unless `event` says otherwise. */
  call<K extends CallName>(name: K, input?: CallInput<K>, event?: IpcInvokeEvent): Promise<Result<CallOutput<K>>>;
  close(): Promise<void>;
}

export async function createTestApp(
  o: {
    persistSecrets?: boolean;
    hosted?: { pro?: string; free?: string };
    clipboardWorks?: boolean;
    /** Wraps the HTTP transport main uses (to hold or watch requests). */
    wrapTransport?: (t: HttpTransport) => HttpTransport;
  } = {},
): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), 'verso-main-'));
  const clipboard: string[] = [];
  const launcher = inProcessLauncher();
  const composed = composeServices(
    {
      transport: o.wrapTransport ? o.wrapTransport(createNodeHttpTransport()) : createNodeHttpTransport(),
      clock: systemClock,
      cipher: o.persistSecrets === false ? createUnavailableCipher() : createTestFileCipher(join(dir, 'test.key')),
      stores: {
        settings: createJsonFileStore(join(dir, 'settings.json')),
        secrets: createJsonFileStore(join(dir, 'secrets.json')),
        connections: createJsonFileStore(join(dir, 'connections.json')),
        cache: createJsonFileStore(join(dir, 'cache.json')),
      },
      fs: nodeFileSystem,
      launcher,
      opener: { open: async () => undefined },
      clipboard: {
        writeText: async (text) => {
          if (o.clipboardWorks === false) return false;
          clipboard.push(text);
          return true;
        },
      },
      saveDialog: { saveText: async () => null },
    },
    {
      userDataDir: dir,
      appInfo: { name: 'Verso', version: '0.0.0-test', platform: process.platform, shell: 'web', runtimeVersion: process.versions.node },
      userAgent: buildUserAgent('0.0.0-test', process.platform, 'node', process.version),
      hosted: o.hosted ?? {},
      allowedExternalHosts: ['github.com'],
    },
  );
  const ipc = new FakeIpcMain();
  const logs: string[] = [];
  registerAllIpc(
    {
      ipcMain: ipc,
      isTrustedSender: (e) => e.sender === TRUSTED_SENDER && e.senderFrame?.url === APP_ORIGIN,
      secrets: composed.secrets,
      log: (l) => logs.push(l),
    },
    composed.services,
  );
  const events: { name: EventName; payload: unknown }[] = [];
  composed.events.subscribe((name, payload) => events.push({ name, payload }));
  return {
    dir,
    composed,
    ipc,
    events,
    logs,
    launcher,
    clipboard,
    async call(name, input, event = { sender: TRUSTED_SENDER, senderFrame: { url: APP_ORIGIN } }) {
      const h = ipc.handlers.get(channelOf(name));
      if (!h) throw new Error(`no handler for ${name}`);
      return (await h(event, input)) as never;
    },
    async close() {
      await composed.shutdown();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
