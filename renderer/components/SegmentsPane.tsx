/**
 * Renderer component: the multi-segment mode. One segment per line, or a range pasted from a spreadsheet (TSV);
 * `translate.batch` in main packs them into requests of ≤50 texts and <128 KiB and runs them concurrently. This
 * pane shows progress from `translate.batchProgress`, can cancel, lists results in order in a virtualised table
 * (thousands of rows stay smooth) and exports TSV or CSV through a save dialog.
 */
import { useMutation } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EventPayload, TranslateBatchOutput } from '../../shared/ipc/contract.js';
import { api, errorCode, unwrap } from '../lib/api.js';
import { exportRows, splitSegments, type SegmentRow } from '../lib/segments.js';
import type { OptionsInput } from '../lib/translate-request.js';
import { useTranslateStore } from '../state/translate-store.js';
import { translationErrorText } from './SinglePane.js';

const fmt = new Intl.NumberFormat();

export interface SegmentsPaneProps {
  options: OptionsInput;
  concurrency: number;
  blockedReason: string | undefined;
}

interface Run {
  batchId: string;
  segments: string[];
  targetLang: string;
}

let batchCounter = 0;

export function SegmentsPane({ options, concurrency, blockedReason }: SegmentsPaneProps) {
  const segmentsText = useTranslateStore((s) => s.segmentsText);
  const setSegmentsText = useTranslateStore((s) => s.setSegmentsText);
  const segments = useMemo(() => splitSegments(segmentsText), [segmentsText]);
  const [run, setRun] = useState<Run | null>(null);
  const [progress, setProgress] = useState<EventPayload<'translate.batchProgress'> | null>(null);
  const [retrying, setRetrying] = useState<EventPayload<'api.retrying'> | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const batch = useMutation({
    mutationFn: (r: Run): Promise<TranslateBatchOutput> =>
      unwrap(api().translate.batch({ batchId: r.batchId, segments: r.segments, options, concurrency })),
    onSettled: () => setRetrying(null),
  });

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
      segments,
      targetLang: options.targetLang,
    };
    setRun(r);
    setSaved(null);
    setProgress({ batchId: r.batchId, done: 0, total: r.segments.length, requests: 0 });
    batch.mutate(r);
  };

  const cancel = () => {
    if (run) void api().translate.cancel({ requestId: run.batchId });
  };

  const data = batch.data && batch.data.batchId === run?.batchId ? batch.data : undefined;
  const rows: SegmentRow[] = useMemo(
    () =>
      (run?.segments ?? segments).map((source, i) => ({ source, target: data?.translations[i]?.text ?? '' })),
    [run, segments, data],
  );
  const pseudo = data?.engine === 'pseudo';
  const failures = useMemo(() => new Map((data?.failures ?? []).map((f) => [f.index, f.message])), [data]);

  const save = async (format: 'tsv' | 'csv') => {
    if (!data || !run) return;
    try {
      const header = [
        'source',
        pseudo ? 'pseudo-localised (not a translation)' : `target (${run.targetLang})`,
      ];
      const res = await unwrap(
        api().app.saveTextFile({
          suggestedName: `translations-${run.targetLang.toLowerCase()}.${format}`,
          content: exportRows(rows, format, header),
        }),
      );
      setSaved(res ? `Saved to ${res.path}` : null);
    } catch (err) {
      setSaved(`Could not save: ${translationErrorText(err)}`);
    }
  };

  const percent = progress && progress.total ? Math.round((progress.done / progress.total) * 100) : 0;

  return (
    <section className="card stack" aria-labelledby="segments-title">
      <h2 id="segments-title">Segments</h2>
      <div className="field">
        <label htmlFor="segments-input">One segment per line, or paste cells from a spreadsheet</label>
        <textarea
          id="segments-input"
          rows={6}
          value={segmentsText}
          onChange={(e) => setSegmentsText(e.target.value)}
          onKeyDown={(e) => {
            if (
              e.key === 'Enter' &&
              (e.ctrlKey || e.metaKey) &&
              segments.length &&
              !batch.isPending &&
              !blockedReason
            ) {
              e.preventDefault();
              start();
            }
          }}
        />
        <p className="hint" aria-live="polite">
          {fmt.format(segments.length)} {segments.length === 1 ? 'segment' : 'segments'}
        </p>
      </div>
      <div className="toolbar">
        <button
          type="button"
          className="btn btn-primary"
          onClick={start}
          disabled={!segments.length || batch.isPending || blockedReason !== undefined}
        >
          Translate {fmt.format(segments.length)} {segments.length === 1 ? 'segment' : 'segments'}
        </button>
        {batch.isPending && (
          <button type="button" className="btn" onClick={cancel}>
            Cancel
          </button>
        )}
        {progress && (batch.isPending || data) && (
          <>
            <progress max={progress.total} value={progress.done} aria-label="Batch progress" />
            <span role="status">
              {fmt.format(progress.done)} of {fmt.format(progress.total)} ({percent}%),{' '}
              {fmt.format(progress.requests)} {progress.requests === 1 ? 'request' : 'requests'}
            </span>
          </>
        )}
        {blockedReason && <span className="reason">{blockedReason}</span>}
      </div>
      {retrying && batch.isPending && (
        <div className="alert alert-warning" role="status">
          {retrying.status === 429 || retrying.status === 529
            ? `The service is slowing Verso down (${retrying.status}). Retrying in ${Math.max(1, Math.round(retrying.delayMs / 1000))} s…`
            : `${retrying.message} Retrying…`}
        </div>
      )}
      {batch.isError && (
        <div
          className={errorCode(batch.error) === 'cancelled' ? 'alert alert-info' : 'alert alert-error'}
          role="alert"
        >
          {errorCode(batch.error) === 'cancelled'
            ? 'Batch cancelled. Nothing you typed was lost; press Translate to start again.'
            : translationErrorText(batch.error)}
        </div>
      )}
      {data && (
        <div className="toolbar">
          <span role="status">
            Done: {fmt.format(data.translations.length)} segments in {fmt.format(data.requests)}{' '}
            {data.requests === 1 ? 'request' : 'requests'}, {fmt.format(data.characters)} characters.
          </span>
          {pseudo && <span className="badge badge-pseudo">Pseudo-localisation — not a translation</span>}
          <button type="button" className="btn btn-small" onClick={() => void save('tsv')}>
            Export TSV
          </button>
          <button type="button" className="btn btn-small" onClick={() => void save('csv')}>
            Export CSV
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
          {failures.size === 1
            ? '1 segment could not be translated'
            : `${fmt.format(failures.size)} segments could not be translated`}{' '}
          (marked in the table; exports leave them empty). First: segment {[...failures.keys()][0]! + 1}:{' '}
          {[...failures.values()][0]}
        </div>
      )}
      {rows.length > 0 && (
        <SegmentTable rows={rows} failures={failures} pending={batch.isPending} pseudo={pseudo} />
      )}
    </section>
  );
}

function SegmentTable({
  rows,
  failures,
  pending,
  pseudo,
}: {
  rows: SegmentRow[];
  failures: Map<number, string>;
  pending: boolean;
  pseudo: boolean;
}) {
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
      aria-label="Segments and translations"
      aria-rowcount={rows.length + 1}
    >
      <div className="seg-head" role="row" aria-rowindex={1}>
        <span role="columnheader">#</span>
        <span role="columnheader">Source</span>
        <span role="columnheader">{pseudo ? 'Pseudo-localised (not a translation)' : 'Translation'}</span>
      </div>
      <div className="seg-scroll" ref={scrollRef} tabIndex={0} aria-label="Segment rows, scrollable">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                className="seg-row"
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
                <span role="cell">{row.source}</span>
                {failures.has(item.index) ? (
                  <span role="cell" className="error-text">
                    Not translated: {failures.get(item.index)}
                  </span>
                ) : (
                  <span role="cell" className={row.target ? undefined : 'pending'}>
                    {row.target || (pending ? 'Translating…' : '')}
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
