/**
 * Hardening of the Electron main process (test code, plain Node with a recording fake of the `electron` module):
 * the window's web preferences, the CSP and path confinement of the app:// protocol, the navigation, new-window,
 * webview and permission guards, the IPC sender check, and that every IPC handler refuses an untrusted sender
 * before it touches a service. These are the items of Electron's security checklist that live in our code; the
 * rest is checked by electronegativity (scripts/electronegativity.mjs) and the fuses (build/after-pack.cjs).
 */
import { EventEmitter } from 'node:events';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_NAMES, channelOf } from '../../shared/ipc/contract.js';
import type { IpcInvokeEvent, IpcMainLike } from './ipc/handle.js';
import { registerAllIpc } from './ipc/index.js';
import type { AppServices } from './ipc/services.js';

const fake = await vi.hoisted(async () => {
  const { EventEmitter: EE } = await import('node:events');
  const state = {
    windows: [] as FakeWindow[],
    protocolHandler: undefined as undefined | ((r: Request) => Promise<Response>),
    privileged: [] as unknown[],
    permissionRequest: undefined as undefined | ((wc: unknown, p: string, cb: (ok: boolean) => void) => void),
    permissionCheck: undefined as undefined | ((...a: unknown[]) => boolean),
    opened: [] as string[],
    packaged: false,
  };
  class FakeWebContents extends EE {
    windowOpenHandler: ((d: { url: string }) => { action: string }) | undefined;
    setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
      this.windowOpenHandler = h;
    }
    send() {}
  }
  class FakeWindow extends EE {
    static fromWebContents(wc: unknown) {
      return state.windows.find((w) => w.webContents === wc) ?? null;
    }
    static getAllWindows() {
      return state.windows;
    }
    webContents = new FakeWebContents();
    loaded: string | undefined;
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      super();
      state.windows.push(this);
      app.emit('web-contents-created', {}, this.webContents);
    }
    loadURL(u: string) {
      this.loaded = u;
      return Promise.resolve();
    }
    isDestroyed() {
      return false;
    }
    show() {}
  }
  const app = new EE();
  Object.defineProperty(app, 'isPackaged', { get: () => state.packaged });
  const electron = {
    app,
    BrowserWindow: FakeWindow,
    protocol: {
      registerSchemesAsPrivileged: (s: unknown[]) => state.privileged.push(...s),
      handle: (_scheme: string, h: (r: Request) => Promise<Response>) => {
        state.protocolHandler = h;
      },
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: typeof state.permissionRequest) => {
          state.permissionRequest = h;
        },
        setPermissionCheckHandler: (h: typeof state.permissionCheck) => {
          state.permissionCheck = h;
        },
      },
    },
    shell: {
      openExternal: (u: string) => {
        state.opened.push(u);
        return Promise.resolve();
      },
    },
  };
  return { state, electron, FakeWebContents };
});
vi.mock('electron', () => ({ ...fake.electron, default: fake.electron }));

const { CSP, createMainWindow, installWebGuards, isTrustedSender, registerAppScheme, serveRenderer } = await import('./windows.js');

let rendererDir: string;
let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'verso-hardening-'));
  rendererDir = join(tmp, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Verso</title>');
  await writeFile(join(rendererDir, 'assets', 'a.js'), 'console.log(1)');
  await writeFile(join(tmp, 'secret.txt'), 'not for the page');
  serveRenderer(rendererDir);
  installWebGuards(undefined, ['github.com']);
  registerAppScheme();
});
afterAll(async () => rm(tmp, { recursive: true, force: true }));
beforeEach(() => {
  fake.state.opened.length = 0;
});

describe('the main window', () => {
  it('is sandboxed, context-isolated, without Node in the page, with web security and without webviews', () => {
    const win = createMainWindow({ preload: '/p/index.cjs', devUrl: undefined }) as unknown as { options: { webPreferences: Record<string, unknown> }; loaded: string };
    const prefs = win.options.webPreferences;
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, webviewTag: false, disableBlinkFeatures: 'Auxclick', preload: '/p/index.cjs' });
    for (const risky of ['nodeIntegrationInWorker', 'nodeIntegrationInSubFrames', 'allowRunningInsecureContent', 'experimentalFeatures', 'enableBlinkFeatures']) {
      expect(prefs[risky], risky).toBeFalsy();
    }
    // Loaded from our own privileged scheme, never file:// or a remote page.
    expect(win.loaded).toBe('app://verso/index.html');
  });

  it('ignores a dev-server address in a packaged app', () => {
    fake.state.packaged = true;
    try {
      const win = createMainWindow({ preload: '/p/index.cjs', devUrl: 'http://127.0.0.1:5173' }) as unknown as { loaded: string };
      expect(win.loaded).toBe('app://verso/index.html');
    } finally {
      fake.state.packaged = false;
    }
  });

  it('the composition root enables the sandbox for every renderer and holds a single-instance lock', () => {
    const src = readFileSync(join(import.meta.dirname, 'index.ts'), 'utf8');
    expect(src).toMatch(/app\.enableSandbox\(\)/);
    expect(src).toMatch(/requestSingleInstanceLock\(\)/);
  });
});

