import { SaxesParser } from 'saxes';
import type { SaxesTagPlain } from 'saxes';
import { describe, expect, it } from 'vitest';
import { stringHandler } from './common.js';
import { xliffFormat } from './xliff.js';
import { failure, runHandler } from './test-support.js';
import { pseudoUnit } from '../../engines/pseudo.js';
import { engineContext, expectKept, LINK_SEPARATOR, LINKS, PROTECTED_TEXT } from '../lib/round-trip-kit.js';

const handler = stringHandler(xliffFormat);

interface Node {
  name: string;
  attrs: Record<string, string>;
  children: Array<Node | string>;
}

/** A small DOM built with saxes (independent of the handler's own reader). */
function dom(source: string): Node {
  const parser = new SaxesParser();
  const root: Node = { name: '#root', attrs: {}, children: [] };
  const stack = [root];
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const node: Node = { name: tag.name, attrs: { ...tag.attributes }, children: [] };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (t) => void stack[stack.length - 1]!.children.push(t));
  parser.write(source).close();
  return root;
}
function find(node: Node, name: string, out: Node[] = []): Node[] {
  for (const c of node.children) {
    if (typeof c === 'string') continue;
    if (c.name === name) out.push(c);
    find(c, name, out);
  }
  return out;
}
const kids = (n: Node, name: string) =>
  n.children.filter((c): c is Node => typeof c !== 'string' && c.name === name);
const textOf = (n: Node): string => n.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
/** Inline structure of a node: element names and ids in order. */
const codes = (n: Node): string[] =>
  n.children.flatMap((c) =>
    typeof c === 'string' ? [] : [`${c.name}#${c.attrs['id'] ?? c.attrs['mid'] ?? ''}`, ...codes(c)],
  );

const V12 = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file original="app.properties" source-language="en" datatype="plaintext">
    <header><note>Header note</note></header>
    <body>
      <trans-unit id="greeting" resname="hello">
        <source>Hello <g id="1">dear</g> user<x id="2"/>!</source>
        <note from="dev">Shown on start</note>
      </trans-unit>
      <trans-unit id="bold">
        <source>Click <bpt id="1">&lt;b&gt;</bpt>Save<ept id="1">&lt;/b&gt;</ept> now.</source>
        <target state="needs-translation" xml:lang="fr">old</target>
      </trans-unit>
      <trans-unit id="locked">
        <source>Approved text</source>
        <target state="final">Genehmigter Text</target>
      </trans-unit>
      <trans-unit id="no" translate="no">
        <source>Brand</source>
      </trans-unit>
      <group id="g" translate="no">
        <trans-unit id="inner"><source>Inside group</source></trans-unit>
      </group>
      <trans-unit id="seg">
        <source>First sentence. Second one.</source>
        <seg-source><mrk mtype="seg" mid="1">First sentence.</mrk> <mrk mtype="seg" mid="2">Second one.</mrk></seg-source>
      </trans-unit>
    </body>
  </file>
