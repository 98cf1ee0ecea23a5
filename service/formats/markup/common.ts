/**
 * Shared plumbing of the markup and text format handlers (service process, document worker): decoding and
 * encoding of text files, limits on pathological inputs, batched translation of marked units with progress and
 * cancellation, and the factory that turns a string-to-string transform into a FormatHandler.
 */
import { codePoints } from '../../../shared/spec/billing.js';
import { readFile, stat, writeFile } from 'node:fs/promises';
import chardet from 'chardet';
import { DocumentFormatError } from '../types.js';
import type { FormatContext, FormatHandler, FormatResult, TranslateUnits } from '../types.js';
import { stripMarkers } from '../../text/markers.js';

export type TextEncoding = 'utf8' | 'utf8-bom' | 'utf16le' | 'utf16be' | 'utf32le' | 'utf32be';

/** Files held whole in memory (all but txt, which streams) are capped so one upload cannot exhaust the heap. */
export const MAX_IN_MEMORY_BYTES = 64 * 1024 * 1024;
/** One unit (paragraph, cue, string) is capped: engines and sentence splitters degrade badly on longer ones. */
export const MAX_UNIT_CHARS = 1024 * 1024;
/** Units per engine call and characters per engine call (the engine layer may split further). */
const BATCH_UNITS = 200;
const BATCH_CHARS = 60_000;

/**
 * Decodes a whole text file: UTF-8 with or without BOM, UTF-16 and UTF-32 LE/BE with BOM; anything else is
 * refused.
 */
export function decodeText(bytes: Uint8Array, what: string): { text: string; encoding: TextEncoding } {
  if (bytes.length === 0)
    throw new DocumentFormatError(`The ${what} file is empty; there is nothing to translate.`);
  const encoding = detectEncoding(bytes);
  try {
    return { text: textDecoder(encoding).decode(bytes), encoding };
  } catch {
    throw notUtf8(what, bytes);
  }
}

export function detectEncoding(head: Uint8Array): TextEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf8-bom';
  // UTF-32 LE's mark starts like UTF-16 LE's (FF FE), so it is checked first.
  if (head[0] === 0xff && head[1] === 0xfe && head[2] === 0 && head[3] === 0) return 'utf32le';
  if (head[0] === 0 && head[1] === 0 && head[2] === 0xfe && head[3] === 0xff) return 'utf32be';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf16be';
  return 'utf8';
}

/** What the streaming decoders below share with TextDecoder. */
export interface StreamDecoder {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

/**
 * A decoder for the encoding; the byte-order mark is not part of the text. `fatal` (the default) throws on
 * bytes that are not valid in the encoding instead of replacing them with U+FFFD.
 */
export function textDecoder(encoding: TextEncoding, fatal = true): StreamDecoder {
  if (encoding === 'utf32le' || encoding === 'utf32be')
    return new Utf32Decoder(encoding === 'utf32le', fatal);
  const label = encoding === 'utf16le' ? 'utf-16le' : encoding === 'utf16be' ? 'utf-16be' : 'utf-8';
  return new TextDecoder(label, { fatal, ignoreBOM: false });
}

/**
 * UTF-32, which TextDecoder does not implement (the WHATWG Encoding Standard leaves it out). Written by hand:
 * iconv-lite has it but is not a dependency, and the codec is four bytes per code point. Streams (a code unit
 * split across chunks waits for the next one) and, when fatal, throws on surrogates, values past U+10FFFF and
 * a length that is not a multiple of four.
 */
class Utf32Decoder implements StreamDecoder {
  private rest = new Uint8Array(0);
  private started = false;

  constructor(
    private readonly littleEndian: boolean,
    private readonly fatal: boolean,
  ) {}

