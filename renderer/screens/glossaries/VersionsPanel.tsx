/**
 * Local versions of the glossary being edited (renderer): the last 10 saves of this name and pair, kept by main
 * on this computer. "Compare" shows what differs from the editor's rows (added, removed, changed, by source
 * term); "Restore" puts the version's entries into the editor as one undo step, to be saved like any edit.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { EntryPair } from '../../../shared/ipc/contract-glossaries.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { useEditorStore, type Row } from './editor-store.js';

interface Diff {
  added: EntryPair[];
  removed: EntryPair[];
  changed: { source: string; before: string; after: string }[];
}

/** What the editor's rows add, remove and change compared with a version (keyed by source term). */
export function diffEntries(version: readonly EntryPair[], current: readonly Row[]): Diff {
  const before = new Map(version.map(([s, t]) => [s, t]));
  const now = new Map<string, string>();
  for (const r of current) if (r.source !== '' || r.target !== '') now.set(r.source, r.target);
  const d: Diff = { added: [], removed: [], changed: [] };
  for (const [s, t] of now) {
    const b = before.get(s);
    if (b === undefined) d.added.push([s, t]);
    else if (b !== t) d.changed.push({ source: s, before: b, after: t });
  }
  for (const [s, t] of before) if (!now.has(s)) d.removed.push([s, t]);
  return d;
}

const SHOWN = 100;

export function VersionsPanel({ currentRows, onRestored }: { currentRows: readonly Row[]; onRestored: () => void }) {
  const t = useT();
  const f = useFormat();
  const id = useId();
  const name = useEditorStore((s) => s.name);
  const sourceLang = useEditorStore((s) => s.sourceLang);
  const targetLang = useEditorStore((s) => s.targetLang);
  const setEntries = useEditorStore((s) => s.setEntries);
  const [comparing, setComparing] = useState<string | null>(null);
  const versions = useQuery({
    queryKey: ['glossaries.versions', name, sourceLang, targetLang],
    queryFn: () => unwrap(api().glossaries.versions({ name, sourceLang, targetLang })),
  });
  const entries = useQuery({
    queryKey: ['glossaries.versionEntries', comparing],
    queryFn: () => unwrap(api().glossaries.versionEntries({ versionId: comparing! })),
    enabled: comparing !== null,
  });
  const restore = useMutation({
    mutationFn: (versionId: string) => unwrap(api().glossaries.versionEntries({ versionId })),
    onSuccess: (pairs) => {
      setEntries(pairs, 'replace');
      onRestored();
    },
  });
  const diff = useMemo(() => (entries.data ? diffEntries(entries.data, currentRows) : null), [entries.data, currentRows]);

  return (
    <section className="gl-panel" aria-labelledby={`${id}-t`}>
      <h3 id={`${id}-t`}>{t('glossaries.versions.title')}</h3>
      <p className="gl-note">{t('glossaries.versions.hint')}</p>
      {versions.isPending && <p role="status">{t('app.common.loading')}</p>}
      {versions.error ? <ErrorAlert error={versions.error} look="box" /> : null}
      {versions.data?.length === 0 && <p>{t('glossaries.versions.none')}</p>}
      {versions.data && versions.data.length > 0 && (
        <ul className="gl-versions">
          {versions.data.map((v) => (
            <li key={v.versionId}>
              <span>
                {f.date(new Date(v.savedAt))} · {t('glossaries.list.entryCount', { count: v.entryCount })}
              </span>
              <button type="button" className="btn" onClick={() => setComparing(comparing === v.versionId ? null : v.versionId)} aria-expanded={comparing === v.versionId}>
                {t('glossaries.versions.compare')}
              </button>
              <button type="button" className="btn" onClick={() => restore.mutate(v.versionId)} disabled={restore.isPending}>
                {t('glossaries.versions.restore')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {restore.error ? <ErrorAlert error={restore.error} look="box" /> : null}
      {entries.error ? <ErrorAlert error={entries.error} look="box" /> : null}
      {diff && (
        <div className="gl-diff">
          <p role="status">{t('glossaries.versions.summary', { added: diff.added.length, removed: diff.removed.length, changed: diff.changed.length })}</p>
          <table>
            <caption className="visually-hidden">{t('glossaries.versions.diffCaption')}</caption>
            <tbody>
              {diff.added.slice(0, SHOWN).map(([s, tt]) => (
                <tr key={`a${s}`} className="gl-added">
                  <th scope="row">{t('glossaries.versions.added')}</th>
                  <td>{s}</td>
                  <td>{tt}</td>
                </tr>
              ))}
              {diff.removed.slice(0, SHOWN).map(([s, tt]) => (
                <tr key={`r${s}`} className="gl-removed">
                  <th scope="row">{t('glossaries.versions.removed')}</th>
                  <td>{s}</td>
                  <td>{tt}</td>
                </tr>
              ))}
              {diff.changed.slice(0, SHOWN).map((c) => (
                <tr key={`c${c.source}`} className="gl-changed">
                  <th scope="row">{t('glossaries.versions.changed')}</th>
                  <td>{c.source}</td>
                  <td>
                    <del>{c.before}</del> → <ins>{c.after}</ins>
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
