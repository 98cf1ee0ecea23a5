/**
 * Glossary entry grid (renderer): a virtualized two-column grid (@tanstack/react-virtual) that stays smooth at
 * 150,000 rows: only the visible rows (plus a few) are in the DOM. Each row has a select box, its number, the
 * source and target cells (plain inputs, edited in place). Pasting cells from a spreadsheet into a cell fills
 * rows from there down. Keyboard: ↑/↓ move between rows in the same column, Enter goes to the next row (adding
 * one at the end), Ctrl/⌘+Z / Ctrl/⌘+Shift+Z undo and redo (handled by the editor).
 *
 * A row with a problem is tinted, marked on its start edge, and its cell at fault framed; what is wrong is said
 * in full by the problem line in the editor's footer (ProblemLine.tsx, which says why rows keep one height).
 * The cell at fault points at the sentence (aria-describedby): the line's while it says that row's, else a
 * hidden copy in the row, whose tooltip says it too.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, useImperativeHandle, useRef } from 'react';
import type { ClipboardEvent, FocusEvent, KeyboardEvent } from 'react';
import type { ValidationResult } from '../../../shared/glossaries/rules.js';
import { useFormat, useT } from '../../i18n/index.js';
import { parseClipboardCells, suggestionOf, useEditorStore, type Row, type Side } from './editor-store.js';
import { qaWords } from '../translate/QaFlags.js';
import { suggestionLabel, TERM_REASON_ID } from './TermTranslate.js';
import { composing } from '../../lib/keys.js';
import { ownDirection } from '../../lib/text-direction.js';
import { problemId, useProblemWords } from './ProblemLine.js';

/** "Translate this term" on a row whose target is empty (see `TermTranslate.tsx`). */
export interface RowTermAction {
  /** False: the connection cannot translate the dictionary's pair (the reason is shown above the grid). */
  available: boolean;
  pending: ReadonlySet<number>;
  onTranslate(row: Row): Promise<void>;
}

export interface EntryGridHandle {
  /** Scrolls to a row (index into `visible`) and focuses one of its cells. */
  focusRow(visibleIndex: number, side?: Side): void;
  /**
   * Focuses a cell of the first shown row at or after row `index` (into `rows`), else of the last shown row:
   * where the user goes on after rows went (deleted) or came in (imported). False when no row is shown.
   */
  focusNear(index: number, side?: Side): boolean;
}

const ROW_HEIGHT = 36;
const SIDES: readonly Side[] = ['source', 'target'];
const suggestionId = (rowId: number) => `gl-s-${rowId}`;

