/**
 * Renderer, UI state of the Translate screen (zustand): the draft — source text, segments, mode and every option.
 * Nothing the user typed is lost: the draft outlives navigation (module state) and restarts (kept in Verso's
 * settings in main by `draft-sync.ts`, not in the window's storage, which the web harness loses when its port
 * changes; it holds only text and options, never a key).
 */
import { create } from 'zustand';
import type { Formality, ModelType } from '../../shared/spec/languages.js';

export interface DraftOptions {
  /** '' = detect automatically. */
  sourceLang: string;
  targetLang: string;
  formality: Formality;
  /** '' = the service's default (not sent). */
  modelType: ModelType | '';
  context: string;
  glossaryIds: string[];
  styleId: string;
  translationMemoryId: string;
  translationMemoryThreshold: number;
  customInstructions: string[];
  tagHandling: '' | 'xml' | 'html';
  tagHandlingVersion: '' | 'v1' | 'v2';
  /** The spec's default is on; unticking sends `outline_detection: false`. */
  outlineDetection: boolean;
  splittingTags: string;
  nonSplittingTags: string;
  ignoreTags: string;
  /** '' = the service's default for the tag handling chosen. */
  splitSentences: '' | '0' | '1' | 'nonewlines';
  preserveFormatting: boolean;
  /** Placeholders and code: '' = as Settings → Translate says, 'on' = kept, 'off' = translated like other text. */
  protect: '' | 'on' | 'off';
}

export const DEFAULT_OPTIONS: DraftOptions = {
  sourceLang: '',
  // Chosen at start from the system's languages and what the connection offers (see `language-logic.ts`).
  targetLang: '',
  formality: 'default',
  modelType: '',
  context: '',
  glossaryIds: [],
  styleId: '',
  translationMemoryId: '',
  translationMemoryThreshold: 75,
  customInstructions: [],
  tagHandling: '',
  tagHandlingVersion: '',
  outlineDetection: true,
  splittingTags: '',
  nonSplittingTags: '',
  ignoreTags: '',
  splitSentences: '',
  preserveFormatting: false,
  protect: '',
};

export type TranslateMode = 'single' | 'multi';

/** What a swap replaced, so Undo can put it back. */
export interface SwapUndo {
  text: string;
  sourceLang: string;
  targetLang: string;
  /** The text the swap left in the box: Undo applies while the box still holds it. */
  textAfter: string;
}

export interface SegmentsColumn {
  columns: number;
  column: number;
}
export interface SegmentsTitles {
  columns: number;
  on: boolean;
}
/** Segments: the last run's translations, kept with the draft so a restart shows them again. */
export interface SegmentsDone {
  /** The run's paste, column and titles row: its segments are worked out from them as the pane does. */
  segmentsText: string;
  column: number;
  titles: boolean;
  /** One per segment sent, in order (null where it failed); null when too large to keep with the draft. */
  translations: (string | null)[] | null;
  targetLang: string;
  sourceLang: string;
  engine: string | null;
  /** The connection and options the run was made for (the pane's key), to mark the results outdated. */
  context: string;
}

/** What the draft keeps across restarts (draft-sync.ts). */
export type DraftField =
  | 'mode'
  | 'text'
  | 'segmentsText'
  | 'options'
  | 'languagesTouched'
  | 'segmentsColumn'
  | 'segmentsTitles'
  | 'segmentsDone';

