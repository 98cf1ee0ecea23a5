/**
 * Caps of the Translate screen's draft kept in settings (any process, no dependencies): kept free of zod so the
 * renderer's first bundle can check a draft's size before sending it. `contract.ts` enforces them in main.
 */
export const DRAFT_LIMITS = {
  /** `text` and `segmentsText` together, in UTF-16 code units (what `String.length` measures): about 2 MB. */
  textChars: 2 * 1024 * 1024,
  optionKeys: 64,
  optionChars: 64 * 1024,
} as const;

export const DRAFT_TOO_LARGE_MESSAGE =
  'This draft is over 2 MB of text, too large to keep across restarts; export or save it to a file to keep it.';
