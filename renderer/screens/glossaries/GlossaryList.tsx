/**
 * Glossary list (renderer): every glossary of the active connection with its pair, entries, creation time and
 * readiness; search by name, filter by pair, sort; delete (asks first), duplicate (new name, or the reversed pair
 * with the columns swapped), edit. Above the table: drafts kept on this computer (unsaved edits, and saves a crash
 * or a failed delete left unfinished), each with what to do.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { DraftSummary, GlossaryView } from '../../../shared/ipc/contract-glossaries.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { Dictionaries, RenameGlossary } from './Dictionaries.js';

type SortKey = 'name' | 'created' | 'entries';

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
  const [dup, setDup] = useState<{ g: GlossaryView; name: string; reverse: boolean } | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['glossaries.list'] });
    void qc.invalidateQueries({ queryKey: ['glossaries.drafts'] });
  };

  const remove = useMutation({
    mutationFn: (id: string) => unwrap(api().glossaries.remove({ glossaryId: id })),
    onSuccess: () => {
      setConfirmDelete(null);
      refresh();
    },
  });
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
  const discard = useMutation({
    mutationFn: (draftId: string) => unwrap(api().glossaries.draftDiscard({ draftId })),
    onSettled: refresh,
  });

  const pairsOf = (g: GlossaryView) => (g.dictionaries ?? [g]).map((d) => `${d.sourceLang}>${d.targetLang}`);
  const pairs = useMemo(() => [...new Set(glossaries.flatMap(pairsOf))].sort(), [glossaries]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const out = glossaries.filter((g) => (!q || g.name.toLowerCase().includes(q)) && (!pair || pairsOf(g).includes(pair)));
    out.sort((a, b) =>
      sort === 'created' ? b.creationTime.localeCompare(a.creationTime) : sort === 'entries' ? b.entryCount - a.entryCount : f.compare(a.name, b.name),
    );
    return out;
  }, [glossaries, search, pair, sort, f]);
  const pairLabel = (s: string, tg: string) => t('glossaries.list.pair', { source: f.languageName(s), target: f.languageName(tg) });

  return (
    <>
      {notice && (
        // Focusable: saved, the editor goes and the focus comes here (GlossariesView), not to the page.
        <p className="alert alert-success" role="status" tabIndex={-1} data-gl-notice="">
          {notice}
        </p>
      )}
      {drafts.length > 0 && (
        <section className="gl-drafts" aria-labelledby="gl-drafts-title">
          <h2 id="gl-drafts-title">{t('glossaries.drafts.title')}</h2>
          <ul>
            {drafts.map((d) => (
              <li key={d.draftId}>
                <span>
                  <strong>{d.name || t('glossaries.drafts.untitled')}</strong> · {d.sourceLang && d.targetLang ? pairLabel(d.sourceLang, d.targetLang) : ''} ·{' '}
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
                    <button type="button" className="btn" onClick={() => discard.mutate(d.draftId)} disabled={discard.isPending}>
                      {t('glossaries.drafts.discard')}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
          {finish.error ? <ErrorAlert error={finish.error} look="box" /> : null}
          {finish.data?.status === 'deleteFailed' && <p className="error-text">{t('glossaries.save.deleteFailed')}</p>}
          {discard.error ? <ErrorAlert error={discard.error} look="box" /> : null}
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
                  <button type="button" className="btn" onClick={() => onEdit(g)} aria-label={t('glossaries.list.editNamed', { name: g.name })}>
                    {t('glossaries.list.edit')}
                  </button>
                  {g.dictionaries ? (
                    <RenameGlossary g={g} />
                  ) : (
                    <button type="button" className="btn" onClick={() => setDup({ g, name: t('glossaries.list.copyName', { name: g.name }), reverse: false })} aria-label={t('glossaries.list.duplicateNamed', { name: g.name })}>
                      {t('glossaries.list.duplicate')}
                    </button>
                  )}
                  <button type="button" className="btn btn-danger" onClick={() => setConfirmDelete(g)} aria-label={t('glossaries.list.deleteNamed', { name: g.name })}>
                    {t('app.common.delete')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {confirmDelete && (
        <div className="gl-dialog" role="alertdialog" aria-modal="false" aria-labelledby="gl-del-t" aria-describedby="gl-del-d">
          <h2 id="gl-del-t">{t('glossaries.delete.title', { name: confirmDelete.name })}</h2>
          <p id="gl-del-d">{t('glossaries.delete.body', { count: confirmDelete.entryCount })}</p>
          {remove.error ? <ErrorAlert error={remove.error} look="box" /> : null}
          <div className="gl-actions">
            <button type="button" className="btn btn-danger" onClick={() => remove.mutate(confirmDelete.glossaryId)} disabled={remove.isPending}>
              {t('glossaries.delete.confirm')}
            </button>
            <button type="button" className="btn" onClick={() => setConfirmDelete(null)} autoFocus>
              {t('app.common.cancel')}
            </button>
          </div>
        </div>
      )}
      {dup && (
        <div className="gl-dialog" role="dialog" aria-labelledby="gl-dup-t">
          <h2 id="gl-dup-t">{t('glossaries.duplicate.title', { name: dup.g.name })}</h2>
          <label>
            {t('glossaries.field.name')}
            <input value={dup.name} onChange={(e) => setDup({ ...dup, name: e.target.value })} autoFocus />
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
            <button type="button" className="btn" onClick={() => setDup(null)}>
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
