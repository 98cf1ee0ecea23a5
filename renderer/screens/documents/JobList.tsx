/**
 * Renderer: the queue's rows, virtualized with @tanstack/react-virtual so thousands of jobs stay smooth. Each row:
 * file, languages, state in words (time left, bytes, "retrying in N s"), a progress bar, characters billed, and
 * the actions that fit its state. No row ever holds a document key: main's views do not carry one. Where the shell
 * cannot open a file or show its folder (the web harness, or a desktop whose file manager refused), the row says
 * where the file was saved, with a Copy button, rather than doing nothing.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DocumentJobView } from '../../../shared/ipc/contract-documents.js';
import type { MessageId } from '../../../shared/i18n/catalog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, unwrap } from '../../lib/api.js';
import { isolate } from '../../lib/bidi.js';
import { pivotLanguage } from '../../lib/engine-description.js';
import { useLanguagePairs, useLanguages, useLocalServiceLanguages } from '../../lib/queries.js';
import { sameBase, sourcesReaching } from '../translate/language-logic.js';
import { useAppInfo } from '../settings/use-app-info.js';
import { useLanguageOrder } from '../../lib/language-order.js';
import { focusLost, refocusIfLost } from '../../lib/focus.js';
import { endGoesToLast, usePageScroll } from '../../lib/page-scroll.js';

const PROGRESS: Record<DocumentJobView['state'], number | null> = {
  waiting: 0,
  uploading: null,
  queued: 0.25,
  translating: 0.5,
  downloading: 0.85,
  saved: 1,
  error: null,
  cancelled: null,
};

function useStateText() {
  const t = useT();
  const f = useFormat();
  return (j: DocumentJobView, now: number): string => {
    if (j.retryAt !== undefined && j.retryAt > now && (j.state === 'waiting' || j.state === 'queued' || j.state === 'translating' || j.state === 'downloading')) {
      return t('documents.state.retrying', { seconds: Math.max(1, Math.ceil((j.retryAt - now) / 1000)) });
    }
    switch (j.state) {
      case 'translating':
        if (j.secondsRemaining === null) return t('documents.state.estimating');
        if (j.secondsRemaining !== undefined) return t('documents.state.timeLeft', { time: f.duration(j.secondsRemaining * 1000) });
        return t('documents.state.translating');
      case 'uploading':
        return t('documents.state.uploading', { size: f.bytes(j.sizeBytes) });
      case 'downloading':
        return j.bytesReceived !== undefined ? t('documents.state.downloadingBytes', { bytes: f.bytes(j.bytesReceived) }) : t('documents.state.downloading');
      case 'error':
        return t(`documents.error.${j.error?.code ?? 'http'}` as MessageId, { status: j.error?.status ?? '' });
      default:
        return t(`documents.state.${j.state}` as MessageId);
    }
  };
}

/** The saved file's path, for when the shell could not open it or show its folder: selectable, with Copy. */
function SavedAt({ path, why, onClose }: { path: string; why: 'open' | 'reveal'; onClose: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    const r = await api().app.copyText({ text: path });
    setCopied(r.ok && r.data.copied);
  };
  return (
    <div className="doc-row-where">
      <p role="status">{t(`documents.where.${why}`)}</p>
      <div className="field-row">
        <input readOnly dir="ltr" value={path} aria-label={t('documents.where.path')} onFocus={(e) => e.target.select()} />
        <button type="button" className="btn btn-small" onClick={() => void copy()}>
          {t('app.common.copy')}
        </button>
        <button type="button" className="btn btn-small btn-ghost" onClick={onClose}>
          {t('app.common.close')}
        </button>
      </div>
      {copied !== null && <p role="status">{t(copied ? 'app.common.copied' : 'documents.where.copyFailed')}</p>}
    </div>
  );
}

/**
 * After a row's action the button pressed may be gone (Retry once the job runs, Remove with its row): the focus then
 * goes to the list, not to the page (seen on a keyboard tour: the next Tab started again at "Skip to content").
 */
export function keepFocusInList(): void {
  refocusIfLost('.doc-list');
}

