/**
 * Glossary rules (any process): the service's checks on a v2 glossary, written once so the editor (renderer) can
 * show every problem on its row as the user types and main can refuse to send anything invalid. The rules mirror
 * `service/glossary/entries.ts` (the local service); `rules.test.ts` feeds the same cases to both and expects the
 * same verdicts. Unlike the service, which stops at the first problem, this reports every problem of every row.
 *
 * Rows whose two sides are both empty are "blank": the service skips blank lines, so they are neither problems
 * nor sent. Performance matters (150,000 rows are checked on every edit): per-row verdicts are cached by row
 * object identity, so an edit re-checks one row plus the duplicate index (one Map pass).
 */
import { LIMITS } from '../spec/limits.js';

/** One problem kind; the renderer turns each into a sentence (`glossaries.problem.<kind>`). */
export type RowProblem =
  | 'emptySource'
  | 'emptyTarget'
  | 'control'
  | 'reserved'
  | 'invalidUnicode'
  | 'whitespace'
  | 'tooLong'
  | 'duplicate';

export const ROW_PROBLEMS: readonly RowProblem[] = [
  'emptySource',
  'emptyTarget',
  'control',
  'reserved',
  'invalidUnicode',
  'whitespace',
  'tooLong',
  'duplicate',
];

export type NameProblem = 'nameEmpty' | 'nameControl' | 'nameInvalidUnicode' | 'nameTooLong';

export interface EntryLike {
  readonly source: string;
  readonly target: string;
}

// C0 controls, DEL, C1 controls and the Unicode line/paragraph separators (the service's CONTROL_RE).
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
const MARKER_RE = /[\uE000-\uE003]/u;
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const EDGE_SPACE_RE = /^\s|\s$/u;

/** UTF-8 length without allocating (the renderer has no Buffer). Lone surrogates count 3 bytes, as U+FFFD. */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** Problems of one term that do not depend on other rows. Bit flags keep the per-row cache small. */
const F = {
  empty: 1,
  control: 2,
  reserved: 4,
  invalidUnicode: 8,
  whitespace: 16,
  tooLong: 32,
} as const;

// One pass for the rare characters (surrogates included, so pairs take the slow path too): most terms have none.
const SUSPECT_RE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\uD800-\uDFFF\uE000-\uE003]/;
const SPACE_RE = /\s/;

function termFlags(term: string): number {
  if (term.length === 0) return F.empty;
  let f = 0;
  if (SUSPECT_RE.test(term)) {
    if (LONE_SURROGATE_RE.test(term)) f |= F.invalidUnicode;
    if (CONTROL_RE.test(term)) f |= F.control;
    if (MARKER_RE.test(term)) f |= F.reserved;
  }
  if (SPACE_RE.test(term[0]!) || SPACE_RE.test(term[term.length - 1]!)) f |= F.whitespace;
  if (term.length * 3 > LIMITS.glossaryTermBytes || term.length > LIMITS.glossaryTermBytes) {
    if (utf8Bytes(term) > LIMITS.glossaryTermBytes) f |= F.tooLong;
  }
  return f;
}

export function isBlank(e: EntryLike): boolean {
  return e.source.length === 0 && e.target.length === 0;
}

/** The problems of one row on its own (no duplicate check). */
export function rowProblems(e: EntryLike): RowProblem[] {
  if (isBlank(e)) return [];
  return flagsToProblems(termFlags(e.source), termFlags(e.target));
}

function flagsToProblems(s: number, t: number): RowProblem[] {
  const out: RowProblem[] = [];
  if (s & F.empty) out.push('emptySource');
  if (t & F.empty) out.push('emptyTarget');
  const both = s | t;
  if (both & F.control) out.push('control');
  if (both & F.reserved) out.push('reserved');
  if (both & F.invalidUnicode) out.push('invalidUnicode');
  if (both & F.whitespace) out.push('whitespace');
  if (both & F.tooLong) out.push('tooLong');
  return out;
}

export interface ValidationResult {
  /** Problems by row index (rows without problems are absent). */
  byRow: Map<number, RowProblem[]>;
  /** Row count per problem kind. */
  counts: Record<RowProblem, number>;
  /** Rows with at least one problem, in order. */
  problemRows: number[];
  /** For a duplicate row: the index of the first row with that source. */
  firstOfDuplicate: Map<number, number>;
  /** Rows that will be sent (not blank). */
  entryCount: number;
  /** Bytes of the TSV the service would receive. */
  totalBytes: number;
  /** True when the TSV is over 10 MiB. */
  tooLarge: boolean;
  /** Rows that are exact copies (same source and target) of an earlier row: safe to drop. */
  exactDuplicates: number;
}

