import { describe, expect, it } from 'vitest';
import { findProtectedSpans, type ProtectedKind } from './spans.js';

/** `kind:text` of every span, checking offsets agree with the text and spans are ordered and disjoint. */
function spans(text: string): string[] {
  const found = findProtectedSpans(text);
  let end = 0;
  for (const s of found) {
    expect(s.start).toBeGreaterThanOrEqual(end);
    expect(s.end).toBeGreaterThan(s.start);
    expect(text.slice(s.start, s.end)).toBe(s.text);
    end = s.end;
  }
  return found.map((s) => `${s.kind}:${s.text}`);
}

function only(text: string, kind: ProtectedKind, span: string): void {
  expect(spans(text)).toEqual([`${kind}:${span}`]);
}

describe('findProtectedSpans: placeholders', () => {
  it.each([
    ['Delete {count} items?', '{count}'],
    ['File {0} of {1}', '{0}'],
    ['Hello, {{user.name}}!', '{{user.name}}'],
    ['Unescaped {{{html}}} here', '{{{html}}}'],
    ['Total: ${x} left', '${x}'],
    ['Hello %{name}, welcome', '%{name}'],
    ['Cannot open %s.', '%s'],
    ['%d files', '%d'],
    ['Step %1$s of %2$s', '%1$s'],
    ['Welcome back, %(name)s!', '%(name)s'],
    ['Took %.2f seconds', '%.2f'],
    ['Size: %lld bytes', '%lld'],
    ['Shared by %@', '%@'],
    ['Deleted %1 files', '%1'],
    ['Python {} and more', '{}'],
    ['Ratio {0:.2f} now', '{0:.2f}'],
    ['Price {price, number, ::currency/EUR} due', '{price, number, ::currency/EUR}'],
    ['Open %APPDATA% first', '%APPDATA%'],
    ['Extension $APP_NAME$ ready', '$APP_NAME$'],
    ['Hi $name, hello', '$name'],
  ])('%s keeps %s', (text, span) => {
    expect(spans(text)[0]).toBe(`placeholder:${span}`);
  });

  it('finds every placeholder of a string', () => {
    expect(spans('Step %1$s of %2$s: {name} uploaded %d files to {{folder}}')).toEqual([
      'placeholder:%1$s',
      'placeholder:%2$s',
      'placeholder:{name}',
      'placeholder:%d',
      'placeholder:{{folder}}',
    ]);
  });

  it('`%%` is kept (a printf literal percent)', () => {
    expect(spans('100%% done')).toEqual(['placeholder:%%']);
  });
});

describe('findProtectedSpans: ICU', () => {
  it('protects plural syntax and # but not the branch texts', () => {
    const text = 'You have {n, plural, =0 {no messages} one {# message} other {# messages}}.';
    expect(spans(text)).toEqual([
      'icu:{n, plural, =0 {',
      'icu:} one {',
      'icu:#',
      'icu:} other {',
      'icu:#',
      'icu:}}',
    ]);
    // The prose between the spans is exactly what a translator sees.
    const found = findProtectedSpans(text);
    const gaps: string[] = [];
    let at = 0;
    for (const s of found) {
      gaps.push(text.slice(at, s.start));
      at = s.end;
    }
    gaps.push(text.slice(at));
    expect(gaps.filter((g) => g.trim())).toEqual(['You have ', 'no messages', ' message', ' messages', '.']);
  });

  it('select with placeholders inside the branches', () => {
    expect(spans('{gender, select, female {She invited {guest}} male {He invited {guest}} other {They invited {guest}}}')).toEqual([
      'icu:{gender, select, female {',
      'placeholder:{guest}',
      'icu:} male {',
      'placeholder:{guest}',
      'icu:} other {',
      'placeholder:{guest}',
      'icu:}}',
    ]);
  });

  it('# outside a plural is prose; selectordinal and offset are ICU', () => {
    expect(spans('Issue #12 is open')).toEqual([]);
    expect(spans('{pos, selectordinal, one {#st} two {#nd} other {#th}} place')).toEqual([
      'icu:{pos, selectordinal, one {',
      'icu:#',
      'icu:} two {',
      'icu:#',
      'icu:} other {',
      'icu:#',
      'icu:}}',
    ]);
    expect(spans('{n, plural, offset:1 =0 {nobody} other {# others}}')[0]).toBe('icu:{n, plural, offset:1 =0 {');
  });

  it('nested plural inside select', () => {
    expect(spans('{g, select, other {{n, plural, one {# cat} other {# cats}}}}')).toEqual([
      'icu:{g, select, other {',
      'icu:{n, plural, one {',
      'icu:#',
      'icu:} other {',
      'icu:#',
      'icu:}}',
      'icu:}}',
    ]);
  });
});

