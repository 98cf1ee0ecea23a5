/**
 * Word documents (docx) for the local service (service process, document workers).
 *
 * Parts: the body, headers, footers, footnotes, endnotes and comments. Unit: `w:p` (text-box paragraphs,
 * in both `mc:Choice` and the VML `mc:Fallback`, are units of their own nested in their anchor paragraph).
 * Runs whose properties differ only by revision ids, language or proofing marks are merged; every other
 * formatting change, hyperlink or content control becomes a span; tabs, breaks, drawings, bookmarks and
 * fields become placeholders. Field codes (`instrText`), field results and deleted text are never sent.
 *
 * Charts (`word/charts/chart*.xml`) and SmartArt are translated as DrawingML (`./drawingml.ts`). SmartArt
 * has a data model (`word/diagrams/data*.xml`) and a cached rendering (`drawing*.xml`) that Word shows until
 * the diagram is edited; both are translated the same way, so they agree and no relationship is dropped.
 * The workbook embedded in a chart (its editable data) is left as it is.
 *
 * Language: in a translated paragraph, each run's `w:lang` (where the run has one) is set to the target in
 * the attribute of the target's script (`w:val`, `w:eastAsia` or `w:bidi`); so is every `w:lang` of
 * `word/styles.xml` (document defaults and styles), which covers runs that inherit their language.
 * For right-to-left targets (Arabic) each translated paragraph also gets `w:bidi` in its `w:pPr` and each
 * of its runs `w:rtl` in its `w:rPr`, each inserted at its place in the schema's sequence (Word refuses
 * property elements out of order). Alignment (`w:jc`) is left as it is.
 */
import { buildInlineUnit } from '../lib/inline-units.js';
import type { ElementRole, InlineRules } from '../lib/inline-units.js';
import { tagEditUnit } from '../lib/plain-units.js';
import { escapeXmlText, localName } from '../lib/xml-tokens.js';
import type { Piece, PartRules } from '../lib/xml-units.js';
import type { FormatHandler } from '../types.js';
import { chartPartRules, drawingPartRules } from './drawingml.js';
import { packageHandler, sniffOoxml, verifyOoxml } from './package.js';
import type { OfficeLanguage } from './target-language.js';
import { memoized, officeLanguage, setAttribute } from './target-language.js';

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

const W_LANG = /<w:lang\b[^>]*>/;

/** Sets the target language on a `w:lang` tag, in the attribute of the target's script. */
function setWordLang(tag: string, lang: OfficeLanguage): string {
  return setAttribute(tag, lang.wordAttribute, lang.tag);
}

// Children of `w:rPr` and `w:pPr` that come after `w:rtl` and `w:bidi` in their schema sequences.
const AFTER_RTL = /<w:(?:cs|em|lang|eastAsianLayout|specVanish|oMath|rPrChange)[\s/>]|<\/w:rPr>/g;
const AFTER_BIDI = new Set([
  'adjustRightInd', 'snapToGrid', 'spacing', 'ind', 'contextualSpacing', 'mirrorIndents', 'suppressOverlap', 'jc',
  'textDirection', 'textAlignment', 'textboxTightWrap', 'outlineLvl', 'divId', 'cnfStyle', 'rPr', 'sectPr', 'pPrChange',
]);

/** Adds `<w:rtl/>` to a run opening (with its folded `w:rPr`). */
function addRunRtl(open: string): string {
  const run = /^<w:r(?:\s[^>]*)?>/.exec(open);
  if (!run || /<w:rtl[\s/>]/.test(open)) return open;
  const rPr = /<w:rPr(?:\s[^>]*)?(\/?)>/.exec(open);
  if (!rPr) return `${run[0]}<w:rPr><w:rtl/></w:rPr>${open.slice(run[0].length)}`;
  const afterOpen = rPr.index + rPr[0].length;
  if (rPr[1] === '/') return `${open.slice(0, rPr.index)}<w:rPr><w:rtl/></w:rPr>${open.slice(afterOpen)}`;
  AFTER_RTL.lastIndex = afterOpen;
  const at = AFTER_RTL.exec(open)?.index ?? afterOpen;
  return `${open.slice(0, at)}<w:rtl/>${open.slice(at)}`;
}

