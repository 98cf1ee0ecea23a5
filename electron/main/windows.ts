/**
 * Windows and web security (main process, Electron only): the `app://` protocol serving `out/renderer` with a
 * strict CSP header, the one secure BrowserWindow, app-wide navigation/new-window/webview guards, permission
 * requests denied, and the IPC sender check (a window we created, showing our origin).
 */
import { BrowserWindow, app, protocol, session, shell, type WebContents } from 'electron';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { IpcInvokeEvent } from './ipc/handle.js';
import { isAllowedExternalUrl } from './services/app-service.js';

export const APP_SCHEME = 'app';
export const APP_HOST = 'verso';

export const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  // The renderer never talks HTTP to the translation service: main does. So no remote origin at all.
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/**
 * Must run before `app` is ready. `codeCache`: V8 keeps the compiled renderer scripts between starts (Electron ≥ 28,
 * standard schemes only), so a start does not compile the same 400 KB of JavaScript again — the largest single cost
 * of a start in a CPU profile of the renderer (bench/start-trace.ts).
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Serves `rendererDir` on app://verso/ with the CSP header; nothing outside that folder is reachable. */
export function serveRenderer(rendererDir: string): void {
  const root = resolve(rendererDir);
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    let file = normalize(join(root, decodeURIComponent(url.pathname)));
    if (file !== root && !file.startsWith(root + sep)) return new Response('Forbidden', { status: 403 });
    if (url.pathname === '/' || !extname(file)) file = join(root, 'index.html');
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff' },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

const ourWindows = new Set<BrowserWindow>();

/** The dev server origin in development (electron-vite sets ELECTRON_RENDERER_URL), else app://verso. */
function isOurUrl(raw: string, devUrl: string | undefined): boolean {
  try {
    const u = new URL(raw);
    if (u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST) return true;
    if (devUrl && !app.isPackaged) {
      const d = new URL(devUrl);
      return u.protocol === d.protocol && u.host === d.host;
    }
    return false;
  } catch {
    return false;
  }
}

/** IPC sender check: a window the app created (not a webview or a sub-frame of another page) showing our origin. */
export function isTrustedSender(event: IpcInvokeEvent, devUrl: string | undefined): boolean {
  const sender = event.sender as WebContents;
  const win = BrowserWindow.fromWebContents(sender);
  if (!win || !ourWindows.has(win)) return false;
  const frame = event.senderFrame;
  if (!frame) return false;
  return isOurUrl(frame.url, devUrl);
}

export function forEachWindow(fn: (w: BrowserWindow) => void): void {
  for (const w of ourWindows) if (!w.isDestroyed()) fn(w);
}

/** App-wide guards for every web contents, including ones we did not expect to exist. */
export function installWebGuards(devUrl: string | undefined, allowedExternalHosts: readonly string[]): void {
  // Deny every permission (camera, notifications from the page, clipboard-read ...): main does the privileged work.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_e, contents) => {
    // Navigation away from our UI would hand the preload's API to another page.
    contents.on('will-navigate', (e, url) => {
      if (!isOurUrl(url, devUrl)) e.preventDefault();
    });
    contents.on('will-redirect', (e, url) => {
      if (!isOurUrl(url, devUrl)) e.preventDefault();
    });
    // No webviews at all.
    contents.on('will-attach-webview', (e) => e.preventDefault());
    // New windows are never created; allowlisted https links open in the user's browser instead.
    contents.setWindowOpenHandler(({ url }) => {
      if (isAllowedExternalUrl(url, allowedExternalHosts)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
}

export function createMainWindow(o: { preload: string; devUrl: string | undefined }): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Verso',
    webPreferences: {
      preload: o.preload,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      // Middle-click must not open links in a new window either (electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick',
      spellcheck: true,
    },
  });
  ourWindows.add(win);
  win.on('closed', () => ourWindows.delete(win));
  win.once('ready-to-show', () => win.show());
  if (o.devUrl && !app.isPackaged) void win.loadURL(o.devUrl);
  else void win.loadURL(`${APP_SCHEME}://${APP_HOST}/index.html`);
  return win;
}
