/**
 * Desktop integration (main process, plain Node): the tray, the global shortcut, "copy twice to translate" and
 * close-to-tray, following Settings and the UI language without a restart. Every OS facility is a port
 * (desktop-ports.ts), so this runs under tests with fakes; the Electron root (`index.ts`) gives it the real
 * adapters. The web harness does not build it: `desktop.status` there answers `available: false`.
 *
 * Clipboard text reaches the Translate screen two ways at once: as the draft's text (read by a window that opens
 * now) and as a `desktop.translateText` event (acted on by a window already open).
 */
import type { MessageId, MessageValues } from '../../../shared/i18n/catalog.js';
import { DEFAULT_DESKTOP_SETTINGS, type DesktopSettings, type DesktopStatus } from '../../../shared/ipc/contract-desktop.js';
import type { Settings, SettingsPatch } from '../../../shared/ipc/contract.js';
import { CopyTwiceDetector } from './desktop-copy-twice.js';
import type { ClipboardTextReader, CopySignal, GlobalShortcutPort, TrayPort, WindowPort } from './desktop-ports.js';
import { GlobalShortcutController } from './desktop-shortcut.js';
import { trayModel, type TrayAction } from './desktop-tray.js';
import type { EventBus } from './event-bus.js';

export interface DesktopDeps {
  /** Absent where the platform has no tray (some Linux desktops). */
  tray?: TrayPort;
  shortcuts: GlobalShortcutPort;
  copySignal: CopySignal;
  clipboard: ClipboardTextReader;
  window: WindowPort;
  i18n: { t: (id: MessageId, values?: MessageValues) => string; onChange(listener: () => void): () => void };
  settings: { get(): Settings; update(patch: SettingsPatch): Settings };
  events: EventBus;
  /** Number of documents in progress at start (the `documents.changed` event keeps it current afterwards). */
  documentsActive?: () => Promise<number>;
  /** Navigates the renderer (e.g. to the Documents screen). */
  navigate: (screen: 'documents') => void;
  quit: () => void;
}

/** Most text one clipboard translation takes (a long copy is the Translate screen's job, not a shortcut's). */
const MAX_TEXT = 100_000;

export class DesktopIntegration {
  private readonly shortcut: GlobalShortcutController;
  private readonly copyTwice: CopyTwiceDetector;
  private trayShown = false;
  private documentsActive: number | undefined;
  private quitting = false;
  private readonly disposers: (() => void)[] = [];
  private lastStatus = '';

  constructor(private readonly d: DesktopDeps) {
    this.shortcut = new GlobalShortcutController(d.shortcuts, () => void this.translateClipboard());
    this.copyTwice = new CopyTwiceDetector({
      signal: d.copySignal,
      clipboard: d.clipboard,
      onDoubleCopy: (text) => this.bringUp(text),
    });
  }

  /** Applies the stored settings and starts following changes. */
  start(): void {
    this.apply();
    this.disposers.push(
      this.d.events.subscribe((name, payload) => {
        if (name === 'settings.changed') this.apply();
        if (name === 'documents.changed') {
          this.documentsActive = (payload as { summary: { active: number } }).summary.active;
          this.drawTray();
        }
      }),
      this.d.i18n.onChange(() => this.drawTray()),
      this.d.window.onVisibilityChange(() => this.drawTray()),
    );
    void this.d
      .documentsActive?.()
      .then((n) => {
        this.documentsActive ??= n;
        this.drawTray();
      })
      .catch(() => undefined);
  }

  private prefs(): DesktopSettings {
    const s = this.d.settings.get();
    const pick = <K extends keyof DesktopSettings>(k: K): DesktopSettings[K] => (s[k] ?? DEFAULT_DESKTOP_SETTINGS[k]) as DesktopSettings[K];
    return {
      trayIcon: pick('trayIcon'),
      closeToTray: pick('closeToTray'),
      globalShortcutEnabled: pick('globalShortcutEnabled'),
      globalShortcut: pick('globalShortcut'),
      copyTwiceToTranslate: pick('copyTwiceToTranslate'),
    };
  }

