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
}

export const DEFAULT_OPTIONS: DraftOptions = {
  sourceLang: '',
  targetLang: 'EN-US',
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
};

export type TranslateMode = 'single' | 'multi';

interface TranslateState {
  mode: TranslateMode;
  text: string;
  segmentsText: string;
  options: DraftOptions;
  /** True once the user picked languages themselves; until then defaults from settings may apply. */
  languagesTouched: boolean;
  setMode: (mode: TranslateMode) => void;
  setText: (text: string) => void;
  setSegmentsText: (text: string) => void;
  setOptions: (patch: Partial<DraftOptions>) => void;
  applyDefaults: (defaults: Partial<DraftOptions>) => void;
  resetOptions: () => void;
  /** True once the draft saved in settings has been restored (or there was none): typing may begin. */
  draftLoaded: boolean;
  /** Replaces the draft with one saved earlier (at start) and marks it loaded; null when there was none. */
  restore: (draft: Pick<TranslateState, 'mode' | 'text' | 'segmentsText' | 'options' | 'languagesTouched'> | null) => void;
  /** Why the draft is not being kept for the next start (too large, save failed); null when it is. */
  keepNotice: string | null;
  setKeepNotice: (notice: string | null) => void;
}

export const useTranslateStore = create<TranslateState>()((set) => ({
  mode: 'single',
  text: '',
  segmentsText: '',
  options: DEFAULT_OPTIONS,
  languagesTouched: false,
  keepNotice: null,
  setMode: (mode) => set({ mode }),
  setText: (text) => set({ text }),
  setSegmentsText: (segmentsText) => set({ segmentsText }),
  setOptions: (patch) =>
    set((s) => ({
      options: { ...s.options, ...patch },
      languagesTouched: s.languagesTouched || 'sourceLang' in patch || 'targetLang' in patch,
    })),
  applyDefaults: (defaults) => set((s) => (s.languagesTouched ? s : { options: { ...s.options, ...defaults } })),
  resetOptions: () =>
    set((s) => ({
      options: { ...DEFAULT_OPTIONS, sourceLang: s.options.sourceLang, targetLang: s.options.targetLang },
    })),
  draftLoaded: false,
  restore: (draft) => set({ ...draft, draftLoaded: true }),
  setKeepNotice: (keepNotice) => set((s) => (s.keepNotice === keepNotice ? s : { keepNotice })),
}));
