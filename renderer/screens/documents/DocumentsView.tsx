/**
 * Renderer: the Documents screen. Files come from the drop zone, a drop anywhere in the window, or "Choose files…"
 * (native dialog on the desktop, the browser's file input in the web harness); main checks each one and estimates
 * its cost before anything is sent. The batch's options (targets, source, formality, glossaries, style rules,
 * translation memory, output format and folder) apply to every file; one job per file × target. The queue lives
 * in main; this screen shows it and sends actions.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode, type Ref } from 'react';
import type { FileCheck, InspectOutput } from '../../../shared/ipc/contract-documents.js';
import type { MessageId } from '../../../shared/i18n/catalog.js';
import { FORMALITY_VALUES } from '../../../shared/spec/languages.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { QuotaWarning } from '../../components/QuotaWarning.js';
import { ScreenTitle } from '../../components/ScreenTitle.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { isolate } from '../../lib/bidi.js';
import { useConnections, useGlossaries, useLanguagePairs, useLanguages } from '../../lib/queries.js';
import { reachable } from '../translate/language-logic.js';
import { StyleTmPicker } from '../../components/StyleTmPicker.js';
import { hasFeature, lackingFeature, useCapabilities } from '../../lib/customisation-queries.js';
import { openGlossaryEditor } from '../glossaries/open-editor.js';
import { useBatchField } from './batch-store.js';
import { lastBatchTargets } from './last-targets.js';
import { useDropStore } from './drop-store.js';
import { captureDrop, fileBridge, filesOfDrop, type DropPayload } from './file-bridge.js';
import { JobList, keepFocusInList } from './JobList.js';
import { documentsKey, useDocuments, useKeptBatch, usePrefs, useRemaining } from './use-documents.js';
import './documents.css';
import { useLanguageOrder } from '../../lib/language-order.js';
import { focusLost, refocusIfLost } from '../../lib/focus.js';

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

/**
 * The checked files of a batch (or those left out of the one just sent): name, size, what the check found, what each
 * costs (the batch only), and its Remove. A file with a problem is marked, and its problem (a sentence or two: what
 * is wrong, what to do) is written on a line of its own across the table, under the file: in the narrow Check column
 * it stood about 15 lines tall at 900×700 (seen on a Dutch tour). Screen readers read it in the Check cell, as one
 * row; the line under it is for the eyes only.
 */
