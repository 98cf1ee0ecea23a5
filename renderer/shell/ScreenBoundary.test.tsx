// @vitest-environment happy-dom
/**
 * A screen that throws while rendering (or whose code cannot be fetched) shows why in place of the screen, in the UI
 * language, with Reload and Try again; the sidebar and the other screens keep working. Seen on a tour: a lazy screen
 * whose chunk could not be fetched left the whole window blank.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetRenderer } from '../test-utils/scenario.js';

const settingsScreen = vi.hoisted(() => ({ broken: true }));
vi.mock('../screens/SettingsScreen.js', () => ({
  default: function SettingsScreen() {
    if (settingsScreen.broken) throw new Error('Failed to fetch dynamically imported module: SettingsScreen-x.js');
    return <h1>Settings works</h1>;
  },
}));

beforeEach(() => {
  resetRenderer();
  settingsScreen.broken = true;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a screen that fails', () => {
  it('says so in place of the screen, keeps the sidebar working, and Try again renders it anew', async () => {
    const user = userEvent.setup();
    renderApp();
    await screen.findByRole('textbox', { name: /Text to translate/ });
    await user.click(screen.getByRole('button', { name: /^Settings/ }));
    expect(await screen.findByRole('heading', { name: 'This screen could not be shown' })).toBeTruthy();
    expect(screen.getByText(/Nothing you typed or queued is lost/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Verso' })).toBeTruthy();
    // The window is not blank: the navigation still leads to a working screen.
    await user.click(screen.getByRole('button', { name: /^Translate/ }));
    expect(await screen.findByRole('textbox', { name: /Text to translate/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Settings/ }));
    await screen.findByRole('heading', { name: 'This screen could not be shown' });
    settingsScreen.broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Settings works' })).toBeTruthy());
  });
});
