/**
 * Usage arithmetic (main process, pure): the tolerant `/v2/usage` parser, billing periods, per-day series from
 * recorded snapshots, the forecast (at the pace of the last week once Verso has recorded one, else at the period's
 * average) and the split of Verso's own billed records. No I/O and no clock of its own (callers pass `now`), so
 * every rule here is tested with fixed times.
 *
 * Attribution rule: characters are counted on the UTC day Verso saw them. Counts only grow within a period, so
 * the usage of a day is the last count seen by the end of that day minus the last count seen before it; days
 * before the first snapshot of a period, and days still to come, are unknown (null) rather than zero. The count
 * of the first reading of a period is what was used before Verso looked (on any day up to then): it is reported
 * apart (`beforeFirstReading`), never booked on the day of that reading (Verso installed mid-month would
 * otherwise show the whole month so far as one day's spike).
 */
import Papa from 'papaparse';
import { z } from 'zod';
import type {
  UsageForecast,
  UsageHistory,
  UsagePeriod,
  UsageSnapshot,
  UsageBeforeFirstReading,
  UsageSplit,
  UsageView,
} from '../../../shared/ipc/contract-usage.js';
import { LIMITS } from '../../../shared/spec/limits.js';
import { ApiError } from './api-errors.js';

export const DAY_MS = 86_400_000;

/** Everything optional: a compatible service may omit any field, and an omitted count is unknown, not zero. */
export const LooseUsage = z.looseObject({});

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function time(v: unknown): string | undefined {
  return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : undefined;
}

const isUnlimited = (limit: number | null): boolean => limit !== null && limit >= LIMITS.unsetLimit;

/** `/v2/usage` body → view. Missing or malformed fields become unknown; only a non-object body is an error. */
export function parseUsage(raw: unknown): UsageView {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ApiError('bad_response', 'The service answered the usage request with something that is not a usage record.');
  }
  const r = raw as Record<string, unknown>;
  const characterLimit = num(r.character_limit);
  const out: UsageView = { characterCount: num(r.character_count), characterLimit, unlimited: isUnlimited(characterLimit) };
  if ('api_key_character_count' in r) out.apiKeyCharacterCount = num(r.api_key_character_count);
  if ('api_key_character_limit' in r) {
    out.apiKeyCharacterLimit = num(r.api_key_character_limit);
    out.apiKeyUnlimited = isUnlimited(out.apiKeyCharacterLimit);
  }
  if (Array.isArray(r.products)) {
    out.products = r.products
      .filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null)
      .map((p) => ({
        productType: typeof p.product_type === 'string' ? p.product_type : 'unknown',
        apiKeyCharacterCount: num(p.api_key_character_count),
        characterCount: num(p.character_count),
      }));
  }
  const start = time(r.start_time);
  const end = time(r.end_time);
  if (start !== undefined) out.startTime = start;
  if (end !== undefined) out.endTime = end;
  return out;
}

export function calendarMonth(at: number): { start: number; end: number } {
  const d = new Date(at);
  return {
    start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
    end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
  };
}

/** The period a read belongs to: the service's bounds when it sends both, else the calendar month (UTC). */
export function periodOf(u: { startTime?: string | undefined; endTime?: string | undefined }, at: number): UsagePeriod {
  if (u.startTime && u.endTime && Date.parse(u.endTime) > Date.parse(u.startTime)) {
    return { start: new Date(Date.parse(u.startTime)).toISOString(), end: new Date(Date.parse(u.endTime)).toISOString(), assumed: false };
  }
  const m = calendarMonth(at);
  return { start: new Date(m.start).toISOString(), end: new Date(m.end).toISOString(), assumed: true };
}

/** The period before `p`: same day of the previous month, or the same length back when that does not apply. */
export function previousPeriod(p: UsagePeriod): UsagePeriod {
  const start = new Date(p.start);
  const prev = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, start.getUTCDate(), start.getUTCHours(), start.getUTCMinutes());
  const len = Date.parse(p.end) - Date.parse(p.start);
  const prevStart = len > 27 * DAY_MS && len < 32 * DAY_MS ? prev : Date.parse(p.start) - len;
  return { start: new Date(prevStart).toISOString(), end: p.start, assumed: p.assumed };
}

export function snapshotOf(u: UsageView, at: number): UsageSnapshot {
  const s: UsageSnapshot = { at: new Date(at).toISOString(), characterCount: u.characterCount, characterLimit: u.characterLimit };
  if (u.apiKeyCharacterCount !== undefined) s.apiKeyCharacterCount = u.apiKeyCharacterCount;
  if (u.apiKeyCharacterLimit !== undefined) s.apiKeyCharacterLimit = u.apiKeyCharacterLimit;
  if (u.startTime !== undefined) s.startTime = u.startTime;
  if (u.endTime !== undefined) s.endTime = u.endTime;
  return s;
}

