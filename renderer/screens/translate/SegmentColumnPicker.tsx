/**
 * Renderer component (Segments, issue 20 point 7): asks which column of a multi-column spreadsheet paste to
 * translate ("btn.save ⇥ Save changes": the ids or the text?). Nothing is guessed: Translate waits for the choice.
 * The other columns are kept as they are and go to the export beside the translation.
 */
import { useFormat, useT } from '../../i18n/index.js';
import { columnSample, type Sheet } from './segment-sheet.js';

const SAMPLE_CHARS = 40;

export interface SegmentColumnPickerProps {
  sheet: Sheet;
  column: number | null;
  onChange: (column: number) => void;
  /** Whether the first row is the sheet's column titles (kept as the export's header, not translated). */
  titles: boolean;
  onTitlesChange: (titles: boolean) => void;
}

export function SegmentColumnPicker({
  sheet,
  column,
  onChange,
  titles,
  onTitlesChange,
}: SegmentColumnPickerProps) {
  const t = useT();
  const f = useFormat();
  const columns = Array.from({ length: sheet.columns }, (_, i) => i);
  return (
    <>
      <div className="field">
        <label htmlFor="segments-column">
          {t('translate.segments.columnLabel', { count: sheet.columns })}
        </label>
        <select
          id="segments-column"
          value={column === null ? '' : String(column)}
          aria-describedby="segments-column-hint"
          aria-invalid={column === null || undefined}
          onChange={(e) => e.target.value !== '' && onChange(Number(e.target.value))}
        >
          {column === null && <option value="">{t('translate.segments.columnChoose')}</option>}
          {columns.map((i) => {
            const sample = columnSample(sheet, i).replace(/\s+/g, ' ');
            const short = sample.length > SAMPLE_CHARS ? `${sample.slice(0, SAMPLE_CHARS)}…` : sample;
            return (
              <option key={i} value={String(i)}>
                {t('translate.segments.columnOption', { n: f.number(i + 1), sample: short })}
              </option>
            );
          })}
        </select>
        <p id="segments-column-hint" className="hint">
          {t('translate.segments.columnHint')}
        </p>
      </div>
      <label className="check">
        <input type="checkbox" checked={titles} onChange={(e) => onTitlesChange(e.target.checked)} />
        {t('translate.segments.titlesRow', {
          first: (sheet.rows[0] ?? []).filter((c) => c.trim() !== '').join(' · '),
        })}
      </label>
    </>
  );
}
