/**
 * Glossary editor state (renderer, zustand): the rows being edited, the selection, undo/redo, and which draft
 * and glossary they belong to. It lives at module level, so the edits survive switching screens; main keeps the
 * same rows on disk (`glossaries.draftPut`), so they survive a restart too.
 *
 * Rows are immutable objects with a stable `id` (React keys, selection) and are replaced, never mutated, so the
 * validation cache in `shared/glossaries/rules.ts` (keyed by row object) re-checks only the rows that changed.
 * Undo keeps whole snapshots of the row array (pointers only, the row objects are shared): at 150,000 rows one
 * step costs ~1.2 MB, so the history is capped at UNDO_LIMIT steps.
 */
import { create } from 'zustand';
import type { EntryPair, GlossaryDraft } from '../../../shared/ipc/contract-glossaries.js';
import type { QaReportView } from '../../../shared/ipc/contract-protect.js';
import { dropExactDuplicates, trimAll } from '../../../shared/glossaries/rules.js';

export interface Row {
  readonly id: number;
  readonly source: string;
  readonly target: string;
}

export type Side = 'source' | 'target';

/** A target filled by "Translate this term": what the machine gave and which engine made it. */
export interface Suggestion {
  readonly text: string;
  /** The service's engine (`apertium` on the local engine, `pseudo` for layout previews, null when not said). */
  readonly engine: string | null;
  /** What the check of the translation against its source found (a placeholder lost or added), when anything. */
  readonly qa?: QaReportView;
}

/** A target the machine suggested: the row's id and the text to fill. */
export interface Fill {
  readonly id: number;
  readonly text: string;
  /** The source term that was translated: a row whose source changed meanwhile is not filled. */
  readonly source: string;
  readonly qa?: QaReportView;
}

interface Snapshot {
  rows: readonly Row[];
  name: string;
  sourceLang: string;
  targetLang: string;
}

const UNDO_LIMIT = 50;

let nextId = 1;
export const makeRow = (source: string, target: string): Row => ({ id: nextId++, source, target });
export const rowsFromPairs = (pairs: readonly EntryPair[]): Row[] => pairs.map(([s, t]) => makeRow(s, t));
export const rowsToPairs = (rows: readonly Row[]): EntryPair[] => rows.map((r) => [r.source, r.target]);

/**
 * What a saved glossary is, as far as the draft goes: its pair, name and entries (empty rows aside). A new glossary
 * with no name and no entries is nothing to keep, whatever pair it was given.
 */
export function contentPrint(s: Snapshot & { glossaryId: string | null }): string {
  const pairs = s.rows.filter((r) => r.source !== '' || r.target !== '').map((r) => [r.source, r.target]);
  const pair = s.glossaryId === null && s.name === '' && pairs.length === 0 ? ['', ''] : [s.sourceLang.toUpperCase(), s.targetLang.toUpperCase()];
  return JSON.stringify([...pair, s.name, pairs]);
}

export interface EditorState extends Snapshot {
  draftId: string | null;
  glossaryId: string | null;
  /**
   * The saved glossary's `contentPrint` (a new glossary's: empty), which a draft equal to it is not kept for; null
   * while not known (the editor has not yet learnt whether what it opened was a draft kept earlier, or it was one
   * of a saved glossary, whose saved content the editor does not have).
   */
  baseline: string | null;
  /** `contentPrint` of what was opened. */
  openedPrint: string;
  /** A draft of these edits is on this computer (written by the autosave, or opened from there). */
  kept: boolean;
  /** Bumped on every change; the autosave writes when it differs from `savedVersion`. */
  version: number;
  savedVersion: number;
  selection: ReadonlySet<number>;
  undoStack: Snapshot[];
  redoStack: Snapshot[];
  /** The last edit's grouping key: typing in one cell is one undo step. */
  lastGroup: string | null;
  /**
   * Problems are shown only where the user has been (issue 20 point 12): rows whose cells were edited or left,
   * the name once edited or left, everything once Save was tried, a file imported or cells pasted, and everything
   * in a glossary or draft that already had content when it was opened.
   */
  touched: ReadonlySet<number>;
  nameTouched: boolean;
  revealAll: boolean;
  /**
   * Targets filled by "Translate this term", by row id. A row's label shows while its target is still the text
   * suggested (edited, or undone to empty, it is the user's again), so undo and redo need no bookkeeping here.
   */
  suggestions: ReadonlyMap<number, Suggestion>;
  /**
   * The row the focus is in or was last in (its id, and its index then): "Next problem" goes on from there and the
   * problem line says its problems. Kept here, as the rows are, so the editor remounted (another screen, another
   * UI language) goes on from the same row.
   */
  currentRow: { readonly id: number; readonly index: number } | null;

