/**
 * "Translate this term" in the glossary editor (renderer, pure logic and the one IPC call): which translation pair a
 * dictionary's language pair maps to on the active connection (or why none does), and the call itself. Terms go
 * through `translate.batch`, the path Segments mode uses, so main protects placeholders and code (Settings →
 * Translate decides, as for every translation) and checks each answer the same way.
 */
import type { LanguagePairView } from '../../../shared/ipc/contract.js';
import { hasIssues } from '../../../shared/protect/qa.js';
import { baseLanguage, isTargetLanguage, TARGET_LANGUAGES } from '../../../shared/spec/languages.js';
import { api, unwrap } from '../../lib/api.js';
import type { Fill, Row } from './editor-store.js';

/** Where a dictionary's terms can be translated on the active connection, or why they cannot. */
export type TermReach =
  | { ok: true; sourceLang: string; targetLang: string }
  | { ok: false; reason: 'noConnection' | 'noPair' | 'pairUnsupported' };

/**
 * The translation pair for a dictionary `source` → `target` (glossary codes: `EN`, `DE`, `PT`...). A dictionary's
 * `EN`/`PT`/`ZH` serves every variant, so the variant is the one Translate last used (`lastTarget`) when it is of
 * that language, else the one the connection lists, else the first the spec lists. `pairs`: the connection's pairs
 * (null: it translates every listed combination; undefined: not known yet, assumed to).
 */
export function termReach(
  source: string,
  target: string,
  connectionId: string | null,
  pairs: readonly LanguagePairView[] | null | undefined,
  lastTarget = '',
): TermReach {
  if (connectionId === null) return { ok: false, reason: 'noConnection' };
  if (!source || !target) return { ok: false, reason: 'noPair' };
  const src = baseLanguage(source);
  const tgt = baseLanguage(target);
  const last = lastTarget.toUpperCase();
  if (pairs) {
    const matching = pairs.filter((p) => baseLanguage(p.source) === src && baseLanguage(p.target) === tgt).map((p) => p.target.toUpperCase());
    if (matching.length === 0) return { ok: false, reason: 'pairUnsupported' };
    const pick = matching.find((c) => c === target.toUpperCase()) ?? matching.find((c) => c === last) ?? matching[0]!;
    return { ok: true, sourceLang: src, targetLang: pick };
  }
  const pick =
    baseLanguage(last) === tgt && isTargetLanguage(last)
      ? last
      : isTargetLanguage(target)
        ? target.toUpperCase()
        : TARGET_LANGUAGES.find((l) => baseLanguage(l.code) === tgt)?.code;
  return pick ? { ok: true, sourceLang: src, targetLang: pick } : { ok: false, reason: 'pairUnsupported' };
}

/** Rows "Translate this term" can fill: a source term and an empty target. */
export function emptyTargets(rows: readonly Row[]): Row[] {
  return rows.filter((r) => r.target === '' && r.source.trim() !== '');
}

/** Target languages that write every noun with a capital (a German term stays as the machine gave it). */
const CAPITALISED_NOUNS = new Set(['DE', 'LB']);

const hasLetters = (s: string) => /\p{L}/u.test(s);

/**
 * A suggestion with the case pattern of its source term: a term in lower case (`house`) gets a suggestion starting
 * in lower case (`casa`, not `Casa`: the machine translates a term like a sentence and capitalises it, and the
 * glossary then put "Casa" into every translation, seen on a Russian tour: "Vedo Casa e Cane."), except where the
 * target language capitalises nouns (German); a term in capitals (`NATO`, `FAQ`) gets one in capitals. A term in
 * mixed case (`iPhone`, `Paris`) leaves the suggestion as it is.
 */
export function withCaseOf(source: string, suggestion: string, targetLang: string): string {
  const src = source.trim();
  if (!hasLetters(src) || !hasLetters(suggestion)) return suggestion;
  const base = baseLanguage(targetLang);
  const locale = targetLang.toLowerCase();
  let lower: string;
  let upper: string;
  try {
    lower = src.toLocaleLowerCase(locale);
    upper = src.toLocaleUpperCase(locale);
  } catch {
    lower = src.toLowerCase();
    upper = src.toUpperCase();
  }
  if (lower === upper) return suggestion; // a script without case (Japanese, Arabic…)
  const up = (x: string) => {
    try {
      return x.toLocaleUpperCase(locale);
    } catch {
      return x.toUpperCase();
    }
  };
  const down = (x: string) => {
    try {
      return x.toLocaleLowerCase(locale);
    } catch {
      return x.toLowerCase();
    }
  };
  // All capitals: a one-letter term ("X") says nothing about case.
  if (src === upper && [...src].filter((c) => /\p{L}/u.test(c)).length > 1) return up(suggestion);
  if (src !== lower || CAPITALISED_NOUNS.has(base)) return suggestion;
  // All lower case: the first letter of the suggestion, when it is a capital followed by lower case (a word the
  // machine capitalised), not an acronym ("ONU") or a name in mixed case ("iPhone").
  const m = /^(\P{L}*)(\p{Lu})(\p{Ll}|$|[^\p{L}])/u.exec(suggestion);
  if (!m) return suggestion;
  const at = m[1]!.length;
  return suggestion.slice(0, at) + down(m[2]!) + suggestion.slice(at + m[2]!.length);
}

export interface TermResults {
  /** One suggestion per row translated (trimmed: a glossary term has no outer spaces). */
  fills: Fill[];
  /** Rows the service could not translate. */
  failed: number[];
  engine: string | null;
}

let counter = 0;

/** A new id for one run of "Translate this term" (`translate.cancel` takes it). */
export function termBatchId(): string {
  counter += 1;
  return `glossary-terms-${counter}-${Date.now().toString(36)}`;
}

/** Translates the source terms of `rows` through main's batch path (the one Segments mode uses). */
export async function translateTerms(
  rows: readonly Row[],
  reach: Extract<TermReach, { ok: true }>,
  connectionId: string,
  batchId: string = termBatchId(),
): Promise<TermResults> {
  const out = await unwrap(
    api().translate.batch({
      batchId,
      connectionId,
      segments: rows.map((r) => r.source),
      options: { sourceLang: reach.sourceLang, targetLang: reach.targetLang },
    }),
  );
  const failedAt = new Set(out.failures.map((f) => f.index));
  const fills: Fill[] = [];
  const failed: number[] = [];
  rows.forEach((r, i) => {
    const view = out.translations[i];
    const text = withCaseOf(r.source, view?.text.trim() ?? '', reach.targetLang);
    if (failedAt.has(i) || text === '') failed.push(r.id);
    // A suggestion that lost or gained a placeholder, URL or number (main's QA) says so where it is shown.
    else fills.push({ id: r.id, text, source: r.source, ...(view?.qa && hasIssues(view.qa) && { qa: view.qa }) });
  });
  return { fills, failed, engine: out.engine };
}
