/**
 * Composition root of the Electron main process: reads configuration from the environment (here only), builds
 * the services with the Electron adapters, registers IPC, installs the security guards, starts the local engine
 * and opens the window. Everything it wires is plain Node code tested without Electron.
 */
import { BrowserWindow, Menu, app, ipcMain } from 'electron';
import { release } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { channelOf } from '../../shared/ipc/channels.js';
import { createSafeStorageCipher } from './adapters/electron-cipher.js';
import { createElectronHttpTransport } from './adapters/electron-http.js';
import { createUtilityProcessLauncher } from './adapters/electron-launcher.js';
import { electronClipboard, electronNotifier, electronOpener, electronSaveDialog } from './adapters/electron-shell.js';
import { electronFileShell, electronOpenFilesDialog, electronProgressSink } from './adapters/electron-documents.js';
import { createElectronStore } from './adapters/electron-store-kv.js';
import { createElectronCopySignal, electronClipboardReader } from './adapters/electron-clipboard-watch.js';
import { createElectronProxyApplier } from './adapters/electron-proxy.js';
import { electronShortcuts } from './adapters/electron-shortcut.js';
import { createElectronTray } from './adapters/electron-tray.js';
import { createMainWindowPort } from './adapters/electron-window.js';
import { DesktopIntegration } from './services/desktop.js';
import { systemClock } from './adapters/node-clock.js';
import { nodeFileSystem } from './adapters/node-fs.js';
import { buildUserAgent, composeServices, warmUp } from './compose.js';
import { readEnvConfig } from './env-config.js';
import type { IpcMainLike } from './ipc/handle.js';
import { registerAllIpc } from './ipc/index.js';
import { buildMenu } from './menu.js';
import { createMainWindow, forEachWindow, installWebGuards, isTrustedSender, registerAppScheme, serveRenderer } from './windows.js';

/** `out/main` once built (ESM output: no __dirname). */
const HERE = dirname(fileURLToPath(import.meta.url));
const ALLOWED_EXTERNAL_HOSTS = ['github.com', 'www.apertium.org', 'apertium.org'];

// The one place the environment is read: test and development overrides, honoured only outside a packaged build
// or under test (see env-config.ts). userData must be set before the app is ready.
const env = readEnvConfig(process.env, app.isPackaged);
for (const w of env.warnings) console.warn(`[verso] ${w}`);
const devUrl = env.rendererUrl;
if (env.userDataDir) app.setPath('userData', env.userDataDir);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  app.enableSandbox();
  app.on('second-instance', () => {
    const win = BrowserWindow.getAllWindows()[0];
    if (win) {
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
    }
  });
  void app.whenReady().then(start);
}

async function start(): Promise<void> {
  const outDir = join(HERE, '..');
  serveRenderer(join(outDir, 'renderer'));
  installWebGuards(devUrl, ALLOWED_EXTERNAL_HOSTS);

  // The local service's bundle (scripts/build-service.mjs → out/service/cli.js). Packaged, it runs from the
  // unpacked copy beside app.asar (asarUnpack), where its native module and worker thread are plain files.
  const serviceEntry = join(outDir, 'service', 'cli.js').replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
  const composed = composeServices(
    {
      transport: createElectronHttpTransport(),
      clock: systemClock,
      cipher: createSafeStorageCipher(),
      stores: {
        settings: createElectronStore('settings'),
        secrets: createElectronStore('secrets'),
        connections: createElectronStore('connections'),
        cache: createElectronStore('cache'),
      },
      fs: nodeFileSystem,
      launcher: createUtilityProcessLauncher({ entry: serviceEntry }),
      opener: electronOpener,
      clipboard: electronClipboard,
      saveDialog: electronSaveDialog,
      documents: { dialog: electronOpenFilesDialog, shell: electronFileShell, notifier: electronNotifier, progress: electronProgressSink },
      // Proxy and extra trusted CAs on the default session, applied at start and on every change (Settings → Network).
      proxy: createElectronProxyApplier(),
    },
    {
      userDataDir: app.getPath('userData'),
      appInfo: { name: 'Verso', version: app.getVersion(), platform: process.platform, shell: 'electron', runtimeVersion: process.versions.electron, pseudoLocales: process.env.VERSO_PSEUDO_LOCALES === '1' },
      userAgent: buildUserAgent(app.getVersion(), `${process.platform} ${release()}`, 'electron', process.versions.electron),
      hosted: env.hosted,
      ...(env.localEngines && { localEngines: env.localEngines }),
      ...(env.localFaults && { localFaults: true }),
      allowedExternalHosts: ALLOWED_EXTERNAL_HOSTS,
      systemLocales: () => app.getPreferredSystemLanguages(),
    },
  );

  registerAllIpc(
    {
      ipcMain: ipcMain as unknown as IpcMainLike,
      isTrustedSender: (e) => isTrustedSender(e, devUrl),
      secrets: composed.secrets,
      log: (l) => console.error(l),
    },
    composed.services,
  );
  composed.events.subscribe((name, payload) => forEachWindow((w) => w.webContents.send(channelOf(name), payload)));
  const setMenu = () =>
    Menu.setApplicationMenu(buildMenu((command) => composed.events.emit('app.command', { command }), !app.isPackaged, composed.i18n.t));
  setMenu();
  // The menu follows the UI language without a restart.
  composed.i18n.onChange(setMenu);

  warmUp(composed);
  // Tray, global shortcut, copy twice and close-to-tray (services/desktop.ts); each follows Settings live. The
  // window port asks the integration whether closing hides; the integration needs the port: one is made first.
  const desktopRef: { current?: DesktopIntegration } = {};
  const mainWindow = createMainWindowPort(
    () => createMainWindow({ preload: join(HERE, '../preload/index.cjs'), devUrl }),
    () => desktopRef.current?.shouldHideOnClose() ?? false,
  );
  mainWindow.open();
  const desktop = new DesktopIntegration({
    tray: createElectronTray(),
    shortcuts: electronShortcuts,
    copySignal: createElectronCopySignal(),
    clipboard: electronClipboardReader,
    window: mainWindow,
    i18n: composed.i18n,
    settings: composed.services.settings,
    events: composed.events,
    documentsActive: async () => (await composed.services.documents.list()).summary.active,
    navigate: () => composed.events.emit('app.command', { command: 'navigate.documents' }),
    quit: () => app.quit(),
  });
  desktopRef.current = desktop;
  desktop.start();
  composed.services.desktop.attach(() => desktop.status());

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow.open();
    else mainWindow.show();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin' && !desktop.keepsRunningWithoutWindows()) app.quit();
  });
  let quitting = false;
  app.on('before-quit', (e) => {
    desktop.markQuitting();
    if (quitting) return;
    quitting = true;
    e.preventDefault();
    desktop.dispose();
    void composed.shutdown().finally(() => app.quit());
  });
}
