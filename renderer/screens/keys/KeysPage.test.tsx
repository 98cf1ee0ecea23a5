// @vitest-environment happy-dom
/**
 * Component tests (renderer, happy-dom): the Keys screen with a fake main. Without an admin key it explains and
 * offers to add one; it follows the active connection at once and every call names the connection shown; a refusal
 * because the connection changed is said as such; keys Verso uses are named and need one more confirmation before
 * deactivation or blocking; bulk deactivation lists every key (hidden ones marked) and the selection follows the
 * filter; the limit field refuses what is not a number in the UI language; the change log is formatted; a new key's
 * secret can be saved for this session only and is not dropped without a warning; the create and limit panels are
 * built from the app's own fields and buttons.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, DeveloperKeyView } from '../../../shared/ipc/contract-admin-keys.js';
import type { ConnectionView } from '../../../shared/ipc/contract.js';
import { ipcFail } from '../../test-utils/fake-api.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer, settings } from '../../test-utils/scenario.js';
import { useUiStore } from '../../state/ui-store.js';
import { key, listing, LOCAL } from './keys-test-kit.js';
import { filterKeys } from './KeysTable.js';
import { parseLimitText } from '../../lib/whole-number.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'keys' });
});
afterEach(() => cleanup());

const TEAM: ConnectionView = { ...LOCAL_CONNECTION, id: 'c-team', name: 'Team account', kind: 'hosted', adminKey: { configured: true, persisted: true } };
const access = (c: ConnectionView) => ({ connectionId: c.id, connectionName: c.name, configured: c.adminKey.configured, local: c.kind === 'local' });

/** A fake main with two connections; `state.active` is what main considers active. */
function twoConnections(keysOf: Record<string, DeveloperKeyView[]>) {
  const state = { active: LOCAL.id };
  const conns = () => ({ connections: [LOCAL, TEAM], activeId: state.active });
  const app = renderApp({
    'connections.list': conns,
    'adminKeys.access': () => access(state.active === LOCAL.id ? LOCAL : TEAM),
    'adminKeys.list': ({ connectionId }) => listing(connectionId, keysOf[connectionId] ?? []),
    'adminKeys.audit': () => [],
  });
  const switchTo = (id: string) => {
    state.active = id;
    act(() => app.emit('connections.changed', conns()));
  };
  return { app, switchTo };
}

