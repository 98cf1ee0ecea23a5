/**
 * Renderer, UI-only state (zustand): which screen is shown and the theme preference as applied to the document.
 * Nothing here is persisted by the store itself and nothing here is a secret; settings that must survive a
 * restart (theme, Translate draft) live in main and are written through `lib/api.ts`.
 */
import { create } from 'zustand';
import { applyTheme } from '../lib/theme.js';

export const SCREENS = ['translate', 'documents', 'glossaries', 'usage', 'keys', 'settings'] as const;
export type ScreenId = (typeof SCREENS)[number];

export type ThemePreference = 'system' | 'light' | 'dark';

/** A command for the Translate screen from the menu or a shortcut; `nonce` makes repeats distinct. */
export interface TranslateCommand {
  name: 'translate.now' | 'translate.swapLanguages' | 'translate.focusSource';
  nonce: number;
}

interface UiState {
  screen: ScreenId;
  theme: ThemePreference;
  command: TranslateCommand | null;
  setScreen: (screen: ScreenId) => void;
  /** Sets the preference and applies it to the document (lib/theme.ts), in one place for every caller. */
  setTheme: (theme: ThemePreference) => void;
  sendCommand: (name: TranslateCommand['name']) => void;
  /** The Translate screen calls this once it has acted on the command, so a later visit does not repeat it. */
  clearCommand: () => void;
}

export const useUiStore = create<UiState>((set) => ({
  screen: 'translate',
  theme: 'system',
  command: null,
  setScreen: (screen) => set({ screen }),
  setTheme: (theme) => {
    if (typeof document !== 'undefined') applyTheme(theme);
    set({ theme });
  },
  sendCommand: (name) =>
    set((s) => ({ screen: 'translate', command: { name, nonce: (s.command?.nonce ?? 0) + 1 } })),
  clearCommand: () => set({ command: null }),
}));