describe('app:// protocol and CSP', () => {
  const get = (url: string) => fake.state.protocolHandler!(new Request(url));

  it('registers app:// as a standard, secure scheme whose scripts V8 keeps compiled between starts', () => {
    expect(fake.state.privileged).toContainEqual({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true }) });
  });

  it('serves the renderer with a strict CSP: no remote origin, no inline or eval script, no plugins or framing', async () => {
    const res = await get('app://verso/index.html');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toBe(CSP);
    const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-eval|https?:|\*/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await get('app://verso/assets/a.js')).headers.get('content-type')).toMatch(/javascript/);
  });

  it('serves nothing outside the renderer folder and nothing for another host', async () => {
    for (const url of ['app://verso/../secret.txt', 'app://verso/%2e%2e/secret.txt', 'app://verso/assets/%2e%2e%2f%2e%2e%2fsecret.txt']) {
      const res = await get(url);
      expect(await res.text(), url).not.toContain('not for the page');
    }
    expect((await get('app://elsewhere/index.html')).status).toBe(404);
  });
});

describe('navigation, new windows, webviews and permissions', () => {
  const contents = () => {
    const wc = new fake.FakeWebContents();
    fake.electron.app.emit('web-contents-created', {}, wc);
    return wc;
  };
  const emitPrevented = (wc: EventEmitter, name: string, ...args: unknown[]) => {
    let prevented = false;
    wc.emit(name, { preventDefault: () => (prevented = true) }, ...args);
    return prevented;
  };

  it('blocks navigation and redirects away from the app, allows our own pages', () => {
    const wc = contents();
    expect(emitPrevented(wc, 'will-navigate', 'https://evil.example/')).toBe(true);
    expect(emitPrevented(wc, 'will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(emitPrevented(wc, 'will-redirect', 'http://127.0.0.1:5173/')).toBe(true);
    expect(emitPrevented(wc, 'will-navigate', 'app://verso/index.html#/settings')).toBe(false);
  });

  it('refuses every webview', () => {
    expect(emitPrevented(contents(), 'will-attach-webview', {}, {})).toBe(true);
  });

  it('never opens a window; allowlisted https links go to the browser, others nowhere', () => {
    const wc = contents();
    expect(wc.windowOpenHandler!({ url: 'https://github.com/verso' })).toEqual({ action: 'deny' });
    expect(wc.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(wc.windowOpenHandler!({ url: 'http://github.com/' })).toEqual({ action: 'deny' });
    expect(fake.state.opened).toEqual(['https://github.com/verso']);
  });

  it('denies every permission request and check', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      let granted: boolean | undefined;
      fake.state.permissionRequest!({}, p, (ok) => (granted = ok));
      expect(granted, p).toBe(false);
      expect(fake.state.permissionCheck!({}, p, 'app://verso', {}), p).toBe(false);
    }
  });
});

describe('IPC sender checks', () => {
  it('trusts only a window the app created that shows our origin', () => {
    const win = createMainWindow({ preload: '/p/index.cjs', devUrl: undefined }) as unknown as { webContents: unknown };
    expect(isTrustedSender({ sender: win.webContents, senderFrame: { url: 'app://verso/index.html' } }, undefined)).toBe(true);
    expect(isTrustedSender({ sender: win.webContents, senderFrame: { url: 'https://evil.example/' } }, undefined)).toBe(false);
    expect(isTrustedSender({ sender: win.webContents, senderFrame: null }, undefined)).toBe(false);
    expect(isTrustedSender({ sender: new fake.FakeWebContents(), senderFrame: { url: 'app://verso/index.html' } }, undefined)).toBe(false);
    // A dev-server origin counts only when it is the configured one.
    expect(isTrustedSender({ sender: win.webContents, senderFrame: { url: 'http://127.0.0.1:5173/' } }, 'http://127.0.0.1:5174')).toBe(false);
  });

  it('every IPC handler refuses an untrusted sender before touching any service', async () => {
    const handlers = new Map<string, (e: IpcInvokeEvent, ...a: unknown[]) => Promise<unknown>>();
    const ipcMain: IpcMainLike = { handle: (c, l) => void handlers.set(c, l) };
    const touched: string[] = [];
    // Any access to a service is recorded: a handler that skips the check would show up here.
    const services = new Proxy({} as AppServices, {
      get(_t, prop) {
        touched.push(String(prop));
        return new Proxy(() => undefined, { get: () => () => Promise.reject(new Error('service touched')) });
      },
    });
    registerAllIpc({ ipcMain, isTrustedSender: () => false, secrets: () => [] }, services);
    expect([...handlers.keys()].sort()).toEqual(CALL_NAMES.map((n) => channelOf(n)).sort());
    touched.length = 0;
    for (const [channel, handler] of handlers) {
      const r = (await handler({ sender: {}, senderFrame: { url: 'https://evil.example/' } }, {})) as { ok: boolean; error?: { code: string } };
      expect(r, channel).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    }
    expect(touched).toEqual([]);
  });
});
