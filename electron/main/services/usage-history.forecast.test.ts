/**
 * Forecast basis tests (main process, vitest, fixed times): the forecast follows the pace of the last week once
 * Verso's reads of the period reach back a week, else the period's average, and says which (`basis`, `days`) and
 * when one day carries most of it (`peakDay`). Reads are recorded through `appendSnapshot`, as the app does, so
 * idle polling is compressed to the first and last read of a run of equal counts.
 */
import { describe, expect, it } from 'vitest';
import type { UsageSnapshot } from '../../../shared/ipc/contract-usage.js';
import { appendSnapshot, buildHistory, DAY_MS, forecast, forecastWithBasis, periodOf } from './usage-history.js';

const T = (iso: string) => Date.parse(iso);
const may = { startTime: '2026-05-01T00:00:00.000Z', endTime: '2026-06-01T00:00:00.000Z' };
const p = periodOf(may, 0);

/** Reads every `stepHours` from `from` up to `to` (inclusive), the count (and key count) given by `count(t)`. */
function reads(
  from: string,
  to: string,
  stepHours: number,
  count: (t: number) => number,
  o: { limit?: number; key?: (t: number) => number; keyLimit?: number } = {},
): UsageSnapshot[] {
  let list: UsageSnapshot[] = [];
  for (let t = T(from); t <= T(to); t += stepHours * 3_600_000) {
    const s: UsageSnapshot = { at: new Date(t).toISOString(), characterCount: count(t), characterLimit: o.limit ?? 1_000_000, ...may };
    if (o.key) Object.assign(s, { apiKeyCharacterCount: o.key(t), apiKeyCharacterLimit: o.keyLimit ?? 1_000_000 });
    list = appendSnapshot(list, s, T(to));
  }
  return list;
}

const history = (snapshots: UsageSnapshot[], now: number) => buildHistory({ connectionId: 'c', snapshots, billed: [], names: new Map(), now });

