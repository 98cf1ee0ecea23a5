/**
 * Renderer screen: Glossaries. The list of the active connection's glossaries and the editor, with drafts kept
 * by main so nothing typed is lost (see `glossaries/`). Loads its CSS with its lazy chunk.
 */
export { default } from './glossaries/GlossariesView.js';