  decode(input: Uint8Array = new Uint8Array(0), options: { stream?: boolean } = {}): string {
    let bytes = input;
    if (this.rest.length > 0) {
      bytes = new Uint8Array(this.rest.length + input.length);
      bytes.set(this.rest);
      bytes.set(input, this.rest.length);
    }
    const whole = bytes.length - (bytes.length % 4);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const parts: string[] = [];
    let chunk: number[] = [];
    for (let i = 0; i < whole; i += 4) {
      let cp = view.getUint32(i, this.littleEndian);
      if (!this.started) {
        this.started = true;
        if (cp === 0xfeff) continue;
      }
      if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
        if (this.fatal) throw new TypeError('invalid UTF-32 code point');
        cp = 0xfffd;
      }
      chunk.push(cp);
      if (chunk.length === 8192) {
        parts.push(String.fromCodePoint(...chunk));
        chunk = [];
      }
    }
    if (chunk.length > 0) parts.push(String.fromCodePoint(...chunk));
    this.rest = bytes.slice(whole);
    if (!options.stream && this.rest.length > 0) {
      this.rest = new Uint8Array(0);
      if (this.fatal) throw new TypeError('truncated UTF-32 data');
      parts.push('\uFFFD');
    }
    return parts.join('');
  }
}

function encodeUtf32(text: string, littleEndian: boolean): Buffer {
  const out = Buffer.alloc(text.length * 4);
  let at = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (littleEndian) out.writeUInt32LE(cp, at);
    else out.writeUInt32BE(cp, at);
    at += 4;
  }
  return out.subarray(0, at);
}

/**
 * Names the legacy encoding a file most likely uses, for the refusal message. chardet (a port of Mozilla's
 * universal detector) ranks the candidates; its guesses between related code pages (windows-1251 against Mac
 * Cyrillic, windows-1252 against -1250) are not reliable enough to decode with, so the service refuses such files
 * and only names the family. EBCDIC, which chardet does not know, is recognised by its space byte (0x40).
 */
export function guessLegacyEncoding(sample: Uint8Array): string | undefined {
  const head = sample.subarray(0, 64 * 1024);
  let ebcdicSpaces = 0;
  let asciiSpaces = 0;
  for (const b of head) {
    if (b === 0x40) ebcdicSpaces++;
    else if (b === 0x20) asciiSpaces++;
  }
  if (head.length > 32 && ebcdicSpaces > head.length / 12 && asciiSpaces < ebcdicSpaces / 10) {
    return 'EBCDIC (an IBM mainframe code page such as cp500 or cp037)';
  }
  const best = chardet.analyse(head).find((c) => !/^UTF-/i.test(c.name));
  if (!best || best.confidence < 10) return undefined;
  const family = ENCODING_FAMILIES[best.name.toLowerCase()];
  return family ? `${best.name} (${family})` : best.name;
}

/** What users call the code pages chardet names, with the look-alikes it cannot tell apart. */
const ENCODING_FAMILIES: Record<string, string> = {
  'windows-1251': 'a legacy Cyrillic encoding; Mac Cyrillic (x-mac-cyrillic) and KOI8-R look alike',
  'koi8-r': 'a legacy Cyrillic encoding; windows-1251 and Mac Cyrillic look alike',
  'windows-1252': 'Western European, also called cp1252 or Latin-1',
  'iso-8859-1': 'Western European, also called Latin-1 or windows-1252',
  'windows-1250': 'Central European; windows-1252 looks alike',
  'windows-1256': 'Arabic',
  'iso-8859-6': 'Arabic; windows-1256 looks alike',
  shift_jis: 'Japanese, also called Shift-JIS or SJIS',
  'euc-jp': 'Japanese',
  big5: 'Traditional Chinese',
  gb18030: 'Simplified Chinese, also GBK or GB2312',
  'euc-kr': 'Korean',
};

const ENCODING_NAMES: Partial<Record<TextEncoding, string>> = {
  utf16le: 'UTF-16 LE',
  utf16be: 'UTF-16 BE',
  utf32le: 'UTF-32 LE',
  utf32be: 'UTF-32 BE',
};

export function notUtf8(what: string, sample?: Uint8Array): DocumentFormatError {
  const marked = sample ? ENCODING_NAMES[detectEncoding(sample)] : undefined;
  if (marked) {
    return new DocumentFormatError(
      `The ${what} file starts with a ${marked} byte-order mark but is not valid ${marked} (it may be cut short or damaged). Open it in a text editor, save it as UTF-8, and upload it again.`,
    );
  }
  const guess = sample ? guessLegacyEncoding(sample) : undefined;
  return new DocumentFormatError(
    guess
      ? `The ${what} file is not UTF-8: it looks like it is encoded in ${guess}. Open it in a text editor, save it as UTF-8, and upload it again.`
      : `The ${what} file is not valid UTF-8 (nor UTF-16 or UTF-32 with a byte-order mark). Save it as UTF-8 and upload it again.`,
  );
}