  open(
    d: Pick<GlossaryDraft, 'draftId' | 'glossaryId' | 'name' | 'sourceLang' | 'targetLang' | 'entries'>,
    dirty: boolean,
  ): void;
  close(): void;
  markSaved(version: number): void;
  /** The autosave wrote the draft (true) or dropped it, equal to the saved glossary (false). */
  setKept(kept: boolean): void;
  /**
   * Whether what was opened as `draftId` was already a draft on this computer (null: not known). Not one: it is the
   * saved glossary (or a new, empty one), the baseline. One: a new glossary's baseline is empty; a saved one's is
   * not known here.
   */
  learnOpened(draftId: string, onDisk: boolean | null): void;
  setName(name: string): void;
  setPair(sourceLang: string, targetLang: string): void;
  /** A pair given to a glossary opened without one (the one last used in Translate), when none is set yet. */
  defaultPair(sourceLang: string, targetLang: string): void;
  editCell(index: number, side: Side, value: string): void;
  addRow(at?: number): number;
  deleteRows(ids: ReadonlySet<number>): void;
  pasteAt(index: number, side: Side, cells: string[][]): number;
  replaceAll(find: string, replace: string, side: Side | 'both', matchCase: boolean): number;
  sortBy(side: Side, dir: 1 | -1, collator: Intl.Collator): void;
  trimAll(): void;
  dropExactDuplicates(): void;
  setEntries(pairs: readonly EntryPair[], mode: 'replace' | 'append'): void;
  setSelection(sel: ReadonlySet<number>): void;
  touchRow(id: number): void;
  setCurrentRow(id: number, index: number): void;
  touchName(): void;
  /** Save was tried: every problem is shown. */
  reveal(): void;
  undo(): void;
  redo(): void;
  /**
   * Fills machine suggestions into targets that are still empty, as one undo step; a target the user typed in
   * meanwhile (or a row deleted, or its source changed) is left alone. Returns the ids filled and those left.
   */
  fillSuggestions(fills: readonly Fill[], engine: string | null): { filled: number[]; kept: number[] };
}

/** Whether a row's target is still the machine's suggestion (shown labelled as such). */
export function suggestionOf(row: Row, suggestions: ReadonlyMap<number, Suggestion>): Suggestion | null {
  const s = suggestions.get(row.id);
  return s && row.target !== '' && row.target === s.text ? s : null;
}

const empty: Snapshot = { rows: [], name: '', sourceLang: '', targetLang: '' };