  private apply(): void {
    const p = this.prefs();
    if (p.trayIcon && this.d.tray) {
      this.trayShown = true;
      this.drawTray();
    } else if (this.trayShown) {
      this.d.tray?.hide();
      this.trayShown = false;
    }
    this.shortcut.apply(p.globalShortcutEnabled, p.globalShortcut);
    this.copyTwice.setEnabled(p.copyTwiceToTranslate);
    this.emitStatus();
  }

  private drawTray(): void {
    if (!this.trayShown || !this.d.tray) return;
    const m = trayModel({ t: this.d.i18n.t, windowVisible: this.d.window.isVisible(), documentsActive: this.documentsActive });
    this.d.tray.show(m.tooltip, m.items, (id) => this.onTray(id as TrayAction));
  }

  private onTray(action: TrayAction): void {
    switch (action) {
      case 'translateClipboard':
        void this.translateClipboard();
        break;
      case 'toggleWindow':
        if (this.d.window.isVisible()) this.d.window.hide();
        else this.d.window.show();
        break;
      case 'documents':
        this.d.window.show();
        this.d.navigate('documents');
        break;
      case 'quit':
        this.quitting = true;
        this.d.quit();
        break;
    }
  }

  /** Tray item and global shortcut: Verso comes up with the clipboard's text translated. */
  async translateClipboard(): Promise<void> {
    const text = await this.d.clipboard.readText().catch(() => '');
    this.bringUp(text);
  }

  private bringUp(raw: string): void {
    const text = raw.length > MAX_TEXT ? raw.slice(0, MAX_TEXT) : raw;
    if (text.trim()) {
      const draft = this.d.settings.get().translateDraft;
      this.d.settings.update({
        translateDraft: { mode: 'single', segmentsText: '', options: {}, ...draft, text },
      });
    }
    this.d.window.show();
    if (text.trim()) this.d.events.emit('desktop.translateText', { text });
  }

  /** The window's close button: hide to the tray instead of quitting, when the user chose that. */
  shouldHideOnClose(): boolean {
    return !this.quitting && this.trayShown && this.prefs().closeToTray;
  }

  /** Quitting from elsewhere (menu, OS): let windows close for real. */
  markQuitting(): void {
    this.quitting = true;
  }

  /** Whether the app keeps running with no window (the tray icon is there to bring it back). */
  keepsRunningWithoutWindows(): boolean {
    return this.trayShown && this.prefs().closeToTray;
  }

  status(): DesktopStatus {
    return {
      available: true,
      tray: this.trayShown ? 'shown' : this.d.tray ? 'off' : 'unsupported',
      shortcut: this.shortcut.status(),
      copyTwice: { state: this.copyTwice.watching ? 'watching' : 'off', everyCopy: this.d.copySignal.everyCopy },
    };
  }

  private emitStatus(): void {
    const s = this.status();
    const key = JSON.stringify(s);
    if (key === this.lastStatus) return;
    this.lastStatus = key;
    this.d.events.emit('desktop.statusChanged', s);
  }

  dispose(): void {
    for (const d of this.disposers.splice(0)) d();
    this.shortcut.dispose();
    this.copyTwice.setEnabled(false);
    if (this.trayShown) this.d.tray?.hide();
    this.trayShown = false;
  }
}

/** `desktop.status` in every runtime: the integration's status where there is one, else "not available". */
export class DesktopStatusSource {
  private source: (() => DesktopStatus) | undefined;

  attach(source: () => DesktopStatus): void {
    this.source = source;
  }

  status(): DesktopStatus {
    return (
      this.source?.() ?? {
        available: false,
        tray: 'unsupported',
        shortcut: { state: 'off', accelerator: null },
        copyTwice: { state: 'off', everyCopy: false },
      }
    );
  }
}
