import { describe, expect, it } from 'vitest';
import { stringHandler } from './common.js';
import { isCodeLike, jsonFormat } from './json.js';
import { failure, runHandler } from './test-support.js';
import { engineContext, expectKept, PROTECTED_TEXT } from '../lib/round-trip-kit.js';

const handler = stringHandler(jsonFormat);

const SAMPLE = `{
  "b": "Save changes",
  "2": "Two items",
  "1": {
    "greeting": "Hello {name}, you have {{count}} new messages",
    "printf": "Copied %1$s of %d files",
    "plural": "{count, plural, one {# file} other {# files}} selected"
  },
  "big": 12345678901234567890,
  "url": "https://example.com/docs",
  "mail": "help@example.com",
  "id": "settings.title_main",
  "camel": "primaryButton",
  "list": ["First", "Second line\\nwith \\"quotes\\""],
  "flag": true,
  "html": "Press <b>OK</b>"
}
`;

/** All string leaves with their paths. */
function leaves(value: unknown, path = '', out: Record<string, string> = {}): Record<string, string> {
  if (typeof value === 'string') out[path] = value;
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) leaves(v, `${path}/${k}`, out);
  }
  return out;
}

describe('JSON handler', () => {
  it('translates string values only and keeps keys, order, numbers and formatting', async () => {
    const { text: out, result, counted } = await runHandler(handler, 'json', SAMPLE);
    const parsed = JSON.parse(out);
    expect(leaves(parsed)).toEqual({
      '/1/greeting': '[HELLO {name}, YOU HAVE {{count}} NEW MESSAGES]',
      '/1/printf': '[COPIED %1$s OF %d FILES]',
      '/1/plural': '[{count, plural, one {# file} other {# files}} SELECTED]',
      '/2': '[TWO ITEMS]',
      '/b': '[SAVE CHANGES]',
      '/url': 'https://example.com/docs',
      '/mail': 'help@example.com',
      '/id': 'settings.title_main',
      '/camel': 'primaryButton',
      '/list/0': '[FIRST]',
      '/list/1': '[SECOND LINE\nWITH "QUOTES"]',
      '/html': '[PRESS <b>OK</b>]',
    });
    // Key order as written (JSON.parse would put "1" and "2" first) and the big number untouched.
    const keysInText = [...out.matchAll(/^ {2}"([^"]+)":/gm)].map((m) => m[1]);
    expect(keysInText).toEqual(['b', '2', '1', 'big', 'url', 'mail', 'id', 'camel', 'list', 'flag', 'html']);
    expect(out).toContain('"big": 12345678901234567890,');
    // Masking every string value gives the same skeleton.
    const mask = (s: string) =>
      s.replace(/"(?:[^"\\]|\\.)*"(\s*:)?/g, (m, key?: string) => (key ? m : '"#"'));
    expect(mask(out)).toBe(mask(SAMPLE));
    expect(result.characters).toBe(counted);
  });

  it('translates i18next resources: context and plural keys kept, {{count}} kept, strings inside arrays of objects', async () => {
    const source =
      '{"dessert|muffin_other": "{{count}} nice muffins", "array": ["element one", {"elementThree": [{"nested": "element three"}]}]}';
    const { text: out } = await runHandler(handler, 'json', source);
    expect(out).toBe(
      '{"dessert|muffin_other": "[{{count}} NICE MUFFINS]", "array": ["[ELEMENT ONE]", {"elementThree": [{"nested": "[ELEMENT THREE]"}]}]}',
    );
  });

  it('refuses invalid JSON with the position', async () => {
    expect(await failure(handler, 'json', '{"a": "x",, }')).toMatch(
      /not valid JSON \(.*line 1, column \d+\)/,
    );
    expect(await failure(handler, 'json', '   ')).toMatch(/empty/);
    expect(await failure(handler, 'json', '['.repeat(100000))).toMatch(/JSON/);
  });

  it('tells code-like strings from prose', () => {
    for (const s of [
      'https://x.org',
      'a@b.io',
      'snake_case',
      'lowerCamel',
      'a/b/c',
      '#ff00aa',
      '2024-01-05',
      'ABC123',
      '42',
    ]) {
      expect(isCodeLike(s), s).toBe(true);
    }
    for (const s of ['Save', 'OK', 'Hello world', 'e.g. this one', 'Version 2'])
      expect(isCodeLike(s), s).toBe(false);
  });

  it('sniffs JSON', () => {
    expect(handler.sniff(Buffer.from('\uFEFF  {"a":1}'), 'json')).toBe(true);
    expect(handler.sniff(Buffer.from('// c\n[1]'), 'json')).toBe(true);
    expect(handler.sniff(Buffer.from('<p>x</p>'), 'json')).toBe(false);
  });
});

describe('JSON round trip: placeholders (issue 22)', () => {
  // JSON strings have no links.
  it('keeps placeholders, addresses, paths and identifiers byte for byte through the pseudo engine', async () => {
    const source = JSON.stringify({ dialog: { confirm: PROTECTED_TEXT } }, null, 2);
    const { text } = await runHandler(handler, 'json', source, { translate: engineContext('pseudo').translate });
    const value = (JSON.parse(text) as { dialog: { confirm: string } }).dialog.confirm;
    expectKept(value);
    expect(value).not.toContain('Delete');
  });
});
