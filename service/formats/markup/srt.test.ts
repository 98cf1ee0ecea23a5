import { describe, expect, it } from 'vitest';
import { stringHandler } from './common.js';
import { rebreak, srtFormat } from './srt.js';
import { CLOSE, openSpan, tokenize } from '../../text/markers.js';
import { failure, runHandler, utf32 } from './test-support.js';
import { engineContext, expectKept, PROTECTED_TEXT } from '../lib/round-trip-kit.js';

const handler = stringHandler(srtFormat);

const SAMPLE = [
  '1',
  '00:00:01,000 --> 00:00:03,500',
  'Hello there, how are you',
  'doing this fine morning?',
  '',
  '2',
  '00:00:04,000 --> 00:00:06,000 X1:100 X2:200 Y1:10 Y2:20',
  '<i>I am fine</i>, thank you.',
  '',
  '3',
  '00:00:06,500 --> 00:00:08,000',
  '{\\an8}- Who is there?',
  '- Nobody.',
  '',
  '4',
  '00:00:09,000 --> 00:00:10,000',
  '♪ ♪',
  '',
].join('\r\n');

/** Independent reader: blocks of index, timing, text lines. */
function cues(text: string): Array<{ index: string; timing: string; lines: string[] }> {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n\r?\n/)
    .filter((b) => b.trim() !== '')
    .map((b) => {
      const [index = '', timing = '', ...lines] = b.replace(/(\r?\n)+$/, '').split(/\r?\n/);
      return { index, timing, lines };
    });
}

describe('SRT handler', () => {
  it('translates cue text and keeps indexes, timings, coordinates, CRLF, BOM and line counts', async () => {
    const input = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(SAMPLE)]);
    const { output, text, result, counted } = await runHandler(handler, 'srt', input);
    expect([...output.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    const before = cues(SAMPLE);
    const after = cues(text);
    expect(after.map((c) => [c.index, c.timing, c.lines.length])).toEqual(
      before.map((c) => [c.index, c.timing, c.lines.length]),
    );
    expect(after[0]!.lines.join(' ')).toBe('[HELLO THERE, HOW ARE YOU DOING THIS FINE MORNING?]');
    expect(after[1]!.lines).toEqual(['[<i>I AM FINE</i>, THANK YOU.]']);
    expect(after[2]!.lines).toEqual(['[{\\an8}- WHO IS THERE?]', '[- NOBODY.]']);
    expect(after[3]!.lines).toEqual(['♪ ♪']);
    expect(result.characters).toBe(counted);
  });

  it('translates a cue whose timing has no milliseconds (as some subtitle editors write it)', async () => {
    const source = '\uFEFF1\n00:01:39 --> 00:01:41,04\n(deep rumbling)\n\n2\n00:02:04,08 --> 00:02:07,12\nHello\n';
    const { text } = await runHandler(handler, 'srt', source);
    expect(text).toBe('\uFEFF1\n00:01:39 --> 00:01:41,04\n[(DEEP RUMBLING)]\n\n2\n00:02:04,08 --> 00:02:07,12\n[HELLO]\n');
  });

  it('reads UTF-16 and UTF-32 (LE and BE, with BOM) and writes the result back in the same encoding', async () => {
    const source = '\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\n<i>Grüße</i> 😀\r\n';
    const expected = '\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\n[<i>GRÜSSE</i> 😀]\r\n';
    const utf16 = (text: string, le: boolean) => {
      const b = Buffer.from(text, 'utf16le');
      return le ? b : b.swap16();
    };
    const cases: Array<[string, (t: string) => Buffer, number[]]> = [
      ['UTF-16 LE', (t) => utf16(t, true), [0xff, 0xfe]],
      ['UTF-16 BE', (t) => utf16(t, false), [0xfe, 0xff]],
      ['UTF-32 LE', (t) => utf32(t, true), [0xff, 0xfe, 0, 0]],
      ['UTF-32 BE', (t) => utf32(t, false), [0, 0, 0xfe, 0xff]],
    ];
    for (const [name, encode, bom] of cases) {
      const { output, result, counted } = await runHandler(handler, 'srt', encode(source));
      expect([...output.subarray(0, bom.length)], name).toEqual(bom);
      expect(output.equals(encode(expected)), name).toBe(true);
      expect(result.characters).toBe(counted);
    }
  });

  it('re-breaks a cue into lines of similar length, outside tags', () => {
    expect(rebreak('one two three four', 2)).toEqual(['one two', 'three four']);
    expect(rebreak('<font color="red">aa bb</font> cc dd', 2)).toEqual([
      '<font color="red">aa bb</font>',
      'cc dd',
    ]);
    expect(rebreak('single', 2)).toEqual(['single']);
  });

  it('refuses files without cue timings', async () => {
    expect(await failure(handler, 'srt', 'just some text\nand more\n')).toMatch(/no cue timing lines/);
  });

  it('sniffs SRT by its timing line', () => {
    expect(handler.sniff(Buffer.from(SAMPLE), 'srt')).toBe(true);
    expect(handler.sniff(Buffer.from('<html>'), 'srt')).toBe(false);
  });

  it('formatting tags around a whole cue stay around the whole translation (issue 22)', async () => {
    // An engine that splits a span around its words, as Apertium does with a sentence it reorders.
    const units: string[] = [];
    const splitting = async (batch: string[]) =>
      batch.map((u) => {
        units.push(u);
        const tokens = tokenize(u);
        if (tokens.some((t) => t.kind === 'open')) {
          const id = tokens.find((t) => t.kind === 'open')!.id;
          return `${openSpan(id)}[EL PERRO${CLOSE} QUE ${openSpan(id)}LADRA]${CLOSE}`;
        }
        return u.replace('[dog barking]', '[EL PERRO QUE LADRA]').toUpperCase();
      });
    const cue = '1\n00:00:01,000 --> 00:00:02,000\n<b><u>[dog barking]</u></b>\n\n2\n00:00:03,000 --> 00:00:04,000\n<i>Delete {count} items?</i> Yes.\n';
    const { text } = await runHandler(handler, 'srt', cue, { translate: splitting });
    expect(units[0]).toBe('[dog barking]');
    expect(text).toContain('<b><u>[EL PERRO QUE LADRA]</u></b>');
  });
});

describe('SRT round trip: placeholders (issue 22)', () => {
  // Subtitles have no links; their formatting tags are covered above and in the service's corpus.
  it('keeps placeholders, addresses, paths and identifiers byte for byte through the pseudo engine', async () => {
    const source = ['1', '00:00:01,000 --> 00:00:04,000', PROTECTED_TEXT, ''].join('\r\n');
    const { text } = await runHandler(handler, 'srt', source, { translate: engineContext('pseudo').translate });
    const body = text.split('\r\n').slice(2).join(' ');
    expectKept(body);
    expect(body).not.toContain('Delete');
    expect(text.startsWith('1\r\n00:00:01,000 --> 00:00:04,000\r\n')).toBe(true);
  });
});
