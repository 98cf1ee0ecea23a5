/**
 * Renderer: "Edit…" on a glossary from another screen's glossary picker (Documents; Translate's options can use the
 * same call). Main opens the glossary for editing (its unsaved draft if there is one, else its entries), the editor
 * store takes it, and the app switches to the Glossaries screen, which shows the editor. The other screen's
 * choice follows the glossary's new id when it is saved (`glossaries.replaced`).
 */
import { api, unwrap } from '../../lib/api.js';
import { useUiStore } from '../../state/ui-store.js';
import { useEditorStore } from './editor-store.js';

export async function openGlossaryEditor(glossaryId: string, pair?: { sourceLang: string; targetLang: string }): Promise<void> {
  // A multilingual glossary opens the dictionary of the pair (its first when none fits exactly).
  const draft = await unwrap(api().glossaries.edit({ glossaryId, ...(pair?.sourceLang && pair.targetLang && { sourceLang: pair.sourceLang, targetLang: pair.targetLang }) }));
  useEditorStore.getState().open(draft, false);
  useUiStore.getState().setScreen('glossaries');
}
