/**
 * Glossary editor (renderer): name, language pair, the entry grid, validation as you edit (the service's rules,
 * each problem on its row, counted, "next problem", one-click fixes), find & replace, a problem filter, sort,
 * undo/redo, import/export, and the safe save. Every change is written to the draft on disk by main shortly
 * after it happens (and before any save), so switching screens or quitting loses nothing.
 *
 * Keyboard: Ctrl/⌘+S saves, Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z or Ctrl/⌘+Y redoes, F8 goes to the next problem.
 * Undo and redo are the editor's wherever the focus is while it is open (on the page, a button, a cell),
 * never the browser's text undo: its history is the whole page's, and it undid typing in cells behind the
 * editor's back (seen on a French keyboard tour: Ctrl+Z after "Delete 1 row" turned "client" into "clien").
 * An action whose control goes away or is disabled puts the focus where the user goes on (a row, the control
 * beside it), never on the page.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import type { DraftInput, SaveOutcome } from '../../../shared/ipc/contract-glossaries.js';
import { LIMITS } from '../../../shared/spec/limits.js';
import { nameProblems, RowChecker, ROW_PROBLEMS, sideProblems, type RowProblem, type ValidationResult } from '../../../shared/glossaries/rules.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat, useT } from '../../i18n/index.js';
import type { IpcError } from '../../../shared/ipc/errors.js';
import { api, ApiError, unwrap } from '../../lib/api.js';
import { contentPrint, useEditorStore, rowsToPairs, type Side } from './editor-store.js';
import { focusFirst, focusGone, focusLost } from '../../lib/focus.js';
import { EntryGrid, type EntryGridHandle } from './EntryGrid.js';
import { nextProblemRow, ProblemLine } from './ProblemLine.js';
import { ExportPanel, ImportPanel } from './FilePanels.js';
import { VersionsPanel } from './VersionsPanel.js';
import { escapeCancels } from '../../lib/keys.js';
import { defaultPair } from './glossary-pairs.js';
import { emptyTargets } from './term-translate.js';
import { TermTranslatePanel, TermTranslateTools, useTermTranslation } from './TermTranslate.js';
import { useTranslateStore } from '../../state/translate-store.js';
import { joinSentences } from '../../../shared/i18n/format.js';

/** Pause after the last edit before the draft is written to disk. */
const AUTOSAVE_MS = 600;

export function currentDraft(): DraftInput | null {
  const s = useEditorStore.getState();
  if (!s.draftId) return null;
  return { draftId: s.draftId, glossaryId: s.glossaryId, name: s.name, sourceLang: s.sourceLang, targetLang: s.targetLang, entries: rowsToPairs(s.rows) };
}

/**
 * Writes the draft now if it changed since the last write. Back to the saved glossary (edits undone, or nothing
 * typed in a new one), there is nothing to keep: a draft written earlier is dropped instead (seen on a Russian
 * tour: edits undone left a draft listed under "Kept on this computer" that differed in nothing).
 */
export async function flushDraft(): Promise<void> {
  const s = useEditorStore.getState();
  const d = currentDraft();
  if (!d || s.version === s.savedVersion) return;
  const v = s.version;
  if (s.baseline !== null && contentPrint(s) === s.baseline) {
    if (s.kept) await unwrap(api().glossaries.draftDiscard({ draftId: d.draftId }));
    const now = useEditorStore.getState();
    if (now.draftId !== d.draftId) return;
    now.markSaved(v);
    now.setKept(false);
    return;
  }
  await unwrap(api().glossaries.draftPut(d));
  const now = useEditorStore.getState();
  if (now.draftId !== d.draftId) return;
  now.markSaved(v);
  now.setKept(true);
}

/**
 * The problems the user is shown: those of rows they edited or left (or all, once Save was tried or content came
 * in whole), so a new glossary does not open with a list of complaints about what nobody has typed yet.
 */
function shownProblems(v: ValidationResult, rows: readonly { id: number }[], touched: ReadonlySet<number>, all: boolean): ValidationResult {
  if (all || v.problemRows.length === 0) return v;
  const byRow = new Map<number, RowProblem[]>();
  const counts = Object.fromEntries(ROW_PROBLEMS.map((p) => [p, 0])) as Record<RowProblem, number>;
  const problemRows: number[] = [];
  for (const i of v.problemRows) {
    if (!touched.has(rows[i]!.id)) continue;
    const ps = v.byRow.get(i)!;
    byRow.set(i, ps);
    problemRows.push(i);
    for (const p of ps) counts[p]++;
  }
  return { ...v, byRow, problemRows, counts };
}

