/**
 * Renderer: keeps the Translate screen's draft (`translate-store.ts`) in Verso's settings, which main writes to the
 * user-data folder, so the draft survives restarts of the app and of the web harness (whose window storage is tied
 * to a port that changes). At start the saved draft is restored once; afterwards every change is saved after a
 * short pause, and a pending save is flushed when the window is about to close or reload.
 */
import type { TranslateDraft } from '../../shared/ipc/contract.js';
import { DRAFT_LIMITS, DRAFT_TOO_LARGE_MESSAGE, draftChars } from '../../shared/ipc/draft-limits.js';
import {
  DEFAULT_OPTIONS,
  useTranslateStore,
  type DraftField,
  type DraftOptions,
  type SegmentsDone,
} from './translate-store.js';

/** Pause after the last change before the draft is written (typing produces a change per keystroke). */
export const DRAFT_SAVE_DELAY_MS = 400;

/** Where builds before this one kept the draft (zustand `persist` in localStorage); read once to carry it over. */
export const LEGACY_DRAFT_STORAGE_KEY = 'verso.translate.draft';

type DraftState = Pick<ReturnType<typeof useTranslateStore.getState>, DraftField>;

function snapshot(s: DraftState): TranslateDraft {
  return {
    mode: s.mode,
    text: s.text,
    segmentsText: s.segmentsText,
    options: { ...s.options },
    languagesTouched: s.languagesTouched,
    segmentsColumn: s.segmentsColumn,
    segmentsTitles: s.segmentsTitles,
    segmentsDone: s.segmentsDone && savedDoneOf(s.segmentsDone, s.segmentsText),
  };
}

/** The Segments translations as saved: their paste only when it is not the draft's own (kept once, not twice). */
function savedDoneOf(done: SegmentsDone, segmentsText: string): NonNullable<TranslateDraft['segmentsDone']> {
  const { segmentsText: text, ...rest } = done;
  return text === segmentsText ? rest : { ...rest, segmentsText: text };
}

/** Saved Segments translations of another build, or broken ones, are none (the pane shows the segments alone). */
function savedDone(v: unknown, segmentsText: string): DraftState['segmentsDone'] {
  const d = v as Partial<Record<keyof SegmentsDone, unknown>> | null | undefined;
  if (!d || typeof d !== 'object') return null;
  const text = d.segmentsText === undefined ? segmentsText : d.segmentsText;
  const str = (x: unknown): x is string => typeof x === 'string';
  const translations = d.translations;
  if (
    !str(text) ||
    !wholeAtLeast(d.column, 0) ||
    typeof d.titles !== 'boolean' ||
    !(translations === null || (Array.isArray(translations) && translations.every((x) => x === null || str(x)))) ||
    !str(d.targetLang) ||
    !str(d.sourceLang) ||
    !(d.engine === null || str(d.engine)) ||
    !str(d.context)
  )
    return null;
  return {
    segmentsText: text,
    column: d.column,
    titles: d.titles,
    translations: translations as (string | null)[] | null,
    targetLang: d.targetLang,
    sourceLang: d.sourceLang,
    engine: d.engine as string | null,
    context: d.context,
  };
}

const wholeAtLeast = (v: unknown, min: number): v is number => Number.isInteger(v) && (v as number) >= min;

/** A saved column choice of another build, or of none, is no choice (the pane asks again). */
function savedColumn(v: unknown): DraftState['segmentsColumn'] {
  const c = v as { columns?: unknown; column?: unknown } | null | undefined;
  return c && wholeAtLeast(c.columns, 2) && wholeAtLeast(c.column, 0) && c.column < c.columns
    ? { columns: c.columns, column: c.column }
    : null;
}

function savedTitles(v: unknown): DraftState['segmentsTitles'] {
  const c = v as { columns?: unknown; on?: unknown } | null | undefined;
  return c && wholeAtLeast(c.columns, 2) && typeof c.on === 'boolean' ? { columns: c.columns, on: c.on } : null;
}

/**
 * Options saved by another build may lack newer fields or hold values of another type: each field keeps the saved
 * value only when it has the type the Translate screen expects, else the default.
 */
function sanitizeOptions(saved: Record<string, unknown>): DraftOptions {
  const out: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  for (const [k, def] of Object.entries(DEFAULT_OPTIONS)) {
    const v = saved[k];
    if (Array.isArray(def)) {
      if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out[k] = v;
    } else if (typeof v === typeof def && (typeof v !== 'number' || Number.isFinite(v))) {
      out[k] = v;
    }
  }
  return out as unknown as DraftOptions;
}