/** Uploads whose fate is unknown (the service may hold them): sent again only when the user asks, and said so. */
const UNCERTAIN = new Set(['upload_uncertain', 'upload_interrupted']);
/**
 * Failures whose only way on is sending the file again: an upload whose outcome is unknown, and a translation whose
 * key was lost with a restart (the service has the document, and billed it). Their button says "Send again", as one
 * action under one name (a Dutch tour saw "Send again" on two rows and "Retry" on the third after one crash).
 */
const SENDS_AGAIN = new Set([...UNCERTAIN, 'key_lost']);

/**
 * Errors that the same request would meet again: the row offers a source language (when the document's language was
 * missing or detected), another target (the document is already in the target's language), or says what to do with
 * the file itself (a defect of the file: open and save it again, then add it again; Remove stays) instead of Retry.
 */
const SAME_AGAIN = new Set(['source_needed', 'pair_unavailable', 'same_language', 'file_damaged', 'file_encoding']);

/** Whether the row offers the document's language: none was given, and the service missed it or read one it cannot use. */
const offersSource = (job: DocumentJobView): boolean =>
  job.error?.code === 'source_needed' || (job.error?.code === 'pair_unavailable' && job.sourceLang === null);

/** What to do about a failed job, in the UI language. */
function useErrorHint(): (job: DocumentJobView) => string {
  const t = useT();
  const f = useFormat();
  return (job) => {
    const code = job.error?.code ?? 'http';
    // The local engine bills nothing: an unknown upload there costs nothing twice.
    if (job.local && UNCERTAIN.has(code)) return t('documents.errorHint.uploadUnknownLocal');
    if (job.local && code === 'key_lost') return t('documents.errorHint.key_lostLocal');
    if (code === 'pair_unavailable') {
      const source = job.sourceLang ?? job.error?.lang;
      const target = f.languageNameInText(job.targetLang);
      if (!source) return t('documents.errorHint.translation_failed');
      return job.sourceLang
        ? t('documents.errorHint.pair_unavailable', { source: f.languageNameInText(source), target })
        : t('documents.errorHint.pairDetected', { source: f.languageNameInText(source), target });
    }
    if (code === 'same_language') return t('documents.errorHint.same_language', { target: f.languageNameInText(job.targetLang) });
    return t(`documents.errorHint.${code}` as MessageId);
  };
}

/** A job whose document is already in the target's language: choose another target and send it again with it. */
function TargetRetry({ job, onRetry }: { job: DocumentJobView; onRetry: (targetLang: string) => void }) {
  const t = useT();
  const targets = useLanguages('target', job.connectionId);
  // Every target but the document's own language (English (US) for English, and English (UK) with it).
  const others = useMemo(
    () =>
      (targets.data?.languages ?? []).filter(
        (l) => !sameBase(l.code, job.targetLang) && !(job.sourceLang !== null && sameBase(l.code, job.sourceLang)),
      ),
    [targets.data, job.targetLang, job.sourceLang],
  );
  const offered = useLanguageOrder(others);
  return (
    <LanguageChoiceRow
      id={`doc-tgt-${job.jobId}`}
      label={t('documents.targetRetry.label', { name: isolate(job.fileName) })}
      button={t('documents.targetRetry.button')}
      offered={offered}
      onRetry={onRetry}
    />
  );
}

/** A job that failed for want of its language: choose one and send it again with it. */
function SourceRetry({ job, onRetry }: { job: DocumentJobView; onRetry: (sourceLang: string) => void }) {
  const t = useT();
  const sources = useLanguages('source', job.connectionId);
  const pairs = useLanguagePairs(job.connectionId);
  // Only the languages this connection translates into the job's target: any other choice fails the same way (the
  // local engine reaches Spanish from five of its nine languages). Until the pairs are in, or if they cannot be
  // read, every source is offered and the service says which ones it takes.
  const all = useMemo(() => sources.data?.languages ?? [], [sources.data]);
  const reaching = useMemo(
    () => (pairs.data ? sourcesReaching(pairs.data.pairs, job.targetLang, all) : all).filter((l) => !sameBase(l.code, job.targetLang)),
    [pairs.data, job.targetLang, all],
  );
  // Sorted once per list, not on every render of the row (a new array each time defeated the hook's memo).
  const offered = useLanguageOrder(reaching);
  return (
    <LanguageChoiceRow
      id={`doc-src-${job.jobId}`}
      label={t('documents.sourceRetry.label', { name: isolate(job.fileName) })}
      button={t('documents.sourceRetry.button')}
      offered={offered}
      onRetry={onRetry}
    />
  );
}

