// @vitest-environment happy-dom
/**
 * Unit tests of issue 21, point 7 ("start the forecast from the data"): the columns the Usage chart draws. The
 * forecast line a user sees must continue the running total from its last known day (never from 0, never on days
 * before the data), and there is no forecast line at all when there is no running total yet.
 */
import { describe, expect, it } from 'vitest';
import type { UsageHistory } from '../../../shared/ipc/contract-usage.js';
import { chartData, lastKnownIndex } from './UsageChart.js';

const period = { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z', assumed: false };

/**
 * A 30-day period whose running total is `cumulative` (padded with nulls); its forecast, at `perDay`, was made at
 * the end of the last known day unless `endTotal` says otherwise.
 */
function history(cumulative: (number | null)[], perDay: number | null, endTotal?: number): UsageHistory {
  const days = Array.from({ length: 30 }, (_, i) => ({ day: i + 1, date: `2026-11-${String(i + 1).padStart(2, '0')}`, characters: null as number | null }));
  const cum = Array.from({ length: 30 }, (_, i) => cumulative[i] ?? null);
  const lastIdx = cum.findLastIndex((c) => c != null);
  const lastTotal = lastIdx >= 0 ? cum[lastIdx]! : 0;
  return {
    connectionId: 'c-local',
    period,
    days,
    previousDays: days.map((d) => ({ ...d, date: d.date.replace('2026-11', '2026-10') })),
    cumulative: cum,
    beforeFirstReading: null,
    forecast:
      perDay === null
        ? null
        : { endTotal: endTotal ?? lastTotal + perDay * (29 - lastIdx), perDay, limitDate: null, keyLimitDate: null, basis: 'recent', days: 7, peakDay: null },
    split: { text: 0, documents: 0, byConnection: [] },
    snapshotCount: cumulative.filter((c) => c != null).length,
  };
}

/** Column order of chartData: x, this per day, previous per day, running total, forecast, limit. */
const TOTAL = 3;
const FORECAST = 4;

describe('Usage chart: the forecast starts from the data (issue 21, point 7)', () => {
  it('starts the forecast line at the last known running total on the last known day, and not before it', () => {
    // Verso was installed on day 10: totals known on days 10..12, today is day 15 (no read on days 13..15).
    const cum: (number | null)[] = [];
    cum[9] = 40_000;
    cum[10] = 42_000;
    cum[11] = 45_000;
    const h = history(cum, 1_000);
    expect(lastKnownIndex(h, 14)).toBe(11);
    const data = chartData(h, null, 14);
    const forecast = data[FORECAST]!;
    // Day 12 (index 11): the forecast meets the running total exactly where the data ends.
    expect(forecast[11]).toBe(45_000);
    expect(forecast[11]).toBe(data[TOTAL]![11]);
    // Nothing before the last known day: the line does not start at 0 nor at day 1.
    expect(forecast.slice(0, 11).every((v) => v === null)).toBe(true);
    // It then rises at the pace per day, up to the period's last day.
    expect(forecast[12]).toBe(46_000);
    expect(forecast[29]).toBe(45_000 + 18 * 1_000);
    expect(forecast.every((v) => v === null || v >= 45_000)).toBe(true);
  });

  it('ends on the period-end total the words give, when the forecast was made during the day', () => {
    // Read at noon of day 12 (45,000), 2,000 a day: the words say 45,000 + 18.5 × 2,000 = 82,000 at period end.
    const cum: (number | null)[] = [];
    cum[11] = 45_000;
    const forecast = chartData(history(cum, 2_000, 82_000), null, 11)[FORECAST]!;
    expect(forecast[11]).toBe(45_000);
    expect(forecast[29]).toBe(82_000);
    // A day's pace between whole days; the rest of day 12 goes into the first step.
    expect(forecast[28]! + 2_000).toBe(82_000);
    expect(forecast[12]).toBe(82_000 - 17 * 2_000);
  });

  it('uses the last total known up to today, not a later one', () => {
    const cum: (number | null)[] = [];
    cum[2] = 3_000;
    cum[20] = 99_999; // a value after "today" must not be where the forecast starts
    const h = history(cum, 500, 3_000 + 27 * 500); // forecast made at the end of day 3
    expect(lastKnownIndex(h, 5)).toBe(2);
    const forecast = chartData(h, null, 5)[FORECAST]!;
    expect(forecast[2]).toBe(3_000);
    expect(forecast[3]).toBe(3_500);
    expect(forecast.slice(0, 2)).toEqual([null, null]);
  });

  it('draws no forecast line when there is no running total yet, even with a forecast', () => {
    const h = history([], 1_000);
    expect(lastKnownIndex(h, 14)).toBe(-1);
    const data = chartData(h, 5_000, 14);
    expect(data[FORECAST]!.every((v) => v === null)).toBe(true);
    expect(data[TOTAL]!.every((v) => v === null)).toBe(true);
    // The limit line is still there (it does not depend on the data).
    expect(data[5]!.every((v) => v === 5_000)).toBe(true);
  });

  it('draws no forecast line when the service gave no forecast', () => {
    const cum: (number | null)[] = [];
    cum[4] = 10_000;
    const data = chartData(history(cum, null), null, 6);
    expect(data[FORECAST]!.every((v) => v === null)).toBe(true);
    expect(data[TOTAL]![4]).toBe(10_000);
  });
});
