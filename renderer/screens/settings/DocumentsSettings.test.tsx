// @vitest-environment happy-dom
/**
 * Component tests of Settings → Documents against a fake VersoApi: the output folder is shown and saved (typed, or
 * chosen with the native dialog where one exists; a relative path is refused in words and not sent; a folder main
 * cannot write to is said), the number of uploads at once and the largest file are saved in range only.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ar from '../../../shared/i18n/ar/index.js';
import en from '../../../shared/i18n/en/index.js';
import { compileCatalog } from '../../../shared/i18n/compile.js';
import type { DocumentPrefs } from '../../../shared/ipc/contract-documents.js';
import { installTestI18n } from '../../i18n/index.js';
import { useUiStore } from '../../state/ui-store.js';
import { ipcFail } from '../../test-utils/fake-api.js';
import { renderApp, resetRenderer, settings } from '../../test-utils/scenario.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'settings' });
});
afterEach(() => cleanup());

const PREFS: DocumentPrefs = { defaultOutputDir: '/home/u/Documents/Verso translations', concurrency: 2, maxFileMb: 100, keysPersist: true };

function renderSettings(o: { shell?: 'electron' | 'web'; picked?: string | null; refuse?: boolean } = {}) {
  let current = { ...PREFS };
  return renderApp({
    'app.info': () => ({ name: 'Verso', version: '1.0.0', platform: 'linux', shell: o.shell ?? 'electron', runtimeVersion: '1' }),
    'documents.prefs': () => current,
    'documents.pickFolder': () => (o.picked ? { path: o.picked } : null),
    'documents.setPrefs': (patch) => {
      if (o.refuse && patch.defaultOutputDir) ipcFail('bad_request', `Cannot write to ${patch.defaultOutputDir} (EACCES).`);
      current = { ...current, ...patch };
      return current;
    },
  });
}

async function section() {
  return within((await screen.findByRole('heading', { name: 'Documents' })).closest('section')!);
}

describe('Settings → Documents', () => {
  it('shows the current folder and saves a typed full path, refusing a relative one without sending it', async () => {
    const user = userEvent.setup();
    const app = renderSettings();
    const s = await section();
    const field = (await s.findByLabelText('Folder for translations of files without a folder')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe(PREFS.defaultOutputDir));
    const use = s.getByRole('button', { name: 'Use this folder' }) as HTMLButtonElement;
    expect(use.disabled).toBe(true);

    await user.clear(field);
    await user.type(field, 'Translations{Enter}');
    expect(s.getByText(/Enter a full folder path/)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(use.disabled).toBe(true);
    expect(app.callsOf('documents.setPrefs')).toEqual([]);

    await user.clear(field);
    await user.type(field, '/srv/out');
    await user.click(use);
    await waitFor(() => expect(app.callsOf('documents.setPrefs')).toEqual([{ defaultOutputDir: '/srv/out' }]));
    expect(await s.findByText('Saved.')).toBeTruthy();
  });

  it('chooses the folder with the native dialog on the desktop, and a cancelled dialog changes nothing', async () => {
    const user = userEvent.setup();
    const app = renderSettings({ picked: '/media/disk/Übersetzungen' });
    const s = await section();
    await user.click(await s.findByRole('button', { name: 'Choose…' }));
    await waitFor(() => expect(app.callsOf('documents.setPrefs')).toEqual([{ defaultOutputDir: '/media/disk/Übersetzungen' }]));
    expect((s.getByLabelText('Folder for translations of files without a folder') as HTMLInputElement).value).toBe('/media/disk/Übersetzungen');

    app.handlers['documents.pickFolder'] = () => null;
    await user.click(s.getByRole('button', { name: 'Choose…' }));
    await waitFor(() => expect(app.callsOf('documents.pickFolder')).toHaveLength(2));
    expect(app.callsOf('documents.setPrefs')).toHaveLength(1);
  });

  it('has no Choose… button in the web harness (no dialog there): the path is typed', async () => {
    renderSettings({ shell: 'web' });
    const s = await section();
    await s.findByLabelText('Folder for translations of files without a folder');
    // app.info has answered once the About section names the harness; Choose… must still be absent.
    await waitFor(() => expect(screen.getByText(/web harness/i)).toBeTruthy());
    expect(s.queryByRole('button', { name: 'Choose…' })).toBeNull();
  });

  it('says when main cannot write to the folder, keeping what was typed', async () => {
    const user = userEvent.setup();
    renderSettings({ refuse: true });
    const s = await section();
    const field = (await s.findByLabelText('Folder for translations of files without a folder')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe(PREFS.defaultOutputDir));
    await user.clear(field);
    await user.type(field, '/root/locked{Enter}');
    expect(await s.findByText(/Verso cannot create or write to this folder/)).toBeTruthy();
    expect(field.value).toBe('/root/locked');
    expect(s.queryByText('Saved.')).toBeNull();
  });

  it('saves uploads at once and the largest file, only within range', async () => {
    const user = userEvent.setup();
    const app = renderSettings();
    const s = await section();
    const conc = (await s.findByLabelText('Documents uploaded at once')) as HTMLInputElement;
    expect(conc.value).toBe('2');
    await user.clear(conc);
    await user.type(conc, '9{Enter}');
    expect(s.getByText('Use a whole number from 1 to 8.')).toBeTruthy();
    expect(app.callsOf('documents.setPrefs')).toEqual([]);
    await user.clear(conc);
    await user.type(conc, '4{Enter}');
    const max = s.getByLabelText('Largest file accepted (MB)') as HTMLInputElement;
    await user.clear(max);
    await user.type(max, '500');
    await user.tab();
    await waitFor(() => expect(app.callsOf('documents.setPrefs')).toEqual([{ concurrency: 4 }, { maxFileMb: 500 }]));
  });

  it('in the Arabic UI, shows the folder left to right (its leading slash stays at its start)', async () => {
    installTestI18n('ar', compileCatalog(en), compileCatalog(ar));
    try {
      renderApp({
        'settings.get': () => settings({ uiLanguage: 'ar' }),
        'app.info': () => ({ name: 'Verso', version: '1.0.0', platform: 'linux', shell: 'electron', runtimeVersion: '1' }),
        'documents.prefs': () => PREFS,
      });
      const field = (await screen.findByLabelText(ar['documents.settings.outputDir'])) as HTMLInputElement;
      await waitFor(() => expect(field.value).toBe(PREFS.defaultOutputDir));
      expect(field.getAttribute('dir')).toBe('ltr');
    } finally {
      installTestI18n('en', compileCatalog(en));
    }
  });
});
