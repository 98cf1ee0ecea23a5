/**
 * InDesign documents (idml) for the local service (service process, document workers).
 *
 * Translates the stories (`Stories/*.xml`). Unit: a `ParagraphStyleRange`; inside it each `<Br/>` (a
 * paragraph break) ends a segment, so every paragraph is sent on its own. `CharacterStyleRange`s (with their
 * `Properties`), hyperlink sources and tagged XML elements become spans; processing instructions inside
 * `Content` (special characters), notes, anchored frames and tables become placeholders. Table cells and
 * footnotes hold their own `ParagraphStyleRange`s, which are units nested in the placeholder. The `mimetype`
 * entry stays first and stored because entries are copied raw and in order.
 */
import { buildInlineUnit } from '../lib/inline-units.js';
import type { InlineRules } from '../lib/inline-units.js';
import { escapeXmlText, localName } from '../lib/xml-tokens.js';
import type { PartRules } from '../lib/xml-units.js';
import { isZip, zipNamesInHead } from '../lib/zip.js';
import type { FormatHandler } from '../types.js';
import { DocumentFormatError } from '../types.js';
import { KIND_NAMES, ooxmlKindOf, packageHandler, withArticle } from './package.js';

export const IDML_MIMETYPE = 'application/vnd.adobe.indesign-idml-package';

const CSR_PROPS = new Set(['Properties']);
const XML_ELEMENT_PROPS = new Set(['XMLAttribute', 'Properties']);

export const idmlInlineRules: InlineRules = {
  classify(token) {
    const name = localName(token.name);
    if (name === 'CharacterStyleRange') return { role: 'wrapper', props: CSR_PROPS };
    if (name === 'HyperlinkTextSource') return { role: 'wrapper', props: CSR_PROPS };
    if (name === 'XMLElement') return { role: 'wrapper', props: XML_ELEMENT_PROPS };
    if (name === 'Content') return { role: 'text' };
    if (name === 'Br') return { role: 'break' };
    return { role: 'raw' };
  },
  normalizeKey(open) {
    return open.replace(/>\s+</g, '><');
  },
  renderText(text) {
    return `<Content>${text}</Content>`;
  },
  escape: escapeXmlText,
  // Adjacent hyperlink sources (a row of links) are translated one by one.
  element: (open) => /^<HyperlinkTextSource[\s>]/.test(open),
};

const idmlRules: PartRules = {
  isUnit: (token) => localName(token.name) === 'ParagraphStyleRange',
  buildUnit: (items) => buildInlineUnit(items, idmlInlineRules),
};

export const idmlHandler: FormatHandler = packageHandler({
  extension: 'idml',
  async verify(reader) {
    const mimetype = reader.find('mimetype');
    const type = mimetype ? (await reader.readText(mimetype, 1024)).trim() : '';
    if (type === IDML_MIMETYPE && reader.find('designmap.xml')) return;
    const other = await ooxmlKindOf(reader).catch(() => undefined);
    throw new DocumentFormatError(
      other
        ? `The file is named .idml but is ${withArticle(KIND_NAMES[other])}. Rename it to .${other} and upload it again.`
        : 'The file is not an InDesign IDML package (its mimetype entry or designmap.xml is missing). Export the document from InDesign as IDML and upload it again.',
    );
  },
  rulesFor: (name) => (/^Stories\/[^/]+\.xml$/.test(name) ? idmlRules : undefined),
  sniff: (head) => isZip(head) && zipNamesInHead(head, 1)[0] === 'mimetype' && head.toString('latin1').includes(IDML_MIMETYPE),
});
