/**
 * IPC contract of protection and QA (any process): the QA report that travels with each translated text
 * (`shared/protect/qa.ts` computes it in main). The per-request switch is `TranslateOptions.protect` and the
 * default is `TranslatePrefs.protectSpans` (Settings → Translate).
 */
import { z } from 'zod';

export const QaItemView = z.object({
  kind: z.enum(['placeholder', 'url', 'tag', 'number', 'code']),
  text: z.string(),
});

export const QaReportView = z.object({
  /** In the source, not in the translation. */
  missing: z.array(QaItemView),
  /** In the translation, not in the source. */
  added: z.array(QaItemView),
});
export type QaReportView = z.infer<typeof QaReportView>;