</xliff>
`;

describe('XLIFF 1.2', () => {
  it('fills and replaces targets in place, keeping ids, notes, inline codes and untouched units', async () => {
    const { text: out, result, counted } = await runHandler(handler, 'xlf', V12);
    const doc = dom(out);
    const original = dom(V12);
    expect(find(doc, 'trans-unit').map((u) => u.attrs)).toEqual(
      find(original, 'trans-unit').map((u) => u.attrs),
    );
    expect(find(doc, 'note').map(textOf)).toEqual(['Header note', 'Shown on start']);
    expect(find(doc, 'file')[0]!.attrs['target-language']).toBe('de');
    expect(find(doc, 'file')[0]!.attrs['source-language']).toBe('en');

    const units: Record<string, Node> = Object.fromEntries(
      find(doc, 'trans-unit').map((u) => [u.attrs['id'] ?? '', u]),
    );
    const greeting = kids(units['greeting']!, 'target')[0]!;
    expect(greeting.attrs['state']).toBe('translated');
    expect(textOf(greeting)).toBe('[HELLO DEAR USER!]');
    expect(codes(greeting)).toEqual(codes(kids(units['greeting']!, 'source')[0]!));
    // Schema order: target right after source, before the note.
    expect(units['greeting']!.children.flatMap((c) => (typeof c === 'string' ? [] : [c.name]))).toEqual([
      'source',
      'target',
      'note',
    ]);
    expect(out).toContain(
      '</source>\n        <target state="translated">[HELLO <g id="1">DEAR</g> USER<x id="2"/>!]</target>',
    );

    const bold = kids(units['bold']!, 'target');
    expect(bold).toHaveLength(1);
    expect(bold[0]!.attrs['state']).toBe('translated');
    expect(bold[0]!.attrs['xml:lang']).toBe('de');
    expect(out).toContain(
      '<target state="translated" xml:lang="de">[CLICK <bpt id="1">&lt;b&gt;</bpt>SAVE<ept id="1">&lt;/b&gt;</ept> NOW.]</target>',
    );

    expect(out).toContain('<target state="final">Genehmigter Text</target>');
    expect(kids(units['no']!, 'target')).toHaveLength(0);
    expect(kids(units['inner']!, 'target')).toHaveLength(0);

    const seg = kids(units['seg']!, 'target')[0]!;
    expect(kids(seg, 'mrk').map((m) => [m.attrs['mid'], textOf(m)])).toEqual([
      ['1', '[FIRST SENTENCE.]'],
      ['2', '[SECOND ONE.]'],
    ]);
    expect(result.characters).toBe(counted);
    expect(out.split('\n').length).toBe(V12.split('\n').length + 2);
  });

  it('keeps the native code inside ph, bpt and ept (python-brace parameters, HTML tags) as it is', async () => {
    const source =
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><file original="ns1" datatype="plaintext" source-language="en-US" target-language="de-CH"><body>\n' +
      '<trans-unit id="k1"><source>Process \n  <ph id="doctype" ctype="x-python-brace-param">{doctype}</ph> documents\n</source>' +
      '<target>Verarbeite <ph id="doctype" ctype="x-python-brace-param">{doctype}</ph> Dokumente</target></trans-unit>\n' +
      '<trans-unit id="k2"><source>This is <bpt id="b1-1" rid="b1">&lt;b&gt;</bpt>bold<ept id="b1-2" rid="b1">&lt;/b&gt;</ept> text</source></trans-unit>\n' +
      '</body></file></xliff>';
    const { text: out } = await runHandler(handler, 'xliff', source);
    const units = find(dom(out), 'trans-unit');
    const target = (i: number) => kids(units[i]!, 'target')[0]!;
    expect(textOf(target(0)).replace(/\s+/g, ' ').trim()).toBe('[PROCESS {doctype} DOCUMENTS]');
    expect(codes(target(0))).toEqual(['ph#doctype']);
    expect(textOf(target(1))).toBe('[THIS IS <b>BOLD</b> TEXT]');
    expect(codes(target(1))).toEqual(['bpt#b1-1', 'ept#b1-2']);
  });
});

const V2 = `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en">
  <file id="f1">
    <notes><note id="n1">File note</note></notes>
    <unit id="u1" name="title">
      <segment id="s1">
        <source>Press <pc id="1" dataRefStart="d1">Save</pc> or <ph id="2" dataRef="d2"/> quit.</source>
      </segment>
      <ignorable><source> </source></ignorable>
      <segment id="s2" state="initial">
        <source>Second <sc id="3"/>part<ec startRef="3"/>.</source>
        <target>alt</target>
      </segment>
    </unit>
    <unit id="u2" translate="no">
      <segment><source>Do not translate</source></segment>
    </unit>
    <group id="g1">
      <unit id="u3">
        <segment state="final"><source>Locked</source><target>Gesperrt</target></segment>
        <segment><source>Open</source></segment>
      </unit>
    </group>
  </file>
