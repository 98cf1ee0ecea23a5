/**
 * Renderer component: characters per day of this period and the previous one, the running total and the forecast
 * to period end, drawn with uPlot. uPlot (and its CSS) is fetched with `import()` when the chart first mounts,
 * so it is not in the initial bundle. The same numbers sit in a table behind a disclosure for screen readers and
 * keyboard users; the canvas itself is decorative to assistive technology.
 *
 * Every figure the chart prints goes through the UI language's formatters (uPlot's own number formatting follows
 * the browser's locale, which may use another digit system than the UI), both y-axes are labelled, and the legend
 * is HTML beside the canvas: it shows the values of today (or of the hovered day) without needing a pointer. The
 * running total is drawn from the first read of the period; what that read already counted is named apart
 * ("before Verso's first read"), and the forecast continues from the last known total at the pace the forecast's
 * words name, to the period-end total they give. In a right-to-left UI the chart is mirrored as the layout is: the
 * x scale runs right to left (uPlot's `dir: -1`, so the first day is at the right) and the two y-axes swap sides;
 * cursor indexes stay data indexes, so the legend is unchanged.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { UsageHistory } from '../../../shared/ipc/contract-usage.js';
import { useFormat, useI18n, useT } from '../../i18n/index.js';
import 'uplot/dist/uPlot.min.css';

type UPlotCtor = typeof import('uplot');
let uplotLoad: Promise<UPlotCtor> | undefined;

/** Fetches uPlot once (its stylesheet is small and comes with this screen's chunk). */
export function loadUPlot(): Promise<UPlotCtor> {
  uplotLoad ??= import('uplot').then((m) => (m as unknown as { default?: UPlotCtor }).default ?? (m as unknown as UPlotCtor));
  return uplotLoad;
}

