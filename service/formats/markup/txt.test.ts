import { describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamText, txtHandler } from './txt.js';
import { failure, fromUtf32, runHandler, utf32 } from './test-support.js';
import { engineContext, expectKept, PROTECTED_TEXT } from '../lib/round-trip-kit.js';

const SEPARATOR = /(\r?\n(?:[ \t]*\r?\n)+)/;

/** Paragraphs and separators of a text, read independently of the handler. */
function pieces(text: string): { paragraphs: string[]; separators: string[] } {
  const parts = text.split(SEPARATOR);
  return { paragraphs: parts.filter((_, i) => i % 2 === 0), separators: parts.filter((_, i) => i % 2 === 1) };
}

describe('txt handler', () => {
  it('translates paragraphs, keeping separators, CRLF and edge whitespace', async () => {
    const input =
      '  First paragraph\r\nstill first.\r\n\r\n \r\nSecond one.\r\n\r\n12345\r\n\r\nThird.  \r\n';
    const { text: out, result, counted, units } = await runHandler(txtHandler, 'txt', input);
    const a = pieces(input);
    const b = pieces(out);
    expect(b.separators).toEqual(a.separators);
    expect(b.paragraphs).toHaveLength(a.paragraphs.length);
    expect(b.paragraphs[0]).toBe('  [FIRST PARAGRAPH\r\nSTILL FIRST.]');
    expect(b.paragraphs[1]).toBe('[SECOND ONE.]');
    expect(b.paragraphs[2]).toBe('12345');
    expect(b.paragraphs[3]).toBe('[THIRD.]  \r\n');
    // The engine sees LF only; CRLF is restored on the way out.
    expect(units.some((u) => u.includes('\r'))).toBe(false);
    expect(result.characters).toBe(counted);
    expect(counted).toBe([...'First paragraph\nstill first.Second one.Third.'].length);
  });

  it('reads and writes UTF-16 LE and BE with BOM and UTF-8 with BOM', async () => {
    const text = 'Grüße aus Köln\n\nZweiter Absatz ✓';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const outLe = (await runHandler(txtHandler, 'txt', le)).output;
    expect([...outLe.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(new TextDecoder('utf-16le').decode(outLe)).toBe('[GRÜSSE AUS KÖLN]\n\n[ZWEITER ABSATZ ✓]');

    const be = Buffer.from(le.subarray(2)).swap16();
    const outBe = (await runHandler(txtHandler, 'txt', Buffer.concat([Buffer.from([0xfe, 0xff]), be])))
      .output;
    expect([...outBe.subarray(0, 2)]).toEqual([0xfe, 0xff]);
    expect(new TextDecoder('utf-16be').decode(outBe)).toBe('[GRÜSSE AUS KÖLN]\n\n[ZWEITER ABSATZ ✓]');

    const bom = (await runHandler(txtHandler, 'txt', Buffer.from('\uFEFFHello', 'utf8'))).output;
    expect([...bom]).toEqual([...Buffer.from('\uFEFF[HELLO]', 'utf8')]);
  });

  it('reads and writes UTF-32 LE and BE with BOM, across read chunks, and refuses broken UTF-32', async () => {
    // Long enough to span several 256 KiB read chunks; an emoji outside the BMP in every paragraph.
    const text = Array.from({ length: 10000 }, (_, i) => `Paragraph ${i} grüßt 😀 ✓`).join('\n\n');
    for (const le of [true, false]) {
      const input = utf32(`\uFEFF${text}`, le);
      expect(input.length).toBeGreaterThan(3 * 256 * 1024);
      const { output, result, counted } = await runHandler(txtHandler, 'txt', input);
      expect([...output.subarray(0, 4)]).toEqual(le ? [0xff, 0xfe, 0, 0] : [0, 0, 0xfe, 0xff]);
      expect(output.length % 4).toBe(0);
      const back = fromUtf32(output, le);
      expect(back.startsWith('\uFEFF[PARAGRAPH 0 GRÜSST 😀 ✓]\n\n[PARAGRAPH 1 ')).toBe(true);
      expect(back.split('\n\n')).toHaveLength(10000);
      expect(result.characters).toBe(counted);
    }
    const broken = Buffer.concat([utf32('\uFEFFHello', true), Buffer.from([0, 0, 0x11, 0])]);
    expect(await failure(txtHandler, 'txt', broken)).toMatch(/UTF-32 LE byte-order mark but is not valid UTF-32 LE.*save it as UTF-8/);
  });

  it('streams a file larger than its read chunks, writing paragraph batches as it goes', async () => {
    const paragraph = (i: number) => `Paragraph number ${i} has a few words in it.\nAnd a second line.`;
    const input = Array.from({ length: 40_000 }, (_, i) => paragraph(i)).join('\n\n') + '\n';
    expect(input.length).toBeGreaterThan(2 * 1024 * 1024);
    const { text: out } = await runHandler(txtHandler, 'txt', input, {
      translate: async (batch) => batch.map((u) => u.toUpperCase()),
    });
    expect(out).toBe(input.toUpperCase());

    const dir = await mkdtemp(join(tmpdir(), 'verso-txt-'));
    try {
      await writeFile(join(dir, 'in.txt'), input);
      const writes: number[] = [];
      await streamText(join(dir, 'in.txt'), {
        translate: async (batch) => batch,
        write: async (text) => void writes.push(text.length),
      });
      // Output leaves in pieces of about one read chunk (plus the paragraph carried over), never whole.
      expect(writes.length).toBeGreaterThan(2);
      expect(Math.max(...writes)).toBeLessThan(1.5 * 1024 * 1024);
      expect(writes.reduce((a, b) => a + b, 0)).toBe(input.length);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('cuts an over-long paragraph at line breaks and refuses an over-long single line', async () => {
    const long = Array.from({ length: 40_000 }, (_, i) => `line ${i} of one paragraph`).join('\n');
    expect(long.length).toBeGreaterThan(1024 * 1024);
    const { text: out } = await runHandler(txtHandler, 'txt', long, {
      translate: async (batch) => batch.map((u) => u.toUpperCase()),
    });
    expect(out).toBe(long.toUpperCase());
    expect(await failure(txtHandler, 'txt', 'word '.repeat(300_000))).toMatch(/line longer than 1 MiB/);
  });

  it('refuses empty files and bytes that are not UTF-8', async () => {
    expect(await failure(txtHandler, 'txt', '')).toMatch(/empty/);
    expect(await failure(txtHandler, 'txt', Buffer.from('Caf\xe9 cr\xe8me', 'latin1'))).toMatch(
      /Save it as UTF-8/,
    );
    expect(await failure(txtHandler, 'txt', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]))).toMatch(/UTF-8/);
  });
});


describe('TXT round trip: placeholders (issue 22)', () => {
  // Plain text has no links.
  it('keeps placeholders, addresses, paths and identifiers byte for byte through the pseudo engine', async () => {
    const { text } = await runHandler(txtHandler, 'txt', `${PROTECTED_TEXT}\n\nSecond paragraph.\n`, { translate: engineContext('pseudo').translate });
    const [first] = text.split('\n\n');
    expectKept(first!);
    expect(first).not.toContain('Delete');
  });
});