/** Per-row cache of the duplicate-independent checks, keyed by the row object. */
export class RowChecker {
  private cache = new WeakMap<EntryLike, { flags: number; bytes: number }>();

  private rowInfo(e: EntryLike): { flags: number; bytes: number } {
    let c = this.cache.get(e);
    if (!c) {
      const s = termFlags(e.source);
      const t = termFlags(e.target);
      // flags: source in the low byte, target in the next; bytes: the row's line in the TSV without its newline.
      c = { flags: s | (t << 8), bytes: utf8Bytes(e.source) + 1 + utf8Bytes(e.target) };
      this.cache.set(e, c);
    }
    return c;
  }

  validate(rows: readonly EntryLike[]): ValidationResult {
    const counts = Object.fromEntries(ROW_PROBLEMS.map((p) => [p, 0])) as Record<RowProblem, number>;
    const byRow = new Map<number, RowProblem[]>();
    const problemRows: number[] = [];
    const firstOfDuplicate = new Map<number, number>();
    const firstBySource = new Map<string, number>();
    let entryCount = 0;
    let totalBytes = 0;
    let exactDuplicates = 0;
    for (let i = 0; i < rows.length; i++) {
      const e = rows[i]!;
      if (e.source.length === 0 && e.target.length === 0) continue;
      const info = this.rowInfo(e);
      entryCount++;
      totalBytes += info.bytes + 1;
      let problems: RowProblem[] | null = null;
      if (info.flags !== 0) problems = flagsToProblems(info.flags & 0xff, info.flags >> 8);
      if (e.source.length > 0) {
        const first = firstBySource.get(e.source);
        if (first === undefined) firstBySource.set(e.source, i);
        else {
          (problems ??= []).push('duplicate');
          firstOfDuplicate.set(i, first);
          if (rows[first]!.target === e.target) exactDuplicates++;
        }
      }
      if (problems && problems.length > 0) {
        byRow.set(i, problems);
        problemRows.push(i);
        for (const p of problems) counts[p]++;
      }
    }
    if (entryCount > 0) totalBytes -= 1;
    return {
      byRow,
      counts,
      problemRows,
      firstOfDuplicate,
      entryCount,
      totalBytes,
      tooLarge: totalBytes > LIMITS.glossaryBytes,
      exactDuplicates,
    };
  }
}

export function validateEntries(rows: readonly EntryLike[]): ValidationResult {
  return new RowChecker().validate(rows);
}

export function nameProblems(name: string): NameProblem[] {
  const out: NameProblem[] = [];
  if (name.trim().length === 0) out.push('nameEmpty');
  if (LONE_SURROGATE_RE.test(name)) out.push('nameInvalidUnicode');
  if (CONTROL_RE.test(name)) out.push('nameControl');
  if (utf8Bytes(name) > LIMITS.glossaryTermBytes) out.push('nameTooLong');
  return out;
}

/** One-click fix: trims leading/trailing whitespace of every term. Returns the same array when nothing changed. */
export function trimAll<T extends EntryLike>(rows: readonly T[], make: (row: T, source: string, target: string) => T): readonly T[] {
  let changed = false;
  const out = rows.map((r) => {
    if (!EDGE_SPACE_RE.test(r.source) && !EDGE_SPACE_RE.test(r.target)) return r;
    changed = true;
    return make(r, r.source.trim(), r.target.trim());
  });
  return changed ? out : rows;
}

/** One-click fix: drops rows that repeat an earlier row exactly (same source and same target). */
export function dropExactDuplicates<T extends EntryLike>(rows: readonly T[]): readonly T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const r of rows) {
    if (isBlank(r)) {
      out.push(r);
      continue;
    }
    const k = `${r.source}\u0000${r.target}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(r);
  }
  return out.length === rows.length ? rows : out;
}

/** The entries as the service's TSV (blank rows left out). Only call on rows without problems. */
export function toTsv(rows: readonly EntryLike[]): string {
  const parts: string[] = [];
  for (const r of rows) if (!isBlank(r)) parts.push(`${r.source}\t${r.target}`);
  return parts.join('\n');
}

/**
 * Which cell of a row is at fault, per side: the row's own problems split by the term that has them (a trailing
 * space in the target marks the target cell only). A duplicate is the source's fault; the caller adds it.
 */
export function sideProblems(e: EntryLike): { source: RowProblem[]; target: RowProblem[] } {
  if (isBlank(e)) return { source: [], target: [] };
  const s = termFlags(e.source);
  const t = termFlags(e.target);
  return { source: flagsToProblems(s, 0).filter((p) => p !== 'emptyTarget'), target: flagsToProblems(0, t).filter((p) => p !== 'emptySource') };
}
