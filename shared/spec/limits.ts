/** Limits from the spec's Limits table (pure constants shared by the service and the app). */
export const LIMITS = {
  requestBodyBytes: 131072,
  textsPerRequest: 50,
  glossariesPerRequest: 5,
  customInstructions: 10,
  customInstructionChars: 300,
  tmThresholdDefault: 75,
  documentMinimumBilled: 50_000,
  glossaryBytes: 10_485_760,
  glossaryTermBytes: 1024,
  glossariesPerAccount: 1000,
  activeDeveloperKeys: 25,
  unsetLimit: 1_000_000_000_000,
} as const;

/** Document types billed at least `documentMinimumBilled` characters. */
export const MINIMUM_BILLED_EXTENSIONS: ReadonlySet<string> = new Set(['pptx', 'docx', 'doc', 'xlsx', 'pdf']);

/** Accepted document upload extensions (spec). */
export const DOCUMENT_EXTENSIONS = [
  'docx', 'doc', 'pptx', 'xlsx', 'pdf', 'htm', 'html', 'txt', 'xlf', 'xliff', 'srt', 'idml', 'xml', 'json', 'dita',
  'mif', 'jpeg', 'jpg', 'png',
] as const;
