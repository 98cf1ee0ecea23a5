/**
 * PowerPoint presentations (pptx) for the local service (service process, document workers).
 *
 * Parts: slides, notes slides, the slide layouts (their placeholder prompt text), charts and SmartArt
 * (`ppt/diagrams/data*.xml`, the data model, and `drawing*.xml`, the cached rendering PowerPoint shows
 * until the diagram is edited; both are translated the same way so they agree). Slide masters are left
 * alone: their prompt text never shows on a slide. Units are DrawingML paragraphs (`./drawingml.ts`):
 * runs keep their formatting, fields (slide number, date) stay as they are, and every run of a translated
 * paragraph gets the target language in `a:rPr@lang` (right-to-left targets also get `a:pPr@rtl`).
 */
import type { FormatHandler } from '../types.js';
import { chartPartRules, drawingInlineRules, drawingPartRules } from './drawingml.js';
import { packageHandler, sniffOoxml, verifyOoxml } from './package.js';
import { officeLanguage } from './target-language.js';

/** DrawingML paragraph rules without a target language (kept for readers of the previous export). */
export const pptxInlineRules = drawingInlineRules();

const PPTX_TEXT_PARTS = /^ppt\/(slides\/slide|notesSlides\/notesSlide|slideLayouts\/slideLayout|diagrams\/data|diagrams\/drawing)\d+\.xml$/;
const PPTX_CHART_PARTS = /^ppt\/charts\/chart\d+\.xml$/;

export const pptxHandler: FormatHandler = packageHandler({
  extension: 'pptx',
  verify: verifyOoxml('pptx', 'ppt/presentation.xml'),
  rulesFor: (name) => (PPTX_TEXT_PARTS.test(name) ? drawingPartRules() : PPTX_CHART_PARTS.test(name) ? chartPartRules() : undefined),
  async begin(_reader, job) {
    const lang = officeLanguage(job.targetLang);
    const text = drawingPartRules(lang);
    const charts = chartPartRules(lang);
    return { rulesFor: (name) => (PPTX_TEXT_PARTS.test(name) ? text : PPTX_CHART_PARTS.test(name) ? charts : undefined) };
  },
  sniff: (head) => sniffOoxml('pptx', head),
});
