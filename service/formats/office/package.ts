/**
 * The shared driver of the zip-based office formats (service process, document workers): opens the package,
 * checks that it really is the family its extension claims, streams every translatable XML part through the
 * unit rewriter, copies every other entry raw and in order, and builds the `FormatHandler` of a family.
 */
import { rm } from 'node:fs/promises';
import { LIMITS } from '../../../shared/spec/limits.js';
import type { FormatContext, FormatHandler, FormatResult, TranslateUnits } from '../types.js';
import { DocumentFormatError } from '../types.js';
import { XmlTokenizer, localName } from '../lib/xml-tokens.js';
import type { XmlToken } from '../lib/xml-tokens.js';
import type { PartRules } from '../lib/xml-units.js';
import { rewriteXmlPart } from '../lib/xml-units.js';
import { ZipReader, ZipWriter, isZip, zipNamesInHead } from '../lib/zip.js';
import type { ZipItem } from '../lib/zip.js';

export type OoxmlKind = 'docx' | 'pptx' | 'xlsx';

export const KIND_NAMES: Record<OoxmlKind | 'idml', string> = {
  docx: 'Word document (docx)',
  pptx: 'PowerPoint presentation (pptx)',
  xlsx: 'Excel workbook (xlsx)',
  idml: 'InDesign document (idml)',
};

/** `a Word document`, `an Excel workbook`. */
export function withArticle(kindName: string): string {
  return `${/^[AEIOU]/.test(kindName) ? 'an' : 'a'} ${kindName}`;
}

/** What a family may know about the job when it prepares its rules. */
export interface PackageJob {
  /** Target code as requested (`DE`, `PT-BR`); undefined when only counting characters. */
  targetLang?: string;
}

/** Rules of one run over one package (they may depend on the package's other parts and on the job). */
export interface PackageSession {
  /** Rules for a translatable part, or undefined to copy the entry unchanged. */
  rulesFor(name: string): PartRules | undefined;
  /**
   * Processing phase of a part (default 0): every part of a lower phase is processed first, so a part can
   * depend on what earlier phases saw (a table's column names on its header cells). The central directory
   * keeps the original entry order; only the stored data moves.
   */
  phase?(name: string): number;
}

export interface PackageFamily {
  extension: 'docx' | 'pptx' | 'xlsx' | 'idml';
  /** Throws `DocumentFormatError` unless the opened package is of this family. */
  verify(reader: ZipReader): Promise<void>;
  /** Rules for a translatable part, or undefined to copy the entry unchanged (when `begin` is absent). */
  rulesFor(name: string): PartRules | undefined;
  /** Optional: prepares per-run rules after `verify` (reads small parts such as relationships). */
  begin?(reader: ZipReader, job: PackageJob): Promise<PackageSession>;
  sniff(head: Buffer): boolean;
}

/** Which OOXML family the package's main content type names, if any. */
export async function ooxmlKindOf(reader: ZipReader): Promise<OoxmlKind | undefined> {
  const item = reader.find('[Content_Types].xml');
  if (!item) return undefined;
  const text = await reader.readText(item);
  const types: string[] = [];
  const tokenizer = new XmlTokenizer((tok) => {
    if (tok.kind === 'open' && tok.attrs.ContentType) types.push(tok.attrs.ContentType);
  }, '[Content_Types].xml');
  tokenizer.write(text);
  tokenizer.close();
  for (const t of types) {
    if (!t.endsWith('.main+xml')) continue;
    if (/wordprocessingml|ms-word/.test(t)) return 'docx';
    if (/presentationml|ms-powerpoint/.test(t)) return 'pptx';
    if (/spreadsheetml|ms-excel/.test(t)) return 'xlsx';
  }
  return undefined;
}

