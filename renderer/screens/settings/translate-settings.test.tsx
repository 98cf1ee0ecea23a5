// @vitest-environment happy-dom
/**
 * Component tests of the Translate domain's Settings sections against a fake VersoApi: the second language and the
 * history (on/off, cap, delete all after a question) are saved in main; the languages remembered per connection are
 * listed in words and can be forgotten; the local engine says which engines run and which pairs they translate;
 * an admin key is checked before it is kept, a refusal says what it means, and where keys live is said truthfully.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSLATE_PREFS, type ConnectionView, type TranslatePrefs } from '../../../shared/ipc/contract.js';
import { useUiStore } from '../../state/ui-store.js';
import { ipcFail, type Handlers } from '../../test-utils/fake-api.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer } from '../../test-utils/scenario.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'settings' });
});
afterEach(() => cleanup());

const HOSTED: ConnectionView = {
  ...LOCAL_CONNECTION,
  id: 'c-hosted',
  kind: 'hosted',
  name: 'Agency account',
  tier: 'pro',
  baseUrl: 'https://api.example.test',
  apiKey: { configured: true, persisted: true },
};

/** Main's translate preferences, updated by patches like main does. */
function prefsStore(initial: Partial<TranslatePrefs> = {}) {
  let prefs: TranslatePrefs = { ...DEFAULT_TRANSLATE_PREFS, ...initial };
  const handlers: Handlers = {
    'translatePrefs.get': () => prefs,
    'translatePrefs.update': (patch) => {
      const next = { ...prefs, perConnection: { ...prefs.perConnection } };
      if (patch.secondLanguage !== undefined) next.secondLanguage = patch.secondLanguage;
      if (patch.historyEnabled !== undefined) next.historyEnabled = patch.historyEnabled;
      if (patch.historyMaxEntries !== undefined) next.historyMaxEntries = patch.historyMaxEntries;
      if (patch.forget !== undefined) delete next.perConnection[patch.forget];
      prefs = next;
      return prefs;
    },
  };
  return handlers;
}

function render(overrides: Handlers = {}, prefs: Partial<TranslatePrefs> = {}) {
  let total = 3;
  return renderApp({
    ...prefsStore(prefs),
    'connections.list': () => ({ connections: [LOCAL_CONNECTION, HOSTED], activeId: LOCAL_CONNECTION.id }),
    'history.list': () => ({ enabled: true, entries: [], total }),
    'history.clear': () => {
      const removed = total;
      total = 0;
      return { removed };
    },
    'languages.pairs': () => ({
      pairs: [
        { source: 'EN', target: 'ES' },
        { source: 'EN', target: 'CA' },
        { source: 'ES', target: 'EN-GB' },
      ],
    }),
    ...overrides,
  });
}

const translateSection = async () => within((await screen.findByRole('heading', { name: 'Translate' })).closest('section')!);

