/**
 * Renderer: turns dropped or chosen `File`s into paths main can read, through the `window.versoFiles` bridge the
 * Electron preload (webUtils.getPathForFile) or the web harness shim (bytes streamed to a staging folder) installs.
 * Folders dropped in a browser are walked here (FileSystemEntry API), since a browser gives no folder path.
 */
import type { FileBridge } from '../../../shared/ipc/contract-documents.js';

export function fileBridge(): FileBridge | null {
  return (globalThis as { versoFiles?: FileBridge }).versoFiles ?? null;
}

/** What a drop carried, captured while the event lasts (a DataTransfer is emptied once its handler returns). */
export interface DropPayload {
  files: File[];
  entries: FileSystemEntry[];
}

export function captureDrop(dt: DataTransfer): DropPayload {
  const entries: FileSystemEntry[] = [];
  for (const item of [...(dt.items ?? [])]) {
    const e = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (e) entries.push(e);
  }
  return { files: [...dt.files], entries };
}

/** Files of a drop, with folders expanded where the browser hides their path (web harness). */
export async function filesOfDrop(drop: DropPayload, bridge: FileBridge | null): Promise<File[]> {
  if (bridge?.kind !== 'stage' || !drop.entries.some((e) => e.isDirectory)) return drop.files;
  const out: File[] = [];
  const walk = async (e: FileSystemEntry): Promise<void> => {
    if (e.isFile) {
      out.push(await new Promise<File>((res, rej) => (e as FileSystemFileEntry).file(res, rej)));
    } else if (e.isDirectory) {
      const reader = (e as FileSystemDirectoryEntry).createReader();
      for (;;) {
        const batch = await new Promise<FileSystemEntry[]>((res, rej) => reader.readEntries(res, rej));
        if (batch.length === 0) break;
        for (const c of batch) if (!c.name.startsWith('.')) await walk(c);
      }
    }
  };
  for (const e of drop.entries) await walk(e);
  return out;
}
