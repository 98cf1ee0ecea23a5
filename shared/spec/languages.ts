/**
 * Language tables from the Translation Service spec (pure data, used by the service and the app).
 * The spec lists target codes and which of them support formality; source codes are the base codes.
 */

export interface LanguageInfo {
  code: string;
  name: string;
}

/** Target languages as the spec lists them, with English names. */
export const TARGET_LANGUAGES: readonly LanguageInfo[] = [
  { code: 'AR', name: 'Arabic' },
  { code: 'BG', name: 'Bulgarian' },
  { code: 'CS', name: 'Czech' },
  { code: 'DA', name: 'Danish' },
  { code: 'DE', name: 'German' },
  { code: 'EL', name: 'Greek' },
  { code: 'EN-GB', name: 'English (British)' },
  { code: 'EN-US', name: 'English (American)' },
  { code: 'ES', name: 'Spanish' },
  { code: 'ES-419', name: 'Spanish (Latin American)' },
  { code: 'ET', name: 'Estonian' },
  { code: 'FI', name: 'Finnish' },
  { code: 'FR', name: 'French' },
  { code: 'HU', name: 'Hungarian' },
  { code: 'ID', name: 'Indonesian' },
  { code: 'IT', name: 'Italian' },
  { code: 'JA', name: 'Japanese' },
  { code: 'KO', name: 'Korean' },
  { code: 'LT', name: 'Lithuanian' },
  { code: 'LV', name: 'Latvian' },
  { code: 'NB', name: 'Norwegian (Bokmål)' },
  { code: 'NL', name: 'Dutch' },
  { code: 'PL', name: 'Polish' },
  { code: 'PT-BR', name: 'Portuguese (Brazilian)' },
  { code: 'PT-PT', name: 'Portuguese (European)' },
  { code: 'RO', name: 'Romanian' },
  { code: 'RU', name: 'Russian' },
  { code: 'SK', name: 'Slovak' },
  { code: 'SL', name: 'Slovenian' },
  { code: 'SV', name: 'Swedish' },
  { code: 'TR', name: 'Turkish' },
  { code: 'UK', name: 'Ukrainian' },
  { code: 'ZH', name: 'Chinese' },
  { code: 'ZH-HANS', name: 'Chinese (simplified)' },
  { code: 'ZH-HANT', name: 'Chinese (traditional)' },
];

/** Source languages: the base codes of the target list. */
export const SOURCE_LANGUAGES: readonly LanguageInfo[] = [
  { code: 'AR', name: 'Arabic' },
  { code: 'BG', name: 'Bulgarian' },
  { code: 'CS', name: 'Czech' },
  { code: 'DA', name: 'Danish' },
  { code: 'DE', name: 'German' },
  { code: 'EL', name: 'Greek' },
  { code: 'EN', name: 'English' },
  { code: 'ES', name: 'Spanish' },
  { code: 'ET', name: 'Estonian' },
  { code: 'FI', name: 'Finnish' },
  { code: 'FR', name: 'French' },
  { code: 'HU', name: 'Hungarian' },
  { code: 'ID', name: 'Indonesian' },
  { code: 'IT', name: 'Italian' },
  { code: 'JA', name: 'Japanese' },
  { code: 'KO', name: 'Korean' },
  { code: 'LT', name: 'Lithuanian' },
  { code: 'LV', name: 'Latvian' },
  { code: 'NB', name: 'Norwegian (Bokmål)' },
  { code: 'NL', name: 'Dutch' },
  { code: 'PL', name: 'Polish' },
  { code: 'PT', name: 'Portuguese' },
  { code: 'RO', name: 'Romanian' },
  { code: 'RU', name: 'Russian' },
  { code: 'SK', name: 'Slovak' },
  { code: 'SL', name: 'Slovenian' },
  { code: 'SV', name: 'Swedish' },
  { code: 'TR', name: 'Turkish' },
  { code: 'UK', name: 'Ukrainian' },
  { code: 'ZH', name: 'Chinese' },
];

/** Targets for which `formality` more/less is honoured (spec, text translation). */
export const FORMALITY_TARGETS: ReadonlySet<string> = new Set([
  'DE', 'ES', 'ES-419', 'FR', 'IT', 'JA', 'NL', 'PL', 'PT-BR', 'PT-PT', 'RU',
]);

/** Base languages whose targets (and variants) accept `custom_instructions`. */
export const CUSTOM_INSTRUCTION_BASES: ReadonlySet<string> = new Set(['DE', 'EN', 'ES', 'FR', 'IT', 'JA', 'KO', 'ZH']);

/** Glossary target bases that need no variant and serve every variant (spec: EN, PT, ZH). */
export const GLOSSARY_VARIANT_FREE_BASES: ReadonlySet<string> = new Set(['EN', 'PT', 'ZH']);

/** Languages the detection endpoint may report (spec list, lower-case). */
export const DETECTABLE_LANGUAGES: readonly string[] = [
  'en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'pl', 'ru', 'zh', 'ja', 'bg', 'cs', 'da', 'el', 'et', 'fi', 'hu',
  'lt', 'lv', 'ro', 'sk', 'sl', 'sv', 'tr', 'id', 'uk', 'ko', 'nb', 'ar', 'vi', 'he', 'th',
];

export const FORMALITY_VALUES = ['default', 'more', 'less', 'prefer_more', 'prefer_less'] as const;
export type Formality = (typeof FORMALITY_VALUES)[number];

export const MODEL_TYPES = ['latency_optimized', 'quality_optimized', 'prefer_quality_optimized'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

/** `EN-GB` → `EN`; `es` → `ES`. */
export function baseLanguage(code: string): string {
  return code.toUpperCase().split('-')[0] ?? '';
}

export function normalizeLanguage(code: string): string {
  return code.trim().toUpperCase();
}

const TARGET_CODES = new Set(TARGET_LANGUAGES.map((l) => l.code));
const SOURCE_CODES = new Set(SOURCE_LANGUAGES.map((l) => l.code));

export function isTargetLanguage(code: string): boolean {
  return TARGET_CODES.has(normalizeLanguage(code));
}
export function isSourceLanguage(code: string): boolean {
  return SOURCE_CODES.has(normalizeLanguage(code));
}
export function supportsFormality(target: string): boolean {
  return FORMALITY_TARGETS.has(normalizeLanguage(target));
}
export function allowsCustomInstructions(target: string): boolean {
  return CUSTOM_INSTRUCTION_BASES.has(baseLanguage(target));
}
export function languageName(code: string): string {
  const c = normalizeLanguage(code);
  return (
    TARGET_LANGUAGES.find((l) => l.code === c)?.name ?? SOURCE_LANGUAGES.find((l) => l.code === c)?.name ?? c
  );
}
