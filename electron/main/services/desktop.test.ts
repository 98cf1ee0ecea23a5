/**
 * Desktop integration (test code, plain Node, fakes for every port): the tray menu in the UI language (rebuilt when
 * the language, the window or the documents count changes), Translate clipboard bringing Verso up with the text,
 * the global shortcut following Settings (and saying when it is taken or invalid), "copy twice" off by default and
 * firing only for two copies within half a second, and close-to-tray.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventName } from '../../../shared/ipc/contract.js';
import { acceleratorProblem } from '../../../shared/ipc/contract-desktop.js';
import { CopyTwiceDetector, pollingCopySignal } from './desktop-copy-twice.js';
import type { CopySignal, GlobalShortcutPort, TrayMenuItem, TrayPort, WindowPort } from './desktop-ports.js';
import { DesktopIntegration, DesktopStatusSource } from './desktop.js';
import { EventBus } from './event-bus.js';
import { MainI18n } from './i18n.js';
import type { KeyValueStore } from './ports.js';
import { SettingsService } from './settings.js';

class FakeTray implements TrayPort {
  shown = false;
  tooltip = '';
  items: TrayMenuItem[] = [];
  private select: (id: string) => void = () => {};
  show(tooltip: string, items: readonly TrayMenuItem[], onSelect: (id: string) => void) {
    this.shown = true;
    this.tooltip = tooltip;
    this.items = [...items];
    this.select = onSelect;
  }
  hide() {
    this.shown = false;
  }
  labels() {
    return this.items.map((i) => (i.type === 'separator' ? '---' : i.label));
  }
  click(label: string) {
    const item = this.items.find((i) => i.type !== 'separator' && i.label === label);
    if (!item || item.type === 'separator') throw new Error(`no tray item "${label}" in ${this.labels().join(' | ')}`);
    this.select(item.id);
  }
}

class FakeShortcuts implements GlobalShortcutPort {
  readonly held = new Map<string, () => void>();
  takenByOthers = new Set<string>();
  register(a: string, cb: () => void) {
    if (this.takenByOthers.has(a)) return false;
    this.held.set(a, cb);
    return true;
  }
  unregister(a: string) {
    this.held.delete(a);
  }
  press(a: string) {
    this.held.get(a)?.();
  }
}

class FakeSignal implements CopySignal {
  constructor(readonly everyCopy = true) {}
  listener: ((at: number) => void) | undefined;
  watch(onCopy: (at: number) => void) {
    this.listener = onCopy;
    return () => {
      this.listener = undefined;
    };
  }
  copy(at: number) {
    this.listener?.(at);
  }
}

class FakeWindow implements WindowPort {
  visible = true;
  private listeners = new Set<(v: boolean) => void>();
  isVisible() {
    return this.visible;
  }
  show() {
    this.set(true);
  }
  hide() {
    this.set(false);
  }
  private set(v: boolean) {
    this.visible = v;
    for (const l of this.listeners) l(v);
  }
  onVisibilityChange(l: (v: boolean) => void) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
}

/** Lets pending promise callbacks (the asynchronous clipboard reads) run. */
const flush = () => new Promise<void>((r) => setImmediate(r));

function memoryStore(): KeyValueStore {
  const m = new Map<string, unknown>();
  return { get: (k) => m.get(k), set: (k, v) => void m.set(k, v), delete: (k) => void m.delete(k) };
}

async function setup(o: { documentsActive?: number; tray?: boolean } = {}) {
  const events = new EventBus();
  const emitted: { name: EventName; payload: unknown }[] = [];
  events.subscribe((name, payload) => emitted.push({ name, payload }));
  const i18n = new MainI18n(() => ['en']);
  await i18n.use('en');
  const settings = new SettingsService(memoryStore(), (s) => {
    void i18n.use(s.uiLanguage);
    events.emit('settings.changed', s);
  });
  const tray = new FakeTray();
  const shortcuts = new FakeShortcuts();
  const signal = new FakeSignal();
  const win = new FakeWindow();
  const clip = { text: 'Good morning' };
  const nav: string[] = [];
  let quits = 0;
  const desktop = new DesktopIntegration({
    ...(o.tray !== false && { tray }),
    shortcuts,
    copySignal: signal,
    clipboard: { readText: async () => clip.text },
    window: win,
    i18n,
    settings,
    events,
    ...(o.documentsActive !== undefined && { documentsActive: async () => o.documentsActive! }),
    navigate: (s) => nav.push(s),
    quit: () => void quits++,
  });
  desktop.start();
  await Promise.resolve();
  await Promise.resolve();
  return { desktop, events, emitted, i18n, settings, tray, shortcuts, signal, win, clip, nav, quits: () => quits };
}

