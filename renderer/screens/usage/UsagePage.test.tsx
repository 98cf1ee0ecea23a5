// @vitest-environment happy-dom
/**
 * Component tests (renderer, happy-dom): the Usage screen with a fake main. Missing fields read as unknown, the
 * "no limit set" value reads as "no limit", the key's bar and products show for Pro only, and an alert shows as a
 * banner that can be dismissed.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UsageHistory, UsageReport } from '../../../shared/ipc/contract-usage.js';
import { useUiStore } from '../../state/ui-store.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer } from '../../test-utils/scenario.js';

beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'usage' });
});
afterEach(() => cleanup());

const period = { start: '2026-05-01T00:00:00.000Z', end: '2026-06-01T00:00:00.000Z', assumed: false };
const history: UsageHistory = {
  connectionId: LOCAL_CONNECTION.id,
  period,
  days: [{ day: 1, date: '2026-05-01', characters: 10 }],
  previousDays: [],
  cumulative: [10],
  forecast: null,
  split: { text: 0, documents: 0, byConnection: [] },
  snapshotCount: 1,
};
const report = (usage: UsageReport['usage']): UsageReport => ({ connectionId: LOCAL_CONNECTION.id, usage, period, fetchedAt: new Date().toISOString() });

describe('Usage screen', () => {
  it('shows unknown for fields the service left out, and no limit for the unset limit', async () => {
    renderApp({
      'usage.get': () => report({ characterCount: null, characterLimit: 1_000_000_000_000, unlimited: true }),
      'usage.history': () => history,
      'usage.alerts': () => [],
      'usage.alertSettings': () => ({ enabled: true, thresholds: [80, 100] }),
    });
    const card = await screen.findByRole('region', { name: 'This period' });
    expect(within(card).getByText('Count not reported by the service, no limit')).toBeTruthy();
    expect(within(card).queryByText('This key')).toBeNull();
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it('shows the account and key bars with their share, and the products of a Pro account', async () => {
    renderApp({
      'usage.get': () =>
        report({
          characterCount: 850,
          characterLimit: 1000,
          unlimited: false,
          apiKeyCharacterCount: 10,
          apiKeyCharacterLimit: 10,
          apiKeyUnlimited: false,
          products: [{ productType: 'translate', characterCount: 800, apiKeyCharacterCount: 10 }],
        }),
      'usage.history': () => history,
      'usage.alerts': () => [],
      'usage.alertSettings': () => ({ enabled: true, thresholds: [80, 100] }),
    });
    const meters = await screen.findAllByRole('meter');
    expect(meters.map((m) => m.getAttribute('aria-label'))).toEqual(['Account', 'This key']);
    expect(meters[0]!.getAttribute('aria-valuenow')).toBe('850');
    expect(screen.getByText('More than 80 % of this limit is used.')).toBeTruthy();
    expect(screen.getByText(/This limit is reached/)).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Translate' })).toBeTruthy();
  });

  it('shows an alert as a banner until dismissed', async () => {
    let pending = [
      { connectionId: 'c', connectionName: 'Work', scope: 'account' as const, threshold: 80, characterCount: 800, characterLimit: 1000, at: '2026-05-02T00:00:00Z' },
    ];
    const app = renderApp({
      'usage.get': () => report({ characterCount: 800, characterLimit: 1000, unlimited: false }),
      'usage.history': () => history,
      'usage.alerts': () => pending,
      'usage.dismissAlerts': () => (pending = []),
      'usage.alertSettings': () => ({ enabled: true, thresholds: [80, 100] }),
    });
    expect(await screen.findByText(/Work: 80 % of the account limit is used/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(/Work: 80 %/)).toBeNull());
    expect(app.callsOf('usage.dismissAlerts')).toHaveLength(1);
  });
});

describe('All connections', () => {
  it("says each figure is its account's, and gives a connection's key its own count where the service reports it", async () => {
    // Seen on a tour: a key that had used nothing showed its account's 78,652 characters, read as its own.
    const user = userEvent.setup();
    const account = (key?: number): UsageReport['usage'] => ({
      characterCount: 78_652,
      characterLimit: 1_000_000_000_000,
      unlimited: true,
      ...(key !== undefined && { apiKeyCharacterCount: key, apiKeyCharacterLimit: 1_000_000_000_000, apiKeyUnlimited: true }),
    });
    renderApp({
      'usage.get': () => report(account(862)),
      'usage.history': () => history,
      'usage.alerts': () => [],
      'usage.alertSettings': () => ({ enabled: true, thresholds: [80, 100] }),
      'usage.all': () => [
        { connectionId: 'c-team', name: 'Team account', report: report(account(862)) },
        { connectionId: 'c-mobile', name: 'Mobile app', report: report(account(0)) },
      ],
    } as never);
    await user.click(await screen.findByRole('button', { name: "Show every connection's usage" }));
    const card = await screen.findByRole('region', { name: 'All connections' });
    await within(card).findByText("This connection's key: 862 characters this period");
    expect(within(card).getByText("This connection's key: 0 characters this period")).toBeTruthy();
    expect(within(card).getByText("Each figure is its account's usage this period: connections to the same account show the same one.")).toBeTruthy();
  });
});

describe('Forecast words', () => {
  const quiet = {
    'usage.alerts': () => [],
    'usage.alertSettings': () => ({ enabled: true, thresholds: [80, 100] }),
  };
  const withForecast = (forecast: UsageHistory['forecast']): UsageHistory => ({ ...history, forecast });

  it('says the forecast follows the last days, and that one day carries most of them', async () => {
    renderApp({
      ...quiet,
      'usage.get': () => report({ characterCount: 400_000, characterLimit: 800_000, unlimited: false }),
      'usage.history': () =>
        withForecast({
          endTotal: 942_857,
          perDay: 57_143,
          limitDate: '2026-05-29',
          keyLimitDate: null,
          basis: 'recent',
          days: 7,
          peakDay: { date: '2026-05-21', characters: 400_000 },
        }),
    });
    // The first render of the lazy screen can be slow on a busy machine (as in UsagePage.numbers.test.tsx).
    const section = await screen.findByRole('region', { name: 'History' }, { timeout: 20_000 });
    expect(
      await within(section).findByText(
        'At the pace of the last 7 days (about 57,100 characters a day), this period ends at about 943,000 characters.',
      ),
    ).toBeTruthy();
    expect(within(section).getByText('The account limit would be reached on May 29, 2026.')).toBeTruthy();
    expect(
      within(section).getByText('The pace is uneven: 400,000 of these characters were counted on one day, May 21, 2026, so this forecast is rough.'),
    ).toBeTruthy();
    expect(within(section).queryByText(/average pace since the period began/)).toBeNull();
  });

  it('says when the forecast is the average since the period began, and why, with no uneven note for steady use', async () => {
    renderApp({
      ...quiet,
      'usage.get': () => report({ characterCount: 30_000, characterLimit: 1_000_000, unlimited: false }),
      'usage.history': () =>
        withForecast({ endTotal: 186_000, perDay: 6_000, limitDate: null, keyLimitDate: null, basis: 'period', days: 5, peakDay: null }),
    });
    const section = await screen.findByRole('region', { name: 'History' }, { timeout: 20_000 });
    expect(
      await within(section).findByText(
        'At the average pace since the period began (about 6,000 characters a day), this period ends at about 186,000 characters.',
      ),
    ).toBeTruthy();
    expect(within(section).getByText(/^Verso has not recorded a week of this period yet/)).toBeTruthy();
    expect(within(section).queryByText(/^At the pace of the last/)).toBeNull();
    expect(within(section).queryByText(/uneven/)).toBeNull();
  });

  it('says where the history was saved, the path isolated, and keeps the focus on Export', async () => {
    // Seen on tours: the path read scrambled in Arabic, and the focus dropped to the page after Export.
    const user = userEvent.setup();
    renderApp({
      'connections.list': () => ({ connections: [LOCAL_CONNECTION], activeId: LOCAL_CONNECTION.id }),
      'usage.get': () => report({ characterCount: 10, characterLimit: 1000, unlimited: false }),
      'usage.history': () => history,
      'usage.exportCsv': () => ({ path: '/home/u/verso-usage.csv' }),
    });
    await screen.findByRole('region', { name: 'This period' }, { timeout: 20_000 });
    const exportButton = screen.getByRole('button', { name: 'Export history (CSV)' });
    await user.click(exportButton);
    expect(await screen.findByText('History saved to \u2068/home/u/verso-usage.csv\u2069')).toBeTruthy();
    expect(document.activeElement).toBe(exportButton);
  });
});