describe('Settings → Translate', () => {
  it('saves the second language and the history choices in main', async () => {
    const user = userEvent.setup();
    const app = render();
    const s = await translateSection();
    const second = await s.findByLabelText('Second language');
    await waitFor(() => expect(within(second).getAllByRole('option').length).toBeGreaterThan(2));
    await user.selectOptions(second, 'FR');
    await waitFor(() => expect(app.callsOf('translatePrefs.update')).toContainEqual({ secondLanguage: 'FR' }));
    expect((second as HTMLSelectElement).value).toBe('FR');
    await user.selectOptions(second, '');
    await waitFor(() => expect(app.callsOf('translatePrefs.update')).toContainEqual({ secondLanguage: null }));

    const history = s.getByLabelText('Keep a history of translations on this computer') as HTMLInputElement;
    expect(history.checked).toBe(false);
    await user.click(history);
    await waitFor(() => expect(app.callsOf('translatePrefs.update')).toContainEqual({ historyEnabled: true }));
    await waitFor(() => expect(history.checked).toBe(true));

    const cap = s.getByLabelText('Translations kept at most');
    await user.clear(cap);
    await user.type(cap, '5{Enter}');
    expect(s.getByText('Use a whole number from 10 to 10,000.')).toBeTruthy();
    expect(app.callsOf('translatePrefs.update').some((c) => 'historyMaxEntries' in c)).toBe(false);
    await user.clear(cap);
    await user.type(cap, '50{Enter}');
    await waitFor(() => expect(app.callsOf('translatePrefs.update')).toContainEqual({ historyMaxEntries: 50 }));
  });

  it('deletes the whole history only after the question is answered', async () => {
    const user = userEvent.setup();
    const app = render({}, { historyEnabled: true });
    const s = await translateSection();
    expect(await s.findByText('3 translations kept')).toBeTruthy();
    await user.click(s.getByRole('button', { name: 'Delete all' }));
    expect(s.getByText('Delete all 3 translations from the history? This cannot be undone.')).toBeTruthy();
    await user.click(s.getByRole('button', { name: 'Cancel' }));
    expect(app.callsOf('history.clear')).toHaveLength(0);
    await user.click(s.getByRole('button', { name: 'Delete all' }));
    await user.click(within(s.getByRole('group', { name: 'Delete all' })).getByRole('button', { name: 'Delete all' }));
    await waitFor(() => expect(app.callsOf('history.clear')).toHaveLength(1));
    expect(await s.findByText('No translations kept')).toBeTruthy();
  });

  it('lists the languages remembered for each connection and forgets one on request', async () => {
    const user = userEvent.setup();
    const app = render({}, {
      perConnection: {
        [LOCAL_CONNECTION.id]: { sourceLang: 'EN', targetLang: 'ES' },
        [HOSTED.id]: { sourceLang: '', targetLang: 'DE' },
      },
    });
    const s = await translateSection();
    expect(await s.findByText(`${LOCAL_CONNECTION.name}: English → Spanish`)).toBeTruthy();
    expect(s.getByText('Agency account: Detect language → German')).toBeTruthy();
    await user.click(s.getByRole('button', { name: 'Forget the languages remembered for Agency account' }));
    await waitFor(() => expect(app.callsOf('translatePrefs.update')).toContainEqual({ forget: HOSTED.id }));
    await waitFor(() => expect(s.queryByText(/Agency account:/)).toBeNull());
    expect(s.getByText(`${LOCAL_CONNECTION.name}: English → Spanish`)).toBeTruthy();
  });
});

describe('Settings → Local engine', () => {
  it('names the engines that run and the pairs they translate, grouped by source', async () => {
    const app = render();
    const section = within((await screen.findByRole('heading', { name: 'Local engine' })).closest('section')!);
    expect(await section.findByText('Running with Apertium.')).toBeTruthy();
    expect(await section.findByText('3 language pairs')).toBeTruthy();
    expect(section.getByText('English → Spanish and Catalan')).toBeTruthy();
    expect(section.getByText('Spanish → British English')).toBeTruthy();
    // Asked of the local connection, whichever is active.
    expect(app.callsOf('languages.pairs')).toContainEqual({ connectionId: LOCAL_CONNECTION.id });
    expect(section.queryByText(/no engine/i)).toBeNull();
  });

  it('says when no translation engine is installed', async () => {
    render({ 'localService.status': () => ({ state: 'ready', engines: [], proUrl: 'http://127.0.0.1:5000' }) });
    expect(await screen.findByText(/no translation engine is installed/)).toBeTruthy();
  });
});

