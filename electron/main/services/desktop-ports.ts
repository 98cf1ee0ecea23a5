/**
 * Ports of desktop integration (main process, plain Node): the tray, global shortcuts, clipboard and window the
 * desktop services drive. Electron implements them in `../adapters/electron-*.ts`; tests use fakes. None exists
 * in the web harness, which runs without desktop integration.
 */

/** One tray menu entry; `id` is what `onSelect` receives. */
export type TrayMenuItem = { type: 'separator' } | { type?: 'item'; id: string; label: string; enabled?: boolean };

export interface TrayPort {
  /** Shows the icon (first call) and sets its tooltip and menu. */
  show(tooltip: string, items: readonly TrayMenuItem[], onSelect: (id: string) => void): void;
  /** Removes the icon. */
  hide(): void;
}

export interface GlobalShortcutPort {
  /** False when the OS or another app holds the accelerator. Throws for one Electron cannot parse. */
  register(accelerator: string, onPress: () => void): boolean;
  unregister(accelerator: string): void;
}

/** Electron's clipboard API is asynchronous (like the web's). */
export interface ClipboardTextReader {
  readText(): Promise<string>;
}

/**
 * Tells when something was copied. `everyCopy`: true where the source reports each copy (an OS change count),
 * so a second copy of the same text counts; false where it can only see the clipboard change.
 */
export interface CopySignal {
  readonly everyCopy: boolean;
  /** Starts watching; returns the function that stops it. `at` is a monotonic time in ms. */
  watch(onCopy: (at: number) => void): () => void;
}

/** The app's main window, as far as the tray and close-to-tray need it. */
export interface WindowPort {
  isVisible(): boolean;
  /** Shows, restores and focuses the window (creating it if it was closed). */
  show(): void;
  hide(): void;
  /** Called with the window's visibility whenever it changes. */
  onVisibilityChange(listener: (visible: boolean) => void): () => void;
}