/** Encodes text the way the original was encoded (BOM kept): a UTF-16 or UTF-32 file comes back as it came. */
export function encodeText(text: string, encoding: TextEncoding, withBom = true): Buffer {
  switch (encoding) {
    case 'utf8':
      return Buffer.from(text, 'utf8');
    case 'utf8-bom':
      return Buffer.concat([
        withBom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0),
        Buffer.from(text, 'utf8'),
      ]);
    case 'utf16le':
      return Buffer.concat([
        withBom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0),
        Buffer.from(text, 'utf16le'),
      ]);
    case 'utf16be': {
      const le = Buffer.from(text, 'utf16le');
      le.swap16();
      return Buffer.concat([withBom ? Buffer.from([0xfe, 0xff]) : Buffer.alloc(0), le]);
    }
    case 'utf32le':
      return Buffer.concat([
        withBom ? Buffer.from([0xff, 0xfe, 0, 0]) : Buffer.alloc(0),
        encodeUtf32(text, true),
      ]);
    case 'utf32be':
      return Buffer.concat([
        withBom ? Buffer.from([0, 0, 0xfe, 0xff]) : Buffer.alloc(0),
        encodeUtf32(text, false),
      ]);
  }
}

/** Reads a whole (capped) text file and decodes it; the BOM is not part of the returned text. */
export async function readTextFile(
  path: string,
  what: string,
): Promise<{ text: string; encoding: TextEncoding }> {
  const info = await stat(path);
  if (info.size > MAX_IN_MEMORY_BYTES) {
    throw new DocumentFormatError(
      `The ${what} file is ${Math.round(info.size / 1048576)} MB; the local engine handles ${what} files up to ` +
        `${MAX_IN_MEMORY_BYTES / 1048576} MB. Split it into smaller files and translate them one by one.`,
    );
  }
  return decodeText(await readFile(path), what);
}

export { codePoints };

/** True when a unit holds something an engine could translate (at least one letter). */
export function hasLetters(text: string): boolean {
  return /\p{L}/u.test(text);
}

/** The dominant line ending of a text, used for newlines inside translated text. */
export function lineEnding(text: string): '\r\n' | '\n' {
  const crlf = text.split('\r\n').length - 1;
  const lf = text.split('\n').length - 1 - crlf;
  return crlf > lf ? '\r\n' : '\n';
}

/**
 * Spec target code → BCP 47 tag for lang / xml:lang / trgLang attributes (`PT-BR` → `pt-BR`,
 * `ZH-HANS` → `zh-Hans`, `ES-419` → `es-419`).
 */
export function bcp47(code: string): string {
  const [base = '', ...rest] = code.split('-');
  const tail = rest.map((part) =>
    part.length === 4 ? part[0]!.toUpperCase() + part.slice(1).toLowerCase() : part.toUpperCase(),
  );
  return [base.toLowerCase(), ...tail].join('-');
}

/** Translates one list of units, or counts its characters when counting (identity translation). */
export type UnitTranslator = (units: string[]) => Promise<string[]>;

/**
 * A unit as the engine sees it: without its edge whitespace (`lead`, `trail`, put back around the translation);
 * `text` is the core without markers, what is billed. Null for a unit without letters (kept as it is). A unit the
 * engine cannot take (over MAX_UNIT_CHARS) fails the document with what to do.
 */
function engineUnit(unit: string): { lead: string; core: string; trail: string; text: string } | null {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(unit)!;
  const core = m[2]!;
  const text = stripMarkers(core);
  if (!hasLetters(text)) return null;
  if (core.length > MAX_UNIT_CHARS) {
    throw new DocumentFormatError(
      `A paragraph of the document is longer than ${MAX_UNIT_CHARS / 1048576} MiB characters. ` +
        'Break it into shorter paragraphs and upload the document again.',
    );
  }
  return { lead: m[1]!, core, trail: m[3]!, text };
}