export const EntryGrid = forwardRef<EntryGridHandle, {
  rows: readonly Row[];
  /** Indices into `rows` that are shown (filters applied), in order. */
  visible: readonly number[];
  validation: ValidationResult;
  sourceLabel: string;
  targetLabel: string;
  term?: RowTermAction;
  /** The row whose problems the problem line says (index into `rows`; -1: none): its cells point there. */
  lineRow: number;
  /** The focus went into row `index` (into `rows`), the element `row`. */
  onRowFocus?: (index: number, row: HTMLElement) => void;
}>(function EntryGrid({ rows, visible, validation, sourceLabel, targetLabel, term, lineRow, onRowFocus }, ref) {
  const t = useT();
  const f = useFormat();
  const scrollRef = useRef<HTMLDivElement>(null);
  const selection = useEditorStore((s) => s.selection);
  const setSelection = useEditorStore((s) => s.setSelection);
  const editCell = useEditorStore((s) => s.editCell);
  const pasteAt = useEditorStore((s) => s.pasteAt);
  const addRow = useEditorStore((s) => s.addRow);
  const touchRow = useEditorStore((s) => s.touchRow);
  const suggestions = useEditorStore((s) => s.suggestions);
  const anchor = useRef<number | null>(null);
  const words = useProblemWords(validation);
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (row) onRowFocus?.(Number(row.dataset.index), row);
  };

  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  const focusCell = (vi: number, side: Side) => {
    virtualizer.scrollToIndex(vi, { align: 'auto' });
    // The row may render only after the scroll: try now and on the next frames.
    let tries = 0;
    const attempt = () => {
      const el = scrollRef.current?.querySelector<HTMLInputElement>(`[data-vi="${vi}"][data-side="${side}"]`);
      if (el) el.focus();
      else if (tries++ < 5) requestAnimationFrame(attempt);
    };
    attempt();
  };

  useImperativeHandle(ref, () => ({
    focusRow: (vi, side = 'source') => focusCell(vi, side),
    focusNear: (index, side = 'source') => {
      if (visible.length === 0) return false;
      const vi = visible.findIndex((i) => i >= index);
      focusCell(vi < 0 ? visible.length - 1 : vi, side);
      return true;
    },
  }));

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>, vi: number, side: Side) => {
    // An input method's Enter confirms the characters and its arrows pick among them: not the grid's keys (seen on
    // a Japanese tour: the Enter that confirmed a word added a row and moved on).
    if (composing(e)) return;
    if (e.key === 'ArrowDown' || (e.key === 'Enter' && !e.shiftKey)) {
      e.preventDefault();
      if (vi + 1 < visible.length) focusCell(vi + 1, side);
      else if (e.key === 'Enter') {
        addRow();
        requestAnimationFrame(() => focusCell(vi + 1, 'source'));
      }
    } else if (e.key === 'ArrowUp' || (e.key === 'Enter' && e.shiftKey)) {
      e.preventDefault();
      if (vi > 0) focusCell(vi - 1, side);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>, index: number, side: Side) => {
    const text = e.clipboardData.getData('text/plain');
    if (!/[\t\n\r]/.test(text)) return;
    e.preventDefault();
    const cells = parseClipboardCells(text);
    if (cells.length > 0) pasteAt(index, side, cells);
  };

  const toggle = (id: number, vi: number, shift: boolean) => {
    const next = new Set(selection);
    if (shift && anchor.current !== null) {
      const [a, b] = anchor.current < vi ? [anchor.current, vi] : [vi, anchor.current];
      for (let k = a; k <= b; k++) next.add(rows[visible[k]!]!.id);
    } else if (next.has(id)) next.delete(id);
    else next.add(id);
    anchor.current = vi;
    setSelection(next);
  };

  return (
    <div className="gl-grid" role="grid" aria-rowcount={visible.length + 1} aria-colcount={4} aria-label={t('glossaries.editor.gridLabel')}>
      <div className="gl-row gl-head" role="row" aria-rowindex={1}>
        <span role="columnheader" className="gl-sel">
          <span className="visually-hidden">{t('glossaries.editor.select')}</span>
        </span>
        <span role="columnheader" className="gl-num">
          #
        </span>
        <span role="columnheader">{sourceLabel}</span>
        <span role="columnheader">{targetLabel}</span>
      </div>
      <div ref={scrollRef} className="gl-scroll" data-testid="gl-scroll" onFocus={onFocus}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
          {virtualizer.getVirtualItems().map((v) => {
            const index = visible[v.index]!;
            const row = rows[index]!;
            const { problems, bad, text: said } = words(row, index);
            const pid = problemId(row.id);
            const suggestion = suggestionOf(row, suggestions);
            const sid = suggestionId(row.id);
            const offerTerm = term !== undefined && row.target === '' && row.source.trim() !== '';
            const describedBy = [problems ? pid : '', suggestion ? sid : ''].filter(Boolean).join(' ') || undefined;
            return (
              <div
                key={row.id}
                role="row"
                aria-rowindex={v.index + 2}
                aria-selected={selection.has(row.id)}
                className={`gl-row${problems ? ' gl-problem' : ''}${selection.has(row.id) ? ' gl-selected' : ''}`}
                style={{ transform: `translateY(${v.start}px)`, height: ROW_HEIGHT }}
                data-index={index}
                title={said || undefined}
              >
                <span role="gridcell" className="gl-sel">
                  <input
                    type="checkbox"
                    checked={selection.has(row.id)}
                    // The click (a mouse's, or Space's) says whether Shift was held; a change event does not.
                    onClick={(e) => toggle(row.id, v.index, e.shiftKey)}
                    aria-label={t('glossaries.editor.selectRow', { row: f.number(index + 1) })}
                  />
                </span>
                <span role="gridcell" className="gl-num" aria-hidden="true">
                  {f.number(index + 1)}
                  {/* What the cells point at while the problem line says another row's. */}
                  {problems && index !== lineRow && (
                    <span id={pid} hidden>
                      {said}
                    </span>
                  )}
                </span>
                {SIDES.map((side) => (
                  <span role="gridcell" key={side} className={`gl-cell${bad[side].length > 0 ? ' gl-cell-bad' : ''}${suggestion && side === 'target' ? ' gl-cell-suggested' : ''}`}>
                    <input
                      type="text"
                      value={row[side]}
                      dir={ownDirection(row[side])}
                      data-vi={v.index}
                      data-side={side}
                      spellCheck={false}
                      aria-label={t(side === 'source' ? 'glossaries.editor.sourceOfRow' : 'glossaries.editor.targetOfRow', { row: f.number(index + 1) })}
                      aria-invalid={bad[side].length > 0 ? true : undefined}
                      aria-describedby={side === 'target' ? describedBy : problems ? pid : undefined}
                      onChange={(e) => editCell(index, side, e.target.value)}
                      onBlur={() => touchRow(row.id)}
                      onKeyDown={(e) => onKeyDown(e, v.index, side)}
                      onPaste={(e) => onPaste(e, index, side)}
                    />
                    {side === 'target' && suggestion && (
                      <span
                        id={sid}
                        className={`badge gl-suggest${suggestion.qa ? ' gl-suggest-check' : ''}`}
                        title={suggestion.qa ? qaWords(t, f, suggestion.qa) : t('glossaries.term.badgeTitle')}
                      >
                        <span className="gl-suggest-text">
                          {suggestion.qa ? `${t('translate.qa.label')}: ${qaWords(t, f, suggestion.qa)}` : t(suggestionLabel(suggestion))}
                        </span>
                      </span>
                    )}
                    {side === 'target' && offerTerm && (
                      <button
                        type="button"
                        className="btn btn-small gl-term-btn"
                        disabled={!term.available || term.pending.has(row.id)}
                        aria-describedby={term.available ? undefined : TERM_REASON_ID}
                        aria-label={t('glossaries.term.translateRow', { row: f.number(index + 1) })}
                        onClick={(e) => {
                          const button = e.currentTarget;
                          // Filled, the row loses its button: the focus goes to the target, where the user checks it.
                          void term.onTranslate(row).then(() => {
                            if (button.isConnected) return;
                            if (document.activeElement !== document.body && document.activeElement !== null) return;
                            scrollRef.current?.querySelector<HTMLInputElement>(`[data-index="${index}"] input[data-side="target"]`)?.focus();
                          });
                        }}
                      >
                        {term.pending.has(row.id) ? t('glossaries.term.translating') : t('glossaries.term.translate')}
                      </button>
                    )}
                  </span>
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
});
