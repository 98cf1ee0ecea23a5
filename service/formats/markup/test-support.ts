/**
 * Test helpers for the markup format handlers (vitest only): a pseudo translator that keeps every marker and
 * a runner that writes a sample into a fresh temp dir, translates it and returns the output.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLOSE, openSpan, placeholder, tokenize } from '../../text/markers.js';
import type { FormatContext, FormatHandler, FormatResult } from '../types.js';

/** Upper-cases the letters of each unit and wraps it in `[` `]`; every span and placeholder is kept. */
export function pseudo(unit: string): string {
  const body = tokenize(unit)
    .map((t) => {
      switch (t.kind) {
        case 'text':
          return t.text.toUpperCase();
        case 'open':
          return openSpan(t.id);
        case 'close':
          return CLOSE;
        case 'placeholder':
          return placeholder(t.id);
      }
    })
    .join('');
  return `[${body}]`;
}

export interface RunOutput {
  output: Buffer;
  text: string;
  result: FormatResult;
  /** Every unit the handler sent to the engine. */
  units: string[];
  counted: number;
}

export async function runHandler(
  handler: FormatHandler,
  extension: string,
  input: string | Uint8Array,
  options: Partial<FormatContext> = {},
): Promise<RunOutput> {
  const dir = await mkdtemp(join(tmpdir(), 'verso-markup-'));
  try {
    const inputPath = join(dir, `in.${extension}`);
    const outputPath = join(dir, `out.${extension}`);
    await writeFile(inputPath, input);
    const units: string[] = [];
    const ctx: FormatContext = {
      targetLang: 'DE',
      translate: async (batch) => {
        units.push(...batch);
        return batch.map(pseudo);
      },
      ...options,
    };
    const counted = await handler.countCharacters(inputPath, extension);
    const result = await handler.translate(inputPath, outputPath, extension, ctx);
    const output = await readFile(outputPath);
    return { output, text: output.toString('utf8'), result, units, counted };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs a handler expecting a DocumentFormatError; returns its message. */
export async function failure(
  handler: FormatHandler,
  extension: string,
  input: string | Uint8Array,
): Promise<string> {
  try {
    await runHandler(handler, extension, input);
  } catch (err) {
    if ((err as Error).name !== 'DocumentFormatError') throw err;
    return (err as Error).message;
  }
  throw new Error('expected a DocumentFormatError');
}

/** UTF-32 written and read by hand in tests (an independent second implementation of the codec under test). */
export function utf32(text: string, le: boolean): Buffer {
  const cps = [...text].map((c) => c.codePointAt(0)!);
  const b = Buffer.alloc(cps.length * 4);
  cps.forEach((cp, i) => (le ? b.writeUInt32LE(cp, i * 4) : b.writeUInt32BE(cp, i * 4)));
  return b;
}

export function fromUtf32(b: Buffer, le: boolean): string {
  let s = '';
  for (let i = 0; i + 3 < b.length; i += 4) s += String.fromCodePoint(le ? b.readUInt32LE(i) : b.readUInt32BE(i));
  return s;
}
