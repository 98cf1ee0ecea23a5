// @vitest-environment happy-dom
/**
 * Component tests (renderer, happy-dom) for what an admin tour of the Keys screen found (Ukrainian UI, 900×700):
 * the focus goes into a panel when it opens and back to what opened it (or to what was done) when it closes; a
 * failed limit change is brought into view and announced; a failed Refresh keeps the last list; the "used by" cell
 * writes the connection and its characters apart, with the unit; the change log flows in the screen, its entries
 * reachable with the keyboard, with short dates; Apply stays off until the limit changes; a search that matches nothing says so; limits are written
 * with the plural forms of the UI language.
 */
import { parse, type Select } from '@messageformat/parser';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../shared/ipc/contract-admin-keys.js';
import { UI_LOCALES } from '../../../shared/i18n/locales.js';
import ukApp from '../../../shared/i18n/uk/app.json';
import ukKeys from '../../../shared/i18n/uk/keys.json';
import { ipcFail } from '../../test-utils/fake-api.js';
import { renderApp, resetRenderer, settings } from '../../test-utils/scenario.js';
import { useUiStore } from '../../state/ui-store.js';
import { access, key, keysApp, listing, LOCAL, plain } from './keys-test-kit.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'keys' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Keys screen, after the admin tour', () => {
  it('moves the focus into a panel when it opens, and back to what opened it when it closes or its action is done', async () => {
    let keys = [key(1, { label: 'Build' }), key(2, { label: 'Other' })];
    keysApp(() => keys, {
      'adminKeys.setLimit': ({ keyId, characters }) => key(1, { keyId, label: 'Build', characterLimit: characters }),
      'adminKeys.rename': ({ keyId, label }) => key(1, { keyId, label }),
      'adminKeys.create': () => ({ ...key(5, { label: 'CI' }), secretHeld: true }),
      'adminKeys.deactivate': ({ keyId }) => {
        keys = keys.map((k) => (k.keyId === keyId ? { ...k, isDeactivated: true } : k));
        return keys.find((k) => k.keyId === keyId)!;
      },
    });
    const dialog = () => screen.getByRole('dialog');

    // Limit…: the panel opens above the table and takes the focus; Apply gives it back to the row's button.
    const limitButton = await screen.findByRole('button', { name: 'Set the limit of Build' });
    await userEvent.click(limitButton);
    expect(dialog().contains(document.activeElement)).toBe(true);
    await userEvent.click(within(dialog()).getByRole('radio', { name: 'A number of characters' }));
    await userEvent.type(screen.getByLabelText('Characters per period'), '5,000');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Set the limit of Build' }));
    expect(plain(screen.getByText(/New limit of/).textContent)).toBe('New limit of Build: 5,000 characters a period.');

    // Rename in place: Enter gives the focus back to the label.
    await userEvent.click(screen.getByRole('button', { name: 'Build' }));
    await userEvent.type(screen.getByLabelText('New label for Build'), ' server{Enter}');
    expect(document.activeElement?.classList.contains('keys-label-btn')).toBe(true);
    expect(document.activeElement?.closest('[data-key-id]')?.getAttribute('data-key-id')).toBe('k1');

    // Create: the label field, then the result's first line; "Done" asks first (its safe choice focused); closed,
    // the focus is back on "Create key".
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Label \(optional/));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(plain(document.activeElement?.textContent)).toBe('Key “CI” created.'));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep it open' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close and lose the secret' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create key' }));

    // Deactivate…: the row loses its actions, so the focus goes to what was done.
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Other' }));
    expect(dialog().contains(document.activeElement)).toBe(true);
    await userEvent.type(screen.getByLabelText(/Type the key's label/), 'Other');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Deactivate' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(plain(document.activeElement?.textContent)).toBe('Key Other deactivated.');
    expect(document.activeElement?.getAttribute('role')).toBe('status');
  });

  it('opens "Limit…" of a key without a limit with the focus in the panel, and Cancel gives it back', async () => {
    keysApp(() => [key(1, { label: 'Build' })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Set the limit of Build' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Character limit of \u2068Build\u2069' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Set the limit of Build' }));
  });

  it('applies a typed limit with Enter, and keeps the focus on the choices while the arrow keys move through them', async () => {
    // Seen on a French keyboard tour: Enter in the field did nothing, and arrowing onto "A number of characters"
    // threw the focus into the field.
    const set: Array<number | null> = [];
    keysApp(() => [key(1, { label: 'Build' })], {
      'adminKeys.setLimit': ({ keyId, characters }) => {
        set.push(characters);
        return key(1, { keyId, label: 'Build', characterLimit: characters });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Set the limit of Build' }));
    const none = within(screen.getByRole('dialog')).getByRole('radio', { name: 'no limit' });
    expect((none as HTMLInputElement).checked).toBe(true);
    none.focus();
    await userEvent.keyboard('{ArrowUp}');
    const number = screen.getByRole('radio', { name: 'A number of characters' }) as HTMLInputElement;
    expect(number.checked).toBe(true);
    expect(document.activeElement).toBe(number);
    await userEvent.type(screen.getByLabelText('Characters per period'), '7,500{Enter}');
    await vi.waitFor(() => expect(set).toEqual([7500]));
  });

  it('brings a failed limit change into view and announces it, keeping what was typed', async () => {
    const scrolled: Array<{ el: Element; options: unknown }> = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      scrolled.push({ el: this, options });
    });
    keysApp(() => [key(1, { label: 'Build' })], {
      'adminKeys.setLimit': () => ipcFail('service_unavailable', 'The service is not answering.'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Set the limit of Build' }));
    await userEvent.click(screen.getByRole('radio', { name: 'A number of characters' }));
    await userEvent.type(screen.getByLabelText('Characters per period'), '2,500');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(scrolled.some((s) => s.el === alert && JSON.stringify(s.options) === JSON.stringify({ block: 'nearest' }))).toBe(true);
    expect((screen.getByLabelText('Characters per period') as HTMLInputElement).value).toBe('2,500');
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('keeps the last list when Refresh fails, saying above it that it may be out of date', async () => {
    const app = keysApp(() => [key(1, { label: 'Build' }), key(2, { label: 'Other' })]);
    expect(await screen.findByRole('button', { name: 'Build' })).toBeTruthy();
    app.handlers['adminKeys.list'] = () => ipcFail('service_unavailable', 'The service is not answering.');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByText(/may be out of date/);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Build' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Other' })).toBeTruthy();
    // The error is above the list it speaks of.
    const table = screen.getByRole('table', { name: 'Developer keys' });
    expect(alert.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('writes who uses a key and the characters it used this period apart, with their unit', async () => {
    const at = '2026-11-29T09:51:00.000Z';
    const used = (i: number, count: number) =>
      key(i, { label: `Team ${i}`, usedBy: [{ id: `c${i}`, name: 'Cloud account', local: false }], connection: { id: `c${i}`, name: 'Cloud account', characterCount: count, at } });
    keysApp(() => [used(1, 862), used(2, 1)]);
    const cell = async (label: string) =>
      (await screen.findByRole('button', { name: label })).closest('[role="row"]')!.querySelector('.keys-used-by')!.textContent;
    expect(plain(await cell('Team 1'))).toBe('Cloud account 862 characters this period (as Cloud account)');
    expect(plain(await cell('Team 2'))).toBe('Cloud account 1 character this period (as Cloud account)');
  });

  it('keeps the change log in the screen, its entries reachable with the keyboard, with short dates that stay whole', async () => {
    const at = '2026-11-29T09:53:00.000Z';
    const entries: AuditEntry[] = [
      { at, connectionId: 'c', connectionName: 'Cloud account', action: 'deactivate', keyId: 'k1', label: 'curl-test-1', before: 'active', after: at },
    ];
    keysApp(() => [], { 'adminKeys.audit': () => entries });
    // No scroll box of its own (the screen scrolls): its entries are a group the keyboard reaches (End goes to the
    // oldest), named apart from the card around it (not a name that contains the card's, which a search for the
    // card by its name would also find).
    const card = await screen.findByRole('region', { name: 'Changes made with Verso' });
    expect(within(card).queryAllByRole('region')).toEqual([]);
    const rows = await within(card).findByRole('rowgroup', { name: 'Changes, newest first' });
    expect(rows.tabIndex).toBe(0);
    expect(within(card).getByRole('table', { name: 'Changes made with Verso' }).contains(rows)).toBe(true);
    // "When": the short date and the time, two parts each kept whole by keys.css (so two lines at most, not five).
    const when = (await within(rows).findAllByRole('row'))[0]!.firstElementChild!;
    const d = Date.parse(at);
    expect(when.querySelector('time')?.getAttribute('dateTime')).toBe(at);
    expect([...when.querySelectorAll('time > span')].map((p) => p.textContent)).toEqual([
      new Intl.DateTimeFormat('en', { dateStyle: 'short' }).format(d),
      new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(d),
    ]);
  });

  it('keeps Apply off until the limit differs from the one the key has', async () => {
    keysApp(() => [key(1, { label: 'Build' }), key(2, { label: 'Capped', characterLimit: 5000 })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Set the limit of Build' }));
    const apply = () => screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(apply().disabled).toBe(true);
    expect(apply().getAttribute('aria-describedby')).toBe('limit-unchanged');
    expect(screen.getByText('Nothing would change: choose another limit.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'A number of characters' }));
    await userEvent.type(screen.getByLabelText('Characters per period'), '5,000');
    expect(apply().disabled).toBe(false);
    await userEvent.click(screen.getByRole('radio', { name: /^no limit/i }));
    expect(apply().disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // Several keys: on as soon as one of them would change.
    await userEvent.click(screen.getByLabelText('Select every active key shown'));
    await userEvent.click(screen.getByRole('button', { name: 'Set limit…' }));
    await userEvent.click(screen.getByRole('radio', { name: /^no limit/i }));
    expect(apply().disabled).toBe(false);
  });

  it('says when no key matches the search, and clears the search', async () => {
    keysApp(() => [key(1, { label: 'Build' }), key(2, { label: 'Other' })]);
    await userEvent.type(await screen.findByLabelText('Search'), 'xyz');
    const none = await screen.findByText(/No key matches/);
    expect(plain(none.textContent)).toBe('No key matches “xyz”.');
    expect(screen.queryByRole('button', { name: 'Build' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText('Search'));
    expect(await screen.findByRole('button', { name: 'Build' })).toBeTruthy();
    expect(screen.queryByText(/No key matches/)).toBeNull();
  });

  it('writes a limit with the plural form of the UI language (Ukrainian: 1 символ, 2 символи, 5 символів)', async () => {
    const uk = (id: keyof typeof ukKeys | keyof typeof ukApp, values: Record<string, string> = {}) =>
      Object.entries(values).reduce<string>((s, [k, v]) => s.replace(`{${k}}`, v), { ...ukApp, ...ukKeys }[id as keyof typeof ukKeys]);
    renderApp({
      'settings.get': () => settings({ uiLanguage: 'uk' }),
      'adminKeys.access': () => access,
      'connections.list': () => ({ connections: [LOCAL], activeId: LOCAL.id }),
      'adminKeys.list': ({ connectionId }) =>
        listing(connectionId, [key(1, { label: 'A', characterLimit: 1 }), key(2, { label: 'B', characterLimit: 2 }), key(3, { label: 'C', characterLimit: 5 })]),
      'adminKeys.audit': () => [],
    });
    await userEvent.click(await screen.findByLabelText(uk('keys.table.selectAll')));
    await userEvent.click(screen.getByRole('button', { name: uk('keys.bulk.limit') }));
    await userEvent.click(screen.getByRole('radio', { name: uk('app.common.noLimit') }));
    const lines = within(screen.getByRole('dialog')).getAllByRole('listitem').map((li) => plain(li.textContent));
    expect(lines).toEqual(['A: 1 символ за період → без ліміту', 'B: 2 символи за період → без ліміту', 'C: 5 символів за період → без ліміту']);
  });

  it.each(UI_LOCALES)('%s: the limit and the usage count are plurals with every form the language needs', async (locale) => {
    const catalog = (await import(`../../../shared/i18n/${locale}/keys.json`)) as { default: Record<string, string> };
    const required = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const id of ['keys.limit.perPeriod', 'keys.usage.count', 'keys.done.limitBulk', 'keys.done.deactivatedBulk']) {
      const tokens = parse(catalog.default[id]!, { cardinal: [...required, 'other'] as never });
      const plural = tokens.find((t): t is Select => t.type === 'plural');
      expect({ id, arg: plural?.arg }).toEqual({ id, arg: 'count' });
      expect({ id, forms: required.filter((c) => !plural!.cases.some((x) => x.key === c)) }).toEqual({ id, forms: [] });
      // "#" (the count written by the UI language) in every form where the language writes the number.
      expect({ id, hash: plural!.cases.filter((c) => c.key === 'other').every((c) => JSON.stringify(c.tokens).includes('"octothorpe"')) }).toEqual({ id, hash: true });
    }
  });
});

describe('connection names on the Keys screen', () => {
  it('names a connection Verso gave its name to in the UI language, in the note about keys Verso cannot tell apart', async () => {
    // Seen in the German screenshots: "…mit welchem Schlüssel Hosted service übersetzt" (added in English).
    keysApp(() => [key(1, { label: 'Build' })], {
      'settings.get': () => settings({ uiLanguage: 'de' }),
      'adminKeys.list': ({ connectionId }) => listing(connectionId, [key(1, { label: 'Build' })], [{ id: 'c-hosted', name: 'Hosted service' }]),
    });
    const note = await screen.findByRole('combobox', { name: /Gehosteter Dienst/ });
    expect(plain(note.closest('.alert')?.textContent)).toContain('Gehosteter Dienst');
    expect(plain(note.closest('.alert')?.textContent)).not.toContain('Hosted service');
  });
});

