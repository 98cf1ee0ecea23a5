/**
 * Renderer component: the translation history (opt-in, local only) beside the Translate screen. Search, reopen an
 * entry in the Translate screen, export what is listed as TSV or CSV, delete one entry or all (after a question).
 * While history is off it says what turning it on keeps, and offers to turn it on. Loaded on first open. Opened, it
 * is scrolled into view and its heading takes the focus; Escape closes it (the screen gives the focus back).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import type { HistoryEntry } from '../../../shared/ipc/contract.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { isolate } from '../../lib/bidi.js';
import { composing, escapeCancels } from '../../lib/keys.js';
import { useConnectionName } from '../../lib/local-names.js';
import { keys, useTranslatePrefs } from '../../lib/queries.js';
import { ownDirection } from '../../lib/text-direction.js';
import { exportHistory } from './history-export.js';

export interface HistoryPanelProps {
  onClose: () => void;
  onReopen: (e: HistoryEntry) => void;
}

export default function HistoryPanel({ onClose, onReopen }: HistoryPanelProps) {
  const t = useT();
  const shown = useConnectionName();
  const f = useFormat();
  const qc = useQueryClient();
  const prefs = useTranslatePrefs();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [confirmClear, setConfirmClear] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  // Opening the panel moves focus into it, so keyboard and screen-reader users land where it appeared (without the
  // focus's own jump: the scroll below brings it into view).
  const heading = useRef<HTMLHeadingElement>(null);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);

  const list = useQuery({
    queryKey: ['history.list', deferred],
    queryFn: () => unwrap(api().history.list({ query: deferred })),
    staleTime: 0,
  });
  // It opens under the output, at 900×700 half below the fold (seen on a Dutch tour): once its first list is in (its
  // height known), it is scrolled into view, its heading and first entries seen; without motion if the system asks.
  const scrolled = useRef(false);
  useEffect(() => {
    if (list.isPending || scrolled.current) return;
    scrolled.current = true;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
    panel.current?.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }, [list.isPending]);
  useEffect(
    () => api().on('history.changed', () => void qc.invalidateQueries({ queryKey: ['history.list'] })),
    [qc],
  );

  const setEnabled = async (on: boolean) => {
    try {
      const p = await unwrap(api().translatePrefs.update({ historyEnabled: on }));
      qc.setQueryData(keys.translatePrefs, p);
      void qc.invalidateQueries({ queryKey: ['history.list'] });
    } catch (e) {
      setActionError(e);
    }
  };
  const remove = async (id: string) => {
    try {
      await unwrap(api().history.remove({ id }));
      void qc.invalidateQueries({ queryKey: ['history.list'] });
    } catch (e) {
      setActionError(e);
    }
  };
  const clear = async () => {
    try {
      await unwrap(api().history.clear());
      setConfirmClear(false);
      void qc.invalidateQueries({ queryKey: ['history.list'] });
    } catch (e) {
      setActionError(e);
    }
  };
  const save = async (format: 'tsv' | 'csv') => {
    const entries = list.data?.entries ?? [];
    try {
      const content = exportHistory(
        entries,
        format,
        {
          time: t('history.col.time'),
          connection: t('history.col.connection'),
          sourceLang: t('history.col.sourceLang'),
          targetLang: t('history.col.targetLang'),
          source: t('history.col.source'),
          target: t('history.col.target'),
          billed: t('history.col.billed'),
        },
        shown,
        f.locale,
      );
      const res = await unwrap(api().app.saveTextFile({ suggestedName: `verso-history.${format}`, content }));
      setSaved(res ? t('history.saved', { path: isolate(res.path) }) : null);
    } catch {
      setSaved(t('history.saveFailed'));
    }
  };

  const enabled = prefs.data?.historyEnabled ?? list.data?.enabled ?? false;
  const entries = list.data?.entries ?? [];
  const total = list.data?.total ?? 0;

  return (
    <section
      ref={panel}
      className="card stack tr-history"
      aria-labelledby="history-title"
      // Escape closes the panel, or only the question to delete everything while it is asked.
      onKeyDown={(e) => escapeCancels(e, confirmClear ? () => setConfirmClear(false) : onClose)}
    >
      <div className="toolbar">
        <h2 id="history-title" tabIndex={-1} ref={heading}>
          {t('history.title')}
        </h2>
        <span className="spacer" />
        {/* Off, turning it on is the one thing to do here: a primary button, not a quiet one. */}
        <button
          type="button"
          className={enabled ? 'btn btn-small btn-ghost' : 'btn btn-small btn-primary'}
          onClick={() => void setEnabled(!enabled)}
        >
          {enabled ? t('history.turnOff') : t('history.turnOn')}
        </button>
        <button type="button" className="btn btn-small" onClick={onClose}>
          {t('history.close')}
        </button>
      </div>
      {!enabled && <p className="hint">{t('history.off')}</p>}
      {actionError !== null && <ErrorAlert error={actionError} look="box" />}
      {/* Off and empty, a search box, counts and exports of nothing would only be noise. */}
      {(enabled || total > 0) && (
        <div className="field">
          <label htmlFor="history-search">{t('history.search')}</label>
          <input
            id="history-search"
            type="search"
            value={query}
            placeholder={t('history.searchPlaceholder')}
            onChange={(e) => setQuery(e.target.value)}
            // Escape in a search with text clears the search (as a search box does), and leaves the panel open.
            onKeyDown={(e) => {
              if (e.key !== 'Escape' || query === '' || composing(e)) return;
              e.preventDefault();
              setQuery('');
            }}
          />
        </div>
      )}
      {list.isError && <ErrorAlert error={list.error} look="box" message={t('history.loadFailed')} />}
      {list.isPending && <p className="hint">{t('app.common.loading')}</p>}
      {list.data && (enabled || total > 0) && (
        <>
          <div className="toolbar">
            <span role="status">{t('history.count', { shown: entries.length, total })}</span>
            <span className="spacer" />
            <button
              type="button"
              className="btn btn-small"
              disabled={!entries.length}
              onClick={() => void save('tsv')}
            >
              {t('history.exportTsv')}
            </button>
            <button
              type="button"
              className="btn btn-small"
              disabled={!entries.length}
              onClick={() => void save('csv')}
            >
              {t('history.exportCsv')}
            </button>
            <button
              type="button"
              className="btn btn-small btn-ghost"
              disabled={!total}
              onClick={() => setConfirmClear(true)}
            >
              {t('history.clear')}
            </button>
          </div>
          {saved && (
            <p className="hint" role="status">
              {saved}
            </p>
          )}
          {confirmClear && (
            <div className="alert alert-warning" role="alertdialog" aria-labelledby="history-clear-q">
              <span id="history-clear-q">{t('history.clearConfirm', { count: total })}</span>{' '}
              <button type="button" className="btn btn-small btn-danger" onClick={() => void clear()}>
                {t('history.clearYes')}
              </button>{' '}
              <button type="button" className="btn btn-small" onClick={() => setConfirmClear(false)}>
                {t('app.common.cancel')}
              </button>
            </div>
          )}
          {entries.length === 0 ? (
            <p className="hint">
              {deferred.trim()
                ? t('history.noMatch', { query: isolate(deferred.trim()) })
                : t('history.empty')}
            </p>
          ) : (
            <ul className="tr-history-list" aria-labelledby="history-title">
              {entries.map((e) => (
                <li key={e.id}>
                  <span className="hint">
                    {t('history.entry', {
                      source: e.sourceLang
                        ? f.languageName(e.sourceLang)
                        : e.detectedSourceLang
                          ? t('history.detected', { language: f.languageName(e.detectedSourceLang) })
                          : '',
                      target: f.languageName(e.targetLang),
                      connection: isolate(shown(e.connectionName)),
                      // With the time: two translations of one day could not be told apart (seen on a Dutch tour).
                      time: f.dateTime(new Date(e.time)),
                    })}
                    {e.billedCharacters !== null
                      ? ` · ${t('history.billed', { count: e.billedCharacters })}`
                      : ''}
                  </span>
                  {/* Each text runs in its own direction: English in the Arabic UI reads left to right. */}
                  <span className="tr-history-text" dir={ownDirection(e.source)}>
                    {e.source}
                  </span>
                  <span className="tr-history-text hint" dir={ownDirection(e.target)}>
                    {e.target}
                  </span>
                  <span className="toolbar">
                    <button type="button" className="btn btn-small" onClick={() => onReopen(e)}>
                      {t('history.reopen')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-small btn-ghost"
                      aria-label={t('history.removeLabel')}
                      onClick={() => void remove(e.id)}
                    >
                      {t('history.remove')}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
