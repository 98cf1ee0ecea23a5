// @vitest-environment happy-dom
/**
 * Component tests (renderer, happy-dom): the Keys screen with a fake main. Without an admin key it explains and
 * offers to add one; deactivation stays disabled until the label is typed; creation is off at 25 active keys.
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeveloperKeyView } from '../../../shared/ipc/contract-admin-keys.js';
import { useUiStore } from '../../state/ui-store.js';
import { renderApp, resetRenderer } from '../../test-utils/scenario.js';
import { filterKeys } from './KeysTable.js';
import { parseLimit } from './KeysPage.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'keys' });
});
afterEach(() => cleanup());

const key = (i: number, extra: Partial<DeveloperKeyView> = {}): DeveloperKeyView => ({
  keyId: `k${i}`,
  label: `Key ${i}`,
  creationTime: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
  isDeactivated: false,
  characterLimit: null,
  ...extra,
});
const access = { connectionId: 'c-local', connectionName: 'Local engine', configured: true, local: false };

describe('Keys screen', () => {
  it('explains admin keys and sends one to main to be checked', async () => {
    const app = renderApp({ 'adminKeys.access': () => ({ ...access, configured: false }), 'adminKeys.setAdminKey': () => access, 'adminKeys.list': () => [], 'adminKeys.audit': () => [] });
    expect(await screen.findByRole('heading', { name: 'An admin key is needed' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Admin key'), 'admin-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Check and save' }));
    expect(await screen.findByText('0 of 25 active')).toBeTruthy();
    expect(app.callsOf('adminKeys.setAdminKey')).toEqual([{ adminKey: 'admin-secret', persistence: 'persist' }]);
  });

  it('deactivates only after the label is typed', async () => {
    const app = renderApp({ 'adminKeys.access': () => access, 'adminKeys.list': () => [key(1, { label: 'Build' })], 'adminKeys.audit': () => [], 'adminKeys.deactivate': ({ keyId }) => key(1, { keyId, isDeactivated: true }) });
    await screen.findByText('1 of 25 active');
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Build' }));
    const submit = screen.getByRole('button', { name: 'Deactivate' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText(/Type the key's label/), 'Buil');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText(/Type the key's label/), 'd');
    await userEvent.click(submit);
    expect(app.callsOf('adminKeys.deactivate')).toEqual([{ keyId: 'k1' }]);
  });

  it('turns Create off at 25 active keys and says why', async () => {
    renderApp({ 'adminKeys.access': () => access, 'adminKeys.list': () => Array.from({ length: 26 }, (_, i) => key(i, { isDeactivated: i === 0 })), 'adminKeys.audit': () => [] });
    expect(await screen.findByText('25 of 25 active')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create key' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/deactivate one before creating another/)).toBeTruthy();
  });
});

describe('helpers', () => {
  it('reads limits typed with any thousands separator', () => {
    expect(parseLimit('1,000,000')).toBe(1_000_000);
    expect(parseLimit('1 000 000')).toBe(1_000_000);
    expect(parseLimit('1.000.000')).toBe(1_000_000);
    expect(parseLimit('abc')).toBeNull();
  });

  it('filters by text and status and sorts', () => {
    const keys = [key(1, { label: 'b prod' }), key(2, { label: 'a prod', isDeactivated: true }), key(3, { label: 'c dev', characterLimit: 5 })];
    expect(filterKeys(keys, 'PROD', 'all', 'label').map((k) => k.label)).toEqual(['a prod', 'b prod']);
    expect(filterKeys(keys, '', 'active', 'newest').map((k) => k.keyId)).toEqual(['k3', 'k1']);
    expect(filterKeys(keys, '', 'all', 'limit').map((k) => k.keyId)[0]).toBe('k3');
  });
});
