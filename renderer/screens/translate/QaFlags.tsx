/**
 * Renderer component (Translate screen, Segments): the QA flags of one translated segment — what of the source
 * (placeholders, numbers, URLs, tags, code) is missing from the translation and what it added — computed in main
 * (`shared/protect/qa.ts`). `qaWords` gives the same words for the Segments export's column.
 */
import type { QaReportView } from '../../../shared/ipc/contract.js';
import { hasIssues } from '../../../shared/protect/qa.js';
import { joinSentences } from '../../../shared/i18n/format.js';
import { useFormat, useT } from '../../i18n/index.js';

type T = ReturnType<typeof useT>;
type F = ReturnType<typeof useFormat>;

/** One line per kind of problem ('' when the segment is fine or was not checked). */
export function qaWords(t: T, f: F, report: QaReportView | undefined): string {
  if (!report || !hasIssues(report)) return '';
  const lines: string[] = [];
  if (report.missing.length) lines.push(t('translate.qa.missing', { items: f.list(report.missing.map((i) => i.text)) }));
  if (report.added.length) lines.push(t('translate.qa.added', { items: f.list(report.added.map((i) => i.text)) }));
  return joinSentences(lines);
}

export function QaFlags({ report, compact = false }: { report: QaReportView | undefined; compact?: boolean }) {
  const t = useT();
  const f = useFormat();
  if (!report || !hasIssues(report)) return null;
  const items = (list: QaReportView['missing']) =>
    list.map((i, n) => (
      <code key={`${n}-${i.text}`} className="tr-qa-item" data-kind={i.kind}>
        {i.text}
      </code>
    ));
  return (
    <div className={compact ? 'tr-qa tr-qa-compact' : 'tr-qa'} role="note" aria-label={t('translate.qa.label')} data-testid="qa-flags">
      <span className="tr-qa-icon" aria-hidden="true">
        ⚠
      </span>
      <span className="tr-qa-lines">
        {report.missing.length > 0 && (
          <span className="tr-qa-line">
            {t('translate.qa.missingLabel')} {withSeparators(items(report.missing), f)}
          </span>
        )}
        {report.added.length > 0 && (
          <span className="tr-qa-line">
            {t('translate.qa.addedLabel')} {withSeparators(items(report.added), f)}
          </span>
        )}
      </span>
    </div>
  );
}

/** Items separated as the UI language lists words (the separator taken from `Intl.ListFormat`). */
function withSeparators(nodes: React.ReactNode[], f: F): React.ReactNode[] {
  if (nodes.length < 2) return nodes;
  // Formats placeholders and takes the text between them, so "a, b and c" reads right in every language.
  const marks = nodes.map((_, i) => `\u0000${i}\u0000`);
  const parts = f.list(marks).split(/\u0000\d+\u0000/);
  const out: React.ReactNode[] = [];
  nodes.forEach((n, i) => {
    if (parts[i]) out.push(parts[i]);
    out.push(n);
  });
  if (parts[nodes.length]) out.push(parts[nodes.length]);
  return out;
}
