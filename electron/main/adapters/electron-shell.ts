/**
 * Desktop integrations (main process, Electron only): opening links in the browser, the clipboard, the native
 * save dialog and notifications, each behind its port.
 */
import { BrowserWindow, Notification, clipboard, dialog, shell } from 'electron';
import { writeFile } from 'node:fs/promises';
import type { Clipboard, SaveDialog } from '../services/app-service.js';
import type { ExternalOpener, Notifier } from '../services/ports.js';

export const electronOpener: ExternalOpener = {
  open: (url) => shell.openExternal(url),
};

export const electronClipboard: Clipboard = {
  async writeText(text) {
    clipboard.writeText(text);
    return true;
  },
};

export const electronSaveDialog: SaveDialog = {
  async saveText(suggestedName, content) {
    const win = BrowserWindow.getFocusedWindow();
    const opts = { defaultPath: suggestedName };
    const r = win ? await dialog.showSaveDialog(win, opts) : await dialog.showSaveDialog(opts);
    if (r.canceled || !r.filePath) return null;
    // The dialog already asked the user before replacing an existing file.
    await writeFile(r.filePath, content);
    return r.filePath;
  },
};

export const electronNotifier: Notifier = {
  notify(title, body) {
    if (Notification.isSupported()) new Notification({ title, body }).show();
  },
};
