// @vitest-environment happy-dom
/**
 * Component test (issue 20, point 9, first-run part): a hosted key on a copy of Verso without a hosted address
 * says that the address is missing and what to do, in the UI language — not "check the languages and options".
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../shared/ipc/contract.js';
import { ipcFail } from '../test-utils/fake-api.js';
import { renderApp, resetRenderer, SOURCES, TARGETS } from '../test-utils/scenario.js';

beforeEach(() => resetRenderer());
afterEach(() => cleanup());

describe('first run with a hosted key', () => {
  it('says the hosted address is missing and to use a custom address', async () => {
    const user = userEvent.setup();
    const status: ConnectionStatus = { activeId: null, state: 'none' };
    renderApp({
      'connections.status': () => status,
      'connections.list': () => ({ connections: [], activeId: null }),
      'localService.status': () => ({ state: 'ready', engines: ['apertium'] }),
      'localService.languages': () => ({ source: SOURCES, target: TARGETS, pseudo: false }),
      'connections.addHosted': () =>
        ipcFail('bad_request', "This copy of Verso has no address for the hosted service's Pro tier.", {
          serviceCode: 'hosted_address_missing_pro',
        }),
    });
    await user.click(await screen.findByRole('radio', { name: /Hosted service/ }));
    await user.type(screen.getByLabelText('API key', { exact: true }), 'a-pro-key');
    await user.click(screen.getByRole('button', { name: 'Check and save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/no address for the hosted service's Pro plan/);
    expect(alert.textContent).toMatch(/Custom service address/);
    expect(alert.textContent).not.toMatch(/Check the languages and options/);
  });
});