interface TranslateState {
  mode: TranslateMode;
  text: string;
  segmentsText: string;
  options: DraftOptions;
  /** True once the user picked languages themselves; until then defaults from settings may apply. */
  languagesTouched: boolean;
  /** Segments: the column to translate, chosen for a paste of that many columns (kept with the draft). */
  segmentsColumn: SegmentsColumn | null;
  /** Segments: the first row of a paste of that many columns is its column titles, or not (kept with the draft). */
  segmentsTitles: SegmentsTitles | null;
  /** Segments: the last run's translations (kept with the draft); null before a run or while one is under way. */
  segmentsDone: SegmentsDone | null;
  /**
   * True while the Segments translations shown are the ones restored from the last session: they are never sent
   * again on their own, only on Translate (which clears this).
   */
  segmentsHeld: boolean;
  setSegmentsDone: (done: SegmentsDone | null) => void;
  setSegmentsColumn: (choice: SegmentsColumn) => void;
  setSegmentsTitles: (choice: SegmentsTitles) => void;
  setMode: (mode: TranslateMode) => void;
  setText: (text: string) => void;
  setSegmentsText: (text: string) => void;
  setOptions: (patch: Partial<DraftOptions>) => void;
  applyDefaults: (defaults: Partial<DraftOptions>) => void;
  resetOptions: () => void;
  /** True once the draft saved in settings has been restored (or there was none): typing may begin. */
  draftLoaded: boolean;
  /** Replaces the draft with one saved earlier (at start) and marks it loaded; null when there was none. */
  restore: (draft: Pick<TranslateState, DraftField> | null) => void;
  /** Why the draft is not being kept for the next start (too large, save failed); null when it is. */
  keepNotice: string | null;
  setKeepNotice: (notice: string | null) => void;
  /** The state before the last swap, until the user edits the text. */
  swapUndo: SwapUndo | null;
  /** Swaps in one step: new languages, the new source text, and what Undo restores. */
  applySwap: (next: { sourceLang: string; targetLang: string; text: string }) => void;
  undoSwap: () => boolean;
  /**
   * True while the text on screen is a draft restored from the last session and the user has not touched it since:
   * it is never sent on its own (it was translated, and billed, in that session), only on Translate or after an edit.
   */
  held: boolean;
  /** The user acted on the restored draft (picked a language, changed an option, pressed Translate). */
  release: () => void;
}

export const useTranslateStore = create<TranslateState>()((set) => ({
  mode: 'single',
  text: '',
  segmentsText: '',
  options: DEFAULT_OPTIONS,
  languagesTouched: false,
  segmentsColumn: null,
  segmentsTitles: null,
  segmentsDone: null,
  segmentsHeld: false,
  setSegmentsDone: (segmentsDone) => set({ segmentsDone, segmentsHeld: false }),
  setSegmentsColumn: (segmentsColumn) => set({ segmentsColumn }),
  setSegmentsTitles: (segmentsTitles) => set({ segmentsTitles }),
  keepNotice: null,
  setMode: (mode) => set({ mode }),
  // Typing makes the swap final (Undo would otherwise throw the new text away).
  setText: (text) =>
    set((s) => ({ text, held: false, swapUndo: s.swapUndo && s.swapUndo.textAfter === text ? s.swapUndo : null })),
  setSegmentsText: (segmentsText) => set({ segmentsText }),
  setOptions: (patch) =>
    set((s) => ({
      options: { ...s.options, ...patch },
      languagesTouched: s.languagesTouched || 'sourceLang' in patch || 'targetLang' in patch,
    })),
  // Unchanged when the defaults are already in place (the start-up code may have applied them before the screen).
  applyDefaults: (defaults) =>
    set((s) =>
      s.languagesTouched || Object.entries(defaults).every(([k, v]) => s.options[k as keyof DraftOptions] === v)
        ? s
        : { options: { ...s.options, ...defaults } },
    ),
  resetOptions: () =>
    set((s) => ({
      options: { ...DEFAULT_OPTIONS, sourceLang: s.options.sourceLang, targetLang: s.options.targetLang },
    })),
  draftLoaded: false,
  restore: (draft) =>
    set({
      ...draft,
      segmentsDone: draft?.segmentsDone ?? null,
      draftLoaded: true,
      held: Boolean(draft && draft.text.trim() !== ''),
      segmentsHeld: Boolean(draft?.segmentsDone),
    }),
  held: false,
  release: () => set((s) => (s.held ? { held: false } : s)),
  setKeepNotice: (keepNotice) => set((s) => (s.keepNotice === keepNotice ? s : { keepNotice })),
  swapUndo: null,
  applySwap: (next) =>
    set((s) => ({
      swapUndo: { text: s.text, sourceLang: s.options.sourceLang, targetLang: s.options.targetLang, textAfter: next.text },
      text: next.text,
      options: { ...s.options, sourceLang: next.sourceLang, targetLang: next.targetLang },
      languagesTouched: true,
      held: false,
    })),
  undoSwap: () => {
    let done = false;
    set((s) => {
      const u = s.swapUndo;
      if (!u) return s;
      done = true;
      return { swapUndo: null, text: u.text, options: { ...s.options, sourceLang: u.sourceLang, targetLang: u.targetLang } };
    });
    return done;
  },
}));
