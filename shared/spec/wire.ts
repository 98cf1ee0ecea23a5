/**
 * Wire schemas (any process): zod schemas of every response body of the Translation Service API, exactly as the
 * spec names the fields (snake_case). The API client in main parses every response with these, so a service that
 * answers with something else becomes a clear error instead of `undefined` deep in the UI.
 * Objects are not `.strict()`: a compatible service may add fields, and the spec says clients must tolerate that.
 */
import { z } from 'zod';

/** Element of `translations` (POST /v2/translate). */
export const WireTranslation = z.object({
  detected_source_language: z.string(),
  text: z.string(),
  billed_characters: z.number().int().optional(),
  model_type_used: z.string().optional(),
  tag_handling_version: z.string().optional(),
});
export type WireTranslation = z.infer<typeof WireTranslation>;

export const WireTranslateResponse = z.object({ translations: z.array(WireTranslation) });
export type WireTranslateResponse = z.infer<typeof WireTranslateResponse>;

/** POST /v2/document. */
export const WireDocumentHandle = z.object({ document_id: z.string().min(1), document_key: z.string().min(1) });
export type WireDocumentHandle = z.infer<typeof WireDocumentHandle>;

export const DOCUMENT_STATUSES = ['queued', 'translating', 'done', 'error'] as const;

/** POST /v2/document/{id}. */
export const WireDocumentStatus = z.object({
  document_id: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  seconds_remaining: z.number().optional(),
  billed_characters: z.number().int().optional(),
  message: z.string().optional(),
  /** Not in the spec's status table: Verso's local service adds a machine-readable reason to `error` (hosted ones do not). */
  code: z.string().optional(),
});
export type WireDocumentStatus = z.infer<typeof WireDocumentStatus>;

/** Glossary (v2). */
export const WireGlossary = z.object({
  glossary_id: z.string(),
  name: z.string(),
  ready: z.boolean(),
  source_lang: z.string(),
  target_lang: z.string(),
  creation_time: z.string(),
  entry_count: z.number().int(),
});
export type WireGlossary = z.infer<typeof WireGlossary>;

export const WireGlossaryList = z.object({ glossaries: z.array(WireGlossary) });

export const WireGlossaryLanguagePair = z.object({ source_lang: z.string(), target_lang: z.string() });
export const WireGlossaryLanguagePairs = z.object({ supported_languages: z.array(WireGlossaryLanguagePair) });
export type WireGlossaryLanguagePair = z.infer<typeof WireGlossaryLanguagePair>;

/** Developer key (admin interface). */
export const WireDeveloperKey = z.object({
  key_id: z.string(),
  label: z.string(),
  creation_time: z.string(),
  deactivated_time: z.string().optional(),
  is_deactivated: z.boolean(),
  usage_limits: z.object({ characters: z.number().int().nullable() }).optional(),
  /** The new key's secret: only in the answer to create, shown once (not in the spec's table; the local service sends it). */
  key: z.string().optional(),
});
export type WireDeveloperKey = z.infer<typeof WireDeveloperKey>;
export const WireDeveloperKeyList = z.array(WireDeveloperKey);

/** Language entry (GET /v2/languages). */
export const WireLanguage = z.object({
  language: z.string(),
  name: z.string(),
  supports_formality: z.boolean().optional(),
});
export type WireLanguage = z.infer<typeof WireLanguage>;
export const WireLanguageList = z.array(WireLanguage);

export const DETECTION_STATUSES = [
  'success',
  'insufficient_confidence',
  'unsupported_language',
  'no_language_detected',
] as const;

/** Detection result (POST /v3/detect/language). */
export const WireDetection = z.object({
  detection_status: z.enum(DETECTION_STATUSES),
  detected_language: z.string().optional(),
});
export const WireDetectResponse = z.object({ results: z.array(WireDetection) });
export type WireDetection = z.infer<typeof WireDetection>;

/** Usage record (GET /v2/usage); the Pro-only fields are optional (Free and Pro Classic omit them). */
export const WireUsage = z.object({
  character_count: z.number().int(),
  character_limit: z.number().int(),
  products: z
    .array(
      z.object({
        product_type: z.string(),
        api_key_character_count: z.number().int(),
        character_count: z.number().int(),
      }),
    )
    .optional(),
  api_key_character_count: z.number().int().optional(),
  api_key_character_limit: z.number().int().optional(),
  start_time: z.string().optional(),
  end_time: z.string().optional(),
});
export type WireUsage = z.infer<typeof WireUsage>;

/** Error body: `message` required, `code` optional (clients match on `code`). */
export const WireErrorBody = z.object({ message: z.string(), code: z.string().optional() });
export type WireErrorBody = z.infer<typeof WireErrorBody>;

/** Shape of the local service's `keys.json` (written by `service/cli.ts serve`). */
export const LocalServiceKeys = z.object({
  pro_key: z.string().min(1),
  free_key: z.string().min(1),
  admin_key: z.string().min(1),
  /** The ids of the Pro and Free keys (written by newer services), so Verso can tell its own keys on the Keys screen. */
  pro_key_id: z.string().optional(),
  free_key_id: z.string().optional(),
});
export type LocalServiceKeys = z.infer<typeof LocalServiceKeys>;