function readLegacyDraft(): Partial<TranslateDraft> | null {
  try {
    const raw = globalThis.localStorage?.getItem(LEGACY_DRAFT_STORAGE_KEY);
    if (!raw) return null;
    const state = (JSON.parse(raw) as { state?: unknown }).state;
    return state && typeof state === 'object' ? (state as Partial<TranslateDraft>) : null;
  } catch {
    return null;
  }
}

export function forgetLegacyDraft(): void {
  try {
    globalThis.localStorage?.removeItem(LEGACY_DRAFT_STORAGE_KEY);
  } catch {
    // Storage disabled: there is nothing to forget.
  }
}

/**
 * Puts a saved draft into the Translate screen's state, once: the start-up code and the shell may both offer it, and
 * the first wins (a restored draft is never overwritten). Without one, a draft left in window storage by an older
 * build is carried over (`draftCarriedOver` then says it must be written to settings).
 */
export function restoreDraft(saved: TranslateDraft | null): void {
  if (useTranslateStore.getState().draftLoaded) return;
  const legacy = saved ? null : readLegacyDraft();
  const d = saved ?? legacy;
  useTranslateStore.getState().restore(
    d && {
      mode: d.mode === 'multi' ? 'multi' : 'single',
      text: typeof d.text === 'string' ? d.text : '',
      segmentsText: typeof d.segmentsText === 'string' ? d.segmentsText : '',
      options: sanitizeOptions(d.options && typeof d.options === 'object' ? d.options : {}),
      languagesTouched: d.languagesTouched === true,
      segmentsColumn: savedColumn(d.segmentsColumn),
      segmentsTitles: savedTitles(d.segmentsTitles),
      segmentsDone: savedDone(d.segmentsDone, typeof d.segmentsText === 'string' ? d.segmentsText : ''),
    },
  );
  carriedOver = legacy !== null;
}

let carriedOver = false;

/** Whether the draft last restored came from window storage (an older build) and must be written to settings. */
export function draftCarriedOver(): boolean {
  return carriedOver;
}

export interface DraftSyncOptions {
  /** Writes the draft (settings.update); rejects with a user-facing message when it could not. */
  save: (draft: TranslateDraft) => Promise<void>;
  delayMs?: number;
  /** Save once at start even without a change (a draft carried over from window storage). */
  dirty?: boolean;
  /** Called after the first successful save of a carried-over draft. */
  onSaved?: () => void;
}

/**
 * Saves the draft after each pause in editing; returns a stop function that flushes what is pending. Saves never
 * overlap out of order: each carries the whole draft, so the last one written is the newest.
 */
export function startDraftSync({ save, delayMs = DRAFT_SAVE_DELAY_MS, dirty = false, onSaved }: DraftSyncOptions): () => void {
  const store = useTranslateStore;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = dirty;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!pending) return;
    pending = false;
    let draft = snapshot(store.getState());
    // Segments translations that do not fit are left out, saying so (the restored pane tells the user); the
    // segments themselves are kept as before.
    if (draft.segmentsDone && draftChars(draft) > DRAFT_LIMITS.textChars) {
      const notKept = { ...draft.segmentsDone, translations: null };
      draft = { ...draft, segmentsDone: draftChars({ ...draft, segmentsDone: notKept }) > DRAFT_LIMITS.textChars ? null : notKept };
    }
    if (draftChars(draft) > DRAFT_LIMITS.textChars) {
      // Main would refuse it; the text stays in memory and the user is told it will not outlive a restart.
      store.getState().setKeepNotice(DRAFT_TOO_LARGE_MESSAGE);
      return;
    }
    save(draft).then(
      () => {
        store.getState().setKeepNotice(null);
        onSaved?.();
      },
      (err: unknown) => {
        const why = err instanceof Error && err.message ? ` ${err.message}` : '';
        store.getState().setKeepNotice(`Verso could not keep this draft for the next start.${why}`);
      },
    );
  };

  const schedule = () => {
    pending = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  };

  const unsubscribe = store.subscribe((next, prev) => {
    if (
      next.mode !== prev.mode ||
      next.text !== prev.text ||
      next.segmentsText !== prev.segmentsText ||
      next.options !== prev.options ||
      next.languagesTouched !== prev.languagesTouched ||
      next.segmentsColumn !== prev.segmentsColumn ||
      next.segmentsTitles !== prev.segmentsTitles ||
      next.segmentsDone !== prev.segmentsDone
    ) {
      schedule();
    }
  });
  // The window is closing or reloading: the message leaves now, before the page is torn down.
  const onLeave = () => flush();
  window.addEventListener('beforeunload', onLeave);
  window.addEventListener('pagehide', onLeave);
  if (dirty) schedule();

  return () => {
    unsubscribe();
    window.removeEventListener('beforeunload', onLeave);
    window.removeEventListener('pagehide', onLeave);
    flush();
  };
}