describe('Settings → Check an admin key', () => {
  const section = async () => within((await screen.findByRole('heading', { name: 'Check an admin key' })).closest('section')!);

  it('says a refused key is not an admin key (or the interface is off), and keeps nothing', async () => {
    const user = userEvent.setup();
    const app = render({
      'connections.list': () => ({ connections: [LOCAL_CONNECTION, HOSTED], activeId: HOSTED.id }),
      'credentials.setAdminKey': () =>
        ipcFail('auth_failed', 'The service refused the admin key (403). The service said: "forbidden".', { status: 403 }),
    });
    const s = await section();
    await user.type(await s.findByLabelText('Admin key for Agency account'), 'developer-key-1234');
    await user.click(s.getByRole('button', { name: 'Check and save the admin key' }));
    expect(await s.findByText(/This is not an admin key, or the admin interface is off for the account/)).toBeTruthy();
    expect(app.callsOf('credentials.setAdminKey')).toEqual([
      { connectionId: HOSTED.id, adminKey: 'developer-key-1234', persistence: 'persist' },
    ]);
    // The service's words stay behind Details.
    expect(s.getByText(/refused the admin key \(403\)/).closest('details')).not.toBeNull();
  });

  it('says the key works and where it is kept', async () => {
    const user = userEvent.setup();
    const app = render({
      'connections.list': () => ({ connections: [LOCAL_CONNECTION, HOSTED], activeId: HOSTED.id }),
      'credentials.setAdminKey': () => ({ configured: true, persisted: true }),
    });
    const s = await section();
    await user.type(await s.findByLabelText('Admin key for Agency account'), 'admin-key-5678');
    await user.click(s.getByRole('button', { name: 'Check and save the admin key' }));
    expect(await s.findByText(/The admin key works and is saved\. Saved keys are encrypted/)).toBeTruthy();
    expect((s.getByLabelText('Admin key for Agency account') as HTMLInputElement).value).toBe('');

    expect(app.callsOf('credentials.setAdminKey')).toHaveLength(1);
  });

  it('keeps the focus while the key is checked, then puts it on what happened, never on the page', async () => {
    // The button was disabled while checking and again once the field was cleared: a disabled button drops the
    // focus to <body> in Chromium (seen on Keys on a Brazilian tour; the same form here).
    const user = userEvent.setup();
    let answer: (v: { configured: boolean; persisted: boolean }) => void = () => undefined;
    render({
      'connections.list': () => ({ connections: [LOCAL_CONNECTION, HOSTED], activeId: HOSTED.id }),
      'credentials.setAdminKey': () => new Promise<{ configured: boolean; persisted: boolean }>((resolve) => (answer = resolve)),
    });
    const s = await section();
    await user.type(await s.findByLabelText('Admin key for Agency account'), 'admin-key-5678');
    const button = s.getByRole('button', { name: 'Check and save the admin key' }) as HTMLButtonElement;
    await user.click(button);
    expect(await s.findByText(/Checking/)).toBeTruthy();
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    answer({ configured: true, persisted: true });
    const saved = await s.findByText(/The admin key works and is saved/);
    await waitFor(() => expect(document.activeElement).toBe(saved));
  });

  it('asks nothing for the local engine, which keeps its own keys in its keys.json', async () => {
    render();
    const s = await section();
    expect(await s.findByText(/keeps its own admin key in its keys\.json file/)).toBeTruthy();
    expect(s.queryByLabelText(/Admin key for/)).toBeNull();
  });

  it('says the key is kept for this session only where there is no key store', async () => {
    const user = userEvent.setup();
    const app = render({
      'connections.list': () => ({ connections: [HOSTED], activeId: HOSTED.id }),
      'credentials.status': () => ({ backend: 'basic_text', canPersist: false, connections: [] }),
      'credentials.setAdminKey': () => ({ configured: true, persisted: false }),
    });
    const s = await section();
    expect(await s.findByText(/kept only until Verso quits/)).toBeTruthy();
    await user.type(s.getByLabelText('Admin key for Agency account'), 'admin-key-5678');
    await user.click(s.getByRole('button', { name: 'Check and save the admin key' }));
    await waitFor(() => expect(app.callsOf('credentials.setAdminKey')[0]?.persistence).toBe('session'));
    expect(await s.findByText(/The admin key works and is saved\. This computer has no key store/)).toBeTruthy();
  });
});
