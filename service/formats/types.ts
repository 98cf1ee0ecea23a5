/**
 * The document-format port of the local Translation Service (service process, worker threads).
 * One handler per format family. A handler reads the original from disk, sends its text to `translate`
 * as marked units (../text/markers.ts: inline formatting as spans, untranslatable inline items as
 * placeholders), and writes the translated document to `outputPath`, editing the original in place so that
 * everything but the text stays as it was.
 */

export type TranslateUnits = (units: string[]) => Promise<string[]>;

export interface FormatContext {
  /** Translates marked units; the result keeps every marker. Batch as many units per call as you like. */
  translate: TranslateUnits;
  /** Source base code if the client gave one (upper case), else undefined (detected upstream). */
  sourceLang?: string;
  /** Target code as requested, upper case (`DE`, `PT-BR`). */
  targetLang: string;
  /** Requested output extension (only `pdf` → `docx` is allowed; validated before the handler runs). */
  outputFormat?: string;
  signal?: AbortSignal;
  /** Reports progress as a fraction 0..1 (optional). */
  onProgress?: (fraction: number) => void;
}

export interface FormatResult {
  /** Source characters translated, in Unicode code points (billing counts these). */
  characters: number;
  /** Extension of the written output (`docx` for doc and pdf→docx). */
  outputExtension: string;
}

/** A file whose content cannot be processed; the message is shown to the user as the document's error. */
export class DocumentFormatError extends Error {
  override name = 'DocumentFormatError';
}

export interface FormatHandler {
  /** Extensions (lower case, no dot) this handler accepts. */
  readonly extensions: readonly string[];
  /** True when the first bytes of the file look like this format (used to reject mislabelled files). */
  sniff(head: Buffer, extension: string): boolean;
  /** Counts the characters that would be billed, without translating (for the quota check at upload). */
  countCharacters(inputPath: string, extension: string): Promise<number>;
  translate(inputPath: string, outputPath: string, extension: string, ctx: FormatContext): Promise<FormatResult>;
}
