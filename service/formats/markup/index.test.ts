import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_EXTENSIONS } from '../../../shared/spec/limits.js';
import type { FormatHandler } from '../types.js';
import { markupHandlers } from './index.js';
import { failure, runHandler } from './test-support.js';

const byExt = (ext: string): FormatHandler => {
  const handler = markupHandlers.find((h) => h.extensions.includes(ext));
  if (!handler) throw new Error(`no handler for ${ext}`);
  return handler;
};

async function pdfBytes(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Hello', { font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

const SAMPLES: Record<string, () => Promise<Buffer> | Buffer> = {
  txt: () => Buffer.from('Plain text paragraph.\n\nSecond.'),
  html: () => Buffer.from('<!DOCTYPE html><html><body><p>Hi</p></body></html>'),
  xlf: () =>
    Buffer.from(
      '<?xml version="1.0"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file/></xliff>',
    ),
  srt: () => Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nHello\n'),
  json: () => Buffer.from('{"a": "Hello"}'),
  mif: () => Buffer.from("<MIFFile 2015>\n<Para <ParaLine <String `Hi'>>>\n"),
  pdf: pdfBytes,
  png: () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  jpg: () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]),
};

describe('markup handlers', () => {
  it('cover each markup and text extension of the spec exactly once', () => {
    const exts = markupHandlers.flatMap((h) => h.extensions).sort();
    expect(new Set(exts).size).toBe(exts.length);
    expect(exts).toEqual([
      'dita',
      'htm',
      'html',
      'jpeg',
      'jpg',
      'json',
      'mif',
      'pdf',
      'png',
      'srt',
      'txt',
      'xlf',
      'xliff',
      'xml',
    ]);
    for (const ext of exts) expect(DOCUMENT_EXTENSIONS).toContain(ext);
  });

  it('recognise their own bytes and reject mislabelled files', async () => {
    const samples = Object.fromEntries(
      await Promise.all(Object.entries(SAMPLES).map(async ([k, f]) => [k, await f()] as const)),
    );
    // Which labels each sample's bytes may legitimately carry.
    const accepted: Record<string, string[]> = {
      txt: ['txt'],
      html: ['html', 'txt'],
      xlf: ['xlf', 'xml', 'txt'],
      srt: ['srt', 'txt'],
      json: ['json', 'txt'],
      mif: ['mif', 'txt'],
      pdf: ['pdf'],
      png: ['png'],
      jpg: ['jpg'],
    };
    for (const [kind, bytes] of Object.entries(samples)) {
      for (const label of Object.keys(SAMPLES)) {
        const ok = byExt(label).sniff(bytes, label);
        expect(ok, `${kind} bytes labelled .${label}`).toBe(accepted[kind]!.includes(label));
      }
    }
  });

  it('refuse images with a message that says what to do', async () => {
    for (const ext of ['png', 'jpg']) {
      const message = await failure(byExt(ext), ext, await SAMPLES[ext]!());
      expect(message).toMatch(/does not translate images/);
      expect(message).toMatch(/hosted Translation Service account/);
    }
    expect(await failure(byExt('png'), 'png', await SAMPLES['jpg']!())).toMatch(/not a PNG image/);
  });

  it('refuse the bad-file corpus with DocumentFormatError, never a crash or a hang', async () => {
    const corpus: Array<[string, string | Buffer, RegExp]> = [
      ['html', '', /empty/],
      ['html', Buffer.from('<p>caf\xe9</p>', 'latin1'), /UTF-8/],
      ['html', '<div>'.repeat(20_000) + 'deep', /too deeply/],
      ['xml', '<a>' + 'x'.repeat(10) + '</b>', /not well-formed/],
      [
        'xlf',
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><xliff version="1.2">&e;</xliff>',
        /declares entities/,
      ],
      ['json', '{"a": "unterminated', /not valid JSON/],
      ['json', Buffer.from([0xff, 0xfe, 0x7b, 0xd8]), /UTF-8|not valid JSON/],
      ['srt', '1\n00:00:01,000 --> 00:00:02,000\n' + 'word '.repeat(300_000), /longer than 1 MiB/],
      ['mif', '<MIFFile 2015>\n<Para <ParaLine <String `x', /never closed/],
    ];
    for (const [ext, input, expected] of corpus) {
      let message: string;
      try {
        const run = await runHandler(byExt(ext), ext, input);
        message = `succeeded: ${run.units.length} units`;
      } catch (err) {
        expect((err as Error).name, `${ext}: ${(err as Error).message}`).toBe('DocumentFormatError');
        message = (err as Error).message;
      }
      expect(message, ext).toMatch(expected);
    }
  });
});
