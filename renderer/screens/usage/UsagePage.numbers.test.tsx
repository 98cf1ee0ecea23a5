// @vitest-environment happy-dom
/**
 * Component tests (renderer, happy-dom) of issue 21, points 1 and 7 on the Usage screen: it follows the active
 * connection at once (figures, history, an export's outcome, the connection an export names); the period ends on
 * its last day, in the account's (UTC) period even in New York; "Updated" is never in the future; the chart's
 * legend shows values without a pointer; what the first read of a period counted shows as "before Verso".
 */
process.env.TZ = 'America/New_York';

import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionView } from '../../../shared/ipc/contract.js';
import type { UsageHistory, UsageReport } from '../../../shared/ipc/contract-usage.js';
import { useUiStore } from '../../state/ui-store.js';
import { ipcFail } from '../../test-utils/fake-api.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer } from '../../test-utils/scenario.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'usage' });
});
afterEach(() => cleanup());

const TEAM: ConnectionView = { ...LOCAL_CONNECTION, id: 'c-team', name: 'Team account', kind: 'hosted' as ConnectionView['kind'] };
const period = { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z', assumed: false };

function history(connectionId: string, over: Partial<UsageHistory> = {}): UsageHistory {
  const days = Array.from({ length: 30 }, (_, i) => ({ day: i + 1, date: `2026-11-${String(i + 1).padStart(2, '0')}`, characters: null as number | null }));
  return {
    connectionId,
    period,
    days,
    previousDays: [],
    cumulative: days.map(() => null),
    forecast: null,
    split: { text: 0, documents: 0, byConnection: [] },
    snapshotCount: 1,
    ...over,
  };
}
const report = (connectionId: string, count: number, fetchedAt = new Date().toISOString()): UsageReport => ({
  connectionId,
  usage: { characterCount: count, characterLimit: 5000, unlimited: false },
  period,
  fetchedAt,
});
const quiet = {
  'usage.alerts': () => [],
  'usage.alertSettings': () => ({ enabled: true, thresholds: [80, 100] }),
};

describe('Usage follows the active connection (issue 21, point 1)', () => {
  it('replaces every figure and an export outcome at once when the sidebar switches, and exports the one shown', async () => {
    const app = renderApp({
      ...quiet,
      'connections.list': () => ({ connections: [LOCAL_CONNECTION, TEAM], activeId: LOCAL_CONNECTION.id }),
      'usage.get': (i) => report(i?.connectionId ?? '?', i?.connectionId === TEAM.id ? 4329 : 111),
      'usage.history': (i) => history(i?.connectionId ?? '?'),
      'usage.exportCsv': (i) => (i?.connectionId === LOCAL_CONNECTION.id ? ipcFail('internal', 'disk full') : { path: '/tmp/team.csv' }),
    });
    const card = await screen.findByRole('region', { name: 'This period' }, { timeout: 20_000 });
    expect(within(card).getByText(/^111 of 5,000/)).toBeTruthy();
    expect(screen.getByText('Connection: \u2068Local engine\u2069')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export history (CSV)' }));
    expect(await screen.findByText('disk full', { exact: false })).toBeTruthy();

    act(() => app.emit('connections.changed', { connections: [LOCAL_CONNECTION, TEAM], activeId: TEAM.id }));
    expect(await screen.findByText('Connection: \u2068Team account\u2069')).toBeTruthy();
    const teamCard = await screen.findByRole('region', { name: 'This period' });
    expect(within(teamCard).getByText(/^4,329 of 5,000/)).toBeTruthy();
    expect(screen.queryByText(/^111 of/)).toBeNull();
    // The previous connection's failed export is not left on the new connection's screen.
    expect(screen.queryByText('disk full', { exact: false })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Export history (CSV)' }));
    await screen.findByText('History saved to \u2068/tmp/team.csv\u2069');
    expect(app.callsOf('usage.exportCsv').map((c) => c?.connectionId)).toEqual([LOCAL_CONNECTION.id, TEAM.id]);
    expect(app.callsOf('usage.history').map((c) => c?.connectionId)).toContain(TEAM.id);
  });
});

describe('Usage numbers and dates (issue 21, point 7)', () => {
  it('shows the period end-inclusive, in the account period, in New York too', async () => {
    expect(new Date(Date.parse(period.start)).getDate()).toBe(31); // the test really runs west of Greenwich
    renderApp({ ...quiet, 'usage.get': () => report(LOCAL_CONNECTION.id, 10), 'usage.history': () => history(LOCAL_CONNECTION.id) });
    const card = await screen.findByRole('region', { name: 'This period' }, { timeout: 20_000 });
    expect(within(card).getByText(/^Nov 1, 2026 to Nov 30, 2026/)).toBeTruthy();
  });

  it('never says "updated in N seconds" for a read that landed after the last tick', async () => {
    renderApp({
      ...quiet,
      'usage.get': () => report(LOCAL_CONNECTION.id, 10, new Date(Date.now() + 11_000).toISOString()),
      'usage.history': () => history(LOCAL_CONNECTION.id),
    });
    const updated = await screen.findByText(/^Updated/);
    expect(updated.textContent).not.toMatch(/in \d+ seconds?/);
    expect(updated.textContent).toBe('Updated now');
  });

  it('has a legend with values before any pointer moves, and shows what came before the first read apart', async () => {
    // A period around now, so "today" is inside it whatever day the test runs.
    const d = new Date();
    const around = {
      start: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString(),
      end: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString(),
      assumed: false,
    };
    const n = Math.round((Date.parse(around.end) - Date.parse(around.start)) / 86_400_000);
    const today = d.getUTCDate() - 1;
    const days = Array.from({ length: n }, (_, i) => ({
      day: i + 1,
      date: new Date(Date.parse(around.start) + i * 86_400_000).toISOString().slice(0, 10),
      characters: i === today ? 71 : null,
    }));
    renderApp({
      ...quiet,
      'usage.get': () => ({ ...report(LOCAL_CONNECTION.id, 4400), period: around }),
      'usage.history': () =>
        history(LOCAL_CONNECTION.id, {
          period: around,
          days,
          cumulative: days.map((_, i) => (i === today ? 4400 : null)),
          beforeFirstReading: { characters: 4329, at: new Date().toISOString() },
          forecast: { endTotal: 6000, perDay: 100, limitDate: null, keyLimitDate: null, basis: 'period', days: 10, peakDay: null },
        }),
    });
    const legend = await screen.findByRole('group', { name: 'Chart legend' });
    expect(within(legend).getByText(/^Today, day \d+ of the period/)).toBeTruthy();
    expect(within(legend).getByText('71')).toBeTruthy();
    expect(within(legend).getByText('4,400')).toBeTruthy();
    expect(within(legend).getByText('6,000')).toBeTruthy();
    expect(within(legend).queryByText('--')).toBeNull();
    expect(within(legend).getByText(/Before Verso's first read .*4,329 characters/)).toBeTruthy();
  });
});