/** A failed row's language choice: the languages offered, "Choose…", and the button that sends the file again. */
function LanguageChoiceRow({
  id,
  label,
  button,
  offered,
  onRetry,
}: {
  id: string;
  label: string;
  button: string;
  offered: ReadonlyArray<{ code: string; name: string }> | undefined;
  onRetry: (lang: string) => void;
}) {
  const t = useT();
  const f = useFormat();
  const [lang, setLang] = useState('');
  return (
    <div className="doc-row-source field-row">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={lang} onChange={(e) => setLang(e.target.value)}>
        <option value="">{t('documents.sourceRetry.choose')}</option>
        {offered?.map((l) => (
          <option key={l.code} value={l.code}>
            {f.languageName(l.code, l.name)}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn-small" disabled={!lang} onClick={() => onRetry(lang)}>
        {button}
      </button>
    </div>
  );
}

/**
 * What made a local job's output: Apertium's rule-based draft (through the pivot language the local service names
 * for the pair in `languages.pairs`, e.g. Spanish for EN→FR), or the test engine's pseudo-translation.
 */
function EngineNote({ job }: { job: DocumentJobView }) {
  const t = useT();
  const f = useFormat();
  const local = useLocalServiceLanguages(job.local === true);
  const pairs = useLanguagePairs(job.connectionId, job.local === true && job.state === 'saved');
  if (!job.local || job.state !== 'saved' || !local.data) return null;
  const via = pivotLanguage(pairs.data?.pairs, job.sourceLang, job.targetLang);
  return (
    <p className="doc-row-note doc-row-engine">
      {local.data.pseudo
        ? t('documents.engine.pseudo')
        : via
          ? t('documents.engine.apertiumVia', { via: f.languageNameInText(via) })
          : t('documents.engine.apertium')}
    </p>
  );
}

function Row({ job, now, canOpen }: { job: DocumentJobView; now: number; canOpen: boolean }) {
  const t = useT();
  const f = useFormat();
  const stateText = useStateText();
  const errorHint = useErrorHint();
  const [actionError, setActionError] = useState<unknown>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [where, setWhere] = useState<'open' | 'reveal' | null>(null);
  const rowRef = useRef<HTMLDivElement>(null);
  /**
   * Set by Cancel and by the confirmation's choices, whose button goes away (Cancel once the confirmation shows, Keep
   * with it, Discard once the job is cancelled): the focus then goes into the confirmation, on its safe choice, or
   * back to this row's first action, instead of falling to the page (seen on a French keyboard tour).
   */
  const focusInRow = useRef(false);
  useLayoutEffect(() => {
    if (!focusInRow.current || !focusLost()) return;
    const row = rowRef.current;
    const target =
      row?.querySelector<HTMLElement>('.doc-row-confirm button') ?? row?.querySelector<HTMLElement>('.doc-row-actions button');
    if (!target) return;
    focusInRow.current = false;
    target.focus();
  });
  // The shell opens the file (or its folder) where it can; otherwise, or when it answers that it could not, say where it is.
  const openOrSay = (why: 'open' | 'reveal') => {
    setActionError(null);
    if (!canOpen) {
      setWhere(why);
      return;
    }
    const call = why === 'open' ? unwrap(d.open({ jobId: job.jobId })).then((r) => r.opened) : unwrap(d.reveal({ jobId: job.jobId })).then((r) => r.shown);
    call.then((done) => setWhere(done ? null : why)).catch((e: unknown) => setActionError(e));
  };
  const run = (p: Promise<unknown>) => {
    setActionError(null);
    p.then(keepFocusInList, (e: unknown) => setActionError(e));
  };
  const d = api().documents;
  const active = ['waiting', 'uploading', 'queued', 'translating', 'downloading'].includes(job.state);
  // A job no longer running needs no confirmation: if it runs again (Retry), Cancel asks afresh.
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    if (!active) setConfirmCancel(false);
  }
  const progress = PROGRESS[job.state];
  // The pair as the rest of the app writes it ("English → French"; in a right-to-left UI the arrow points left). A
  // source left to detection is named as a language ("Detected language → Spanish"), not by the picker's verb
  // ("Detect → Spanish", seen on a Dutch tour): the service does not say which language it found.
  const langs = t('glossaries.list.pair', {
    source: job.sourceLang ? f.languageName(job.sourceLang) : t('documents.sourceDetected'),
    target: f.languageName(job.targetLang),
  });
  return (
    <div ref={rowRef} className={`doc-row doc-row-${job.state}`} role="listitem" aria-label={`${job.fileName}, ${langs}, ${stateText(job, now)}`}>
      <div className="doc-row-main">
        <span className="doc-row-name" title={job.fileName} dir="auto">
          <FileName name={job.fileName} />
        </span>
        <span className="doc-row-langs">{langs}</span>
        <span className="doc-row-state" data-state={job.state}>
          {stateText(job, now)}
        </span>
        {job.state !== 'error' && job.state !== 'cancelled' && (
          <progress className="doc-row-progress" max={1} {...(progress !== null && { value: progress })} aria-label={t('documents.progress', { name: isolate(job.fileName) })} />
        )}
        <span className="doc-row-billed">
          {job.local
            ? t('documents.notBilled')
            : job.billedCharacters !== undefined
              ? t('documents.billed', { count: job.billedCharacters })
              : t('documents.estimated', { count: job.estimatedCharacters })}
        </span>
      </div>
      {job.reuploadReason && job.uploads > 1 && <p className="doc-row-note">{t(`documents.reupload.${job.reuploadReason}`)}</p>}
      {job.state === 'error' && job.error?.usage && (
        <p className="doc-row-note">{t('documents.quotaUsed', { used: f.number(job.error.usage.characterCount), limit: f.number(job.error.usage.characterLimit) })}</p>
      )}
      {job.state === 'error' && <p className="doc-row-note">{errorHint(job)}</p>}
      {/* The service's own words (English, technical) behind Details, as everywhere: the line above says it in the
          UI language; shown first and open, they read as the error itself. */}
      {job.state === 'error' && job.error?.detail && (
        <details className="error-details doc-row-note">
          <summary>{t('app.common.details')}</summary>
          <span dir="auto">{t('documents.serviceSaid', { message: job.error.detail })}</span>
        </details>
      )}
      {job.state === 'error' && offersSource(job) && (
        <SourceRetry job={job} onRetry={(sourceLang) => run(unwrap(d.retry({ jobId: job.jobId, sourceLang })))} />
      )}
      {job.state === 'error' && job.error?.code === 'same_language' && (
        <TargetRetry job={job} onRetry={(targetLang) => run(unwrap(d.retry({ jobId: job.jobId, targetLang })))} />
      )}
      <EngineNote job={job} />
      <div className="doc-row-actions">
        {job.state === 'saved' && (
          <>
            <button type="button" className="btn btn-small" onClick={() => openOrSay('open')}>
              {t('documents.action.open')}
            </button>
            <button type="button" className="btn btn-small" onClick={() => openOrSay('reveal')}>
              {t('documents.action.reveal')}
            </button>
          </>
        )}
        {(job.state === 'error' || job.state === 'cancelled') && !(job.error && SAME_AGAIN.has(job.error.code)) && (
          <button type="button" className="btn btn-small" onClick={() => run(unwrap(d.retry({ jobId: job.jobId })))}>
            {t(job.error && SENDS_AGAIN.has(job.error.code) ? 'documents.action.sendAgain' : 'documents.action.retry')}
          </button>
        )}
        {job.state === 'saved' && (
          <button type="button" className="btn btn-small" onClick={() => run(unwrap(d.translateAgain({ jobId: job.jobId })))}>
            {t('documents.action.again')}
          </button>
        )}
        {active && !job.uploaded && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              focusInRow.current = true;
              run(unwrap(d.cancel({ jobId: job.jobId })));
            }}
          >
            {t('documents.action.cancel')}
          </button>
        )}
        {active && job.uploaded && !confirmCancel && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              focusInRow.current = true;
              setConfirmCancel(true);
            }}
          >
            {t('documents.action.cancel')}
          </button>
        )}
        {!active && (
          <button type="button" className="btn btn-small btn-ghost" onClick={() => run(unwrap(d.remove({ jobIds: [job.jobId] })))}>
            {t('documents.action.remove')}
          </button>
        )}
      </div>
      {confirmCancel && active && (
        <div className="alert alert-warning doc-row-confirm" role="alert">
          {/* The local engine bills nothing: the row says "Not billed (local engine)", and so does the question. */}
          <p>{t(job.local ? 'documents.cancelLocal' : 'documents.cancelBilled')}</p>
          {/* Keep first: the safe choice, where the focus lands when the question opens. */}
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              focusInRow.current = true;
              setConfirmCancel(false);
            }}
          >
            {t('documents.cancelKeep')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-danger"
            onClick={() => {
              focusInRow.current = true;
              run(unwrap(d.cancel({ jobId: job.jobId, discard: true })));
            }}
          >
            {t('documents.cancelDiscard')}
          </button>
        </div>
      )}
      {where && job.outputPath && <SavedAt path={job.outputPath} why={where} onClose={() => setWhere(null)} />}
      {actionError !== null && <ErrorAlert error={actionError} look="text" />}
    </div>
  );
}