export const useEditorStore = create<EditorState>((set, get) => {
  const snapshotOf = (s: Snapshot): Snapshot => ({ rows: s.rows, name: s.name, sourceLang: s.sourceLang, targetLang: s.targetLang });
  /** Undo and redo: the last snapshot of `from` becomes the state, the current one goes onto `to`. */
  const travel = (from: 'undoStack' | 'redoStack', to: 'undoStack' | 'redoStack') => {
    const s = get();
    const target = s[from][s[from].length - 1];
    if (!target) return;
    set({ ...target, [from]: s[from].slice(0, -1), [to]: [...s[to], snapshotOf(s)], version: s.version + 1, lastGroup: null });
  };
  /** Applies a change as one undo step (or merges it into the current step when `group` repeats). */
  const change = (patch: Partial<Snapshot>, group: string | null = null) => {
    const s = get();
    const snap = snapshotOf(s);
    const merge = group !== null && group === s.lastGroup;
    set({
      ...patch,
      version: s.version + 1,
      undoStack: merge ? s.undoStack : [...s.undoStack, snap].slice(-UNDO_LIMIT),
      redoStack: [],
      lastGroup: group,
    });
  };

  return {
    ...empty,
    draftId: null,
    glossaryId: null,
    ...freshSession(),

    open(d, dirty) {
      const rows = rowsFromPairs(d.entries);
      set({
        draftId: d.draftId,
        glossaryId: d.glossaryId,
        name: d.name,
        sourceLang: d.sourceLang,
        targetLang: d.targetLang,
        rows,
        ...freshSession(),
        version: dirty ? 1 : 0,
        revealAll: d.entries.some(([a, b]) => a !== '' || b !== ''),
        openedPrint: contentPrint({ ...d, rows }),
      });
    },
    close() {
      set({ ...empty, draftId: null, glossaryId: null, ...freshSession() });
    },
    markSaved(version) {
      set({ savedVersion: version });
    },
    setKept(kept) {
      if (get().kept !== kept) set({ kept });
    },
    learnOpened(draftId, onDisk) {
      const s = get();
      if (s.draftId !== draftId || onDisk === null) return;
      if (!onDisk) set({ baseline: s.openedPrint });
      else set({ kept: true, baseline: s.glossaryId === null ? contentPrint({ ...empty, glossaryId: null }) : null });
    },
    setName(name) {
      change({ name }, 'name');
      set({ nameTouched: true });
    },
    setPair(sourceLang, targetLang) {
      change({ sourceLang, targetLang });
    },
    defaultPair(sourceLang, targetLang) {
      const s = get();
      if (s.sourceLang && s.targetLang) return;
      // Not an edit: nothing to undo or keep (a new glossary nobody typed in had a draft kept for its pair alone).
      const print = contentPrint({ ...snapshotOf(s), sourceLang, targetLang, glossaryId: s.glossaryId });
      set({ sourceLang, targetLang, openedPrint: print, ...(s.baseline !== null && s.baseline === s.openedPrint && { baseline: print }) });
    },
    editCell(index, side, value) {
      const rows = get().rows.slice();
      const r = rows[index];
      if (!r || r[side] === value) return;
      rows[index] = { ...r, [side]: value };
      change({ rows }, `cell:${r.id}:${side}`);
      if (!get().touched.has(r.id)) set({ touched: new Set(get().touched).add(r.id) });
    },
    addRow(at) {
      const rows = get().rows.slice();
      const i = at === undefined ? rows.length : Math.max(0, Math.min(at, rows.length));
      rows.splice(i, 0, makeRow('', ''));
      change({ rows });
      return i;
    },
    deleteRows(ids) {
      if (ids.size === 0) return;
      change({ rows: get().rows.filter((r) => !ids.has(r.id)) });
      set({ selection: new Set() });
    },
    pasteAt(index, side, cells) {
      const rows = get().rows.slice();
      cells.forEach((line, k) => {
        const i = index + k;
        const prev = rows[i] ?? makeRow('', '');
        const next =
          side === 'source'
            ? {
                ...prev,
                source: line[0] ?? prev.source,
                target: line.length > 1 ? (line[1] ?? '') : prev.target,
              }
            : { ...prev, target: line[0] ?? prev.target };
        if (i < rows.length) rows[i] = next;
        else rows.push(next);
      });
      change({ rows });
      set({ revealAll: true });
      return cells.length;
    },
    replaceAll(find, replace, side, matchCase) {
      if (!find) return 0;
      const re = new RegExp(find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), matchCase ? 'g' : 'gi');
      let count = 0;
      const rows = get().rows.map((r) => {
        let { source, target } = r;
        if (side !== 'target') source = source.replace(re, () => (count++, replace));
        if (side !== 'source') target = target.replace(re, () => (count++, replace));
        return source === r.source && target === r.target ? r : { ...r, source, target };
      });
      if (count > 0) {
        change({ rows });
        set({ revealAll: true });
      }
      return count;
    },
    sortBy(side, dir, collator) {
      const rows = get()
        .rows.slice()
        .sort((a, b) => dir * collator.compare(a[side], b[side]));
      change({ rows });
    },
    trimAll() {
      const rows = trimAll(get().rows, (r, source, target) => ({ ...r, source, target }));
      if (rows !== get().rows) change({ rows });
    },
    dropExactDuplicates() {
      const rows = dropExactDuplicates(get().rows);
      if (rows !== get().rows) change({ rows });
    },
    setEntries(pairs, mode) {
      const added = rowsFromPairs(pairs);
      const keep = mode === 'append' ? get().rows.filter((r) => r.source !== '' || r.target !== '') : [];
      change({ rows: [...keep, ...added] });
      set({ revealAll: true });
    },
    setSelection(sel) {
      set({ selection: sel });
    },
    touchRow(id) {
      if (!get().touched.has(id)) set({ touched: new Set(get().touched).add(id) });
    },
    setCurrentRow(id, index) {
      const cur = get().currentRow;
      if (cur?.id !== id || cur.index !== index) set({ currentRow: { id, index } });
    },
    touchName() {
      if (!get().nameTouched) set({ nameTouched: true });
    },
    reveal() {
      if (!get().revealAll) set({ revealAll: true, nameTouched: true });
    },
    undo() {
      travel('undoStack', 'redoStack');
    },
    redo() {
      travel('redoStack', 'undoStack');
    },
    fillSuggestions(fills, engine) {
      const s = get();
      const at = new Map(s.rows.map((r, i) => [r.id, i]));
      const rows = s.rows.slice();
      const suggestions = new Map(s.suggestions);
      const filled: number[] = [];
      const kept: number[] = [];
      for (const f of fills) {
        const i = at.get(f.id);
        const r = i === undefined ? undefined : rows[i];
        if (!r || r.target !== '' || r.source !== f.source || f.text === '') {
          kept.push(f.id);
          continue;
        }
        rows[i!] = { ...r, target: f.text };
        suggestions.set(r.id, { text: f.text, engine, ...(f.qa && { qa: f.qa }) });
        filled.push(r.id);
      }
      if (filled.length > 0) {
        change({ rows });
        const touched = new Set(s.touched);
        for (const id of filled) touched.add(id);
        set({ suggestions, touched });
      }
      return { filled, kept };
    },
  };
});