/** Adds `<w:bidi/>` to the paragraph properties of a rendered `w:p` (adding `w:pPr` if it has none). */
function addParagraphBidi(pieces: Piece[]): Piece[] {
  const [open, next] = pieces;
  if (typeof open !== 'string') return pieces;
  if (typeof next !== 'string' || !/^<w:pPr[\s/>]/.test(next)) return [open, '<w:pPr><w:bidi/></w:pPr>', ...pieces.slice(1)];
  if (next.endsWith('/>')) return [open, `${next.slice(0, -2)}><w:bidi/></w:pPr>`, ...pieces.slice(2)];
  // Walk the children of w:pPr (one piece per tag) to the first one that must follow w:bidi.
  let depth = 0;
  let at = 2;
  for (; at < pieces.length; at++) {
    const p = pieces[at];
    if (typeof p !== 'string' || !p.startsWith('<')) continue;
    if (p.startsWith('</')) {
      if (depth === 0) break;
      depth--;
      continue;
    }
    const name = /^<w:([\w]+)/.exec(p)?.[1] ?? '';
    if (depth === 0 && name === 'bidi') return pieces;
    if (depth === 0 && AFTER_BIDI.has(name)) break;
    if (!p.endsWith('/>')) depth++;
  }
  return [...pieces.slice(0, at), '<w:bidi/>', ...pieces.slice(at)];
}

function paragraphRules(lang?: OfficeLanguage): PartRules {
  const inline = lang
    ? {
        ...docxInlineRules,
        // Only run openings (with their folded `w:rPr`): the language where the run names one, direction for RTL.
        retarget: memoized((open: string) => {
          if (!/^<w:r[\s>]/.test(open)) return open;
          const withLang = open.replace(W_LANG, (t) => setWordLang(t, lang));
          return lang.rtl ? addRunRtl(withLang) : withLang;
        }),
      }
    : docxInlineRules;
  return {
    isUnit: (token) => token.name === 'w:p',
    buildUnit: (items) => {
      const unit = buildInlineUnit(items, inline);
      if (!lang?.rtl || unit.segments.length === 0) return unit;
      return { segments: unit.segments, render: (translated) => addParagraphBidi(unit.render(translated)) };
    },
  };
}

function stylesRules(lang: OfficeLanguage): PartRules {
  return {
    isUnit: (token) => token.name === 'w:lang',
    buildUnit: (items) => tagEditUnit(items, (open) => setWordLang(open, lang)),
  };
}

const DOCX_PARTS = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/;
const DOCX_DRAWING_PARTS = /^word\/diagrams\/(data|drawing)\d+\.xml$/;
const DOCX_CHART_PARTS = /^word\/charts\/chart\d+\.xml$/;

function docxSession(lang?: OfficeLanguage, stylesHaveLang = false): (name: string) => PartRules | undefined {
  const paragraphs = paragraphRules(lang);
  const drawings = drawingPartRules(lang);
  const charts = chartPartRules(lang);
  // Rewritten only when there is a language to change, so the entry otherwise stays byte for byte.
  const styles = lang && stylesHaveLang ? stylesRules(lang) : undefined;
  return (name) => {
    if (DOCX_PARTS.test(name)) return paragraphs;
    if (DOCX_DRAWING_PARTS.test(name)) return drawings;
    if (DOCX_CHART_PARTS.test(name)) return charts;
    if (name === 'word/styles.xml') return styles;
    return undefined;
  };
}

const untargeted = docxSession();

export const docxHandler: FormatHandler = packageHandler({
  extension: 'docx',
  verify: verifyOoxml('docx', 'word/document.xml'),
  rulesFor: untargeted,
  async begin(reader, job) {
    const lang = officeLanguage(job.targetLang);
    const styles = reader.find('word/styles.xml');
    // A styles part too big to peek at (never seen in practice) is simply rewritten, which is also correct.
    const stylesHaveLang =
      lang !== undefined &&
      styles !== undefined &&
      (styles.entry.uncompressedSize > 4 * 1024 * 1024 || /<w:lang\b/.test(await reader.readText(styles)));
    return { rulesFor: docxSession(lang, stylesHaveLang) };
  },
  sniff: (head) => sniffOoxml('docx', head),
});
