/**
 * PowerPoint presentations (pptx) for the local service (service process, document workers).
 *
 * Parts: slides, notes slides and the slide layouts (their placeholder prompt text). Unit: `a:p`. Runs that
 * differ only by language, spell-check or dirty flags are merged; other `a:rPr` changes become spans; line
 * breaks (`a:br`) and fields (`a:fld`: slide number, date) become placeholders; `a:endParaRPr` stays last.
 */
import { buildInlineUnit } from '../lib/inline-units.js';
import type { InlineRules } from '../lib/inline-units.js';
import { escapeXmlText, localName } from '../lib/xml-tokens.js';
import type { PartRules } from '../lib/xml-units.js';
import type { FormatHandler } from '../types.js';
import { packageHandler, sniffOoxml, verifyOoxml } from './package.js';

const RUN_PROPS = new Set(['rPr']);

export const pptxInlineRules: InlineRules = {
  classify(token) {
    const name = localName(token.name);
    if (name === 'r') return { role: 'wrapper', props: RUN_PROPS };
    if (name === 't') return { role: 'text' };
    return { role: 'raw' };
  },
  normalizeKey(open) {
    return open.replace(/\s+(lang|altLang|dirty|err|noProof|smtClean|smtId)="[^"]*"/g, '').replace(/>\s+</g, '><');
  },
  renderText(text) {
    return `<a:t>${text}</a:t>`;
  },
  escape: escapeXmlText,
};

const pptxRules: PartRules = {
  isUnit: (token) => token.name === 'a:p',
  buildUnit: (items) => buildInlineUnit(items, pptxInlineRules),
};

const PPTX_PARTS = /^ppt\/(slides\/slide|notesSlides\/notesSlide|slideLayouts\/slideLayout)\d+\.xml$/;

export const pptxHandler: FormatHandler = packageHandler({
  extension: 'pptx',
  verify: verifyOoxml('pptx', 'ppt/presentation.xml'),
  rulesFor: (name) => (PPTX_PARTS.test(name) ? pptxRules : undefined),
  sniff: (head) => sniffOoxml('pptx', head),
});
