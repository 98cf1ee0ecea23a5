/**
 * Texts sent together (service process): each text's source language weighed against its batch's, for
 * `/v2/translate` without `source_lang`. Apart from the detector (index.ts) so that the translate path does not load
 * the detection libraries before a text needs them.
 */
import type { Detection } from './index.js';

/**
 * A text counts as its batch's language unless its own is clearly the better fit: the batch's language scores less
 * than this share of the text's top score. Short texts (a button label, a greeting with a placeholder) fit several
 * languages nearly as well: one cell of a pasted sheet ("Hello, {name}!") detected as another language made the
 * whole request fail, as no engine took that language into the target. Measured on the labelled set, as batches
 * (bench/detect.ts): at 0.8, short texts in a batch of their language are right 100% (93.9% alone), and a short or
 * medium text in another language's batch of sentences 92.8% (96.2% alone); at 0.9: 98.5% and 94.2%; at 0.7: 100%
 * and 90.5%.
 */
export const BATCH_FIT = 0.8;

/**
 * The batch's language: the one that fits its texts best, each text one vote (its scores divided by its top score,
 * so a long text counts no more than a short one). Undefined for a single text or when no text has a language.
 * Detecting the texts joined into one instead let one long sentence in another language decide for all the short
 * ones (bench/detect.ts: four short texts with a sentence of another language all right in 92.5% of batches, by
 * votes in 99.7%).
 */
export function batchLanguage(detections: readonly Detection[]): string | undefined {
  if (detections.length < 2) return undefined;
  const votes = new Map<string, number>();
  for (const d of detections) {
    const scores = Object.entries(d.scores ?? {});
    const top = Math.max(0, ...scores.map(([, s]) => s));
    if (top <= 0) continue;
    for (const [lang, s] of scores) votes.set(lang, (votes.get(lang) ?? 0) + s / top);
  }
  let best: string | undefined;
  for (const [lang, v] of votes) if (best === undefined || v > votes.get(best)!) best = lang;
  return best;
}

/**
 * The source language of one text, lower-case: `own` is its detection, `common` its batch's language. A text
 * detected as another language keeps it only when the batch's language fits it clearly worse (`BATCH_FIT`); an
 * unsure text takes the batch's language; with no batch language, the text's own answer or guess, else English
 * (translation needs a source).
 */
export function sourceInBatch(own: Detection, common: string | undefined): string {
  const alone = own.status === 'success' ? own.language : own.guess;
  if (!common || alone === common) return alone ?? common ?? 'en';
  if (own.status !== 'success') return common;
  const top = own.scores?.[own.language!] ?? 0;
  const fit = own.scores?.[common] ?? 0;
  return top > 0 && fit / top >= BATCH_FIT ? common : own.language!;
}

/** The source language of each of several texts sent together, lower-case, from their detections. */
export function sourcesTogether(detections: readonly Detection[]): string[] {
  const common = batchLanguage(detections);
  return detections.map((d) => sourceInBatch(d, common));
}
