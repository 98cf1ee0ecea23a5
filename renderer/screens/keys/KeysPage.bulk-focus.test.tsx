// @vitest-environment happy-dom
/**
 * Component tests (renderer, happy-dom), from a Brazilian admin's tour at 900×700: the bulk bar (what to do with the
 * selected keys) sat above the table, out of view once a key lower in the list was selected ("nothing happens"), and
 * pushed the rows down when it appeared; it now follows the table and sticks to the bottom of the screen while the
 * rows go by. The focus went to <body> after saving the admin key, after Remember (which key a connection uses) and
 * after a Refresh while the service was down; it now lands on what was done, or stays on the control pressed.
 */
// A test reads the style sheet it checks (happy-dom applies none, and Vitest serves a .css import as empty text).
// eslint-disable-next-line no-restricted-imports
import { readFileSync } from 'node:fs';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ipcFail } from '../../test-utils/fake-api.js';
import { LOCAL_CONNECTION, resetRenderer } from '../../test-utils/scenario.js';
import { useUiStore } from '../../state/ui-store.js';
import { access, key, keysApp, listing, LOCAL, plain } from './keys-test-kit.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'keys' });
});
afterEach(cleanup);

/** The `.keys-bulk` rule of keys.css (happy-dom applies no style sheet: the rule itself is checked). */
function bulkRule(): string {
  const here = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '')).replace(/[^/]*$/, '');
  const css = readFileSync(`${here}keys.css`, 'utf8');
  return /\n\.keys-bulk \{([^}]*)\}/.exec(css)?.[1] ?? '';
}

describe('the bulk bar stays in view', () => {
  it('appears after the key table, sticky to the bottom of the screen, moving nothing above the rows', async () => {
    keysApp(() => Array.from({ length: 12 }, (_, i) => key(i + 1)));
    const table = await screen.findByRole('table', { name: 'Developer keys' });
    const screenEl = table.closest<HTMLElement>('.screen')!;
    const before = [...screenEl.children].slice(0, [...screenEl.children].indexOf(table));
    // A key low in the list.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Key 1' }));
    const bar = screen.getByRole('group', { name: 'Selected keys' });
    // Under the rows: where the admin is looking when the screen is scrolled down, and out of their way at the end.
    expect(table.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(bar.parentElement).toBe(screenEl);
    // Nothing appeared above the table (its rows did not move under the pointer).
    expect([...screenEl.children].slice(0, [...screenEl.children].indexOf(table))).toEqual(before);
    const rule = bulkRule();
    expect(rule).toMatch(/position: sticky;/);
    expect(rule).toMatch(/inset-block-end:/);
    expect(within(bar).getByText('1 key selected')).toBeTruthy();
  });
});

describe('the focus after a Keys action', () => {
  it('goes to "saved" once the admin key is checked and saved (the form that had it is gone)', async () => {
    let configured = false;
    keysApp(() => [key(1, { label: 'Build' })], {
      'adminKeys.access': () => ({ ...access, configured }),
      'connections.list': () => ({ connections: [LOCAL_CONNECTION], activeId: LOCAL_CONNECTION.id }),
      'adminKeys.setAdminKey': () => {
        configured = true;
        return { ...access, configured };
      },
    });
    await userEvent.type(await screen.findByLabelText('Admin key'), 'admin-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Check and save' }));
    await screen.findByRole('button', { name: 'Build' });
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(plain(document.activeElement?.textContent)).toBe('The admin key works and is saved.');
    expect(document.activeElement?.getAttribute('role')).toBe('status');
  });

  it('keeps the focus on "Check and save" while the key is checked, and there when it is refused', async () => {
    let refuse = () => {};
    keysApp(() => [], {
      'adminKeys.access': () => ({ ...access, configured: false }),
      'adminKeys.setAdminKey': () =>
        new Promise<never>((_, reject) => {
          refuse = () => reject(new Error('refused'));
        }).catch(() => ipcFail('auth_failed', 'Forbidden', { status: 403 })),
    });
    await userEvent.type(await screen.findByLabelText('Admin key'), 'not-an-admin-key');
    await userEvent.click(screen.getByRole('button', { name: 'Check and save' }));
    // Being checked: busy, not disabled (a disabled button drops the focus to <body>).
    const busy = await screen.findByRole('button', { name: 'Checking…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(busy.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(busy);
    refuse();
    await screen.findByRole('alert');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check and save' }));
  });

  it('goes to what Remember did once the question is answered and gone', async () => {
    let unidentified = [{ id: 'c-team', name: 'Team' }];
    const app = keysApp(() => [key(1, { label: 'Build' })], {
      'adminKeys.list': ({ connectionId }) => listing(connectionId, [key(1, { label: 'Build' })], unidentified),
      'adminKeys.linkConnection': ({ connectionId }) => {
        unidentified = [];
        return listing(connectionId, [key(1, { label: 'Build', usedBy: [{ id: 'c-team', name: 'Team', local: false }] })], []);
      },
    });
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: /Which key does/ }), 'k1');
    await userEvent.click(screen.getByRole('button', { name: 'Remember' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remember' })).toBeNull());
    expect(app.callsOf('adminKeys.linkConnection')).toEqual([{ connectionId: LOCAL.id, keyId: 'k1', usedBy: 'c-team' }]);
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(plain(document.activeElement?.textContent)).toBe('Remembered: Team translates with Build.');
    expect(document.activeElement?.getAttribute('role')).toBe('status');
  });

  it('stays on Refresh while it reads the list and after the service did not answer', async () => {
    const app = keysApp(() => [key(1, { label: 'Build' })]);
    await screen.findByRole('button', { name: 'Build' });
    let fail = () => {};
    app.handlers['adminKeys.list'] = () =>
      new Promise<never>((_, reject) => {
        fail = () => reject(new Error('down'));
      }).catch(() => ipcFail('service_unavailable', 'The service is down.'));
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    refresh.focus();
    await userEvent.keyboard('{Enter}');
    // While it reads, the button says it is busy without being disabled (a disabled button drops the focus).
    await waitFor(() => expect(refresh.getAttribute('aria-disabled')).toBe('true'));
    expect(refresh.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(refresh);
    fail();
    await screen.findByRole('alert');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Refresh' }));
    // The list read before is still there, and Refresh works again.
    expect(screen.getByRole('button', { name: 'Build' })).toBeTruthy();
    await waitFor(() => expect(refresh.getAttribute('aria-disabled')).toBeNull());
  });
});