/** Spreadsheet cells from the clipboard: rows by line break, cells by tab; a quoted cell may hold line breaks. */
export function parseClipboardCells(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  const t = text.replace(/\r\n?/g, '\n');
  while (i < t.length) {
    const c = t[i]!;
    if (quoted) {
      if (c === '"' && t[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (c === '"') {
        quoted = false;
        i++;
        continue;
      }
      cell += c;
      i++;
      continue;
    }
    if (c === '"' && cell === '') {
      quoted = true;
      i++;
      continue;
    }
    if (c === '\t') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      out.push(row);
      row = [];
      cell = '';
    } else cell += c;
    i++;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    out.push(row);
  }
  return out;
}

/** What a newly opened (or closed) editor starts with: nothing selected, touched or undoable, nothing unsaved. */
function freshSession(): Pick<
  EditorState,
  | 'version'
  | 'savedVersion'
  | 'selection'
  | 'undoStack'
  | 'redoStack'
  | 'lastGroup'
  | 'touched'
  | 'nameTouched'
  | 'revealAll'
  | 'suggestions'
  | 'currentRow'
  | 'baseline'
  | 'openedPrint'
  | 'kept'
> {
  return {
    baseline: null,
    openedPrint: '',
    kept: false,
    version: 0,
    savedVersion: 0,
    selection: new Set<number>(),
    undoStack: [],
    redoStack: [],
    lastGroup: null,
    touched: new Set<number>(),
    nameTouched: false,
    revealAll: false,
    suggestions: new Map<number, Suggestion>(),
    currentRow: null,
  };
}