</xliff>
`;

describe('XLIFF 2.x', () => {
  it('writes segment targets with state and trgLang, keeping inline codes and untouched units', async () => {
    const { text: out } = await runHandler(handler, 'xliff', V2, { targetLang: 'ZH-HANS' });
    const doc = dom(out);
    expect(find(doc, 'xliff')[0]!.attrs).toMatchObject({ version: '2.1', srcLang: 'en', trgLang: 'zh-Hans' });
    const segs = find(doc, 'segment');
    expect(segs).toHaveLength(5);
    const [s1, s2, s3, s4, s5] = segs;
    expect(s1!.attrs['state']).toBe('translated');
    const t1 = kids(s1!, 'target')[0]!;
    expect(textOf(t1)).toBe('[PRESS SAVE OR  QUIT.]');
    expect(codes(t1)).toEqual(codes(kids(s1!, 'source')[0]!));
    expect(s2!.attrs['state']).toBe('translated');
    expect(kids(s2!, 'target')).toHaveLength(1);
    expect(out).toContain('<target>[SECOND <sc id="3"/>PART<ec startRef="3"/>.]</target>');
    expect(kids(s3!, 'target')).toHaveLength(0);
    expect(s3!.attrs['state']).toBeUndefined();
    expect(textOf(kids(s4!, 'target')[0]!)).toBe('Gesperrt');
    expect(textOf(kids(s5!, 'target')[0]!)).toBe('[OPEN]');
    expect(out).toContain('<ignorable><source> </source></ignorable>');
    expect(out).toContain('<notes><note id="n1">File note</note></notes>');
  });

  it('refuses other XML and unknown versions with a clear message', async () => {
    expect(await failure(handler, 'xlf', '<?xml version="1.0"?><root><a>x</a></root>')).toMatch(/not XLIFF/);
    expect(await failure(handler, 'xlf', '<xliff version="3.0"><file/></xliff>')).toMatch(
      /version "3.0" is not supported/,
    );
  });

  it('sniffs XLIFF by its root element', () => {
    expect(handler.sniff(Buffer.from(V12), 'xlf')).toBe(true);
    expect(handler.sniff(Buffer.from('<html><body>x</body></html>'), 'xlf')).toBe(false);
  });
});

describe('XLIFF round trip: placeholders and adjacent links (issue 22)', () => {
  const links12 = LINKS.map((w, i) => `<g id="${i + 1}" ctype="x-html-a">${w}</g>`).join(LINK_SEPARATOR);
  const links2 = LINKS.map((w, i) => `<pc id="${i + 1}" type="link">${w}</pc>`).join(LINK_SEPARATOR);
  const v12 = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="a" source-language="en" datatype="html"><body>
<trans-unit id="kept"><source>${PROTECTED_TEXT}</source></trans-unit>
<trans-unit id="nav"><source>${links12}</source></trans-unit>
</body></file></xliff>
`;
  const v2 = `<?xml version="1.0" encoding="UTF-8"?>
<xliff version="2.1" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en"><file id="f">
<unit id="kept"><segment><source>${PROTECTED_TEXT}</source></segment></unit>
<unit id="nav"><segment><source>${links2}</source></segment></unit>
</file></xliff>
`;
  const cases = [
    ['1.2', v12, 'trans-unit', 'g'],
    ['2.1', v2, 'segment', 'pc'],
  ] as const;
  const targetOf = (out: string, unit: string, i: number) => kids(find(dom(out), unit)[i]!, 'target')[0]!;

  it.each(cases)('XLIFF %s: keeps placeholders, addresses, paths and identifiers byte for byte through the pseudo engine', async (_v, source, unit) => {
    const { text: out } = await runHandler(handler, 'xlf', source, { translate: engineContext('pseudo').translate });
    const kept = textOf(targetOf(out, unit, 0));
    expectKept(kept);
    expect(kept).not.toContain('Delete');
  });

  it.each(cases.flatMap(([v, ...rest]) => (['pseudo', 'reordering'] as const).map((kind) => [v, kind, ...rest] as const)))(
    'XLIFF %s: translates adjacent links one by one, each keeping its own words, in order (%s engine)',
    async (_v, kind, source, unit, code) => {
      const { text: out } = await runHandler(handler, 'xlf', source, { translate: engineContext(kind).translate });
      const tr = (w: string) => (kind === 'pseudo' ? pseudoUnit(w, 'DE') : w.toUpperCase());
      const target = targetOf(out, unit, 1);
      expect(kids(target, code).map((g) => [g.attrs['id'], textOf(g)])).toEqual(LINKS.map((w, i) => [`${i + 1}`, tr(w)]));
      expect(textOf(target)).toBe(LINKS.map(tr).join(LINK_SEPARATOR));
    },
  );
});
