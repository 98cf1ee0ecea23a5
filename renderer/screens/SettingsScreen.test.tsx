// @vitest-environment happy-dom
/**
 * Component tests of Settings against a fake VersoApi: preferences are saved in main, connections can be tested,
 * re-keyed (write-only) and removed after confirmation, the theme group works from the keyboard, and the
 * interface language switches the open screen at once (pseudo-locales offered only when main says so).
 */
import { UI_LOCALES } from '../../shared/i18n/locales.js';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../shared/i18n/en/index.js';
import { compileCatalog } from '../../shared/i18n/compile.js';
import type { ConnectionView, Settings } from '../../shared/ipc/contract.js';
import { installTestI18n } from '../i18n/index.js';
import { useUiStore } from '../state/ui-store.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer, settings } from '../test-utils/scenario.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'settings' });
});
afterEach(() => {
  cleanup();
  installTestI18n('en', compileCatalog(en));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const HOSTED: ConnectionView = {
  ...LOCAL_CONNECTION,
  id: 'c-hosted',
  kind: 'hosted',
  name: 'Agency account',
  tier: 'pro',
  baseUrl: 'https://api.example.test',
  apiKey: { configured: true, persisted: true },
};

describe('Settings', () => {
  it('saves preferences in main and validates numbers before saving', async () => {
    const user = userEvent.setup();
    const app = renderApp();
    await user.click(await screen.findByLabelText(/Translate as I type/));
    await waitFor(() => expect(app.callsOf('settings.update')).toContainEqual({ translateAsYouType: false }));
    const concurrency = screen.getByLabelText('Requests at once in multi-segment mode');
    await user.clear(concurrency);
    await user.type(concurrency, '12');
    await user.tab();
    expect(screen.getByText('Use a whole number from 1 to 8.')).toBeTruthy();
    expect(app.callsOf('settings.update').some((c) => 'batchConcurrency' in c)).toBe(false);
    await user.clear(concurrency);
    await user.type(concurrency, '6{Enter}');
    await waitFor(() => expect(app.callsOf('settings.update')).toContainEqual({ batchConcurrency: 6 }));
  });

  it('moves through the theme choices with the arrow keys', async () => {
    const user = userEvent.setup();
    const app = renderApp({ 'settings.get': () => settings({ theme: 'system' }) });
    const system = await screen.findByRole('radio', { name: 'System' });
    system.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Light' }).getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Light' }));
    await user.keyboard('{End}');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    await waitFor(() => expect(app.callsOf('settings.update')).toContainEqual({ theme: 'dark' }));
  });

  it('tests a connection, replaces its key without showing it, and removes it only after confirmation', async () => {
    const user = userEvent.setup();
    let connections = [LOCAL_CONNECTION, HOSTED];
    const app = renderApp({
      'connections.list': () => ({ connections, activeId: LOCAL_CONNECTION.id }),
      'connections.test': ({ id }) => ({
        id,
        reachable: true,
        usage: { characterCount: 1234, characterLimit: 500000, unlimited: false },
      }),
      'credentials.setApiKey': () => ({ configured: true, persisted: true }),
      'connections.remove': ({ id }) => {
        connections = connections.filter((c) => c.id !== id);
        return { connections, activeId: LOCAL_CONNECTION.id };
      },
    });
    const item = (await screen.findByText('Agency account')).closest('li')!;
    expect(within(item).getByText(/key stored encrypted/)).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Test' }));
    expect((await within(item).findByText(/^Works\./)).textContent).toContain(
      '1,234 characters used of 500,000',
    );

    await user.click(within(item).getByRole('button', { name: 'Replace key' }));
    const field = within(item).getByLabelText('New API key') as HTMLInputElement;
    expect(field.type).toBe('password');
    await user.type(field, 'new-secret-key');
    await user.click(within(item).getByRole('button', { name: 'Save key' }));
    await waitFor(() =>
      expect(app.callsOf('credentials.setApiKey')).toEqual([
        { connectionId: HOSTED.id, apiKey: 'new-secret-key', persistence: 'persist' },
      ]),
    );
    expect(document.body.innerHTML).not.toContain('new-secret-key');

    // happy-dom has no dialogs: answer "Cancel" once, then "OK".
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    await user.click(within(item).getByRole('button', { name: 'Remove' }));
    expect(app.callsOf('connections.remove')).toHaveLength(0);
    await user.click(within(item).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Agency account')).toBeNull());
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(app.callsOf('connections.remove')).toEqual([{ id: HOSTED.id }]);
  });
});

const APP_INFO = { name: 'Verso', version: '1.0.0', platform: 'linux', shell: 'web', runtimeVersion: '20' } as const;

describe('Interface language', () => {
  it('offers the pseudo-locales only when the app runs with them', async () => {
    renderApp({ 'app.info': () => APP_INFO });
    const picker = (await screen.findByLabelText('Interface language')) as HTMLSelectElement;
    const values = () => [...picker.options].map((o) => o.value);
    expect(values()[0]).toBe('system');
    expect([...values()].slice(1).sort()).toEqual([...UI_LOCALES].sort());
    expect(values()).not.toContain('en-XA');
    // Each language is named in itself, so a user lost in a foreign UI still finds theirs.
    const option = (v: string) => [...picker.options].find((o) => o.value === v)!;
    expect(option('en').textContent).toBe('English');
    expect(option('de').textContent).toBe('Deutsch');
    expect(option('ja').textContent).toBe('日本語');
    expect(option('ar').textContent).toBe('العربية');
    expect(option('ar').lang).toBe('ar');
    expect(picker.options[0]!.textContent).toBe('Same as the system (English)');
  });

  it('re-renders the open screen in the chosen language, mirrors for right-to-left, and saves the choice', async () => {
    const user = userEvent.setup();
    let saved: Settings = settings();
    const app = renderApp({
      'app.info': () => ({ ...APP_INFO, pseudoLocales: true }),
      'settings.get': () => saved,
      'settings.update': (patch) => (saved = { ...saved, ...(patch as Partial<Settings>) }),
    });
    const picker = await screen.findByLabelText('Interface language');
    await waitFor(() => expect([...(picker as HTMLSelectElement).options].map((o) => o.value)).toContain('ar-XB'));
    await user.selectOptions(picker, 'en-XA');
    const heading = await screen.findByRole('heading', { level: 1, name: /^⟦Šéţţíñĝš~+⟧$/ });
    expect(heading).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-XA');
    expect(document.documentElement.dir).toBe('ltr');
    // The navigation (outside the screen) follows too.
    expect(screen.getByRole('button', { name: /⟦Ţŕáñšĺáţé/ })).toBeTruthy();
    await waitFor(() => expect(app.callsOf('settings.update')).toContainEqual({ uiLanguage: 'en-XA' }));

    await user.selectOptions(screen.getByRole('combobox', { name: /Íñţéŕƒáçé ĺáñĝúáĝé/ }), 'ar-XB');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    await user.selectOptions(screen.getByRole('combobox', { name: /Íñţéŕƒáçé ĺáñĝúáĝé/ }), 'system');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
    await waitFor(() => expect(app.callsOf('settings.update')).toContainEqual({ uiLanguage: 'system' }));
  });
});
