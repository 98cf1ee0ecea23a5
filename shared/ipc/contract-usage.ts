/**
 * IPC contract of the usage domain (any process): the usage report of a connection (tolerant of the fields some
 * compatible services omit), its recorded history with per-day series and a forecast, the split of billed
 * characters from Verso's own records, alerts and CSV export. Spread into `contract.ts`.
 *
 * Recording billed characters (for other domains' main-process services): `UsageService.recordBilled({
 * connectionId, kind: 'text' | 'document', characters, at })` in `electron/main/services/usage.ts` appends to
 * the per-connection ledger in the user-data folder and schedules a usage snapshot shortly after (coalesced, so
 * translate-as-you-type does not read /v2/usage on every keystroke). `at` is an epoch-ms or ISO time; it never
 * throws (recording must not fail a translation).
 */
import { z } from 'zod';
import { Id, NoInput } from './contract-common.js';

/**
 * `/v2/usage` as the renderer sees it. Counts and limits are `null` when the service did not send them (unknown,
 * not an error); `unlimited` is true when the limit is the spec's "no limit set" value (10^12).
 */
export const UsageView = z.object({
  characterCount: z.number().nullable(),
  characterLimit: z.number().nullable(),
  unlimited: z.boolean(),
  apiKeyCharacterCount: z.number().nullable().optional(),
  apiKeyCharacterLimit: z.number().nullable().optional(),
  /** True when the key-level limit is the "no limit set" value. */
  apiKeyUnlimited: z.boolean().optional(),
  products: z
    .array(
      z.object({
        productType: z.string(),
        apiKeyCharacterCount: z.number().nullable(),
        characterCount: z.number().nullable(),
      }),
    )
    .optional(),
  startTime: z.string().optional(),
  endTime: z.string().optional(),
});
export type UsageView = z.infer<typeof UsageView>;

/** One recorded read of `/v2/usage` (kept per connection in the user-data folder). */
export const UsageSnapshot = z.object({
  /** ISO time of the read. */
  at: z.string(),
  characterCount: z.number().nullable(),
  characterLimit: z.number().nullable(),
  apiKeyCharacterCount: z.number().nullable().optional(),
  apiKeyCharacterLimit: z.number().nullable().optional(),
  startTime: z.string().optional(),
  endTime: z.string().optional(),
});
export type UsageSnapshot = z.infer<typeof UsageSnapshot>;

/** A billing period; `assumed` when the service does not report one (Free, Pro Classic): the calendar month (UTC). */
export const UsagePeriod = z.object({ start: z.string(), end: z.string(), assumed: z.boolean() });
export type UsagePeriod = z.infer<typeof UsagePeriod>;

export const UsageReport = z.object({
  connectionId: z.string(),
  usage: UsageView,
  period: UsagePeriod,
  /** ISO time of the read this report comes from. */
  fetchedAt: z.string(),
});
export type UsageReport = z.infer<typeof UsageReport>;

/** Characters per day of one period, `day` 1-based within the period; `characters` null on days with no record. */
export const UsageDay = z.object({ day: z.number().int(), date: z.string(), characters: z.number().nullable() });

export const UsageForecast = z.object({
  /** Characters at period end if the pace below holds. */
  endTotal: z.number(),
  /** Characters per day: the pace the forecast rests on (see `basis`). */
  perDay: z.number(),
  /** ISO date the account limit would be reached, when that falls inside the period. */
  limitDate: z.string().nullable(),
  /** Same for the key's own limit. */
  keyLimitDate: z.string().nullable(),
  /**
   * What the pace is: `recent`, the characters counted over the last `days` days of Verso's reads of this period
   * (a week, or a little more where Verso was not running a week ago); `period`, the period's count over the time
   * since it began (Verso has not yet recorded a week of this period).
   */
  basis: z.enum(['recent', 'period']),
  /** Whole days the pace rests on (rounded; at least 1). */
  days: z.number().int(),
  /**
   * The UTC day on which more than half of the characters the pace rests on were counted (the pace is then uneven
   * and the forecast rough), with that day's characters; null when the use is spread out.
   */
  peakDay: z.object({ date: z.string(), characters: z.number() }).nullable(),
});
export type UsageForecast = z.infer<typeof UsageForecast>;

