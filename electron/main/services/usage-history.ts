/**
 * Usage arithmetic (main process, pure): the tolerant `/v2/usage` parser, billing periods, per-day series from
 * recorded snapshots, the forecast at the current pace and the split of Verso's own billed records. No I/O and no
 * clock of its own (callers pass `now`), so every rule here is tested with fixed times.
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

function reachDate(count: number | null | undefined, limit: number | null | undefined, perDay: number, now: number, end: number): string | null {
  if (count == null || limit == null || limit >= LIMITS.unsetLimit) return null;
  if (count >= limit) return new Date(now).toISOString().slice(0, 10);
  if (perDay <= 0) return null;
  const t = now + ((limit - count) / perDay) * DAY_MS;
  return t < end ? new Date(t).toISOString().slice(0, 10) : null;
}

/**
 * At the pace of this period so far (its count over the time elapsed since its start): the count at period end
 * and the dates the account and key limits would be reached. Null in the first hour, where a pace means nothing.
 */
export function forecast(latest: UsageSnapshot | undefined, p: UsagePeriod, now: number): UsageForecast | null {
  if (!latest || latest.characterCount === null) return null;
  const start = Date.parse(p.start);
  const end = Date.parse(p.end);
  const elapsed = Math.min(now, end) - start;
  if (elapsed < 3_600_000) return null;
  const perDay = (latest.characterCount / elapsed) * DAY_MS;
  const remainingDays = Math.max(0, end - now) / DAY_MS;
  const keyPerDay = latest.apiKeyCharacterCount != null ? (latest.apiKeyCharacterCount / elapsed) * DAY_MS : 0;
  return {
    endTotal: Math.round(latest.characterCount + perDay * remainingDays),
    perDay: Math.round(perDay),
    limitDate: reachDate(latest.characterCount, latest.characterLimit, perDay, now, end),
    keyLimitDate: reachDate(latest.apiKeyCharacterCount, latest.apiKeyCharacterLimit, keyPerDay, now, end),
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
    forecast: forecast(inCurrent, period, o.now),
    split: split(o.billed, period, o.connectionId, o.names),
    snapshotCount: o.snapshots.length,
  };
}

/** CSV through papaparse, formulae escaped (labels are typed by people and opened in spreadsheets). */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return Papa.unparse(rows.map((r) => r.map((v) => (v == null ? '' : v))), { escapeFormulae: true, newline: '\r\n' }) + '\r\n';
}
