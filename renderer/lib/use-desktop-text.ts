/**
 * Renderer hook (shell): text main sends from the clipboard (tray "Translate clipboard", the global shortcut, copy
 * twice) lands in the Translate screen's single-text box and is translated at once. A window that is still
 * starting needs nothing: main saved the same text as the draft, which it restores.
 */
import { useEffect } from 'react';
import { useTranslateStore } from '../state/translate-store.js';
import { useUiStore } from '../state/ui-store.js';
import { api } from './api.js';

export function useDesktopText(): void {
  useEffect(
    () =>
      api().on('desktop.translateText', ({ text }) => {
        const store = useTranslateStore.getState();
        if (!store.draftLoaded) return;
        store.setMode('single');
        store.setText(text);
        useUiStore.getState().sendCommand('translate.now');
      }),
    [],
  );
}
