/**
 * Renderer component: characters used of a limit as a bar with marks at 80 % and 100 %. An unknown count or limit
 * shows as unknown (some compatible services omit them); the "no limit set" value shows as "no limit". Without a limit
 * an unknown count is said in words ("count not reported by the service"), not as "unknown characters".
 */
import { useFormat, useT } from '../../i18n/index.js';

export function UsageBar({
  label,
  count,
  limit,
  unlimited,
  compact = false,
}: {
  label: string;
  count: number | null | undefined;
  limit: number | null | undefined;
  unlimited: boolean;
  compact?: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  const known = count != null && limit != null && !unlimited && limit > 0;
  const ratio = known ? count / limit : 0;
  const level = !known ? 'none' : ratio >= 1 ? 'over' : ratio >= 0.8 ? 'warn' : 'ok';
  const countText = count == null ? t('usage.unknown') : fmt.number(count);
  const limitText = unlimited ? t('app.common.noLimit') : limit == null ? t('usage.unknown') : fmt.number(limit);
  const text = known
    ? t('usage.bar.ofLimit', { count: countText, limit: limitText, percent: fmt.percent(ratio) })
    : unlimited
      ? count == null
        ? t('usage.bar.noLimitNoCount')
        : t('usage.bar.noLimit', { count: countText })
      : t('usage.bar.unknownLimit', { count: countText, limit: limitText });
  return (
    <div className={`usage-bar usage-bar-${level}${compact ? ' usage-bar-compact' : ''}`}>
      <div className="usage-bar-head">
        <span className="usage-bar-label">{label}</span>
        <span className="usage-bar-text">{text}</span>
      </div>
      {known ? (
        <div
          className="usage-bar-track"
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(count, limit)}
          aria-valuetext={text}
        >
          <div className="usage-bar-fill" style={{ inlineSize: `${Math.min(100, ratio * 100)}%` }} />
          <span className="usage-bar-mark" style={{ insetInlineStart: '80%' }} aria-hidden="true" />
          <span className="usage-bar-mark usage-bar-mark-full" style={{ insetInlineStart: 'calc(100% - 2px)' }} aria-hidden="true" />
        </div>
      ) : null}
      {level === 'over' ? <p className="usage-bar-note">{t('usage.bar.reached')}</p> : null}
      {level === 'warn' ? <p className="usage-bar-note">{t('usage.bar.near')}</p> : null}
    </div>
  );
}
