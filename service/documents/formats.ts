/**
 * The document format registry (service process and document workers): finds the FormatHandler of an
 * extension among the format families (office, markup), and knows the media type of every output.
 *
 * Families are imported lazily and independently: a family that fails to load (a missing optional library)
 * makes only its own extensions unavailable, with a message, instead of stopping the whole service.
 */
import { DOCUMENT_EXTENSIONS } from '../../shared/spec/limits.js';
import type { FormatHandler } from '../formats/types.js';

export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];

export function isAcceptedExtension(ext: string): ext is DocumentExtension {
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext);
}

export const ACCEPTED_LIST = DOCUMENT_EXTENSIONS.join(', ');

const MEDIA_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  htm: 'text/html',
  html: 'text/html',
  txt: 'text/plain',
  xlf: 'application/xliff+xml',
  xliff: 'application/xliff+xml',
  srt: 'application/x-subrip',
  idml: 'application/vnd.adobe.indesign-idml-package',
  xml: 'application/xml',
  json: 'application/json',
  dita: 'application/dita+xml',
  mif: 'application/vnd.mif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/**
 * Media type of a result. Text types carry no charset on purpose: a text document keeps the encoding it was
 * uploaded in (UTF-8, or UTF-16 or UTF-32 with a byte-order mark), which the client reads from the bytes.
 */
export function mediaType(ext: string): string {
  return MEDIA_TYPES[ext] ?? 'application/octet-stream';
}

interface Family {
  name: string;
  load: () => Promise<FormatHandler[]>;
}

const FAMILIES: Family[] = [
  { name: 'office', load: async () => (await import('../formats/office/index.js')).officeHandlers },
  { name: 'markup', load: async () => (await import('../formats/markup/index.js')).markupHandlers },
];

export interface FormatRegistry {
  /** The handler of an accepted extension, or a message saying why the format is unavailable. */
  handlerFor(ext: string): FormatHandler | { unavailable: string };
  /** Extensions (other than `except`) whose handler recognises these bytes; used to name what a file really is. */
  guess(head: Buffer, except: string): string[];
}

let loading: Promise<FormatRegistry> | undefined;

/** Loads every format family once per thread. */
export function loadFormats(): Promise<FormatRegistry> {
  return (loading ??= (async () => {
    const byExt = new Map<string, FormatHandler>();
    const failed = new Map<string, string>();
    for (const family of FAMILIES) {
      try {
        for (const h of await family.load()) for (const ext of h.extensions) if (!byExt.has(ext)) byExt.set(ext, h);
      } catch (e) {
        failed.set(family.name, (e as Error).message);
      }
    }
    return {
      handlerFor(ext) {
        const h = byExt.get(ext);
        if (h) return h;
        const why = [...failed].map(([n, m]) => `${n} formats failed to load: ${m}`).join('; ');
        return {
          unavailable: `The local service cannot translate .${ext} documents right now${why ? ` (${why})` : ''}. Use another format or a hosted account.`,
        };
      },
      guess(head, except) {
        const out: string[] = [];
        for (const [ext, h] of byExt) {
          // txt accepts almost any text, so it says nothing about what a file is.
          if (ext === except || ext === 'txt') continue;
          try {
            if (h.sniff(head, ext)) out.push(ext);
          } catch {
            // a sniffer that throws on foreign bytes simply does not recognise them
          }
        }
        return out;
      },
    };
  })());
}
