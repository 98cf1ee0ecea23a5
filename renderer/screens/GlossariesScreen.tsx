/**
 * Renderer screen (placeholder until the glossaries issue): says what the glossary manager will do. No sample data.
 */
import { EmptyState } from '../components/EmptyState.js';

export default function GlossariesScreen() {
  return (
    <div className="screen">
      <h1>Glossaries</h1>
      <EmptyState title="The glossary manager is not in this version yet">
        <p>
          This screen will create, edit, import and export glossaries (TSV/CSV) for a language pair, and check
          entries before they are uploaded.
        </p>
        <p>
          Glossaries that already exist on your connection can be used now: pick them under “Glossaries” on
          the Translate screen once you choose a source language.
        </p>
      </EmptyState>
    </div>
  );
}
