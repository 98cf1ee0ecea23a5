// @vitest-environment happy-dom
/**
 * Component tests of the app shell against a fake VersoApi: the first-run screen and its three choices, the
 * navigation (mouse, Ctrl+number, menu commands), honest empty states, the theme, and the status banner.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus, ConnectionView } from '../shared/ipc/contract.js';
import { ipcFail } from './test-utils/fake-api.js';
import {
  LOCAL_CONNECTION,
  renderApp,
  resetRenderer,
  settings,
  SOURCES,
  TARGETS,
} from './test-utils/scenario.js';

beforeEach(() => resetRenderer());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('first run', () => {
  function firstRun(extra: Parameters<typeof renderApp>[0] = {}) {
    let status: ConnectionStatus = { activeId: null, state: 'none' };
    const app = renderApp({
      'connections.status': () => status,
      'connections.list': () => ({ connections: [], activeId: null }),
      'localService.status': () => ({ state: 'ready', engines: ['apertium'] }),
      'localService.languages': () => ({ source: SOURCES, target: TARGETS, pseudo: false }),
      'connections.addLocal': () => LOCAL_CONNECTION,
      'connections.setActive': ({ id }) => {
        status = { activeId: id, state: 'ready' };
        return { connections: [LOCAL_CONNECTION], activeId: id };
      },
      ...extra,
    });
    return app;
  }

  it('offers the local engine by default, shows what it translates, and starts with it', async () => {
    const user = userEvent.setup();
    const app = firstRun();
    expect(await screen.findByRole('heading', { name: 'Welcome to Verso' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Local engine/ }) as HTMLInputElement).checked).toBe(true);
    const offered = await screen.findByRole('region', { name: 'What the local engine translates' });
    expect(offered.textContent).toContain('Bulgarian');
    expect(offered.textContent).toContain('British English');
    // The languages come once the engine has started: below the button, so it does not move as they arrive.
    const start = screen.getByRole('button', { name: 'Start translating with the local engine' });
    expect(start.compareDocumentPosition(offered) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(start);
    expect(await screen.findByRole('heading', { name: 'Translate', level: 1 })).toBeTruthy();
    expect(app.callsOf('connections.addLocal')).toHaveLength(1);
    expect(app.callsOf('connections.setActive')).toEqual([{ id: LOCAL_CONNECTION.id }]);
  });

  it('shows why a hosted key was refused and keeps the form; a good key is saved and cleared from the page', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const hosted: ConnectionView = {
      ...LOCAL_CONNECTION,
      id: 'c-h',
      kind: 'hosted',
      name: 'Work',
      tier: 'free',
    };
    const app = firstRun({
      'connections.addHosted': () => {
        attempts += 1;
        if (attempts === 1)
          ipcFail('auth_failed', 'The service refused the API key (403). Check that the key is right.', {
            status: 403,
          });
        return hosted;
      },
    });
    await user.click(await screen.findByRole('radio', { name: /Hosted service/ }));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Work');
    const key = screen.getByLabelText('API key', { exact: true }) as HTMLInputElement;
    expect(key.type).toBe('password');
    await user.type(key, 'wrong-key:fx');
    await user.click(screen.getByRole('button', { name: 'Check and save' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/refused the API key \(403\)/);
    expect(screen.getByRole('heading', { name: 'Welcome to Verso' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Check and save' }));
    expect(await screen.findByRole('heading', { name: 'Translate', level: 1 })).toBeTruthy();
    expect(app.callsOf('connections.addHosted')[1]).toMatchObject({
      name: 'Work',
      apiKey: 'wrong-key:fx',
      tier: 'auto',
      persistence: 'persist',
    });
    expect(document.body.innerHTML).not.toContain('wrong-key:fx');
  });

  it('offers only "this session" when the OS cannot protect keys, and says why', async () => {
    const user = userEvent.setup();
    firstRun({
      'credentials.status': () => ({
        backend: 'basic_text',
        canPersist: false,
        reason: 'No keyring on this desktop; keys are kept until Verso quits.',
        connections: [],
      }),
    });
    await user.click(await screen.findByRole('radio', { name: /Custom service address/ }));
    expect(
      await screen.findByText('No keyring on this desktop; keys are kept until Verso quits.'),
    ).toBeTruthy();
    const sessionOnly = screen.getByLabelText('Keep the key for this session only') as HTMLInputElement;
    expect(sessionOnly.checked).toBe(true);
    expect(sessionOnly.disabled).toBe(true);
    expect(screen.getByLabelText('Base address')).toBeTruthy();
  });
});

describe('shell', () => {
  it('navigates with the sidebar, Ctrl+number and menu commands', async () => {
    const user = userEvent.setup();
    const app = renderApp();
    await screen.findByRole('heading', { name: 'Translate', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Documents' }));
    expect(await screen.findByRole('heading', { name: 'Documents', level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Documents' }).getAttribute('aria-current')).toBe('page');
    await user.keyboard('{Control>}3{/Control}');
    expect(await screen.findByRole('heading', { name: 'Glossaries', level: 1 })).toBeTruthy();
    // On a French AZERTY keyboard, Ctrl and the "2" key give "é": the key's place counts.
    fireEvent.keyDown(window, { key: 'é', code: 'Digit2', ctrlKey: true });
    expect(await screen.findByRole('heading', { name: 'Documents', level: 1 })).toBeTruthy();
    fireEvent.keyDown(window, { key: '&', code: 'Digit1', ctrlKey: true });
    expect(await screen.findByRole('heading', { name: 'Translate', level: 1 })).toBeTruthy();
    await user.keyboard('{Control>}3{/Control}');
    expect(await screen.findByRole('heading', { name: 'Glossaries', level: 1 })).toBeTruthy();
    act(() => app.emit('app.command', { command: 'navigate.keys' }));
    expect(await screen.findByRole('heading', { name: 'Keys', level: 1 })).toBeTruthy();
    // Focus moves to the new screen's heading, so screen readers announce it.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Keys'));
    act(() => app.emit('app.command', { command: 'translate.focusSource' }));
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id).toBe(
        'source-text',
      ),
    );
  });

  it('applies the saved theme and saves a new choice', async () => {
    const user = userEvent.setup();
    const app = renderApp({ 'settings.get': () => settings({ theme: 'dark' }) });
    await waitFor(() => expect(document.documentElement.getAttribute('data-theme')).toBe('dark'));
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('radio', { name: 'Light' }));
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    await waitFor(() => expect(app.callsOf('settings.update')).toContainEqual({ theme: 'light' }));
    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
  });

  it('words a failed call\'s cause in the banner as the call\'s own message does: one diagnosis, not two', async () => {
    // Seen (a Korean tour, service stopped): the banner said "the connection is not working, check its settings"
    // (they were fine) while the failed translation said "Verso cannot reach the service, check your network".
    renderApp({
      'connections.status': () => ({
        activeId: LOCAL_CONNECTION.id,
        state: 'error',
        code: 'network',
        message: 'Nothing is listening at 127.0.0.1:46633.',
      }),
    });
    const banner = await screen.findByRole('alert');
    await waitFor(() => expect(banner.textContent).toContain('Verso cannot reach the service. Check your network connection (and proxy), then try again.'));
    expect(banner.textContent).not.toContain('Check its settings');
    // What main said stays under Details.
    expect(banner.textContent).toContain('Nothing is listening at 127.0.0.1:46633.');
  });

  it('gives the reason the service gave for a refused key in the banner too, as the failed call does', async () => {
    // Seen (a Brazilian admin's tour): the call under the text said the key was deactivated, the banner above it only
    // "check the key in Settings".
    renderApp({
      'connections.status': () => ({
        activeId: LOCAL_CONNECTION.id,
        state: 'error',
        code: 'auth_failed',
        serviceCode: 'key_deactivated',
        message: 'This key was deactivated on 2026-11-29T19:49:43.760Z and cannot be used again.',
      }),
    });
    const banner = await screen.findByRole('alert');
    await waitFor(() => expect(banner.textContent).toContain('This key was deactivated and cannot be used again. Ask the account'));
    expect(banner.textContent).not.toContain('Check the key in Settings');
  });

  it('shows a banner that says what to do when the connection fails, with a working retry', async () => {
    const user = userEvent.setup();
    let status: ConnectionStatus = {
      activeId: LOCAL_CONNECTION.id,
      state: 'error',
      message: 'The local engine stopped. Restart it.',
    };
    const app = renderApp({
      'connections.status': () => status,
      'localService.restart': () => {
        status = { activeId: LOCAL_CONNECTION.id, state: 'ready' };
        return { state: 'ready', engines: ['apertium'] };
      },
    });
    const banner = await screen.findByText(/The local engine stopped\. Restart it\./);
    expect(banner).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Restart local engine' }));
    await waitFor(() => expect(screen.queryByText(/The local engine stopped/)).toBeNull());
    expect(app.callsOf('localService.restart')).toHaveLength(1);
  });

  it('says what to do when the machine is offline and a hosted connection is active', async () => {
    const hosted: ConnectionView = { ...LOCAL_CONNECTION, id: 'c-h', kind: 'hosted', name: 'Work account' };
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp({ 'connections.list': () => ({ connections: [hosted], activeId: hosted.id }) });
    expect(await screen.findByText(/You are offline\. “Work account” needs the internet/)).toBeTruthy();
    online.mockReturnValue(true);
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(/You are offline/)).toBeNull());
  });

  it('refreshes the language lists on request, bypassing the cache', async () => {
    const user = userEvent.setup();
    const app = renderApp();
    // Language names come from Intl in the UI language ("British English"), not from the API's English names.
    await screen.findByRole('option', { name: /^British English/ });
    await user.click(screen.getByRole('button', { name: 'Refresh the language lists' }));
    await waitFor(() =>
      expect(app.callsOf('languages.list').filter((c) => c.refresh === true)).toHaveLength(2),
    );
  });

  it('follows main when the connection status changes (starting → ready)', async () => {
    const app = renderApp();
    await screen.findByRole('heading', { name: 'Translate', level: 1 });
    act(() => app.emit('connections.statusChanged', { activeId: LOCAL_CONNECTION.id, state: 'starting' }));
    expect(await screen.findByText(/Starting the local engine/)).toBeTruthy();
    act(() => app.emit('connections.statusChanged', { activeId: LOCAL_CONNECTION.id, state: 'ready' }));
    await waitFor(() => expect(screen.queryByText(/Starting the local engine/)).toBeNull());
  });
});
