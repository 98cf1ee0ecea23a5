/**
 * Protection and QA in the translate path (main process, plain Node): the one place where texts are prepared for
 * the wire and answers turned back into the user's text. With protection on, the spans that must not change are
 * wrapped in an element named in `ignore_tags` (`shared/protect/wrap.ts`); every answer, protected or not, gets a
 * QA report against its source (`shared/protect/qa.ts`). Text mode, long texts, Segments mode and anything else
 * that goes through `TranslateService` use it, so they protect and check alike.
 * The service bills what it receives: the characters reported are those of the texts as sent (markup included).
 */
import type { TranslateOptions, TranslationView } from '../../../shared/ipc/contract.js';
import { codePoints } from '../../../shared/spec/billing.js';
import { checkSegment } from '../../../shared/protect/qa.js';
import { protectRequest } from '../../../shared/protect/wrap.js';

/** A set of texts ready for the wire, and how to read the answers. */
export interface PreparedTexts {
  /** The texts as sent. */
  texts: string[];
  /** The options as sent (`protect` is Verso's own and never reaches the wire). */
  options: TranslateOptions;
  /** Whether spans were wrapped (false also when protection was on but there was nothing to keep). */
  wrapped: boolean;
  /** Code points of the texts as sent: what the service bills. */
  characters: number;
  /** One answer text back as the user's text. */
  unwrap: (text: string) => string;
  /**
   * The answer for `source`: unwrapped text (unless `unwrap` is false), QA report, protection mark. `index`: the
   * source's place in the prepared texts, so QA reuses the spans protection already found there.
   */
  finish: (view: TranslationView, source: string, unwrap?: boolean, index?: number) => TranslationView;
}

/** The protection a request gets: its own switch, else the setting. */
export function protectionOn(options: TranslateOptions, byDefault: boolean): boolean {
  return options.protect ?? byDefault;
}

/**
 * Prepares `texts` (one request, a batch or a long text's pieces: one element name and one set of options for all
 * of them, so they can be packed into requests in any way).
 */
export function prepareTexts(texts: readonly string[], options: TranslateOptions, protect: boolean): PreparedTexts {
  const { protect: _own, ...wire } = options;
  void _own;
  const p = protect ? protectRequest(texts, wire) : null;
  const wrapped = p !== null && p.options !== wire;
  const sent = p ? p.texts : [...texts];
  return {
    texts: sent,
    options: p ? p.options : wire,
    wrapped,
    characters: sent.reduce((n, t) => n + codePoints(t), 0),
    unwrap: (text) => (p ? p.unwrap(text) : text),
    finish: (view, source, unwrap = true, index) => {
      const text = p && unwrap ? p.unwrap(view.text) : view.text;
      const spans = wrapped && index !== undefined ? p.spans[index] : undefined;
      // Object.assign, not a spread: V8 spreads this object ~30× slower (measured 4 µs a segment, bench/protect-client.ts).
      return Object.assign({}, view, { text, qa: checkSegment(source, text, spans), protected: protect });
    },
  };
}
