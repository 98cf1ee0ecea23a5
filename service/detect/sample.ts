/**
 * A document's text sample for language detection (document workers): the units a format handler finds, kept
 * so that body text comes first and short labels only fill what is left. Apart from the detector (index.ts), so
 * that a worker collecting a sample does not load the detection libraries.
 *
 * Why: a document's first units are often labels (SmartArt nodes "smart1 … Smart5", table headers, a title
 * slide's name), which name no language or the wrong one, while its paragraphs say it plainly. The sample holds
 * units with at least `BODY_LETTERS` letters in document order, each once, up to `SAMPLE_CHARS`; shorter units
 * are kept apart, longest first, and fill the sample only when the body text is shorter than that.
 */
import { stripMarkers } from '../text/markers.js';

/** Characters of sample detection needs: the detector reads the first 2000 characters of a text (index.ts). */
export const SAMPLE_CHARS = 2000;
/** A unit with this many letters counts as body text (a sentence, a long title), fewer as a label. */
export const BODY_LETTERS = 20;
/**
 * Units looked at before the sample is taken as it is, when a document has little body text (a workbook of short
 * cells): the sample of its first units is as good as one of all of them, and reading the rest costs time.
 */
export const MAX_UNITS_SEEN = 5000;

const letterCount = (s: string) => s.match(/\p{L}/gu)?.length ?? 0;

export class TextSampler {
  private readonly body: string[] = [];
  private bodyChars = 0;
  /** Labels, longest first, at most `SAMPLE_CHARS` characters of them. */
  private labels: string[] = [];
  private labelChars = 0;
  private readonly seen = new Set<string>();
  private unitsSeen = 0;

  constructor(private readonly maxChars = SAMPLE_CHARS) {}

  /** Adds a batch of marked units (markers are removed, whitespace runs made one space). */
  add(units: readonly string[]): void {
    for (const unit of units) {
      this.unitsSeen++;
      if (this.full) return;
      const text = stripMarkers(unit).replace(/\s+/g, ' ').trim();
      const letters = letterCount(text);
      // Repeats (a layout's "Click to edit Master title style" on every layout) say nothing new.
      if (letters === 0 || this.seen.has(text)) continue;
      this.seen.add(text);
      if (letters >= BODY_LETTERS) {
        const piece = text.slice(0, this.maxChars - this.bodyChars);
        this.body.push(piece);
        this.bodyChars += piece.length + 1;
      } else {
        this.addLabel(text);
      }
    }
  }

  private addLabel(text: string): void {
    if (this.labelChars >= this.maxChars && text.length <= this.labels.at(-1)!.length) return;
    let i = this.labels.findIndex((l) => l.length < text.length);
    if (i < 0) i = this.labels.length;
    this.labels.splice(i, 0, text);
    this.labelChars += text.length + 1;
    while (this.labelChars - this.labels.at(-1)!.length - 1 >= this.maxChars) this.labelChars -= this.labels.pop()!.length + 1;
  }

  /** True once the sample cannot get better: enough body text, or enough units looked at. */
  get full(): boolean {
    return this.bodyChars >= this.maxChars || this.unitsSeen >= MAX_UNITS_SEEN;
  }

  /** Body text in document order, then labels longest first, one unit a line, at most `maxChars`; '' for none. */
  sample(): string {
    return [...this.body, ...this.labels].join('\n').slice(0, this.maxChars);
  }
}
