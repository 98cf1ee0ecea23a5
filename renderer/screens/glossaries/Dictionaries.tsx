/**
 * Renderer: the dictionaries of one multilingual (v3) glossary in the Glossaries list — each pair with its entry
 * count, "Edit" (opens that one dictionary in the editor; saved in place), "Remove" (asks first; the others stay),
 * "Add dictionary" (a pair, then the editor) and "Rename". Only shown for glossaries the connection serves as v3.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { GlossaryView } from '../../../shared/ipc/contract-glossaries.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { focusLost } from '../../lib/focus.js';
import { escapeCancels } from '../../lib/keys.js';
import { useEditorStore } from './editor-store.js';
import '../../components/customisation.css';
import { focusOnMount } from '../../lib/focus-on-mount.js';

type Dict = NonNullable<GlossaryView['dictionaries']>[number];

/** After the next frame (the panel that had the focus gone), the focus goes to `el` if it is on the page. */
function focusAfter(el: () => HTMLElement | null | undefined) {
  requestAnimationFrame(() => {
    if (focusLost()) el()?.focus();
  });
}

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
  const box = useRef<HTMLDivElement>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['glossaries.list'] });
  const key = (d: { sourceLang: string; targetLang: string }) => `${d.sourceLang}>${d.targetLang}`;
  /** A dictionary's Remove, else this glossary's Add dictionary. */
  const focusRemove = (d: Dict | null) =>
    focusAfter(() => (d && box.current?.querySelector<HTMLElement>(`[data-gl-dict-remove="${key(d)}"]`)) || box.current?.querySelector<HTMLElement>('[data-gl-dict-add]'));
  const cancel = () => {
    focusRemove(confirm);
    setConfirm(null);
  };
  const pairText = (d: { sourceLang: string; targetLang: string }) => t('glossaries.list.pair', { source: f.languageName(d.sourceLang), target: f.languageName(d.targetLang) });
  const remove = useMutation({
    mutationFn: (d: Dict) => unwrap(api().customisation.removeDictionary({ glossaryId: g.glossaryId, sourceLang: d.sourceLang, targetLang: d.targetLang })),
    onSuccess: async () => {
      setConfirm(null);
      await refresh();
      focusRemove(null);
    },
  });
  const dicts = g.dictionaries ?? [];
  return (
    <div className="gl-dicts" ref={box}>
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
              <button type="button" className="btn btn-small btn-ghost" data-gl-dict-remove={key(d)} aria-label={t('customisation.dict.removeNamed', { pair: pairText(d), name: g.name })} onClick={() => setConfirm(d)}>
                {t('customisation.dict.remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {confirm && (
        <div className="gl-dialog" role="alertdialog" aria-modal="false" aria-labelledby={`rm-${g.glossaryId}`} onKeyDown={(e) => escapeCancels(e, cancel)}>
          <h2 id={`rm-${g.glossaryId}`}>{t('customisation.dict.removeConfirm', { pair: pairText(confirm), count: confirm.entryCount })}</h2>
          {remove.error ? <ErrorAlert error={remove.error} look="box" /> : null}
          <div className="gl-actions">
            <button type="button" className="btn btn-danger" onClick={() => remove.mutate(confirm)} disabled={remove.isPending}>
              {t('customisation.dict.remove')}
            </button>
            <button type="button" className="btn" onClick={cancel} ref={focusOnMount}>
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
  const addButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    focusAfter(() => addButton.current);
  };
  const has = new Set((g.dictionaries ?? []).map((d) => `${d.sourceLang}>${d.targetLang}`));
  // In the order of their names in the UI language, as the editor's pair pickers are (the service lists them by code:
  // "German → English" came before "English → French").
  const free = pairs
    .filter((p) => !has.has(`${p.sourceLang}>${p.targetLang}`))
    .map((p) => ({ ...p, label: t('glossaries.list.pair', { source: f.languageName(p.sourceLang), target: f.languageName(p.targetLang) }) }))
    .sort((a, b) => f.compare(a.label, b.label));
  const [choice, setChoice] = useState('');
  const value = choice || (free[0] ? `${free[0].sourceLang}>${free[0].targetLang}` : '');
  if (!open) {
    return (
      <button
        ref={addButton}
        type="button"
        className="btn btn-small"
        data-gl-dict-add=""
        aria-label={t('customisation.dict.addNamed', { name: g.name })}
        onClick={() => setOpen(true)}
        disabled={free.length === 0}
      >
        {t('customisation.dict.add')}
      </button>
    );
  }
  const start = () => {
    const [sourceLang, targetLang] = value.split('>') as [string, string];
    useEditorStore.getState().open({ draftId: crypto.randomUUID(), glossaryId: g.glossaryId, name: g.name, sourceLang, targetLang, entries: [['', '']] }, false);
  };
  return (
    <div className="gl-inline-form" onKeyDown={(e) => escapeCancels(e, close)}>
      <label>
        {t('customisation.dict.pair')}
        <select value={value} onChange={(e) => setChoice(e.target.value)} ref={focusOnMount}>
          {free.map((p) => (
            <option key={`${p.sourceLang}>${p.targetLang}`} value={`${p.sourceLang}>${p.targetLang}`}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn-primary btn-small" onClick={start} disabled={!value}>
        {t('customisation.dict.addOpen')}
      </button>
      <button type="button" className="btn btn-small" onClick={close}>
        {t('customisation.common.cancel')}
      </button>
    </div>
  );
}

/**
 * "Rename" of a multilingual glossary: one PATCH, same id, dictionaries untouched. Saved (`onRenamed` says so)
 * or cancelled (Cancel, Escape), the focus goes back to the row's Rename, not to the page; the row may move
 * when the list is sorted by name, so it is looked for again once the list has the new name.
 */
export function RenameGlossary({ g, onRenamed }: { g: GlossaryView; onRenamed?: (oldName: string, newName: string) => void }) {
  const t = useT();
  const qc = useQueryClient();
  const [name, setName] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const rename = useMutation({
    mutationFn: (n: string) => unwrap(api().customisation.renameGlossary({ glossaryId: g.glossaryId, name: n })),
    onSuccess: async (out, n) => {
      setName(null);
      onRenamed?.(g.name, out.name || n);
      focusAfter(() => button.current);
      await qc.invalidateQueries({ queryKey: ['glossaries.list'] });
      focusAfter(() => button.current);
    },
  });
  const cancel = () => {
    setName(null);
    rename.reset();
    focusAfter(() => button.current);
  };
  if (name === null) {
    return (
      <button ref={button} type="button" className="btn" aria-label={t('customisation.glossary.renameNamed', { name: g.name })} onClick={() => setName(g.name)}>
        {t('customisation.glossary.rename')}
      </button>
    );
  }
  return (
    <form
      className="gl-inline-form"
      onKeyDown={(e) => escapeCancels(e, cancel)}
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) rename.mutate(name.trim());
      }}
    >
      <label>
        {t('customisation.common.name')}
        <input value={name} onChange={(e) => setName(e.target.value)} ref={focusOnMount} maxLength={1024} />
      </label>
      <button type="submit" className="btn btn-primary btn-small" disabled={!name.trim() || rename.isPending}>
        {t('customisation.common.save')}
      </button>
      <button type="button" className="btn btn-small" onClick={cancel}>
        {t('customisation.common.cancel')}
      </button>
      {rename.error ? <ErrorAlert error={rename.error} look="box" /> : null}
    </form>
  );
}
