/**
 * "Translate this term" in the glossary editor (renderer): a button on each row whose target is empty, and
 * "Translate empty targets", which first shows what it would fill and fills only when the user says so. Either way
 * the suggestion goes into the target as an ordinary edit (one undo step, written to the draft like any other),
 * only into a target that is still empty, and is labelled as a machine suggestion — a rule-based draft on the
 * local engine — until the user edits it. Where the active connection cannot translate the dictionary's pair, the
 * actions are off and say why.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api } from '../../lib/api.js';
import { useApiEvent, useConnections, useLanguagePairs } from '../../lib/queries.js';
import { useTranslateStore } from '../../state/translate-store.js';
import { qaWords } from '../translate/QaFlags.js';
import { useEditorStore, type Row, type Suggestion } from './editor-store.js';
import { emptyTargets, termBatchId, termReach, translateTerms, type TermReach, type TermResults } from './term-translate.js';
import { joinSentences } from '../../../shared/i18n/format.js';

/** The element that says why "Translate this term" is off (the row buttons point at it). */
export const TERM_REASON_ID = 'gl-term-reason';
/** Rows shown in the preview of "Translate empty targets"; the rest are counted. */
const PREVIEW_ROWS = 200;

type Bulk =
  | { phase: 'idle' }
  | { phase: 'translating'; batchId: string; count: number; done: number }
  | { phase: 'preview'; results: TermResults; sources: ReadonlyMap<number, string> };

export interface TermTranslation {
  reach: TermReach;
  /** Rows being translated one by one (their buttons say so). */
  pending: ReadonlySet<number>;
  /** Resolves once the row is filled (or the error shown). */
  translateRow(row: Row): Promise<void>;
  bulk: Bulk;
  startBulk(): void;
  cancelBulk(): void;
  applyBulk(): void;
  note: string | null;
  error: unknown;
}

/** The state and actions of "Translate this term" for the editor's current rows and pair. */
export function useTermTranslation(): TermTranslation {
  const t = useT();
  const connections = useConnections();
  const connectionId = connections.data?.activeId ?? null;
  const pairs = useLanguagePairs(connectionId);
  const sourceLang = useEditorStore((s) => s.sourceLang);
  const targetLang = useEditorStore((s) => s.targetLang);
  const lastTarget = useTranslateStore((s) => s.options.targetLang);
  const reach = termReach(sourceLang, targetLang, connectionId, pairs.isError ? undefined : pairs.data?.pairs, lastTarget);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const [bulk, setBulk] = useState<Bulk>({ phase: 'idle' });
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  // Main reports each request of the batch: a long glossary shows how far it got.
  useApiEvent(
    'translate.batchProgress',
    useCallback((p: { batchId: string; done: number }) => {
      setBulk((b) => (b.phase === 'translating' && b.batchId === p.batchId ? { ...b, done: p.done } : b));
    }, []),
  );

  const fill = (results: TermResults) => {
    const { filled, kept } = useEditorStore.getState().fillSuggestions(results.fills, results.engine);
    const parts = [t('glossaries.term.filled', { count: filled.length })];
    if (kept.length > 0) parts.push(t('glossaries.term.kept', { count: kept.length }));
    if (results.failed.length > 0) parts.push(t('glossaries.term.failed', { count: results.failed.length }));
    setNote(joinSentences(parts));
  };

  const translateRow = (row: Row): Promise<void> => {
    if (!reach.ok || connectionId === null || pending.has(row.id)) return Promise.resolve();
    setPending((p) => new Set(p).add(row.id));
    setError(null);
    setNote(null);
    return translateTerms([row], reach, connectionId)
      .then(fill, (e: unknown) => setError(e))
      .finally(() =>
        setPending((p) => {
          const next = new Set(p);
          next.delete(row.id);
          return next;
        }),
      );
  };

  const startBulk = () => {
    const rows = emptyTargets(useEditorStore.getState().rows);
    if (!reach.ok || connectionId === null || rows.length === 0 || bulk.phase === 'translating') return;
    const batchId = termBatchId();
    setBulk({ phase: 'translating', batchId, count: rows.length, done: 0 });
    setError(null);
    setNote(null);
    // A run the user cancelled (or replaced) says nothing when it ends.
    const current = (b: Bulk) => b.phase === 'translating' && b.batchId === batchId;
    translateTerms(rows, reach, connectionId, batchId).then(
      (results) => setBulk((b) => (current(b) ? { phase: 'preview', results, sources: new Map(rows.map((r) => [r.id, r.source])) } : b)),
      (e: unknown) =>
        setBulk((b) => {
          if (!current(b)) return b;
          setError(e);
          return { phase: 'idle' };
        }),
    );
  };

  const cancelBulk = () => {
    if (bulk.phase === 'translating') void api().translate.cancel({ requestId: bulk.batchId });
    setBulk({ phase: 'idle' });
  };

  const applyBulk = () => {
    if (bulk.phase !== 'preview') return;
    fill(bulk.results);
    setBulk({ phase: 'idle' });
  };

  return { reach, pending, translateRow, bulk, startBulk, cancelBulk, applyBulk, note, error };
}

