/**
 * The markup and text document formats of the local Translation Service (service process): one FormatHandler
 * per family, in the order the document layer should try them.
 */
import type { FormatHandler } from '../types.js';
import { stringHandler } from './common.js';
import { htmlFormat } from './html.js';
import { imageHandler } from './image.js';
import { jsonFormat } from './json.js';
import { mifFormat } from './mif.js';
import { pdfHandler } from './pdf.js';
import { srtFormat } from './srt.js';
import { txtHandler } from './txt.js';
import { xliffFormat } from './xliff.js';
import { ditaFormat, xmlFormat } from './xml.js';

export const markupHandlers: FormatHandler[] = [
  txtHandler,
  stringHandler(htmlFormat),
  stringHandler(xliffFormat),
  stringHandler(xmlFormat),
  stringHandler(ditaFormat),
  stringHandler(srtFormat),
  stringHandler(jsonFormat),
  stringHandler(mifFormat),
  pdfHandler,
  imageHandler,
];