describe('forecast basis', () => {
  it('follows the last week when all of the period came on one recent day, and says that day carries it', () => {
    // Nothing for 20 days, then 400,000 characters on 21 May; read every 6 hours; now noon on 22 May.
    const now = T('2026-05-22T12:00:00Z');
    const snaps = reads('2026-05-01T00:00:00Z', '2026-05-22T12:00:00Z', 6, (t) => (t >= T('2026-05-21T12:00:00Z') ? 400_000 : 0), { limit: 800_000 });
    const f = history(snaps, now).forecast!;
    // 400,000 over the last 7 days: 57,143 a day; 9.5 days left → 942,857; the 800,000 limit 7 days from now.
    expect(f).toEqual({
      endTotal: 942_857,
      perDay: 57_143,
      limitDate: '2026-05-29',
      keyLimitDate: null,
      basis: 'recent',
      days: 7,
      peakDay: { date: '2026-05-21', characters: 400_000 },
    });
    // The period average (what the screen used to show) spreads it over 21.5 days and misses the limit.
    const avg = forecast(snaps[snaps.length - 1], p, now)!;
    expect(avg.perDay).toBe(18_605);
    expect(avg.limitDate).toBeNull();
  });

  it('gives the same pace either way for a steady period, with no uneven note, and applies it to the key too', () => {
    // 10,000 a day (key: 4,000 a day of them), read every 6 hours from the period start; now noon on 15 May.
    const now = T('2026-05-15T12:00:00Z');
    const perMs = (n: number) => (t: number) => Math.round(((t - T(may.startTime)) / DAY_MS) * n);
    const snaps = reads('2026-05-01T00:00:00Z', '2026-05-15T12:00:00Z', 6, perMs(10_000), { key: perMs(4_000), keyLimit: 100_000 });
    const f = history(snaps, now).forecast!;
    expect(f).toEqual({
      endTotal: 310_000,
      perDay: 10_000,
      limitDate: null,
      keyLimitDate: '2026-05-26', // 58,000 used, 42,000 left at 4,000 a day: 10.5 days
      basis: 'recent',
      days: 7,
      peakDay: null,
    });
    expect(forecast(snaps[snaps.length - 1], p, now)!.perDay).toBe(10_000);
  });

  it('never counts days Verso knows nothing about as zero: the week starts at the last read before it', () => {
    // Daily reads to 5 May (1,000 a day), Verso not running 6–13 May while the count grew, daily again from 14 May.
    const now = T('2026-05-18T12:00:00Z');
    const counts: [string, number][] = [['01', 0], ['02', 1_000], ['03', 2_000], ['04', 3_000], ['05', 4_000], ['14', 40_000], ['15', 45_000], ['16', 50_000], ['17', 55_000], ['18', 60_000]];
    const snaps = counts.map(
      ([d, c]): UsageSnapshot => ({ at: `2026-05-${d}T12:00:00.000Z`, characterCount: c, characterLimit: 1_000_000, ...may }),
    );
    const h = history(snaps, now);
    // The chart books what grew while Verso was away on the day it saw it (14 May) ...
    expect(h.days.slice(11, 14).map((d) => d.characters)).toEqual([0, 0, 36_000]);
    // ... but the pace is the 56,000 counted from the 5 May read on, over those 13 days (not 56,000 over 7 days).
    expect(h.forecast).toMatchObject({ basis: 'recent', days: 13, perDay: Math.round(56_000 / 13) });
    expect(h.forecast!.endTotal).toBe(Math.round(60_000 + (56_000 / 13) * 13.5));
    expect(h.forecast!.peakDay).toEqual({ date: '2026-05-14', characters: 36_000 });
  });

  it('after an install mid-period keeps the period average until a week is recorded, then leaves out what came before', () => {
    // Installed on 12 May at 15:00 (4,329 already used), then 100 characters a day.
    const grow = (t: number) => 4_329 + Math.round(((t - T('2026-05-12T15:00:00Z')) / DAY_MS) * 100);
    const early = T('2026-05-15T09:00:00Z'); // 14.375 days into the period, under 3 days after the install
    const f1 = history(reads('2026-05-12T15:00:00Z', '2026-05-15T09:00:00Z', 3, grow), early).forecast!;
    // The period's average: everything counted (the 4,329 included) over the whole period so far.
    expect(f1).toMatchObject({ basis: 'period', days: 14, peakDay: null, perDay: Math.round(grow(early) / 14.375) });

    const later = T('2026-05-20T15:00:00Z');
    const f2 = history(reads('2026-05-12T15:00:00Z', '2026-05-20T15:00:00Z', 3, grow), later).forecast!;
    // 700 over the last 7 days: the 4,329 from before Verso's first read is not part of the pace.
    expect(f2).toMatchObject({ basis: 'recent', days: 7, perDay: 100, peakDay: null });
    expect(f2.endTotal).toBe(grow(later) + Math.round(100 * 11.375));
  });

  it('pins the week start between equal reads, and keeps the period average without a read a week back', () => {
    const now = T('2026-05-10T00:00:00Z');
    const at = (iso: string, c: number): UsageSnapshot => ({ at: iso, characterCount: c, characterLimit: 1_000_000, ...may });
    // Equal reads on 1 and 5 May pin the count at 3 May 00:00 (a week before the latest read): 7,000 in 7 days.
    const pinned = forecastWithBasis(at('2026-05-10T00:00:00Z', 7_000), [at('2026-05-01T00:00:00Z', 0), at('2026-05-05T00:00:00Z', 0), at('2026-05-10T00:00:00Z', 7_000)], p, now)!;
    expect(pinned).toMatchObject({ basis: 'recent', days: 7, perDay: 1_000 });
    // The first read is 6 days old: not a week of records yet.
    const short = forecastWithBasis(at('2026-05-10T00:00:00Z', 9_000), [at('2026-05-04T00:00:00Z', 3_000), at('2026-05-10T00:00:00Z', 9_000)], p, now)!;
    expect(short).toMatchObject({ basis: 'period', days: 9, perDay: 1_000 });
    // Still too early for any pace in the first hour.
    expect(forecastWithBasis(at('2026-05-01T00:10:00Z', 5), [at('2026-05-01T00:10:00Z', 5)], p, T('2026-05-01T00:10:00Z'))).toBeNull();
  });
});
