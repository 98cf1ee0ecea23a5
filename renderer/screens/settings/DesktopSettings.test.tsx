// @vitest-environment happy-dom
/**
 * Component tests of Settings → Desktop and → Network against a fake VersoApi: the tray, close-to-tray and copy
 * twice switches save in main; the shortcut is recorded by pressing keys (a key without a modifier is refused) and
 * main's "taken by another app" is said; the web harness explains the section does nothing there; the proxy form
 * sends a manual proxy with its password (write-only), words a refused address, and the CA file's problems are
 * worded by code; text sent from the tray lands in the Translate box and is translated.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DesktopStatus, NetworkView, Settings } from '../../../shared/ipc/contract.js';
import { useTranslateStore } from '../../state/translate-store.js';
import { useUiStore } from '../../state/ui-store.js';
import { ipcFail } from '../../test-utils/fake-api.js';
import { renderApp, resetRenderer, settings } from '../../test-utils/scenario.js';
import { acceleratorFromKey } from './DesktopSettings.js';

const STATUS: DesktopStatus = {
  available: true,
  tray: 'shown',
  shortcut: { state: 'off', accelerator: null },
  copyTwice: { state: 'off', everyCopy: false },
};

const NETWORK: NetworkView = {
  proxy: { mode: 'system', url: '', username: '', hasPassword: false },
  caFile: null,
  ca: { state: 'none', count: 0 },
};

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'settings' });
});
afterEach(() => cleanup());

function renderSettings(o: { status?: DesktopStatus; settings?: Partial<Settings>; network?: NetworkView } = {}) {
  let current = settings(o.settings);
  return renderApp({
    'desktop.status': () => o.status ?? STATUS,
    'network.get': () => o.network ?? NETWORK,
    'network.update': () => o.network ?? NETWORK,
    'settings.get': () => current,
    'settings.update': (patch) => (current = { ...current, ...(patch as Partial<Settings>) } as Settings),
  });
}

describe('Settings → Desktop', () => {
  it('saves the tray, close-to-tray and copy-twice switches in main (copy twice off by default)', async () => {
    const user = userEvent.setup();
    const app = renderSettings();
    const copyTwice = await screen.findByLabelText(/Copy twice to translate/);
    expect((copyTwice as HTMLInputElement).checked).toBe(false);
    await user.click(copyTwice);
    await user.click(screen.getByLabelText('Closing the window keeps Verso in the tray'));
    await user.click(screen.getByLabelText('Show Verso in the tray (menu bar)'));
    await waitFor(() =>
      expect(app.callsOf('settings.update')).toEqual([{ copyTwiceToTranslate: true }, { closeToTray: true }, { trayIcon: false }]),
    );
    // Without the tray, closing cannot keep Verso there.
    await waitFor(() => expect((screen.getByLabelText('Closing the window keeps Verso in the tray') as HTMLInputElement).disabled).toBe(true));
  });

  it('records a shortcut from the keys pressed, refuses a bare key, and saves it', async () => {
    const user = userEvent.setup();
    const app = renderSettings({ settings: { globalShortcutEnabled: true } });
    const field = await screen.findByLabelText('Shortcut');
    fireEvent.keyDown(field, { key: 'k', code: 'KeyK' });
    expect(await screen.findByText('Add a modifier such as Ctrl, Alt or ⌘.')).toBeTruthy();
    fireEvent.keyDown(field, { key: 'K', code: 'KeyK', ctrlKey: true, altKey: true });
    expect((field as HTMLInputElement).value).toBe('Ctrl+Alt+K');
    await user.click(screen.getByRole('button', { name: 'Use this shortcut' }));
    await waitFor(() => expect(app.callsOf('settings.update')).toContainEqual({ globalShortcut: 'CommandOrControl+Alt+K' }));
  });

  it('says when another app holds the shortcut', async () => {
    renderSettings({
      settings: { globalShortcutEnabled: true, globalShortcut: 'CommandOrControl+Shift+Y' },
      status: { ...STATUS, shortcut: { state: 'in_use', accelerator: 'CommandOrControl+Shift+Y' } },
    });
    // The shortcut isolated: it keeps its left-to-right order in a right-to-left sentence.
    expect(await screen.findByText('\u2068Ctrl+Shift+Y\u2069 is taken by the system or another app. Choose another shortcut.')).toBeTruthy();
    expect(screen.getByLabelText('Shortcut').getAttribute('dir')).toBe('ltr');
  });

  it('explains in the web harness that these settings apply in the desktop app', async () => {
    renderSettings({ status: { ...STATUS, available: false, tray: 'unsupported' } });
    expect(await screen.findByText(/These settings apply in the desktop app/)).toBeTruthy();
  });

  it('maps key presses to portable accelerators', () => {
    const k = { ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    expect(acceleratorFromKey({ ...k, key: 'Y', code: 'KeyY', ctrlKey: true, shiftKey: true }, false)).toBe('CommandOrControl+Shift+Y');
    expect(acceleratorFromKey({ ...k, key: 'y', code: 'KeyY', metaKey: true }, true)).toBe('CommandOrControl+Y');
    expect(acceleratorFromKey({ ...k, key: ' ', code: 'Space', altKey: true }, false)).toBe('Alt+Space');
    expect(acceleratorFromKey({ ...k, key: 'Shift', code: 'ShiftLeft', shiftKey: true }, false)).toBeNull();
  });
});

describe('Settings → Network', () => {
  it('applies a manual proxy with its password and says it is applied', async () => {
    const user = userEvent.setup();
    const app = renderSettings();
    await user.click(await screen.findByLabelText('Manual proxy'));
    await user.type(screen.getByLabelText('Proxy address'), 'http://proxy.example:3128');
    await user.type(screen.getByLabelText('User name (optional)'), 'ana');
    await user.type(screen.getByLabelText('Password (optional)'), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Apply proxy' }));
    await waitFor(() =>
      expect(app.callsOf('network.update')).toEqual([
        { proxy: { mode: 'manual', url: 'http://proxy.example:3128', username: 'ana' }, password: 's3cret' },
      ]),
    );
    expect(await screen.findByText('Applied. New connections use it now.')).toBeTruthy();
    expect((screen.getByLabelText('Password (optional)') as HTMLInputElement).value).toBe('');
  });

  it('words a refused proxy address and keeps main’s reason behind Details', async () => {
    const user = userEvent.setup();
    const app = renderSettings();
    app.handlers['network.update'] = () => ipcFail('invalid_input', 'Proxies of type "ftp" are not supported.');
    await user.click(await screen.findByLabelText('Manual proxy'));
    await user.type(screen.getByLabelText('Proxy address'), 'ftp://proxy.example');
    await user.click(screen.getByRole('button', { name: 'Apply proxy' }));
    expect(await screen.findByText(/Check the proxy address/)).toBeTruthy();
    expect(screen.getByText('Proxies of type "ftp" are not supported.')).toBeTruthy();
  });

  it('uses a CA file and words its problems by code', async () => {
    const user = userEvent.setup();
    const app = renderSettings();
    app.handlers['network.update'] = () => ipcFail('invalid_input', 'no_certificates: no PEM certificate found', { serviceCode: 'no_certificates' });
    await user.type(await screen.findByLabelText('Extra trusted certificates (PEM file)'), '/etc/company/ca.txt');
    await user.click(screen.getByRole('button', { name: 'Use this file' }));
    expect(await screen.findByText(/That file holds no PEM certificate/)).toBeTruthy();
    app.handlers['network.update'] = () => ({ ...NETWORK, caFile: '/etc/company/ca.pem', ca: { state: 'loaded', count: 2 } });
    const field = screen.getByLabelText('Extra trusted certificates (PEM file)');
    await user.clear(field);
    await user.type(field, '/etc/company/ca.pem');
    await user.click(screen.getByRole('button', { name: 'Use this file' }));
    expect(await screen.findByText('2 certificates trusted from this file.')).toBeTruthy();
    expect(app.callsOf('network.update').at(-1)).toEqual({ caFile: '/etc/company/ca.pem' });
  });
});

describe('text from the tray or a shortcut', () => {
  it('lands in the Translate box and is translated', async () => {
    const app = renderSettings();
    await waitFor(() => expect(useTranslateStore.getState().draftLoaded).toBe(true));
    act(() => app.emit('desktop.translateText', { text: 'Good morning' }));
    await waitFor(() => expect(useUiStore.getState().screen).toBe('translate'));
    expect(useTranslateStore.getState().text).toBe('Good morning');
    await waitFor(() => expect(app.callsOf('translate.run').some((c) => c.texts.includes('Good morning'))).toBe(true));
  });
});
