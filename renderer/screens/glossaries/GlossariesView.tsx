/**
 * Glossaries screen (renderer): switches between the list and the editor. The editor's rows live in a module
 * store (`editor-store.ts`), so coming back to this screen reopens the editor where it was; the draft on disk
 * (main) covers restarts. Saving moves the Translate screen's and the Documents batch's chosen glossaries to the
 * new id.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SaveOutcome } from '../../../shared/ipc/contract-glossaries.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { refocusIfLost } from '../../lib/focus.js';
import { useApiEvent, useConnections, useGlossaries, useLanguagePairs } from '../../lib/queries.js';
import { useTranslateStore } from '../../state/translate-store.js';
import { followGlossaryInBatch } from '../documents/batch-store.js';
import { useEditorStore } from './editor-store.js';
import { GlossaryEditor } from './GlossaryEditor.js';
import { GlossaryList, useDrafts } from './GlossaryList.js';
import { defaultPair, usablePairs } from './glossary-pairs.js';
import { StyleRulesSection } from './StyleRules.js';
import './glossaries.css';

function usePairs(connectionId: string | null) {
  return useQuery({
    queryKey: ['glossaries.languagePairs', connectionId],
    queryFn: () => unwrap(api().glossaries.languagePairs()),
    enabled: connectionId !== null,
    staleTime: 60 * 60_000,
  });
}

/** The Translate screen's chosen glossaries follow a save to the new id. */
function followInTranslate(oldId: string, newId: string) {
  const st = useTranslateStore.getState();
  const ids = st.options.glossaryIds;
  if (ids.includes(oldId)) st.setOptions({ glossaryIds: ids.map((x) => (x === oldId ? newId : x)) });
}

export default function GlossariesView() {
  const t = useT();
  const qc = useQueryClient();
  const connections = useConnections();
  const connectionId = connections.data?.activeId ?? null;
  const list = useGlossaries(connectionId);
  const glossaryPairs = usePairs(connectionId);
  // Only pairs the connection can also translate (the local engine lists its own); never one it cannot use.
  const translatable = useLanguagePairs(connectionId);
  const pairs = useMemo(
    () => ({ data: glossaryPairs.data && (translatable.data || translatable.isError) ? usablePairs(glossaryPairs.data, translatable.data?.pairs) : undefined, error: glossaryPairs.error }),
    [glossaryPairs.data, glossaryPairs.error, translatable.data, translatable.isError],
  );
  const drafts = useDrafts(connectionId);
  const editing = useEditorStore((s) => s.draftId !== null);
  const [notice, setNotice] = useState<string | null>(null);
  const [openError, setOpenError] = useState<unknown>(null);
  // The editor closed (saved, Ctrl+S from a cell, or Back to the list): the focus it had went with it. It
  // goes to what the list says about the save, else to New glossary, not to the page.
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) {
      refocusIfLost('.gl-screen [data-gl-notice]', '.gl-screen [data-gl-new]');
    }
    wasEditing.current = editing;
  }, [editing]);

  useApiEvent(
    'glossaries.replaced',
    useCallback((p: { oldId: string; newId: string }) => {
      followInTranslate(p.oldId, p.newId);
      followGlossaryInBatch(p.oldId, p.newId);
    }, []),
  );

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['glossaries.list'] });
    void qc.invalidateQueries({ queryKey: ['glossaries.drafts'] });
  };

  const openDraft = async (draftId: string) => {
    setOpenError(null);
    try {
      useEditorStore.getState().open(await unwrap(api().glossaries.draftGet({ draftId })), false);
    } catch (e) {
      setOpenError(e);
    }
  };
  const openGlossary = async (glossaryId: string, pair?: { sourceLang: string; targetLang: string }) => {
    setOpenError(null);
    try {
      useEditorStore.getState().open(await unwrap(api().glossaries.edit({ glossaryId, ...pair })), false);
    } catch (e) {
      setOpenError(e);
    }
  };
  const openNew = () => {
    // The pair last used in Translate, when the connection offers it for glossaries.
    const first = defaultPair(pairs.data ?? [], useTranslateStore.getState().options, navigator.language);
    useEditorStore.getState().open(
      { draftId: crypto.randomUUID(), glossaryId: null, name: '', sourceLang: first?.sourceLang ?? '', targetLang: first?.targetLang ?? '', entries: [['', '']] },
      false,
    );
    setNotice(null);
  };
  const onSaved = (out: SaveOutcome) => {
    useEditorStore.getState().close();
    setNotice(t('glossaries.save.saved', { name: out.glossary.name, count: out.glossary.entryCount }));
    refresh();
  };

  return (
    <div className="screen gl-screen">
      <header className="screen-header">
        <ScreenTitle title={t('app.nav.glossaries')} />
      </header>
      {openError !== null && <ErrorAlert error={openError} look="box" />}
      {editing ? (
        <GlossaryEditor
          pairs={pairs.data ?? []}
          glossaryCount={list.data?.length ?? 0}
          onClose={() => {
            useEditorStore.getState().close();
            refresh();
          }}
          onSaved={onSaved}
        />
      ) : list.isPending || drafts.isPending ? (
        <p role="status">{t('glossaries.list.loading')}</p>
      ) : list.error ? (
        <ErrorAlert error={list.error} look="box" />
      ) : (
        <GlossaryList
          glossaries={list.data ?? []}
          drafts={drafts.data ?? []}
          onEdit={(g, pair) => void openGlossary(g.glossaryId, pair)}
          pairs={pairs.data ?? []}
          onOpenDraft={(id) => void openDraft(id)}
          onNew={openNew}
          notice={notice}
        />
      )}
      {pairs.error ? <ErrorAlert error={pairs.error} look="text" /> : null}
      {!editing && <StyleRulesSection connectionId={connectionId} local={connections.data?.connections.find((c) => c.id === connectionId)?.kind === 'local'} />}
    </div>
  );
}
