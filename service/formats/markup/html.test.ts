import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes as T } from 'parse5';
import { describe, expect, it } from 'vitest';
import { stringHandler } from './common.js';
import { htmlFormat } from './html.js';
import { runHandler } from './test-support.js';
import { pseudoUnit } from '../../engines/pseudo.js';
import { engineContext, expectKept, LINK_SEPARATOR, LINKS, PROTECTED_TEXT } from '../lib/round-trip-kit.js';

const handler = stringHandler(htmlFormat);

const SAMPLE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Shop &amp; more</title>
  <style>p { color: red; } /* Hello style */</style>
  <script>const greeting = "Hello world";</script>
</head>
<body>
  <!-- A comment that stays -->
  <h1 title="Main heading">Welcome to our shop</h1>
  <p>Press <b>Save</b> to keep <i>your <u>changes</u></i>.<br>Then close the window.</p>
  <img src="a.png" alt='A red car'>
  <p>Run <code>npm test</code> before you commit.</p>
  <pre>const keep = 1;
if (keep) {
  run();
}</pre>
  <p translate="no">Do not translate me</p>
  <p class="x notranslate">Brand Name</p>
  <input type="text" placeholder="Your name">
  <ul><li>First item</li><li>Second <a href="/x" title="Go there">link</a> here</li></ul>
</body>
</html>
`;

type El = T.Element;
const isEl = (n: T.Node): n is El => 'tagName' in n;

function all(node: T.ParentNode, out: El[] = []): El[] {
  for (const c of node.childNodes) {
    if (isEl(c)) {
      out.push(c);
      all(c.tagName === 'template' ? (c as T.Template).content : c, out);
    }
  }
  return out;
}
function text(node: T.Node): string {
  if (node.nodeName === '#text') return (node as T.TextNode).value;
  return 'childNodes' in node ? node.childNodes.map(text).join('') : '';
}
const attrOf = (el: El, name: string) => el.attrs.find((a) => a.name === name)?.value;

/**
 * The document with every text node that holds letters (outside script/style/pre/code/translate=no) and the
 * translatable attribute values replaced by `#`, so everything else can be compared byte for byte.
 */
function masked(source: string): string {
  const doc = parse(source, { sourceCodeLocationInfo: true });
  const ranges: Array<[number, number]> = [];
  const walk = (node: T.ParentNode, skip: boolean): void => {
    for (const c of node.childNodes) {
      if (c.nodeName === '#text' && !skip && /\p{L}/u.test((c as T.TextNode).value)) {
        ranges.push([c.sourceCodeLocation!.startOffset, c.sourceCodeLocation!.endOffset]);
      } else if (isEl(c)) {
        const off =
          skip ||
          ['script', 'style', 'pre', 'code'].includes(c.tagName) ||
          attrOf(c, 'translate') === 'no' ||
          (attrOf(c, 'class') ?? '').includes('notranslate');
        for (const name of ['alt', 'title', 'placeholder', 'lang']) {
          const loc = c.sourceCodeLocation?.attrs?.[name];
          if (loc && !off) ranges.push([loc.startOffset, loc.endOffset]);
        }
        walk(c, off);
      }
    }
  };
  walk(doc, false);
  ranges.sort((a, b) => b[0] - a[0]);
  let out = source;
  for (const [s, e] of ranges) out = out.slice(0, s) + '#' + out.slice(e);
  return out;
}

