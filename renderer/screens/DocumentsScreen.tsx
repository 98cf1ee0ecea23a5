/** Renderer screen entry (lazy-loaded by App): the Documents screen lives in `./documents/`. */
import { DocumentsView } from './documents/DocumentsView.js';

export default function DocumentsScreen() {
  return <DocumentsView />;
}
