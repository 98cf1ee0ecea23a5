// @vitest-environment happy-dom
/**
 * Component tests of the forms that add a connection (Settings → Connections), as an Arabic tour met them: the
 * custom address field runs left to right (`127.0.0.1:9/v2` was shown `v2/127.0.0.1:9`), and the form checks its
 * fields itself — an address without its http:// or https://, an empty name or key is said under the field in the
 * UI's language, with what to type, instead of the browser's own bubble in the browser's language ("Please enter a
 * URL."); nothing is sent to main until the fields are right.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ar from '../../shared/i18n/ar/index.js';
import en from '../../shared/i18n/en/index.js';
import { compileCatalog } from '../../shared/i18n/compile.js';
import type { ConnectionView } from '../../shared/ipc/contract.js';
import { installTestI18n } from '../i18n/index.js';
import { useUiStore } from '../state/ui-store.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer, settings } from '../test-utils/scenario.js';

const CUSTOM: ConnectionView = {
  ...LOCAL_CONNECTION,
  id: 'c-custom',
  name: 'Custom service',
  kind: 'custom',
  tier: null,
  baseUrl: 'http://127.0.0.1:9/v2',
};

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'settings' });
});
afterEach(() => {
  cleanup();
  installTestI18n('en', compileCatalog(en));
});

function renderSettings(extra: Parameters<typeof renderApp>[0] = {}) {
  return renderApp({
    'connections.addCustom': () => CUSTOM,
    'connections.setActive': ({ id }) => ({ connections: [LOCAL_CONNECTION, CUSTOM], activeId: id }),
    ...extra,
  });
}

/** The message under the field that `field` points to with aria-describedby. */
const messageOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('Add a connection: a custom address', () => {
  it('in the Arabic UI, shows the address left to right and says in Arabic what to type for one without http://', async () => {
    installTestI18n('ar', compileCatalog(en), compileCatalog(ar));
    const user = userEvent.setup();
    const app = renderSettings({ 'settings.get': () => settings({ uiLanguage: 'ar' }) });
    await user.click(await screen.findByRole('button', { name: ar['connections.kind.custom'] }));
    const url = screen.getByLabelText(ar['connections.form.baseUrl']) as HTMLInputElement;
    expect(url.getAttribute('dir')).toBe('ltr');
    expect(url.form!.noValidate).toBe(true);
    await user.type(url, '127.0.0.1:9/v2');
    await user.type(screen.getByLabelText(ar['connections.form.apiKey']), 'secret-key');
    await user.click(screen.getByRole('button', { name: ar['connections.form.checkAndSave'] }));

    // Verso's own words, in Arabic, under the field: the address and its beginnings isolated in the sentence.
    expect(url.getAttribute('aria-invalid')).toBe('true');
    const said = messageOf(url);
    expect(said).toContain('\u2068https://\u2069');
    expect(said).toContain('\u2068https://translate.example.com\u2069');
    expect(said!.replace(/[\u2068\u2069]/g, '')).toBe(
      ar['connections.form.baseUrlInvalid']
        .replace('{https}', 'https://')
        .replace('{http}', 'http://')
        .replace('{example}', 'https://translate.example.com'),
    );
    expect(document.activeElement).toBe(url);
    expect(app.callsOf('connections.addCustom')).toEqual([]);

    await user.clear(url);
    await user.type(url, 'http://127.0.0.1:9/v2');
    expect(url.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: ar['connections.form.checkAndSave'] }));
    await waitFor(() =>
      expect(app.callsOf('connections.addCustom')).toEqual([
        {
          name: ar['connections.form.customName'],
          baseUrl: 'http://127.0.0.1:9/v2',
          apiKey: 'secret-key',
          persistence: 'persist',
        },
      ]),
    );
  });

  it('says an empty name and an empty key under their fields, the first one focused, and sends nothing', async () => {
    const user = userEvent.setup();
    const app = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Custom address' }));
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    await user.clear(name);
    await user.type(screen.getByLabelText('Base address'), 'https://translate.example.com');
    await user.click(screen.getByRole('button', { name: 'Check and save' }));
    expect(messageOf(name)).toBe('Give the connection a name.');
    expect(messageOf(screen.getByLabelText('API key'))).toBe('Enter the API key.');
    expect(messageOf(screen.getByLabelText('Base address'))).toBeUndefined();
    expect(document.activeElement).toBe(name);
    expect(app.callsOf('connections.addCustom')).toEqual([]);
  });
});
