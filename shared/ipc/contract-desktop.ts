/**
 * IPC contract of desktop integration and network settings (any process): the Settings fields of the tray, the
 * global shortcut, "copy twice to translate" and close-to-tray; what main reports about them (`desktop.status`);
 * the proxy and extra trusted CA certificates (`network.*`); and the event that brings text to the Translate
 * screen. The proxy password is write-only from the renderer, like API keys.
 */
import { z } from 'zod';
import { NoInput } from './contract-common.js';

/** The gap between two copies that counts as "copy twice" (ms). */
export const COPY_TWICE_WINDOW_MS = 500;

const MODIFIERS = ['CommandOrControl', 'CmdOrCtrl', 'Command', 'Cmd', 'Control', 'Ctrl', 'Alt', 'Option', 'AltGr', 'Shift', 'Super', 'Meta'];
const KEY = /^([A-Z0-9]|F([1-9]|1[0-9]|2[0-4])|Space|Tab|Backspace|Delete|Insert|Return|Enter|Up|Down|Left|Right|Home|End|PageUp|PageDown|Escape|Esc|Plus|[`\-=[\]\\;',./])$/;

/**
 * An Electron accelerator for a global shortcut (`CommandOrControl+Shift+Y`): at least one modifier (a bare key
 * would be taken from every other app) and exactly one key. Returns a reason code, or null when it is fine.
 */
export function acceleratorProblem(accelerator: string): 'empty' | 'no_modifier' | 'bad_key' | null {
  const parts = accelerator.split('+').filter((p) => p !== '');
  if (parts.length === 0) return 'empty';
  const mods = parts.slice(0, -1);
  const key = parts[parts.length - 1]!;
  if (mods.length === 0 || !mods.every((m) => MODIFIERS.includes(m)) || new Set(mods).size !== mods.length) return 'no_modifier';
  // Shift alone with a printable key still types characters in other apps; it needs another modifier.
  if (mods.every((m) => m === 'Shift')) return 'no_modifier';
  if (!KEY.test(key)) return 'bad_key';
  return null;
}

export const Accelerator = z
  .string()
  .trim()
  .max(80)
  .refine((a) => acceleratorProblem(a) === null, 'Press a modifier (Ctrl, Alt, ⌘) with one key, such as Ctrl+Shift+Y.');

/** Settings fields (flat, optional in the type so older stored settings still parse; main fills the defaults). */
export const desktopSettingsShape = {
  /** The tray (menu bar) icon. */
  trayIcon: z.boolean().optional(),
  /** Closing the window hides it to the tray instead of quitting (Windows and Linux; macOS apps stay open anyway). */
  closeToTray: z.boolean().optional(),
  globalShortcutEnabled: z.boolean().optional(),
  /** The accelerator that brings Verso up with the clipboard's text translated. */
  globalShortcut: Accelerator.optional(),
  /** Opt-in: copying twice within half a second translates what was copied. */
  copyTwiceToTranslate: z.boolean().optional(),
};

export const DEFAULT_DESKTOP_SETTINGS = {
  trayIcon: true,
  closeToTray: false,
  globalShortcutEnabled: false,
  globalShortcut: 'CommandOrControl+Shift+Y',
  copyTwiceToTranslate: false,
};

export type DesktopSettings = typeof DEFAULT_DESKTOP_SETTINGS;

/** What main could set up; the renderer words it. */
export const DesktopStatus = z.object({
  /** False in the web harness (no tray, shortcut or clipboard watch there). */
  available: z.boolean(),
  tray: z.enum(['off', 'shown', 'unsupported']),
  shortcut: z.object({
    state: z.enum(['off', 'registered', 'in_use', 'invalid']),
    accelerator: z.string().nullable(),
  }),
  copyTwice: z.object({
    state: z.enum(['off', 'watching']),
    /** True where the OS reports every copy (a repeated copy of the same text is seen); false: only changes are. */
    everyCopy: z.boolean(),
  }),
});
export type DesktopStatus = z.infer<typeof DesktopStatus>;

export const ProxyMode = z.enum(['system', 'none', 'manual']);

export const NetworkView = z.object({
  proxy: z.object({
    mode: ProxyMode,
    url: z.string(),
    username: z.string(),
    /** A proxy password is stored (never sent back). */
    hasPassword: z.boolean(),
  }),
  /** Extra trusted CA certificates (PEM file on this computer), or null. */
  caFile: z.string().nullable(),
  ca: z.object({
    state: z.enum(['none', 'loaded', 'error']),
    count: z.number().int(),
    /** When `error`: `not_found`, `unreadable` or `no_certificates`; the renderer words it. */
    problem: z.enum(['not_found', 'unreadable', 'no_certificates']).optional(),
    detail: z.string().optional(),
  }),
});
export type NetworkView = z.infer<typeof NetworkView>;

export const NetworkUpdate = z
  .object({
    proxy: z
      .object({
        mode: ProxyMode,
        url: z.string().trim().max(2000).optional(),
        username: z.string().trim().max(256).optional(),
      })
      .strict()
      .optional(),
    /** New proxy password; null clears it. */
    password: z.string().max(1024).nullable().optional(),
    caFile: z.string().trim().max(4096).nullable().optional(),
  })
  .strict();
export type NetworkUpdate = z.input<typeof NetworkUpdate>;

export const desktopCalls = {
  'desktop.status': { input: NoInput, output: DesktopStatus },
  'network.get': { input: NoInput, output: NetworkView },
  'network.update': { input: NetworkUpdate, output: NetworkView },
} as const;

export const desktopEvents = {
  /** Text from the clipboard (tray, global shortcut, copy twice) to show translated on the Translate screen. */
  'desktop.translateText': z.object({ text: z.string() }),
  'desktop.statusChanged': DesktopStatus,
} as const;
