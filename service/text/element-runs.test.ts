/**
 * Issue 22, point 2: a run of adjacent inline elements (navigation bar, breadcrumbs, table of contents) is
 * translated element by element, each element's text staying inside it and the elements in their order,
 * however the engine reorders a sentence.
 */
import { describe, expect, it } from 'vitest';
import { CLOSE, openSpan, placeholder, tokenize } from './markers.js';
import { prepareText, type TextOptions } from './prepare.js';

/** An engine that reverses the order of the pieces of a unit and adds a word, as a reordering engine would. */
function reorder(unit: string): string {
  const tokens = tokenize(unit);
  const parts: string[] = [];
  let open: number | undefined;
  let buf = '';
  for (const t of tokens) {
    if (t.kind === 'open') open = t.id;
    else if (t.kind === 'close') {
      parts.push(openSpan(open!) + buf.toUpperCase() + CLOSE);
      buf = '';
      open = undefined;
    } else if (t.kind === 'placeholder') parts.push(placeholder(t.id));
    else if (open !== undefined) buf += t.text;
    else if (t.text.trim()) parts.push(t.text.trim().toUpperCase());
  }
  return parts.reverse().join(' de ');
}

function translate(text: string, options: TextOptions): { units: string[]; out: string } {
  const p = prepareText(text, options);
  return { units: p.units, out: p.rebuild(p.units.map(reorder)) };
}

const html: TextOptions = { tagHandling: 'html', splitSentences: 'nonewlines', sourceLang: 'EN' };

describe('runs of adjacent inline elements', () => {
  it('a navigation bar: one unit per link, links in their order, no words added between them', () => {
    const nav =
      '<nav><a href="/faq">FAQ</a> <a href="/examples">Examples</a> <a href="/notebooks">Notebooks</a> <a href="/gallery">Gallery</a></nav>';
    const { units, out } = translate(nav, html);
    expect(units).toEqual(['FAQ', 'Examples', 'Notebooks', 'Gallery']);
    expect(out).toBe(
      '<nav><a href="/faq">FAQ</a> <a href="/examples">EXAMPLES</a> <a href="/notebooks">NOTEBOOKS</a> <a href="/gallery">GALLERY</a></nav>',
    );
  });

  it('breadcrumbs with a leading plain item and › separators', () => {
    const { units, out } = translate('<p>Home › <a href="/docs">Documentation</a> › <a href="/docs/install">Installing</a></p>', html);
    expect(units).toEqual(['Home ›', 'Documentation', 'Installing']);
    expect(out).toBe('<p>HOME › <a href="/docs">DOCUMENTATION</a> › <a href="/docs/install">INSTALLING</a></p>');
  });

  it('a table of contents separated by <br> and a labelled link list separated by |', () => {
    const toc = '<div><a href="#a">Introduction</a><br><a href="#b">Getting started</a><br><a href="#c">Advanced use</a></div>';
    expect(translate(toc, html).out).toBe(
      '<div><a href="#a">INTRODUCTION</a><br><a href="#b">GETTING STARTED</a><br><a href="#c">ADVANCED USE</a></div>',
    );
    const list = '<p>See also: <a href="/a">Guide</a> | <a href="/b">Notes</a> | <a href="/c">Help</a></p>';
    expect(translate(list, html).out).toBe('<p>SEE ALSO: <a href="/a">GUIDE</a> | <a href="/b">NOTES</a> | <a href="/c">HELP</a></p>');
  });

  it('works with tag_handling=xml too', () => {
    const { units } = translate('<menu><item>Open file</item> <item>Save file</item></menu>', { tagHandling: 'xml', splitSentences: '1' });
    expect(units).toEqual(['Open file', 'Save file']);
  });

  it('elements inside prose stay one sentence', () => {
    expect(translate('<p>Read the <a href="/a">guide</a> and the <a href="/b">notes</a>.</p>', html).units).toHaveLength(1);
    expect(translate('<p>Click <b>Save</b> <i>now</i>.</p>', html).units).toHaveLength(1);
  });

  it('non_splitting_tags and outline_detection=0 keep the run in one unit, as the client asked', () => {
    const xml: TextOptions = { tagHandling: 'xml', splitSentences: '1' };
    expect(translate('<p><x>One</x> <x>Two</x></p>', { ...xml, nonSplittingTags: ['x'] }).units).toHaveLength(1);
    expect(translate('<doc><x>One</x> <x>Two</x></doc>', { ...xml, outlineDetection: false }).units).toHaveLength(1);
  });

  it('ignore_tags content is never sent and comes back byte for byte', () => {
    const text = 'Delete <v>{count}</v> items from <v>C:\\Temp\\a &amp; b</v>?';
    const p = prepareText(text, { tagHandling: 'xml', splitSentences: '1', ignoreTags: ['v'] });
    expect(p.units.join('')).not.toContain('count');
    expect(p.rebuild(p.units.map((u) => u.toUpperCase()))).toBe('DELETE <v>{count}</v> ITEMS FROM <v>C:\\Temp\\a &amp; b</v>?');
  });
});