export function sameValues(a: UsageSnapshot, b: UsageSnapshot): boolean {
  return (
    a.characterCount === b.characterCount &&
    a.characterLimit === b.characterLimit &&
    a.apiKeyCharacterCount === b.apiKeyCharacterCount &&
    a.apiKeyCharacterLimit === b.apiKeyCharacterLimit &&
    a.startTime === b.startTime &&
    a.endTime === b.endTime
  );
}

/**
 * Appends a read. A run of identical reads keeps its first and last (the first dates the count, the last says it
 * still held), so polling an idle account does not grow the file. Older history is thinned to one read per day.
 */
export function appendSnapshot(list: UsageSnapshot[], s: UsageSnapshot, now: number): UsageSnapshot[] {
  const out = list.slice();
  const last = out[out.length - 1];
  const before = out[out.length - 2];
  if (last && before && sameValues(last, s) && sameValues(before, s)) out[out.length - 1] = s;
  else out.push(s);
  return thin(out, now);
}

const THIN_AFTER_MS = 14 * DAY_MS;
const KEEP_MS = 400 * DAY_MS;

/** Keeps every read of the last two weeks and the last read of each older UTC day, for about a year. */
export function thin(list: UsageSnapshot[], now: number): UsageSnapshot[] {
  const out: UsageSnapshot[] = [];
  for (let i = 0; i < list.length; i++) {
    const s = list[i]!;
    const t = Date.parse(s.at);
    if (now - t > KEEP_MS) continue;
    if (now - t > THIN_AFTER_MS) {
      const next = list[i + 1];
      if (next && Math.floor(Date.parse(next.at) / DAY_MS) === Math.floor(t / DAY_MS)) continue;
    }
    out.push(s);
  }
  return out;
}

function inPeriod(s: UsageSnapshot, p: UsagePeriod): boolean {
  const t = Date.parse(s.at);
  if (t < Date.parse(p.start) || t >= Date.parse(p.end)) return false;
  // A read that names another period (the service's clock and ours disagree at the boundary) is not this one's.
  return p.assumed || s.startTime === undefined || Date.parse(s.startTime) === Date.parse(p.start);
}

/** Per-day usage and the cumulative count at each day's end, for one period, and what came before the first read. */
export function dailySeries(
  snapshots: readonly UsageSnapshot[],
  p: UsagePeriod,
  now: number,
  pick: (s: UsageSnapshot) => number | null | undefined = (s) => s.characterCount,
): { days: UsageHistory['days']; cumulative: (number | null)[]; beforeFirstReading: UsageBeforeFirstReading | null } {
  const start = Date.parse(p.start);
  const end = Date.parse(p.end);
  const points = snapshots
    .filter((s) => inPeriod(s, p))
    .map((s) => ({ t: Date.parse(s.at), v: pick(s) }))
    .filter((x): x is { t: number; v: number } => typeof x.v === 'number')
    .sort((a, b) => a.t - b.t);
  const dayCount = Math.max(1, Math.ceil((end - start) / DAY_MS));
  const days: UsageHistory['days'] = [];
  const cumulative: (number | null)[] = [];
  const first = points[0];
  const beforeFirstReading = first && first.v > 0 ? { characters: first.v, at: new Date(first.t).toISOString() } : null;
  let j = 0;
  let last: number | null = null;
  for (let d = 0; d < dayCount; d++) {
    const dayStart = start + d * DAY_MS;
    const dayEnd = Math.min(end, dayStart + DAY_MS);
    // The first reading's count is the baseline: what came before it is reported apart, not booked on its day.
    const prior = last ?? (first && first.t < dayEnd ? first.v : null);
    while (j < points.length && points[j]!.t < dayEnd) last = points[j++]!.v;
    const date = new Date(dayStart).toISOString().slice(0, 10);
    if (dayStart > now || last === null || prior === null) {
      days.push({ day: d + 1, date, characters: null });
      cumulative.push(dayStart > now ? null : last);
      continue;
    }
    days.push({ day: d + 1, date, characters: Math.max(0, last - prior) });
    cumulative.push(last);
  }
  return { days, cumulative, beforeFirstReading };
}

/** The figures of a forecast, without what its pace rests on. */
type ForecastFigures = Pick<UsageForecast, 'endTotal' | 'perDay' | 'limitDate' | 'keyLimitDate'>;

