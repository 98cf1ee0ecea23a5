// @vitest-environment happy-dom
/**
 * Component test (issue 20, point 15): where Verso cannot tell which desktop features work (the call that reports
 * them fails, as it can in the web harness or an older main), Settings → Desktop says so in a note, not as an
 * error; the rest of Settings shows no error either.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NetworkView } from '../../../shared/ipc/contract.js';
import { useUiStore } from '../../state/ui-store.js';
import { ipcFail } from '../../test-utils/fake-api.js';
import { renderApp, resetRenderer } from '../../test-utils/scenario.js';

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

describe('Settings → Desktop where desktop features cannot be read', () => {
  it('says so as a note, with no error alert', async () => {
    renderApp({
      'desktop.status': () => ipcFail('not_implemented', 'desktop.status is not available in this runtime.'),
      'network.get': () => NETWORK,
    });
    const section = (await screen.findByRole('heading', { name: 'Desktop' })).closest('section')!;
    expect(await within(section).findByText(/Verso could not tell which desktop features/)).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
    // The tray switch is still there: the setting is kept for where it applies.
    expect(within(section).getByRole('checkbox', { name: /Show Verso in the tray/ })).toBeTruthy();
  });
});
