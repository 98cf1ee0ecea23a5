/**
 * Node twins of the Documents desktop integrations (main-process code under plain Node: tests, web harness): no
 * native dialog (the page's file input is used), and "open"/"show in folder" only log the path, since a headless
 * Node process has no file manager to show it in.
 */
import type { FileShell, OpenFilesDialog } from '../services/documents.js';

export const nodeOpenFilesDialog: OpenFilesDialog = {
  async pickFiles() {
    return null;
  },
};

export function createLoggingFileShell(log: (line: string) => void): FileShell {
  return {
    async openPath(p) {
      log(`[documents] open: ${p}`);
      return false;
    },
    async showInFolder(p) {
      log(`[documents] show in folder: ${p}`);
      return false;
    },
  };
}