/**
 * The sticky footer covers the bottom of the screen when the editor is taller than the window (900×700 with a
 * few fixes offered, or a panel open): a row going under it (focused, or the footer grew while the user typed
 * in it) is scrolled into sight above it. The grid's own scroll box first: it shrinks as the footer grows,
 * and clipped the bottom of the row typed in (900×700, the problem line coming as a duplicate was typed).
 */
function keepAboveFooter(row: Element, footer: HTMLElement | null): void {
  const box = row.closest<HTMLElement>('.gl-scroll');
  if (box) {
    const r = row.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    if (r.bottom > b.bottom) box.scrollTop += Math.ceil(r.bottom - b.bottom);
    else if (r.top < b.top) box.scrollTop -= Math.ceil(b.top - r.top);
  }
  const screen = footer?.closest<HTMLElement>('.gl-screen');
  if (!footer || !screen) return;
  const over = row.getBoundingClientRect().bottom - footer.getBoundingClientRect().top;
  if (over > 0) screen.scrollTop += Math.ceil(over);
}

const NOT_TEXT = ['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'image'];

/** A field the user types text in (where Ctrl+Z is about that text), not a button, checkbox or select. */
function isTextField(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && !NOT_TEXT.includes(el.type);
}

/** The options of a language select; the current code stays shown when it is not offered (none chosen yet, or a pair the service lacks). */
function LanguageOptions({ codes, current }: { codes: readonly string[]; current: string }) {
  const t = useT();
  const f = useFormat();
  return (
    <>
      {!codes.includes(current) && <option value={current}>{current ? f.languageName(current) : t('glossaries.field.choose')}</option>}
      {codes.map((c) => (
        <option key={c} value={c}>
          {f.languageName(c)} ({c})
        </option>
      ))}
    </>
  );
}

export function GlossaryEditor({
  pairs,
  glossaryCount,
  onClose,
  onSaved,
}: {
  pairs: { sourceLang: string; targetLang: string }[];
  glossaryCount: number;
  onClose: () => void;
  onSaved: (outcome: SaveOutcome) => void;
}) {
  const t = useT();
  const f = useFormat();
  const qc = useQueryClient();
  const s = useEditorStore();
  const grid = useRef<EntryGridHandle>(null);
  const footer = useRef<HTMLDivElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const panelSlot = useRef<HTMLDivElement>(null);
  const findInput = useRef<HTMLInputElement>(null);
  const replaceAllButton = useRef<HTMLButtonElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);
  const onlyProblemsBox = useRef<HTMLInputElement>(null);
  const sortSelect = useRef<HTMLSelectElement>(null);
  /** The toolbar's buttons, by what they do (where the focus goes when one beside them is disabled). */
  const tool = (name: string) => toolbar.current?.querySelector<HTMLElement>(`[data-tool="${name}"]`);
  /**
   * Where the focus goes if the action just done took its control away or disabled it. Checked after each
   * render until the user's next key or click: what the problems offer (the fixes, "Translate empty targets")
   * changes a render later, with the validation, and may take away or disable what the focus went to.
   */
  const refocus = useRef<(() => void) | null>(null);
  const afterAction = (fallback: () => void) => {
    refocus.current = fallback;
  };
  useEffect(() => {
    if (refocus.current && focusGone()) refocus.current();
  });
  useEffect(() => {
    const forget = () => {
      refocus.current = null;
    };
    document.addEventListener('keydown', forget, true);
    document.addEventListener('pointerdown', forget, true);
    return () => {
      document.removeEventListener('keydown', forget, true);
      document.removeEventListener('pointerdown', forget, true);
    };
  }, []);
  /** The name field has the focus Verso gave it, not the user: leaving it empty then is not "touched". */
  const nameFocusGiven = useRef(false);
  // Opened from the list, whose button is gone: the focus goes into the editor (a new glossary's name, else its
  // title), not to the page (seen on a keyboard tour: two Tabs from "New glossary" to reach the name).
  useEffect(() => {
    if (!focusLost()) return;
    if (useEditorStore.getState().glossaryId) titleRef.current?.focus();
    else {
      nameFocusGiven.current = true;
      nameInput.current?.focus();
    }
  }, []);
  const [checker] = useState(() => new RowChecker());
  const deferredRows = useDeferredValue(s.rows);
  const allProblems = useMemo(() => checker.validate(deferredRows), [checker, deferredRows]);
  const validation = useMemo(() => shownProblems(allProblems, deferredRows, s.touched, s.revealAll), [allProblems, deferredRows, s.touched, s.revealAll]);
  const allNameIssues = nameProblems(s.name);
  const nameIssues = s.nameTouched || s.revealAll ? allNameIssues : [];
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [find, setFind] = useState('');
  const [replace, setReplace] = useState('');
  const [scope, setScope] = useState<Side | 'both'>('both');
  const [matchCase, setMatchCase] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [panel, setPanel] = useState<'none' | 'import' | 'export' | 'versions'>('none');
  const [autosaveError, setAutosaveError] = useState<unknown>(null);
  const [deleteFailed, setDeleteFailed] = useState<Extract<SaveOutcome, { status: 'deleteFailed' }> | null>(null);
  const term = useTermTranslation();
  // The row the focus is in or was last in, by its index now (the same, else found again: sorts, inserts and
  // deletions move it), or, deleted, the row before it; -1: none.
  const current = s.currentRow;
  const currentIndex = useMemo(() => {
    if (!current) return -1;
    if (s.rows[current.index]?.id === current.id) return current.index;
    const found = s.rows.findIndex((r) => r.id === current.id);
    return found >= 0 ? found : Math.min(current.index, s.rows.length) - 1;
  }, [s.rows, current]);
  const onRowFocus = (index: number, row: HTMLElement) => {
    const id = s.rows[index]?.id;
    if (id !== undefined) s.setCurrentRow(id, index);
    keepAboveFooter(row, footer.current);
  };
  const emptyCount = useMemo(() => emptyTargets(deferredRows).length, [deferredRows]);

  /** The row the user was in (or near it), else the toolbar's Undo or Redo, else the title. */
  const focusWork = () => {
    const cur = useEditorStore.getState().currentRow;
    if (grid.current?.focusNear(cur?.index ?? 0)) return;
    if (!focusFirst(tool('undo'), tool('redo'))) titleRef.current?.focus();
  };
  /** The editor's undo or redo (the buttons, the keys wherever the focus is, the browser's Edit ▸ Undo). */
  const undoRedo = (redo: boolean, fallback: () => void = focusWork) => {
    afterAction(fallback);
    const st = useEditorStore.getState();
    if (redo) st.redo();
    else st.undo();
  };
  /** Delete selected (its button is disabled then): the focus goes to the row that took the first's place. */
  const deleteSelected = () => {
    const st = useEditorStore.getState();
    const first = st.rows.findIndex((r) => st.selection.has(r.id));
    afterAction(() => grid.current?.focusNear(Math.max(first, 0)) || focusFirst(tool('add')));
    st.deleteRows(st.selection);
  };
  /** Opens or closes a panel; opened, it takes the focus (its first control, else its title). */
  const togglePanel = (p: 'import' | 'export' | 'versions') => {
    const next = panel === p ? 'none' : p;
    setPanel(next);
    if (next === 'none') return;
    requestAnimationFrame(() => {
      const slot = panelSlot.current;
      const first = slot?.querySelector<HTMLElement>(
        'button:not(:disabled), select:not(:disabled), input:not([hidden]):not(:disabled), textarea',
      );
      (first ?? slot?.querySelector<HTMLElement>('h3'))?.focus();
    });
  };
  /**
   * A panel's entries went into the editor (imported, a version restored) and the panel closed: the focus
   * goes to the first row that came in, else back to the panel's button.
   */
  const panelDone = (p: 'import' | 'versions', added: number) => {
    const first = Math.max(0, useEditorStore.getState().rows.length - added);
    afterAction(() => grid.current?.focusNear(first) || focusFirst(tool(p)));
    setPanel('none');
  };
  /** A one-click fix done, its button gone: the other fix, Next problem, Save, else "Only problem rows". */
  const focusFooter = () => {
    const el = footer.current;
    focusFirst(
      el?.querySelector('[data-fix]'),
      el?.querySelector('[aria-keyshortcuts="F8"]'),
      saveButton.current,
      onlyProblemsBox.current,
    );
  };
  /** "Translate empty targets": its button is disabled while it works, and its preview goes once used. */
  const termTools = {
    ...term,
    startBulk: () => {
      afterAction(() => focusFirst(tool('term-cancel'), tool('term-empty')) || focusWork());
      term.startBulk();
    },
    cancelBulk: () => {
      afterAction(() => focusFirst(tool('term-empty')) || focusWork());
      term.cancelBulk();
    },
    applyBulk: () => {
      afterAction(() => focusFirst(tool('term-empty')) || focusWork());
      term.applyBulk();
    },
  };
  // The page's listeners below are added once and call the latest undoRedo (what React's useEffectEvent does; the
  // renderer runs on Preact's compat layer, which has no useEffectEvent: renderer/build/preact-alias.ts).
  const undoRedoLatest = useRef(undoRedo);
  useLayoutEffect(() => {
    undoRedoLatest.current = undoRedo;
  });
  // Ctrl/⌘+Z and Ctrl/⌘+Shift+Z (or Ctrl/⌘+Y) outside the editor's own elements (handled there, below): on
  // the page, a button of the screen or the sidebar. Only a text field of something else keeps its own undo.
  // And the browser's text undo (its history is the whole page's: in a field elsewhere, or the Edit menu,
  // it would undo typing in a cell) never acts on a cell or the name: the editor's undo runs instead.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.altKey) return;
      const k = e.key.toLowerCase();
      if (k !== 'z' && k !== 'y') return;
      const target = e.target instanceof Element ? e.target : null;
      if (isTextField(target) || target?.closest('dialog, [role="dialog"], [role="alertdialog"]')) return;
      e.preventDefault();
      undoRedoLatest.current(k === 'y' || e.shiftKey);
    };
    const onBeforeInput = (e: InputEvent) => {
      if (e.inputType !== 'historyUndo' && e.inputType !== 'historyRedo') return;
      const target = e.target instanceof Element ? e.target : null;
      if (!target) return;
      const inGrid = sectionRef.current?.contains(target) && target.closest('.gl-scroll') !== null;
      if (target !== nameInput.current && !inGrid) return;
      e.preventDefault();
      undoRedoLatest.current(e.inputType === 'historyRedo');
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('beforeinput', onBeforeInput, true);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('beforeinput', onBeforeInput, true);
    };
  }, []);

  // A new glossary gets a pair as soon as the connection's pairs are known: the one last used in Translate.
  useEffect(() => {
    const st = useEditorStore.getState();
    if (pairs.length === 0 || (st.sourceLang && st.targetLang)) return;
    const p = defaultPair(pairs, useTranslateStore.getState().options, navigator.language) ?? pairs[0]!;
    st.defaultPair(p.sourceLang, p.targetLang);
  }, [pairs]);
  // Whether what was opened is a draft kept earlier (then the line says so from the start) or the saved glossary
  // (then edits undone back to it keep no draft).
  useEffect(() => {
    const id = s.draftId;
    if (!id) return;
    let live = true;
    api()
      .glossaries.draftGet({ draftId: id })
      .then(
        (r) => {
          if (live) useEditorStore.getState().learnOpened(id, r.ok ? true : r.error.code === 'not_found' ? false : null);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [s.draftId]);
  // Autosave: the draft on disk follows the editor a moment after each change.
  useEffect(() => {
    if (s.version === s.savedVersion || !s.draftId) return;
    const timer = setTimeout(() => {
      flushDraft().then(
        () => setAutosaveError(null),
        (e: unknown) => setAutosaveError(e),
      );
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [s.version, s.savedVersion, s.draftId]);
  // Leaving the screen writes at once; closing the window with a write still pending asks first.
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      const st = useEditorStore.getState();
      if (st.version !== st.savedVersion) {
        void flushDraft();
        e.preventDefault();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      void flushDraft().catch(() => undefined);
    };
  }, []);

  const findKey = matchCase ? find : find.toLowerCase();
  const visible = useMemo(() => {
    const out: number[] = [];
    const rows = s.rows;
    for (let i = 0; i < rows.length; i++) {
      if (onlyProblems && !validation.byRow.has(i)) continue;
      if (findKey) {
        const r = rows[i]!;
        const hay = (x: string) => (matchCase ? x : x.toLowerCase()).includes(findKey);
        if (!((scope !== 'target' && hay(r.source)) || (scope !== 'source' && hay(r.target)))) continue;
      }
      out.push(i);
    }
    return out;
  }, [s.rows, onlyProblems, validation, findKey, matchCase, scope]);

  const sources = useMemo(() => [...new Set(pairs.map((p) => p.sourceLang))].sort((a, b) => f.compare(f.languageName(a), f.languageName(b))), [pairs, f]);
  const targets = useMemo(
    () => pairs.filter((p) => p.sourceLang === s.sourceLang).map((p) => p.targetLang).sort((a, b) => f.compare(f.languageName(a), f.languageName(b))),
    [pairs, s.sourceLang, f],
  );
  const pairOk = pairs.some((p) => p.sourceLang === s.sourceLang && p.targetLang === s.targetLang);
  const atAccountLimit = glossaryCount >= LIMITS.glossariesPerAccount;
  const problemCount = validation.problemRows.length;
  // Why Save is off, as it is: something to fix (shown above), or no entry yet (a new glossary has "No problems").
  const blockedByProblems = allProblems.problemRows.length > 0 || allNameIssues.length > 0 || !pairOk || validation.tooLarge || atAccountLimit;
  const canSave = !blockedByProblems && validation.entryCount > 0;
  // Problems not shown yet (nothing touched there): Save stays clickable and, clicked, shows them instead of saving.
  const hiddenProblems = allProblems.problemRows.length > problemCount || allNameIssues.length > nameIssues.length;
  const trySave = () => {
    if (canSave) {
      // Saved, the list replaces the editor (GlossariesView puts the focus there); else Retry, or Save again.
      afterAction(() => focusFirst(retryButton.current, saveButton.current) || titleRef.current?.focus());
      if (!save.isPending) save.mutate();
      return;
    }
    s.reveal();
    if (allNameIssues.length > 0) requestAnimationFrame(() => nameInput.current?.focus());
    else if (allProblems.problemRows.length > 0) requestAnimationFrame(() => nextProblemOf(allProblems.problemRows));
  };

  const save = useMutation({
    mutationFn: async () => {
      const d = currentDraft();
      if (!d) throw new Error('no draft');
      const v = useEditorStore.getState().version;
      const out = await unwrap(api().glossaries.save(d));
      useEditorStore.getState().markSaved(v);
      return out;
    },
    onSuccess: (out) => {
      void qc.invalidateQueries({ queryKey: ['glossaries.list'] });
      if (out.status === 'deleteFailed') setDeleteFailed(out);
      else onSaved(out);
    },
  });
  const finish = useMutation({
    mutationFn: (draftId: string) => unwrap(api().glossaries.finishSave({ draftId })),
    onSuccess: (out) => {
      void qc.invalidateQueries({ queryKey: ['glossaries.list'] });
      if (out.status === 'saved') {
        setDeleteFailed(null);
        onSaved(out);
      } else setDeleteFailed(out);
    },
  });

  const nextProblemOf = (problemRows: readonly number[]) => {
    if (problemRows.length === 0) return;
    // On from the row the user is in or was last in: "Next problem" clicked has the focus itself, and went back
    // to the first problem on every click. The problem line names the row it goes to.
    const next = nextProblemRow(problemRows, currentIndex)!;
    let vi = visible.indexOf(next);
    if (vi < 0) {
      setOnlyProblems(false);
      setFind('');
      vi = next;
    }
    // The cell at fault, not always the source: an empty or space-padded target takes the focus (F8 then typing
    // filled the source, "printer" → "printerimpresora", seen on a keyboard tour). A duplicate is the source's.
    const row = s.rows[next];
    const sides = row ? sideProblems(row) : { source: [], target: [] };
    const side = sides.target.length > 0 && sides.source.length === 0 ? 'target' : 'source';
    requestAnimationFrame(() => grid.current?.focusRow(vi, side));
  };
  const nextProblem = () => nextProblemOf(validation.problemRows);
  // The problem line: the current row's problems, else those of the row "Next problem" goes to.
  const lineRow = validation.byRow.has(currentIndex)
    ? currentIndex
    : (nextProblemRow(validation.problemRows, currentIndex) ?? -1);
  // The footer grows as problems come and go (the count, the fixes, the problem line): the row typed in stays
  // above it.
  useEffect(() => {
    const el = footer.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const row = document.activeElement?.closest('[data-index]');
      if (row) keepAboveFooter(row, el);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 's') {
      e.preventDefault();
      trySave();
    } else if (mod && !e.altKey && (e.key.toLowerCase() === 'y' || e.key.toLowerCase() === 'z')) {
      // Text fields are part of the grid's history: one undo for the whole editor, never the browser's.
      e.preventDefault();
      undoRedo(e.key.toLowerCase() === 'y' || e.shiftKey);
    } else if (e.key === 'F8') {
      e.preventDefault();
      nextProblem();
    }
  };

  const collator = useMemo(() => new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }), []);
  const dirty = s.version !== s.savedVersion;

  return (
    <section ref={sectionRef} className="gl-editor" aria-labelledby="gl-editor-title" onKeyDown={onKeyDown}>
      <div className="gl-editor-head">
        <h2 id="gl-editor-title" ref={titleRef} tabIndex={-1}>{s.glossaryId ? t('glossaries.editor.titleEdit') : t('glossaries.editor.titleNew')}</h2>
        <span className="gl-draft-state" role="status">
          {/* Only about a draft there is: a glossary opened and not edited, or edited back, has none (seen on a
              Russian tour: "Changes kept on this computer" on a new, empty glossary read as "saved"). */}
          {autosaveError ? null : dirty && (s.kept || s.undoStack.length + s.redoStack.length > 0) ? t('glossaries.editor.draftPending') : s.kept ? t('glossaries.editor.draftKept') : null}
        </span>
        <button type="button" className="btn" onClick={onClose}>
          {t('glossaries.editor.backToList')}
        </button>
      </div>
      {autosaveError !== null && <ErrorAlert error={autosaveError} look="box" message={t('glossaries.editor.autosaveFailed')} />}

      <div className="gl-fields">
        <label>
          {t('glossaries.field.name')}
          <input
            ref={nameInput}
            type="text"
            value={s.name}
            onChange={(e) => s.setName(e.target.value)}
            onPointerDown={() => (nameFocusGiven.current = false)}
            onBlur={() => {
              // Passed through with nothing typed after Verso put the focus there: no "Give the glossary a name." yet.
              const given = nameFocusGiven.current;
              nameFocusGiven.current = false;
              if (!given || s.name !== '') s.touchName();
            }}
            aria-invalid={nameIssues.length > 0 || undefined}
            aria-describedby="gl-name-err"
          />
        </label>
        <label>
          {t('glossaries.field.source')}
          <select
            value={s.sourceLang}
            onChange={(e) => {
              const src = e.target.value;
              const tgt = pairs.some((p) => p.sourceLang === src && p.targetLang === s.targetLang) ? s.targetLang : (pairs.find((p) => p.sourceLang === src)?.targetLang ?? '');
              s.setPair(src, tgt);
            }}
          >
            <LanguageOptions codes={sources} current={s.sourceLang} />
          </select>
        </label>
        <label>
          {t('glossaries.field.target')}
          <select value={s.targetLang} onChange={(e) => s.setPair(s.sourceLang, e.target.value)}>
            <LanguageOptions codes={targets} current={s.targetLang} />
          </select>
        </label>
      </div>
      <div id="gl-name-err" className="error-text" aria-live="polite">
        {joinSentences(nameIssues.map((p) => t(`glossaries.problem.${p}`)))}
        {!pairOk && s.sourceLang && s.targetLang ? ` ${t('glossaries.problem.pairUnsupported')}` : ''}
      </div>

      <div className="gl-toolbar" role="toolbar" aria-label={t('glossaries.editor.toolbar')} ref={toolbar}>
        <button type="button" className="btn" data-tool="add" onClick={() => requestAnimationFrame(() => grid.current?.focusRow(s.addRow() , 'source'))}>
          {t('glossaries.editor.addRow')}
        </button>
        <button type="button" className="btn" disabled={s.selection.size === 0} onClick={deleteSelected}>
          {t('glossaries.editor.deleteSelected', { count: s.selection.size })}
        </button>
        <button
          type="button"
          className="btn"
          data-tool="undo"
          disabled={s.undoStack.length === 0}
          onClick={() => undoRedo(false, () => focusFirst(tool('redo')) || focusWork())}
          aria-keyshortcuts="Control+Z"
        >
          {t('glossaries.editor.undo')}
        </button>
        <button
          type="button"
          className="btn"
          data-tool="redo"
          disabled={s.redoStack.length === 0}
          onClick={() => undoRedo(true, () => focusFirst(tool('undo')) || focusWork())}
          aria-keyshortcuts="Control+Shift+Z"
        >
          {t('glossaries.editor.redo')}
        </button>
        <label className="gl-inline">
          {t('glossaries.editor.sort')}
          <select
            ref={sortSelect}
            value=""
            onChange={(e) => {
              const [side, dir] = e.target.value.split(':') as [Side, string];
              if (!side) return;
              afterAction(() => focusFirst(sortSelect.current));
              s.sortBy(side, dir === 'desc' ? -1 : 1, collator);
            }}
          >
            <option value="">{t('glossaries.editor.sortChoose')}</option>
            <option value="source:asc">{t('glossaries.editor.sortSourceAsc')}</option>
            <option value="source:desc">{t('glossaries.editor.sortSourceDesc')}</option>
            <option value="target:asc">{t('glossaries.editor.sortTargetAsc')}</option>
            <option value="target:desc">{t('glossaries.editor.sortTargetDesc')}</option>
          </select>
        </label>
        <button
          type="button"
          className="btn"
          data-tool="import"
          onClick={() => togglePanel('import')}
          aria-expanded={panel === 'import'}
        >
          {t('glossaries.editor.import')}
        </button>
        <button
          type="button"
          className="btn"
          data-tool="export"
          onClick={() => togglePanel('export')}
          aria-expanded={panel === 'export'}
        >
          {t('glossaries.editor.export')}
        </button>
        <button
          type="button"
          className="btn"
          data-tool="versions"
          onClick={() => togglePanel('versions')}
          aria-expanded={panel === 'versions'}
        >
          {t('glossaries.editor.versions')}
        </button>
        <TermTranslateTools term={termTools} emptyCount={emptyCount} />
      </div>
      <TermTranslatePanel term={termTools} />

      {/* The panel opened takes the focus: below the toolbar, it came after Export and Versions in the tab
          order, and Enter there swapped it for another (seen on a French keyboard tour). */}
      {/* Escape closes the open panel, as the keyboard help says of panels (a control inside that uses it first, a
          menu or a confirmation, keeps it), and the focus goes back to the panel's button. */}
      <div
        ref={panelSlot}
        className="gl-panel-slot"
        onKeyDown={(e) =>
          panel !== 'none' &&
          escapeCancels(e, () => {
            const p = panel;
            setPanel('none');
            afterAction(() => focusFirst(tool(p)));
          })
        }
      >
        {panel === 'import' && <ImportPanel onDone={(added) => panelDone('import', added)} />}
        {panel === 'export' && <ExportPanel />}
        {panel === 'versions' && (
          <VersionsPanel currentRows={s.rows} onRestored={(count) => panelDone('versions', count)} />
        )}
      </div>

      <div className="gl-find" role="search">
        <label>
          {t('glossaries.editor.find')}
          <input ref={findInput} type="search" value={find} onChange={(e) => setFind(e.target.value)} />
        </label>
        <label>
          {t('glossaries.editor.replaceWith')}
          <input type="text" value={replace} onChange={(e) => setReplace(e.target.value)} />
        </label>
        <label className="gl-inline">
          {t('glossaries.editor.in')}
          <select value={scope} onChange={(e) => setScope(e.target.value as Side | 'both')}>
            <option value="both">{t('glossaries.editor.inBoth')}</option>
            <option value="source">{t('glossaries.editor.inSource')}</option>
            <option value="target">{t('glossaries.editor.inTarget')}</option>
          </select>
        </label>
        <label className="gl-inline">
          <input type="checkbox" checked={matchCase} onChange={(e) => setMatchCase(e.target.checked)} />
          {t('glossaries.editor.matchCase')}
        </label>
        <button
          ref={replaceAllButton}
          type="button"
          className="btn"
          disabled={!find}
          onClick={() => {
            afterAction(() => focusFirst(replaceAllButton.current, findInput.current));
            const n = s.replaceAll(find, replace, scope, matchCase);
            setNote(t('glossaries.editor.replaced', { count: n }));
          }}
        >
          {t('glossaries.editor.replaceAll')}
        </button>
        <span role="status" className="gl-note">
          {note}
        </span>
      </div>

      {s.rows.length === 0 ? (
        <p className="gl-empty">{t('glossaries.editor.emptyRows')}</p>
      ) : visible.length === 0 ? (
        <p className="gl-empty">{t('glossaries.editor.noneShown')}</p>
      ) : null}
      <EntryGrid
        ref={grid}
        rows={s.rows}
        visible={visible}
        validation={validation}
        sourceLabel={s.sourceLang ? f.languageName(s.sourceLang) : t('glossaries.field.source')}
        targetLabel={s.targetLang ? f.languageName(s.targetLang) : t('glossaries.field.target')}
        term={{ available: term.reach.ok, pending: term.pending, onTranslate: term.translateRow }}
        lineRow={lineRow}
        onRowFocus={onRowFocus}
      />

      {atAccountLimit && <p className="error-text">{t('glossaries.problem.accountLimit', { limit: f.number(LIMITS.glossariesPerAccount) })}</p>}
      {save.error ? <ErrorAlert error={save.error} look="box" message={t('glossaries.save.createFailed')} /> : null}
      {deleteFailed && (
        <div className="alert alert-error" role="alert">
          <p>{t('glossaries.save.deleteFailed')}</p>
          <ErrorAlert error={new ApiError({ code: deleteFailed.errorCode as IpcError['code'], message: deleteFailed.errorMessage })} look="text" />
          <button
            ref={retryButton}
            type="button"
            className="btn"
            // Kept focusable while it works: disabled, it dropped the focus to the page.
            onClick={() => {
              if (!finish.isPending) finish.mutate(deleteFailed.draftId);
            }}
            aria-disabled={finish.isPending || undefined}
          >
            {t('glossaries.save.retryDelete')}
          </button>
          {finish.error ? <ErrorAlert error={finish.error} /> : null}
        </div>
      )}
      {/* Kept in view while the grid scrolls: what is wrong, the count of problems, the fixes and Save (issue 20
          point 12). The problem line is not in the live summary: it changes as the focus moves, and the cell at
          fault points at it. */}
      <div className="gl-footer" ref={footer}>
        {lineRow >= 0 && <ProblemLine rows={s.rows} index={lineRow} validation={validation} />}
        <div className="gl-summary" aria-live="polite">
          <span>{t('glossaries.editor.entries', { count: validation.entryCount })}</span>
          <span>{t('glossaries.editor.size', { size: f.bytes(validation.totalBytes), limit: f.bytes(LIMITS.glossaryBytes) })}</span>
          {problemCount === 0 ? (
            // Not beside a problem of the name or the pair, shown above ("Fix the problems above" says so).
            nameIssues.length === 0 && pairOk && <span className="gl-ok">{t('glossaries.editor.noProblems')}</span>
          ) : (
            <>
              <strong className="error-text">{t('glossaries.editor.problemRows', { count: problemCount })}</strong>
              <span>
                {ROW_PROBLEMS.filter((p) => validation.counts[p] > 0)
                  .map((p) => `${t(`glossaries.problemShort.${p}`)}: ${f.number(validation.counts[p])}`)
                  .join(' · ')}
              </span>
              <button type="button" className="btn" onClick={nextProblem} aria-keyshortcuts="F8">
                {t('glossaries.editor.nextProblem')}
              </button>
              {validation.counts.whitespace > 0 && (
                <button
                  type="button"
                  className="btn"
                  data-fix="trim"
                  onClick={() => {
                    afterAction(focusFooter);
                    s.trimAll();
                  }}
                >
                  {t('glossaries.editor.fixTrim', { count: validation.counts.whitespace })}
                </button>
              )}
              {validation.exactDuplicates > 0 && (
                <button
                  type="button"
                  className="btn"
                  data-fix="duplicates"
                  onClick={() => {
                    afterAction(focusFooter);
                    s.dropExactDuplicates();
                  }}
                >
                  {t('glossaries.editor.fixDuplicates', { count: validation.exactDuplicates })}
                </button>
              )}
            </>
          )}
          {validation.tooLarge && <strong className="error-text">{t('glossaries.problem.tooLarge')}</strong>}
          <label className="gl-inline">
            <input
              ref={onlyProblemsBox}
              type="checkbox"
              checked={onlyProblems}
              onChange={(e) => setOnlyProblems(e.target.checked)}
            />
            {t('glossaries.editor.onlyProblems')}
          </label>
        </div>
        <div className="gl-actions">
          <button
            ref={saveButton}
            type="button"
            className="btn btn-primary"
            // Saving, it stays focusable (disabled, it dropped the focus to the page); trySave saves once.
            disabled={(!canSave && !hiddenProblems) || deleteFailed !== null}
            aria-disabled={save.isPending || undefined}
            onClick={trySave}
            aria-keyshortcuts="Control+S"
          >
            {save.isPending ? t('glossaries.save.saving') : t('glossaries.save.button')}
          </button>
          {!canSave && !hiddenProblems && blockedByProblems && <span className="gl-note">{t('glossaries.save.blocked')}</span>}
          {!canSave && !hiddenProblems && validation.entryCount === 0 && <span className="gl-note">{t('glossaries.save.needEntry')}</span>}
          <span className="gl-note">{t('glossaries.editor.shortcuts')}</span>
        </div>
      </div>
    </section>
  );
}
