/**
 * Global shortcuts over Electron (main process, Electron only): the `GlobalShortcutPort`. `register` answers
 * false when another app or the OS holds the keys (Electron's own answer); it throws for a string it cannot parse.
 */
import { globalShortcut } from 'electron';
import type { GlobalShortcutPort } from '../services/desktop-ports.js';

export const electronShortcuts: GlobalShortcutPort = {
  register: (accelerator, onPress) => globalShortcut.register(accelerator, onPress),
  unregister: (accelerator) => globalShortcut.unregister(accelerator),
};
