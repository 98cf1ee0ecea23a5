// @vitest-environment happy-dom
/**
 * Component tests (first run and Settings) of the local engine without Apertium: the first-run screen says why on
 * this OS and switches to a hosted or custom connection; Settings says what to install on Linux, opens the hosted
 * form in place and checks again; nothing is shown while the engine has one.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalServiceStatus } from '../../shared/ipc/contract.js';
import { useUiStore } from '../state/ui-store.js';
import { renderApp, resetRenderer } from '../test-utils/scenario.js';

const NO_ENGINE: LocalServiceStatus = { state: 'ready', engines: [], proUrl: 'http://127.0.0.1:5000', problem: 'no_engine' };
const info = (platform: string) => () => ({ name: 'Verso', version: '1.0.0', platform, shell: 'electron' as const, runtimeVersion: '45' });

beforeEach(() => resetRenderer());
afterEach(() => cleanup());

describe('the local engine without Apertium', () => {
  it('on first run, says why on Windows and offers a hosted or custom connection instead', async () => {
    const user = userEvent.setup();
    renderApp({
      'connections.status': () => ({ activeId: null, state: 'none' }),
      'connections.list': () => ({ connections: [], activeId: null }),
      'localService.status': () => NO_ENGINE,
      'localService.languages': () => ({ source: [], target: [], pseudo: false }),
      'app.info': info('win32'),
    });
    expect(await screen.findByText('The local engine cannot translate on this computer')).toBeTruthy();
    expect(screen.getByText(/not made for Windows/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use a hosted account' }));
    expect((screen.getByRole('radio', { name: /Hosted service with an API key/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('The local engine cannot translate on this computer')).toBeNull();
  });

  it('in Settings, says what to install on Linux, opens the hosted form there, and checks again', async () => {
    const user = userEvent.setup();
    useUiStore.setState({ screen: 'settings' });
    let status = NO_ENGINE;
    const app = renderApp({ 'localService.status': () => status, 'localService.restart': () => status, 'app.info': info('linux') });
    expect(await screen.findByText(/sudo apt install apertium/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use a hosted account' }));
    expect(await screen.findAllByLabelText('API key')).not.toHaveLength(0);
    status = { state: 'ready', engines: ['apertium'], proUrl: 'http://127.0.0.1:5000' };
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.queryByText('The local engine cannot translate on this computer')).toBeNull());
    expect(app.callsOf('localService.restart')).toHaveLength(1);
  });
});
