/**
 * prepareText: units an engine sees and the text rebuilt from translated units, for plain text and for XML
 * and HTML tag handling. The round-trip and markup-safety checks are properties over generated inputs.
 */
import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { closeSpan, openSpan, placeholder, stripMarkers, tokenize, type Token } from './markers.js';
import { countBillable, prepareText, TextInputError, type TextOptions } from './prepare.js';

/** Writes marker tokens back to a marked string. */
function serialize(tokens: Token[]): string {
  return tokens
    .map((t) => (t.kind === 'text' ? t.text : t.kind === 'open' ? openSpan(t.id) : t.kind === 'close' ? closeSpan() : placeholder(t.id)))
    .join('');
}

/** A stand-in engine: changes the text, keeps every marker. */
function upper(unit: string): string {
  return serialize(tokenize(unit).map((t) => (t.kind === 'text' ? { ...t, text: t.text.toUpperCase() } : t)));
}

/** Readable form of a marked unit for assertions: <0>…</> spans and {1} placeholders. */
function show(unit: string): string {
  return unit.replace(/\uE000(\d+)\uE001/g, '<$1>').replace(/\uE002/g, '</>').replace(/\uE003(\d+)\uE001/g, '{$1}');
}

function units(text: string, options: TextOptions): string[] {
  return prepareText(text, options).units.map(show);
}

function translate(text: string, options: TextOptions, engine: (unit: string) => string): string {
  const prepared = prepareText(text, options);
  return prepared.rebuild(prepared.units.map(engine));
}

