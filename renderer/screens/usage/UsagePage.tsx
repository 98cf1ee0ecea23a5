/**
 * Renderer: the Usage screen. This period (account and key bars with 80 %/100 % marks, products, period bounds and
 * days left), the recorded history as a chart with the forecast in words, where the characters went (from Verso's
 * own records), alerts, every connection at a glance, CSV export and refresh. Missing fields read as unknown.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { UsageAlertSettings, UsageHistory, UsageReport } from '../../../shared/ipc/contract-usage.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { isolate } from '../../lib/bidi.js';
import { useConnectionName } from '../../lib/local-names.js';
import { useConnections } from '../../lib/queries.js';
import {
  useAlertSettings,
  useUsageAlerts,
  useUsageAll,
  useUsageEvents,
  useUsageHistory,
  useUsageReport,
  usageKeys,
} from './queries.js';
import { UsageBar } from './UsageBar.js';
import { UsageChart, localDate } from './UsageChart.js';
import './usage.css';

const DAY = 86_400_000;

/** The time now, ticking every 30 s so "updated N minutes ago" stays true. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * A period bound as its calendar day in the account's period (UTC, as the service sends it), shown as that day
 * wherever the user is: `2026-11-01T00:00Z` is 1 November in New York too. The end is shown end-inclusive (the
 * caller passes the last millisecond of the period, so a period ending `2026-12-01T00:00Z` ends on 30 November).
 */
export function periodDay(iso: string): Date {
  return localDate(new Date(Date.parse(iso)).toISOString());
}

/** "Updated 5 seconds ago", never in the future: a read that landed after the last tick counts as now. */
export function updatedAgo(fetchedAt: string, now: number): { at: number; now: number } {
  const current = Math.max(now, Date.now());
  return { at: Math.min(Date.parse(fetchedAt), current), now: current };
}

