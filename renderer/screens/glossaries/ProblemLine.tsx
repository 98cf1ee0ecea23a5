/**
 * The glossary editor's problem line (renderer): what is wrong with one row, in full, beside the row's number, in
 * the editor's footer, which stays in view. It says the problems of the row the user is in or was last in, else
 * those of the row "Next problem" goes to; the row's cell at fault points at it (aria-describedby).
 *
 * The grid's rows keep one fixed height: the sentence squeezed under the fields of a 36 px row was cut off and
 * could not be read (seen in Arabic at 900×700, true in every language), and rows that grew and shrank with their
 * problems would move the rows below as the user types (a new entry's target is empty until it is typed).
 */
import { sideProblems, type RowProblem, type ValidationResult } from '../../../shared/glossaries/rules.js';
import { useFormat, useT } from '../../i18n/index.js';
import type { Row, Side } from './editor-store.js';

/** The id of the sentence that says what is wrong with the row `rowId` (in its row, or the problem line's). */
export const problemId = (rowId: number) => `gl-p-${rowId}`;
const DUPLICATE: RowProblem = 'duplicate';

/** The first of `sorted` (ascending) above `after`, else its first: the row "Next problem" goes to. */
export function nextProblemRow(sorted: readonly number[], after: number): number | undefined {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! > after) hi = mid;
    else lo = mid + 1;
  }
  return sorted[lo] ?? sorted[0];
}

/** A row's problems as the user reads them: the cells at fault and the sentence that says what is wrong. */
export function useProblemWords(validation: ValidationResult) {
  const t = useT();
  const f = useFormat();
  const problemText = (p: RowProblem, index: number, bad: Record<Side, RowProblem[]>) => {
    if (p === 'duplicate') {
      const first = validation.firstOfDuplicate.get(index);
      return t('glossaries.problem.duplicateOf', { row: f.number((first ?? 0) + 1) });
    }
    if (p === 'whitespace') {
      // Say which term: the cell is marked too, but a screen reader hears only this sentence.
      const src = bad.source.includes('whitespace');
      const tgt = bad.target.includes('whitespace');
      return t(
        src && tgt
          ? 'glossaries.problem.whitespaceBoth'
          : src
            ? 'glossaries.problem.whitespaceSource'
            : 'glossaries.problem.whitespaceTarget',
      );
    }
    return t(`glossaries.problem.${p}`);
  };
  return (row: Row, index: number) => {
    const problems = validation.byRow.get(index);
    // The cell at fault is marked, not the whole row's two cells (a duplicate is the source's).
    const bad = problems ? sideProblems(row) : { source: [], target: [] };
    if (problems?.includes(DUPLICATE)) bad.source.push(DUPLICATE);
    return {
      problems,
      bad,
      text: problems ? problems.map((p) => problemText(p, index, bad)).join(' · ') : '',
    };
  };
}

/**
 * The problem line: what is wrong with row `index`, in full, beside its number. The row's cell at fault points
 * here (aria-describedby) while the grid is given it as `lineRow`.
 */
export function ProblemLine({
  rows,
  index,
  validation,
}: {
  rows: readonly Row[];
  index: number;
  validation: ValidationResult;
}) {
  const f = useFormat();
  const words = useProblemWords(validation);
  const row = rows[index];
  if (!row || !validation.byRow.has(index)) return null;
  return (
    <p className="gl-problem-line" data-testid="gl-problem-line">
      <span className="gl-problem-line-row" aria-hidden="true">
        {f.number(index + 1)}
      </span>
      <span id={problemId(row.id)}>{words(row, index).text}</span>
    </p>
  );
}