export function JobList({ jobs, now }: { jobs: DocumentJobView[]; now: number }) {
  const t = useT();
  const info = useAppInfo();
  // The web harness has no file manager: its open/show only log, so the rows say where files are instead.
  const canOpen = info.data?.shell !== 'web';
  const list = useRef<HTMLDivElement>(null);
  // Newest first: what the user just dropped is at the top.
  const ordered = [...jobs].reverse();
  // The list is not a scroll box of its own: the screen scrolls, and the rows drawn are those in its view.
  const { getScrollElement, scrollMargin } = usePageScroll(list);
  const v = useVirtualizer({ count: ordered.length, getScrollElement, scrollMargin, estimateSize: () => 76, overscan: 8 });
  const items = v.getVirtualItems();
  // Without layout (tests, first paint) the virtualizer has no height: show the first rows plainly.
  const rows = items.length ? items : ordered.slice(0, 30).map((_, index) => ({ index, start: scrollMargin + index * 76, key: index }));
  return (
    <div
      className="doc-list"
      tabIndex={0}
      role="region"
      aria-label={t('documents.list.label')}
      // End on the list goes to its last (oldest) document.
      onKeyDown={endGoesToLast(v, ordered.length)}
    >
      <div ref={list} role="list" style={{ height: items.length ? v.getTotalSize() : 'auto', position: 'relative' }}>
        {rows.map((it) => {
          const job = ordered[it.index]!;
          return (
            <div
              key={job.jobId}
              data-index={it.index}
              ref={items.length ? v.measureElement : undefined}
              style={items.length ? { position: 'absolute', insetInlineStart: 0, insetInlineEnd: 0, transform: `translateY(${it.start - scrollMargin}px)` } : undefined}
            >
              <Row job={job} now={now} canOpen={canOpen} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * A file's name that may wrap anywhere in a narrow row, but not inside its extension: "report-2026-final.do" above
 * "cx" hid what kind of file it is (seen at 900×700). The extension, with its dot, stays on one line.
 */
export function FileName({ name }: { name: string }) {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || name.length - dot > 9) return <>{name}</>;
  return (
    <>
      {name.slice(0, dot)}
      <span className="doc-row-ext">{name.slice(dot)}</span>
    </>
  );
}
