/**
 * Renderer component: the multi-segment mode. One segment per line, or a range pasted from a spreadsheet (TSV);
 * `translate.batch` in main packs them into requests of ≤50 texts and <128 KiB and runs them concurrently. This
 * pane shows progress from `translate.batchProgress`, can cancel, lists results in order in a virtualised table
 * (thousands of rows stay smooth) and exports TSV or CSV through a save dialog.
 */
import { useMutation } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EventPayload, LanguagePairView, TranslateBatchOutput } from '../../shared/ipc/contract.js';
import { EngineLabel } from '../screens/translate/EngineLabel.js';
import { useFormat, useT } from '../i18n/index.js';
import { ApiError, api, errorCode, unwrap } from '../lib/api.js';
import type { SegmentRow } from '../lib/segments.js';
import { columnTexts, exportSheet, parseSheet, sameSheet, type Sheet } from '../screens/translate/segment-sheet.js';
import { SegmentColumnPicker } from '../screens/translate/SegmentColumnPicker.js';
import type { OptionsInput } from '../lib/translate-request.js';
import { useTranslateStore, type SegmentsDone } from '../state/translate-store.js';
import { ErrorAlert } from './ErrorAlert.js';
import type { QaReportView } from '../../shared/ipc/contract.js';
import { hasIssues } from '../../shared/protect/qa.js';
import { ProtectedText } from '../screens/translate/ProtectedText.js';
import { QaFlags, qaWords } from '../screens/translate/QaFlags.js';
import { keptSpans } from '../../shared/protect/wrap.js';
import { isolate } from '../lib/bidi.js';
import { ownDirection } from '../lib/text-direction.js';
import { isEnter } from '../lib/keys.js';

export interface SegmentsPaneProps {
  options: OptionsInput;
  /** The active connection: results from another connection (or other options) are marked as outdated. */
  connectionId: string | null;
  concurrency: number;
  blockedReason: string | undefined;
  /** The connection's language pairs: say which ones the local engine takes through another language. */
  pairs?: readonly LanguagePairView[] | null | undefined;
  /**
   * What to say when a segment's detected language is one the connection cannot translate into the target (the
   * Translate screen's own words for one text: that language, and what the connection does instead).
   */
  unsupportedWords?: (language: string) => string;
  /**
   * Told the language the service detected, when the last run was made with "Detect language" for these options and
   * every translated segment came back in that one language; null otherwise (mixed, a chosen source, no current run).
   * The language picker shows it, as it does for one text.
   */
  onDetected?: (language: string | null) => void;
}

interface Run {
  batchId: string;
  /** The paste, column and titles choice it was made from: kept with the draft's translations (`SegmentsDone`). */
  pasted: string;
  column: number;
  /** The sheet as pasted, every row and column (the export writes it back in this order); without its title row. */
  sheet: Sheet;
  /** The title row the user marked as such: not translated, the export's header. */
  titles: string[] | null;
  /** The chosen column's text of every row ('' for blank rows, which are kept but not sent). */
  texts: string[];
  /** The rows sent, in order: `segments[k]` is row `sent[k]`. */
  sent: number[];
  segments: string[];
  targetLang: string;
  /** The connection and options the run was made for: its results belong to them, whatever changes meanwhile. */
  connectionId: string | null;
  options: OptionsInput;
  context: string;
}

let batchCounter = 0;

/**
 * The run whose translations were kept with the draft (a restart, or the pane opened again): its segments worked out
 * from its paste as the pane does. It is only shown; nothing is sent for it.
 */
function keptRun(done: SegmentsDone): Run {
  const sheet = parseSheet(done.segmentsText);
  const titles = done.titles && sheet.columns > 1 ? (sheet.rows[0] ?? null) : null;
  const body = titles ? { ...sheet, rows: sheet.rows.slice(1) } : sheet;
  const texts = done.column < sheet.columns ? columnTexts(body, done.column) : [];
  const sent = texts.flatMap((s, i) => (s.trim() === '' ? [] : [i]));
  return {
    batchId: 'kept',
    pasted: done.segmentsText,
    column: done.column,
    sheet: body,
    titles,
    texts,
    sent,
    segments: sent.map((i) => texts[i] ?? ''),
    targetLang: done.targetLang,
    connectionId: null,
    options: { targetLang: done.targetLang, ...(done.sourceLang && { sourceLang: done.sourceLang }) },
    context: done.context,
  };
}

