/**
 * Renderer: files dropped anywhere in the window. App installs `useDropAnywhere()` once; a drop on another screen
 * is kept here and the Documents screen opens and takes it, so dropping a file never navigates the page away.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { useUiStore } from '../../state/ui-store.js';
import { captureDrop, type DropPayload } from './file-bridge.js';

interface DropState {
  pending: DropPayload | null;
  put: (drop: DropPayload) => void;
  take: () => DropPayload | null;
}

export const useDropStore = create<DropState>((set, get) => ({
  pending: null,
  put: (drop) => set({ pending: drop }),
  take: () => {
    const p = get().pending;
    if (p) set({ pending: null });
    return p;
  },
}));

function hasFiles(e: DragEvent): boolean {
  return [...(e.dataTransfer?.types ?? [])].includes('Files');
}

/** Drop anywhere → the Documents screen with those files. */
export function useDropAnywhere(): void {
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e) || !e.dataTransfer) return;
      // The Documents screen's drop zone stops its drops; everything else lands here (never opens the file).
      e.preventDefault();
      useDropStore.getState().put(captureDrop(e.dataTransfer));
      useUiStore.getState().setScreen('documents');
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
}