/** Open tags of a small part (relationships, workbook, table), or none if the part is missing or over `limit`. */
export async function openTags(
  reader: ZipReader,
  name: string,
  limit = 4 * 1024 * 1024,
): Promise<Extract<XmlToken, { kind: 'open' }>[]> {
  const item = reader.find(name);
  if (!item || item.entry.uncompressedSize > limit) return [];
  const text = await reader.readText(item, limit);
  const tags: Extract<XmlToken, { kind: 'open' }>[] = [];
  const tokenizer = new XmlTokenizer((tok) => {
    if (tok.kind === 'open') tags.push(tok);
  }, name);
  tokenizer.write(text);
  tokenizer.close();
  return tags;
}

/** Resolves a relationship target against the folder of its source part (`word/document.xml`; `` for the package). */
export function resolveTarget(source: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = source.split('/').slice(0, -1);
  for (const seg of target.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

export interface Relationship {
  id: string;
  /** Last segment of the relationship type URI (`officeDocument`, `header`, `footnotes`). */
  type: string;
  /** Part name the target resolves to. */
  target: string;
}

/**
 * Internal relationships of a part (`''` for the package's own `_rels/.rels`). Types are compared by their last
 * segment, so the transitional (`http://schemas.openxmlformats.org/...`) and strict (`http://purl.oclc.org/...`)
 * URIs of the same relationship are one.
 */
export async function relationships(reader: ZipReader, source: string): Promise<Relationship[]> {
  const slash = source.lastIndexOf('/');
  const relsPart = `${source.slice(0, slash + 1)}_rels/${source.slice(slash + 1)}.rels`;
  const out: Relationship[] = [];
  for (const tag of await openTags(reader, relsPart)) {
    const a = tag.attrs;
    if (localName(tag.name) !== 'Relationship' || a.TargetMode === 'External' || !a.Target) continue;
    out.push({ id: a.Id ?? '', type: (a.Type ?? '').split('/').pop() ?? '', target: resolveTarget(source, a.Target) });
  }
  return out;
}

/** The package's main part, found through `_rels/.rels` (relationship type officeDocument), never by a fixed path. */
export async function mainPartOf(reader: ZipReader): Promise<string | undefined> {
  const rel = (await relationships(reader, '')).find((r) => r.type === 'officeDocument');
  return rel && reader.find(rel.target) ? rel.target : undefined;
}

export function verifyOoxml(kind: OoxmlKind, mainPart: string) {
  return async (reader: ZipReader): Promise<void> => {
    const found = await ooxmlKindOf(reader);
    if (found === undefined) {
      const isIdml = reader.find('mimetype') && reader.find('designmap.xml');
      throw new DocumentFormatError(
        isIdml
          ? `The file is named .${kind} but is ${withArticle(KIND_NAMES.idml)}. Rename it to .idml and upload it again.`
          : `The file is a zip archive but not ${withArticle(KIND_NAMES[kind])}: it has no Office content types. Upload a document saved by Word, PowerPoint or Excel.`,
      );
    }
    if (found !== kind) {
      throw new DocumentFormatError(
        `The file is named .${kind} but is ${withArticle(KIND_NAMES[found])}. Rename it to .${found} and upload it again.`,
      );
    }
    if (!reader.find(mainPart) && !(await mainPartOf(reader))) {
      throw new DocumentFormatError(`The ${KIND_NAMES[kind]} is incomplete: its main part ${mainPart} is missing. Re-save it and upload it again.`);
    }
  };
}

const FAMILY_DIRS: Record<OoxmlKind, string> = { docx: 'word/', pptx: 'ppt/', xlsx: 'xl/' };

/** Head check for OOXML: a zip whose first entries (or bytes) name this family's folder and no other's. */
export function sniffOoxml(kind: OoxmlKind, head: Buffer): boolean {
  if (!isZip(head)) return false;
  const names = zipNamesInHead(head);
  if (names[0] === 'mimetype') return false;
  const dirsSeen = (Object.keys(FAMILY_DIRS) as OoxmlKind[]).filter((k) => names.some((n) => n.startsWith(FAMILY_DIRS[k])));
  if (dirsSeen.length > 0) return dirsSeen.includes(kind);
  // The first entries did not settle it (sizes after the data); look for folder names anywhere in the head.
  const text = head.toString('latin1');
  const loose = (Object.keys(FAMILY_DIRS) as OoxmlKind[]).filter((k) => text.includes(FAMILY_DIRS[k]));
  return loose.length === 0 || loose.includes(kind);
}

/** Translates (or, with `outputPath` null, only counts) a package; returns the code points sent. */
export async function processPackage(
  family: PackageFamily,
  inputPath: string,
  outputPath: string | null,
  ctx: Pick<FormatContext, 'translate' | 'signal' | 'onProgress'> & { targetLang?: string },
): Promise<number> {
  const label = KIND_NAMES[family.extension];
  const reader = await ZipReader.open(inputPath, label);
  let writer: ZipWriter | null = null;
  // Errors of the translator pass through untouched; only reading errors are reported as a damaged file.
  let translatorError: unknown;
  const translate: TranslateUnits = async (units) => {
    try {
      return await ctx.translate(units);
    } catch (err) {
      translatorError = err;
      throw err;
    }
  };
  try {
    await family.verify(reader);
    const session: PackageSession = family.begin
      ? await family.begin(reader, { targetLang: ctx.targetLang })
      : { rulesFor: (name) => family.rulesFor(name) };
    writer = outputPath ? new ZipWriter(outputPath) : null;
    let characters = 0;
    const parts = reader.items.filter((i) => session.rulesFor(i.name));
    let partsDone = 0;
    const phaseOf = (name: string): number => session.phase?.(name) ?? 0;
    // Stable sort: within a phase, entries keep their order.
    const order = reader.items.map((item, rank) => ({ item, rank })).sort((a, b) => phaseOf(a.item.name) - phaseOf(b.item.name));
    for (const { item, rank } of order) {
      ctx.signal?.throwIfAborted();
      // Asked only now: rules of a later phase may depend on what the parts before them showed.
      const rules = session.rulesFor(item.name);
      if (rules) {
        characters += await rewritePart(reader, writer, item, rank, rules, translate, ctx.signal, (e) => e === translatorError);
        partsDone++;
        ctx.onProgress?.(partsDone / Math.max(1, parts.length));
      } else if (writer) {
        const raw = await reader.openRaw(item);
        try {
          await writer.copyRaw(item, raw, rank);
        } catch (err) {
          raw.destroy();
          throw reader.damaged(item, err);
        }
      }
    }
    await writer?.finish();
    return characters;
  } catch (err) {
    if (writer && outputPath) {
      await writer.abort();
      await rm(outputPath, { force: true });
    }
    throw err;
  } finally {
    reader.close();
  }
}

async function rewritePart(
  reader: ZipReader,
  writer: ZipWriter | null,
  item: ZipItem,
  rank: number,
  rules: PartRules,
  translate: TranslateUnits,
  signal: AbortSignal | undefined,
  isTranslatorError: (e: unknown) => boolean,
): Promise<number> {
  const input = await reader.openStream(item);
  const sink = writer ? await writer.begin(item, rank) : null;
  try {
    const n = await rewriteXmlPart(input, {
      what: item.name,
      rules,
      translate,
      batchSize: LIMITS.textsPerRequest,
      write: sink ? sink.write : null,
      signal,
    });
    await sink?.end();
    return n;
  } catch (err) {
    input.destroy();
    if (isTranslatorError(err)) throw err;
    throw reader.damaged(item, err);
  }
}

/** Builds the `FormatHandler` of a zip-based family. */
export function packageHandler(family: PackageFamily): FormatHandler {
  return {
    extensions: [family.extension],
    sniff: (head) => family.sniff(head),
    async countCharacters(inputPath) {
      return processPackage(family, inputPath, null, { translate: async (units) => units });
    },
    async translate(inputPath, outputPath, _extension, ctx): Promise<FormatResult> {
      const characters = await processPackage(family, inputPath, outputPath, ctx);
      return { characters, outputExtension: family.extension };
    },
  };
}
