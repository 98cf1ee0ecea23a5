/**
 * Renderer: Verso's local log of the key changes it made, newest first, with values written like the rest of the UI
 * (numbers grouped in the UI language, "no limit", "blocked (0)", dates) and each before → after isolated so it
 * reads in the right order in right-to-left languages. Exported as CSV for a spreadsheet in the UI language.
 * Like the key list, the log is not a scroll box of its own (it was a 320 px box under the table, a second scrollbar
 * in a scrolling screen): its rows flow in the screen, virtualized against the screen's scroll, as main keeps up to
 * 10,000 entries. Every entry is reachable (it showed the newest 200 only); End on the rows goes to the oldest.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { AuditEntry, KeysListing } from '../../../shared/ipc/contract-admin-keys.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { isolate } from '../../lib/bidi.js';
import { useConnectionName, useKeyLabel } from '../../lib/local-names.js';
import { endGoesToLast, usePageVirtualizer } from '../../lib/page-scroll.js';
import { useConnections } from '../../lib/queries.js';
import { sharedLabels } from './key-names.js';
import { KeysError } from './keys-errors.js';
import { shortId } from './KeysTable.js';
import { auditKey, confirmText } from './panels.js';

/** A first guess of an entry's height (two lines); each row is measured once it is drawn. */
const ENTRY_ESTIMATE = 48;

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
  const entries = useMemo(() => (audit.data ?? []).slice().reverse(), [audit.data]);
  // The active connection's listing as the Keys table above has it (read from the query cache as it changes; an
  // observer here would take over that query's options): with the logged keys, it tells which labels more than one
  // key has. Such a key is named with its short id, as the table and the panels name it (two keys labelled "Site"
  // gave two identical rows).
  const qc = useQueryClient();
  const activeId = connections.data?.activeId ?? null;
  const listed = useSyncExternalStore(
    useCallback((changed: () => void) => qc.getQueryCache().subscribe(changed), [qc]),
    () => qc.getQueryData<KeysListing>(['adminKeys.list', activeId]),
  );
  const shared = useMemo(() => sharedLabels([...entries, ...(listed?.keys ?? [])]), [entries, listed]);
  const keyName = (e: AuditEntry) =>
    shared.has(confirmText(e.label)) ? t('keys.labelWithId', { label: isolate(label(e, e.label)), id: isolate(shortId(e.keyId)) }) : label(e, e.label);
  /** Where the rows are drawn (the table's body): the screen scrolls, the rows near its view are drawn. */
  const rowsRef = useRef<HTMLTableSectionElement>(null);
  // An entry's place in main's log, which only grows at the end: a new entry does not change the others' keys.
  const getItemKey = useCallback((i: number) => entries.length - 1 - i, [entries]);
  const { virtualizer, scrollMargin } = usePageVirtualizer(rowsRef, { count: entries.length, estimate: ENTRY_ESTIMATE, getItemKey });
  const items = virtualizer.getVirtualItems();
  // The rows stay in the table's own layout (its columns and semantics): the rows not drawn are two spacers' height.
  const before = items.length > 0 ? items[0]!.start - scrollMargin : 0;
  const after = items.length > 0 ? Math.max(0, virtualizer.getTotalSize() - (items[items.length - 1]!.end - scrollMargin)) : 0;
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
      {saved ? <p role="status">{t('keys.exported', { path: isolate(saved) })}</p> : null}
      {exportCsv.isError ? <KeysError error={exportCsv.error} /> : null}
      {audit.isError ? (
        <KeysError error={audit.error} />
      ) : entries.length === 0 ? (
        <p>{t('keys.audit.empty')}</p>
      ) : (
        <table className="keys-audit" aria-labelledby="keys-audit-title" aria-rowcount={entries.length + 1}>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col">{t('keys.audit.when')}</th>
              <th scope="col">{t('keys.audit.connection')}</th>
              <th scope="col">{t('keys.audit.what')}</th>
              <th scope="col">{t('keys.audit.key')}</th>
              <th scope="col">{t('keys.audit.change')}</th>
            </tr>
          </thead>
          <tbody
            ref={rowsRef}
            tabIndex={0}
            aria-label={t('keys.audit.rows')}
            // End on the entries goes to the oldest, drawn and in view.
            onKeyDown={endGoesToLast(virtualizer, entries.length)}
          >
            {before > 0 ? <Spacer height={before} /> : null}
            {items.map((item) => {
              const e = entries[item.index];
              if (!e) return null;
              const at = when(e.at);
              return (
                <tr key={item.key} ref={virtualizer.measureElement} data-index={item.index} aria-rowindex={item.index + 2}>
                  <td className="keys-audit-when">
                    <time dateTime={e.at}>
                      <span>{at.date}</span> <span>{at.time}</span>
                    </time>
                  </td>
                  <td>
                    <bdi>{shownConnection(e.connectionName)}</bdi>
                  </td>
                  <td>{action(e.action)}</td>
                  <td>
                    <bdi>{keyName(e)}</bdi>
                  </td>
                  <td className="keys-change">
                    {t('keys.audit.beforeAfter', { before: isolate(shownValue(e, e.before)), after: isolate(shownValue(e, e.after)) })}
                  </td>
                </tr>
              );
            })}
            {after > 0 ? <Spacer height={after} /> : null}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The height of the entries not drawn, above or below those that are: no row to a screen reader. */
function Spacer({ height }: { height: number }) {
  return (
    <tr className="keys-audit-spacer" aria-hidden="true">
      <td colSpan={5} style={{ blockSize: height }} />
    </tr>
  );
}
