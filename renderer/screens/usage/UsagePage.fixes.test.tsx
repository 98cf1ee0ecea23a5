// @vitest-environment happy-dom
/**
 * Component tests (renderer, happy-dom) of three problems admins reported on the Usage screen: the forecast said
 * "about 0 characters" (pt-BR "cerca de 0 caracteres") when nothing had been used yet this period; the chart ran
 * left to right in the Arabic UI while the rest of the layout is mirrored; a card whose count the service did not
 * report said "unknown characters, no limit".
 *
 * uPlot draws on a canvas happy-dom does not have: it is replaced by a stand-in that keeps the options the chart
 * was built with, so the test reads what uPlot was asked to draw.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../shared/i18n/ar/index.js';
import en from '../../../shared/i18n/en/index.js';
import { compileCatalog } from '../../../shared/i18n/compile.js';
import { createFormatters } from '../../../shared/i18n/format.js';
import type { UsageHistory, UsageReport } from '../../../shared/ipc/contract-usage.js';
import { installTestI18n } from '../../i18n/index.js';
import { useUiStore } from '../../state/ui-store.js';
import { LOCAL_CONNECTION, renderApp, resetRenderer, settings } from '../../test-utils/scenario.js';

interface ChartOptions {
  scales: Record<string, { dir?: 1 | -1 }>;
  axes: { scale?: string; side?: number; label?: string; values?: (u: unknown, v: number[]) => string[] }[];
  hooks: { setCursor: ((u: { cursor: { idx?: number | null } }) => void)[] };
}
const built = vi.hoisted(() => [] as unknown[]);
vi.mock('uplot', () => {
  class FakeUPlot {
    static paths = { bars: () => () => null };
    constructor(opts: unknown) {
      built.push(opts);
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakeUPlot };
});

const realGetContext = HTMLCanvasElement.prototype.getContext;
beforeEach(() => {
  resetRenderer();
  useUiStore.setState({ screen: 'usage' });
  built.length = 0;
  // The chart draws only where a 2D canvas exists (the stand-in above does the drawing).
  HTMLCanvasElement.prototype.getContext = (() => ({})) as never;
});
afterEach(() => {
  cleanup();
  HTMLCanvasElement.prototype.getContext = realGetContext;
  installTestI18n('en', compileCatalog(en));
});

const period = { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z', assumed: false };
const days = Array.from({ length: 30 }, (_, i) => ({
  day: i + 1,
  date: `2026-11-${String(i + 1).padStart(2, '0')}`,
  characters: i < 3 ? [5, 7, 1234][i]! : null,
}));
const history = (over: Partial<UsageHistory> = {}): UsageHistory => ({
  connectionId: LOCAL_CONNECTION.id,
  period,
  days,
  previousDays: [],
  cumulative: days.map((_, i) => (i < 3 ? [5, 12, 1246][i]! : null)),
  forecast: null,
  split: { text: 0, documents: 0, byConnection: [] },
  snapshotCount: 3,
  ...over,
});
const report = (usage: UsageReport['usage']): UsageReport => ({
  connectionId: LOCAL_CONNECTION.id,
  usage,
  period,
  fetchedAt: new Date().toISOString(),
});
const quiet = {
  'usage.alerts': () => [],
  'usage.alertSettings': () => ({ enabled: true, thresholds: [80, 100] }),
};

describe('Usage screen fixes', () => {
  it('says nothing has been used yet instead of forecasting "about 0 characters"', async () => {
    renderApp({
      ...quiet,
      'usage.get': () => report({ characterCount: 0, characterLimit: 500_000, unlimited: false }),
      'usage.history': () =>
        history({
          days: days.map((d) => ({ ...d, characters: d.day <= 3 ? 0 : null })),
          cumulative: days.map((d) => (d.day <= 3 ? 0 : null)),
          forecast: {
            endTotal: 0,
            perDay: 0,
            limitDate: null,
            keyLimitDate: null,
            basis: 'period',
            days: 3,
            peakDay: null,
          },
        }),
    });
    const section = await screen.findByRole('region', { name: 'History' }, { timeout: 20_000 });
    expect(
      await within(section).findByText('Nothing has been used this period yet, so there is no forecast.'),
    ).toBeTruthy();
    expect(within(section).queryByText(/about 0 characters/)).toBeNull();
    expect(within(section).queryByText(/would not be reached this period/)).toBeNull();
    // Nor does the chart's legend give a forecast total of 0 beside those words.
    const legend = screen.getByRole('group', { name: 'Chart legend' });
    const forecast = within(legend).getByText('Forecast total at period end').closest('li')!;
    expect(forecast.querySelector('.usage-legend-value')!.textContent).toBe('–');
  });

  it('names a count the service did not report in words, beside "no limit"', async () => {
    renderApp({
      ...quiet,
      'usage.get': () => report({ characterCount: null, characterLimit: 1_000_000_000_000, unlimited: true }),
      'usage.history': () => history(),
    });
    const card = await screen.findByRole('region', { name: 'This period' }, { timeout: 20_000 });
    expect(within(card).getByText('Count not reported by the service, no limit')).toBeTruthy();
    expect(within(card).queryByText(/unknown characters/)).toBeNull();
  });

  it('runs the chart left to right in an English UI, per-day axis on the left', async () => {
    renderApp({
      ...quiet,
      'usage.get': () => report({ characterCount: 1246, characterLimit: 5000, unlimited: false }),
      'usage.history': () => history(),
    });
    await waitFor(() => expect(built).toHaveLength(1), { timeout: 20_000 });
    const opts = built[0] as ChartOptions;
    expect(opts.scales.x?.dir ?? 1).toBe(1);
    expect(opts.axes.find((a) => a.scale === 'day')?.side ?? 3).toBe(3);
    expect(opts.axes.find((a) => a.scale === 'total')?.side).toBe(1);
  });

  it('mirrors the chart in the Arabic UI: the first day at the right, the axes swapped, labels and legend still right', async () => {
    installTestI18n('ar', compileCatalog(en), compileCatalog(ar));
    renderApp({
      ...quiet,
      'settings.get': () => settings({ uiLanguage: 'ar' }),
      'usage.get': () => report({ characterCount: 1246, characterLimit: 5000, unlimited: false }),
      'usage.history': () => history(),
    });
    await waitFor(() => expect(built).toHaveLength(1), { timeout: 20_000 });
    expect(document.documentElement.dir).toBe('rtl');
    const opts = built[0] as ChartOptions;
    // Time runs right to left, as the rest of the mirrored layout reads.
    expect(opts.scales.x?.dir).toBe(-1);
    // The per-day axis stands where the reading starts (the right), the running total's at the other side.
    const dayAxis = opts.axes.find((a) => a.scale === 'day')!;
    const totalAxis = opts.axes.find((a) => a.scale === 'total')!;
    expect(dayAxis.side).toBe(1);
    expect(dayAxis.label).toBe(ar['usage.chart.axisPerDay']);
    expect(totalAxis.side).toBe(3);
    expect(totalAxis.label).toBe(ar['usage.chart.axisTotal']);
    // The day labels are still the days, in the UI's digits.
    const fmt = createFormatters('ar');
    expect(opts.axes[0]!.values!(null, [1, 2, 2.5])).toEqual([fmt.number(1), fmt.number(2), '']);
    // The legend (the chart's tooltip) follows uPlot's data index, which a reversed scale leaves as it is.
    act(() => opts.hooks.setCursor[0]!({ cursor: { idx: 2 } }));
    const legend = screen.getByRole('group', { name: ar['usage.chart.legend'] });
    expect(within(legend).getByText(fmt.number(1234))).toBeTruthy();
    expect(within(legend).getByText(fmt.number(1246))).toBeTruthy();
  });
});