/** The label of a target the machine filled: which kind of machine made it. */
export function suggestionLabel(s: Suggestion): 'glossaries.term.badgePseudo' | 'glossaries.term.badgeRuleBased' | 'glossaries.term.badgeMachine' {
  return s.engine === 'pseudo' ? 'glossaries.term.badgePseudo' : s.engine === 'apertium' ? 'glossaries.term.badgeRuleBased' : 'glossaries.term.badgeMachine';
}

/**
 * "Translate empty targets" and what it is doing, for the editor's toolbar: the button, its progress and Cancel,
 * what it did (a status line), and why it is off. Nothing takes room while there is nothing to say.
 */
export function TermTranslateTools({ term, emptyCount }: { term: TermTranslation; emptyCount: number }) {
  const t = useT();
  const f = useFormat();
  const sourceLang = useEditorStore((s) => s.sourceLang);
  const targetLang = useEditorStore((s) => s.targetLang);
  const { reach, bulk } = term;
  const reason = reach.ok
    ? null
    : reach.reason === 'noConnection'
      ? t('glossaries.term.offNoConnection')
      : reach.reason === 'noPair'
        ? t('glossaries.term.offNoPair')
        : t('glossaries.term.offPair', { source: f.languageNameInText(sourceLang), target: f.languageNameInText(targetLang) });
  return (
    <>
      <button
        type="button"
        className="btn"
        data-tool="term-empty"
        disabled={!reach.ok || emptyCount === 0 || bulk.phase !== 'idle'}
        aria-describedby={reason ? TERM_REASON_ID : undefined}
        title={reason ?? t('glossaries.term.hint')}
        onClick={term.startBulk}
      >
        {t('glossaries.term.translateEmpty', { count: emptyCount })}
      </button>
      {bulk.phase === 'translating' && (
        <>
          <progress max={bulk.count} value={bulk.done} aria-label={t('glossaries.term.translatingCount', { count: bulk.count })} />
          <button type="button" className="btn" data-tool="term-cancel" onClick={term.cancelBulk}>
            {t('glossaries.term.cancel')}
          </button>
        </>
      )}
      <span role="status" className="gl-note">
        {bulk.phase === 'translating' ? t('glossaries.term.translatingCount', { count: bulk.count }) : term.note}
      </span>
      {reason && (
        <span id={TERM_REASON_ID} className="gl-note">
          {reason}
        </span>
      )}
    </>
  );
}

/** Below the toolbar: the error of the last run, and the preview of what "Translate empty targets" would fill. */
export function TermTranslatePanel({ term }: { term: TermTranslation }) {
  const t = useT();
  const { bulk } = term;
  return (
    <>
      {term.error !== null && <ErrorAlert error={term.error} look="box" message={t('glossaries.term.error')} />}
      {bulk.phase === 'preview' && <TermPreview bulk={bulk} onApply={term.applyBulk} onCancel={term.cancelBulk} />}
    </>
  );
}

function TermPreview({ bulk, onApply, onCancel }: { bulk: Extract<Bulk, { phase: 'preview' }>; onApply: () => void; onCancel: () => void }) {
  const t = useT();
  const f = useFormat();
  const { results, sources } = bulk;
  const shown = results.fills.slice(0, PREVIEW_ROWS);
  const checked = shown.some((fl) => fl.qa);
  const title = useRef<HTMLHeadingElement>(null);
  // The preview opens where the user was not looking (above the grid, perhaps below the fold): bring it into view
  // and put the focus on its title, so the keyboard and a screen reader land on it.
  useEffect(() => {
    title.current?.focus();
    title.current?.closest('section')?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <section className="gl-panel gl-term-preview" aria-labelledby="gl-term-preview-title">
      <h3 id="gl-term-preview-title" ref={title} tabIndex={-1}>{t('glossaries.term.previewTitle', { count: results.fills.length })}</h3>
      <p className="gl-note">{t('glossaries.term.previewHint')}</p>
      {shown.length > 0 && (
        <div className="gl-term-scroll">
          <table className="gl-preview">
            <thead>
              <tr>
                <th scope="col">{t('glossaries.term.colSource')}</th>
                <th scope="col">{t('glossaries.term.colSuggestion')}</th>
                {checked && <th scope="col">{t('translate.qa.label')}</th>}
              </tr>
            </thead>
            <tbody>
              {shown.map((fl) => (
                <tr key={fl.id}>
                  <td>{sources.get(fl.id)}</td>
                  <td>{fl.text}</td>
                  {checked && <td className="error-text">{qaWords(t, f, fl.qa)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {results.fills.length > shown.length && <p className="gl-note">{t('glossaries.term.more', { count: results.fills.length - shown.length })}</p>}
      {results.failed.length > 0 && <p className="error-text">{t('glossaries.term.failed', { count: results.failed.length })}</p>}
      <div className="gl-actions">
        <button type="button" className="btn btn-primary" disabled={results.fills.length === 0} onClick={onApply}>
          {t('glossaries.term.fill', { count: results.fills.length })}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          {t('glossaries.term.discard')}
        </button>
      </div>
    </section>
  );
}
