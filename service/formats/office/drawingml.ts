/**
 * DrawingML text shared by the office families (service process, document workers): `a:p` paragraphs of
 * slides, shapes, text boxes, SmartArt and chart titles, and the string labels of charts.
 *
 * Paragraph: runs that differ only by language, spell-check or dirty flags are merged; other `a:rPr`
 * changes become spans; line breaks (`a:br`) and fields (`a:fld`: slide number, date) become placeholders;
 * `a:endParaRPr` stays last. With a target language, every run of a translated paragraph gets
 * `a:rPr@lang` set to it (an `a:rPr` is added to runs without one), and for right-to-left targets the
 * paragraph gets `a:pPr@rtl="1"`.
 *
 * Charts (`c:chartSpace`): titles and axis titles are `a:p` in `c:rich`; series names and category labels
 * are cached as `c:v` in `c:pt` of `c:strCache`, `c:multiLvlStrCache` or `c:strLit`. Numbers (`c:numCache`)
 * and the cell references (`c:f`) are never touched.
 */
import { buildInlineUnit } from '../lib/inline-units.js';
import type { InlineRules } from '../lib/inline-units.js';
import { buildPlainTextUnit } from '../lib/plain-units.js';
import { escapeXmlText, localName } from '../lib/xml-tokens.js';
import type { Piece, PartRules, PendingUnit, UnitItem } from '../lib/xml-units.js';
import { isToken } from '../lib/xml-units.js';
import type { OfficeLanguage } from './target-language.js';
import { memoized, setAttribute } from './target-language.js';

const RUN_PROPS = new Set(['rPr']);

const RUN_OPEN = /^<((?:[\w.-]+:)?)r(?=[\s>/])[^>]*>/;
const RPR_OPEN = /<(?:[\w.-]+:)?rPr(?=[\s>/])[^>]*?\/?>/;

/** Sets `lang` on the run properties of a run opening (with its folded `a:rPr`), adding them if missing. */
export function setRunLang(open: string, tag: string): string {
  const run = RUN_OPEN.exec(open);
  if (!run) return open;
  const rPr = RPR_OPEN.exec(open);
  if (rPr) return open.replace(RPR_OPEN, (tagText) => setAttribute(tagText, 'lang', tag));
  // `a:rPr` is the first child of `a:r`.
  return `${run[0]}<${run[1]}rPr lang="${tag}"/>${open.slice(run[0].length)}`;
}

export function drawingInlineRules(lang?: OfficeLanguage): InlineRules {
  return {
    classify(token) {
      const name = localName(token.name);
      if (name === 'r') return { role: 'wrapper', props: RUN_PROPS };
      if (name === 't') return { role: 'text' };
      return { role: 'raw' };
    },
    normalizeKey(open) {
      return open.replace(/\s+(lang|altLang|dirty|err|noProof|smtClean|smtId)="[^"]*"/g, '').replace(/>\s+</g, '><');
    },
    renderText(text, _ctx, unitName) {
      const colon = unitName.indexOf(':');
      const prefix = colon < 0 ? '' : unitName.slice(0, colon + 1);
      return `<${prefix}t>${text}</${prefix}t>`;
    },
    escape: escapeXmlText,
    // A run that is a hyperlink (`a:hlinkClick` in its properties): a row of them is translated link by link.
    element: (open) => /<(?:[\w.-]+:)?hlinkClick\b/.test(open),
    ...(lang ? { retarget: memoized((open: string) => setRunLang(open, lang.tag)) } : {}),
  };
}

/** Puts `rtl="1"` on the paragraph properties of a rendered `a:p` (adding `a:pPr` if it has none). */
function markRtl(pieces: Piece[], unitName: string): Piece[] {
  const colon = unitName.indexOf(':');
  const prefix = colon < 0 ? '' : unitName.slice(0, colon + 1);
  const [open, next, ...rest] = pieces;
  if (typeof open !== 'string') return pieces;
  if (typeof next === 'string' && new RegExp(`^<${prefix}pPr(?=[\\s>/])`).test(next)) {
    const end = next.indexOf('>');
    const tag = next.slice(0, end + 1);
    return [open, setAttribute(tag, 'rtl', '1') + next.slice(end + 1), ...rest];
  }
  return [open, `<${prefix}pPr rtl="1"/>`, ...pieces.slice(1)];
}

/** Builds the unit of one `a:p`. */
export function buildDrawingParagraph(items: UnitItem[], rules: InlineRules, lang?: OfficeLanguage): PendingUnit {
  const unit = buildInlineUnit(items, rules);
  const first = items[0];
  if (!lang?.rtl || unit.segments.length === 0 || !first || !isToken(first) || first.kind !== 'open') return unit;
  return { segments: unit.segments, render: (translated) => markRtl(unit.render(translated), first.name) };
}

/** Rules for parts whose units are DrawingML paragraphs (slides, notes, drawings, SmartArt data and drawings). */
export function drawingPartRules(lang?: OfficeLanguage): PartRules {
  const rules = drawingInlineRules(lang);
  return {
    isUnit: (token) => token.name === 'a:p',
    buildUnit: (items) => buildDrawingParagraph(items, rules, lang),
  };
}

const STRING_CACHES = new Set(['strCache', 'multiLvlStrCache', 'strLit']);

/** Rules for chart parts: rich-text paragraphs and cached string labels. */
export function chartPartRules(lang?: OfficeLanguage): PartRules {
  const rules = drawingInlineRules(lang);
  return {
    isUnit(token, ancestors) {
      const name = localName(token.name);
      if (token.name === 'a:p') return true;
      if (name !== 'v' || localName(ancestors[ancestors.length - 1] ?? '') !== 'pt') return false;
      return ancestors.some((a) => STRING_CACHES.has(localName(a)));
    },
    buildUnit: (items) => {
      const first = items[0];
      if (first && isToken(first) && first.kind === 'open' && localName(first.name) === 'v') return buildPlainTextUnit(items);
      return buildDrawingParagraph(items, rules, lang);
    },
  };
}
