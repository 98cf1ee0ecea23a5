// @vitest-environment happy-dom
/**
 * Component tests (renderer, happy-dom) for the Keys screen as one page that scrolls (seen at 900×700: the key list
 * under a toolbar and a note of 150 px, two rows in view, and a change log scrolling in a box of its own): the key
 * rows are named as what they are, not "scrollable"; the change log draws only the entries near the view, every one
 * of them reachable; the note about keys Verso cannot tell is one line with "More", its question answered beside it;
 * Create and export sit on the list's line, so the search and filters fit on one.
 */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { AuditEntry } from '../../../shared/ipc/contract-admin-keys.js';
import { UI_LOCALES } from '../../../shared/i18n/locales.js';
import { renderApp, resetRenderer } from '../../test-utils/scenario.js';
import { useUiStore } from '../../state/ui-store.js';
import { key, listing, LOCAL } from './keys-test-kit.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'keys' });
});
afterEach(() => cleanup());

const access = { connectionId: LOCAL.id, connectionName: LOCAL.name, configured: true, local: true };

function keysApp(more: Parameters<typeof renderApp>[0] = {}) {
  return renderApp({
    'adminKeys.access': () => access,
    'connections.list': () => ({ connections: [LOCAL], activeId: LOCAL.id }),
    'adminKeys.list': ({ connectionId }) => listing(connectionId, [key(1, { label: 'Build' }), key(2, { label: 'Other' })]),
    'adminKeys.audit': () => [],
    ...more,
  });
}

/** `n` logged renames, oldest first as main keeps them: "Key 1" is the oldest, "Key n" the newest. */
function renames(n: number): AuditEntry[] {
  return Array.from({ length: n }, (_, i) => ({
    at: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
    connectionId: LOCAL.id,
    connectionName: 'Team',
    action: 'rename' as const,
    keyId: `k${i + 1}`,
    label: `Key ${i + 1}`,
    before: `Old ${i + 1}`,
    after: `Key ${i + 1}`,
  }));
}

describe('Keys screen as one page', () => {
  it('names the key rows "Developer keys": they scroll with the screen, not on their own', async () => {
    keysApp();
    const rows = await screen.findByRole('rowgroup', { name: 'Developer keys' });
    expect(rows.tabIndex).toBe(0);
    expect(document.querySelector('[aria-label*="scrollable" i]')).toBeNull();
  });

  it.each(UI_LOCALES)('%s: the key rows are named as the key table is, with nothing about scrolling', async (locale) => {
    const catalog = ((await import(`../../../shared/i18n/${locale}/keys.json`)) as { default: Record<string, string> }).default;
    expect(catalog['keys.table.rows']).toBe(catalog['keys.table.label']);
    expect(catalog['keys.audit.rows']).toBeTruthy();
    expect(catalog['keys.audit.scroll']).toBeUndefined();
  });

  it('draws only the change log entries near the view, out of all of them (main keeps 10,000; not the newest 200 only)', async () => {
    // happy-dom lays nothing out: each row measures 48 px here, as a two-line entry does on screen.
    Object.defineProperty(HTMLTableRowElement.prototype, 'offsetHeight', { configurable: true, get: () => 48 });
    onTestFinished(() => {
      delete (HTMLTableRowElement.prototype as { offsetHeight?: number }).offsetHeight;
    });
    keysApp({ 'adminKeys.audit': () => renames(300) });
    const card = await screen.findByRole('region', { name: 'Changes made with Verso' });
    const table = await within(card).findByRole('table', { name: 'Changes made with Verso' });
    // No box of its own: the screen is the only scroller.
    expect(within(card).queryAllByRole('region')).toEqual([]);
    expect(table.getAttribute('aria-rowcount')).toBe('301');
    const rows = within(table).getByRole('rowgroup', { name: 'Changes, newest first' });
    expect(rows.tabIndex).toBe(0);
    const drawn = within(rows).getAllByRole('row');
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(60);
    // Newest first, each row saying where it is among all of them.
    expect(drawn[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(within(drawn[0]!).getAllByRole('cell')[3]!.textContent).toBe('Key 300');
    expect(drawn.map((r) => r.getAttribute('aria-rowindex'))).toEqual(drawn.map((_, i) => String(i + 2)));
    // The entries not drawn keep their place: one spacer below the drawn rows, hidden from assistive technology.
    const spacer = rows.querySelector<HTMLElement>('.keys-audit-spacer');
    expect(spacer?.getAttribute('aria-hidden')).toBe('true');
    expect(rows.lastElementChild).toBe(spacer);
  });

  it('says in one line which connection Verso cannot tell, with why behind "More" and the question answered beside it', async () => {
    keysApp({
      'adminKeys.list': ({ connectionId }) => listing(connectionId, [key(1, { label: 'Build' })], [{ id: 'c-hosted', name: 'Team' }]),
    });
    const more = await screen.findByRole('button', { name: 'More' });
    const note = more.closest<HTMLElement>('.alert')!;
    // The line: the sentence, then "More".
    expect(more.parentElement!.textContent!.replace(/[\u2068\u2069]/g, '')).toBe('Verso cannot tell which key Team translates with. More');
    const why = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(note.contains(why)).toBe(true);
    expect(why.textContent).toMatch(/^A key pasted in Settings carries no id\. Before you deactivate or block a key/);
    expect(why.hidden).toBe(true);
    expect(more.getAttribute('aria-expanded')).toBe('false');
    // The question is there without opening anything, its label beside the field (no field of its own above it).
    const choice = within(note).getByRole('combobox', { name: 'Which key does \u2068Team\u2069 translate with?' });
    expect(choice.closest('.field')).toBeNull();
    expect(within(note).getByRole('button', { name: 'Remember' })).toBeTruthy();
    await userEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(why.hidden).toBe(false);
    await userEvent.click(more);
    expect(why.hidden).toBe(true);
  });

  it('puts Create and export on the list\'s line with Refresh, before the search and filters', async () => {
    keysApp();
    const create = await screen.findByRole('button', { name: 'Create key' });
    const line = screen.getByRole('button', { name: 'Refresh' }).parentElement!;
    expect(line.contains(create)).toBe(true);
    expect(line.contains(screen.getByRole('button', { name: 'Export table (CSV)' }))).toBe(true);
    const search = screen.getByLabelText('Search');
    expect(create.compareDocumentPosition(search) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(search.closest('.keys-toolbar')!.querySelector('button')).toBeNull();
  });
});