function CheckTable({
  files,
  labelledBy,
  check,
  problem,
  note,
  cost,
  costNoWrap = false,
  remove,
  tableRef,
}: {
  files: readonly FileCheck[];
  labelledBy: string;
  /** What the check found in a file without a problem. */
  check: (x: FileCheck) => string;
  /** A file's problem, in words. */
  problem: (x: FileCheck) => string;
  /** A longer note on a file without a problem (the local engine leaves its images), on the line under it too. */
  note?: (x: FileCheck) => string | null;
  cost?: (x: FileCheck) => string;
  /** The costs are short in every language (the local engine's "not billed"): each on one line. */
  costNoWrap?: boolean;
  remove: (x: FileCheck) => ReactNode;
  /** The batch's table: focusable from code, the keyboard lands there once chosen files are checked. */
  tableRef?: Ref<HTMLTableElement>;
}) {
  const t = useT();
  const f = useFormat();
  return (
    <table ref={tableRef} className="doc-checks" tabIndex={tableRef ? -1 : undefined} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">{t('documents.col.file')}</th>
          <th scope="col">{t('documents.col.size')}</th>
          <th scope="col">{t('documents.col.check')}</th>
          {cost && <th scope="col">{t('documents.col.cost')}</th>}
          <th scope="col">
            <span className="visually-hidden">{t('documents.col.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {files.map((x) => {
          const noted = x.ok ? (note?.(x) ?? null) : null;
          return (
            <Fragment key={x.path}>
              <tr className={x.ok ? (noted ? 'doc-check-noted' : '') : 'doc-check-bad'}>
                <td>{x.name}</td>
                <td>{f.bytes(x.sizeBytes)}</td>
                {x.ok ? (
                  <td>
                    {check(x)}
                    {noted && <span className="visually-hidden"> {noted}</span>}
                  </td>
                ) : (
                  <td>
                    <span className="doc-check-nowrap" aria-hidden="true">{t('documents.check.problem')}</span>
                    <span className="visually-hidden">{problem(x)}</span>
                  </td>
                )}
                {cost && <td className={costNoWrap ? 'doc-check-nowrap' : undefined}>{cost(x)}</td>}
                <td>{remove(x)}</td>
              </tr>
              {(!x.ok || noted) && (
                <tr className={x.ok ? 'doc-check-note' : 'doc-check-problem'} aria-hidden="true">
                  <td colSpan={cost ? 5 : 4}>{x.ok ? noted : problem(x)}</td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

export function DocumentsView() {
  const t = useT();
  const f = useFormat();
  const qc = useQueryClient();
  const docs = useDocuments();
  const prefs = usePrefs();
  const remaining = useRemaining();
  const conns = useConnections();
  const activeId = conns.data?.activeId ?? null;
  const active = conns.data?.connections.find((c) => c.id === activeId);
  const targets = useLanguages('target', activeId);
  const sources = useLanguages('source', activeId);
  const pairs = useLanguagePairs(activeId);
  const glossaries = useGlossaries(activeId);
  const bridge = fileBridge();
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const batchTable = useRef<HTMLTableElement>(null);
  const tooManyAdd = useRef<HTMLButtonElement>(null);
  /**
   * Files chosen with "Choose files…" or Ctrl+O (or a large folder's "Add"): what had the focus then. Once they are
   * checked the focus goes into the batch (its table, or the question about a large folder) unless the user moved
   * it meanwhile; it fell to the page (seen on a French keyboard tour: the next Tab started at "Skip to content").
   */
  const focusWhenChecked = useRef<Element | null | undefined>(undefined);

  // The batch being prepared outlives the screen (batch-store.ts): "Edit…" on a glossary and back keeps it.
  const [pending, setPending] = useBatchField('pending');
  const [tooMany, setTooMany] = useState<{ paths: string[]; count: number } | null>(null);
  const [busy, setBusy] = useState<null | 'adding' | 'sending'>(null);
  const [addError, setAddError] = useState<unknown>(null);
  const [dragging, setDragging] = useState(false);
  const [targetLangs, setTargetLangs] = useBatchField('targetLangs');
  const [sourceLang, setSourceLang] = useBatchField('sourceLang');
  const [formality, setFormality] = useBatchField('formality');
  const [glossaryIds, setGlossaryIds] = useBatchField('glossaryIds');
  const [styleId, setStyleId] = useBatchField('styleId');
  const [tmId, setTmId] = useBatchField('tmId');
  const [tmThreshold, setTmThreshold] = useBatchField('tmThreshold');
  const [pdfToDocx, setPdfToDocx] = useBatchField('pdfToDocx');
  const [outputDir, setOutputDir] = useBatchField('outputDir');
  const [overQuotaOk, setOverQuotaOk] = useBatchField('overQuotaOk');
  const [targetsFromLast, setTargetsFromLast] = useBatchField('targetsFromLast');
  // Main keeps the batch across a reload or restart; the one it gives back is said to be from last time.
  useKeptBatch();
  const [restored, setRestored] = useBatchField('restored');

  const inspect = useCallback(async (paths: string[], allowMany = false) => {
    const r: InspectOutput = await unwrap(api().documents.inspect({ paths, allowMany }));
    if (r.tooMany !== undefined) {
      setTooMany({ paths, count: r.tooMany });
      return;
    }
    setPending((cur) => {
      // A file added again is checked again (fixed since, or not): its new check replaces the old one in place. Files
      // left out of the last batch sent stay, with their problem, in the new one.
      const fresh = new Map(r.files.map((x) => [x.path, x]));
      const kept = (cur?.files ?? []).map((x) => fresh.get(x.path) ?? x);
      const seen = new Set(kept.map((x) => x.path));
      return { files: [...kept, ...r.files.filter((x) => !seen.has(x.path))], skipped: (cur?.skipped ?? 0) + r.skipped };
    });
  }, [setPending]);

  const addFiles = useCallback(
    async (files: File[], chosen = false) => {
      if (!files.length) return;
      if (!bridge) {
        setAddError(new Error(t('documents.noBridge')));
        return;
      }
      if (chosen) focusWhenChecked.current = document.activeElement;
      setBusy('adding');
      setAddError(null);
      try {
        const paths: string[] = [];
        for (const file of files) paths.push(await bridge.toPath(file));
        await inspect(paths);
      } catch (e) {
        setAddError(e);
      } finally {
        setBusy(null);
      }
    },
    [bridge, inspect, t],
  );

  const addDrop = useCallback(async (drop: DropPayload) => addFiles(await filesOfDrop(drop, bridge)), [addFiles, bridge]);

  // A drop elsewhere in the window brought us here: take its files.
  useEffect(() => {
    const consume = () => {
      const drop = useDropStore.getState().take();
      if (drop) void addDrop(drop);
    };
    // A subscription (not state read in render): the drop is taken once, when it arrives or when the screen opens.
    queueMicrotask(consume);
    return useDropStore.subscribe((st) => {
      if (st.pending) consume();
    });
  }, [addDrop]);

  /** Files the user chose (the native dialog, a large folder's "Add"): checked, then the focus goes into the batch. */
  const checkChosen = useCallback(
    async (paths: string[], allowMany = false) => {
      focusWhenChecked.current = document.activeElement;
      setBusy('adding');
      setAddError(null);
      try {
        await inspect(paths, allowMany);
      } catch (e) {
        setAddError(e);
      } finally {
        setBusy(null);
      }
    },
    [inspect],
  );

  const choose = useCallback(async () => {
    // Busy, the button stays focusable (a disabled one drops the keyboard focus to the page) but does nothing.
    if (busy !== null) return;
    // The web harness has no native dialog: the browser's file input streams the bytes to main instead.
    if (bridge?.kind !== 'path') {
      input.current?.click();
      return;
    }
    setAddError(null);
    try {
      const picked = await unwrap(api().documents.pickFiles());
      if (picked) await checkChosen(picked.paths);
    } catch (e) {
      setAddError(e);
    }
  }, [bridge, busy, checkChosen]);

  // The chosen files are checked: the focus goes to the batch's table (or the large folder's question), or back to
  // "Choose files…" when nothing was added — where it was left, or where it fell to the page.
  useEffect(() => {
    const from = focusWhenChecked.current;
    if (busy !== null || from === undefined) return;
    focusWhenChecked.current = undefined;
    const at = document.activeElement;
    if (!focusLost() && at !== from && at !== chooseButton.current && at !== input.current) return;
    const target = tooManyAdd.current ?? batchTable.current ?? chooseButton.current;
    if (target && target === batchTable.current) {
      // The table takes the focus without scrolling its heading ("7 files to translate") out of view, as focusing it
      // did at 900×700 (seen on a Dutch tour): the heading is brought into view when it is not.
      target.focus({ preventScroll: true });
      const heading = document.getElementById('doc-batch-title');
      const box = heading?.getBoundingClientRect();
      if (heading && box && (box.top < 0 || box.bottom > window.innerHeight)) heading.scrollIntoView({ block: 'start' });
    } else target?.focus();
  }, [busy]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'o') {
        e.preventDefault();
        void choose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [choose]);

  // Files left out of the batch just sent (listed as not sent) are no batch of their own.
  const leftOver = pending?.leftOver === true;
  const okFiles = pending?.files.filter((x) => x.ok) ?? [];
  const badFiles = pending?.files.filter((x) => !x.ok) ?? [];
  const perTarget = okFiles.reduce((n, x) => n + x.estimatedCharacters, 0);
  // No language ticked: nothing would be sent, so nothing is estimated (seen on a tour: "50,000 characters (1 file × 0
  // languages)"); the line says to choose a language instead.
  const total = perTarget * targetLangs.length;
  // The local engine bills nothing: no minimum, no estimate of billed characters, no quota to pass.
  const localEngine = active?.kind === 'local';
  const overQuota = !localEngine && remaining.data !== null && remaining.data !== undefined && total > remaining.data;
  const hasPdf = okFiles.some((x) => x.extension === 'pdf');
  const hasImage = okFiles.some((x) => x.image);
  const targetList = useMemo(() => targets.data?.languages ?? [], [targets.data]);
  const targetChoices = useLanguageOrder(targetList) ?? [];
  const sourceChoices = useLanguageOrder(sources.data?.languages) ?? [];
  // With a source chosen, the targets the connection does not reach from it (the local engine: Danish from English):
  // offered as such, and a ticked one holds the batch back, instead of rows that all fail.
  const unreachable = (code: string) => sourceLang !== '' && !reachable(pairs.data?.pairs, sourceLang, code);
  const blockedTargets = targetLangs.filter(unreachable);
  const caps = useCapabilities(activeId);
  // Formality: where /v3/languages (translate_document) answers, its `formality` feature decides; else the v2 list.
  const formalityOk =
    targetLangs.length > 0 &&
    targetLangs.every((c) => hasFeature(caps.data, 'document', c, 'formality') ?? targetList.find((l) => l.code === c)?.supportsFormality);
  // Where /v3/languages answers, a pair it lists without `glossary` gets none (the reason says so); else unchanged.
  const glossaryLacks = sourceLang ? lackingFeature(caps.data, 'document', [sourceLang, ...targetLangs], 'glossary') : [];
  const glossaryOff = glossaryLacks.length > 0;
  const lackingTargets = targetLangs.filter((c) => glossaryLacks.includes(c));
  // A multilingual glossary fits when one of its dictionaries does.
  const pairGlossaries = (glossaries.data ?? []).filter(
    (g) =>
      sourceLang &&
      (g.dictionaries ?? [g]).some((d) => d.sourceLang.toUpperCase() === sourceLang.split('-')[0] && targetLangs.some((tl) => tl.split('-')[0] === d.targetLang.toUpperCase())),
  );

  const send = async () => {
    if (busy !== null) return;
    setBusy('sending');
    setAddError(null);
    try {
      const list = await unwrap(
        api().documents.enqueue({
          paths: okFiles.map((x) => x.path),
          options: {
            targetLangs,
            ...(sourceLang && { sourceLang }),
            ...(formalityOk && formality !== 'default' && { formality: formality as 'more' }),
            ...(glossaryIds.length && sourceLang && !glossaryOff && { glossaryIds }),
            ...(styleId.trim() && { styleId: styleId.trim() }),
            ...(tmId.trim() && { translationMemoryId: tmId.trim(), translationMemoryThreshold: tmThreshold }),
            ...(hasPdf && pdfToDocx && { outputFormat: 'docx' as const }),
            ...(outputDir.trim() && { outputDir: outputDir.trim() }),
          },
        }),
      );
      qc.setQueryData(documentsKey, list);
      // Nothing is dropped silently: the files left out (their problem said before sending) stay, listed as not sent.
      setPending(badFiles.length > 0 ? { files: badFiles, skipped: 0, leftOver: true } : null);
      setOverQuotaOk(false);
      // The batch and its Send button are gone: the focus goes to the queue the documents joined.
      keepFocusInList();
      void qc.invalidateQueries({ queryKey: ['documents.usage'] });
    } catch (e) {
      setAddError(e);
    } finally {
      setBusy(null);
    }
  };

  const onZoneDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.stopPropagation();
    setDragging(false);
    void addDrop(captureDrop(e.dataTransfer));
  };

  const jobs = docs.data?.jobs ?? [];
  // A new batch with no language ticked (after a restart: within a session the batch store keeps the last ones) gets
  // the languages of the last batch sent on this connection that it still offers, and a note says so.
  const lastTargets = useMemo(() => lastBatchTargets(docs.data?.jobs ?? [], activeId), [docs.data?.jobs, activeId]);
  const hasPending = pending !== null && !leftOver;
  useEffect(() => {
    if (!hasPending || targetLangs.length > 0 || targetsFromLast.length > 0 || targetList.length === 0) return;
    const offered = lastTargets.filter((c) => targetList.some((l) => l.code === c));
    if (offered.length === 0) return;
    setTargetLangs(offered);
    setTargetsFromLast(offered);
  }, [hasPending, targetLangs.length, targetsFromLast.length, targetList, lastTargets, setTargetLangs, setTargetsFromLast]);
  // The note goes with the batch, and once the ticks are no longer the last batch's.
  useEffect(() => {
    if (!hasPending && targetsFromLast.length > 0) setTargetsFromLast([]);
  }, [hasPending, targetsFromLast.length, setTargetsFromLast]);
  // So does the note that the batch is the one from last time (sent or emptied, the next one is new).
  useEffect(() => {
    if (!hasPending && restored) setRestored(false);
  }, [hasPending, restored, setRestored]);
  const showFromLast =
    targetsFromLast.length > 0 && targetsFromLast.length === targetLangs.length && targetsFromLast.every((c) => targetLangs.includes(c));
  const anyActive = jobs.some((j) => ['waiting', 'uploading', 'queued', 'translating', 'downloading'].includes(j.state));
  const now = useNow(anyActive);
  const s = docs.data?.summary;
  const compact = jobs.length > 0;
  const hasBatch = (pending?.files.length ?? 0) > 0;
  /** A problem file's check, in words (the batch, and the files left out of the batch sent). */
  const problemText = (x: FileCheck) =>
    t(`documents.problem.${x.problem ?? 'unreadable'}` as MessageId, {
      // The extension with its dot, isolated: in a right-to-left sentence the dot stays before "xls", not after it.
      ext: isolate(x.extension ? `.${x.extension}` : '—'),
      looks: t(`documents.looks.${x.looksLike ?? 'binary'}` as MessageId),
      max: prefs.data?.maxFileMb ?? 100,
    });
  const removeButton = (x: FileCheck, files: FileCheck[]) => (
    // One file out of the batch (the password-protected one, a wrong pick) without clearing the rest.
    <button
      type="button"
      className="btn btn-small btn-ghost"
      aria-label={t('documents.pendingRemoveNamed', { name: isolate(x.name) })}
      onClick={() => {
        const rest = files.filter((y) => y.path !== x.path);
        setPending(rest.length > 0 ? { ...pending!, files: rest } : null);
        // The row and its button are gone: the focus stays in the table (or the drop zone's button).
        refocusIfLost('.doc-checks button', '.doc-drop button');
      }}
    >
      {t('documents.pendingRemove')}
    </button>
  );

  return (
    <div className="screen documents-screen">
      <header className="screen-header">
        <ScreenTitle title={t('documents.title')} />
        <p className="doc-shortcuts">{t('documents.shortcuts')}</p>
      </header>
      <QuotaWarning />

      {/* Large while the queue is empty (the screen's empty state); once it holds documents, one compact row, so the
          queue starts high enough for four rows or more at 900×700 (the large zone left room for two). Same button,
          same drop target; a drop anywhere else in the window is still taken (drop-store.ts). */}
      <div
        className={`doc-drop${compact ? ' doc-drop-compact' : ''}${dragging ? ' doc-drop-active' : ''}`}
        data-drop-zone=""
        onDragOver={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setDragging(true);
        }}
        // Moving onto the zone's own button is no leaving: the feedback stays instead of flickering.
        onDragLeave={(e) => {
          if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setDragging(false);
        }}
        onDrop={onZoneDrop}
        aria-label={t('documents.drop.label')}
        role="group"
      >
        <p>{t(compact ? 'documents.drop.more' : 'documents.drop.text')}</p>
        {/* Busy, it stays focusable (aria-disabled): disabled, it dropped the keyboard focus to the page. */}
        <button
          ref={chooseButton}
          type="button"
          className="btn btn-primary"
          onClick={() => void choose()}
          aria-disabled={busy !== null || undefined}
        >
          {t('documents.choose')}
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="documents-file-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            void addFiles(files, true);
          }}
        />
        {/* The batch's check messages point to "the formats listed above": listed whenever a batch is shown. */}
        {(!compact || hasBatch) && <p className="doc-formats">{t('documents.formats')}</p>}
        {busy === 'adding' && <p role="status">{t('documents.checking')}</p>}
      </div>

      {tooMany && (
        <div className="alert alert-warning" role="alert">
          <p>{t('documents.tooMany', { count: tooMany.count })}</p>
          <button
            ref={tooManyAdd}
            type="button"
            className="btn btn-small"
            onClick={() => {
              const p = tooMany.paths;
              setTooMany(null);
              void checkChosen(p, true);
            }}
          >
            {t('documents.tooManyAdd', { count: tooMany.count })}
          </button>
          <button
            type="button"
            className="btn btn-small btn-ghost"
            onClick={() => {
              setTooMany(null);
              refocusIfLost('.doc-drop button');
            }}
          >
            {t('app.common.cancel')}
          </button>
        </div>
      )}
      {addError !== null && <ErrorAlert error={addError} look="box" />}

      {pending && pending.files.length > 0 && !leftOver && (
        <section className="doc-batch" aria-labelledby="doc-batch-title">
          <h2 id="doc-batch-title">{t('documents.batch.title', { count: pending.files.length })}</h2>
          {restored && <p className="doc-note">{t('documents.batch.restored')}</p>}
          {/* Focusable from code: files chosen with the keyboard land here once checked. */}
          <CheckTable
            tableRef={batchTable}
            labelledBy="doc-batch-title"
            files={pending.files}
            check={(x) => t(x.image && !localEngine ? 'documents.check.image' : 'documents.check.ok')}
            problem={problemText}
            // The local engine's word on images is a sentence: on the line under the file, not in the Check column.
            note={(x) => (x.image && localEngine ? t('documents.check.imageLocal') : null)}
            costNoWrap={localEngine}
            cost={(x) =>
              x.ok
                ? localEngine
                  ? t('documents.cost.local')
                  : x.minimumBilled
                  ? t('documents.cost.minimum', { count: x.estimatedCharacters })
                  : t(x.exact ? 'documents.cost.exact' : 'documents.cost.about', { count: x.estimatedCharacters })
                : '—'
            }
            remove={(x) => removeButton(x, pending.files)}
          />
          {pending.skipped > 0 && <p className="doc-note">{t('documents.skipped', { count: pending.skipped })}</p>}
          {!localEngine && okFiles.some((x) => x.minimumBilled) && <p className="doc-note">{t('documents.minimumNote')}</p>}
          {hasImage && <p className="doc-note">{t('documents.imageNote')}</p>}

          <fieldset className="doc-options">
            <legend>{t('documents.options')}</legend>
            <fieldset className="doc-targets">
              <legend>{t('documents.targets')}</legend>
              {targets.isPending && <p>{t('app.common.loading')}</p>}
              {targets.error && <ErrorAlert error={targets.error} />}
              <div className="doc-target-grid">
                {targetChoices.map((l) => {
                  const off = unreachable(l.code);
                  const checked = targetLangs.includes(l.code);
                  return (
                    <label key={l.code} className={off ? 'doc-target-off' : undefined}>
                      <input
                        type="checkbox"
                        checked={checked}
                        // A ticked one stays untickable, so the batch can be put right.
                        disabled={off && !checked}
                        onChange={(e) => setTargetLangs((cur) => (e.target.checked ? [...cur, l.code] : cur.filter((c) => c !== l.code)))}
                      />
                      {off
                        ? t('documents.targetUnreachable', { language: f.languageName(l.code, l.name), source: f.languageNameInText(sourceLang) })
                        : f.languageName(l.code, l.name)}
                    </label>
                  );
                })}
              </div>
              {showFromLast && (
                <p className="doc-note">{t('documents.targetsFromLast', { languages: f.list(targetsFromLast.map((c) => f.languageNameInText(c))) })}</p>
              )}
              {blockedTargets.length > 0 && (
                <p className="doc-note" role="alert">
                  {t('documents.targetsBlocked', {
                    // The list starts the message in most languages: "Inglés y francés no están disponibles…".
                    targets: f.sentenceStart(f.list(blockedTargets.map((c) => f.languageNameInText(c)))),
                    source: f.languageNameInText(sourceLang),
                    count: blockedTargets.length,
                  })}
                </p>
              )}
            </fieldset>
            <div className="field-row">
              <div className="field">
                <label htmlFor="doc-source">{t('documents.source')}</label>
                <select id="doc-source" value={sourceLang} onChange={(e) => setSourceLang(e.target.value)}>
                  <option value="">{t('documents.detect')}</option>
                  {sourceChoices.map((l) => (
                    <option key={l.code} value={l.code}>
                      {f.languageName(l.code, l.name)}
                    </option>
                  ))}
                </select>
              </div>
              {formalityOk && (
                <div className="field">
                  <label htmlFor="doc-formality">{t('documents.formality')}</label>
                  <select id="doc-formality" value={formality} onChange={(e) => setFormality(e.target.value)}>
                    {FORMALITY_VALUES.map((v) => (
                      <option key={v} value={v}>
                        {t(`documents.formality.${v}` as MessageId)}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </div>
            <div className="field">
              <span className="field-label">{t('documents.glossaries')}</span>
              {!sourceLang ? (
                <p className="doc-note">{t('documents.glossariesNeedSource')}</p>
              ) : glossaryOff ? (
                <p className={glossaryIds.length ? 'doc-note reason' : 'doc-note'}>
                  {t('customisation.features.glossaryUnsupported', {
                    source: f.languageNameInText(sourceLang),
                    target: f.list((lackingTargets.length ? lackingTargets : targetLangs).map((c) => f.languageNameInText(c))),
                  })}
                </p>
              ) : pairGlossaries.length === 0 ? (
                <p className="doc-note">{t('documents.glossariesNone')}</p>
              ) : (
                pairGlossaries.map((g) => (
                  <div key={g.glossaryId} className="doc-glossary">
                    <label>
                      <input
                        type="checkbox"
                        checked={glossaryIds.includes(g.glossaryId)}
                        disabled={!glossaryIds.includes(g.glossaryId) && glossaryIds.length >= 5}
                        onChange={(e) => setGlossaryIds((cur) => (e.target.checked ? [...cur, g.glossaryId] : cur.filter((x) => x !== g.glossaryId)))}
                      />
                      {g.name}
                    </label>
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={t('documents.glossaryEditNamed', { name: g.name })}
                      onClick={() =>
                        openGlossaryEditor(g.glossaryId, g.dictionaries && targetLangs[0] ? { sourceLang, targetLang: targetLangs[0] } : undefined).catch((e: unknown) => setAddError(e))
                      }
                    >
                      {t('documents.glossaryEdit')}
                    </button>
                  </div>
                ))
              )}
            </div>
            <StyleTmPicker
              connectionId={activeId}
              kind="document"
              sourceLang={sourceLang}
              targetLangs={targetLangs}
              styleId={styleId}
              translationMemoryId={tmId}
              threshold={tmThreshold}
              local={localEngine}
              onChange={(c) => {
                if (c.styleId !== undefined) setStyleId(c.styleId);
                if (c.translationMemoryId !== undefined) setTmId(c.translationMemoryId);
                if (c.threshold !== undefined) setTmThreshold(c.threshold);
              }}
            />
            {hasPdf && (
              <label>
                <input type="checkbox" checked={pdfToDocx} onChange={(e) => setPdfToDocx(e.target.checked)} />
                {t('documents.pdfToDocx')}
              </label>
            )}
            <div className="field">
              <label htmlFor="doc-out">{t('documents.outputDir')}</label>
              {/* A path runs left to right in every UI, and keeps its own direction inside the sentence below. */}
              <input id="doc-out" dir="ltr" value={outputDir} placeholder={t('documents.outputDirNext')} onChange={(e) => setOutputDir(e.target.value)} />
              {prefs.data && <p className="doc-note">{t('documents.outputDirDefault', { dir: isolate(prefs.data.defaultOutputDir) })}</p>}
            </div>
          </fieldset>

          <p className="doc-total" role="status">
            {targetLangs.length === 0
              ? t('documents.targetsNone')
              : localEngine
                ? t('documents.totalLocal', { files: okFiles.length, targets: targetLangs.length })
                : t('documents.total', { count: total, files: okFiles.length, targets: targetLangs.length })}
            {!localEngine && remaining.data !== null && remaining.data !== undefined && ` ${t('documents.remaining', { count: remaining.data })}`}
          </p>
          {overQuota && (
            <div className="alert alert-warning" role="alert">
              <p>{t('documents.overQuota', { count: total, remaining: remaining.data ?? 0 })}</p>
              <label>
                <input type="checkbox" checked={overQuotaOk} onChange={(e) => setOverQuotaOk(e.target.checked)} />
                {t('documents.overQuotaConfirm')}
              </label>
            </div>
          )}
          {/* The files with a problem are not sent: said before sending, and listed as not sent after it. */}
          {badFiles.length > 0 && <p className="doc-note">{t('documents.leftOut', { count: badFiles.length })}</p>}
          {prefs.data && !prefs.data.keysPersist && <p className="doc-note">{t('documents.sessionKeys')}</p>}
          <div className="doc-batch-actions">
            {/* While sending it stays focusable (aria-disabled): if the sending fails, the focus is still on it. */}
            <button
              type="button"
              className="btn btn-primary"
              disabled={okFiles.length === 0 || targetLangs.length === 0 || blockedTargets.length > 0 || (overQuota && !overQuotaOk)}
              aria-disabled={busy !== null || undefined}
              onClick={() => void send()}
            >
              {t('documents.send', { count: okFiles.length * targetLangs.length })}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setPending(null);
                refocusIfLost('.doc-drop button');
              }}
            >
              {t('documents.clear')}
            </button>
          </div>
        </section>
      )}

      {/* The files left out of the batch just sent, each with its problem, until the user removes or dismisses them
          (they vanished when the batch was sent, and the summary said "0 failed"). Files added next join them. */}
      {pending && pending.files.length > 0 && leftOver && (
        <section className="doc-batch doc-not-sent" aria-labelledby="doc-not-sent-title">
          <h2 id="doc-not-sent-title">{t('documents.notSent.title', { count: pending.files.length })}</h2>
          <p className="doc-note">{t('documents.notSent.text')}</p>
          <CheckTable
            labelledBy="doc-not-sent-title"
            files={pending.files}
            check={() => t('documents.check.ok')}
            problem={problemText}
            remove={(x) => removeButton(x, pending.files)}
          />
          <div className="doc-batch-actions">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setPending(null);
                refocusIfLost('.doc-drop button');
              }}
            >
              {t('documents.notSent.dismiss')}
            </button>
          </div>
        </section>
      )}

      <section className="doc-queue" aria-labelledby="doc-queue-title">
        {/* The title and its summary share a line where they fit: one line less above the rows. */}
        <div className="doc-queue-head">
          <h2 id="doc-queue-title">{t('documents.queue')}</h2>
          {s && jobs.length > 0 && (
            <p className="doc-summary" role="status">
              {jobs.every((j) => j.local)
                ? t('documents.summaryLocal', { saved: s.saved, active: s.active, failed: s.failed })
                : t('documents.summary', { saved: s.saved, active: s.active, failed: s.failed, billed: f.number(s.billedCharacters) })}
            </p>
          )}
        </div>
        {docs.isPending && <p role="status">{t('app.common.loading')}</p>}
        {docs.error && (
          <>
            <ErrorAlert error={docs.error} look="box" />
            <button type="button" className="btn" onClick={() => void docs.refetch()}>
              {t('app.tryAgain')}
            </button>
          </>
        )}
        {docs.data && jobs.length === 0 && (
          <EmptyState title={t('documents.empty.title')}>
            <p>{t('documents.empty.text')}</p>
          </EmptyState>
        )}
        {jobs.length > 0 && <JobList jobs={jobs} now={now} />}
      </section>
    </div>
  );
}
