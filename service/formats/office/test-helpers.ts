/**
 * Test support for the office format tests (vitest only, never imported by the service): a pseudo
 * translator, an independent reader of the produced packages (jszip + happy-dom's XML parser) and temp dirs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import JSZip from 'jszip';
import yauzl from 'yauzl';
import type { Entry } from 'yauzl';
import { closeSpan, openSpan, placeholder, tokenize } from '../../text/markers.js';
import type { FormatContext } from '../types.js';

/** Wraps each text piece in `[` `]` and upper-cases it, keeping every marker where it was. */
export function pseudo(marked: string): string {
  return tokenize(marked)
    .map((t) => {
      if (t.kind === 'text') return t.text.trim() ? `[${t.text.toUpperCase()}]` : t.text;
      if (t.kind === 'open') return openSpan(t.id);
      if (t.kind === 'close') return closeSpan();
      return placeholder(t.id);
    })
    .join('');
}

export function pseudoContext(sent: string[] = []): FormatContext {
  return {
    targetLang: 'DE',
    translate: async (units) => {
      sent.push(...units);
      return units.map(pseudo);
    },
  };
}

export async function withTempDir(): Promise<{ dir: string; path(name: string): string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'verso-office-'));
  return { dir, path: (name) => join(dir, name), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

const window = new Window();

/** Parses XML with an independent parser; throws if it is not well formed. */
export function parseXml(xml: string): Document {
  const doc = new window.DOMParser().parseFromString(xml, 'application/xml') as unknown as Document;
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error(`not well-formed XML: ${xml.slice(0, 200)}`);
  return doc;
}

export async function openZip(data: Buffer): Promise<JSZip> {
  return JSZip.loadAsync(data);
}

export async function zipText(zip: JSZip, name: string): Promise<string> {
  const file = zip.file(name);
  if (!file) throw new Error(`missing ${name}`);
  return file.async('string');
}

export async function zipBytes(zip: JSZip, name: string): Promise<Buffer> {
  const file = zip.file(name);
  if (!file) throw new Error(`missing ${name}`);
  return Buffer.from(await file.async('uint8array'));
}

/** Texts of the elements named `textTag` under each `unitTag`, joined per unit. */
export function unitTexts(doc: Document, unitTag: string, textTag: string): string[] {
  return Array.from(doc.getElementsByTagName(unitTag)).map((p) =>
    Array.from(p.getElementsByTagName(textTag))
      .map((t) => t.textContent ?? '')
      .join(''),
  );
}

/** Every `[…]`-wrapped, upper-case piece: the text is all translated when nothing lies outside brackets. */
export function untranslatedParts(text: string): string[] {
  return text
    .replace(/\[[^\]]*\]/g, '')
    .split(/\s+/)
    .filter((s) => /\p{L}/u.test(s));
}

export interface RawEntry {
  name: string;
  method: number;
  crc: number;
  /** The stored (still compressed) bytes. */
  raw: Buffer;
}

/** Entries in central-directory order with their stored bytes, read with yauzl directly. */
export async function rawEntries(path: string): Promise<RawEntry[]> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  const out: RawEntry[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (e: Entry) => {
        zip
          .openReadStreamPromise(e, { decodeFileData: false })
          .then(async (s) => {
            const chunks: Buffer[] = [];
            for await (const c of s) chunks.push(c as Buffer);
            out.push({ name: e.fileName, method: e.compressionMethod, crc: e.crc32, raw: Buffer.concat(chunks) });
            zip.readEntry();
          })
          .catch(reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return out;
}

/** Checks that every entry not in `changed` is stored byte for byte as before, in the same order. */
export async function untouchedEntriesDiffer(input: string, output: string, changed: (name: string) => boolean): Promise<string[]> {
  const a = await rawEntries(input);
  const b = await rawEntries(output);
  const problems: string[] = [];
  if (a.map((e) => e.name).join('\n') !== b.map((e) => e.name).join('\n')) problems.push('entry order or names changed');
  for (const e of a) {
    if (changed(e.name)) continue;
    const f = b.find((x) => x.name === e.name);
    if (!f) problems.push(`${e.name} missing`);
    else if (f.method !== e.method || f.crc !== e.crc || !f.raw.equals(e.raw)) problems.push(`${e.name} differs`);
  }
  return problems;
}

/** A zip built with jszip from literal parts (for hand-written edge cases). */
export async function buildZip(files: Record<string, string | Buffer>, options: { store?: string[] } = {}): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) {
    zip.file(name, content, { compression: options.store?.includes(name) ? 'STORE' : 'DEFLATE', createFolders: false });
  }
  return zip.generateAsync({ type: 'nodebuffer' });
}

export const CONTENT_TYPES = (main: string): string =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${main}"/></Types>`;

export const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
export const EXCEL_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

export function contentTypes(partName: string, contentType: string): string {
  return CONTENT_TYPES(partName).replace(`<Override PartName="/${partName}"/>`, `<Override PartName="/${partName}" ContentType="${contentType}"/>`);
}
