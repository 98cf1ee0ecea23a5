/**
 * Parameters of `POST /v2/document` (service process): the multipart fields of the spec's upload table,
 * validated with the same rules as text translation, and the account resources they name (glossaries, style
 * rule list, translation memory).
 *
 * Adapter: the text domain (../domain/translate.ts) validates formality, glossary, style and translation-memory
 * parameters in `readTranslateParams`, and checks the resources in a private `resolveResources`. The fields the
 * two tables share are passed through `readTranslateParams` with a stand-in text so the rules and messages are
 * exactly the text endpoint's; the resource checks are the domain's `resolveResources`.
 */
import { Params, type RawBody } from '../domain/params.js';
import { readTranslateParams, resolveResources, type ResolvedResources, type TranslateDeps } from '../domain/translate.js';
import type { Account } from '../store/store.js';
import type { Formality } from '../../shared/spec/languages.js';

/** Upload fields shared with text translation (model_type is accepted and ignored, as the spec says). */
const SHARED_FIELDS = [
  'target_lang',
  'source_lang',
  'formality',
  'glossary_id',
  'glossary_ids',
  'style_id',
  'translation_memory_id',
  'translation_memory_threshold',
  'enable_beta_languages',
] as const;

export interface DocumentParams {
  target: string;
  source?: string;
  formality?: Formality;
  glossaryIds: string[];
  styleId?: string;
  tmId?: string;
  tmThreshold: number;
  outputFormat?: string;
  filename?: string;
}

export type Fields = Record<string, string | string[]>;

export function readDocumentParams(fields: Fields): DocumentParams {
  const body: RawBody = { text: 'x' };
  for (const name of SHARED_FIELDS) if (fields[name] !== undefined) body[name] = fields[name];
  const t = readTranslateParams(new Params(body, true));
  const p = new Params(fields, true);
  const outputFormat = p.string('output_format')?.trim().replace(/^\./, '').toLowerCase() || undefined;
  const filename = p.string('filename')?.trim() || undefined;
  return {
    target: t.target,
    source: t.source,
    formality: t.formality,
    glossaryIds: t.glossaryIds,
    styleId: t.styleId,
    tmId: t.tmId,
    tmThreshold: t.tmThreshold,
    outputFormat,
    filename,
  };
}

export type DocumentResources = ResolvedResources;

/** Checks that the named glossaries, style rule list and translation memory exist and fit the language pair. */
export function resolveDocumentResources(deps: TranslateDeps, account: Account, req: DocumentParams): DocumentResources {
  return resolveResources(deps, account, req, 'document');
}
