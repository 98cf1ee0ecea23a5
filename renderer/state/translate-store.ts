/**
 * Renderer, UI state of the Translate screen (zustand): the draft — source text, segments, mode and every option.
 * Nothing the user typed is lost: the draft outlives navigation (module state) and restarts (persisted with
 * zustand's `persist` middleware to the window's localStorage; it holds only text and options, never a key).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
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
}

export const DRAFT_STORAGE_KEY = 'verso.translate.draft';

/**
 * localStorage that never throws: a draft too big for the storage quota (a huge paste) must not break typing;
 * the text stays in memory for this session and the last draft that fitted is kept on disk.
 */
const safeLocalStorage = {
  getItem: (name: string): string | null => {
    try {
      return globalThis.localStorage?.getItem(name) ?? null;
    } catch {
      return null;
    }
  },
  setItem: (name: string, value: string): void => {
    try {
      globalThis.localStorage?.setItem(name, value);
    } catch {
      // Quota exceeded or storage disabled: keep the in-memory draft (see above).
    }
  },
  removeItem: (name: string): void => {
    try {
      globalThis.localStorage?.removeItem(name);
    } catch {
      // Nothing to clean up if storage is unavailable.
    }
  },
};

export const useTranslateStore = create<TranslateState>()(
  persist(
    (set) => ({
      mode: 'single',
      text: '',
      segmentsText: '',
      options: DEFAULT_OPTIONS,
      languagesTouched: false,
      setMode: (mode) => set({ mode }),
      setText: (text) => set({ text }),
      setSegmentsText: (segmentsText) => set({ segmentsText }),
      setOptions: (patch) =>
        set((s) => ({
          options: { ...s.options, ...patch },
          languagesTouched: s.languagesTouched || 'sourceLang' in patch || 'targetLang' in patch,
        })),
      applyDefaults: (defaults) =>
        set((s) => (s.languagesTouched ? s : { options: { ...s.options, ...defaults } })),
      resetOptions: () =>
        set((s) => ({
          options: { ...DEFAULT_OPTIONS, sourceLang: s.options.sourceLang, targetLang: s.options.targetLang },
        })),
    }),
    {
      name: DRAFT_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => safeLocalStorage),
      partialize: (s) => ({
        mode: s.mode,
        text: s.text,
        segmentsText: s.segmentsText,
        options: s.options,
        languagesTouched: s.languagesTouched,
      }),
      // A draft saved by an older build may lack newer options: fill them from the defaults.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<TranslateState>;
        return { ...current, ...p, options: { ...DEFAULT_OPTIONS, ...(p.options ?? {}) } };
      },
    },
  ),
);