/** The tags of a markup string, attribute values left out (translated attributes change them). */
function tags(markup: string): string[] {
  return [...markup.matchAll(/<[^>]*>/g)].map((m) => m[0].replace(/=\s*("[^"]*"|'[^']*'|[^\s>]*)/g, '=')).sort();
}

function wellFormedXml(markup: string): boolean {
  const parser = new SaxesParser({ fragment: true });
  let ok = true;
  parser.on('error', () => {
    ok = false;
  });
  parser.write(markup).close();
  return ok;
}

function cleanUnits(list: string[]): boolean {
  return list.every((u) => !/[\u0000\uE000-\uE003]/.test(stripMarkers(u)) && u === u.trim());
}

// ---------------------------------------------------------------------------------------------------------
// Generators

/** TEXT_PROPERTY_RUNS=10 multiplies the generated cases, for a deeper search than the default run. */
const runs = (n: number): number => n * Math.max(1, Number(process.env.TEXT_PROPERTY_RUNS) || 1);

const PLAIN_PIECES = [
  'Hello', 'world', 'Mr.', 'Dr.', 'z. B.', 'e.g.', '3.', 'M.', ' ', '  ', '\t', '\n', '\r\n', '\r', '\n\n', '.', '!',
  '?', '…', '。', '！', '？', '"', '«', '»', '„', '“', '(', ')', '😀', '👩‍👩‍👧', '漢字', 'です', 'مرحبا بك', 'שלום', '\u00a0',
  '\u2028', '\uE000', '\uE001', '\uE002', '\uE0031\uE001', '\u0000', '\ud800', 'é', 'É', '-', '¿Qué?', '3.50', 'a', 'B',
];
const plainText = fc.oneof(
  fc.array(fc.constantFrom(...PLAIN_PIECES), { maxLength: 40 }).map((a) => a.join('')),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const splitMode = fc.constantFrom<'0' | '1' | 'nonewlines'>('0', '1', 'nonewlines');

const TEXT_PIECES = ['Hello', 'world', ' ', '\n', '\r\n', '. ', 'Mr. ', '! ', '&amp;', '&lt;', '&gt;', '&#233;', '&#x1F600;', '😀', '漢字。', 'é', '"', "'", '\uE000', '&#xE001;', 'Second sentence.'];
const XML_NAMES = ['p', 'b', 'i', 'x', 'note', 'ph', 'span'];

interface XmlGen {
  node: string;
  text: string;
}
function xmlTree(extraPieces: string[]): fc.Arbitrary<string> {
  const gen = fc.letrec<XmlGen>((tie) => ({
    text: fc.array(fc.constantFrom(...TEXT_PIECES, ...extraPieces), { minLength: 1, maxLength: 6 }).map((a) => a.join('')),
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      tie('text') as fc.Arbitrary<string>,
      tie('text') as fc.Arbitrary<string>,
      fc.constantFrom('<br/>', '<!-- note -->', '<![CDATA[a < b]]>', '<?pi data?>', '<x a="1"/>'),
      fc
        .tuple(
          fc.constantFrom(...XML_NAMES),
          fc.constantFrom('', ' a="v &amp; w"', " title='t'", ' xml:lang="en"'),
          fc.array(tie('node') as fc.Arbitrary<string>, { maxLength: 4 }),
        )
        .map(([name, attr, kids]) => `<${name}${attr}>${kids.join('')}</${name}>`),
    ),
  }));
  return fc.array(gen.node, { maxLength: 5 }).map((a) => a.join(''));
}

const tagSubset = fc.subarray(XML_NAMES, { maxLength: 2 });
const xmlOptions = fc
  .record({
    splitSentences: splitMode,
    tagHandlingVersion: fc.constantFrom<'v1' | 'v2' | undefined>('v1', 'v2', undefined),
    outlineDetection: fc.constantFrom(true, false, undefined),
    splittingTags: tagSubset,
    nonSplittingTags: tagSubset,
    ignoreTags: tagSubset,
    preserveFormatting: fc.boolean(),
    sourceLang: fc.constantFrom('EN', 'DE', 'JA', undefined),
  })
  .map((o) => ({ ...o, tagHandling: 'xml' as const, nonSplittingTags: o.nonSplittingTags.filter((t) => !o.splittingTags.includes(t)) }));

const HTML_PIECES = [
  '<p>', '</p>', '<b>', '</b>', '<i>', '</i>', '<br>', '<img alt="A cat" src=x.png>', '<img alt=Logo>', '<!-- c -->',
  '<script>if (a<b) run("</p>")</script>', '<style>p>b{}</style>', '&amp;', '&nbsp;', '&copy', '&eacute;', '<', '>',
  '</div>', '<table><tr><td>', 'Hello ', 'world. ', 'Mr. Smith ', '\n', '\r\n', '<title>Page &amp; more</title>',
  '<!DOCTYPE html>', '<span translate="no">', '</span>', '<code>x = 1;</code>', '<a title="Go home" href="/">',
  '</a>', '<div class="notranslate">', '<pre>\n  keep  </pre>', '<input type=submit value="Send now">', '<x-y>',
  '<![CDATA[x]]>', '<?php echo 1 ?>', '</br>', '😀', '漢字。', '\uE000', '\u0000', '<textarea>a & b</textarea>',
];
const htmlSoup = fc.array(fc.constantFrom(...HTML_PIECES), { maxLength: 30 }).map((a) => a.join(''));
const htmlOptions = fc.record({
  splitSentences: splitMode,
  tagHandlingVersion: fc.constantFrom<'v1' | 'v2' | undefined>('v1', 'v2', undefined),
  outlineDetection: fc.constantFrom(true, false, undefined),
  ignoreTags: fc.subarray(['b', 'span', 'a'], { maxLength: 1 }),
  preserveFormatting: fc.boolean(),
  tagHandling: fc.constant('html' as const),
});

/** Engines that move, split, merge and drop spans and placeholders, the way real ones do. */
const misbehave = fc.constantFrom<(unit: string) => string>(
  (u) => serialize(tokenize(u).reverse().map((t) => (t.kind === 'open' ? { kind: 'close' } : t.kind === 'close' ? t : t))),
  (u) => {
    const toks = tokenize(u);
    const texts = toks.filter((t) => t.kind === 'text').map((t) => (t as { text: string }).text.toUpperCase());
    const markers = toks.filter((t) => t.kind !== 'text');
    return serialize([...markers, { kind: 'text', text: texts.join(' ') }]);
  },
  (u) => serialize(tokenize(u).flatMap((t) => (t.kind === 'text' ? [t] : []))),
  (u) => u + u,
  (u) =>
    serialize(
      tokenize(u).flatMap((t) => {
        if (t.kind !== 'text' || t.text.length < 2) return [t];
        const half = Math.floor(t.text.length / 2);
        return [{ kind: 'text', text: t.text.slice(0, half) }, { kind: 'close' }, { kind: 'text', text: ' X ' }, { kind: 'open', id: 0 }, { kind: 'text', text: t.text.slice(half) }] as Token[];
      }),
    ),
  (u) => `${u}\uE0009\uE001ghost\uE002\uE00377\uE001\uE002`,
);

// ---------------------------------------------------------------------------------------------------------

describe('identity round trip (property)', () => {
  it('gives back plain text byte for byte for every option combination', () => {
    fc.assert(
      fc.property(plainText, splitMode, fc.boolean(), fc.constantFrom('EN', 'DE', 'FR', 'JA', undefined), (text, mode, pf, lang) => {
        const prepared = prepareText(text, { splitSentences: mode, preserveFormatting: pf, sourceLang: lang });
        expect(cleanUnits(prepared.units)).toBe(true);
        expect(prepared.rebuild(prepared.units)).toBe(text);
      }),
      { numRuns: runs(400) },
    );
  });

  it('gives back generated XML byte for byte for every tag option', () => {
    fc.assert(
      fc.property(xmlTree(['&nbsp;']), xmlOptions, (text, options) => {
        let prepared;
        try {
          prepared = prepareText(text, options);
        } catch (err) {
          // Only v1 may refuse, and only for the undefined entity.
          expect(err).toBeInstanceOf(TextInputError);
          expect(options.tagHandlingVersion).toBe('v1');
          expect((err as Error).message).toContain('undefined entity');
          return;
        }
        expect(cleanUnits(prepared.units)).toBe(true);
        expect(prepared.rebuild(prepared.units)).toBe(text);
      }),
      { numRuns: runs(300) },
    );
  });

  it('gives back any HTML, even tag soup, byte for byte', () => {
    fc.assert(
      fc.property(htmlSoup, htmlOptions, (text, options) => {
        const prepared = prepareText(text, options);
        expect(cleanUnits(prepared.units)).toBe(true);
        expect(prepared.rebuild(prepared.units)).toBe(text);
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('markup safety when engines move, split, merge or drop spans (property)', () => {
  it('XML: every tag appears exactly once and the result is well-formed', () => {
    fc.assert(
      fc.property(xmlTree([]), xmlOptions, misbehave, (text, options, engine) => {
        const out = translate(text, options, engine);
        expect(tags(out)).toEqual(tags(text));
        expect(wellFormedXml(out)).toBe(true);
      }),
      { numRuns: runs(300) },
    );
  });

  it('HTML: every tag of well-formed input appears exactly once', () => {
    fc.assert(
      fc.property(xmlTree([]), htmlOptions, misbehave, (text, options, engine) => {
        const out = translate(text, options, engine);
        expect(tags(out)).toEqual(tags(text));
      }),
      { numRuns: runs(200) },
    );
  });
});

describe('plain text', () => {
  it('keeps the whitespace between sentences outside the units and restores it', () => {
    const text = '  Hello world.  How are you?\r\n\r\nFine, thanks! ';
    expect(units(text, { splitSentences: '1' })).toEqual(['Hello world.', 'How are you?', 'Fine, thanks!']);
    expect(translate(text, { splitSentences: '1' }, upper)).toBe('  HELLO WORLD.  HOW ARE YOU?\r\n\r\nFINE, THANKS! ');
  });

  it('joins a wrapped line into one sentence with nonewlines (issue 22) and does not split with 0', () => {
    expect(units('A line\nwithout end. Next.', { splitSentences: 'nonewlines' })).toEqual(['A line without end.', 'Next.']);
    expect(translate('A line\nwithout end. Next.', { splitSentences: 'nonewlines' }, upper)).toBe('A LINE\nWITHOUT END. NEXT.');
    expect(units(' A line\nwithout end. Next. ', { splitSentences: '0' })).toEqual(['A line\nwithout end. Next.']);
  });

  it('sends no unit for empty or blank text', () => {
    const prepared = prepareText(' \n ', { splitSentences: '1' });
    expect(prepared.units).toEqual([]);
    expect(prepared.rebuild([])).toBe(' \n ');
  });

  it('protects marker code points and NUL in user text as placeholders', () => {
    const text = 'A\uE000B\u0000C.';
    expect(units(text, { splitSentences: '1' })).toEqual(['A{0}B{1}C.']);
    expect(translate(text, { splitSentences: '1' }, (u) => u.toLowerCase())).toBe('a\uE000b\u0000c.');
  });

  it('drops whitespace an engine adds at the edges of a unit', () => {
    expect(translate('I love it. Yes.', { splitSentences: '1' }, (u) => ` ${u} `)).toBe('I love it. Yes.');
  });

  it('preserve_formatting restores edge punctuation and first-letter case', () => {
    const engine = (u: string): string => ({ 'hello world': 'Hola mundo.', '¿Qué tal?': 'How are you' })[u] ?? u;
    expect(translate('hello world', { splitSentences: '1', preserveFormatting: true }, engine)).toBe('hola mundo');
    expect(translate('hello world', { splitSentences: '1', preserveFormatting: false }, engine)).toBe('Hola mundo.');
    expect(translate('¿Qué tal?', { splitSentences: '1', preserveFormatting: true }, engine)).toBe('¿How are you?');
  });

  it('rejects unknown option values with a message that names the parameter', () => {
    expect(() => prepareText('x', { splitSentences: '2' as '1' })).toThrow(/split_sentences must be/);
    expect(() => prepareText('x', { splitSentences: '1', tagHandling: 'json' as 'xml' })).toThrow(/tag_handling must be/);
  });
});

describe('XML tag handling', () => {
  const xml = (o: Partial<TextOptions> = {}): TextOptions => ({ splitSentences: 'nonewlines', tagHandling: 'xml', ...o });

  it('carries nested inline tags as one span id per run and splits at structure', () => {
    const text = '<doc><p>Hello <b>bold <i>both</i> end</b> world. Second <x/> one.</p><p>Third</p></doc>';
    expect(units(text, xml())).toEqual(['Hello <0>bold </><1>both</><0> end</> world.', 'Second {0} one.', 'Third']);
    expect(translate(text, xml(), upper)).toBe('<doc><p>HELLO <b>BOLD <i>BOTH</i> END</b> WORLD. SECOND <x/> ONE.</p><p>THIRD</p></doc>');
  });

  it('writes moved spans where the engine put them', () => {
    const text = '<p>The <b>red</b> car.</p>';
    expect(units(text, xml())).toEqual(['The <0>red</> car.']);
    const out = translate(text, xml(), () => 'El coche \uE0000\uE001rojo\uE002.');
    expect(out).toBe('<p>El coche <b>rojo</b>.</p>');
  });

  it('joins a span the engine split in two into one element around both parts', () => {
    const out = translate('<p>It is <i>very fast</i>.</p>', xml(), () => 'Es \uE0000\uE001muy\uE002 \uE0000\uE001rápido\uE002.');
    expect(out).toBe('<p>Es <i>muy rápido</i>.</p>');
  });

  it('writes a dropped span and placeholder once at the end of the unit', () => {
    const out = translate('<p>A <b>b</b> c<br/>d.</p>', xml(), () => 'x y z.');
    expect(out).toBe('<p>x y z.<b></b><br/></p>');
  });

  it('does not split a sentence inside an inline element', () => {
    expect(units('<p>One. <b>Two. Three.</b> Four.</p>', xml())).toEqual(['One.', '<0>Two. Three.</>', 'Four.']);
    expect(units('<p>One. <b>Two. Three</b> four. Five.</p>', xml())).toEqual(['One.', '<0>Two. Three</> four.', 'Five.']);
  });

  it('keeps ignore_tags content untouched and away from the engine', () => {
    const text = '<p>Run <cmd>rm -rf x. Now!</cmd> carefully.</p>';
    expect(units(text, xml({ ignoreTags: ['cmd'] }))).toEqual(['Run {0} carefully.']);
    expect(translate(text, xml({ ignoreTags: ['cmd'] }), upper)).toBe('<p>RUN <cmd>rm -rf x. Now!</cmd> CAREFULLY.</p>');
  });

  it('splits only at splitting_tags when outline_detection is false', () => {
    const text = '<doc><par>One</par><par>Two</par></doc>';
    expect(units(text, xml())).toEqual(['One', 'Two']);
    expect(units(text, xml({ outlineDetection: false }))).toEqual(['<0>One</><1>Two</>']);
    expect(units(text, xml({ outlineDetection: false, splittingTags: ['par'] }))).toEqual(['One', 'Two']);
  });

  it('never splits at non_splitting_tags', () => {
    const text = '<p><a>Click</a><b>here</b></p>';
    expect(units(text, xml())).toEqual(['Click', 'here']);
    expect(units(text, xml({ nonSplittingTags: ['a', 'b'] }))).toEqual(['<0>Click</><1>here</>']);
  });

  it('refuses a tag listed as both splitting and non-splitting', () => {
    expect(() => prepareText('<a/>', xml({ splittingTags: ['a'], nonSplittingTags: ['a'] }))).toThrow(/both splitting_tags and non_splitting_tags/);
  });

  it('keeps comments, CDATA, processing instructions and the declaration verbatim', () => {
    const text = '<?xml version="1.0"?>\n<!-- head --><p>Say <![CDATA[<hi>]]> now.<?pi x?></p>';
    expect(units(text, xml())).toEqual(['Say {0} now.']);
    expect(translate(text, xml(), upper)).toBe('<?xml version="1.0"?>\n<!-- head --><p>SAY <![CDATA[<hi>]]> NOW.<?pi x?></p>');
  });

  it('accepts a document with a declaration, comments and a DTD', () => {
    const text = '<?xml version="1.0"?>\n<!-- c --><!DOCTYPE doc [<!ENTITY co "ACME">]>\n<doc><p>Made by &co;. Today.</p></doc>\n';
    expect(units(text, xml())).toEqual(['Made by {0}.', 'Today.']);
    expect(translate(text, xml(), upper)).toBe(text.replace('Made by', 'MADE BY').replace('Today', 'TODAY'));
  });

  it('v2 keeps the source spelling of entities; v1 writes minimal escapes', () => {
    const text = '<p>Caf&#233; &amp; cr&#xE8;me &lt;3.</p>';
    expect(units(text, xml())).toEqual(['Café & crème <3.']);
    const engine = (u: string): string => u.replace('Café', 'café');
    expect(translate(text, xml(), engine)).toBe('<p>caf&#233; &amp; cr&#xE8;me &lt;3.</p>');
    expect(translate(text, xml({ tagHandlingVersion: 'v1' }), engine)).toBe('<p>café &amp; crème &lt;3.</p>');
  });

  it('v2 keeps undefined entities verbatim; v1 rejects them', () => {
    const text = '<p>Hello&nbsp;world.</p>';
    expect(units(text, xml())).toEqual(['Hello{0}world.']);
    expect(translate(text, xml(), upper)).toBe('<p>HELLO&nbsp;WORLD.</p>');
    expect(() => prepareText(text, xml({ tagHandlingVersion: 'v1' }))).toThrow(TextInputError);
  });

  it('rejects malformed XML with what is wrong and where', () => {
    const cases: Array<[string, RegExp]> = [
      ['<p>Hello <b>world</p>', /line 1, column \d+.*unexpected close tag/],
      ['<p>Hello\n<b>world', /line 2.*unclosed tag/],
      ['<p a=1>x</p>', /line 1/],
      ['<p>a & b</p>', /line 1.*must be written as "&amp;" \(the first bare one is at line 1, column 6\)/],
    ];
    for (const [text, message] of cases) {
      let error: unknown;
      try {
        prepareText(text, xml());
      } catch (err) {
        error = err;
      }
      expect(error, text).toBeInstanceOf(TextInputError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toMatch(/Fix the markup/);
    }
  });
});

describe('HTML tag handling', () => {
  const html = (o: Partial<TextOptions> = {}): TextOptions => ({ splitSentences: 'nonewlines', tagHandling: 'html', ...o });

  it('leaves script, style, code, pre, comments, translate="no" and notranslate untouched', () => {
    const text =
      '<!DOCTYPE html><html><head><style>p{}</style></head><body><p>Run <code>ls -la</code> now.</p>' +
      '<pre>Keep. This.</pre><!-- A comment. --><p translate="no">Not me.</p><p class="x notranslate">Nor me.</p>' +
      '<script>var s = "Hello.";</script><p>Bye.</p></body></html>';
    expect(units(text, html())).toEqual(['Run {0} now.', 'Bye.']);
    expect(translate(text, html(), upper)).toBe(text.replace('Run <code>', 'RUN <code>').replace('</code> now.', '</code> NOW.').replace('Bye.', 'BYE.'));
  });

  it('translates alt, title, placeholder and aria-label, keeping quotes', () => {
    const text = '<p title="Greeting">Hi <img alt=\'A cat\' src="c.png"> there.</p><input placeholder="Your name" aria-label=Name>';
    expect(units(text, html())).toEqual(['Greeting', 'Hi {0} there.', 'A cat', 'Your name', 'Name']);
    const out = translate(text, html(), (u) => (u === 'Name' ? 'Full name' : upper(u)));
    expect(out).toBe('<p title="GREETING">HI <img alt=\'A CAT\' src="c.png"> THERE.</p><input placeholder="YOUR NAME" aria-label="Full name">');
  });

  it('preserve_formatting works around span markers', () => {
    const options = html({ preserveFormatting: true });
    expect(translate('<p>hello <b>world</b></p>', options, () => 'Hola \uE0000\uE001mundo\uE002.')).toBe('<p>hola <b>mundo</b></p>');
  });

  it('escapes quotes a translation puts into an attribute', () => {
    const out = translate('<img alt="x">', html(), () => 'say "hi" & \'bye\'');
    expect(out).toBe('<img alt="say &quot;hi&quot; &amp; \'bye\'">');
  });

  it('keeps line breaks in a paragraph with the html default nonewlines, and treats <br> as a break with 1', () => {
    const text = '<p>First line<br>second line.\n  Next.</p>';
    expect(units(text, html())).toEqual(['First line{0}second line.', 'Next.']);
    expect(units(text, html({ splitSentences: '1' }))).toEqual(['First line', 'second line.', 'Next.']);
  });

  it('keeps entities and stray markup of tag soup exactly', () => {
    const text = '<p>Tom &amp; Jerry&nbsp;&copy; <b>wor</i>ld</b> 3 < 4</p>';
    expect(units(text, html())).toEqual(['Tom & Jerry\u00a0© <0>wor</>{1}<0>ld</> 3 < 4']);
    expect(translate(text, html(), upper)).toBe('<p>TOM &amp; JERRY&nbsp;&copy; <b>WOR</i>LD</b> 3 &lt; 4</p>');
  });

  it('splits around an inline element that holds a block, keeping every tag once', () => {
    const text = '<div>One <b>two <p>three</p> four</b> five</div>';
    expect(units(text, html())).toEqual(['One', 'two', 'three', 'four', 'five']);
    expect(translate(text, html(), upper)).toBe('<div>ONE <b>TWO <p>THREE</p> FOUR</b> FIVE</div>');
  });

  it('ignore_tags adds to the built-in list', () => {
    expect(units('<p>Call <brand>Verso Cloud</brand> today.</p>', html({ ignoreTags: ['brand'] }))).toEqual(['Call {0} today.']);
  });
});

describe('countBillable', () => {
  it('counts Unicode code points, markup included', () => {
    expect(countBillable('héllo')).toBe(5);
    expect(countBillable('😀👍')).toBe(2);
    expect(countBillable('<b>漢字</b>')).toBe(9);
    expect(countBillable('\ud800x')).toBe(2);
  });
});