describe('HTML handler', () => {
  it('translates text, inline markup and attributes and leaves every other byte alone', async () => {
    const { text: out, result, counted, units } = await runHandler(handler, 'html', SAMPLE);
    expect(masked(out)).toBe(masked(SAMPLE));
    const before = all(parse(SAMPLE));
    const after = all(parse(out));
    expect(after.map((e) => e.tagName)).toEqual(before.map((e) => e.tagName));

    const byTag = (tag: string) => after.filter((e) => e.tagName === tag);
    expect(text(byTag('h1')[0]!)).toBe('[WELCOME TO OUR SHOP]');
    const p1 = byTag('p')[0]!;
    expect(text(p1)).toBe('[PRESS SAVE TO KEEP YOUR CHANGES.THEN CLOSE THE WINDOW.]');
    expect(text(byTag('b')[0]!)).toBe('SAVE');
    expect(text(byTag('u')[0]!)).toBe('CHANGES');
    expect(all(p1).map((e) => e.tagName)).toEqual(['b', 'i', 'u', 'br']);
    expect(text(byTag('title')[0]!)).toBe('[SHOP & MORE]');
    expect(out).toContain('<title>[SHOP &amp; MORE]</title>');

    expect(attrOf(byTag('img')[0]!, 'alt')).toBe('[A RED CAR]');
    expect(attrOf(byTag('h1')[0]!, 'title')).toBe('[MAIN HEADING]');
    expect(attrOf(byTag('input')[0]!, 'placeholder')).toBe('[YOUR NAME]');
    expect(attrOf(byTag('a')[0]!, 'title')).toBe('[GO THERE]');
    expect(attrOf(byTag('html')[0]!, 'lang')).toBe('de');

    // Untouched regions, byte for byte.
    expect(out.startsWith('<!DOCTYPE html>\n<html lang="de">')).toBe(true);
    for (const keep of [
      '<style>p { color: red; } /* Hello style */</style>',
      '<script>const greeting = "Hello world";</script>',
      '<!-- A comment that stays -->',
      '<code>npm test</code>',
      '<pre>const keep = 1;\nif (keep) {\n  run();\n}</pre>',
      '<p translate="no">Do not translate me</p>',
      '<p class="x notranslate">Brand Name</p>',
    ]) {
      expect(out).toContain(keep);
    }
    expect(text(byTag('p')[1]!)).toBe('[RUN npm test BEFORE YOU COMMIT.]');

    // A sentence with inline tags is one unit; the code element is a placeholder in it.
    expect(units.filter((u) => u.includes('Press'))).toHaveLength(1);
    expect(units.find((u) => u.includes('Press'))).toMatch(/\uE000\d+\uE001Save\uE002/);
    expect(units.some((u) => u.includes('npm test'))).toBe(false);
    expect(result.characters).toBe(counted);
    expect(result.characters).toBeGreaterThan(50);
  });

  it('translates a <pre> of prose paragraph by paragraph with its line breaks and indentation, and keeps code blocks', async () => {
    const prose =
      '<pre>[107th Congress Public Law 56]\n&lt;DOC&gt;\n\n\n    UNITING AND STRENGTHENING AMERICA \n REQUIRED TO INTERCEPT\n\n' +
      '    (a) Short title.--This Act may be cited as\nthe USA Act of 2001.\n</pre>';
    const code = '<pre>x = 1\ny = x + 2\nprint(y)</pre><pre class="language-sh">make all and go home</pre><pre><code>Hello world</code></pre>';
    const { text: out, units } = await runHandler(handler, 'html', `<body>${prose}${code}</body>`);
    expect(out).toBe(
      '<body><pre>[[107TH CONGRESS PUBLIC LAW 56]\n&lt;DOC&gt;]\n\n\n    [UNITING AND STRENGTHENING AMERICA \n REQUIRED TO INTERCEPT]\n\n' +
        `    [(A) SHORT TITLE.--THIS ACT MAY BE CITED AS\nTHE USA ACT OF 2001.]\n</pre>${code}</body>`,
    );
    expect(units.map((u) => u.trim())).toHaveLength(3);
  });

  it('translates inside a link that is a whole list item and leaves empty elements at the edges of a run in place', async () => {
    const source =
      '<div><span>People also search</span><a role="button" aria-label="Close" id="c" /></div>' +
      '<ul><li><a href="/a">Founded by</a></li><li> <a href="/b">Headquarters</a> <img src="i.png"></li></ul>';
    const { text: out } = await runHandler(handler, 'html', source);
    expect(out).toBe(
      '<div><span>[PEOPLE ALSO SEARCH]</span><a role="button" aria-label="[CLOSE]" id="c" /></div>' +
        '<ul><li><a href="/a">[FOUNDED BY]</a></li><li> <a href="/b">[HEADQUARTERS]</a> <img src="i.png"></li></ul>',
    );
    // The parser sees the same links before and after (an `<a … />` is an open tag that text after it would join).
    const links = (html: string) => all(parse(html)).filter((e) => e.tagName === 'a').map((e) => attrOf(e, 'href') ?? '');
    expect(links(out)).toEqual(links(source));
  });

  it('keeps CRLF line endings and adds lang when the html tag has none', async () => {
    const source = '<html>\r\n<body>\r\n<p>Hello\r\nworld</p>\r\n</body>\r\n</html>\r\n';
    const { text: out } = await runHandler(handler, 'htm', source, { targetLang: 'PT-BR' });
    expect(out).toBe('<html lang="pt-BR">\r\n<body>\r\n<p>[HELLO\r\nWORLD]</p>\r\n</body>\r\n</html>\r\n');
  });

  it('handles a fragment without html, head or body', async () => {
    const { text: out } = await runHandler(handler, 'html', '<div>One <em>two</em> three</div>\n<p>Four</p>');
    expect(out).toBe('<div>[ONE <em>TWO</em> THREE]</div>\n<p>[FOUR]</p>');
  });

  it('declares utf-8 when the page named another charset, since the output is UTF-8', async () => {
    const source =
      '<head><meta charset="windows-1252"><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"></head><p>Cafe</p>';
    const { text: out } = await runHandler(handler, 'html', source);
    expect(out).toBe(
      '<head><meta charset="utf-8"><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><p>[CAFE]</p>',
    );
  });

  it('sniffs HTML and rejects other content', () => {
    expect(handler.sniff(Buffer.from('<!doctype html><p>x'), 'html')).toBe(true);
    expect(handler.sniff(Buffer.from('\uFEFF  <div>x</div>'), 'html')).toBe(true);
    expect(handler.sniff(Buffer.from('%PDF-1.7 ...'), 'html')).toBe(false);
    expect(handler.sniff(Buffer.from('{"a": 1}'), 'html')).toBe(false);
  });
});

describe('HTML round trip: placeholders and adjacent links (issue 22)', () => {
  const page =
    `<!doctype html><html lang="en"><body><p>${PROTECTED_TEXT}</p>` +
    `<nav>${LINKS.map((w) => `<a href="/${w.toLowerCase()}">${w}</a>`).join(LINK_SEPARATOR)}</nav></body></html>`;

  it('keeps placeholders, addresses, paths and identifiers byte for byte through the pseudo engine', async () => {
    const { text } = await runHandler(handler, 'html', page, { translate: engineContext('pseudo').translate });
    const p = /<p>([\s\S]*?)<\/p>/.exec(text)![1]!;
    expectKept(p);
    expect(p).not.toContain('Delete');
  });

  it.each([['pseudo'], ['reordering']] as const)('translates adjacent links one by one, each keeping its own words, in order (%s engine)', async (kind) => {
    const { text } = await runHandler(handler, 'html', page, { translate: engineContext(kind).translate });
    const tr = (w: string) => (kind === 'pseudo' ? pseudoUnit(w, 'DE') : w.toUpperCase());
    const nav = /<nav>([\s\S]*?)<\/nav>/.exec(text)![1]!;
    expect(nav).toBe(LINKS.map((w) => `<a href="/${w.toLowerCase()}">${tr(w)}</a>`).join(LINK_SEPARATOR));
  });
});
