/**
 * Plain text (service process, document worker). Units are paragraphs (separated by blank lines); the
 * separators, edge whitespace and line endings (CRLF kept) are written back verbatim. Encodings: UTF-8 with or
 * without BOM, UTF-16 and UTF-32 LE/BE with BOM; output uses the input's encoding and BOM.
 *
 * Streams: the file is read in 1 MiB chunks, complete paragraphs are translated and written while the rest is
 * still on disk, so memory stays flat however large the file (the tail after the last blank line waits for the
 * next chunk). A paragraph longer than 1 MiB characters is cut at its last line break; a single line that long
 * is refused with a message.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { cleanUserText } from '../../text/markers.js';
import { DocumentFormatError } from '../types.js';
import type { FormatContext, FormatHandler, FormatResult } from '../types.js';
import type { StreamDecoder, TextEncoding, UnitTranslator } from './common.js';
import {
  BatchTranslator,
  MAX_UNIT_CHARS,
  detectEncoding,
  encodeText,
  looksBinary,
  notUtf8,
  textDecoder,
} from './common.js';

const CHUNK_BYTES = 256 * 1024;
const SEPARATOR = /(\r?\n(?:[ \t]*\r?\n)+)/;

interface StreamOptions {
  translate: UnitTranslator;
  write?: (text: string, encoding: TextEncoding) => Promise<void>;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

/** Translates the units of a list of pieces where even indexes are paragraphs and odd ones separators. */
async function translatePieces(pieces: string[], translate: UnitTranslator): Promise<string> {
  const units: string[] = [];
  const crlf: boolean[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    crlf.push(pieces[i]!.includes('\r\n'));
    // Marker code points in user text would be read as markers; NUL is never valid in a unit.
    units.push(cleanUserText(pieces[i]!).replace(/\r\n/g, '\n').replace(/\0/g, ''));
  }
  const out = await translate(units);
  for (let i = 0; i < pieces.length; i += 2) {
    const text = out[i / 2]!;
    pieces[i] = crlf[i / 2] ? text.replace(/\r?\n/g, '\r\n') : text;
  }
  return pieces.join('');
}

export async function streamText(inputPath: string, options: StreamOptions): Promise<void> {
  const size = (await stat(inputPath)).size;
  if (size === 0) throw new DocumentFormatError('The text file is empty; there is nothing to translate.');
  let decoder: StreamDecoder | undefined;
  let encoding: TextEncoding = 'utf8';
  let pending = '';
  let read = 0;
  const flush = async (text: string): Promise<void> => {
    if (text === '') return;
    const out = await translatePieces(text.split(SEPARATOR), options.translate);
    await options.write?.(out, encoding);
  };
  const stream = createReadStream(inputPath, { highWaterMark: CHUNK_BYTES });
  let firstChunk: Buffer | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      options.signal?.throwIfAborted();
      if (!decoder) {
        firstChunk = chunk;
        encoding = detectEncoding(chunk);
        if (looksBinary(chunk)) throw notUtf8('text', chunk);
        decoder = textDecoder(encoding);
      }
      try {
        pending += decoder.decode(chunk, { stream: true });
      } catch {
        throw notUtf8('text', firstChunk === chunk ? chunk : Buffer.concat([firstChunk ?? Buffer.alloc(0), chunk]));
      }
      read += chunk.length;
      const last = lastSeparatorEnd(pending);
      if (last > 0) {
        const complete = pending.slice(0, last);
        pending = pending.slice(last);
        await flush(complete);
      }
      while (pending.length > MAX_UNIT_CHARS) {
        const nl = pending.lastIndexOf('\n', MAX_UNIT_CHARS);
        if (nl < 0) {
          throw new DocumentFormatError(
            `The text file has a line longer than ${MAX_UNIT_CHARS / 1048576} MiB characters. ` +
              'Add line breaks or blank lines between paragraphs and upload it again.',
          );
        }
        const complete = pending.slice(0, nl + 1);
        pending = pending.slice(nl + 1);
        await flush(complete);
      }
      options.onProgress?.(Math.min(0.99, read / size));
    }
    try {
      pending += decoder?.decode() ?? '';
    } catch {
      throw notUtf8('text', firstChunk);
    }
    await flush(pending);
  } finally {
    stream.destroy();
  }
}

/** Offset just after the last complete blank-line separator that is followed by some text, or 0. */
function lastSeparatorEnd(text: string): number {
  const re = /\r?\n(?:[ \t]*\r?\n)+/g;
  let end = 0;
  for (const m of text.matchAll(re)) {
    if (m.index + m[0].length < text.length) end = m.index + m[0].length;
  }
  return end;
}

export const txtHandler: FormatHandler = {
  extensions: ['txt'],
  sniff(head) {
    if (head.length === 0) return true;
    return !looksBinary(head) && !head.subarray(0, 5).equals(Buffer.from('%PDF-'));
  },
  async countCharacters(inputPath) {
    const counter = new BatchTranslator(undefined);
    await streamText(inputPath, { translate: counter.translate });
    return counter.characters;
  },
  async translate(inputPath, outputPath, extension, ctx: FormatContext): Promise<FormatResult> {
    const translator = new BatchTranslator(ctx.translate, ctx);
    const out = createWriteStream(outputPath);
    const closed = once(out, 'close');
    let first = true;
    try {
      await streamText(inputPath, {
        translate: translator.translate,
        signal: ctx.signal,
        onProgress: ctx.onProgress,
        async write(text, encoding) {
          if (!out.write(encodeText(text, encoding, first))) await once(out, 'drain');
          first = false;
        },
      });
      out.end();
      await closed;
    } catch (err) {
      out.destroy();
      await closed.catch(() => undefined);
      await unlink(outputPath).catch(() => undefined);
      throw err;
    }
    ctx.onProgress?.(1);
    return { characters: translator.characters, outputExtension: extension };
  },
};
