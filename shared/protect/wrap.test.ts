import { describe, expect, it } from 'vitest';
import { chooseKeepTag, keptSpans, protectRequest, unescapeXmlText, unwrapText, wrapText, type TagOptions } from './wrap.js';

type Opts = TagOptions & { targetLang?: string };

/** What a spec-following service does with `ignore_tags`: translates (here: upper-cases) everything else. */
function fakeService(text: string, tag: string): string {
  const parts = text.split(new RegExp(`(<${tag}>[\\s\\S]*?</${tag}>|<[^>]+>|&[#\\w]+;)`));
  return parts.map((p, i) => (i % 2 === 1 ? p : p.toUpperCase())).join('');
}

describe('protectRequest on plain text', () => {
  it('wraps placeholders, paths and identifiers, switches to xml with the element ignored, and restores them', () => {
    const texts = ['Delete {count} items?', 'Open /home/anna/.config/verso/settings.json & set COMPANY_CODE <b>now</b>'];
    const p = protectRequest(texts, { targetLang: 'ES' } as Opts);
    expect(p.options).toEqual({ targetLang: 'ES', tagHandling: 'xml', ignoreTags: ['x-vk'] });
    expect(p.texts[0]).toBe('Delete <x-vk>{count}</x-vk> items?');
    expect(p.texts[1]).toBe(
      'Open <x-vk>/home/anna/.config/verso/settings.json</x-vk> &amp; set <x-vk>COMPANY_CODE</x-vk> <x-vk>&lt;b></x-vk>now<x-vk>&lt;/b></x-vk>',
    );
    const back = p.texts.map((t) => p.unwrap(fakeService(t, 'x-vk')));
    expect(back).toEqual(['DELETE {count} ITEMS?', 'OPEN /home/anna/.config/verso/settings.json & SET COMPANY_CODE <b>NOW</b>']);
  });

  it('sends a request with nothing to protect unchanged', () => {
    const opts: Opts = { targetLang: 'DE' };
    const p = protectRequest(['Hello & goodbye < 3'], opts);
    expect(p.texts).toEqual(['Hello & goodbye < 3']);
    expect(p.options).toBe(opts);
    expect(p.unwrap('a &amp; b')).toBe('a &amp; b');
  });

  it('escapes every text of a protected request, even one without spans, and unescapes the answers', () => {
    const p = protectRequest(['Tom & Jerry < 3', 'Use %s'], {} as Opts);
    expect(p.texts[0]).toBe('Tom &amp; Jerry &lt; 3');
    expect(p.unwrap('Tom &amp; Jerry &lt; 3 &#233;&#x263a;')).toBe('Tom & Jerry < 3 é☺');
  });

  it('escapes a URL with & inside the kept element and gives it back byte for byte', () => {
    const p = protectRequest(['See https://x.org/a?b=1&c=2 now'], {} as Opts);
    expect(p.texts[0]).toBe('See <x-vk>https://x.org/a?b=1&amp;c=2</x-vk> now');
    expect(p.unwrap(fakeService(p.texts[0]!, 'x-vk'))).toBe('SEE https://x.org/a?b=1&c=2 NOW');
  });

  it('picks another element name when a text already contains ours', () => {
    expect(chooseKeepTag(['plain'])).toBe('x-vk');
    expect(chooseKeepTag(['a <X-VK> b'])).toBe('x-vk-2');
    const p = protectRequest(['literal <x-vk> and {n}'], {} as Opts);
    expect(p.options.ignoreTags).toEqual(['x-vk-2']);
    expect(p.unwrap(p.texts[0]!)).toBe('literal <x-vk> and {n}');
  });
});

describe('protectRequest on XML and HTML', () => {
  it('adds the element to the user ignore_tags, keeps their markup and wraps only text between tags', () => {
    const text = '<p title="{count}">Delete {count} <a href="https://x.org/?a=1&amp;b">items</a> &amp; more</p>';
    const p = protectRequest([text], { tagHandling: 'html' as const, ignoreTags: ['code'] });
    expect(p.options).toEqual({ tagHandling: 'html', ignoreTags: ['code', 'x-vk'] });
    expect(p.texts[0]).toBe('<p title="{count}">Delete <x-vk>{count}</x-vk> <a href="https://x.org/?a=1&amp;b">items</a> &amp; more</p>');
    // In XML the answer stays XML: only our element goes.
    expect(p.unwrap(p.texts[0]!)).toBe(text);
  });

  it('does not search comments or CDATA', () => {
    expect(keptSpans('<!-- {a} --><![CDATA[{b}]]>{c}', 'xml').map((s) => s.text)).toEqual(['{c}']);
  });
});

describe('wrap and unwrap pieces', () => {
  it('unwrapText removes a self-closed or spaced element the service may write', () => {
    expect(unwrapText('a <x-vk >{n}</x-vk> <x-vk/>', 'xml', 'x-vk')).toBe('a {n} ');
  });
  it('wrapText round-trips any text through escape and unescape', () => {
    const text = 'a < b && c ]]> d {x} <i>';
    const spans = keptSpans(text, 'plain');
    expect(unwrapText(wrapText(text, spans, 'plain', 'k'), 'plain', 'k')).toBe(text);
    expect(unescapeXmlText('&amp;lt;')).toBe('&lt;');
  });
});
