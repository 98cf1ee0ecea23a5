/**
 * Renderer component: the developer-key table, virtualized (an account may hold many deactivated keys), with row
 * selection, rename in place and the per-row actions. Rows grow with their content (the virtualizer measures each
 * one), so a long label or a "Deactivated on …" in German or Arabic never covers the next row. Each key says which
 * Verso connection uses it. Filtering and sorting happen in `filterKeys` (pure, also used by the benchmark).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeveloperKeyView } from '../../../shared/ipc/contract-admin-keys.js';
import { useFormat, useT } from '../../i18n/index.js';
import { isolate } from '../../lib/bidi.js';
import { useConnectionName } from '../../lib/local-names.js';
import { endGoesToLast, usePageVirtualizer } from '../../lib/page-scroll.js';
import { isEnter } from '../../lib/keys.js';
import type { KeyName } from './key-names.js';
import { foldForSearch } from '../../../shared/search-fold.js';
import { focusOnMount } from '../../lib/focus-on-mount.js';

/** The table row of the key `keyId` under `root`, when it is drawn (the table is virtualized). */
export function keyRow(root: ParentNode, keyId: string): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>('[data-key-id]')].find((r) => r.dataset.keyId === keyId);
}

export type StatusFilter = 'all' | 'active' | 'deactivated';
export type SortBy = 'newest' | 'oldest' | 'label' | 'limit';

export function filterKeys(
  keys: readonly DeveloperKeyView[],
  query: string,
  status: StatusFilter,
  sort: SortBy,
): DeveloperKeyView[] {
  // Case, accents and full-width forms folded (shared/search-fold.ts): "integracao" finds "Integração ERP", "ＭＯＢＩＬＥ"
  // finds "MOBILE", as a Brazilian and a Japanese admin typed them.
  const q = foldForSearch(query).trim();
  const out = keys.filter(
    (k) =>
      (status === 'all' || (status === 'active') === !k.isDeactivated) &&
      (q === '' || foldForSearch(k.label).includes(q) || foldForSearch(k.keyId).includes(q)),
  );
  const lim = (k: DeveloperKeyView) =>
    k.characterLimit === null ? Number.POSITIVE_INFINITY : k.characterLimit;
  out.sort((a, b) => {
    if (sort === 'label') return a.label.localeCompare(b.label);
    if (sort === 'limit') return lim(a) - lim(b);
    const d = Date.parse(a.creationTime) - Date.parse(b.creationTime);
    return sort === 'oldest' ? d : -d;
  });
  return out;
}

/** `1f2e…:…9a0b`: enough of a two-GUID id to tell keys apart. */
export function shortId(id: string): string {
  return id.length > 16 ? `${id.slice(0, 8)}…${id.slice(-6)}` : id;
}

/** A first guess of a row's height; each row is measured once it is drawn. */
const ROW_ESTIMATE = 56;