describe('the tray', () => {
  it('shows Translate clipboard, Hide, documents in progress and Quit in the UI language', async () => {
    const s = await setup({ documentsActive: 2 });
    expect(s.tray.shown).toBe(true);
    expect(s.tray.labels()).toEqual(['Translate clipboard', 'Hide Verso', '2 documents in progress…', '---', 'Quit Verso']);
    expect(s.tray.tooltip).toBe('Verso · 2 documents in progress');
  });

  it('follows the window, the documents queue and the UI language without a restart', async () => {
    const s = await setup({ documentsActive: 0 });
    expect(s.tray.labels()).toContain('No documents in progress');
    s.tray.click('Hide Verso');
    expect(s.win.visible).toBe(false);
    expect(s.tray.labels()).toContain('Show Verso');
    s.events.emit('documents.changed', { jobs: [], removed: [], summary: { saved: 0, active: 1, failed: 0, cancelled: 0, billedCharacters: 0 } });
    expect(s.tray.labels()).toContain('1 document in progress…');
    s.settings.update({ uiLanguage: 'en-XA' });
    await expect.poll(() => s.tray.labels()[0]).not.toBe('Translate clipboard');
    expect(s.tray.labels()[0]).toMatch(/Ŧ|ŧ|ȧ|ñ|ŀ/);
  });

  it('opens the Documents screen and quits from its menu', async () => {
    const s = await setup({ documentsActive: 3 });
    s.win.hide();
    s.tray.click('3 documents in progress…');
    expect(s.win.visible).toBe(true);
    expect(s.nav).toEqual(['documents']);
    s.tray.click('Quit Verso');
    expect(s.quits()).toBe(1);
  });

  it('goes away when turned off in Settings and says when the desktop has no tray', async () => {
    const s = await setup();
    s.settings.update({ trayIcon: false });
    expect(s.tray.shown).toBe(false);
    expect(s.desktop.status().tray).toBe('off');
    const none = await setup({ tray: false });
    expect(none.desktop.status().tray).toBe('unsupported');
  });
});

describe('Translate clipboard', () => {
  it('brings the window up with the copied text on the Translate screen, in the draft too', async () => {
    const s = await setup();
    s.win.hide();
    s.tray.click('Translate clipboard');
    await flush();
    expect(s.win.visible).toBe(true);
    expect(s.emitted.filter((e) => e.name === 'desktop.translateText').map((e) => e.payload)).toEqual([{ text: 'Good morning' }]);
    expect(s.settings.get().translateDraft).toMatchObject({ mode: 'single', text: 'Good morning' });
  });

  it('only shows the window when the clipboard holds no text', async () => {
    const s = await setup();
    s.clip.text = '  \n';
    s.win.hide();
    await s.desktop.translateClipboard();
    expect(s.win.visible).toBe(true);
    expect(s.emitted.some((e) => e.name === 'desktop.translateText')).toBe(false);
    expect(s.settings.get().translateDraft).toBeNull();
  });
});

describe('the global shortcut', () => {
  it('is off by default, then registers the configured keys and translates the clipboard when pressed', async () => {
    const s = await setup();
    expect(s.shortcuts.held.size).toBe(0);
    s.settings.update({ globalShortcutEnabled: true });
    expect([...s.shortcuts.held.keys()]).toEqual(['CommandOrControl+Shift+Y']);
    expect(s.desktop.status().shortcut).toEqual({ state: 'registered', accelerator: 'CommandOrControl+Shift+Y' });
    s.win.hide();
    s.clip.text = 'Bonjour';
    s.shortcuts.press('CommandOrControl+Shift+Y');
    await flush();
    expect(s.win.visible).toBe(true);
    expect(s.emitted.filter((e) => e.name === 'desktop.translateText').at(-1)?.payload).toEqual({ text: 'Bonjour' });
  });

  it('moves to new keys, releases the old ones, and says when keys are taken', async () => {
    const s = await setup();
    s.shortcuts.takenByOthers.add('Alt+Space');
    s.settings.update({ globalShortcutEnabled: true, globalShortcut: 'Control+Alt+T' });
    expect([...s.shortcuts.held.keys()]).toEqual(['Control+Alt+T']);
    s.settings.update({ globalShortcut: 'Alt+Space' });
    expect(s.shortcuts.held.size).toBe(0);
    expect(s.desktop.status().shortcut.state).toBe('in_use');
    expect(s.emitted.filter((e) => e.name === 'desktop.statusChanged').at(-1)?.payload).toMatchObject({ shortcut: { state: 'in_use' } });
    s.settings.update({ globalShortcutEnabled: false });
    expect(s.desktop.status().shortcut.state).toBe('off');
  });

  it('accepts only a modifier with one key', () => {
    expect(acceleratorProblem('CommandOrControl+Shift+Y')).toBeNull();
    expect(acceleratorProblem('Alt+F5')).toBeNull();
    expect(acceleratorProblem('Y')).toBe('no_modifier');
    expect(acceleratorProblem('Shift+Y')).toBe('no_modifier');
    expect(acceleratorProblem('Ctrl+Banana')).toBe('bad_key');
    expect(acceleratorProblem('')).toBe('empty');
  });
});