export const UsageSplit = z.object({
  text: z.number(),
  documents: z.number(),
  byConnection: z.array(z.object({ connectionId: z.string(), name: z.string(), text: z.number(), documents: z.number() })),
});
export type UsageSplit = z.infer<typeof UsageSplit>;

/** The count at the first read of a period: used before Verso looked, on days Verso cannot tell apart. */
export const UsageBeforeFirstReading = z.object({ characters: z.number(), at: z.string() });
export type UsageBeforeFirstReading = z.infer<typeof UsageBeforeFirstReading>;

export const UsageHistory = z.object({
  connectionId: z.string(),
  period: UsagePeriod,
  /** This period, one entry per day up to its end. */
  days: z.array(UsageDay),
  /** The previous period, one entry per day. */
  previousDays: z.array(UsageDay),
  /** Cumulative count at the end of each day of this period so far (null before the first record). */
  cumulative: z.array(z.number().nullable()),
  /**
   * What the first read of this period already counted (used before Verso's first read, on earlier days or
   * earlier that day); null when that read counted nothing or there is none. Not part of any day in `days`.
   */
  beforeFirstReading: UsageBeforeFirstReading.nullable().optional(),
  forecast: UsageForecast.nullable(),
  split: UsageSplit,
  snapshotCount: z.number().int(),
});
export type UsageHistory = z.infer<typeof UsageHistory>;

export const UsageAlertSettings = z.object({
  enabled: z.boolean(),
  /** Percentages of a limit that raise an alert (once per threshold, scope and period). */
  thresholds: z.array(z.number().int().min(1).max(100)).min(1).max(5),
});
export type UsageAlertSettings = z.infer<typeof UsageAlertSettings>;
export const DEFAULT_ALERT_SETTINGS: UsageAlertSettings = { enabled: true, thresholds: [80, 100] };

export const UsageAlert = z.object({
  connectionId: z.string(),
  connectionName: z.string(),
  scope: z.enum(['account', 'key']),
  threshold: z.number().int(),
  characterCount: z.number(),
  characterLimit: z.number(),
  at: z.string(),
});
export type UsageAlert = z.infer<typeof UsageAlert>;

/** One line of "All connections": the last known usage (read now when reachable). */
export const UsageConnectionLine = z.object({
  connectionId: z.string(),
  name: z.string(),
  report: UsageReport.nullable(),
  /** IPC error code when it could not be read now (the last recorded report is shown instead, if any). */
  errorCode: z.string().optional(),
});
export type UsageConnectionLine = z.infer<typeof UsageConnectionLine>;

const ConnectionInput = z.object({ connectionId: Id.optional() }).optional();

export const usageCalls = {
  /** Reads /v2/usage of a connection (default: the active one) and records a snapshot. */
  'usage.get': { input: ConnectionInput, output: UsageReport },
  /** Per-day series, forecast and split from recorded snapshots and billed records (no network). */
  'usage.history': { input: ConnectionInput, output: UsageHistory },
  /** Every connection's usage, read in parallel (the last record where one cannot be read). */
  'usage.all': { input: NoInput, output: z.array(UsageConnectionLine) },
  /** Saves the snapshot history of a connection as CSV through the save dialog; null when cancelled. */
  'usage.exportCsv': { input: ConnectionInput, output: z.object({ path: z.string() }).nullable() },
  'usage.alertSettings': { input: NoInput, output: UsageAlertSettings },
  'usage.setAlertSettings': { input: UsageAlertSettings, output: UsageAlertSettings },
  /** Alerts raised and not dismissed (newest first). */
  'usage.alerts': { input: NoInput, output: z.array(UsageAlert) },
  'usage.dismissAlerts': { input: NoInput, output: z.array(UsageAlert) },
} as const;

export const usageEvents = {
  /** A new usage read of a connection. */
  'usage.changed': UsageReport,
  /** A threshold of a limit was crossed (once per threshold, scope and period). */
  'usage.alert': UsageAlert,
} as const;