export function KeysTable({
  keys,
  keyName,
  selected,
  onToggle,
  onToggleAll,
  onRename,
  onLimit,
  onDeactivate,
  onCopyId,
  busyKeyId,
  unidentified,
}: {
  keys: DeveloperKeyView[];
  /** A key's name in the row's accessible names (two keys of one label are told apart by their short id). */
  keyName: KeyName;
  selected: ReadonlySet<string>;
  onToggle: (keyId: string) => void;
  onToggleAll: (on: boolean) => void;
  onRename: (keyId: string, label: string) => void;
  onLimit: (k: DeveloperKeyView) => void;
  onDeactivate: (k: DeveloperKeyView) => void;
  onCopyId: (keyId: string) => void;
  busyKeyId: string | null;
  /** Connections to this service whose key Verso cannot tell (then "not used by Verso" would be a guess). */
  unidentified: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  const shown = useConnectionName();
  const scrollRef = useRef<HTMLDivElement>(null);
  /** Where the rows are drawn: the table is not a scroll box of its own, the screen scrolls (one scrollbar). */
  const rowsRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<{ keyId: string; label: string } | null>(null);
  /** A rename closed with Enter or Escape: the focus goes back to the label's button of that row. */
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    const keyId = refocus.current;
    if (keyId === null || editing !== null) return;
    refocus.current = null;
    const row = scrollRef.current ? keyRow(scrollRef.current, keyId) : undefined;
    row?.querySelector<HTMLElement>('.keys-label-btn')?.focus();
  }, [editing]);
  // Stable between renders: a new function would make the virtualizer recompute every row's position each render.
  const getItemKey = useCallback((i: number) => keys[i]?.keyId ?? i, [keys]);
  const { virtualizer, scrollMargin } = usePageVirtualizer(rowsRef, { count: keys.length, estimate: ROW_ESTIMATE, getItemKey });
  const createdLabel = (iso: string) => fmt.date(Date.parse(iso), 'medium');
  const selectable = keys.filter((k) => !k.isDeactivated);
  const allOn = selectable.length > 0 && selectable.every((k) => selected.has(k.keyId));
  const limitText = (k: DeveloperKeyView) =>
    k.characterLimit === null
      ? t('app.common.noLimit')
      : k.characterLimit === 0
        ? t('keys.limit.blocked')
        : fmt.number(k.characterLimit);
  // Set once the rename field's edit is sent or dropped (Enter, Escape, blur): the field then goes away, and the browser
  // blurs it as it goes, which runs its onBlur once more with this render's `editing` (Preact calls a removed
  // element's handler; React did not): that must neither send the rename twice nor send one Escape dropped.
  const settled = useRef(true);
  const startEditing = (keyId: string, label: string) => {
    settled.current = false;
    setEditing({ keyId, label });
  };
  const commit = () => {
    if (settled.current) return;
    settled.current = true;
    const label = editing?.label.trim() ?? '';
    // An unchanged name is not sent: the local engine's own keys show a name in the UI language that is not stored.
    if (editing && label !== '' && label !== keys.find((k) => k.keyId === editing.keyId)?.label) onRename(editing.keyId, label);
    setEditing(null);
  };

  return (
    <div
      className="keys-table"
      role="table"
      aria-label={t('keys.table.label')}
      aria-rowcount={keys.length + 1}
    >
      <div role="rowgroup">
        <div className="keys-row keys-head" role="row" aria-rowindex={1}>
          {/* In the card layout (900 px) the other heads are hidden and this one stays, its words shown (keys.css). */}
          <span role="columnheader" className="keys-select-all-head">
            <label className="keys-select-all">
              <input
                type="checkbox"
                checked={allOn}
                disabled={selectable.length === 0}
                onChange={(e) => onToggleAll(e.target.checked)}
              />
              <span className="keys-select-all-text visually-hidden">{t('keys.table.selectAll')}</span>
            </label>
          </span>
          <span role="columnheader">{t('keys.table.label.col')}</span>
          <span role="columnheader">{t('keys.table.keyId')}</span>
          <span role="columnheader">{t('keys.table.created')}</span>
          <span role="columnheader">{t('keys.table.status')}</span>
          <span role="columnheader">{t('keys.table.limit')}</span>
          <span role="columnheader">{t('keys.table.usedBy')}</span>
          <span role="columnheader">{t('keys.table.actions')}</span>
        </div>
      </div>
      <div
        className="keys-scroll"
        role="rowgroup"
        ref={scrollRef}
        tabIndex={0}
        aria-label={t('keys.table.rows')}
        // End on the rows goes to the last key (and the change log after it).
        onKeyDown={endGoesToLast(virtualizer, keys.length)}
      >
        <div ref={rowsRef} role="presentation" style={{ blockSize: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const k = keys[item.index];
            if (!k) return null;
            const isEditing = editing?.keyId === k.keyId;
            // The key as the row's controls name it: the label, and its short id where another key has that label.
            const name = keyName(k, true);
            return (
              <div
                key={k.keyId}
                ref={virtualizer.measureElement}
                data-index={item.index}
                role="row"
                aria-rowindex={item.index + 2}
                className={`keys-row${k.isDeactivated ? ' keys-row-off' : ''}${isEditing ? ' keys-row-editing' : ''}`}
                data-key-id={k.keyId}
                style={{
                  position: 'absolute',
                  insetBlockStart: 0,
                  insetInline: 0,
                  transform: `translateY(${item.start - scrollMargin}px)`,
                }}
              >
                <span role="cell">
                  <input
                    type="checkbox"
                    aria-label={t('keys.table.select', { label: name })}
                    checked={selected.has(k.keyId)}
                    disabled={k.isDeactivated}
                    onChange={() => onToggle(k.keyId)}
                  />
                </span>
                <span role="cell" className="keys-label">
                  {isEditing ? (
                    <input
                      type="text"
                      className="keys-rename"
                      aria-label={t('keys.rename.field', { label: name })}
                      value={editing.label}
                      ref={focusOnMount}
                      maxLength={200}
                      onChange={(e) => setEditing({ keyId: k.keyId, label: e.target.value })}
                      onBlur={commit}
                      onKeyDown={(e) => {
                        if (e.key !== 'Enter' && e.key !== 'Escape') return;
                        // The label's button gets the focus back; the Enter must not press it (and reopen the field).
                        e.preventDefault();
                        refocus.current = k.keyId;
                        if (isEnter(e)) commit();
                        if (e.key === 'Escape') {
                          settled.current = true;
                          setEditing(null);
                        }
                      }}
                    />
                  ) : (
                    <button
                      type="button"
                      className="btn-ghost keys-label-btn"
                      data-user-data
                      title={t('keys.rename.hint')}
                      // Its words, with the short id where they are not enough to tell the key (the label alone else).
                      aria-label={name !== k.label ? name : undefined}
                      disabled={k.isDeactivated}
                      // While its rename is sent the button keeps the focus it was given back (a disabled one drops it).
                      aria-disabled={busyKeyId === k.keyId || undefined}
                      onClick={() => {
                        if (busyKeyId !== k.keyId) startEditing(k.keyId, k.label);
                      }}
                    >
                      {k.label}
                    </button>
                  )}
                </span>
                <span role="cell" className="keys-id">
                  <code title={k.keyId} translate="no">
                    {shortId(k.keyId)}
                  </code>
                  <button
                    type="button"
                    className="btn btn-small"
                    aria-label={t('keys.table.copyId', { label: name })}
                    onClick={() => onCopyId(k.keyId)}
                  >
                    {t('app.common.copy')}
                  </button>
                </span>
                <span role="cell" data-user-data data-col={t('keys.table.created')}>
                  {createdLabel(k.creationTime)}
                </span>
                <span role="cell" data-col={t('keys.table.status')}>
                  {k.isDeactivated
                    ? k.deactivatedTime
                      ? t('keys.status.deactivatedAt', { time: fmt.dateTime(Date.parse(k.deactivatedTime)) })
                      : t('keys.status.deactivated')
                    : t('keys.status.active')}
                </span>
                <span role="cell" data-col={t('keys.table.limit')}>
                  {limitText(k)}
                </span>
                <span role="cell" className="keys-used-by" data-col={t('keys.table.usedBy')}>
                  {k.usedBy.length > 0 ? (
                    // The names alone: the column head (or, in a card, the cell's label) says "Used by Verso" (the
                    // cell read "Used by Verso: Used by: Team account" at 900 px, seen on a Japanese tour).
                    <strong>{fmt.list(k.usedBy.map((u) => isolate(shown(u.name))))}</strong>
                  ) : unidentified ? (
                    t('keys.usage.unknown')
                  ) : (
                    t('keys.usage.none')
                  )}
                  {k.connection ? (
                    <>
                      {/* A space where the cell is one run of text; the count is on a line of its own in both layouts. */}
                      {' '}
                      <span className="hint">
                        {k.connection.characterCount === null
                          ? t('keys.usage.notRead', { connection: isolate(shown(k.connection.name)) })
                          : // The characters this key used this billing period, as last read for that connection.
                            t('keys.usage.count', {
                              count: k.connection.characterCount,
                              connection: isolate(shown(k.connection.name)),
                            })}
                      </span>
                    </>
                  ) : null}
                </span>
                <span role="cell" className="keys-actions">
                  {k.isDeactivated ? null : (
                    <>
                      <button
                        type="button"
                        className="btn btn-small"
                        data-action="limit"
                        onClick={() => onLimit(k)}
                        aria-label={t('keys.action.limitFor', { label: name })}
                      >
                        {t('keys.action.limit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-small btn-danger"
                        data-action="deactivate"
                        onClick={() => onDeactivate(k)}
                        aria-label={t('keys.action.deactivateFor', { label: name })}
                      >
                        {t('keys.action.deactivate')}
                      </button>
                    </>
                  )}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