describe('findProtectedSpans: addresses, paths, versions', () => {
  it.each<[string, ProtectedKind, string]>([
    ['See https://example.com/docs?a=1&b=2#top.', 'url', 'https://example.com/docs?a=1&b=2#top'],
    ['(https://en.wikipedia.org/wiki/Foo_(bar))', 'url', 'https://en.wikipedia.org/wiki/Foo_(bar)'],
    ['Go to www.example.org, then', 'url', 'www.example.org'],
    ['Write to mailto:help@example.com today', 'url', 'mailto:help@example.com'],
    ['Write to anna.berg@example.co.uk.', 'email', 'anna.berg@example.co.uk'],
    ['Open /home/anna/.config/verso/settings.json.', 'path', '/home/anna/.config/verso/settings.json'],
    ['Edit ~/.bashrc now', 'path', '~/.bashrc'],
    ['Run ./configure first', 'path', './configure'],
    ['Copy to $HOME/.config/verso', 'path', '$HOME/.config/verso'],
    ['See src/app/main.ts for it', 'path', 'src/app/main.ts'],
    ['Install into C:\\Program Files\\Verso\\verso.exe and restart', 'path', 'C:\\Program Files\\Verso\\verso.exe'],
    ['Saved in %APPDATA%\\Verso\\settings.ini.', 'path', '%APPDATA%\\Verso\\settings.ini'],
    ['Share \\\\server\\share\\report.docx today', 'path', '\\\\server\\share\\report.docx'],
    ['Open settings.json to edit', 'path', 'settings.json'],
    ['Version 1.2.3 is out', 'version', '1.2.3'],
    ['Requires v2.0 or later.', 'version', 'v2.0'],
    ['Try 2.0-beta today', 'version', '2.0-beta'],
    ['Build 10.0.19045.1234.', 'version', '10.0.19045.1234'],
  ])('%s', (text, kind, span) => only(text, kind, span));
});

describe('findProtectedSpans: identifiers and code', () => {
  it.each<[string, ProtectedKind, string]>([
    ['Set COMPANY_CODE first', 'identifier', 'COMPANY_CODE'],
    ['Set MAX_RETRY_COUNT_2 first', 'identifier', 'MAX_RETRY_COUNT_2'],
    ['The user_name field', 'identifier', 'user_name'],
    ['Call __init__ once', 'identifier', '__init__'],
    ['The fooBar option', 'identifier', 'fooBar'],
    ['The getUserName method', 'identifier', 'getUserName'],
    ['A UserService instance', 'identifier', 'UserService'],
    ['The app.title key', 'identifier', 'app.title'],
    ['See menu.file.open here', 'identifier', 'menu.file.open'],
    ['Call init() first', 'identifier', 'init()'],
    ['Run `npm install verso` now', 'code', '`npm install verso`'],
    ['Before\n```\nmake all\n```\nafter', 'code', '```\nmake all\n```'],
  ])('%s', (text, kind, span) => only(text, kind, span));

  it('Unicode letters in CAPS_SNAKE', () => {
    only('Die Variable ÄNDERUNG_ERLAUBT ist', 'identifier', 'ÄNDERUNG_ERLAUBT');
  });
});

describe('findProtectedSpans: prose stays translatable', () => {
  it.each([
    'Save your changes before closing the window.',
    'The quick brown fox jumps over the lazy dog. Then it sleeps.',
    'Use a short name, e.g. your first name.',
    'That is, i.e. the default, is fine.',
    'He moved to the U.S. in 1999.',
    'I bought 3 apples and 12 pears.',
    'The city has 3.5 million people.',
    'Get 50 % off today, or 20 % de remise.',
    'It is 100% free.',
    'Yes and/or no.',
    'Issue #12 was fixed on 12/03/2024.',
    'Click "Save" (or press Enter).',
    'Mr. Smith arrived at 10:30 a.m. sharp!',
    '¿Dónde está la estación? Está allí.',
    'Ein schöner Tag – nicht wahr?',
    '',
  ])('%s', (text) => {
    expect(spans(text)).toEqual([]);
  });

  it('capitalised words and acronyms without underscore (NASA, OK, HTML) are prose: the engine may keep them', () => {
    // Documented choice: a single word of capitals is left to the engine, which keeps unknown words anyway.
    expect(spans('NASA says OK to HTML and PDF files')).toEqual([]);
  });

  it('the sentence-ending period is never part of a span', () => {
    for (const text of ['Open settings.json.', 'See https://example.com.', 'Use v1.2.3.', 'Set COMPANY_CODE.']) {
      const found = findProtectedSpans(text);
      expect(found).toHaveLength(1);
      expect(found[0]!.text.endsWith('.')).toBe(false);
    }
  });

  it('the prose around a span is untouched', () => {
    const text = 'Delete {count} items from /tmp/verso/cache? Contact admin@example.com.';
    const found = findProtectedSpans(text);
    expect(found.map((s) => s.text)).toEqual(['{count}', '/tmp/verso/cache', 'admin@example.com']);
    let rest = '';
    let at = 0;
    for (const s of found) {
      rest += text.slice(at, s.start) + '@';
      at = s.end;
    }
    rest += text.slice(at);
    expect(rest).toBe('Delete @ items from @? Contact @.');
  });
});
