/**
 * Glossary list (renderer): every glossary of the active connection with its pair, entries, creation time and
 * readiness; search by name, filter by pair, sort; delete (asks first), duplicate (new name, or the reversed pair
 * with the columns swapped), edit. Above the table: drafts kept on this computer (unsaved edits, and saves a crash
 * or a failed delete left unfinished), each with what to do.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { DraftSummary, GlossaryView } from '../../../shared/ipc/contract-glossaries.js';
import { foldForSearch } from '../../../shared/search-fold.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { refocusIfLost } from '../../lib/focus.js';
import { Dictionaries, RenameGlossary } from './Dictionaries.js';
import { escapeCancels } from '../../lib/keys.js';
import { focusOnMount } from '../../lib/focus-on-mount.js';

type SortKey = 'name' | 'created' | 'entries';

/** A CSS attribute selector's value, quoted (ids and names may hold any character). */
const q = (v: string) => JSON.stringify(v);

export function GlossaryList({
  glossaries,
  drafts,
  onEdit,
  onOpenDraft,
  onNew,
  notice,
  pairs: languagePairs = [],
}: {
  glossaries: GlossaryView[];
  drafts: DraftSummary[];
  onEdit: (g: GlossaryView, pair?: { sourceLang: string; targetLang: string }) => void;
  onOpenDraft: (draftId: string) => void;
  onNew: () => void;
  notice: string | null;
  /** Pairs a dictionary can be added for (a multilingual glossary's "Add dictionary"). */
  pairs?: { sourceLang: string; targetLang: string }[];
}) {
  const t = useT();
  const f = useFormat();
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [pair, setPair] = useState('');
  const [sort, setSort] = useState<SortKey>('name');
  const [confirmDelete, setConfirmDelete] = useState<GlossaryView | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState<DraftSummary | null>(null);
  // What the list says after a rename, in place of the outcome shown before it (`over`); a later save's outcome
  // (a new `notice`) takes its place again.
  const [renamed, setRenamed] = useState<{ text: string; over: string | null } | null>(null);
  const shownNotice = renamed && renamed.over === notice ? renamed.text : notice;
  const [dup, setDup] = useState<{ g: GlossaryView; name: string; reverse: boolean } | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['glossaries.list'] });
    void qc.invalidateQueries({ queryKey: ['glossaries.drafts'] });
  };

  // Deleted, the row and its confirmation go: the focus goes to the next row's Delete (else the one before it),
  // else New glossary. Cancelled, back to the row's own Delete. Never to the page.
  const remove = useMutation({
    mutationFn: (d: { id: string; next: string | null }) => unwrap(api().glossaries.remove({ glossaryId: d.id })),
    onSuccess: async (_out, d) => {
      setConfirmDelete(null);
      void qc.invalidateQueries({ queryKey: ['glossaries.drafts'] });
      await qc.invalidateQueries({ queryKey: ['glossaries.list'] });
      refocusIfLost(...(d.next ? [`[data-gl-delete=${q(d.next)}]`] : []), '.gl-screen [data-gl-new]');
    },
  });
  const cancelDelete = () => {
    const id = confirmDelete?.glossaryId;
    setConfirmDelete(null);
    if (id) refocusIfLost(`[data-gl-delete=${q(id)}]`, '.gl-screen [data-gl-new]');
  };
  const duplicate = useMutation({
    mutationFn: (d: { g: GlossaryView; name: string; reverse: boolean }) => unwrap(api().glossaries.duplicate({ glossaryId: d.g.glossaryId, name: d.name, reverse: d.reverse })),
    onSuccess: (out) => {
      setDup(null);
      refresh();
      if (out.status === 'draft') onOpenDraft(out.draftId);
    },
  });
  const finish = useMutation({
    mutationFn: (draftId: string) => unwrap(api().glossaries.finishSave({ draftId })),
    onSettled: refresh,
  });
  // "Discard draft" asks first (the draft is the only copy of those edits); done, the focus goes to the next
  // draft's Discard (else the one before it), else New glossary; cancelled, back to that draft's Discard.
  const discard = useMutation({
    mutationFn: (d: { draftId: string; next: string | null }) => unwrap(api().glossaries.draftDiscard({ draftId: d.draftId })),
    onSuccess: async (_out, d) => {
      setConfirmDiscard(null);
      void qc.invalidateQueries({ queryKey: ['glossaries.list'] });
      await qc.invalidateQueries({ queryKey: ['glossaries.drafts'] });
      refocusIfLost(...(d.next ? [`[data-gl-discard=${q(d.next)}]`] : []), '.gl-screen [data-gl-new]');
    },
  });
  const cancelDiscard = () => {
    const id = confirmDiscard?.draftId;
    setConfirmDiscard(null);
    if (id) refocusIfLost(`[data-gl-discard=${q(id)}]`, '.gl-screen [data-gl-new]');
  };
  const cancelDup = () => {
    const id = dup?.g.glossaryId;
    setDup(null);
    if (id) refocusIfLost(`[data-gl-dup=${q(id)}]`, '.gl-screen [data-gl-new]');
  };
  const neighbour = <T,>(list: T[], at: number): T | undefined => list[at + 1] ?? list[at - 1];
  const draftName = (d: DraftSummary) => d.name || t('glossaries.drafts.untitled');

  const pairsOf = (g: GlossaryView) => (g.dictionaries ?? [g]).map((d) => `${d.sourceLang}>${d.targetLang}`);
  const pairs = useMemo(() => [...new Set(glossaries.flatMap(pairsOf))].sort(), [glossaries]);
  const shown = useMemo(() => {
    // Case, accents and ё/е folded: "ежик" finds "Ёжик" (shared/search-fold.ts).
    const words = foldForSearch(search).split(/\s+/).filter(Boolean);
    const out = glossaries.filter((g) => {
      if (pair && !pairsOf(g).includes(pair)) return false;
      const name = foldForSearch(g.name);
      return words.every((w) => name.includes(w));
    });
    out.sort((a, b) =>
      sort === 'created' ? b.creationTime.localeCompare(a.creationTime) : sort === 'entries' ? b.entryCount - a.entryCount : f.compare(a.name, b.name),
    );
    return out;
  }, [glossaries, search, pair, sort, f]);
  const pairLabel = (s: string, tg: string) => t('glossaries.list.pair', { source: f.languageName(s), target: f.languageName(tg) });

  return (
    <>
      {shownNotice && (
        // Focusable: saved, the editor goes and the focus comes here (GlossariesView), not to the page.
        <p className="alert alert-success" role="status" tabIndex={-1} data-gl-notice="">
          {shownNotice}
        </p>
      )}
      {drafts.length > 0 && (
        <section className="gl-drafts" aria-labelledby="gl-drafts-title">
          <h2 id="gl-drafts-title">{t('glossaries.drafts.title')}</h2>
          <ul>
            {drafts.map((d) => (
              <li key={d.draftId}>
                <span>
                  <strong>{draftName(d)}</strong> · {d.sourceLang && d.targetLang ? pairLabel(d.sourceLang, d.targetLang) : ''} ·{' '}
                  {t('glossaries.list.entryCount', { count: d.entryCount })} · {f.relative(new Date(d.updatedAt))}
                </span>
                {d.pendingSave ? (
                  <>
                    <span className="error-text">{d.pendingSave.phase === 'deleting' ? t('glossaries.drafts.pendingDelete') : t('glossaries.drafts.pendingCreate')}</span>
                    <button type="button" className="btn btn-primary" onClick={() => finish.mutate(d.draftId)} disabled={finish.isPending}>
                      {t('glossaries.drafts.finish')}
                    </button>
                  </>
                ) : (
                  <>
                    <button type="button" className="btn btn-primary" onClick={() => onOpenDraft(d.draftId)}>
                      {t('glossaries.drafts.open')}
                    </button>
                    <button
                      type="button"
                      className="btn"
                      data-gl-discard={d.draftId}
                      aria-label={t('glossaries.drafts.discardNamed', { name: draftName(d) })}
                      onClick={() => {
                        discard.reset();
                        setConfirmDiscard(d);
                      }}
                    >
                      {t('glossaries.drafts.discard')}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
          {confirmDiscard && (
            <div
              className="gl-dialog"
              role="alertdialog"
              aria-modal="false"
              aria-labelledby="gl-discard-t"
              aria-describedby="gl-discard-d"
              onKeyDown={(e) => escapeCancels(e, cancelDiscard)}
            >
              <h2 id="gl-discard-t">{t('glossaries.drafts.discardTitle', { name: draftName(confirmDiscard) })}</h2>
              <p id="gl-discard-d">{t('glossaries.drafts.discardBody', { count: confirmDiscard.entryCount })}</p>
              {discard.error ? <ErrorAlert error={discard.error} look="box" /> : null}
              <div className="gl-actions">
                <button
                  type="button"
                  className="btn btn-danger"
                  onClick={() => {
                    const kept = drafts.filter((x) => !x.pendingSave);
                    const next = neighbour(kept, kept.findIndex((x) => x.draftId === confirmDiscard.draftId));
                    discard.mutate({ draftId: confirmDiscard.draftId, next: next?.draftId ?? null });
                  }}
                  disabled={discard.isPending}
                >
                  {t('glossaries.drafts.discard')}
                </button>
                <button type="button" className="btn" onClick={cancelDiscard} ref={focusOnMount}>
                  {t('app.common.cancel')}
                </button>
              </div>
            </div>
          )}
          {finish.error ? <ErrorAlert error={finish.error} look="box" /> : null}
          {finish.data?.status === 'deleteFailed' && <p className="error-text">{t('glossaries.save.deleteFailed')}</p>}
        </section>
      )}

      <div className="gl-list-tools">
        <button type="button" className="btn btn-primary" data-gl-new="" onClick={onNew}>
          {t('glossaries.list.new')}
        </button>
        {glossaries.length > 0 ? (
          <>
            <label>
              {t('glossaries.list.search')}
              <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            </label>
            <label>
              {t('glossaries.list.filterPair')}
              <select value={pair} onChange={(e) => setPair(e.target.value)}>
                <option value="">{t('glossaries.list.allPairs')}</option>
                {pairs.map((p) => {
                  const [s, tg] = p.split('>') as [string, string];
                  return (
                    <option key={p} value={p}>
                      {pairLabel(s, tg)}
                    </option>
                  );
                })}
              </select>
            </label>
            <label>
              {t('glossaries.list.sort')}
              <select value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
                <option value="name">{t('glossaries.list.sortName')}</option>
                <option value="created">{t('glossaries.list.sortCreated')}</option>
                <option value="entries">{t('glossaries.list.sortEntries')}</option>
              </select>
            </label>
          </>
        ) : null}
      </div>

      {glossaries.length === 0 ? (
        <EmptyState title={t('glossaries.list.emptyTitle')}>
          <p>{t('glossaries.list.empty')}</p>
        </EmptyState>
      ) : shown.length === 0 ? (
        <p className="gl-empty">{t('glossaries.list.noMatch')}</p>
      ) : (
        <table className="gl-table">
          <caption className="visually-hidden">{t('glossaries.list.caption', { count: shown.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('glossaries.list.colName')}</th>
              <th scope="col">{t('glossaries.list.colPair')}</th>
              <th scope="col">{t('glossaries.list.colEntries')}</th>
              <th scope="col">{t('glossaries.list.colCreated')}</th>
              <th scope="col">{t('glossaries.list.colReady')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('glossaries.list.colActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((g) => (
              <tr key={g.glossaryId}>
                <th scope="row">{g.name}</th>
                <td>{g.dictionaries ? <Dictionaries g={g} pairs={languagePairs} onEdit={onEdit} /> : pairLabel(g.sourceLang, g.targetLang)}</td>
                <td>{f.number(g.entryCount)}</td>
                <td>{f.date(new Date(g.creationTime))}</td>
                <td>{g.ready ? t('glossaries.list.ready') : t('glossaries.list.notReady')}</td>
                <td className="gl-row-actions">
                  {/* A wrapping row of buttons inside the cell (the cell stays a table cell): they go onto a second
                      line rather than widening the table past the screen (seen in Russian at 900×700). */}
                  <div className="gl-row-buttons">
                    <button type="button" className="btn" onClick={() => onEdit(g)} aria-label={t('glossaries.list.editNamed', { name: g.name })}>
                      {t('glossaries.list.edit')}
                    </button>
                    {g.dictionaries ? (
                      <RenameGlossary g={g} onRenamed={(old, name) => setRenamed({ text: t('glossaries.rename.done', { old, name }), over: notice })} />
                    ) : (
                      <button
                        type="button"
                        className="btn"
                        data-gl-dup={g.glossaryId}
                        onClick={() => setDup({ g, name: t('glossaries.list.copyName', { name: g.name }), reverse: false })}
                        aria-label={t('glossaries.list.duplicateNamed', { name: g.name })}
                      >
                        {t('glossaries.list.duplicate')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-danger"
                      data-gl-delete={g.glossaryId}
                      onClick={() => {
                        remove.reset();
                        setConfirmDelete(g);
                      }}
                      aria-label={t('glossaries.list.deleteNamed', { name: g.name })}
                    >
                      {t('app.common.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {confirmDelete && (
        <div className="gl-dialog" role="alertdialog" aria-modal="false" aria-labelledby="gl-del-t" aria-describedby="gl-del-d" onKeyDown={(e) => escapeCancels(e, cancelDelete)}>
          <h2 id="gl-del-t">{t('glossaries.delete.title', { name: confirmDelete.name })}</h2>
          <p id="gl-del-d">{t('glossaries.delete.body', { count: confirmDelete.entryCount })}</p>
          {remove.error ? <ErrorAlert error={remove.error} look="box" /> : null}
          <div className="gl-actions">
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                const next = neighbour(shown, shown.findIndex((x) => x.glossaryId === confirmDelete.glossaryId));
                remove.mutate({ id: confirmDelete.glossaryId, next: next?.glossaryId ?? null });
              }}
              disabled={remove.isPending}
            >
              {t('glossaries.delete.confirm')}
            </button>
            <button type="button" className="btn" onClick={cancelDelete} ref={focusOnMount}>
              {t('app.common.cancel')}
            </button>
          </div>
        </div>
      )}
      {dup && (
        <div className="gl-dialog" role="dialog" aria-labelledby="gl-dup-t" onKeyDown={(e) => escapeCancels(e, cancelDup)}>
          <h2 id="gl-dup-t">{t('glossaries.duplicate.title', { name: dup.g.name })}</h2>
          <label>
            {t('glossaries.field.name')}
            <input value={dup.name} onChange={(e) => setDup({ ...dup, name: e.target.value })} ref={focusOnMount} />
          </label>
          <label className="gl-inline">
            <input type="checkbox" checked={dup.reverse} onChange={(e) => setDup({ ...dup, reverse: e.target.checked })} />
            {t('glossaries.duplicate.reverse', { pair: pairLabel(dup.g.targetLang, dup.g.sourceLang) })}
          </label>
          {duplicate.error ? <ErrorAlert error={duplicate.error} look="box" /> : null}
          <div className="gl-actions">
            <button type="button" className="btn btn-primary" onClick={() => duplicate.mutate(dup)} disabled={duplicate.isPending || dup.name.trim() === ''}>
              {t('glossaries.duplicate.confirm')}
            </button>
            <button type="button" className="btn" onClick={cancelDup}>
              {t('app.common.cancel')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}

export function useDrafts(connectionId: string | null) {
  return useQuery({
    queryKey: ['glossaries.drafts', connectionId],
    queryFn: () => unwrap(api().glossaries.drafts()),
    enabled: connectionId !== null,
  });
}
