/**
 * Caps of the Translate screen's draft kept in settings (any process, no dependencies): kept free of zod so the
 * renderer's first bundle can check a draft's size before sending it. `contract.ts` enforces them in main.
 */
export const DRAFT_LIMITS = {
  /**
   * `text`, `segmentsText` and the kept Segments translations (`draftChars`) together, in UTF-16 code units (what
   * `String.length` measures): about 2 MB.
   */
  textChars: 2 * 1024 * 1024,
  optionKeys: 64,
  optionChars: 64 * 1024,
} as const;

export const DRAFT_TOO_LARGE_MESSAGE =
  'This draft is over 2 MB of text, too large to keep across restarts; export or save it to a file to keep it.';

/** The Segments translations kept with the draft (the shape `contract.ts` checks as `segmentsDone`). */
export interface DraftSegmentsDone {
  segmentsText?: string | undefined;
  context: string;
  translations: (string | null)[] | null;
}

/** What counts towards `DRAFT_LIMITS.textChars`: the texts and the kept Segments translations with their source. */
export function draftChars(d: { text: string; segmentsText: string; segmentsDone?: DraftSegmentsDone | null | undefined }): number {
  const done = d.segmentsDone;
  if (!done) return d.text.length + d.segmentsText.length;
  const translated = (done.translations ?? []).reduce((n, x) => n + (x?.length ?? 0), 0);
  return d.text.length + d.segmentsText.length + (done.segmentsText?.length ?? 0) + done.context.length + translated;
}