describe('Keys screen', () => {
  it('explains admin keys and sends one to main to be checked', async () => {
    let configured = false;
    const app = renderApp({
      'adminKeys.access': () => ({ ...access(LOCAL_CONNECTION), configured }),
      'adminKeys.setAdminKey': () => {
        configured = true;
        return access(LOCAL);
      },
      'adminKeys.list': ({ connectionId }) => listing(connectionId, []),
      'adminKeys.audit': () => [],
    });
    expect(await screen.findByRole('heading', { name: 'An admin key is needed' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Admin key'), 'admin-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Check and save' }));
    expect(await screen.findByText('0 of 25 active')).toBeTruthy();
    expect(app.callsOf('adminKeys.setAdminKey')).toEqual([{ adminKey: 'admin-secret', persistence: 'persist' }]);
  });

  it('follows the active connection at once: title, table and the connection each call names', async () => {
    const { app, switchTo } = twoConnections({ [LOCAL.id]: [key(1, { label: 'Local only' })], [TEAM.id]: [key(2, { label: 'Team build', characterLimit: 5000 })] });
    expect(await screen.findByRole('button', { name: 'Local only' })).toBeTruthy();
    expect(screen.getByText(/Connection:/).textContent).toContain('Local engine');
    switchTo(TEAM.id);
    expect(await screen.findByRole('button', { name: 'Team build' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Local only' })).toBeNull();
    expect(screen.getByText(/Connection:/).textContent).toContain('Team account');
    app.handlers['adminKeys.setLimit'] = ({ keyId, characters }) => key(2, { keyId, characterLimit: characters });
    await userEvent.click(screen.getByRole('button', { name: 'Set the limit of Team build' }));
    await userEvent.click(screen.getByRole('radio', { name: /^no limit/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(app.callsOf('adminKeys.setLimit')).toEqual([{ connectionId: TEAM.id, keyId: 'k2', characters: null }]);
    expect(app.callsOf('adminKeys.list').map((c) => c.connectionId)).toContain(TEAM.id);
  });

  it("shows the local engine's own keys under names in the UI language, another account's as stored", async () => {
    const state = { active: LOCAL.id };
    const renamed: AuditEntry = {
      at: '2026-11-20T10:00:00.000Z',
      connectionId: LOCAL.id,
      connectionName: 'This computer (offline)',
      action: 'rename',
      keyId: 'k2',
      label: 'CI build',
      before: 'Local Free key',
      after: 'CI build',
    };
    const app = renderApp({
      'settings.get': () => settings({ uiLanguage: 'de' }),
      'connections.list': () => ({ connections: [LOCAL, TEAM], activeId: state.active }),
      'adminKeys.access': () => access(state.active === LOCAL.id ? LOCAL : TEAM),
      'adminKeys.list': ({ connectionId }) =>
        listing(connectionId, [key(1, { label: 'Local Pro key' }), key(2, { label: 'CI build' })]),
      'adminKeys.audit': () => [renamed],
    });
    expect(await screen.findByRole('button', { name: 'Lokaler Pro-Schlüssel' })).toBeTruthy();
    const log = await screen.findByRole('region', { name: 'Mit Verso vorgenommene Änderungen' });
    await within(log).findByText('Dieser Computer (offline)');
    expect(log.textContent).toContain('Dieser Computer (offline)');
    expect(log.textContent).toContain('Lokaler Free-Schlüssel');
    expect(log.textContent).not.toContain('Local Free key');
    // Opened and left unchanged, the name is not sent (it is not the stored one).
    await userEvent.click(screen.getByRole('button', { name: 'Lokaler Pro-Schlüssel' }));
    await userEvent.type(screen.getByLabelText('Neue Bezeichnung für Lokaler Pro-Schlüssel'), '{Enter}');
    expect(app.callsOf('adminKeys.rename')).toEqual([]);
    // Another account's key that happens to carry the same label is its admin's name, shown as stored.
    state.active = TEAM.id;
    act(() => app.emit('connections.changed', { connections: [LOCAL, TEAM], activeId: TEAM.id }));
    expect(await screen.findByRole('button', { name: 'Local Pro key' })).toBeTruthy();
  });

  it('sends a rename once: the blur of the field as Enter or Escape takes it away sends nothing more', async () => {
    const app = renderApp({
      'connections.list': () => ({ connections: [LOCAL], activeId: LOCAL.id }),
      'adminKeys.access': () => access(LOCAL),
      'adminKeys.list': ({ connectionId }) => listing(connectionId, [key(1, { label: 'Build' })]),
      'adminKeys.audit': () => [],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Build' }));
    let field = screen.getByLabelText('New label for Build');
    await userEvent.type(field, ' server{Enter}');
    // Chromium blurs a focused field as it is removed, and the runtime still calls the removed field's onBlur.
    fireEvent.blur(field);
    await waitFor(() => expect(app.callsOf('adminKeys.rename')).toHaveLength(1));
    expect(app.callsOf('adminKeys.rename')).toEqual([{ connectionId: LOCAL.id, keyId: 'k1', label: 'Build server' }]);
    // Escape drops the edit, and the blur as the field goes does not send it.
    await userEvent.click(await screen.findByRole('button', { name: 'Build' }));
    field = screen.getByLabelText('New label for Build');
    await userEvent.type(field, ' robot{Escape}');
    fireEvent.blur(field);
    await screen.findByRole('button', { name: 'Build' });
    expect(app.callsOf('adminKeys.rename')).toHaveLength(1);
  });

  it('says that the connection changed, or that it has no admin key, in the UI language', async () => {
    const app = renderApp({
      'connections.list': () => ({ connections: [LOCAL], activeId: LOCAL.id }),
      'adminKeys.access': () => access(LOCAL),
      'adminKeys.list': ({ connectionId }) => listing(connectionId, [key(1, { label: 'Build' })]),
      'adminKeys.audit': () => [],
      'adminKeys.rename': () => ipcFail('conflict', 'The active connection changed since the Keys screen showed these keys; nothing was sent.'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Build' }));
    await userEvent.type(screen.getByLabelText('New label for Build'), ' server{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('The active connection changed while this screen showed another one');
    expect(app.callsOf('adminKeys.rename')).toEqual([{ connectionId: LOCAL.id, keyId: 'k1', label: 'Build server' }]);
    app.handlers['adminKeys.list'] = () => ipcFail('auth_failed', 'No admin key is set for this connection.');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const refused = (await screen.findByText(/No admin key for this connection/)).closest('[role="alert"]') as HTMLElement;
    expect(within(refused).getByText(/Technical details/)).toBeTruthy();
  });

  it('names the connection that uses a key, and asks once more before deactivating or blocking it', async () => {
    const used = key(1, { label: 'Verso desktop', usedBy: [{ id: 'c-team', name: 'Team account', local: false }] });
    const app = renderApp({
      'adminKeys.access': () => access(LOCAL),
      'connections.list': () => ({ connections: [LOCAL], activeId: LOCAL.id }),
      'adminKeys.list': ({ connectionId }) => listing(connectionId, [used, key(2, { label: 'Other' })]),
      'adminKeys.audit': () => [],
      'adminKeys.deactivate': ({ keyId }) => key(1, { keyId, isDeactivated: true }),
    });
    const row = (await screen.findByRole('button', { name: 'Verso desktop' })).closest('[role="row"]') as HTMLElement;
    expect(row.querySelector('.keys-used-by strong')?.textContent).toContain('Team account');
    await userEvent.click(within(row).getByRole('button', { name: 'Deactivate Verso desktop' }));
    expect(screen.getByText(/which will stop working/).textContent).toContain('Team account');
    await userEvent.type(screen.getByLabelText(/Type the key's label/), 'Verso desktop');
    const submit = screen.getByRole('button', { name: 'Deactivate' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: /I understand that this affects/ }));
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    expect(app.callsOf('adminKeys.deactivate')).toEqual([{ connectionId: LOCAL.id, keyId: 'k1' }]);

    // Blocking (limit 0) asks the same.
    await userEvent.click(await screen.findByRole('button', { name: 'Set the limit of Verso desktop' }));
    await userEvent.click(screen.getByRole('radio', { name: /^Block/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Yes, block it' }));
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: /I understand that this affects/ }));
    expect(apply.disabled).toBe(false);
  });

  it('lists every key a bulk deactivation reaches, hidden ones marked, and the selection follows the filter', async () => {
    renderApp({
      'adminKeys.access': () => access(LOCAL),
      'connections.list': () => ({ connections: [LOCAL], activeId: LOCAL.id }),
      'adminKeys.list': ({ connectionId }) => listing(connectionId, [key(1, { label: 'prod a' }), key(2, { label: 'prod b' }), key(3, { label: 'dev c' })]),
      'adminKeys.audit': () => [],
    });
    await userEvent.click(await screen.findByLabelText('Select every active key shown'));
    expect(screen.getByText('3 keys selected')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Search'), 'prod');
    expect(await screen.findByText('2 keys selected')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate…' }));
    const list = screen.getByRole('list', { name: 'These keys will be deactivated:' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['prod a', 'prod b']);
    // The search changes while the panel is open: a key it now hides is marked as hidden.
    await userEvent.clear(screen.getByLabelText('Search'));
    await userEvent.type(screen.getByLabelText('Search'), 'prod a');
    expect(await within(list).findByText(/prod b.*hidden by the search or filter/)).toBeTruthy();
  });

  it('refuses a limit that is not a whole number in the UI language, with the reason under the field', async () => {
    const app = renderApp({
      'adminKeys.access': () => access(LOCAL),
      'connections.list': () => ({ connections: [LOCAL], activeId: LOCAL.id }),
      'adminKeys.list': ({ connectionId }) => listing(connectionId, [key(1, { label: 'Build' })]),
      'adminKeys.audit': () => [],
      'adminKeys.setLimit': ({ keyId, characters }) => key(1, { keyId, characterLimit: characters }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Set the limit of Build' }));
    await userEvent.click(screen.getByRole('radio', { name: 'A number of characters' }));
    const field = screen.getByLabelText('Characters per period');
    // The button as the user finds it each time (the runtime may draw it anew as the panel's text above it changes).
    const apply = () => screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    for (const [typed, reason] of [
      ['1,5 Mio', /Type only digits/],
      ['-3', /Type only digits/],
      ['5.000,5', /whole number/],
      ['5.000', /whole number/],
    ] as const) {
      await userEvent.clear(field);
      await userEvent.type(field, typed);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toMatch(reason);
      expect(apply().disabled).toBe(true);
    }
    await userEvent.clear(field);
    await userEvent.type(field, '5,000');
    expect(apply().disabled).toBe(false);
    await userEvent.click(apply());
    expect(app.callsOf('adminKeys.setLimit')).toEqual([{ connectionId: LOCAL.id, keyId: 'k1', characters: 5000 }]);
  });

  it('writes the change log like the rest of the UI, each value isolated', async () => {
    const at = '2026-11-28T07:11:22.613Z';
    const entries: AuditEntry[] = [
      { at, connectionId: 'c', connectionName: 'Team', action: 'limit', keyId: 'k1', label: 'Build', before: 'no limit', after: '5000' },
      { at, connectionId: 'c', connectionName: 'Team', action: 'deactivate', keyId: 'k1', label: 'Build', before: 'active', after: at },
    ];
    renderApp({
      'adminKeys.access': () => access(LOCAL),
      'connections.list': () => ({ connections: [LOCAL], activeId: LOCAL.id }),
      'adminKeys.list': ({ connectionId }) => listing(connectionId, []),
      'adminKeys.audit': () => entries,
    });
    const table = within(await screen.findByRole('region', { name: 'Changes made with Verso' }));
    const cells = (await table.findAllByRole('row')).slice(1).map((r) => r.lastElementChild!.textContent);
    expect(cells[1]).toBe('\u2068no limit\u2069 → \u20685,000\u2069');
    expect(cells[0]).toMatch(/^\u2068Active\u2069 → \u2068Deactivated .*2026.*\u2069$/);
    expect(cells.join()).not.toContain(at);
  });

  it('offers "this session only" for a new key and warns before its undelivered secret is dropped', async () => {
    const app = renderApp({
      'adminKeys.access': () => access(TEAM),
      'connections.list': () => ({ connections: [TEAM], activeId: TEAM.id }),
      'credentials.status': () => ({ backend: 'none', canPersist: false, connections: [] }),
      'adminKeys.list': ({ connectionId }) => listing(connectionId, []),
      'adminKeys.audit': () => [],
      'adminKeys.create': () => ({ ...key(5, { label: 'CI' }), secretHeld: true }),
      'adminKeys.copyNewKey': () => ({ copied: false }),
      'adminKeys.saveNewKeyAsConnection': ({ name }) => ({ ...TEAM, id: 'c-ci', name }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(/cannot be shown again/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await screen.findByText(/clipboard could not be reached/)).toBeTruthy();
    expect(screen.getByText(/kept for this session only/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByText(/neither copied nor saved/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save as a connection' }));
    expect(await screen.findByText(/Saved as the connection/)).toBeTruthy();
    expect(app.callsOf('adminKeys.saveNewKeyAsConnection')).toEqual([{ keyId: 'k5', name: 'CI', persistence: 'session' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('builds the create and limit panels from the app\'s own fields and buttons', async () => {
    /** Every control of a panel looks like the rest of the app: `.btn` buttons, text fields the app's input styles
     * reach (typed, in a `.field` under a `.field-label` label), check boxes and radios in a `.check` label. */
    const expectAppControls = (panel: HTMLElement) => {
      const buttons = [...panel.querySelectorAll('button')];
      expect(buttons.length).toBeGreaterThan(0);
      for (const b of buttons) expect({ button: b.textContent, classes: [...b.classList] }).toEqual({ button: b.textContent, classes: expect.arrayContaining(['btn']) });
      for (const input of panel.querySelectorAll('input')) {
        if (input.type === 'checkbox' || input.type === 'radio') {
          expect(input.closest('label')?.classList.contains('check')).toBe(true);
          continue;
        }
        expect(input.getAttribute('type')).toBe('text');
        const field = input.closest('.field');
        expect(field).not.toBeNull();
        expect(field!.querySelector(`label.field-label[for="${input.id}"]`)).not.toBeNull();
      }
    };
    renderApp({
      'adminKeys.access': () => access(LOCAL),
      'connections.list': () => ({ connections: [LOCAL], activeId: LOCAL.id }),
      'adminKeys.list': ({ connectionId }) => listing(connectionId, [key(1, { label: 'Build' })]),
      'adminKeys.audit': () => [],
      'adminKeys.create': () => ({ ...key(5, { label: 'CI' }), secretHeld: true }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    const create = screen.getByRole('dialog');
    expect(create.querySelectorAll('input[type="text"]').length).toBe(1);
    expectAppControls(create);
    await userEvent.click(within(create).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(/cannot be shown again/)).toBeTruthy();
    // The step that delivers the secret: Copy, the connection name, Save, Done.
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Copy key' })).toBeTruthy();
    expectAppControls(screen.getByRole('dialog'));
    // Closing before the secret went anywhere asks first, with the same buttons.
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByText(/neither copied nor saved/)).toBeTruthy();
    expectAppControls(screen.getByRole('dialog'));
    await userEvent.click(screen.getByRole('button', { name: 'Close and lose the secret' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: 'Set the limit of Build' }));
    const limit = screen.getByRole('dialog');
    await userEvent.click(within(limit).getByRole('radio', { name: 'A number of characters' }));
    expect(within(limit).getByLabelText('Characters per period')).toBeTruthy();
    // The presets, Apply and Cancel are all there.
    expect(within(limit).getAllByRole('button').length).toBeGreaterThanOrEqual(3);
    expectAppControls(limit);
    await userEvent.click(within(limit).getByRole('radio', { name: /^Block/ }));
    expectAppControls(screen.getByRole('dialog'));
  });

  it('turns Create off at 25 active keys and says why', async () => {
    renderApp({
      'adminKeys.access': () => access(LOCAL),
      'connections.list': () => ({ connections: [LOCAL], activeId: LOCAL.id }),
      'adminKeys.list': ({ connectionId }) => listing(connectionId, Array.from({ length: 26 }, (_, i) => key(i, { isDeactivated: i === 0 }))),
      'adminKeys.audit': () => [],
    });
    expect(await screen.findByText('25 of 25 active')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create key' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/deactivate one before creating another/)).toBeTruthy();
  });

  it('says where an export was saved with the path isolated, so it keeps its order in a right-to-left UI', async () => {
    const at = '2026-11-28T07:11:22.613Z';
    const user = userEvent.setup();
    renderApp({
      'adminKeys.access': () => access(LOCAL),
      'connections.list': () => ({ connections: [LOCAL], activeId: LOCAL.id }),
      'adminKeys.list': ({ connectionId }) => listing(connectionId, [key(1)]),
      'adminKeys.audit': () => [{ at, connectionId: 'c', connectionName: 'Team', action: 'create', keyId: 'k1', label: 'Build', before: null, after: null }],
      'adminKeys.exportCsv': ({ what }) => ({ path: `/home/anna/verso-${what}.csv` }),
    });
    await user.click(await screen.findByRole('button', { name: 'Export table (CSV)' }));
    expect(await screen.findByText('Saved to \u2068/home/anna/verso-keys.csv\u2069')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Export changes (CSV)' }));
    expect(await screen.findByText('Saved to \u2068/home/anna/verso-audit.csv\u2069')).toBeTruthy();
  });
});

describe('helpers', () => {
  const inLocale = (l: string) => (n: number) => new Intl.NumberFormat(l).format(n);
  it('reads limits as the UI language writes numbers, and refuses anything else', () => {
    expect(parseLimitText('5.000', inLocale('de'))).toEqual({ ok: true, value: 5000 });
    expect(parseLimitText('5,000', inLocale('en'))).toEqual({ ok: true, value: 5000 });
    expect(parseLimitText('5 000', inLocale('fr'))).toEqual({ ok: true, value: 5000 });
    expect(parseLimitText('1.000.000', inLocale('de'))).toEqual({ ok: true, value: 1_000_000 });
    expect(parseLimitText('\u0665\u066c\u0660\u0660\u0660', inLocale('ar-u-nu-arab'))).toEqual({ ok: true, value: 5000 });
    // A Japanese IME types full-width digits and comma (seen on a tour: "１５，０００" was refused as "not digits").
    expect(parseLimitText('１５０００', inLocale('ja'))).toEqual({ ok: true, value: 15_000 });
    expect(parseLimitText('１５，０００', inLocale('ja'))).toEqual({ ok: true, value: 15_000 });
    expect(parseLimitText('１．５', inLocale('ja'))).toEqual({ ok: false, reason: 'fraction' });
    expect(parseLimitText('1,5 Mio', inLocale('de')).ok).toBe(false);
    expect(parseLimitText('5.000,5', inLocale('de'))).toEqual({ ok: false, reason: 'fraction' });
    expect(parseLimitText('-3', inLocale('en'))).toEqual({ ok: false, reason: 'format' });
    expect(parseLimitText('5.000', inLocale('en'))).toEqual({ ok: false, reason: 'fraction' });
    expect(parseLimitText('50,00', inLocale('en'))).toEqual({ ok: false, reason: 'format' });
    expect(parseLimitText('0', inLocale('en'))).toEqual({ ok: false, reason: 'zero' });
  });

  it('filters by text and status and sorts', () => {
    const keys = [key(1, { label: 'b prod' }), key(2, { label: 'a prod', isDeactivated: true }), key(3, { label: 'c dev', characterLimit: 5 })];
    expect(filterKeys(keys, 'PROD', 'all', 'label').map((k) => k.label)).toEqual(['a prod', 'b prod']);
    expect(filterKeys(keys, '', 'active', 'newest').map((k) => k.keyId)).toEqual(['k3', 'k1']);
    expect(filterKeys(keys, '', 'all', 'limit').map((k) => k.keyId)[0]).toBe('k3');
  });

  it('finds a label typed without its accents, as a Brazilian admin types it', () => {
    const keys = [key(1, { label: 'Integração ERP' }), key(2, { label: 'App móvel' }), key(3, { label: 'Site' })];
    expect(filterKeys(keys, 'integracao', 'all', 'label').map((k) => k.label)).toEqual(['Integração ERP']);
    expect(filterKeys(keys, 'APP MOVEL', 'all', 'label').map((k) => k.label)).toEqual(['App móvel']);
    // Full-width forms as before.
    expect(filterKeys(keys, 'ｓｉｔｅ', 'all', 'label').map((k) => k.label)).toEqual(['Site']);
  });
});

describe('the bulk Deactivate and Block words fit several keys', () => {
  // A Brazilian tour: "Desativar 3 chaves … todos os programas que usam a chave param" and "Bloquear (0): a chave não
  // pode mais traduzir" for 3 keys. The English said "the key" too. The words are now true of one key and of many.
  const three = () => [key(1, { label: 'Site' }), key(2, { label: 'App móvel' }), key(3, { label: 'Integração ERP' })];
  for (const [uiLanguage, w] of [
    ['en', { selectAll: 'Select every active key shown', limit: 'Set limit…', deactivate: 'Deactivate…', block: /^Block \(0\)/, singular: /\bthe key\b/ }],
    ['pt-BR', { selectAll: 'Selecionar todas as chaves ativas mostradas', limit: 'Definir limite…', deactivate: 'Desativar…', block: /^Bloquear \(0\)/, singular: /\ba chave\b/ }],
  ] as const) {
    it(`${uiLanguage}: no "the key" in the panels for 3 keys`, async () => {
      renderApp({
        'settings.get': () => settings({ uiLanguage }),
        'adminKeys.access': () => access(LOCAL),
        'connections.list': () => ({ connections: [LOCAL], activeId: LOCAL.id }),
        'adminKeys.list': ({ connectionId }) => listing(connectionId, three()),
        'adminKeys.audit': () => [],
      });
      await userEvent.click(await screen.findByRole('checkbox', { name: w.selectAll }));
      await userEvent.click(screen.getByRole('button', { name: w.limit }));
      const block = within(screen.getByRole('dialog')).getByRole('radio', { name: w.block });
      expect(block.closest('label')!.textContent).not.toMatch(w.singular);
      await userEvent.keyboard('{Escape}');
      await userEvent.click(screen.getByRole('button', { name: w.deactivate }));
      const dialog = screen.getByRole('dialog');
      expect(dialog.textContent).toMatch(/3/);
      expect(dialog.textContent).not.toMatch(w.singular);
    });
  }
});

describe('the Dutch Keys words', () => {
  it('address the user as "je", as the other Dutch catalogs do (no "u" or "uw")', async () => {
    const nl: Record<string, string> = (await import('../../../shared/i18n/nl/keys.json')).default;
    expect(Object.entries(nl).filter(([, m]) => /(^|[\s(])(u|uw|U|Uw)(?=[\s,.:;)!?]|$)/.test(m)).map(([id]) => id)).toEqual([]);
  });
});
