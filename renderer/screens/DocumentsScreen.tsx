/**
 * Renderer screen (placeholder until the documents issue): says what document translation will do. No sample data.
 */
import { EmptyState } from '../components/EmptyState.js';

export default function DocumentsScreen() {
  return (
    <div className="screen">
      <h1>Documents</h1>
      <EmptyState title="Document translation is not in this version yet">
        <p>
          This screen will translate whole files (Word, PowerPoint, Excel, PDF, HTML, XLIFF, subtitles and
          more) with a queue, progress for each file, and results saved next to the originals.
        </p>
        <p>
          Until then, paste the text into the Translate screen; its multi-segment mode handles long lists.
        </p>
      </EmptyState>
    </div>
  );
}
