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
import type { XmlToken } from '../lib/xml-tokens.js';
import type { Piece, PartRules } from '../lib/xml-units.js';
import type { FormatHandler } from '../types.js';
import { chartPartRules, drawingPartRules } from './drawingml.js';
import { mainPartOf, packageHandler, relationships, sniffOoxml, verifyOoxml } from './package.js';
import type { ZipReader } from '../lib/zip.js';
import type { OfficeLanguage } from './target-language.js';
import { memoized, officeLanguage, setAttribute } from './target-language.js';

const WRAPPERS = new Set(['hyperlink', 'fldSimple', 'smartTag', 'ins', 'moveTo', 'sdtContent', 'dir', 'bdo']);
const RUN_PROPS = new Set(['rPr']);
const SDT_PROPS = new Set(['sdtPr', 'sdtEndPr']);
const CUSTOM_XML_PROPS = new Set(['customXmlPr']);
const DROPPED = new Set(['proofErr', 'lastRenderedPageBreak']);
const RAW: ElementRole = { role: 'raw' };

/** WordprocessingML's main namespace, transitional and strict: elements are matched by these, never by prefix. */
const W_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);

/**
 * The prefix bound to WordprocessingML in the part being read (`w` from Word, `ns0` from some generators, `''` for
 * a default namespace). Set from the root element's declarations by `observe` before any unit is built; parts are
 * processed one after another, so one variable per worker is enough.
 */
let wPrefix = 'w';

function observeNamespaces(token: XmlToken, ancestors: readonly string[]): void {
  if (token.kind !== 'open' || ancestors.length > 0) return;
  wPrefix = 'w';
  for (const [attr, uri] of Object.entries(token.attrs)) {
    if (!W_NAMESPACES.has(uri)) continue;
    if (attr === 'xmlns') wPrefix = '';
    else if (attr.startsWith('xmlns:')) wPrefix = attr.slice(6);
  }
}

/** Qualified name of a WordprocessingML element or attribute in the current part. */
const wName = (local: string): string => (wPrefix ? `${wPrefix}:${local}` : local);
/** True when `name` is the WordprocessingML element `local`. */
const isW = (name: string, local: string): boolean => name === wName(local);

// Field state per unit: `depth` open fields, and a bit per level that is still in its code (before `separate`).
const FIELD_DEPTH = 'fieldDepth';
const FIELD_CODE_BITS = 'fieldCodeBits';

export const docxInlineRules: InlineRules = {
  classify(token, _parents, state) {
    if (!token.name.startsWith(wPrefix ? `${wPrefix}:` : '') || (!wPrefix && token.name.includes(':'))) return RAW;
    const name = localName(token.name);
    if (name === 'r') return { role: 'wrapper', props: RUN_PROPS };
    if (WRAPPERS.has(name)) return { role: 'wrapper' };
    if (name === 'sdt') return { role: 'wrapper', props: SDT_PROPS };
    if (name === 'customXml') return { role: 'wrapper', props: CUSTOM_XML_PROPS };
    if (name === 't') return (state[FIELD_CODE_BITS] ?? 0) !== 0 ? RAW : { role: 'text' };
    if (name === 'fldChar') {
      // A complex field: its code (begin → separate) stays as it is; its result (separate → end), the text the
      // reader sees (a hyperlink's words, a cross-reference, a table of contents), is translated.
      const type = token.attrs[wName('fldCharType')];
      const depth = state[FIELD_DEPTH] ?? 0;
      const bits = state[FIELD_CODE_BITS] ?? 0;
      if (type === 'begin' && depth < 30) {
        state[FIELD_DEPTH] = depth + 1;
        state[FIELD_CODE_BITS] = bits | (1 << depth);
      } else if (type === 'separate' && depth > 0) {
        state[FIELD_CODE_BITS] = bits & ~(1 << (depth - 1));
      } else if (type === 'end' && depth > 0) {
        state[FIELD_DEPTH] = depth - 1;
        state[FIELD_CODE_BITS] = bits & ~(1 << (depth - 1));
      }
      return RAW;
    }
    if (DROPPED.has(name)) return { role: 'drop' };
    return RAW;
  },
  normalizeKey(open) {
    return open
      .replace(/\s+(?:[\w.-]+:)?rsid\w*="[^"]*"/g, '')
      .replace(/<(?:[\w.-]+:)?(lang|noProof)\b[^>]*\/>/g, '')
      .replace(/>\s+</g, '><')
      .replace(/<((?:[\w.-]+:)?rPr)><\/\1>|<(?:[\w.-]+:)?rPr\/>/g, '');
  },
  renderText(text, _context, unitName) {
    const colon = unitName.indexOf(':');
    const t = colon < 0 ? 't' : `${unitName.slice(0, colon)}:t`;
    return `<${t} xml:space="preserve">${text}</${t}>`;
  },
  escape: escapeXmlText,
  // A hyperlink (or simple field) whose words an engine scattered is written once, around its first words.
  once: (open) => /^<(?:[\w.-]+:)?(hyperlink|fldSimple|sdt)[\s>]/.test(open),
  // Adjacent hyperlinks (a row of links) are translated one by one.
  element: (open) => /^<(?:[\w.-]+:)?hyperlink[\s>]/.test(open),
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
    observe: observeNamespaces,
    isUnit: (token) => isW(token.name, 'p'),
    buildUnit: (items) => {
      const unit = buildInlineUnit(items, inline);
      if (!lang?.rtl || unit.segments.length === 0) return unit;
      return { segments: unit.segments, render: (translated) => addParagraphBidi(unit.render(translated)) };
    },
  };
}

