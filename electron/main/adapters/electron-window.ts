/**
 * The main window as the desktop services see it (main process, Electron only): the `WindowPort`. It keeps the
 * current main window (re-created when it was closed), reports visibility changes for the tray's Show/Hide, and
 * lets the close button hide the window instead (close-to-tray) when `hideOnClose()` says so.
 */
import type { BrowserWindow } from 'electron';
import type { WindowPort } from '../services/desktop-ports.js';

export interface MainWindowPort extends WindowPort {
  /** The current window, creating it when there is none. */
  open(): BrowserWindow;
}

export function createMainWindowPort(create: () => BrowserWindow, hideOnClose: () => boolean): MainWindowPort {
  let win: BrowserWindow | undefined;
  const listeners = new Set<(visible: boolean) => void>();
  const tell = () => {
    const v = port.isVisible();
    for (const l of listeners) l(v);
  };
  const port: MainWindowPort = {
    open() {
      if (win && !win.isDestroyed()) return win;
      const w = create();
      win = w;
      for (const ev of ['show', 'hide', 'minimize', 'restore'] as const) w.on(ev as 'show', tell);
      w.on('close', (e) => {
        if (!hideOnClose()) return;
        e.preventDefault();
        w.hide();
      });
      w.on('closed', () => {
        if (win === w) win = undefined;
        tell();
      });
      return w;
    },
    isVisible: () => !!win && !win.isDestroyed() && win.isVisible() && !win.isMinimized(),
    show() {
      const w = port.open();
      if (w.isMinimized()) w.restore();
      w.show();
      w.focus();
    },
    hide() {
      if (win && !win.isDestroyed()) win.hide();
    },
    onVisibilityChange(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return port;
}
