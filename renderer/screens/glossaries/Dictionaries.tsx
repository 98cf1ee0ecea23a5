/**
 * Renderer: the dictionaries of one multilingual (v3) glossary in the Glossaries list — each pair with its entry
 * count, "Edit" (opens that one dictionary in the editor; saved in place), "Remove" (asks first; the others stay),
 * "Add dictionary" (a pair, then the editor) and "Rename". Only shown for glossaries the connection serves as v3.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GlossaryView } from '../../../shared/ipc/contract-glossaries.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { useEditorStore } from './editor-store.js';
import '../../components/customisation.css';

type Dict = NonNullable<GlossaryView['dictionaries']>[number];

export function Dictionaries({
  g,
  pairs,
  onEdit,
}: {
  g: GlossaryView;
  pairs: { sourceLang: string; targetLang: string }[];
  onEdit: (g: GlossaryView, pair: { sourceLang: string; targetLang: string }) => void;
}) {
  const t = useT();
  const f = useFormat();
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState<Dict | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['glossaries.list'] });
  const pairText = (d: { sourceLang: string; targetLang: string }) => t('glossaries.list.pair', { source: f.languageName(d.sourceLang), target: f.languageName(d.targetLang) });
  const remove = useMutation({
    mutationFn: (d: Dict) => unwrap(api().customisation.removeDictionary({ glossaryId: g.glossaryId, sourceLang: d.sourceLang, targetLang: d.targetLang })),
    onSuccess: () => {
      setConfirm(null);
      refresh();
    },
  });
  const dicts = g.dictionaries ?? [];
  return (
    <div className="gl-dicts">
      <ul aria-label={t('customisation.dict.caption', { name: g.name })}>
        {dicts.map((d) => (
          <li key={`${d.sourceLang}-${d.targetLang}`}>
            <span>
              {pairText(d)} <span className="hint">· {t('customisation.dict.entries', { count: d.entryCount })}</span>
            </span>
            {/* With one dictionary the row's own Edit opens it: a second Edit beside it (seen on a tour) says nothing more. */}
            {dicts.length > 1 && (
              <button type="button" className="btn btn-small" aria-label={t('customisation.dict.editNamed', { pair: pairText(d), name: g.name })} onClick={() => onEdit(g, d)}>
                {t('customisation.dict.edit')}
              </button>
            )}
            {dicts.length > 1 && (
              <button type="button" className="btn btn-small btn-ghost" aria-label={t('customisation.dict.removeNamed', { pair: pairText(d), name: g.name })} onClick={() => setConfirm(d)}>
                {t('customisation.dict.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {confirm && (
        <div className="gl-dialog" role="alertdialog" aria-modal="false" aria-labelledby={`rm-${g.glossaryId}`}>
          <h2 id={`rm-${g.glossaryId}`}>{t('customisation.dict.removeConfirm', { pair: pairText(confirm), count: confirm.entryCount })}</h2>
          {remove.error ? <ErrorAlert error={remove.error} look="box" /> : null}
          <div className="gl-actions">
            <button type="button" className="btn btn-danger" onClick={() => remove.mutate(confirm)} disabled={remove.isPending}>
              {t('customisation.dict.remove')}
            </button>
            <button type="button" className="btn" onClick={() => setConfirm(null)} autoFocus>
              {t('customisation.common.cancel')}
            </button>
          </div>
        </div>
      )}
      <AddDictionary g={g} pairs={pairs} />
    </div>
  );
}

/** "Add dictionary": choose a pair the glossary does not have yet, then fill it in the editor (saved in place). */
function AddDictionary({ g, pairs }: { g: GlossaryView; pairs: { sourceLang: string; targetLang: string }[] }) {
  const t = useT();
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const has = new Set((g.dictionaries ?? []).map((d) => `${d.sourceLang}>${d.targetLang}`));
  const free = pairs.filter((p) => !has.has(`${p.sourceLang}>${p.targetLang}`));
  const [choice, setChoice] = useState('');
  const value = choice || (free[0] ? `${free[0].sourceLang}>${free[0].targetLang}` : '');
  if (!open) {
    return (
      <button type="button" className="btn btn-small" aria-label={t('customisation.dict.addNamed', { name: g.name })} onClick={() => setOpen(true)} disabled={free.length === 0}>
        {t('customisation.dict.add')}
      </button>
    );
  }
  const start = () => {
    const [sourceLang, targetLang] = value.split('>') as [string, string];
    useEditorStore.getState().open({ draftId: crypto.randomUUID(), glossaryId: g.glossaryId, name: g.name, sourceLang, targetLang, entries: [['', '']] }, false);
  };
  return (
    <div className="gl-inline-form">
      <label>
        {t('customisation.dict.pair')}
        <select value={value} onChange={(e) => setChoice(e.target.value)}>
          {free.map((p) => (
            <option key={`${p.sourceLang}>${p.targetLang}`} value={`${p.sourceLang}>${p.targetLang}`}>
              {t('glossaries.list.pair', { source: f.languageName(p.sourceLang), target: f.languageName(p.targetLang) })}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn-primary btn-small" onClick={start} disabled={!value}>
        {t('customisation.dict.addOpen')}
      </button>
      <button type="button" className="btn btn-small" onClick={() => setOpen(false)}>
        {t('customisation.common.cancel')}
      </button>
    </div>
  );
}

/** "Rename" of a multilingual glossary: one PATCH, same id, dictionaries untouched. */
export function RenameGlossary({ g }: { g: GlossaryView }) {
  const t = useT();
  const qc = useQueryClient();
  const [name, setName] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (n: string) => unwrap(api().customisation.renameGlossary({ glossaryId: g.glossaryId, name: n })),
    onSuccess: () => {
      setName(null);
      void qc.invalidateQueries({ queryKey: ['glossaries.list'] });
    },
  });
  if (name === null) {
    return (
      <button type="button" className="btn" aria-label={t('customisation.glossary.renameNamed', { name: g.name })} onClick={() => setName(g.name)}>
        {t('customisation.glossary.rename')}
      </button>
    );
  }
  return (
    <form
      className="gl-inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) rename.mutate(name.trim());
      }}
    >
      <label>
        {t('customisation.common.name')}
        <input value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={1024} />
      </label>
      <button type="submit" className="btn btn-primary btn-small" disabled={!name.trim() || rename.isPending}>
        {t('customisation.common.save')}
      </button>
      <button type="button" className="btn btn-small" onClick={() => setName(null)}>
        {t('customisation.common.cancel')}
      </button>
      {rename.error ? <ErrorAlert error={rename.error} look="box" /> : null}
    </form>
  );
}
