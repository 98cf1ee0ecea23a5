/**
 * Renderer: Verso's local log of the key changes it made, newest first, with values written like the rest of the UI
 * (numbers grouped in the UI language, "no limit", "blocked (0)", dates) and each before → after isolated so it
 * reads in the right order in right-to-left languages. Exported as CSV for a spreadsheet in the UI language.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditEntry } from '../../../shared/ipc/contract-admin-keys.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { isolate } from '../../lib/bidi.js';
import { useConnectionName, useKeyLabel } from '../../lib/local-names.js';
import { useConnections } from '../../lib/queries.js';
import { KeysError } from './keys-errors.js';
import { auditKey } from './panels.js';

/** One logged value (main stores limits as digits or "no limit", a deactivation as its ISO time) in UI words. */
export function useAuditValue(): (e: Pick<AuditEntry, 'action'>, v: string | null) => string {
  const t = useT();
  const fmt = useFormat();
  return (e, v) => {
    if (v === null) return t('keys.audit.nothing');
    if (e.action === 'limit') {
      if (v === 'no limit') return t('app.common.noLimit');
      if (/^\d+$/.test(v)) return v === '0' ? t('keys.limit.blocked') : fmt.number(Number(v));
      return v;
    }
    if (e.action === 'deactivate') {
      if (v === 'active') return t('keys.status.active');
      if (v === 'deactivated') return t('keys.status.deactivated');
      const when = Date.parse(v);
      return Number.isNaN(when) ? v : t('keys.status.deactivatedAt', { time: fmt.dateTime(when) });
    }
    return v;
  };
}

export function AuditLog() {
  const t = useT();
  const fmt = useFormat();
  const value = useAuditValue();
  const audit = useQuery({ queryKey: auditKey, queryFn: () => unwrap(api().adminKeys.audit()) });
  // Names as the rest of the UI shows them: the local engine's connection and its own keys in the UI language.
  const shownConnection = useConnectionName();
  const keyLabel = useKeyLabel();
  const connections = useConnections();
  const isLocal = (id: string) => connections.data?.connections.find((c) => c.id === id)?.kind === 'local';
  const label = (e: AuditEntry, v: string) => keyLabel(v, isLocal(e.connectionId));
  const shownValue = (e: AuditEntry, v: string | null) => (e.action === 'rename' && v !== null ? label(e, v) : value(e, v));
  const [saved, setSaved] = useState<string | null>(null);
  const exportCsv = useMutation({ mutationFn: () => unwrap(api().adminKeys.exportCsv({ what: 'audit' })), onSuccess: (r) => setSaved(r?.path ?? null) });
  const action = (a: string) =>
    a === 'create' ? t('keys.audit.create') : a === 'rename' ? t('keys.audit.rename') : a === 'limit' ? t('keys.audit.limit') : t('keys.audit.deactivate');
  const entries = (audit.data ?? []).slice().reverse();
  // The short date and the time apart: each stays whole, so "When" takes two lines at most in a narrow column.
  const when = (iso: string) => ({ date: fmt.date(Date.parse(iso), 'short'), time: fmt.time(Date.parse(iso)) });
  return (
    <section className="card" aria-labelledby="keys-audit-title">
      <div className="keys-audit-head">
        <h2 id="keys-audit-title">{t('keys.audit.title')}</h2>
        {entries.length > 0 ? (
          <button type="button" className="btn btn-small" onClick={() => exportCsv.mutate()}>
            {t('keys.audit.export')}
          </button>
        ) : null}
      </div>
      <p className="hint">{t('keys.audit.hint')}</p>
      {saved ? <p role="status">{t('keys.exported', { path: saved })}</p> : null}
      {exportCsv.isError ? <KeysError error={exportCsv.error} /> : null}
      {audit.isError ? (
        <KeysError error={audit.error} />
      ) : entries.length === 0 ? (
        <p>{t('keys.audit.empty')}</p>
      ) : (
        // A region of its own that scrolls (and takes the keyboard) where the table is wider than the card.
        <div className="keys-audit-scroll" role="region" tabIndex={0} aria-label={t('keys.audit.scroll')}>
          <table className="keys-audit">
            <thead>
              <tr>
                <th scope="col">{t('keys.audit.when')}</th>
                <th scope="col">{t('keys.audit.connection')}</th>
                <th scope="col">{t('keys.audit.what')}</th>
                <th scope="col">{t('keys.audit.key')}</th>
                <th scope="col">{t('keys.audit.change')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.slice(0, 200).map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <td className="keys-audit-when">
                    <time dateTime={e.at}>
                      <span>{when(e.at).date}</span> <span>{when(e.at).time}</span>
                    </time>
                  </td>
                  <td>
                    <bdi>{shownConnection(e.connectionName)}</bdi>
                  </td>
                  <td>{action(e.action)}</td>
                  <td>
                    <bdi>{label(e, e.label)}</bdi>
                  </td>
                  <td className="keys-change">
                    {t('keys.audit.beforeAfter', { before: isolate(shownValue(e, e.before)), after: isolate(shownValue(e, e.after)) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
