// @vitest-environment happy-dom
/**
 * Component tests (renderer, happy-dom) for what a Japanese admin tour of the Keys screen found (900×700, dark):
 * "select every active key shown" was out of reach in the card layout (it sat in the hidden column heads); a search
 * for "ＭＯＢＩＬＥ" or "ﾏｰｹﾃｨﾝｸﾞ" found nothing, and the typed confirmation of a deactivation refused a label typed
 * with an ordinary space where it has an ideographic one; the "used by Verso" cell of a card had no label; a success
 * line stayed beside a later error and a rename said nothing. What only a browser lays out (the select-all box drawn
 * above the cards, the card labels' full-width colon in Japanese and Chinese) is in e2e/keys-layout.spec.ts.
 */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UI_LOCALES } from '../../../shared/i18n/locales.js';
import { ipcFail } from '../../test-utils/fake-api.js';
import { resetRenderer } from '../../test-utils/scenario.js';
import { useUiStore } from '../../state/ui-store.js';
import { key, keysApp, LOCAL, plain } from './keys-test-kit.js';
import { filterKeys } from './KeysTable.js';
import { confirmText } from './panels.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'keys' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('select every active key shown', () => {
  // In the card layout (900 px) the column heads are hidden but for this one, which shows its words beside the box
  // (keys.css; the browser test e2e/keys-layout.spec.ts sees it drawn and clicks it at 900×700).
  it('is one checkbox labelled by words of its own, in the first column head, and the keyboard selects and clears', async () => {
    keysApp(() => [key(1, { label: 'Build' }), key(2, { label: 'Other' }), key(3, { label: 'Old', isDeactivated: true })]);
    await screen.findByRole('button', { name: 'Build' });
    const all = screen.getAllByRole('checkbox', { name: 'Select every active key shown' });
    expect(all).toHaveLength(1);
    const box = all[0] as HTMLInputElement;
    // Its words are in its label (the card layout shows them), not in an aria-label nobody sees.
    expect(box.getAttribute('aria-label')).toBeNull();
    const label = box.closest('label')!;
    expect(label).not.toBeNull();
    expect(label.querySelector('.keys-select-all-text')?.textContent).toBe('Select every active key shown');
    // The head the card layout keeps (it hides the others: each cell says its column there).
    const head = label.closest<HTMLElement>('[role="columnheader"]')!;
    expect(head.classList.contains('keys-select-all-head')).toBe(true);
    expect(screen.getAllByRole('columnheader').filter((h) => h.classList.contains('keys-select-all-head'))).toEqual([head]);
    // The keyboard: Space on the box selects the two active keys, again clears them.
    box.focus();
    await userEvent.keyboard(' ');
    expect(screen.getByText('2 keys selected')).toBeTruthy();
    expect(box.checked).toBe(true);
    await userEvent.keyboard(' ');
    expect(screen.queryByText(/keys? selected/)).toBeNull();
  });
});

