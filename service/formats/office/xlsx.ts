/**
 * Excel workbooks (xlsx) for the local service (service process, document workers).
 *
 * Translates each shared string (`xl/sharedStrings.xml` `si`) once, however many cells use it, with rich
 * runs as spans and phonetic runs (`rPh`) kept untranslated, plus inline strings (`<c t="inlineStr"><is>`)
 * in worksheets. Formulas, numbers, dates, booleans, cached formula results (`t="str"`, which live in `v`)
 * and sheet names (in `workbook.xml`, which is copied unchanged) are never touched.
 */
import { buildInlineUnit } from '../lib/inline-units.js';
import type { InlineRules } from '../lib/inline-units.js';
import { escapeXmlText, localName } from '../lib/xml-tokens.js';
import type { PartRules } from '../lib/xml-units.js';
import type { FormatHandler } from '../types.js';
import { packageHandler, sniffOoxml, verifyOoxml } from './package.js';

const RUN_PROPS = new Set(['rPr']);

export const xlsxInlineRules: InlineRules = {
  classify(token) {
    const name = localName(token.name);
    if (name === 'r') return { role: 'wrapper', props: RUN_PROPS };
    if (name === 't') return { role: 'text' };
    return { role: 'raw' };
  },
  normalizeKey(open) {
    return open.replace(/>\s+</g, '><');
  },
  renderText(text, _ctx, unitName) {
    // `t` shares the prefix of its `si`/`is` (usually none; `x:` from some generators).
    const colon = unitName.indexOf(':');
    const prefix = colon < 0 ? '' : unitName.slice(0, colon + 1);
    return `<${prefix}t xml:space="preserve">${text}</${prefix}t>`;
  },
  escape: escapeXmlText,
};

function unitRules(unit: 'si' | 'is'): PartRules {
  return {
    isUnit: (token, ancestors) =>
      localName(token.name) === unit && (unit === 'si' || localName(ancestors[ancestors.length - 1] ?? '') === 'c'),
    buildUnit: (items) => buildInlineUnit(items, xlsxInlineRules),
  };
}

const sharedStrings = unitRules('si');
const inlineStrings = unitRules('is');

export const xlsxHandler: FormatHandler = packageHandler({
  extension: 'xlsx',
  verify: verifyOoxml('xlsx', 'xl/workbook.xml'),
  rulesFor: (name) =>
    name === 'xl/sharedStrings.xml' ? sharedStrings : /^xl\/worksheets\/sheet\d+\.xml$/.test(name) ? inlineStrings : undefined,
  sniff: (head) => sniffOoxml('xlsx', head),
});
