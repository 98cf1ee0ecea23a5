/**
 * Renderer component: characters per day of this period and the previous one, the running total and the forecast
 * to period end, drawn with uPlot. uPlot (and its CSS) is fetched with `import()` when the chart first mounts,
 * so it is not in the initial bundle. The same numbers sit in a table behind a disclosure for screen readers and
 * keyboard users; the canvas itself is decorative to assistive technology.
 */
import { useEffect, useRef, useState } from 'react';
import type { UsageHistory } from '../../../shared/ipc/contract-usage.js';
import { useFormat, useT } from '../../i18n/index.js';
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

/** Chart columns: day of period, per day (this, previous), running total, forecast, limit. */
export function chartData(h: UsageHistory, limit: number | null, todayIndex: number): (number | null)[][] {
  const n = Math.max(h.days.length, h.previousDays.length);
  const xs = Array.from({ length: n }, (_, i) => i + 1);
  const at = <T,>(a: readonly T[], i: number) => (i < a.length ? a[i]! : null);
  const cum = xs.map((_, i) => at(h.cumulative, i) ?? null);
  const last = todayIndex >= 0 ? (h.cumulative[todayIndex] ?? null) : null;
  const f = h.forecast;
  const forecastLine = xs.map((_, i) => {
    if (!f || last === null || i < todayIndex || i >= h.days.length) return null;
    return Math.round(last + f.perDay * (i - todayIndex));
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

export function UsageChart({ history, limit, now }: { history: UsageHistory; limit: number | null; now: number }) {
  const t = useT();
  const fmt = useFormat();
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [scheme, setScheme] = useState(0);
  const dayLabel = (iso: string) => fmt.date(localDate(iso), 'medium');
  const todayIndex = Math.floor((now - Date.parse(history.period.start)) / 86_400_000);

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
        const accent = cssColour(el, '--accent');
        const muted = cssColour(el, '--fg-muted');
        const fg = cssColour(el, '--fg');
        const warn = cssColour(el, '--warning');
        const danger = cssColour(el, '--danger');
        const grid = cssColour(el, '--border');
        const width = Math.max(280, el.clientWidth);
        const data = chartData(history, limit, todayIndex);
        const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
        chart = new UPlot(
          {
            width,
            height: 260,
            scales: { x: { time: false }, day: {}, total: {} },
            legend: { show: true },
            axes: [
              { ...axis, label: t('usage.chart.axisDay') },
              { ...axis, scale: 'day', values: (_u: unknown, v: number[]) => v.map((x) => fmt.compact(x)), size: 60 },
              { ...axis, scale: 'total', side: 1, values: (_u: unknown, v: number[]) => v.map((x) => fmt.compact(x)), size: 60, grid: { show: false } },
            ],
            series: [
              { label: t('usage.chart.axisDay') },
              { label: t('usage.chart.thisPerDay'), scale: 'day', stroke: accent, fill: `color-mix(in srgb, ${accent} 25%, transparent)`, width: 2, paths: UPlot.paths.bars!({ size: [0.6, 40] }) },
              { label: t('usage.chart.previousPerDay'), scale: 'day', stroke: muted, width: 1.5, dash: [4, 4] },
              { label: t('usage.chart.total'), scale: 'total', stroke: fg, width: 2 },
              { label: t('usage.chart.forecast'), scale: 'total', stroke: warn, width: 2, dash: [8, 6] },
              ...(limit !== null ? [{ label: t('usage.chart.limit'), scale: 'total', stroke: danger, width: 1 }] : []),
            ],
          },
          data as never,
          el,
        );
        ro = new ResizeObserver(() => chart?.setSize({ width: Math.max(280, el.clientWidth), height: 260 }));
        ro.observe(el);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      ro?.disconnect();
      chart?.destroy();
    };
  }, [history, limit, todayIndex, scheme, t, fmt]);

  return (
    <figure className="usage-chart">
      <figcaption>{t('usage.chart.caption')}</figcaption>
      {failed ? <p className="hint">{t('usage.chart.failed')}</p> : <div ref={host} className="usage-chart-canvas" aria-hidden="true" />}
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
