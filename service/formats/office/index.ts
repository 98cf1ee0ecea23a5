/**
 * Office document formats of the local service (service process, document workers): one `FormatHandler`
 * per family (docx, doc, pptx, xlsx, idml), for the format registry.
 */
import type { FormatHandler } from '../types.js';
import { docHandler } from './doc.js';
import { docxHandler } from './docx.js';
import { idmlHandler } from './idml.js';
import { pptxHandler } from './pptx.js';
import { xlsxHandler } from './xlsx.js';

export const officeHandlers: FormatHandler[] = [docxHandler, docHandler, pptxHandler, xlsxHandler, idmlHandler];