/** How many of `count` units (lengths by `length(k)`) one engine call takes: at most BATCH_UNITS and BATCH_CHARS. */
function batchLength(count: number, length: (k: number) => number): number {
  let end = 0;
  let chars = 0;
  while (end < count && end < BATCH_UNITS && (chars === 0 || chars + length(end) <= BATCH_CHARS)) {
    chars += length(end);
    end++;
  }
  return end;
}

/** One engine call, its answer checked to hold one translation per unit. */
async function callEngine(engine: TranslateUnits, cores: string[]): Promise<string[]> {
  const out = await engine(cores);
  if (out.length !== cores.length) throw new Error(`engine returned ${out.length} units for ${cores.length}`);
  return out;
}

/**
 * Sends units to the engine in batches. Edge whitespace stays outside the engine, units without letters are
 * kept as they are, identical units are translated once. Returns one result per unit, in order.
 */
export class BatchTranslator {
  characters = 0;
  private done = 0;

  constructor(
    private readonly engine: TranslateUnits | undefined,
    private readonly ctx?: Pick<FormatContext, 'signal' | 'onProgress'>,
    /** Expected number of units overall, for progress; 0 when unknown. */
    private readonly expected = 0,
  ) {}

  readonly translate: UnitTranslator = async (units) => {
    const results = units.slice();
    const cores = new Map<string, number[]>();
    const edges: Array<{ lead: string; trail: string } | undefined> = [];
    units.forEach((unit, i) => {
      const u = engineUnit(unit);
      if (!u) return;
      this.characters += codePoints(u.text);
      edges[i] = { lead: u.lead, trail: u.trail };
      const same = cores.get(u.core);
      if (same) same.push(i);
      else cores.set(u.core, [i]);
    });
    if (!this.engine) {
      this.done += units.length;
      return results;
    }
    const distinct = [...cores.keys()];
    let start = 0;
    while (start < distinct.length) {
      this.ctx?.signal?.throwIfAborted();
      const end = start + batchLength(distinct.length - start, (k) => distinct[start + k]!.length);
      const batch = distinct.slice(start, end);
      const out = await callEngine(this.engine, batch);
      batch.forEach((core, k) => {
        for (const i of cores.get(core)!) {
          const e = edges[i]!;
          results[i] = e.lead + out[k]! + e.trail;
        }
      });
      start = end;
    }
    this.done += units.length;
    if (this.expected > 0) this.ctx?.onProgress?.(Math.min(1, this.done / this.expected));
    return results;
  };
}

/**
 * BatchTranslator for a caller that finds its units part by part and uses each part's translation as soon as it is
 * there (the PDF path: page by page). `add` queues a part's units and returns their translations; whatever is
 * queued is sent whenever the engine is free (one call at a time, up to the batch limits), so the engine translates
 * while the caller goes on reading and typesetting, and the calls stay few (the first part goes alone, later calls
 * take everything queued meanwhile). The same rules as BatchTranslator: edge whitespace stays outside the engine,
 * units without letters are kept as they are, identical units are translated once, `characters` counts every unit.
 * `partsPerCall` caps the parts one call takes, so that the last call is not the whole rest of the document (the
 * caller's work on the last part's results is what nothing overlaps). After a failed call every unit queued or
 * added later fails with its error; `stop()` ends sending (the caller gave up).
 */
