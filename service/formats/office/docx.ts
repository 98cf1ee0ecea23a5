/**
 * Word documents (docx) for the local service (service process, document workers).
 *
 * Parts: the body, headers, footers, footnotes, endnotes and comments. Unit: `w:p` (text-box paragraphs,
 * in both `mc:Choice` and the VML `mc:Fallback`, are units of their own nested in their anchor paragraph).
 * Runs whose properties differ only by revision ids, language or proofing marks are merged; every other
 * formatting change, hyperlink or content control becomes a span; tabs, breaks, drawings, bookmarks and
 * fields become placeholders. Field codes (`instrText`), field results and deleted text are never sent.
 */
import { buildInlineUnit } from '../lib/inline-units.js';
import type { ElementRole, InlineRules } from '../lib/inline-units.js';
import { escapeXmlText, localName } from '../lib/xml-tokens.js';
import type { PartRules } from '../lib/xml-units.js';
import type { FormatHandler } from '../types.js';
import { packageHandler, sniffOoxml, verifyOoxml } from './package.js';

const WRAPPERS = new Set(['hyperlink', 'smartTag', 'ins', 'moveTo', 'sdtContent', 'dir', 'bdo']);
const RUN_PROPS = new Set(['rPr']);
const SDT_PROPS = new Set(['sdtPr', 'sdtEndPr']);
const CUSTOM_XML_PROPS = new Set(['customXmlPr']);
const DROPPED = new Set(['proofErr', 'lastRenderedPageBreak']);
const RAW: ElementRole = { role: 'raw' };

export const docxInlineRules: InlineRules = {
  classify(token, _parents, state) {
    const name = localName(token.name);
    if (name === 'r') return { role: 'wrapper', props: RUN_PROPS };
    if (WRAPPERS.has(name)) return { role: 'wrapper' };
    if (name === 'sdt') return { role: 'wrapper', props: SDT_PROPS };
    if (name === 'customXml') return { role: 'wrapper', props: CUSTOM_XML_PROPS };
    if (name === 't') return (state.field ?? 0) > 0 ? RAW : { role: 'text' };
    if (name === 'fldChar') {
      // A complex field: its code and its result stay as they are, from `begin` to the matching `end`.
      const type = token.attrs['w:fldCharType'];
      if (type === 'begin') state.field = (state.field ?? 0) + 1;
      else if (type === 'end') state.field = Math.max(0, (state.field ?? 0) - 1);
      return RAW;
    }
    if (DROPPED.has(name)) return { role: 'drop' };
    return RAW;
  },
  normalizeKey(open) {
    return open
      .replace(/\s+w:rsid\w*="[^"]*"/g, '')
      .replace(/<w:(lang|noProof)\b[^>]*\/>/g, '')
      .replace(/>\s+</g, '><')
      .replace(/<w:rPr><\/w:rPr>|<w:rPr\/>/g, '');
  },
  renderText(text) {
    return `<w:t xml:space="preserve">${text}</w:t>`;
  },
  escape: escapeXmlText,
};

const docxRules: PartRules = {
  isUnit: (token) => token.name === 'w:p',
  buildUnit: (items) => buildInlineUnit(items, docxInlineRules),
};

const DOCX_PARTS = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/;

export const docxHandler: FormatHandler = packageHandler({
  extension: 'docx',
  verify: verifyOoxml('docx', 'word/document.xml'),
  rulesFor: (name) => (DOCX_PARTS.test(name) ? docxRules : undefined),
  sniff: (head) => sniffOoxml('docx', head),
});