function stylesRules(lang: OfficeLanguage): PartRules {
  return {
    observe: observeNamespaces,
    isUnit: (token) => isW(token.name, 'lang'),
    buildUnit: (items) => tagEditUnit(items, (open) => setWordLang(open, lang)),
  };
}

const DOCX_PARTS = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/;
const DOCX_DRAWING_PARTS = /^word\/diagrams\/(data|drawing)\d+\.xml$/;
const DOCX_CHART_PARTS = /^word\/charts\/chart\d+\.xml$/;

/** Relationship types (last URI segment) of the parts that hold text, by how they are read. */
const TEXT_RELATIONSHIPS = new Set(['officeDocument', 'header', 'footer', 'footnotes', 'endnotes', 'comments']);
const DRAWING_RELATIONSHIPS = new Set(['diagramData', 'diagramDrawing']);
const CHART_RELATIONSHIPS = new Set(['chart']);

/** Parts found through the relationships (main part first), for packages whose parts are not where Word puts them. */
interface DocxParts {
  text: Set<string>;
  drawings: Set<string>;
  charts: Set<string>;
  styles?: string;
}

function docxSession(
  lang?: OfficeLanguage,
  stylesHaveLang = false,
  found?: DocxParts,
): (name: string) => PartRules | undefined {
  const paragraphs = paragraphRules(lang);
  const drawings = drawingPartRules(lang);
  const charts = chartPartRules(lang);
  // Rewritten only when there is a language to change, so the entry otherwise stays byte for byte.
  const styles = lang && stylesHaveLang ? stylesRules(lang) : undefined;
  const stylesPart = found?.styles ?? 'word/styles.xml';
  return (name) => {
    if (found?.text.has(name) || (!found && DOCX_PARTS.test(name))) return paragraphs;
    if (found?.drawings.has(name) || (!found && DOCX_DRAWING_PARTS.test(name))) return drawings;
    if (found?.charts.has(name) || (!found && DOCX_CHART_PARTS.test(name))) return charts;
    if (name === stylesPart) return styles;
    return undefined;
  };
}

/** Follows the relationships from `_rels/.rels` to the main part and from it to headers, notes, charts, styles. */
async function findDocxParts(reader: ZipReader): Promise<DocxParts | undefined> {
  const main = await mainPartOf(reader);
  if (!main) return undefined;
  const found: DocxParts = { text: new Set([main]), drawings: new Set(), charts: new Set() };
  for (const rel of await relationships(reader, main)) {
    if (!reader.find(rel.target)) continue;
    if (TEXT_RELATIONSHIPS.has(rel.type)) found.text.add(rel.target);
    else if (DRAWING_RELATIONSHIPS.has(rel.type)) found.drawings.add(rel.target);
    else if (CHART_RELATIONSHIPS.has(rel.type)) found.charts.add(rel.target);
    else if (rel.type === 'styles') found.styles = rel.target;
  }
  // Headers and footers hold charts and diagrams of their own.
  for (const part of [...found.text].slice(1)) {
    for (const rel of await relationships(reader, part)) {
      if (!reader.find(rel.target)) continue;
      if (DRAWING_RELATIONSHIPS.has(rel.type)) found.drawings.add(rel.target);
      else if (CHART_RELATIONSHIPS.has(rel.type)) found.charts.add(rel.target);
    }
  }
  return found;
}

const untargeted = docxSession();

export const docxHandler: FormatHandler = packageHandler({
  extension: 'docx',
  verify: verifyOoxml('docx', 'word/document.xml'),
  rulesFor: untargeted,
  async begin(reader, job) {
    const lang = officeLanguage(job.targetLang);
    const found = await findDocxParts(reader);
    const styles = reader.find(found?.styles ?? 'word/styles.xml');
    // A styles part too big to peek at (never seen in practice) is simply rewritten, which is also correct.
    const stylesHaveLang =
      lang !== undefined &&
      styles !== undefined &&
      (styles.entry.uncompressedSize > 4 * 1024 * 1024 || /<w:lang\b/.test(await reader.readText(styles)));
    return { rulesFor: docxSession(lang, stylesHaveLang, found) };
  },
  sniff: (head) => sniffOoxml('docx', head),
});
