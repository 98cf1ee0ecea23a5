// @vitest-environment happy-dom
/**
 * Component test (a Brazilian admin's tour, finding 2): at first run, an admin key pasted in the hosted form is
 * refused by the service (403, `admin_key_not_allowed`). The alert says in the UI language what the key is and what
 * to do — a developer key here, the admin key on Keys once connected — instead of "check the key in Settings", a
 * screen that does not exist yet; the service's English words stay behind "Details".
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../../shared/i18n/en/index.js';
import ptBR from '../../shared/i18n/pt-BR/index.js';
import { compileCatalog } from '../../shared/i18n/compile.js';
import type { ConnectionStatus } from '../../shared/ipc/contract.js';
import { installTestI18n } from '../i18n/index.js';
import { ipcFail } from '../test-utils/fake-api.js';
import { renderApp, resetRenderer, settings, SOURCES, TARGETS } from '../test-utils/scenario.js';

const SAID = 'Admin keys work only on the admin endpoints (/v2/admin/...); use a developer key here.';

beforeEach(() => resetRenderer());
afterEach(() => {
  cleanup();
  installTestI18n('en', compileCatalog(en));
});

function renderFirstRun(extra: Parameters<typeof renderApp>[0] = {}) {
  const status: ConnectionStatus = { activeId: null, state: 'none' };
  return renderApp({
    'connections.status': () => status,
    'connections.list': () => ({ connections: [], activeId: null }),
    'localService.status': () => ({ state: 'ready', engines: ['apertium'] }),
    'localService.languages': () => ({ source: SOURCES, target: TARGETS, pseudo: false }),
    'connections.addHosted': () =>
      ipcFail('auth_failed', `The service refused the API key (403). The service said: "${SAID}". Check that the key is right.`, {
        status: 403,
        serviceCode: 'admin_key_not_allowed',
        serviceMessage: SAID,
      }),
    ...extra,
  });
}

describe('first run with an admin key in the hosted form', () => {
  it('says (in English) that this is an admin key, a developer key goes here and the admin key on Keys later', async () => {
    const user = userEvent.setup();
    const app = renderFirstRun();
    await user.click(await screen.findByRole('radio', { name: new RegExp(en['firstRun.hosted.title']) }));
    await user.type(screen.getByLabelText(en['connections.form.apiKey'], { exact: true }), 'the-admin-key');
    await user.click(screen.getByRole('button', { name: en['connections.form.checkAndSave'] }));
    const alert = await screen.findByRole('alert');
    expect(app.callsOf('connections.addHosted')).toHaveLength(1);
    expect(alert.textContent).toContain(en['errors.auth_admin_key']);
    expect(alert.textContent).toMatch(/admin key/);
    expect(alert.textContent).toMatch(/developer key/);
    expect(alert.textContent).not.toContain(en['errors.auth_failed']);
    // The service's own words are still there, behind "Details".
    expect(alert.querySelector('details')?.textContent).toContain(SAID);
  });

  it('says it in Brazilian Portuguese when that is the UI language', async () => {
    installTestI18n('pt-BR', compileCatalog(en), compileCatalog(ptBR));
    const user = userEvent.setup();
    renderFirstRun({ 'settings.get': () => settings({ uiLanguage: 'pt-BR' }) });
    await user.click(await screen.findByRole('radio', { name: new RegExp(ptBR['firstRun.hosted.title']) }));
    await user.type(screen.getByLabelText(ptBR['connections.form.apiKey'], { exact: true }), 'the-admin-key');
    await user.click(screen.getByRole('button', { name: ptBR['connections.form.checkAndSave'] }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ptBR['errors.auth_admin_key']);
    expect(alert.textContent).toMatch(/chave de administrador/);
    expect(alert.textContent).toMatch(/chave de desenvolvedor/);
    expect(alert.textContent).not.toContain(ptBR['errors.auth_failed']);
  });
});