/** A CSS variable resolved to a colour the canvas understands (custom properties are not resolved by getComputedStyle). */
function cssColour(host: HTMLElement, variable: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${variable})`;
  host.appendChild(probe);
  const c = getComputedStyle(probe).color;
  probe.remove();
  return c || '#888';
}

/** `2026-05-03` as that calendar day in local time (a UTC midnight would show the day before west of Greenwich). */
export function localDate(iso: string): Date {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

/**
 * The forecast the chart shows: none where nothing has been counted and there is no pace (a forecast of 0 characters
 * forecasts nothing; the words above the chart say nothing has been used yet).
 */
export function shownForecast(h: UsageHistory): UsageHistory['forecast'] {
  return h.forecast && h.forecast.endTotal > 0 ? h.forecast : null;
}

/** The index of the last day up to `todayIndex` with a known running total, or -1. */
export function lastKnownIndex(h: UsageHistory, todayIndex: number): number {
  for (let i = Math.min(todayIndex, h.cumulative.length - 1); i >= 0; i--) if (h.cumulative[i] != null) return i;
  return -1;
}

/** Chart columns: day of period, per day (this, previous), running total, forecast, limit. */
export function chartData(h: UsageHistory, limit: number | null, todayIndex: number): (number | null)[][] {
  const n = Math.max(h.days.length, h.previousDays.length);
  const xs = Array.from({ length: n }, (_, i) => i + 1);
  const at = <T,>(a: readonly T[], i: number) => (i < a.length ? a[i]! : null);
  const cum = xs.map((_, i) => (i <= todayIndex ? (at(h.cumulative, i) ?? null) : null));
  // The forecast continues the line from its last known point (never from zero, never from a day without data),
  // rises at the forecast's pace per day and ends on its period-end total, the figure the words give (that total
  // also counts the rest of the day of the latest read, so the first step may be a little more than a day's pace).
  const from = lastKnownIndex(h, todayIndex);
  const last = from >= 0 ? h.cumulative[from]! : null;
  const f = shownForecast(h);
  const lastDay = h.days.length - 1;
  const forecastLine = xs.map((_, i) => {
    if (!f || last === null || i < from || i > lastDay) return null;
    if (i === from) return last;
    return Math.max(last, Math.round(f.endTotal - f.perDay * (lastDay - i)));
  });
  return [
    xs,
    xs.map((_, i) => at(h.days, i)?.characters ?? null),
    xs.map((_, i) => at(h.previousDays, i)?.characters ?? null),
    cum,
    forecastLine,
    ...(limit !== null ? [xs.map(() => limit)] : []),
  ];
}

/** Legend swatch colours, by series (CSS variables of app.css, as the canvas uses them). */
const SERIES_VARS = ['--accent', '--fg-muted', '--fg', '--warning', '--danger'] as const;

export function UsageChart({ history, limit, now }: { history: UsageHistory; limit: number | null; now: number }) {
  const t = useT();
  const fmt = useFormat();
  const rtl = useI18n().translator.dir === 'rtl';
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [scheme, setScheme] = useState(0);
  /** The day the pointer is on (index), or null: the legend then shows today. */
  const [hover, setHover] = useState<number | null>(null);
  const dayLabel = (iso: string) => fmt.date(localDate(iso), 'medium');
  const todayIndex = Math.min(history.days.length - 1, Math.floor((now - Date.parse(history.period.start)) / 86_400_000));
  const data = useMemo(() => chartData(history, limit, todayIndex), [history, limit, todayIndex]);
  const labels = [
    t('usage.chart.thisPerDay'),
    t('usage.chart.previousPerDay'),
    t('usage.chart.total'),
    t('usage.chart.forecast'),
    ...(limit !== null ? [t('usage.chart.limit')] : []),
  ];

  // Redraw when the colour scheme changes (the canvas does not follow CSS by itself).
  useEffect(() => {
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    const bump = () => setScheme((n) => n + 1);
    mq?.addEventListener?.('change', bump);
    const mo = new MutationObserver(bump);
    mo.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      mq?.removeEventListener?.('change', bump);
      mo.disconnect();
    };
  }, []);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let chart: { destroy(): void; setSize(s: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    let ro: ResizeObserver | undefined;
    loadUPlot()
      .then((UPlot) => {
        if (cancelled || !host.current) return;
        // No 2D canvas (a locked-down or headless renderer): the table below carries the figures.
        if (!document.createElement('canvas').getContext('2d')) throw new Error('no canvas');
        const [accent, muted, fg, warn, danger] = SERIES_VARS.map((v) => cssColour(el, v)) as [string, string, string, string, string];
        const grid = cssColour(el, '--border');
        const width = Math.max(280, el.clientWidth);
        const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
        // Every printed number in the UI language's digits (uPlot would use the browser's locale).
        const whole = (_u: unknown, v: number[]) => v.map((x) => (Number.isInteger(x) ? fmt.number(x) : ''));
        const compact = (_u: unknown, v: number[]) => v.map((x) => fmt.compact(x));
        chart = new UPlot(
          {
            width,
            height: 280,
            scales: { x: { time: false, dir: rtl ? -1 : 1 }, day: { range: (_u: unknown, _min: number, max: number) => [0, Math.max(10, max * 1.1)] }, total: { range: (_u: unknown, _min: number, max: number) => [0, Math.max(10, max * 1.05)] } },
            legend: { show: false },
            cursor: { y: false },
            hooks: {
              setCursor: [(u: { cursor: { idx?: number | null } }) => setHover(u.cursor.idx ?? null)],
            },
            axes: [
              { ...axis, label: t('usage.chart.axisDay'), values: whole },
              // The per-day axis where reading starts (left, or right when mirrored), the running total's opposite.
              { ...axis, scale: 'day', side: rtl ? 1 : 3, label: t('usage.chart.axisPerDay'), values: compact, size: 60 },
              { ...axis, scale: 'total', side: rtl ? 3 : 1, label: t('usage.chart.axisTotal'), values: compact, size: 60, grid: { show: false } },
            ],
            series: [
              { label: t('usage.chart.axisDay') },
              { label: labels[0], scale: 'day', stroke: accent, fill: `color-mix(in srgb, ${accent} 25%, transparent)`, width: 2, paths: UPlot.paths.bars!({ size: [0.6, 40] }), points: { show: false } },
              { label: labels[1], scale: 'day', stroke: muted, width: 1.5, dash: [4, 4], points: { show: false } },
              // The running total marks each known day, so a single day (the first read) still shows where it is.
              { label: labels[2], scale: 'total', stroke: fg, width: 2, points: { show: true, size: 7, fill: fg } },
              { label: labels[3], scale: 'total', stroke: warn, width: 2, dash: [8, 6], points: { show: false } },
              ...(limit !== null ? [{ label: labels[4], scale: 'total', stroke: danger, width: 1, points: { show: false } }] : []),
            ],
          },
          data as never,
          el,
        );
        ro = new ResizeObserver(() => chart?.setSize({ width: Math.max(280, el.clientWidth), height: 280 }));
        ro.observe(el);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      ro?.disconnect();
      chart?.destroy();
    };
    // `labels` follows `t`; listing it would redraw on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, limit, scheme, t, fmt, rtl]);

  // The legend: the hovered day's values, else today's; the forecast names its value at period end.
  const idx = hover ?? Math.max(0, todayIndex);
  const forecastEnd = shownForecast(history)?.endTotal ?? null;
  const value = (series: number): number | null => {
    if (series === 3 && hover === null) return forecastEnd;
    return data[series + 1]?.[idx] ?? null;
  };
  const legendDay = history.days[idx];
  const before = history.beforeFirstReading ?? null;

  return (
    <figure className="usage-chart">
      <figcaption>{t('usage.chart.caption')}</figcaption>
      {failed ? <p className="hint">{t('usage.chart.failed')}</p> : <div ref={host} className="usage-chart-canvas" aria-hidden="true" />}
      <div className="usage-legend" aria-label={t('usage.chart.legend')} role="group">
        {legendDay ? (
          <p className="usage-legend-day">
            {hover === null
              ? t('usage.chart.legendToday', { day: legendDay.day, date: dayLabel(legendDay.date) })
              : t('usage.chart.legendDay', { day: legendDay.day, date: dayLabel(legendDay.date) })}
          </p>
        ) : null}
        <ul>
          {labels.map((label, i) => {
            const v = value(i);
            return (
              <li key={label} className={`usage-legend-item usage-legend-${i}`}>
                <span className="usage-legend-swatch" aria-hidden="true" />
                <span className="usage-legend-label">{i === 3 && hover === null ? t('usage.chart.forecastAtEnd') : label}</span>
                <span className="usage-legend-value">{v == null ? t('usage.unknownShort') : fmt.number(v)}</span>
              </li>
            );
          })}
        </ul>
        {before ? (
          <p className="usage-before-first">
            {t('usage.chart.beforeFirst', { count: fmt.number(before.characters), date: fmt.dateTime(Date.parse(before.at)) })}
          </p>
        ) : null}
      </div>
      <details className="usage-chart-table">
        <summary>{t('usage.chart.asTable')}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('usage.chart.date')}</th>
              <th scope="col">{t('usage.chart.thisPerDay')}</th>
              <th scope="col">{t('usage.chart.previousPerDay')}</th>
            </tr>
          </thead>
          <tbody>
            {before ? (
              <tr>
                <th scope="row">{t('usage.chart.beforeFirstRow')}</th>
                <td>{fmt.number(before.characters)}</td>
                <td />
              </tr>
            ) : null}
            {history.days.map((d, i) => (
              <tr key={d.date}>
                <td>{dayLabel(d.date)}</td>
                <td>{d.characters == null ? t('usage.unknownShort') : fmt.number(d.characters)}</td>
                <td>{history.previousDays[i]?.characters == null ? t('usage.unknownShort') : fmt.number(history.previousDays[i]!.characters!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