function PeriodCard({ report, now }: { report: UsageReport; now: number }) {
  const t = useT();
  const fmt = useFormat();
  const u = report.usage;
  const p = report.period;
  const end = Date.parse(p.end);
  const daysLeft = Math.max(0, Math.ceil((end - now) / DAY));
  const hasKey = u.apiKeyCharacterCount !== undefined || u.apiKeyCharacterLimit !== undefined;
  return (
    <section className="card usage-card" aria-labelledby="usage-period-title">
      <h2 id="usage-period-title">{t('usage.period.title')}</h2>
      <UsageBar label={t('usage.period.account')} count={u.characterCount} limit={u.characterLimit} unlimited={u.unlimited} />
      {hasKey ? (
        <UsageBar
          label={t('usage.period.key')}
          count={u.apiKeyCharacterCount}
          limit={u.apiKeyCharacterLimit}
          unlimited={u.apiKeyUnlimited ?? false}
        />
      ) : null}
      {u.products && u.products.length > 0 ? (
        <table className="usage-products">
          <caption>{t('usage.products.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('usage.products.product')}</th>
              <th scope="col">{t('usage.products.account')}</th>
              <th scope="col">{t('usage.products.key')}</th>
            </tr>
          </thead>
          <tbody>
            {u.products.map((pr) => (
              <tr key={pr.productType}>
                <th scope="row">
                  {pr.productType === 'translate'
                    ? t('usage.products.translate')
                    : pr.productType === 'write'
                      ? t('usage.products.write')
                      : pr.productType}
                </th>
                <td>{pr.characterCount == null ? t('usage.unknown') : fmt.number(pr.characterCount)}</td>
                <td>{pr.apiKeyCharacterCount == null ? t('usage.unknown') : fmt.number(pr.apiKeyCharacterCount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="usage-period-dates">
        {t('usage.period.dates', {
          start: fmt.date(periodDay(p.start), 'medium'),
          end: fmt.date(periodDay(new Date(end - 1).toISOString()), 'medium'),
          days: daysLeft,
        })}
      </p>
      {p.assumed ? <p className="hint">{t('usage.period.assumed')}</p> : null}
    </section>
  );
}

/**
 * The forecast in words, starting with what it rests on (the pace of the last days Verso recorded, or the average
 * since the period began), with a note when one day carries most of that pace (the estimate is then rough).
 */
function ForecastWords({ history, report }: { history: UsageHistory; report: UsageReport }) {
  const t = useT();
  const fmt = useFormat();
  const f = history.forecast;
  if (!f) return <p className="hint">{t('usage.forecast.tooEarly')}</p>;
  // Nothing counted and no pace: "ends at about 0 characters" forecasts nothing, so say what is true instead.
  if (f.endTotal <= 0) return <p className="hint">{t('usage.forecast.nothingYet')}</p>;
  const u = report.usage;
  const limit = !u.unlimited && u.characterLimit != null ? u.characterLimit : null;
  return (
    <div className="usage-forecast">
      <p>
        {f.basis === 'recent'
          ? t('usage.forecast.recent', { days: f.days, total: fmt.number(about(f.endTotal)), perDay: fmt.number(about(f.perDay)) })
          : t('usage.forecast.period', { total: fmt.number(about(f.endTotal)), perDay: fmt.number(about(f.perDay)) })}
      </p>
      {limit !== null ? (
        <p>
          {f.limitDate
            ? t('usage.forecast.limitOn', { date: fmt.date(localDate(f.limitDate), 'long') })
            : t('usage.forecast.limitSafe', { limit: fmt.number(limit) })}
        </p>
      ) : null}
      {f.keyLimitDate ? <p>{t('usage.forecast.keyLimitOn', { date: fmt.date(localDate(f.keyLimitDate), 'long') })}</p> : null}
      {f.peakDay ? (
        <p className="hint">
          {t('usage.forecast.uneven', { count: fmt.number(f.peakDay.characters), date: fmt.date(localDate(f.peakDay.date), 'long') })}
        </p>
      ) : null}
      {f.basis === 'period' ? <p className="hint">{t('usage.forecast.periodWhy')}</p> : null}
    </div>
  );
}

/**
 * A forecast's figure as "about" says it: three significant digits (11,701 read "about 11,701", with two connections
 * of one account forecast at 11,701 and 11,700, seen on a Japanese tour).
 */
function about(n: number): number {
  if (!Number.isFinite(n) || Math.abs(n) < 1000) return Math.round(n);
  const step = 10 ** (Math.floor(Math.log10(Math.abs(n))) - 2);
  return Math.round(n / step) * step;
}

function SplitSection({ history }: { history: UsageHistory }) {
  const t = useT();
  const shown = useConnectionName();
  const fmt = useFormat();
  const s = history.split;
  return (
    <section className="card" aria-labelledby="usage-split-title">
      <h2 id="usage-split-title">{t('usage.split.title')}</h2>
      {s.byConnection.length === 0 ? (
        <p className="hint">{t('usage.split.empty')}</p>
      ) : (
        <>
          <p>{t('usage.split.thisConnection', { text: fmt.number(s.text), documents: fmt.number(s.documents) })}</p>
          <table className="usage-split">
            <thead>
              <tr>
                <th scope="col">{t('usage.split.connection')}</th>
                <th scope="col">{t('usage.split.text')}</th>
                <th scope="col">{t('usage.split.documents')}</th>
              </tr>
            </thead>
            <tbody>
              {s.byConnection.map((c) => (
                <tr key={c.connectionId}>
                  <th scope="row">{shown(c.name)}</th>
                  <td>{fmt.number(c.text)}</td>
                  <td>{fmt.number(c.documents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p className="hint">{t('usage.split.hint')}</p>
    </section>
  );
}

/**
 * Every connection's last usage read. Each bar is its account's figure (what `/v2/usage` counts), so two connections
 * of one account show the same one: the note says so, and the key's own count is given where the service reports it
 * (Pro). Seen on a tour: a key that had used nothing showed its account's 78,652 characters, read as its own.
 */
function AllConnections() {
  const t = useT();
  const f = useFormat();
  const shown = useConnectionName();
  const [open, setOpen] = useState(false);
  const all = useUsageAll(open);
  return (
    <section className="card" aria-labelledby="usage-all-title">
      <h2 id="usage-all-title">{t('usage.all.title')}</h2>
      {!open ? (
        <button type="button" className="btn" onClick={() => setOpen(true)}>
          {t('usage.all.show')}
        </button>
      ) : all.isPending ? (
        <p role="status">{t('app.common.loading')}</p>
      ) : all.isError ? (
        <ErrorAlert error={all.error} look="box" />
      ) : (
        <ul className="usage-all">
          {all.data.map((line) => (
            <li key={line.connectionId}>
              <UsageBar
                compact
                label={shown(line.name)}
                count={line.report?.usage.characterCount}
                limit={line.report?.usage.characterLimit}
                unlimited={line.report?.usage.unlimited ?? false}
              />
              {typeof line.report?.usage.apiKeyCharacterCount === 'number' ? (
                <p className="hint">{t('usage.all.keyCount', { count: line.report.usage.apiKeyCharacterCount, shown: f.number(line.report.usage.apiKeyCharacterCount) })}</p>
              ) : null}
              {line.errorCode ? <p className="hint">{t('usage.all.notRead')}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {open && all.data && all.data.length > 1 ? <p className="hint">{t('usage.all.accountNote')}</p> : null}
    </section>
  );
}

const THRESHOLD_CHOICES = [50, 80, 90, 100];

function AlertsSection() {
  const t = useT();
  const qc = useQueryClient();
  const settings = useAlertSettings();
  const save = useMutation({
    mutationFn: (s: UsageAlertSettings) => unwrap(api().usage.setAlertSettings(s)),
    onSuccess: (s) => qc.setQueryData(usageKeys.alertSettings, s),
  });
  if (!settings.data) return null;
  const s = settings.data;
  const toggle = (th: number) => {
    const next = s.thresholds.includes(th) ? s.thresholds.filter((x) => x !== th) : [...s.thresholds, th];
    if (next.length > 0) save.mutate({ ...s, thresholds: next });
  };
  return (
    <section className="card" aria-labelledby="usage-alerts-title">
      <h2 id="usage-alerts-title">{t('usage.alerts.title')}</h2>
      <label className="check">
        <input type="checkbox" checked={s.enabled} onChange={(e) => save.mutate({ ...s, enabled: e.target.checked })} />
        {t('usage.alerts.enabled')}
      </label>
      <fieldset className="usage-thresholds" disabled={!s.enabled}>
        <legend>{t('usage.alerts.thresholds')}</legend>
        {THRESHOLD_CHOICES.map((th) => (
          <label key={th} className="check">
            <input type="checkbox" checked={s.thresholds.includes(th)} onChange={() => toggle(th)} />
            {t('usage.alerts.threshold', { threshold: th })}
          </label>
        ))}
      </fieldset>
      {save.isError ? <ErrorAlert error={save.error} /> : null}
    </section>
  );
}

function AlertBanner() {
  const t = useT();
  const fmt = useFormat();
  const qc = useQueryClient();
  const alerts = useUsageAlerts();
  const dismiss = useMutation({
    mutationFn: () => unwrap(api().usage.dismissAlerts()),
    onSuccess: (list) => qc.setQueryData(usageKeys.alerts, list),
  });
  if (!alerts.data || alerts.data.length === 0) return null;
  return (
    <div className="banner banner-warning usage-alert-banner" role="status">
      <ul>
        {alerts.data.map((a) => (
          <li key={`${a.connectionId}-${a.scope}-${a.threshold}-${a.at}`}>
            {t(a.scope === 'key' ? 'usage.alert.bannerKey' : 'usage.alert.banner', {
              threshold: a.threshold,
              connection: a.connectionName,
              count: fmt.number(a.characterCount),
              limit: fmt.number(a.characterLimit),
            })}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-small" onClick={() => dismiss.mutate()}>
        {t('usage.alert.dismiss')}
      </button>
    </div>
  );
}

export function UsagePage() {
  const connections = useConnections();
  const activeId = connections.data?.activeId ?? null;
  const active = connections.data?.connections.find((c) => c.id === activeId) ?? null;
  useUsageEvents();
  // Everything below belongs to one connection: a switch in the sidebar replaces all of it at once (figures,
  // history, an export's result or error), so nothing of the previous account stays on screen.
  return <UsageForConnection key={activeId ?? ''} loading={connections.isPending} activeId={activeId} activeName={active?.name ?? null} />;
}

function UsageForConnection({ loading, activeId, activeName }: { loading: boolean; activeId: string | null; activeName: string | null }) {
  const t = useT();
  const fmt = useFormat();
  const now = useNow();
  const report = useUsageReport(activeId);
  const history = useUsageHistory(activeId);
  const [exported, setExported] = useState<string | null>(null);
  const exportCsv = useMutation({
    // The export names the connection shown here, never "whichever is active when the call arrives".
    mutationFn: () => unwrap(api().usage.exportCsv(activeId ? { connectionId: activeId } : undefined)),
    onSuccess: (r) => setExported(r?.path ?? null),
  });
  const updated = report.data ? updatedAgo(report.data.fetchedAt, now) : null;

  const header = (
    <header className="screen-header usage-header">
      <ScreenTitle title={t('usage.title')} connectionName={activeName} />
      <div className="toolbar">
        {updated ? (
          <span className="hint" aria-live="polite">
            {t('usage.updated', { ago: fmt.relative(updated.at, updated.now) })}
          </span>
        ) : null}
        {/* Busy, they stay focusable (aria-disabled): a disabled button drops the keyboard focus to the page (seen on
            a French keyboard tour after Export). */}
        <button
          type="button"
          className="btn"
          onClick={() => !report.isFetching && void report.refetch()}
          disabled={!activeId}
          aria-disabled={report.isFetching || undefined}
        >
          {report.isFetching ? t('usage.refreshing') : t('usage.refresh')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => !exportCsv.isPending && exportCsv.mutate()}
          disabled={!activeId}
          aria-disabled={exportCsv.isPending || undefined}
        >
          {t('usage.export')}
        </button>
      </div>
    </header>
  );

  if (loading) {
    return (
      <div className="screen usage-screen">
        {header}
        <p role="status">{t('app.common.loading')}</p>
      </div>
    );
  }
  if (!activeId) {
    return (
      <div className="screen usage-screen">
        {header}
        <p>{t('usage.noConnection')}</p>
      </div>
    );
  }
  return (
    <div className="screen usage-screen">
      {header}
      <AlertBanner />
      {exportCsv.isError ? <ErrorAlert error={exportCsv.error} look="box" /> : null}
      {exported ? <p className="alert alert-success" role="status">{t('usage.exported', { path: isolate(exported) })}</p> : null}
      {report.isPending ? (
        <p role="status">{t('usage.loading')}</p>
      ) : report.isError && !report.data ? (
        <ErrorAlert error={report.error} look="box" />
      ) : report.data ? (
        <>
          {report.isError ? <ErrorAlert error={report.error} look="box" message={t('usage.staleError')} /> : null}
          <PeriodCard report={report.data} now={now} />
          <section className="card" aria-labelledby="usage-history-title">
            <h2 id="usage-history-title">{t('usage.history.title')}</h2>
            {history.isError ? (
              <ErrorAlert error={history.error} look="box" />
            ) : !history.data ? (
              <p role="status">{t('app.common.loading')}</p>
            ) : (
              <>
                <ForecastWords history={history.data} report={report.data} />
                <UsageChart
                  history={history.data}
                  limit={!report.data.usage.unlimited ? report.data.usage.characterLimit : null}
                  now={now}
                />
                <p className="hint">{t('usage.history.hint', { count: history.data.snapshotCount })}</p>
              </>
            )}
          </section>
          {history.data ? <SplitSection history={history.data} /> : null}
        </>
      ) : null}
      <AllConnections />
      <AlertsSection />
    </div>
  );
}
