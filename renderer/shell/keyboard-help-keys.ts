/**
 * Renderer, data: the keys of every screen, for the keyboard help (F1 or Ctrl+/ anywhere). Each row is the keys as
 * shown and the catalog id of what they do. A screen that adds a key adds its row here, so the help never lies.
 */
import type { MessageId } from '../i18n/index.js';
import type { ScreenId } from '../state/ui-store.js';

export interface KeyRow {
  /** Keys as shown; `Mod+` is Ctrl+ (⌘ on macOS). */
  keys: string;
  what: MessageId;
}

export const GLOBAL_KEYS: readonly KeyRow[] = [
  { keys: 'F1 · Mod+/', what: 'app.keys.help' },
  { keys: 'Mod+1 … 6', what: 'app.keys.screens' },
  { keys: 'Esc', what: 'app.keys.closeDialog' },
];

export const SCREEN_KEYS: Partial<Record<ScreenId, readonly KeyRow[]>> = {
  translate: [
    { keys: 'Mod+Enter', what: 'translate.help.translateNow' },
    { keys: 'Mod+Shift+S', what: 'translate.help.swap' },
    { keys: 'Mod+L', what: 'translate.help.focus' },
    { keys: 'Mod+Z', what: 'app.keys.translateUndo' },
  ],
  documents: [{ keys: 'Mod+O', what: 'app.keys.documentsAdd' }],
  glossaries: [
    { keys: 'Mod+S', what: 'app.keys.glossariesSave' },
    { keys: 'Mod+Z', what: 'app.keys.glossariesUndo' },
    { keys: 'Mod+Shift+Z', what: 'app.keys.glossariesRedo' },
    { keys: 'F8', what: 'app.keys.glossariesNextProblem' },
    { keys: 'Enter', what: 'app.keys.glossariesNextRow' },
    { keys: 'Shift+Enter', what: 'app.keys.glossariesPreviousRow' },
  ],
};
