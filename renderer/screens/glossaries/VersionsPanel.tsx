/**
 * Local versions of the glossary being edited (renderer): the last 10 saves of this name and pair, kept by main
 * on this computer. "Compare" shows what differs from the editor's rows (added, removed, changed, by source
 * term); "Restore" puts the version's entries into the editor as one undo step, to be saved like any edit.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Fragment, useId, useMemo, useState, type ReactNode } from 'react';
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

/**
 * "before → after" as the UI language writes it (← in Arabic, where the sentence runs right to left: a
 * hard-coded → pointed the wrong way there), with the two terms as elements (struck out, inserted).
 */
function beforeAfter(t: ReturnType<typeof useT>, before: ReactNode, after: ReactNode): ReactNode {
  const text = t('keys.audit.beforeAfter', { before: '\u0000b\u0000', after: '\u0000a\u0000' });
  return text.split(/\u0000([ab])\u0000/).map((part, i) => (
    <Fragment key={i}>{i % 2 === 0 ? part : part === 'b' ? before : after}</Fragment>
  ));
}

/** `onRestored(count)`: the version's `count` entries replaced the editor's rows and the panel closes. */
export function VersionsPanel({
  currentRows,
  onRestored,
}: {
  currentRows: readonly Row[];
  onRestored: (count: number) => void;
}) {
  const t = useT();
  const f = useFormat();
  const id = useId();
  const name = useEditorStore((s) => s.name);
  const sourceLang = useEditorStore((s) => s.sourceLang);
  const targetLang = useEditorStore((s) => s.targetLang);
  const glossaryId = useEditorStore((s) => s.glossaryId);
  const setEntries = useEditorStore((s) => s.setEntries);
  const [comparing, setComparing] = useState<string | null>(null);
  const versions = useQuery({
    queryKey: ['glossaries.versions', name, sourceLang, targetLang, glossaryId],
    queryFn: () => unwrap(api().glossaries.versions({ name, sourceLang, targetLang, glossaryId })),
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
      onRestored(pairs.length);
    },
  });
  const diff = useMemo(() => (entries.data ? diffEntries(entries.data, currentRows) : null), [entries.data, currentRows]);

  return (
    <section className="gl-panel" aria-labelledby={`${id}-t`}>
      <h3 id={`${id}-t`} tabIndex={-1}>
        {t('glossaries.versions.title')}
      </h3>
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
              {/* Kept focusable while it works: disabled, it dropped the focus to the page. */}
              <button
                type="button"
                className="btn"
                onClick={() => {
                  if (!restore.isPending) restore.mutate(v.versionId);
                }}
                aria-disabled={restore.isPending || undefined}
              >
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
                    {beforeAfter(t, <del dir="auto">{c.before}</del>, <ins dir="auto">{c.after}</ins>)}
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