describe('copy twice to translate', () => {
  it('is off by default and watches the clipboard only once turned on', async () => {
    const s = await setup();
    expect(s.signal.listener).toBeUndefined();
    s.settings.update({ copyTwiceToTranslate: true });
    expect(s.signal.listener).toBeDefined();
    expect(s.desktop.status().copyTwice).toEqual({ state: 'watching', everyCopy: true });
    s.clip.text = 'Copied twice';
    s.win.hide();
    s.signal.copy(1000);
    s.signal.copy(1300);
    await flush();
    expect(s.win.visible).toBe(true);
    expect(s.emitted.filter((e) => e.name === 'desktop.translateText').at(-1)?.payload).toEqual({ text: 'Copied twice' });
    s.settings.update({ copyTwiceToTranslate: false });
    expect(s.signal.listener).toBeUndefined();
  });

  it('fires for two copies within half a second, not for slower ones, and merges one copy’s repeated signals', async () => {
    const signal = new FakeSignal();
    const got: string[] = [];
    const d = new CopyTwiceDetector({ signal, clipboard: { readText: async () => 'text' }, onDoubleCopy: (t) => got.push(t) });
    d.setEnabled(true);
    signal.copy(0);
    signal.copy(600); // too slow: a new first copy
    expect(got).toEqual([]);
    signal.copy(610); // the same copy, signalled twice by the OS
    expect(got).toEqual([]);
    signal.copy(1000); // 400 ms after the copy at 600
    await flush();
    expect(got).toEqual(['text']);
    signal.copy(1200); // a third quick copy starts a new pair
    await flush();
    expect(got).toEqual(['text']);
  });
});

describe('close to tray', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  beforeEach(async () => {
    s = await setup();
  });

  it('hides instead of quitting only when chosen, the tray is there, and the user is not quitting', () => {
    expect(s.desktop.shouldHideOnClose()).toBe(false);
    s.settings.update({ closeToTray: true });
    expect(s.desktop.shouldHideOnClose()).toBe(true);
    expect(s.desktop.keepsRunningWithoutWindows()).toBe(true);
    s.settings.update({ trayIcon: false });
    expect(s.desktop.shouldHideOnClose()).toBe(false);
    s.settings.update({ trayIcon: true });
    s.desktop.markQuitting();
    expect(s.desktop.shouldHideOnClose()).toBe(false);
  });
});

describe('desktop.status without desktop integration (web harness)', () => {
  it('answers not available until an integration is attached', async () => {
    const src = new DesktopStatusSource();
    expect(src.status().available).toBe(false);
    const s = await setup();
    src.attach(() => s.desktop.status());
    expect(src.status()).toMatchObject({ available: true, tray: 'shown' });
  });
});

describe('the polling clipboard watch', () => {
  it('signals a copy when the clipboard changes, not for what was there before, and stops when asked', async () => {
    let clip = 'before';
    let tick: () => void = () => {};
    let cleared = false;
    let t = 0;
    const signal = pollingCopySignal({
      fingerprint: async () => clip,
      now: () => t,
      setInterval: (fn) => {
        tick = fn;
        return 1;
      },
      clearInterval: () => {
        cleared = true;
      },
    });
    expect(signal.everyCopy).toBe(false);
    const copies: number[] = [];
    const stop = signal.watch((at) => copies.push(at));
    await flush();
    tick();
    await flush();
    expect(copies).toEqual([]);
    clip = 'first';
    t = 100;
    tick();
    await flush();
    tick();
    await flush();
    clip = 'first and more';
    t = 400;
    tick();
    await flush();
    expect(copies).toEqual([100, 400]);
    stop();
    expect(cleared).toBe(true);
  });
});
