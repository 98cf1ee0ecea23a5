/**
 * Desktop integrations of the Documents screen (main process, Electron only): the native open dialogs (files and
 * folders to translate; one folder for the output setting), opening a result or showing it in the file manager,
 * and the taskbar/dock progress bar.
 */
import { BrowserWindow, dialog, shell } from 'electron';
import type { FileShell, OpenFilesDialog, ProgressSink } from '../services/documents.js';

export const electronOpenFilesDialog: OpenFilesDialog = {
  async pickFiles() {
    const win = BrowserWindow.getFocusedWindow();
    const opts: Electron.OpenDialogOptions = { properties: ['openFile', 'multiSelections'] };
    const r = win ? await dialog.showOpenDialog(win, opts) : await dialog.showOpenDialog(opts);
    return r.canceled ? null : r.filePaths;
  },
  async pickFolder() {
    const win = BrowserWindow.getFocusedWindow();
    const opts: Electron.OpenDialogOptions = { properties: ['openDirectory', 'createDirectory'] };
    const r = win ? await dialog.showOpenDialog(win, opts) : await dialog.showOpenDialog(opts);
    return r.canceled ? null : (r.filePaths[0] ?? null);
  },
};

export const electronFileShell: FileShell = {
  async openPath(p) {
    // shell.openPath answers an error string, empty on success.
    return (await shell.openPath(p)) === '';
  },
  async showInFolder(p) {
    shell.showItemInFolder(p);
    return true;
  },
};

export const electronProgressSink: ProgressSink = (fraction) => {
  for (const w of BrowserWindow.getAllWindows()) w.setProgressBar(fraction === null ? -1 : fraction);
};