export function SegmentsPane({
  options,
  connectionId,
  concurrency,
  blockedReason,
  pairs,
  unsupportedWords,
  onDetected,
}: SegmentsPaneProps) {
  const t = useT();
  const f = useFormat();
  const context = JSON.stringify([connectionId, options]);
  const segmentsText = useTranslateStore((s) => s.segmentsText);
  const setSegmentsText = useTranslateStore((s) => s.setSegmentsText);
  const sheet = useMemo(() => parseSheet(segmentsText), [segmentsText]);
  // A multi-column paste asks which column to translate; the choice holds while the paste has that many columns.
  // Both choices are kept with the draft, so a restart finds the paste as it was left (seen on two tours: after a
  // reload the text was back but its column and titles row were not, and it read "0 segments").
  const columnChoice = useTranslateStore((s) => s.segmentsColumn);
  const setColumnChoice = useTranslateStore((s) => s.setSegmentsColumn);
  const column = sheet.columns === 1 ? 0 : columnChoice?.columns === sheet.columns ? columnChoice.column : null;
  // A sheet's first row may hold its column titles: the user says so (nothing guessed); they are then neither sent
  // nor translated, and head the export (a keyboard tour saw "ID / English / Notes" translated as a segment).
  const titlesChoice = useTranslateStore((s) => s.segmentsTitles);
  const setTitlesChoice = useTranslateStore((s) => s.setSegmentsTitles);
  const titles = sheet.columns > 1 && titlesChoice?.columns === sheet.columns && titlesChoice.on ? (sheet.rows[0] ?? null) : null;
  // Another sheet pasted over this one (not a cell of it edited) is asked about afresh: the titles tick was for this
  // sheet's first row (seen: ticked for "ID · Source", it stayed ticked for the next paste, which had no titles, and
  // its first segment went untranslated), and the column for this many columns. Segments guesses no titles row, so
  // the tick is cleared. Only the user's own change does this: a draft restored at start keeps its choices.
  const changeText = (next: string) => {
    const nextSheet = parseSheet(next);
    if (!sameSheet(sheet, nextSheet)) {
      useTranslateStore.setState({
        segmentsTitles: null,
        ...(nextSheet.columns !== sheet.columns && { segmentsColumn: null }),
      });
    }
    setSegmentsText(next);
  };
  const body = useMemo(() => (titles ? { ...sheet, rows: sheet.rows.slice(1) } : sheet), [sheet, titles]);
  const texts = useMemo(() => (column === null ? [] : columnTexts(body, column)), [body, column]);
  const sentRows = useMemo(() => texts.flatMap((s, i) => (s.trim() === '' ? [] : [i])), [texts]);
  const segments = useMemo(() => sentRows.map((i) => texts[i] ?? ''), [sentRows, texts]);
  const [ownRun, setRun] = useState<Run | null>(null);
  // The last run's translations are kept with the draft: until this pane runs a batch of its own it shows them (after
  // a restart they came back with the segments, and the table showed the segments alone, saying nothing). They are
  // never sent again on their own: that would bill them again.
  const done = useTranslateStore((s) => s.segmentsDone);
  const setDone = useTranslateStore((s) => s.setSegmentsDone);
  const restoredHeld = useTranslateStore((s) => s.segmentsHeld);
  const doneRun = useMemo(() => (ownRun || !done ? null : keptRun(done)), [ownRun, done]);
  const run = ownRun ?? doneRun;
  const [progress, setProgress] = useState<EventPayload<'translate.batchProgress'> | null>(null);
  const [retrying, setRetrying] = useState<EventPayload<'api.retrying'> | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const batch = useMutation({
    mutationFn: (r: Run): Promise<TranslateBatchOutput> =>
      unwrap(
        api().translate.batch({
          batchId: r.batchId,
          ...(r.connectionId !== null && { connectionId: r.connectionId }),
          segments: r.segments,
          options: r.options,
          concurrency,
        }),
      ),
    onSettled: () => setRetrying(null),
  });
  // A detected source the engine cannot translate comes back naming that language (as for one text in Translate):
  // say so, and what the connection does instead, not "check the languages and options".
  const unsupportedMessage = (e: unknown): string | undefined => {
    const lang = e instanceof ApiError && !run?.options.sourceLang ? e.error.detectedSourceLanguage : undefined;
    return lang && unsupportedWords ? unsupportedWords(lang) : undefined;
  };

  useEffect(() => {
    const a = api();
    const offs = [
      a.on('translate.batchProgress', (p) => {
        if (p.batchId === run?.batchId) setProgress(p);
      }),
      a.on('api.retrying', (e) => {
        if (
          run &&
          (e.requestId === undefined || e.requestId === run.batchId || e.operation === 'translate.batch')
        )
          setRetrying(e);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [run]);

  const start = () => {
    batchCounter += 1;
    const r: Run = {
      batchId: `batch-${batchCounter}-${globalThis.crypto?.randomUUID?.() ?? Date.now().toString(36)}`,
      pasted: segmentsText,
      column: column ?? 0,
      sheet: body,
      titles,
      texts,
      sent: sentRows,
      segments,
      targetLang: options.targetLang,
      connectionId,
      options,
      context,
    };
    setRun(r);
    setDone(null);
    setSaved(null);
    setProgress({ batchId: r.batchId, done: 0, total: r.segments.length, requests: 0 });
    batch.mutate(r);
  };

  const cancel = () => {
    if (run) void api().translate.cancel({ requestId: run.batchId });
  };

  const data = batch.data && batch.data.batchId === run?.batchId ? batch.data : undefined;
  // This run's translations go with the draft (failed segments as null), so a restart can show them again.
  useEffect(() => {
    if (!data || !ownRun) return;
    const failed = new Set(data.failures.map((x) => x.index));
    setDone({
      segmentsText: ownRun.pasted,
      column: ownRun.column,
      titles: ownRun.titles !== null,
      translations: ownRun.segments.map((_, k) => (failed.has(k) ? null : (data.translations[k]?.text ?? null))),
      targetLang: ownRun.targetLang,
      sourceLang: ownRun.options.sourceLang ?? '',
      engine: data.engine,
      context: ownRun.context,
    });
  }, [data, ownRun, setDone]);
  // The kept translations in the shape of a batch's answer (no QA, no failures: those were not kept).
  const keptData = useMemo((): TranslateBatchOutput | undefined => {
    if (!doneRun || !done?.translations) return undefined;
    const translations = done.translations.map((x) => ({ text: x ?? '', detectedSourceLanguage: '' }));
    return { batchId: doneRun.batchId, translations, failures: [], requests: 0, characters: 0, engine: done.engine };
  }, [doneRun, done]);
  const shown = data ?? keptData;
  // Translations by sheet row (blank rows stay blank); failures by sheet row too.
  const byRow = useMemo(() => {
    const out: string[] = (run?.texts ?? []).map(() => '');
    if (shown && run) run.sent.forEach((row, k) => (out[row] = shown.translations[k]?.text ?? ''));
    return out;
  }, [run, shown]);
  const rows: SegmentRow[] = useMemo(
    () => (run?.texts ?? texts).map((source, i) => ({ source, target: byRow[i] ?? '' })),
    [run, texts, byRow],
  );
  const pseudo = shown?.engine === 'pseudo';
  const failures = useMemo(
    () => new Map((data?.failures ?? []).map((f) => [run?.sent[f.index] ?? f.index, f.message])),
    [data, run],
  );
  // QA reports by sheet row too (blank rows have none).
  const qa = useMemo(() => {
    const out: (QaReportView | undefined)[] = (run?.texts ?? []).map(() => undefined);
    if (data && run) run.sent.forEach((row, k) => (out[row] = data.translations[k]?.qa));
    return out;
  }, [run, data]);
  const flagged = qa.filter((r) => hasIssues(r)).length;
  const kept = data?.translations.some((x) => x.protected) === true;

  const save = async (format: 'tsv' | 'csv') => {
    if (!shown || !run) return;
    try {
      const target = pseudo
        ? t('translate.segments.headerPseudo')
        : t('translate.segments.headerTarget', { language: run.targetLang });
      // One column: "source, target" as before; a sheet: its own columns as they were, then the translation; the
      // QA flags of each segment last (issue 22).
      const header = [
        ...(run.sheet.columns === 1
          ? [t('translate.segments.headerSource')]
          : Array.from({ length: run.sheet.columns }, (_, i) => run.titles?.[i] || t('translate.segments.headerColumn', { n: f.number(i + 1) }))),
        target,
        t('translate.qa.label'),
      ];
      const res = await unwrap(
        api().app.saveTextFile({
          suggestedName: `translations-${run.targetLang.toLowerCase()}.${format}`,
          content: exportSheet(run.sheet, byRow, format, header, byRow.map((_, i) => qaWords(t, f, qa[i])), f.locale),
        }),
      );
      setSaved(res ? t('translate.segments.saved', { path: isolate(res.path) }) : null);
    } catch {
      setSaved(t('translate.segments.saveFailed'));
    }
  };

  const percent = f.percent(progress && progress.total ? progress.done / progress.total : 0);
  const outdated = shown !== undefined && run !== null && run.context !== context;
  const detected = useMemo(() => {
    if (!data || !run || outdated || run.options.sourceLang) return null;
    const failed = new Set(data.failures.map((x) => x.index));
    const langs = new Set(
      data.translations.flatMap((x, k) =>
        failed.has(k) || !x.detectedSourceLanguage ? [] : [x.detectedSourceLanguage.toUpperCase()],
      ),
    );
    return langs.size === 1 ? [...langs][0]! : null;
  }, [data, run, outdated]);
  useEffect(() => onDetected?.(detected), [detected, onDetected]);

  return (
    // Ctrl+Enter translates from anywhere in the pane — the text box, the column list, the titles tick (a keyboard
    // tour found it worked in the text box only, while the help lists it for Segments).
    <section
      className="card stack"
      aria-labelledby="segments-title"
      onKeyDown={(e) => {
        if (isEnter(e) && (e.ctrlKey || e.metaKey) && segments.length && !batch.isPending && !blockedReason) {
          e.preventDefault();
          start();
        }
      }}
    >
      <h2 id="segments-title">{t('translate.segments.title')}</h2>
      <div className="field">
        <label htmlFor="segments-input">{t('translate.segments.inputLabel')}</label>
        <textarea
          id="segments-input"
          dir={ownDirection(segmentsText)}
          rows={6}
          value={segmentsText}
          onChange={(e) => changeText(e.target.value)}
        />
        <p className="hint" aria-live="polite">
          {t('translate.segments.count', { count: segments.length })}
          {texts.length > segments.length &&
            ` ${t('translate.segments.blankKept', { count: texts.length - segments.length })}`}
          {sheet.quotesAsText && ` ${t('translate.segments.quotesAsText', { line: sheet.quotesAsText.line })}`}
        </p>
      </div>
      {sheet.columns > 1 && (
        <SegmentColumnPicker
          sheet={sheet}
          column={column}
          onChange={(c) => setColumnChoice({ columns: sheet.columns, column: c })}
          titles={titles !== null}
          onTitlesChange={(on) => setTitlesChoice({ columns: sheet.columns, on })}
        />
      )}
      <div className="toolbar">
        <button
          type="button"
          className="btn btn-primary"
          onClick={start}
          disabled={!segments.length || batch.isPending || blockedReason !== undefined}
        >
          {t('translate.segments.translate', { count: segments.length })}
        </button>
        {batch.isPending && (
          <button type="button" className="btn" onClick={cancel}>
            {t('translate.segments.cancel')}
          </button>
        )}
        {progress && (batch.isPending || data) && (
          <>
            <progress max={progress.total} value={progress.done} aria-label={t('translate.segments.progressLabel')} />
            <span role="status">
              {t('translate.segments.progress', {
                done: progress.done,
                total: progress.total,
                percent,
                requests: progress.requests,
              })}
            </span>
          </>
        )}
        {blockedReason && <span className="reason">{blockedReason}</span>}
      </div>
      {retrying && batch.isPending && (
        <div className="alert alert-warning" role="status">
          {retrying.status === 429 || retrying.status === 529
            ? t('translate.retry.slowDown', { seconds: Math.max(1, Math.round(retrying.delayMs / 1000)) })
            : t('translate.retry.other', { seconds: Math.max(1, Math.round(retrying.delayMs / 1000)) })}
        </div>
      )}
      {batch.isError &&
        (errorCode(batch.error) === 'cancelled' ? (
          <div className="alert alert-info" role="status">
            {t('translate.segments.cancelled')}
          </div>
        ) : (
          <ErrorAlert error={batch.error} look="box" message={unsupportedMessage(batch.error)} />
        ))}
      {outdated && (
        <p className="hint" role="status">
          {t('translate.segments.otherConnection')}
        </p>
      )}
      {restoredHeld && doneRun && (
        <p className="hint tr-held" role="status">
          {t(keptData ? 'translate.segments.restoredHeld' : 'translate.segments.restoredNotKept')}
        </p>
      )}
      {shown && (
        <div className="toolbar">
          {data && (
            <span role="status">
              {t('translate.segments.done', {
                count: data.translations.length,
                requests: data.requests,
                chars: data.characters,
              })}
            </span>
          )}
          {pseudo && <span className="badge badge-pseudo">{t('translate.output.pseudoBadge')}</span>}
          <EngineLabel engine={shown.engine} source={run?.options.sourceLang} target={run?.targetLang ?? ''} pairs={pairs} />
          {flagged > 0 && (
            <span className="badge tr-qa-badge" role="status">
              {t('translate.qa.flagged', { count: flagged })}
            </span>
          )}
          <button type="button" className="btn btn-small" onClick={() => void save('tsv')}>
            {t('translate.segments.exportTsv')}
          </button>
          <button type="button" className="btn btn-small" onClick={() => void save('csv')}>
            {t('translate.segments.exportCsv')}
          </button>
          {saved && (
            <span className="hint" role="status">
              {saved}
            </span>
          )}
        </div>
      )}
      {failures.size > 0 && (
        <div className="alert alert-warning" role="alert">
          {t('translate.segments.failures', {
            count: failures.size,
            first: [...failures.keys()][0]! + 1,
            message: [...failures.values()][0],
          })}
        </div>
      )}
      {rows.length > 0 && (
        <SegmentTable rows={rows} failures={failures} pending={batch.isPending} pseudo={pseudo} qa={qa} kept={kept} />
      )}
    </section>
  );
}

function SegmentTable({
  rows,
  failures,
  pending,
  pseudo,
  qa,
  kept,
}: {
  rows: SegmentRow[];
  failures: Map<number, string>;
  pending: boolean;
  pseudo: boolean;
  /** QA report per row (absent: not translated yet or not checked). */
  qa: (QaReportView | undefined)[];
  /** The run protected placeholders and code: the kept spans are marked in the sources. */
  kept: boolean;
}) {
  const t = useT();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 34,
    overscan: 8,
    // Until the scroll box is measured (and in DOMs without layout) assume its CSS height.
    initialRect: { width: 800, height: 360 },
  });
  return (
    <div
      className="seg-table"
      role="table"
      aria-label={t('translate.segments.tableLabel')}
      aria-rowcount={rows.length + 1}
    >
      <div className="seg-head" role="row" aria-rowindex={1}>
        <span role="columnheader">{t('translate.segments.colNumber')}</span>
        <span role="columnheader">{t('translate.segments.colSource')}</span>
        <span role="columnheader">{pseudo ? t('translate.output.pseudoLabel') : t('translate.segments.colTarget')}</span>
      </div>
      <div className="seg-scroll" role="rowgroup" ref={scrollRef} tabIndex={0} aria-label={t('translate.segments.rowsLabel')}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                className={hasIssues(qa[item.index]) ? 'seg-row seg-row-flagged' : 'seg-row'}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <span role="cell" className="num">
                  {item.index + 1}
                </span>
                <span role="cell" dir={ownDirection(row.source)}>{kept ? <ProtectedText text={row.source} spans={keptSpans(row.source, 'plain')} /> : row.source}</span>
                {failures.has(item.index) ? (
                  <span role="cell" className="error-text">
                    {t('translate.segments.notTranslated', { message: failures.get(item.index) })}
                  </span>
                ) : (
                  <span role="cell" className={row.target ? undefined : 'pending'} dir={ownDirection(row.target)}>
                    {row.target || (pending && row.source.trim() !== '' ? t('translate.segments.translating') : '')}
                    <QaFlags report={qa[item.index]} compact />
                  </span>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
