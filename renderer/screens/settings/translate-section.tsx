/**
 * Renderer component (Settings → Translate): the second language (used when the text already is in the target
 * language), the opt-in history (on/off, how many translations it keeps, delete all), and the languages remembered
 * for each connection (shown in words, each can be forgotten). Saved in main through `translatePrefs.update`.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { HISTORY_LIMITS } from '../../../shared/ipc/contract.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { useConnectionName } from '../../lib/local-names.js';
import { useConnections, useLanguages, useTranslatePrefs } from '../../lib/queries.js';
import { NumberSetting } from './number-setting.js';
import { useUpdateTranslatePrefs } from './use-update-translate-prefs.js';
import { useLanguageOrder } from '../../lib/language-order.js';

export function TranslateSection() {
  const uid = useId();
  const t = useT();
  const f = useFormat();
  const qc = useQueryClient();
  const prefs = useTranslatePrefs();
  const update = useUpdateTranslatePrefs();
  const connections = useConnections();
  const activeId = connections.data?.activeId ?? null;
  const targets = useLanguages('target', activeId);
  const secondChoices = useLanguageOrder(targets.data?.languages);
  const p = prefs.data;

  // The number kept, for "Delete all (n)" and its question; re-read when main says the history changed.
  const history = useQuery({
    queryKey: ['history.list', 'settings'],
    queryFn: () => unwrap(api().history.list({ limit: 1 })),
    staleTime: 0,
  });
  useEffect(
    () => api().on('history.changed', () => void qc.invalidateQueries({ queryKey: ['history.list'] })),
    [qc],
  );
  const [confirmClear, setConfirmClear] = useState(false);
  const [clearError, setClearError] = useState<unknown>(null);
  const clear = async () => {
    try {
      await unwrap(api().history.clear());
      setConfirmClear(false);
      setClearError(null);
      void qc.invalidateQueries({ queryKey: ['history.list'] });
    } catch (e) {
      setClearError(e);
    }
  };

  const name = (code: string) =>
    code ? f.languageName(code, targets.data?.languages.find((l) => l.code.toUpperCase() === code.toUpperCase())?.name) : t('history.settings.detect');
  const second = p?.secondLanguage ?? '';
  const secondListed = targets.data?.languages.some((l) => l.code.toUpperCase() === second.toUpperCase());
  const remembered = p ? Object.entries(p.perConnection) : [];
  const shown = useConnectionName();
  const connectionName = (id: string) => {
    const c = connections.data?.connections.find((x) => x.id === id);
    return c ? shown(c.name) : undefined;
  };
  const total = history.data?.total ?? 0;

  return (
    <section className="card stack" aria-labelledby={`${uid}-tr`}>
      <h2 id={`${uid}-tr`}>{t('history.settings.title')}</h2>
      {prefs.isError && <ErrorAlert error={prefs.error} />}
      {p && (
        <>
          <div className="field">
            <label htmlFor={`${uid}-second`}>{t('history.settings.secondLanguage')}</label>
            <select
              id={`${uid}-second`}
              value={second}
              disabled={!targets.data}
              aria-describedby={`${uid}-second-hint`}
              onChange={(e) => update.mutate({ secondLanguage: e.target.value || null })}
            >
              <option value="">{t('history.settings.secondLanguageNone')}</option>
              {second && !secondListed && <option value={second}>{name(second)}</option>}
              {secondChoices?.map((l) => (
                <option key={l.code} value={l.code}>
                  {f.languageName(l.code, l.name)}
                </option>
              ))}
            </select>
            <p id={`${uid}-second-hint`} className="hint">
              {t('history.settings.secondLanguageHint')}
            </p>
          </div>

          <CheckSetting
            id={`${uid}-wrap-hint`}
            checked={(p.joinWrappedLines ?? 'detect') === 'detect'}
            onChange={(checked) => update.mutate({ joinWrappedLines: checked ? 'detect' : 'ask' })}
            label={t('translate.settings.joinWrapped')}
            hint={t('translate.settings.joinWrappedHint')}
          />

          <CheckSetting
            id={`${uid}-protect-hint`}
            checked={p.protectSpans}
            onChange={(checked) => update.mutate({ protectSpans: checked })}
            label={t('translate.protect.setting')}
            hint={t('translate.protect.settingHint')}
          />

          <div className="stack">
            <CheckSetting
              id={`${uid}-history-hint`}
              checked={p.historyEnabled}
              onChange={(checked) => update.mutate({ historyEnabled: checked })}
              label={t('history.settings.history')}
              hint={t('history.settings.historyHint')}
            />
            <NumberSetting
              key={p.historyMaxEntries}
              label={t('history.settings.cap')}
              value={p.historyMaxEntries}
              min={HISTORY_LIMITS.minEntries}
              max={HISTORY_LIMITS.maxEntries}
              onCommit={(v) => update.mutate({ historyMaxEntries: v })}
            />
            <div className="toolbar">
              <span role="status">{t('history.settings.kept', { count: total })}</span>
              {!confirmClear ? (
                <button type="button" className="btn btn-small btn-danger" disabled={total === 0} onClick={() => setConfirmClear(true)}>
                  {t('history.clear')}
                </button>
              ) : (
                <span role="group" aria-label={t('history.clear')} className="toolbar">
                  <span>{t('history.clearConfirm', { count: total })}</span>
                  <button type="button" className="btn btn-small btn-danger" onClick={() => void clear()}>
                    {t('history.clearYes')}
                  </button>
                  <button type="button" className="btn btn-small" onClick={() => setConfirmClear(false)}>
                    {t('app.common.cancel')}
                  </button>
                </span>
              )}
            </div>
            {clearError !== null && <ErrorAlert error={clearError} />}
          </div>

          <div className="stack">
            <h3 id={`${uid}-remembered`}>{t('history.settings.rememberedTitle')}</h3>
            <p className="hint">{t('history.settings.remembered')}</p>
            {remembered.length === 0 ? (
              <p>{t('history.settings.noneRemembered')}</p>
            ) : (
              <ul className="stack" aria-labelledby={`${uid}-remembered`}>
                {remembered.map(([id, langs]) => {
                  const conn = connectionName(id) ?? t('history.settings.removedConnection');
                  return (
                    <li key={id} className="toolbar">
                      <span>
                        {t('history.settings.rememberedPair', { connection: conn, source: name(langs.sourceLang), target: name(langs.targetLang) })}
                      </span>
                      <button
                        type="button"
                        className="btn btn-small"
                        aria-label={t('history.settings.forgetLabel', { connection: conn })}
                        onClick={() => update.mutate({ forget: id })}
                      >
                        {t('history.settings.forget')}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <span role="status" className="hint">
            {update.isSuccess ? t('history.settings.saved') : ''}
          </span>
          {update.isError && <ErrorAlert error={update.error} message={t('history.settings.saveFailed')} />}
        </>
      )}
    </section>
  );
}

/** A Settings checkbox with its hint under it, the hint naming the box for screen readers. */
function CheckSetting({
  id,
  checked,
  onChange,
  label,
  hint,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint: string;
}) {
  return (
    <div>
      <label className="check">
        <input type="checkbox" checked={checked} aria-describedby={id} onChange={(e) => onChange(e.target.checked)} />
        {label}
      </label>
      <p id={id} className="hint">
        {hint}
      </p>
    </div>
  );
}