function reachDate(count: number | null | undefined, limit: number | null | undefined, perDay: number, at: number, now: number, end: number): string | null {
  if (count == null || limit == null || limit >= LIMITS.unsetLimit) return null;
  if (count >= limit) return new Date(now).toISOString().slice(0, 10);
  if (perDay <= 0) return null;
  const t = at + ((limit - count) / perDay) * DAY_MS;
  return t < end ? new Date(Math.max(t, now)).toISOString().slice(0, 10) : null;
}

/** The count of `latest` (read at `at`) carried to period end at `perDay`, and the days the limits would be reached. */
function project(latest: UsageSnapshot, count: number, at: number, now: number, end: number, perDay: number, keyPerDay: number): ForecastFigures {
  return {
    endTotal: Math.round(count + (perDay * Math.max(0, end - at)) / DAY_MS),
    perDay: Math.round(perDay),
    limitDate: reachDate(count, latest.characterLimit, perDay, at, now, end),
    keyLimitDate: reachDate(latest.apiKeyCharacterCount, latest.apiKeyCharacterLimit, keyPerDay, at, now, end),
  };
}

/** When the latest count was read (never after `now`), and how long the period had run by then. */
function readAt(latest: UsageSnapshot, p: UsagePeriod, now: number): { at: number; elapsed: number } {
  const at = Math.min(Date.parse(latest.at), now, Date.parse(p.end));
  return { at, elapsed: at - Date.parse(p.start) };
}

/**
 * At the average pace since the period began (its count over the time from its start to the latest read): the
 * count at period end and the dates the account and key limits would be reached. Null in the first hour, where a
 * pace means nothing. The fallback of `forecastWithBasis`, which says what a forecast rests on.
 */
export function forecast(latest: UsageSnapshot | undefined, p: UsagePeriod, now: number): ForecastFigures | null {
  if (!latest || latest.characterCount === null) return null;
  const { at, elapsed } = readAt(latest, p, now);
  if (elapsed < 3_600_000) return null;
  const perDay = (latest.characterCount / elapsed) * DAY_MS;
  const keyPerDay = latest.apiKeyCharacterCount != null ? (latest.apiKeyCharacterCount / elapsed) * DAY_MS : 0;
  return project(latest, latest.characterCount, at, now, Date.parse(p.end), perDay, keyPerDay);
}

/** Days of this period Verso must have recorded before the forecast follows the recent pace, and that pace's span. */
export const RECENT_DAYS = 7;

interface Read {
  t: number;
  count: number;
  key: number | null;
}

/**
 * The UTC day on which more than half of the characters from `from` to the last read were counted (a count is
 * booked on the day of the read that saw it, as in `dailySeries`), when the span is 3 days or more; else null.
 * `total` is what the pace rests on: the reads' growth, plus for the period average what came before Verso's first
 * read (counted on no day Verso knows).
 */
function peakOf(reads: readonly Read[], from: Read, total: number, days: number): UsageForecast['peakDay'] {
  if (days < 3 || total <= 0) return null;
  const perDay = new Map<string, number>();
  let prev = from.count;
  for (const r of reads) {
    if (r.t <= from.t) continue;
    const date = new Date(r.t).toISOString().slice(0, 10);
    perDay.set(date, (perDay.get(date) ?? 0) + Math.max(0, r.count - prev));
    prev = r.count;
  }
  let peak: UsageForecast['peakDay'] = null;
  for (const [date, characters] of perDay) if (characters > total / 2 && (!peak || characters > peak.characters)) peak = { date, characters };
  return peak;
}

/**
 * The forecast and what it rests on. Rule: once Verso's reads of this period reach back a week before the latest
 * read, the pace is the characters counted over that week, divided by its length (`basis: 'recent'`); before that,
 * the period's average so far (`basis: 'period'`, as `forecast`).
 *
 * The week is measured between reads, never from the per-day series: the count at its start is a read's, so days
 * Verso knows nothing about are never counted as zero, and what was used before Verso's first read of a period (an
 * install mid-period) is never part of it. Counts only grow within a period, so equal reads on both sides of the
 * week's start pin the count there (idle polling keeps only the first and last of a run of equal reads); otherwise
 * the week starts at the last read before it (Verso was not running then) and the pace rests on a few more days.
 * Why a week: it holds a whole weekly rhythm (quiet weekends do not pull the pace down or up), and a spike of the
 * last days weighs in full instead of being spread over the whole period, which is what went wrong before.
 */