describe('width and space variants', () => {
  const keys = [
    key(1, { label: 'Mobile app (iOS)' }),
    key(2, { label: 'マーケティング（東京）' }),
    key(3, { label: '法務部門\u3000契約書翻訳' }),
    key(4, { label: 'Build' }),
  ];
  it('finds keys whatever the width of what is searched or of the label (NFKC, any case)', () => {
    const found = (q: string) => filterKeys(keys, q, 'all', 'oldest').map((k) => k.label);
    expect(found('ＭＯＢＩＬＥ')).toEqual(['Mobile app (iOS)']);
    expect(found('mobile')).toEqual(['Mobile app (iOS)']);
    expect(found('ﾏｰｹﾃｨﾝｸﾞ')).toEqual(['マーケティング（東京）']);
    expect(found('ティング(東京)')).toEqual(['マーケティング（東京）']);
    expect(found('法務部門 契約書')).toEqual(['法務部門\u3000契約書翻訳']);
    expect(found('ｋ4')).toEqual(['Build']);
    expect(found('ＸＹＺ')).toEqual([]);
  });

  it('finds "ＭＯＢＩＬＥ" and "ﾏｰｹﾃｨﾝｸﾞ" typed in the search field', async () => {
    keysApp(() => keys);
    const search = await screen.findByLabelText('Search');
    await userEvent.type(search, 'ＭＯＢＩＬＥ');
    expect(await screen.findByText('Showing 1 of 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mobile app (iOS)' })).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.type(search, 'ﾏｰｹﾃｨﾝｸﾞ');
    expect(await screen.findByText('Showing 1 of 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'マーケティング（東京）' })).toBeTruthy();
  });

  it('compares the typed confirmation with width and white space forgiven, and nothing else', () => {
    const label = '法務部門\u3000契約書翻訳';
    const same = (typed: string) => confirmText(typed) === confirmText(label);
    expect(same('法務部門 契約書翻訳')).toBe(true);
    expect(same(' 法務部門\u3000\u3000契約書翻訳 ')).toBe(true);
    expect(same('法務部門契約書翻訳')).toBe(false);
    expect(same('法務部門 契約書')).toBe(false);
    expect(confirmText('Mobile app') === confirmText('ｍｏｂｉｌｅ app')).toBe(false);
    expect(confirmText('Mobile app') === confirmText('Ｍｏｂｉｌｅ app')).toBe(true);
    expect(confirmText('２') === confirmText('2')).toBe(true);
  });

  it('turns Deactivate on for the label typed with an ordinary space where it has an ideographic one', async () => {
    const app = keysApp(() => keys, { 'adminKeys.deactivate': ({ keyId }) => key(3, { keyId, isDeactivated: true }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate 法務部門\u3000契約書翻訳' }));
    const field = screen.getByLabelText(/Type the key's label/);
    const submit = within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }) as HTMLButtonElement;
    await userEvent.type(field, '法務部門契約書翻訳');
    expect(submit.disabled).toBe(true);
    await userEvent.clear(field);
    await userEvent.type(field, '法務部門 契約書翻訳');
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    expect(app.callsOf('adminKeys.deactivate')).toEqual([{ connectionId: LOCAL.id, keyId: 'k3' }]);
  });
});

describe('the card layout says what each value is', () => {
  it('labels the "used by Verso" cell with its column, as every other cell with a value is', async () => {
    keysApp(() => [key(1, { label: 'Build' }), key(2, { label: 'Team', usedBy: [{ id: 'c-team', name: 'Team account', local: false }] })]);
    for (const label of ['Build', 'Team']) {
      const row = (await screen.findByRole('button', { name: label })).closest<HTMLElement>('[role="row"]')!;
      expect(row.querySelector('.keys-used-by')?.getAttribute('data-col')).toBe('Used by Verso');
      const cols = [...row.querySelectorAll('[role="cell"][data-col]')].map((c) => c.getAttribute('data-col'));
      expect(cols).toEqual(['Created', 'Status', 'Character limit', 'Used by Verso']);
    }
  });
});

describe('what was just done: one outcome at a time', () => {
  it('drops "New limit of …" when a Refresh starts, so the failure is not shown beside it', async () => {
    const app = keysApp(() => [key(1, { label: 'Build' })], {
      'adminKeys.setLimit': ({ keyId, characters }) => key(1, { keyId, label: 'Build', characterLimit: characters }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Set the limit of Build' }));
    await userEvent.click(screen.getByRole('radio', { name: 'A number of characters' }));
    await userEvent.type(screen.getByLabelText('Characters per period'), '600,000');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(plain(screen.getByText(/New limit of/).textContent)).toBe('New limit of Build: 600,000 characters a period.');
    // The service stops; Refresh fails.
    app.handlers['adminKeys.list'] = () => ipcFail('service_unavailable', 'The service is not answering.');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(/may be out of date/)).toBeTruthy();
    expect(screen.queryByText(/New limit of/)).toBeNull();
  });

  it('drops the last line when a panel opens, so its failure is the only outcome shown', async () => {
    let fail = false;
    keysApp(() => [key(1, { label: 'Build' }), key(2, { label: 'Other' })], {
      'adminKeys.setLimit': ({ keyId, characters }) =>
        fail ? ipcFail('service_unavailable', 'The service is not answering.') : key(1, { keyId, label: 'Build', characterLimit: characters }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Set the limit of Build' }));
    await userEvent.click(screen.getByRole('radio', { name: /^no limit/i }));
    await userEvent.click(screen.getByRole('radio', { name: 'A number of characters' }));
    await userEvent.type(screen.getByLabelText('Characters per period'), '5,000');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/New limit of/)).toBeTruthy();
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Set the limit of Other' }));
    expect(screen.queryByText(/New limit of/)).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'A number of characters' }));
    await userEvent.type(screen.getByLabelText('Characters per period'), '120,000');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toBeTruthy();
    expect(screen.queryByText(/New limit of/)).toBeNull();
  });

  it('says that a key was renamed, in place of the line about the key created before', async () => {
    let keys = [key(1, { label: 'Build' })];
    const app = keysApp(() => keys, {
      'adminKeys.create': () => {
        keys = [...keys, key(5, { label: 'CI' })];
        return { ...key(5, { label: 'CI' }), secretHeld: false };
      },
      'adminKeys.rename': ({ keyId, label }) => {
        keys = keys.map((k) => (k.keyId === keyId ? { ...k, label } : k));
        return keys.find((k) => k.keyId === keyId)!;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Done' }));
    const status = () => screen.getAllByRole('status').map((s) => plain(s.textContent));
    expect(status()).toContain('Key “CI” created.');
    await userEvent.click(screen.getByRole('button', { name: 'Build' }));
    await userEvent.type(screen.getByLabelText('New label for Build'), ' server{Enter}');
    await vi.waitFor(() => expect(status()).toContain('Key Build renamed to Build server.'));
    expect(status()).not.toContain('Key “CI” created.');
    expect(app.callsOf('adminKeys.rename')).toEqual([{ connectionId: LOCAL.id, keyId: 'k1', label: 'Build server' }]);
  });

  it('shows a failed rename in place of the last line, and the next outcome in place of that error', async () => {
    const app = keysApp(() => [key(1, { label: 'Build' })], {
      'app.copyText': () => ({ copied: true }),
      'adminKeys.rename': () => ipcFail('service_unavailable', 'The service is not answering.'),
      'adminKeys.exportCsv': () => ({ path: '/home/anna/verso-keys.csv' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy the key id of Build' }));
    expect(await screen.findByText('Key id copied.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Build' }));
    await userEvent.type(screen.getByLabelText('New label for Build'), ' server{Enter}');
    const error = await screen.findByRole('alert');
    expect(screen.queryByText('Key id copied.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Export table (CSV)' }));
    expect(await screen.findByText('Saved to \u2068/home/anna/verso-keys.csv\u2069')).toBeTruthy();
    expect(error.isConnected).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(app.callsOf('adminKeys.rename')).toHaveLength(1);
  });

  it.each(UI_LOCALES)('%s: says that a key was renamed, naming it before and after', async (locale) => {
    const catalog = ((await import(`../../../shared/i18n/${locale}/keys.json`)) as { default: Record<string, string> }).default;
    const message = catalog['keys.done.rename'];
    expect(message).toBeTruthy();
    expect(message).toContain('{before}');
    expect(message).toContain('{label}');
  });
});
