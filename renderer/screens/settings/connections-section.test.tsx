// @vitest-environment happy-dom
/**
 * Component tests of Settings → Connections and the sidebar's connection picker for the local engine: it has no
 * plan and no admin key to add here (main refuses one; the engine keeps its own in keys.json), so neither the
 * picker nor the list says "Pro", no admin-key button is offered, and the item points to the Admin key section.
 * A hosted connection keeps its plan and admin-key buttons.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionView } from '../../../shared/ipc/contract.js';
import { useUiStore } from '../../state/ui-store.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer } from '../../test-utils/scenario.js';

const HOSTED: ConnectionView = {
  ...LOCAL_CONNECTION,
  id: 'c-hosted',
  kind: 'hosted',
  name: 'Agency account',
  tier: 'pro',
  baseUrl: 'https://api.example.test',
  apiKey: { configured: true, persisted: true },
};
// Main reports the local engine with the Pro tier (it answers on the Pro base) and its keys.json admin key as set.
const LOCAL: ConnectionView = { ...LOCAL_CONNECTION, name: 'This computer', adminKey: { configured: true, persisted: true } };

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'settings' });
});
afterEach(cleanup);

describe('Connections for the local engine', () => {
  it('offers no admin key and no plan for the local engine, and points to the Admin key section', async () => {
    renderApp({ 'connections.list': () => ({ connections: [LOCAL, HOSTED], activeId: LOCAL.id }) });
    const local = (await screen.findByText('This computer', { selector: '.conn-name' })).closest('li')!;
    expect(within(local).queryByRole('button', { name: /admin key/i })).toBeNull();
    expect(within(local).queryByText('Pro')).toBeNull();
    expect(within(local).queryByText(/admin key stored encrypted/)).toBeNull();
    expect(within(local).getByText(/keys\.json \(see “Check an admin key” below\)/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Check an admin key' })).toBeTruthy();

    const hosted = screen.getByText('Agency account', { selector: '.conn-name' }).closest('li')!;
    expect(within(hosted).getByRole('button', { name: 'Add admin key' })).toBeTruthy();
    expect(within(hosted).getByText('Pro')).toBeTruthy();

    const picker = screen.getByRole('combobox', { name: 'Connection' }) as HTMLSelectElement;
    const labels = [...picker.options].map((o) => o.textContent);
    expect(labels).toEqual(['This computer — local engine', 'Agency account — hosted, pro']);
    // The closed picker may cut the text in a narrow sidebar: the whole description is its title.
    expect(picker.title).toBe('This computer — local engine');
  });

  it("shows the local engine's own name in the UI language it was not made in, and a name the user typed as typed", async () => {
    // Made on a first run in German, read in English; a second local connection renamed by the user.
    const madeInGerman: ConnectionView = { ...LOCAL, name: 'Dieser Computer (offline)' };
    const renamed: ConnectionView = { ...LOCAL, id: 'c-local-2', name: 'Mein Laptop' };
    renderApp({ 'connections.list': () => ({ connections: [madeInGerman, renamed, HOSTED], activeId: LOCAL.id }) });
    expect(await screen.findByText('This computer (offline)', { selector: '.conn-name' })).toBeTruthy();
    expect(screen.getByText('Mein Laptop', { selector: '.conn-name' })).toBeTruthy();
    expect(screen.queryByText(/Dieser Computer/)).toBeNull();
    const picker = screen.getByRole('combobox', { name: 'Connection' }) as HTMLSelectElement;
    // Verso's own name of the local engine says what it is: no "— local engine" after it (it cut the name in a
    // 900 px sidebar: "Este equipo (sin cone…"); a name the user typed keeps it.
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      'This computer (offline)',
      'Mein Laptop — local engine',
      'Agency account — hosted, pro',
    ]);
    expect(picker.title).toBe('This computer (offline)');
  });

  it('shows the hosted and custom names the add-connection form gave in the current UI language, typed ones as typed', async () => {
    // Added in a German UI with the names the form filled in, read in English; a third named by the user.
    const hostedDe: ConnectionView = { ...HOSTED, id: 'c-h-de', name: 'Gehosteter Dienst' };
    const customDe: ConnectionView = { ...HOSTED, id: 'c-c-de', kind: 'custom', name: 'Eigener Dienst' };
    renderApp({ 'connections.list': () => ({ connections: [LOCAL, hostedDe, customDe, HOSTED], activeId: LOCAL.id }) });
    expect(await screen.findByText('Hosted service', { selector: '.conn-name' })).toBeTruthy();
    expect(screen.getByText('Custom service', { selector: '.conn-name' })).toBeTruthy();
    expect(screen.getByText('Agency account', { selector: '.conn-name' })).toBeTruthy();
    expect(screen.queryByText(/Gehosteter|Eigener/)).toBeNull();
    // In the picker a given name says what it is: only the plan follows it ("Hosted service — hosted, pro" was cut in
    // a 900 px sidebar); a typed name keeps its kind.
    const picker = screen.getByRole('combobox', { name: 'Connection' }) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      'This computer — local engine',
      'Hosted service — pro',
      'Custom service — pro',
      'Agency account — hosted, pro',
    ]);
  });

  it("isolates each connection's address in its details, so a trailing slash stays at its end in a right-to-left UI", async () => {
    const custom: ConnectionView = { ...HOSTED, id: 'c-custom', kind: 'custom', name: 'Proxy', baseUrl: 'http://127.0.0.1:9/v2/' };
    renderApp({ 'connections.list': () => ({ connections: [LOCAL, custom], activeId: LOCAL.id }) });
    const item = (await screen.findByText('Proxy', { selector: '.conn-name' })).closest('li')!;
    expect(item.querySelector('.conn-details')!.textContent).toMatch(/^\u2068http:\/\/127\.0\.0\.1:9\/v2\/\u2069 · /);
    // The local engine's address, in the sentence that names it (Settings → Local engine).
    expect(await screen.findByText('Listening on \u2068http://127.0.0.1:5000\u2069 (this computer only).')).toBeTruthy();
  });
});

describe('Adding a connection in Settings', () => {
  it('says that the new connection is now the active one, and the focus goes to that note', async () => {
    // Main's state: the forms add the connection, then make it active.
    let state = { connections: [LOCAL], activeId: LOCAL.id };
    const added: ConnectionView = { ...HOSTED, id: 'c-new', name: 'Gehosteter Dienst' };
    renderApp({
      'connections.list': () => state,
      'connections.addHosted': () => {
        state = { ...state, connections: [...state.connections, added] };
        return added;
      },
      'connections.setActive': ({ id }) => (state = { ...state, activeId: id as string }),
      'connections.status': () => ({ activeId: state.activeId, state: 'ready' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Hosted key', pressed: false }));
    fireEvent.input(screen.getByLabelText(/^API key/), { target: { value: '0123-key:fx' } });
    fireEvent.submit(screen.getByLabelText(/^API key/).closest('form')!);
    // The name the form gave, in the UI language (not as stored), and where to switch back.
    const note = await screen.findByText(/Hosted service.* was added and is now the active connection/);
    expect(note.textContent).toContain('switch back here or in the sidebar');
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect((screen.getByRole('combobox', { name: 'Connection' }) as HTMLSelectElement).value).toBe('c-new');

    // Once another connection is made active, the note no longer claims it.
    fireEvent.click(within(screen.getByText('This computer', { selector: '.conn-name' }).closest('li')!).getByRole('button', { name: 'Use' }));
    await waitFor(() => expect(screen.queryByText(/was added and is now the active connection/)).toBeNull());
  });
});