export class StreamingTranslator {
  characters = 0;
  private readonly known = new Map<string, Promise<string>>();
  private queue: Array<{
    core: string;
    part: number;
    resolve: (t: string) => void;
    reject: (e: unknown) => void;
  }> = [];
  private parts = 0;
  private busy = false;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly engine: TranslateUnits,
    private readonly ctx?: Pick<FormatContext, 'signal'>,
    public partsPerCall = Infinity,
  ) {}

  add(units: string[]): Promise<string[]> {
    const part = this.parts++;
    const parts = units.map((unit): string | Promise<string> => {
      const u = engineUnit(unit);
      if (!u) return unit;
      this.characters += codePoints(u.text);
      let translation = this.known.get(u.core);
      if (!translation) {
        const core = u.core;
        translation = this.failure
          ? Promise.reject(this.failure.error)
          : new Promise<string>((resolve, reject) => this.queue.push({ core, part, resolve, reject }));
        // Awaited through `add`'s result; a part the caller never awaits (it gave up) is no unhandled rejection.
        translation.catch(() => {});
        this.known.set(core, translation);
      }
      return u.lead || u.trail ? translation.then((t) => u.lead + t + u.trail) : translation;
    });
    const all = Promise.all(parts);
    all.catch(() => {});
    this.pump();
    return all;
  }

  /** Sends nothing more; units still queued fail. */
  stop(): void {
    this.fail(new Error('translation stopped'));
  }

  private fail(error: unknown): void {
    this.failure ??= { error };
    for (const q of this.queue) q.reject(error);
    this.queue = [];
  }

  private pump(): void {
    if (this.busy || this.failure || this.queue.length === 0) return;
    // Only the parts this call may take (partsPerCall), then the batch limits.
    const lastPart = this.queue[0]!.part + this.partsPerCall - 1;
    let inParts = 0;
    while (inParts < this.queue.length && this.queue[inParts]!.part <= lastPart) inParts++;
    const batch = this.queue.splice(0, batchLength(inParts, (k) => this.queue[k]!.core.length));
    this.busy = true;
    void (async () => {
      try {
        this.ctx?.signal?.throwIfAborted();
        const out = await callEngine(this.engine, batch.map((b) => b.core));
        batch.forEach((b, k) => b.resolve(out[k]!));
      } catch (err) {
        for (const b of batch) b.reject(err);
        this.fail(err);
      } finally {
        this.busy = false;
        this.pump();
      }
    })();
  }
}

/** A format whose whole document is transformed as one string (everything but txt and pdf). */
export interface StringFormat {
  readonly extensions: readonly string[];
  /** Human name used in messages (`HTML`, `XLIFF`). */
  readonly name: string;
  sniff(head: Buffer, extension: string): boolean;
  /**
   * Rewrites the document: collects units, calls `translate` (possibly several times), splices the results in.
   * `targetLang` is the spec code (upper case).
   */
  transform(text: string, translate: UnitTranslator, targetLang: string): Promise<string>;
}

/** Turns a stack overflow from a pathologically nested document into a message for the user. */
async function guarded<R>(what: string, run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof RangeError && /call stack/i.test(err.message)) {
      throw new DocumentFormatError(
        `The ${what} file nests its elements too deeply to be processed. Flatten it and upload it again.`,
      );
    }
    throw err;
  }
}

/** Builds a FormatHandler for a string format; counting runs the same transform with an identity translator. */
export function stringHandler(format: StringFormat): FormatHandler {
  return {
    extensions: format.extensions,
    sniff: (head, extension) => format.sniff(head, extension),
    async countCharacters(inputPath) {
      const { text } = await readTextFile(inputPath, format.name);
      const counter = new BatchTranslator(undefined);
      await guarded(format.name, () => format.transform(text, counter.translate, 'EN'));
      return counter.characters;
    },
    async translate(inputPath, outputPath, extension, ctx): Promise<FormatResult> {
      const { text, encoding } = await readTextFile(inputPath, format.name);
      const translator = new BatchTranslator(ctx.translate, ctx);
      const out = await guarded(format.name, () =>
        format.transform(text, translator.translate, ctx.targetLang),
      );
      ctx.signal?.throwIfAborted();
      await writeFile(outputPath, encodeText(out, encoding));
      ctx.onProgress?.(1);
      return { characters: translator.characters, outputExtension: extension };
    },
  };
}

/** The head of a file as text for sniffing (BOM removed, invalid bytes replaced, not fatal). */
export function headText(head: Buffer): string {
  const encoding = detectEncoding(head);
  return textDecoder(encoding, false)
    .decode(head, { stream: true })
    .replace(/^\uFEFF/, '');
}

/** True when the head holds bytes no text file has (NUL outside UTF-16 and UTF-32). */
export function looksBinary(head: Buffer): boolean {
  const encoding = detectEncoding(head);
  if (encoding !== 'utf8' && encoding !== 'utf8-bom') return false;
  return head.subarray(0, 8192).includes(0);
}
