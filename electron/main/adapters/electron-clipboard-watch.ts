/**
 * Clipboard watch over Electron (main process, Electron only): the `CopySignal` behind "copy twice to translate".
 * Electron has no clipboard-change event and no change counter (electron/electron#2280), so this polls, every
 * 100 ms and only while the setting is on, a cheap fingerprint of the clipboard (its formats and text) and signals
 * a copy when it changes. Limit, said in Settings and the README: a second copy of the very same selection leaves
 * the clipboard as it was, so only a second copy that changes it (more or other text) is seen. An OS change count
 * (Windows' GetClipboardSequenceNumber, macOS' changeCount) would need a native module; none is shipped.
 */
import { clipboard } from 'electron';
import type { ClipboardTextReader, CopySignal } from '../services/desktop-ports.js';
import { pollingCopySignal } from '../services/desktop-copy-twice.js';

export const electronClipboardReader: ClipboardTextReader = { readText: () => clipboard.readText() };

export function createElectronCopySignal(): CopySignal {
  return pollingCopySignal({
    fingerprint: async () => {
      const [items, text] = await Promise.all([clipboard.read(), clipboard.readText()]);
      return `${items.map((i) => i.types.join(',')).join(';')}\u0000${text}`;
    },
  });
}
