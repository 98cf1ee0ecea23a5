import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { stringHandler } from './common.js';
import { ditaFormat, xmlFormat } from './xml.js';
import { failure, fromUtf32, runHandler, utf32 } from './test-support.js';
import { pseudoUnit } from '../../engines/pseudo.js';
import { engineContext, expectKept, LINK_SEPARATOR, LINKS, PROTECTED_TEXT } from '../lib/round-trip-kit.js';

const xml = stringHandler(xmlFormat);
const dita = stringHandler(ditaFormat);

interface Parsed {
  elements: Array<{ name: string; attributes: Record<string, string> }>;
  texts: Map<string, string>;
}

/** Parses with saxes: element names and attributes in order, and the text content of each element path. */
function saxParse(source: string): Parsed {
  const parser = new SaxesParser();
  const elements: Parsed['elements'] = [];
  const texts = new Map<string, string>();
  const stack: string[] = [];
  const counts = new Map<string, number>();
  parser.on('opentag', (tag) => {
    const base = `${stack.join('/')}/${tag.name}`;
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    stack.push(`${tag.name}[${n}]`);
    elements.push({ name: tag.name, attributes: { ...(tag.attributes as Record<string, string>) } });
  });
  parser.on('closetag', () => void stack.pop());
  const addText = (t: string) => {
    for (let i = 1; i <= stack.length; i++) {
      const key = stack.slice(0, i).join('/');
      texts.set(key, (texts.get(key) ?? '') + t);
    }
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(source).close();
  return { elements, texts };
}

const XML_SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<!-- catalogue -->
<catalog xmlns:x="urn:x" version="2">
  <item id="a1" label="Do not touch">
    <name>Red bicycle</name>
    <desc>A <em>fast</em> bike for <x:brand>Acme</x:brand> riders &amp; friends.<br/>Ships today.</desc>
    <price currency="EUR">120.50</price>
    <empty>   </empty>
  </item>
  <item id="a2" translate="no"><name>Keep me</name></item>
  <note><![CDATA[Cdata text here]]></note>
</catalog>
`;

describe('XML handler', () => {
  it('translates text nodes, keeps attributes, structure and untouched bytes', async () => {
    const { text: out, result, counted, units } = await runHandler(xml, 'xml', XML_SAMPLE);
    const before = saxParse(XML_SAMPLE);
    const after = saxParse(out);
    expect(after.elements).toEqual(before.elements);
    expect(after.texts.get('catalog[1]/item[1]/name[1]')).toBe('[RED BICYCLE]');
    expect(after.texts.get('catalog[1]/item[1]/desc[1]')).toBe(
      '[A FAST BIKE FOR ACME RIDERS & FRIENDS.SHIPS TODAY.]',
    );
    expect(after.texts.get('catalog[1]/item[1]/desc[1]/em[1]')).toBe('FAST');
    expect(after.texts.get('catalog[1]/item[1]/price[1]')).toBe('120.50');
    expect(after.texts.get('catalog[1]/item[2]/name[1]')).toBe('Keep me');
    expect(after.texts.get('catalog[1]/note[1]')).toBe('[CDATA TEXT HERE]');
    expect(
      out.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- catalogue -->\n<catalog xmlns:x="urn:x" version="2">',
      ),
    ).toBe(true);
    expect(out).toContain('<empty>   </empty>');
    expect(out).toContain('<item id="a2" translate="no"><name>Keep me</name></item>');
    expect(out).toContain('RIDERS &amp; FRIENDS.<br/>SHIPS');
    expect(units).toHaveLength(3);
    expect(result.characters).toBe(counted);
  });

  it('refuses entity declarations (bombs, external entities) and broken files with clear messages', async () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<lolz>&lol2;</lolz>`;
    expect(await failure(xml, 'xml', bomb)).toMatch(/declares entities/);
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>`;
    expect(await failure(xml, 'xml', xxe)).toMatch(/declares entities/);
    expect(await failure(xml, 'xml', '<a><b>text</a>')).toMatch(/not well-formed XML.*Fix it/);
    expect(await failure(xml, 'xml', '<a>&nbsp;</a>')).toMatch(/not well-formed/);
    expect(await failure(xml, 'xml', '')).toMatch(/empty/);
    expect(await failure(xml, 'xml', Buffer.from('<a>caf\xe9</a>', 'latin1'))).toMatch(/UTF-8/);
    expect(
      await failure(xml, 'xml', '<a>' + '<b>'.repeat(5000) + 'x' + '</b>'.repeat(5000) + '</a>'),
    ).toMatch(/deep/);
  });

  it('declares UTF-8 when the declaration named another encoding, since the output is UTF-8', async () => {
    const { text: out } = await runHandler(
      xml,
      'xml',
      "<?xml version='1.0' encoding='ISO-8859-1'?><a>Cafe</a>",
    );
    expect(out).toBe("<?xml version='1.0' encoding='UTF-8'?><a>[CAFE]</a>");
  });

  it('writes a UTF-32 BE document back in UTF-32 BE with its declaration', async () => {
    const source = '\uFEFF<?xml version="1.0" encoding="UTF-32"?><a>Grüße 😀</a>';
    const { output } = await runHandler(xml, 'xml', utf32(source, false));
    expect(fromUtf32(output, false)).toBe('\uFEFF<?xml version="1.0" encoding="UTF-32"?><a>[GRÜSSE 😀]</a>');
  });

  it('accepts a DOCTYPE that only names an external DTD (never fetched)', async () => {
    const source =
      '<?xml version="1.0"?>\n<!DOCTYPE note SYSTEM "http://127.0.0.1:9/note.dtd">\n<note>Hello there</note>\n';
    const { text: out } = await runHandler(xml, 'xml', source);
    expect(out).toBe(source.replace('Hello there', '[HELLO THERE]'));
  });
});

const DITA_SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE task PUBLIC "-//OASIS//DTD DITA Task//EN" "task.dtd">
<task id="install" xml:lang="en-US">
  <title>Install the <keyword>Verso</keyword> app</title>
  <shortdesc>How to install it.</shortdesc>
  <taskbody>
    <steps>
      <step><cmd>Click <uicontrol>Next</uicontrol> and run <codeph>verso --init</codeph>.</cmd></step>
    </steps>
    <codeblock>npm install verso</codeblock>
    <draft-comment>Check this later</draft-comment>
  </taskbody>
</task>
`;

describe('DITA handler', () => {
  it('translates running text and skips code, keywords and writer comments', async () => {
    const { text: out } = await runHandler(dita, 'dita', DITA_SAMPLE);
    const before = saxParse(DITA_SAMPLE);
    const after = saxParse(out);
    expect(after.elements).toEqual(before.elements);
    expect(after.texts.get('task[1]/title[1]')).toBe('[INSTALL THE Verso APP]');
    expect(after.texts.get('task[1]/shortdesc[1]')).toBe('[HOW TO INSTALL IT.]');
    expect(after.texts.get('task[1]/taskbody[1]/steps[1]/step[1]/cmd[1]')).toBe(
      '[CLICK NEXT AND RUN verso --init.]',
    );
    expect(out).toContain('<codeblock>npm install verso</codeblock>');
    expect(out).toContain('<draft-comment>Check this later</draft-comment>');
    expect(out).toContain('<!DOCTYPE task PUBLIC "-//OASIS//DTD DITA Task//EN" "task.dtd">');
  });

  it('translates the search keywords of the prolog, but not a keyword in running text', async () => {
    const source =
      '<concept id="c"><title>Apache Tika</title><prolog><metadata><keywords><keyword>Content</keyword>' +
      '<keyword>Toolkit</keyword></keywords></metadata></prolog><conbody><p>Use <keyword>Tika</keyword> here.</p></conbody></concept>';
    const { text: out } = await runHandler(dita, 'dita', source);
    expect(out).toBe(
      '<concept id="c"><title>[APACHE TIKA]</title><prolog><metadata><keywords><keyword>[CONTENT]</keyword>' +
        '<keyword>[TOOLKIT]</keyword></keywords></metadata></prolog><conbody><p>[USE <keyword>Tika</keyword> HERE.]</p></conbody></concept>',
    );
  });
});

describe('XML and DITA round trip: placeholders and adjacent links (issue 22)', () => {
  const generic =
    `<?xml version="1.0" encoding="UTF-8"?>\n<doc><para>${PROTECTED_TEXT}</para>` +
    `<para>${LINKS.map((w) => `<link href="/${w.toLowerCase()}">${w}</link>`).join(LINK_SEPARATOR)}</para></doc>\n`;
  const topic =
    `<?xml version="1.0" encoding="UTF-8"?>\n<topic id="t"><title>Start</title><body><p>${PROTECTED_TEXT}</p>` +
    `<p>${LINKS.map((w) => `<xref href="${w.toLowerCase()}.dita">${w}</xref>`).join(LINK_SEPARATOR)}</p></body></topic>\n`;
  const cases = [
    ['xml', xml, generic, 'para', (w: string, t: string) => `<link href="/${w.toLowerCase()}">${t}</link>`],
    ['dita', dita, topic, 'p', (w: string, t: string) => `<xref href="${w.toLowerCase()}.dita">${t}</xref>`],
  ] as const;

  it.each(cases)('%s: keeps placeholders, addresses, paths and identifiers byte for byte through the pseudo engine', async (ext, handler, source, block) => {
    const { text } = await runHandler(handler, ext, source, { translate: engineContext('pseudo').translate });
    const first = new RegExp(`<${block}>([\\s\\S]*?)</${block}>`).exec(text)![1]!;
    expectKept(first);
    expect(first).not.toContain('Delete');
  });

  it.each(cases.flatMap(([ext, ...rest]) => (['pseudo', 'reordering'] as const).map((kind) => [ext, kind, ...rest] as const)))(
    '%s: translates adjacent links one by one, each keeping its own words, in order (%s engine)',
    async (ext, kind, handler, source, block, link) => {
      const { text } = await runHandler(handler, ext, source, { translate: engineContext(kind).translate });
      const tr = (w: string) => (kind === 'pseudo' ? pseudoUnit(w, 'DE') : w.toUpperCase());
      const blocks = [...text.matchAll(new RegExp(`<${block}>([\\s\\S]*?)</${block}>`, 'g'))].map((m) => m[1]);
      expect(blocks[1]).toBe(LINKS.map((w) => link(w, tr(w))).join(LINK_SEPARATOR));
    },
  );
});
