/**
 * Language detection for the local service (service process): serves `/v3/detect/language` and
 * `/v2/translate` without `source_lang`. Owns the loaded detectors (loaded once per process, on first use) and
 * the mapping of their answers onto the spec's four statuses and its 33 detectable languages.
 *
 * Choice (measured by bench/detect.ts on service/detect/fixtures/labelled.json): eld's `medium` database
 * restricted to the spec's languages gives the spec language — it beat cld3-asm and tinyld on every length
 * bucket, and combining it with either lost accuracy on short texts; `large` was no better. Deciding that a
 * text is in a language *outside* the spec needs an unrestricted view: eld over its 60 languages, confirmed by
 * cld3-asm (about 107 languages, including Swahili, which eld lacks). cld3 is unreliable on short input (it
 * calls "xyz" Turkish with probability 1), so it is asked only for texts of at least 20 letters.
 *
 * Statuses:
 *   - `no_language_detected`: no letter at all (digits, punctuation, emoji, whitespace, empty);
 *   - `unsupported_language`: at least 20 letters, cld3 reliably names a language outside the spec, and eld
 *     either agrees that it is outside the spec or is itself unsure;
 *   - `insufficient_confidence`: eld finds no language or calls its answer unreliable (typically one or two
 *     short words); `guess` then carries the best spec language for callers that must pick one anyway;
 *   - `success` otherwise, with `language` a lower-case spec code.
 * Code mapping: eld/cld3 `no` → `nb` (Norwegian; the spec's only Norwegian is Bokmål), cld3 `iw` → `he`,
 * `zh`/`zh-*` → `zh` except romanised `zh-Latn` (Pinyin is not text the engines can translate as Chinese), and
 * `ms` → `id`: eld has no Indonesian, and written Malay and Indonesian share most vocabulary and spelling, so
 * every Indonesian fixture comes back as `ms`; a Malay text translated as Indonesian still reads correctly.
 * `confidence` is the score of the library whose answer is reported (eld's n-gram score, or cld3's
 * probability for unsupported languages), between 0 and 1; 0 when nothing was detected.
 */
import { loadModule } from 'cld3-asm';
import { DETECTABLE_LANGUAGES } from '../../shared/spec/languages.js';

export type DetectionStatus =
  'success' | 'insufficient_confidence' | 'unsupported_language' | 'no_language_detected';

export interface Detection {
  status: DetectionStatus;
  /** Lower-case spec code; present only with `success`. */
  language?: string;
  /** Best spec language when the status is `insufficient_confidence` (never sent on the wire). */
  guess?: string;
  confidence: number;
  /**
   * How well each spec language fits the text (eld's n-gram scores, by spec code), with `success` and
   * `insufficient_confidence`; never sent on the wire. batch.ts weighs a text's language against its batch's with
   * them.
   */
  scores?: Readonly<Record<string, number>>;
}

export interface Detector {
  detect(text: string): Detection;
}

const SPEC: ReadonlySet<string> = new Set(DETECTABLE_LANGUAGES);
/** Minimum letters before "this is another language" is believed; shorter texts are too ambiguous. */
const MIN_LETTERS_FOR_UNSUPPORTED = 20;
/** Detection looks at the start of long texts only; a few hundred characters decide the language. */
const MAX_DETECT_CHARS = 2000;

/** Library code → spec code, `!code` for a language outside the spec, '' for no answer. */
export function toSpecCode(code: string): string {
  const c = code.toLowerCase();
  if (c === '' || c === 'und') return '';
  if (c === 'no' || c === 'nb' || c === 'nob') return 'nb';
  if (c === 'iw') return 'he';
  if (c === 'ms') return 'id';
  if (c === 'zh' || (c.startsWith('zh-') && c !== 'zh-latn')) return 'zh';
  return SPEC.has(c) ? c : `!${c}`;
}

/** eld's codes for the spec's languages (eld says `no` for Norwegian and has `ms` where the spec has `id`). */
const ELD_SUBSET = [...DETECTABLE_LANGUAGES.filter((l) => l !== 'nb' && l !== 'id'), 'no', 'ms'];

function prepare(text: string): string {
  // Inline markers (U+E000–U+E003) and anything past the first MAX_DETECT_CHARS only add noise and time.
  const clean = text.replace(/[\uE000-\uE003]/g, ' ');
  if (clean.length <= MAX_DETECT_CHARS) return clean;
  const cut = clean.lastIndexOf(' ', MAX_DETECT_CHARS);
  return clean.slice(0, cut > MAX_DETECT_CHARS / 2 ? cut : MAX_DETECT_CHARS);
}

function topScore(scores: Record<string, number>, language: string): number {
  const s = scores[language];
  return typeof s === 'number' && Number.isFinite(s) ? Math.max(0, Math.min(1, s)) : 0;
}

async function load(): Promise<Detector> {
  const { eld } = await import('eld/medium');
  const restricted = eld.newInstance();
  restricted.setLanguageSubset(ELD_SUBSET);
  restricted.enableTextCleanup(true);
  const unrestricted = eld.newInstance();
  unrestricted.enableTextCleanup(true);
  // minBytes 0: the length rule above decides when cld3 is asked; its own default (140 bytes) would
  // silence it on most single sentences.
  const cld = (await loadModule()).create(0, 1000);

  function unsupported(text: string, letters: number): Detection | undefined {
    if (letters < MIN_LETTERS_FOR_UNSUPPORTED) return undefined;
    const wide = unrestricted.detect(text);
    const wideCode = toSpecCode(wide.language);
    if (wideCode !== '' && !wideCode.startsWith('!') && wide.isReliable()) return undefined;
    const c = cld.findLanguage(text);
    const cldCode = toSpecCode(c.language);
    if (!c.is_reliable || !cldCode.startsWith('!')) return undefined;
    return { status: 'unsupported_language', confidence: Math.max(0, Math.min(1, c.probability)) };
  }

  return {
    detect(input: string): Detection {
      const text = prepare(typeof input === 'string' ? input : '');
      const letters = text.match(/\p{L}/gu)?.length ?? 0;
      if (letters === 0) return { status: 'no_language_detected', confidence: 0 };
      const outside = unsupported(text, letters);
      if (outside) return outside;
      const r = restricted.detect(text);
      const code = toSpecCode(r.language);
      if (code === '' || code.startsWith('!')) return { status: 'insufficient_confidence', confidence: 0 };
      const raw = r.getScores();
      const confidence = topScore(raw, r.language);
      const scores: Record<string, number> = {};
      for (const [lang, score] of Object.entries(raw)) if (typeof score === 'number') scores[toSpecCode(lang)] = score;
      if (!r.isReliable()) return { status: 'insufficient_confidence', guess: code, confidence, scores };
      return { status: 'success', language: code, confidence, scores };
    },
  };
}

let loading: Promise<Detector> | undefined;

/** The process-wide detector; the language databases (about 70 MB) load on the first call only. */
export function createDetector(): Promise<Detector> {
  if (!loading) {
    loading = load().catch((err: unknown) => {
      // A failed load (for example a missing package) must not poison later attempts.
      loading = undefined;
      throw err;
    });
  }
  return loading;
}
