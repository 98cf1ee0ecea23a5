/**
 * Import and export panels of the glossary editor (renderer). The file is read here (a file input works in the
 * desktop app and the web harness alike) and sent to main as base64; main parses it (TSV, CSV, XLSX, TBX) and
 * answers the entries with what it detected, which the panel shows with the choices to change it (delimiter,
 * header row, sheet and columns, TBX languages) and, for a file that is not UTF-8, the code page it was read in.
 * Nothing replaces the editor's rows until the user says so, and that is one undo step. Export writes the editor's
 * rows in main (a save dialog in the desktop app); TSV and CSV in the service's glossary format, XLSX for
 * spreadsheets, as the panel says.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent } from 'react';
import type { ExportFormat, ImportOptions, ImportResult } from '../../../shared/ipc/contract-glossaries.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import { api, ApiError, unwrap } from '../../lib/api.js';
import { isolate } from '../../lib/bidi.js';
import { rowsToPairs, useEditorStore } from './editor-store.js';

const COLUMN_KEYS = ['sourceColumn', 'targetColumn'] as const;
const LANG_KEYS = ['sourceLang', 'targetLang'] as const;

async function fileToBase64(file: File): Promise<string> {
  const buf = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < buf.length; i += CHUNK) bin += String.fromCharCode(...buf.subarray(i, i + CHUNK));
  return btoa(bin);
}

const hasFiles = (e: DragEvent): boolean => [...e.dataTransfer.types].includes('Files');

/** `onDone(added)`: the entries went into the editor (`added` of them, its last rows); the panel closes. */
export function ImportPanel({ onDone }: { onDone: (added: number) => void }) {
  const t = useT();
  const f = useFormat();
  const id = useId();
  const setEntries = useEditorStore((s) => s.setEntries);
  const setPair = useEditorStore((s) => s.setPair);
  const sourceLang = useEditorStore((s) => s.sourceLang);
  const targetLang = useEditorStore((s) => s.targetLang);
  const hasRows = useEditorStore((s) => s.rows.some((r) => r.source !== '' || r.target !== ''));
  const [file, setFile] = useState<{ name: string; data: string } | null>(null);
  const [options, setOptions] = useState<ImportOptions>({});
  const [dragging, setDragging] = useState(false);
  // Files dropped at once beyond the first, which is the one read: said, never dropped silently.
  const [ignored, setIgnored] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);

  const parse = useMutation({
    mutationFn: (o: { name: string; data: string; options: ImportOptions }) =>
      unwrap(
        api().glossaries.importFile({
          fileName: o.name,
          dataBase64: o.data,
          options: o.options,
          ...(sourceLang && targetLang && { pair: { sourceLang, targetLang } }),
        }),
      ),
  });
  const result: ImportResult | undefined = parse.data;

  /** Reads the first of `files` (a pick or a drop) and asks main what it holds. */
  const read = async (files: File[]) => {
    const [picked, ...rest] = files;
    if (!picked) return;
    setIgnored(rest.map((r) => r.name));
    const data = await fileToBase64(picked);
    setFile({ name: picked.name, data });
    setOptions({});
    parse.mutate({ name: picked.name, data, options: {} });
  };

  const reparse = (o: ImportOptions) => {
    setOptions(o);
    if (file) parse.mutate({ name: file.name, data: file.data, options: o });
  };

  const failedCode = parse.error instanceof ApiError ? parse.error.error.serviceCode : undefined;
  const delimiterProblem = !parse.isPending && file !== null && (failedCode === 'file_one_column' || failedCode === 'file_unterminated_quote');
  /** The delimiter choice: `value` '' when none was chosen (the file's own could not be found). */
  const delimiterPicker = (value: string) => (
    <label>
      {t('glossaries.import.delimiter')}
      <select value={value} onChange={(e) => reparse({ ...options, delimiter: e.target.value as ImportOptions['delimiter'] })}>
        {value === '' && (
          <option value="" disabled>
            {t('glossaries.field.choose')}
          </option>
        )}
        <option value=",">{t('glossaries.import.delimComma')}</option>
        <option value=";">{t('glossaries.import.delimSemicolon')}</option>
        <option value={'\t'}>{t('glossaries.import.delimTab')}</option>
        <option value="|">{t('glossaries.import.delimPipe')}</option>
      </select>
    </label>
  );

  const apply = (mode: 'replace' | 'append') => {
    if (!result) return;
    setEntries(result.entries, mode);
    if (result.format === 'tbx' && result.sourceLang && result.targetLang && (!sourceLang || !targetLang)) setPair(result.sourceLang, result.targetLang);
    onDone(result.entries.length);
  };

  return (
    <section className="gl-panel" aria-labelledby={`${id}-t`}>
      <h3 id={`${id}-t`} tabIndex={-1}>
        {t('glossaries.import.title')}
      </h3>
      <p className="gl-note">{t('glossaries.import.hint')}</p>
      <div
        className={`gl-file${dragging ? ' gl-file-over' : ''}`}
        onDragOver={(e) => {
          if (!hasFiles(e)) return;
          // Not the window's drop-anywhere (which would take the file to Documents for translation).
          e.preventDefault();
          e.stopPropagation();
          e.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          e.stopPropagation();
          setDragging(false);
          void read([...e.dataTransfer.files]);
        }}
      >
        <button type="button" className="btn" onClick={() => input.current?.click()} aria-describedby={`${id}-name`}>
          {t('glossaries.import.choose')}
        </button>
        <span id={`${id}-name`} className="gl-file-name">
          {file ? file.name : t('glossaries.import.noFile')}
        </span>
        <input
          ref={input}
          type="file"
          hidden
          aria-label={t('glossaries.import.file')}
          accept=".tsv,.tab,.txt,.csv,.xlsx,.tbx,.xml"
          onChange={(e) => {
            const picked = [...(e.target.files ?? [])];
            e.target.value = '';
            void read(picked);
          }}
        />
      </div>
      <p className="gl-note">{t('glossaries.import.dropHint')}</p>
      {ignored.length > 0 && <p role="status">{t('glossaries.import.oneFile', { count: ignored.length, names: f.list(ignored) })}</p>}
      {parse.isPending && <p role="status">{t('glossaries.import.reading')}</p>}
      {parse.error ? <ErrorAlert error={parse.error} look="box" /> : null}
      {/* The file could not be split into columns with the delimiter tried: the message says to choose another,
          so the picker stays (seen on a Russian tour: a one-column CSV said "choose the delimiter" with none shown). */}
      {delimiterProblem && <div className="gl-fields">{delimiterPicker(options.delimiter ?? '')}</div>}
      {result && !parse.isPending && (
        <div className="gl-import-result">
          <p role="status">
            {t('glossaries.import.found', { count: result.entries.length, skipped: result.skipped, format: result.format.toUpperCase() })}
            {result.encoding && !result.legacyEncoding
              ? ` ${t('glossaries.import.encoding', { encoding: result.encoding })}`
              : ''}
          </p>
          <div className="gl-fields">
            {(result.format === 'csv' || result.format === 'tsv') && delimiterPicker(result.delimiter ?? ',')}
            {result.format !== 'tbx' && (
              <label className="gl-inline">
                <input type="checkbox" checked={result.header === true} onChange={(e) => reparse({ ...options, header: e.target.checked ? 'yes' : 'no' })} />
                {t('glossaries.import.header')}
              </label>
            )}
            {result.format === 'xlsx' && result.sheets && (
              <>
                <label>
                  {t('glossaries.import.sheet')}
                  <select value={options.sheet ?? 0} onChange={(e) => reparse({ ...options, sheet: Number(e.target.value) })}>
                    {result.sheets.map((name, i) => (
                      <option key={name} value={i}>
                        {name}
                      </option>
                    ))}
                  </select>
                </label>
                {COLUMN_KEYS.map((k) => (
                  <label key={k}>
                    {t(k === 'sourceColumn' ? 'glossaries.import.sourceColumn' : 'glossaries.import.targetColumn')}
                    <select value={result[k] ?? (k === 'sourceColumn' ? 0 : 1)} onChange={(e) => reparse({ ...options, [k]: Number(e.target.value) })}>
                      {(result.columns ?? []).map((c, i) => (
                        <option key={i} value={i}>
                          {t('glossaries.import.column', { letter: String.fromCharCode(65 + (i % 26)), title: c })}
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
              </>
            )}
            {result.format === 'tbx' && result.languages && (
              <>
                {LANG_KEYS.map((k) => (
                  <label key={k}>
                    {t(k === 'sourceLang' ? 'glossaries.field.source' : 'glossaries.field.target')}
                    <select value={result[k] ?? ''} onChange={(e) => reparse({ ...options, sourceLang: result.sourceLang, targetLang: result.targetLang, [k]: e.target.value })}>
                      {result.languages!.map((l) => (
                        <option key={l} value={l}>
                          {f.languageName(l)} ({l})
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
              </>
            )}
          </div>
          {result.legacyEncoding && (
            // Not UTF-8: the code page was detected, not declared, so the preview says which one was read.
            <p className="gl-first-row" data-testid="import-encoding">
              {t('glossaries.import.readAs', {
                name: result.legacyEncoding.name,
                script: result.legacyEncoding.script,
              })}
            </p>
          )}
          {result.firstRow && result.format !== 'tbx' && (
            <p className="gl-first-row" data-testid="import-first-row">
              {t(result.header ? 'glossaries.import.firstRowTitles' : 'glossaries.import.firstRowEntry', {
                source: result.firstRow[0],
                target: result.firstRow[1],
              })}
            </p>
          )}
          {result.entries.length > 0 && (
            <table className="gl-preview">
              <caption>{t('glossaries.import.preview')}</caption>
              <tbody>
                {result.entries.slice(0, 5).map(([s, tt], i) => (
                  <tr key={i}>
                    <td>{s}</td>
                    <td>{tt}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="gl-actions">
            {hasRows ? (
              <>
                {/* The draft has entries: adding keeps them, so it is the default; replacing is the deliberate choice. */}
                <button type="button" className="btn btn-primary" disabled={result.entries.length === 0} onClick={() => apply('append')}>
                  {t('glossaries.import.append')}
                </button>
                <button type="button" className="btn" disabled={result.entries.length === 0} onClick={() => apply('replace')}>
                  {t('glossaries.import.replace')}
                </button>
              </>
            ) : (
              <button type="button" className="btn btn-primary" disabled={result.entries.length === 0} onClick={() => apply('replace')}>
                {t('glossaries.import.use')}
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

export function ExportPanel() {
  const t = useT();
  const id = useId();
  const [format, setFormat] = useState<ExportFormat>('tsv');
  const run = useMutation({
    mutationFn: () => {
      const s = useEditorStore.getState();
      return unwrap(
        api().glossaries.exportFile({
          name: s.name.trim() || 'glossary',
          sourceLang: s.sourceLang,
          targetLang: s.targetLang,
          format,
          entries: rowsToPairs(s.rows),
        }),
      );
    },
  });
  return (
    <section className="gl-panel" aria-labelledby={`${id}-t`}>
      <h3 id={`${id}-t`} tabIndex={-1}>
        {t('glossaries.export.title')}
      </h3>
      <p className="gl-note">{t('glossaries.export.hint')}</p>
      <div className="gl-fields">
        <label>
          {t('glossaries.export.format')}
          <select value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
            <option value="tsv">{t('glossaries.export.tsv')}</option>
            <option value="csv">{t('glossaries.export.csv')}</option>
            <option value="xlsx">{t('glossaries.export.xlsx')}</option>
            <option value="tbx">{t('glossaries.export.tbx')}</option>
          </select>
        </label>
        {/* Kept focusable while it works: disabled, it dropped the focus to the page (Ctrl+Z went there). */}
        <button
          type="button"
          className="btn"
          onClick={() => {
            if (!run.isPending) run.mutate();
          }}
          aria-disabled={run.isPending || undefined}
        >
          {t('glossaries.export.button')}
        </button>
      </div>
      {/* The path keeps its own order in a right-to-left sentence. */}
      {run.data ? (
        <p role="status">{t('glossaries.export.saved', { path: isolate(run.data.path) })}</p>
      ) : null}
      {run.data === null ? <p role="status">{t('glossaries.export.cancelled')}</p> : null}
      {run.error ? <ErrorAlert error={run.error} look="box" /> : null}
    </section>
  );
}
