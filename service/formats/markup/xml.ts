/**
 * Generic XML and DITA documents (service process, document worker).
 *
 * Units: an element that holds non-whitespace text directly is a block; its whole content is one unit and
 * its child elements become inline spans (or placeholders when they hold no letters or are skipped). Elements
 * holding only elements and whitespace are containers and are walked into; whitespace-only elements are left
 * as they are. Attributes are never translated. `translate="no"` (also `its:translate`) skips a subtree.
 *
 * DITA skips, as whole subtrees or as inline placeholders, the elements whose content is code, paths, names
 * a reader types or sees on screen, or notes for writers: codeblock, codeph, pre, screen, msgblock, msgph,
 * msgnum, filepath, cmdname, varname, apiname, parmname, option, userinput, systemoutput, keyword (product and
 * API names; the search keywords of a prolog's `keywords` list are translated), draft-comment, required-cleanup, data, data-about, unknown, foreign, sort-as.
 * `term`, `uicontrol`, `wintitle` and `ph` are translated (they are running text).
 */
import type { StringFormat, UnitTranslator } from './common.js';
import { headText } from './common.js';
import type { MarkedUnitBuilder } from './inline.js';
import type { Splice, XmlElement } from './xml-tree.js';
import {
  applySplices,
  attr,
  buildInlineUnit,
  encodingDeclSplice,
  escapeXmlText,
  elementRunItems,
  parseXml,
} from './xml-tree.js';

const DITA_SKIP = new Set([
  'codeblock',
  'codeph',
  'pre',
  'screen',
  'msgblock',
  'msgph',
  'msgnum',
  'filepath',
  'cmdname',
  'varname',
  'apiname',
  'parmname',
  'option',
  'userinput',
  'systemoutput',
  'keyword',
  'draft-comment',
  'required-cleanup',
  'data',
  'data-about',
  'unknown',
  'foreign',
  'sort-as',
]);

/**
 * A `keyword` of the prolog's `keywords` list is a word readers search for, in their language: translated. In
 * running text a `keyword` names a product or an API and stays.
 */
function isSearchKeyword(el: XmlElement): boolean {
  return el.local === 'keyword' && el.parent?.local === 'keywords';
}

function isNoTranslate(el: XmlElement): boolean {
  return attr(el, 'translate') === 'no' || attr(el, 'its:translate') === 'no';
}

function hasDirectText(el: XmlElement): boolean {
  return el.children.some((c) => c.type === 'text' && /\S/.test(c.value));
}

export async function translateXmlBlocks(
  text: string,
  translate: UnitTranslator,
  skip: (el: XmlElement) => boolean,
  what: string,
): Promise<string> {
  const doc = parseXml(text, what);
  const blocks: Array<{ el: XmlElement; builder: MarkedUnitBuilder }> = [];
  const visit = (el: XmlElement): void => {
    for (const child of el.children) {
      if (child.type !== 'element' || skip(child)) continue;
      if (hasDirectText(child)) {
        for (const el of elementRunItems(child, skip) ?? [child]) {
          const builder = buildInlineUnit(text, el, skip);
          if (builder.hasText) blocks.push({ el, builder });
        }
      } else {
        visit(child);
      }
    }
  };
  visit(doc.root);
  const translated = await translate(blocks.map((b) => b.builder.marked()));
  const splices: Splice[] = blocks.map((b, i) => ({
    start: b.el.startTagEnd,
    end: b.el.endTagStart,
    text: b.builder.render(translated[i]!, escapeXmlText),
  }));
  const decl = encodingDeclSplice(text);
  if (decl) splices.push(decl);
  return applySplices(text, splices);
}

function sniffXml(head: Buffer): boolean {
  const text = headText(head).trimStart();
  return /^<(\?xml|!--|!DOCTYPE|[A-Za-z_])/.test(text) && !/^<!DOCTYPE\s+html\s*>|^<MIFFile\b/i.test(text);
}

export const xmlFormat: StringFormat = {
  extensions: ['xml'],
  name: 'XML',
  sniff: sniffXml,
  transform: (text, translate) => translateXmlBlocks(text, translate, isNoTranslate, 'XML'),
};

export const ditaFormat: StringFormat = {
  extensions: ['dita'],
  name: 'DITA',
  sniff: sniffXml,
  transform: (text, translate) =>
    translateXmlBlocks(text, translate, (el) => isNoTranslate(el) || (DITA_SKIP.has(el.local) && !isSearchKeyword(el)), 'DITA'),
};