export function forecastWithBasis(
  latest: UsageSnapshot | undefined,
  snapshots: readonly UsageSnapshot[],
  p: UsagePeriod,
  now: number,
): UsageForecast | null {
  const byPeriod = forecast(latest, p, now);
  if (!latest || !byPeriod || latest.characterCount === null) return null;
  const { at, elapsed } = readAt(latest, p, now);
  const count = latest.characterCount;
  const key = latest.apiKeyCharacterCount ?? null;
  const reads: Read[] = snapshots
    .filter((s) => inPeriod(s, p) && typeof s.characterCount === 'number' && Date.parse(s.at) <= at)
    .map((s) => ({ t: Date.parse(s.at), count: s.characterCount!, key: s.apiKeyCharacterCount ?? null }))
    .sort((a, b) => a.t - b.t);
  const last: Read = { t: at, count, key };
  const first = reads[0];
  const periodDays = Math.max(1, Math.round(elapsed / DAY_MS));

  const weekAgo = at - RECENT_DAYS * DAY_MS;
  let i = -1;
  for (let k = 0; k < reads.length && reads[k]!.t <= weekAgo; k++) i = k;
  const before = reads[i];
  const after = reads[i + 1];
  // The week's start: the count there when equal reads pin it, else the last read before it.
  const from: Read | undefined =
    before && after && after.count === before.count && after.key === before.key ? { ...before, t: weekAgo } : before;
  // The key's pace needs the key's count at the same start (else the whole forecast keeps the period average).
  if (from && (key === null || from.key !== null)) {
    const span = (last.t - from.t) / DAY_MS;
    const perDay = Math.max(0, count - from.count) / span;
    const keyPerDay = key !== null && from.key !== null ? Math.max(0, key - from.key) / span : 0;
    const days = Math.round(span);
    return {
      ...project(latest, count, at, now, Date.parse(p.end), perDay, keyPerDay),
      basis: 'recent',
      days,
      peakDay: peakOf([...reads, last], from, count - from.count, days),
    };
  }
  return {
    ...byPeriod,
    basis: 'period',
    days: periodDays,
    peakDay: first ? peakOf([...reads, last], first, count, periodDays) : null,
  };
}

/** Billed characters Verso recorded, summed per connection, kind and UTC day. */
export interface BilledDay {
  connectionId: string;
  kind: 'text' | 'document';
  day: string;
  characters: number;
}

export function split(
  billed: readonly BilledDay[],
  p: UsagePeriod,
  connectionId: string,
  names: ReadonlyMap<string, string>,
): UsageSplit {
  const from = p.start.slice(0, 10);
  const to = new Date(Date.parse(p.end) - 1).toISOString().slice(0, 10);
  const per = new Map<string, { text: number; documents: number }>();
  for (const b of billed) {
    if (b.day < from || b.day > to) continue;
    const row = per.get(b.connectionId) ?? { text: 0, documents: 0 };
    if (b.kind === 'text') row.text += b.characters;
    else row.documents += b.characters;
    per.set(b.connectionId, row);
  }
  const own = per.get(connectionId) ?? { text: 0, documents: 0 };
  return {
    text: own.text,
    documents: own.documents,
    byConnection: [...per.entries()]
      .map(([id, v]) => ({ connectionId: id, name: names.get(id) ?? id, ...v }))
      .sort((a, b) => b.text + b.documents - (a.text + a.documents)),
  };
}

export function buildHistory(o: {
  connectionId: string;
  snapshots: readonly UsageSnapshot[];
  billed: readonly BilledDay[];
  names: ReadonlyMap<string, string>;
  now: number;
}): UsageHistory {
  const latest = o.snapshots[o.snapshots.length - 1];
  const period = periodOf(latest ?? {}, latest ? Date.parse(latest.at) : o.now);
  const current = dailySeries(o.snapshots, period, o.now);
  const prev = dailySeries(o.snapshots, previousPeriod(period), o.now);
  const inCurrent = latest && inPeriod(latest, period) ? latest : undefined;
  return {
    connectionId: o.connectionId,
    period,
    days: current.days,
    previousDays: prev.days,
    cumulative: current.cumulative,
    beforeFirstReading: current.beforeFirstReading,
    forecast: forecastWithBasis(inCurrent, o.snapshots, period, o.now),
    split: split(o.billed, period, o.connectionId, o.names),
    snapshotCount: o.snapshots.length,
  };
}

/** CSV through papaparse, formulae escaped (labels are typed by people and opened in spreadsheets). */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return Papa.unparse(rows.map((r) => r.map((v) => (v == null ? '' : v))), { escapeFormulae: true, newline: '\r\n' }) + '\r\n';
}
