/**
 * Document file checks (main process, plain Node): expands folders to the supported files inside, and checks each
 * file before anything is sent — extension in the spec's list, content sniffed from its first bytes (a `.docx`
 * that is not a zip is refused with what it looks like), size against the configured maximum, readable — and
 * estimates the characters the service will bill. The magic-number sniffing is hand-written: it needs eight
 * signatures, which is less code than adapting a general detector's MIME answers to the spec's extensions. A zip
 * package (.docx, .pptx, .xlsx, .idml) must also be whole: a file cut off mid-copy starts like a zip but has lost
 * the central directory at its end, and is refused here rather than by the service after the upload.
 */
import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import type { FileCheck } from '../../../shared/ipc/contract-documents.js';
import { DOCUMENT_EXTENSIONS, LIMITS, MINIMUM_BILLED_EXTENSIONS } from '../../../shared/spec/limits.js';

const SUPPORTED: ReadonlySet<string> = new Set(DOCUMENT_EXTENSIONS);
const ZIP_BASED = new Set(['docx', 'pptx', 'xlsx', 'idml']);
const TEXT_BASED = new Set(['htm', 'html', 'txt', 'xlf', 'xliff', 'srt', 'xml', 'json', 'dita', 'mif']);
const MARKUP = new Set(['htm', 'html', 'xlf', 'xliff', 'xml', 'dita']);
const IMAGES = new Set(['jpeg', 'jpg', 'png']);
/** Text files larger than this are estimated from their size instead of read whole. */
const EXACT_COUNT_MAX_BYTES = 32 * 1024 * 1024;

export function extensionOf(path: string): string {
  return extname(path).slice(1).toLowerCase();
}

/** What the first bytes of a file look like. */
export function sniff(head: Uint8Array): string {
  const b = head;
  const starts = (...sig: number[]) => sig.every((v, i) => b[i] === v);
  if (b.length === 0) return 'empty';
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'zip';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'ole';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (starts(0x1f, 0x8b)) return 'gzip';
  if (starts(0x7b, 0x5c, 0x72, 0x74, 0x66)) return 'rtf';
  // UTF-16/32 byte order marks: text, even though NUL bytes follow.
  if (starts(0xff, 0xfe) || starts(0xfe, 0xff) || starts(0xef, 0xbb, 0xbf)) return 'text';
  const n = Math.min(b.length, 8192);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = b[i]!;
    if (c === 0) return 'binary';
    if (c < 9 || (c > 13 && c < 32)) control++;
  }
  return control > n / 20 ? 'binary' : 'text';
}

/**
 * The names in an OLE compound file's directory (MS-CFB): the header gives the sector size, the first directory
 * sector and the first 109 FAT sectors; the directory's chain is followed through the FAT (at most 64 sectors,
 * read one at a time, so a large file is never read whole). An encrypted OOXML file holds `EncryptionInfo` and
 * `EncryptedPackage` (MS-OFFCRYPTO).
 */
export async function oleStreamNames(path: string): Promise<string[]> {
  const fh = await open(path, 'r');
  try {
    const read = async (pos: number, len: number): Promise<Buffer> => {
      const buf = Buffer.alloc(len);
      const { bytesRead } = await fh.read(buf, 0, len, pos);
      return buf.subarray(0, bytesRead);
    };
    const header = await read(0, 512);
    if (header.length < 512) return [];
    const shift = header.readUInt16LE(0x1e);
    if (shift !== 9 && shift !== 12) return [];
    const sectorSize = 1 << shift;
    const fatSectors: number[] = [];
    for (let i = 0; i < 109; i++) fatSectors.push(header.readUInt32LE(0x4c + i * 4));
    const perFat = sectorSize / 4;
    const nextOf = async (sector: number): Promise<number> => {
      const fat = fatSectors[Math.floor(sector / perFat)];
      if (fat === undefined || fat >= 0xfffffffa) return 0xfffffffe;
      const b = await read((fat + 1) * sectorSize + (sector % perFat) * 4, 4);
      return b.length === 4 ? b.readUInt32LE(0) : 0xfffffffe;
    };
    const names: string[] = [];
    let sector = header.readUInt32LE(0x30);
    for (let n = 0; n < 64 && sector < 0xfffffffa; n++) {
      const dir = await read((sector + 1) * sectorSize, sectorSize);
      for (let off = 0; off + 128 <= dir.length; off += 128) {
        const len = dir.readUInt16LE(off + 0x40);
        if (len >= 2 && len <= 64) names.push(dir.toString('utf16le', off, off + len - 2));
      }
      sector = await nextOf(sector);
    }
    return names;
  } finally {
    await fh.close();
  }
}

/** Central-directory headers walked at most; past this the service's own limits speak (it refuses 20,000). */
const ZIP_WALK_MAX_ENTRIES = 100_000;

/**
 * Whether a zip package is whole: it ends with an end-of-central-directory record (ZIP64 included) and every
 * central-directory header that record points to lies inside the file. yauzl (the reader the service opens
 * packages with, so both agree) finds the record in the file's last 65,577 bytes; the walk then reads the
 * headers only (46 bytes and a name each, never an entry's data), so a 1 GB file is not read whole. A file cut
 * off part-way has no such record; one whose record points past its end fails on the first header.
 */
export async function zipIsComplete(path: string): Promise<boolean> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, decodeStrings: false });
  } catch {
    return false;
  }
  try {
    return await new Promise<boolean>((done) => {
      let seen = 0;
      zip.on('entry', () => (++seen >= ZIP_WALK_MAX_ENTRIES ? done(true) : zip.readEntry()));
      zip.once('end', () => done(true));
      zip.once('error', () => done(false));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** Packages larger than this are not opened for the XML check (the service then says what it finds). */
const XML_CHECK_MAX_FILE_BYTES = 50 * 1024 * 1024;
/** Parts larger than this (uncompressed) are skipped by the XML check; all checked parts together stop at the total. */
const XML_CHECK_MAX_PART_BYTES = 8 * 1024 * 1024;
const XML_CHECK_MAX_TOTAL_BYTES = 32 * 1024 * 1024;

/**
 * The first XML part of an Office package (.xml, .rels) that is not well-formed XML or cannot be inflated, or
 * undefined when all checked parts are whole. Cheap by design: packages over 50 MB are not checked, nor parts over
 * 8 MB, and the check stops after 32 MB of XML; each part is streamed through saxes (the parser the local service
 * reads parts with), never held whole. A workbook whose sheet is damaged is then refused before it is sent, with what
 * to do, rather than failing on the service after the upload (seen on a tour).
 */
export async function damagedXmlPart(path: string, size: number): Promise<string | undefined> {
  if (size > XML_CHECK_MAX_FILE_BYTES) return undefined;
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch {
    return undefined; // zipIsComplete speaks for packages that do not open
  }
  let total = 0;
  const wellFormed = (entry: Entry): Promise<boolean> =>
    new Promise((done) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return done(false);
        const parser = new SaxesParser({ xmlns: false });
        let bad = false;
        parser.on('error', () => {
          bad = true;
        });
        const decoder = new StringDecoder('utf8');
        stream.on('data', (chunk: Buffer) => {
          if (bad) return;
          try {
            parser.write(decoder.write(chunk));
          } catch {
            bad = true;
          }
          if (bad) {
            stream.destroy();
            done(false);
          }
        });
        stream.once('error', () => done(false));
        stream.once('end', () => {
          if (bad) return;
          try {
            parser.write(decoder.end());
            parser.close();
          } catch {
            bad = true;
          }
          done(!bad);
        });
      });
    });
  try {
    return await new Promise<string | undefined>((done) => {
      zip.on('entry', (entry: Entry) => {
        const name = entry.fileName;
        const xml = /\.(xml|rels)$/i.test(name) && !name.endsWith('/');
        if (!xml || entry.uncompressedSize > XML_CHECK_MAX_PART_BYTES) return zip.readEntry();
        total += entry.uncompressedSize;
        if (total > XML_CHECK_MAX_TOTAL_BYTES) return done(undefined);
        void wellFormed(entry).then((ok) => (ok ? zip.readEntry() : done(name)));
      });
      zip.once('end', () => done(undefined));
      zip.once('error', () => done(undefined));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** A charset other than UTF-8 declared in the first bytes of an HTML (`<meta charset>`) or XML (`encoding=`) file. */
function declaresOtherCharset(head: Uint8Array): boolean {
  const text = Buffer.from(head).toString('latin1');
  const m = /<meta[^>]*charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(text) ?? /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)/i.exec(text);
  return m !== null && !/^utf-?8$/i.test(m[1]!);
}

/** Does `looks` fit what `ext` must contain? */
function contentFits(ext: string, looks: string): boolean {
  if (ZIP_BASED.has(ext)) return looks === 'zip';
  if (ext === 'pdf') return looks === 'pdf';
  if (ext === 'doc') return looks === 'ole' || looks === 'rtf';
  if (ext === 'png') return looks === 'png';
  if (ext === 'jpg' || ext === 'jpeg') return looks === 'jpeg';
  if (TEXT_BASED.has(ext)) return looks === 'text';
  return false;
}

/**
 * Counts characters the service would bill in a text file: code points, markup tags left out; and whether any of
 * them is more than white space (a file of blank lines has nothing to translate).
 */
async function countText(path: string, ext: string): Promise<{ count: number; text: boolean; utf8: boolean }> {
  const decoder = new StringDecoder('utf8');
  // Alongside the count: are the bytes UTF-8? (A file with a UTF-16/32 byte-order mark is not read as UTF-8 here.)
  const strict = new TextDecoder('utf-8', { fatal: true });
  let utf8 = true;
  let count = 0;
  let text = false;
  let inTag = false;
  const markup = MARKUP.has(ext);
  const add = (s: string) => {
    for (const ch of s) {
      if (markup) {
        if (ch === '<') inTag = true;
        else if (ch === '>') inTag = false;
        else if (!inTag) {
          count++;
          text ||= !/\s/u.test(ch);
        }
      } else {
        count++;
        text ||= ch !== '\ufeff' && !/\s/u.test(ch);
      }
    }
  };
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    add(decoder.write(chunk as Buffer));
    if (utf8) {
      try {
        strict.decode(chunk as Buffer, { stream: true });
      } catch {
        utf8 = false;
      }
    }
  }
  add(decoder.end());
  if (utf8) {
    try {
      strict.decode();
    } catch {
      utf8 = false;
    }
  }
  return { count, text, utf8 };
}

export interface CheckOptions {
  maxBytes: number;
}

export async function checkFile(path: string, o: CheckOptions): Promise<FileCheck> {
  const name = basename(path);
  const extension = extensionOf(path);
  const minimumBilled = MINIMUM_BILLED_EXTENSIONS.has(extension);
  const image = IMAGES.has(extension);
  const base = { path, name, extension, minimumBilled, image, exact: false, estimatedCharacters: minimumBilled ? LIMITS.documentMinimumBilled : 0 };
  let size = 0;
  try {
    const st = await stat(path);
    if (!st.isFile()) return { ...base, sizeBytes: 0, ok: false, problem: 'not_a_file' };
    size = st.size;
  } catch {
    return { ...base, sizeBytes: 0, ok: false, problem: 'unreadable' };
  }
  if (!SUPPORTED.has(extension)) return { ...base, sizeBytes: size, ok: false, problem: 'unsupported_extension' };
  if (size === 0) return { ...base, sizeBytes: 0, ok: false, problem: 'empty' };
  if (size > o.maxBytes) return { ...base, sizeBytes: size, ok: false, problem: 'too_large' };
  let head: Uint8Array;
  try {
    const fh = await open(path, 'r');
    try {
      const buf = Buffer.alloc(8192);
      const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
      head = buf.subarray(0, bytesRead);
    } finally {
      await fh.close();
    }
  } catch {
    return { ...base, sizeBytes: size, ok: false, problem: 'unreadable' };
  }
  const looks = sniff(head);
  // A password-protected .docx/.xlsx/.pptx is not a zip but an OLE container holding the encrypted package: say
  // that (save a copy without the password), not "an old Office file".
  if (ZIP_BASED.has(extension) && looks === 'ole' && (await oleStreamNames(path).catch(() => [] as string[])).includes('EncryptedPackage')) {
    return { ...base, sizeBytes: size, ok: false, problem: 'password_protected', looksLike: looks };
  }
  if (!contentFits(extension, looks)) return { ...base, sizeBytes: size, ok: false, problem: 'content_mismatch', looksLike: looks };
  // Starts like a zip but cannot be opened as one (cut off mid-copy, damaged): say so now, nothing is sent.
  if (ZIP_BASED.has(extension) && !(await zipIsComplete(path))) return { ...base, sizeBytes: size, ok: false, problem: 'incomplete', looksLike: looks };
  // Whole, but a part of it is not well-formed XML: no service can read it; opening and saving it again mends it.
  if (ZIP_BASED.has(extension) && (await damagedXmlPart(path, size).catch(() => undefined)) !== undefined) {
    return { ...base, sizeBytes: size, ok: false, problem: 'damaged', looksLike: looks };
  }
  if (TEXT_BASED.has(extension)) {
    if (size <= EXACT_COUNT_MAX_BYTES) {
      try {
        const { count, text, utf8 } = await countText(path, extension);
        // Markup whose bytes are not UTF-8 and that names no other charset (nor has a UTF-16/32 byte-order mark):
        // its characters cannot be read as it says (seen on a tour: a windows-1252 .html failed after the upload).
        const bom = head[0] === 0xef || head[0] === 0xff || head[0] === 0xfe;
        if (MARKUP.has(extension) && !utf8 && !bom && !declaresOtherCharset(head)) {
          return { ...base, sizeBytes: size, ok: false, problem: 'not_utf8' };
        }
        // Only spaces and line breaks (or markup): nothing to translate, said now instead of a "translated" copy of
        // the blank file (seen on a tour).
        if (!text) return { ...base, sizeBytes: size, ok: false, problem: 'no_text' };
        return { ...base, sizeBytes: size, ok: true, exact: true, estimatedCharacters: count };
      } catch {
        return { ...base, sizeBytes: size, ok: false, problem: 'unreadable' };
      }
    }
    return { ...base, sizeBytes: size, ok: true, estimatedCharacters: size };
  }
  return { ...base, sizeBytes: size, ok: true };
}

/**
 * Expands folders (recursively, hidden entries skipped) to the supported files inside; plain paths pass through
 * as given so an unsupported file the user picked is reported rather than silently dropped.
 */
export async function expandPaths(paths: readonly string[]): Promise<{ files: string[]; skipped: number; fromFolders: number }> {
  const files: string[] = [];
  let skipped = 0;
  let fromFolders = 0;
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile()) {
        if (SUPPORTED.has(extensionOf(p))) {
          files.push(p);
          fromFolders++;
        } else skipped++;
      }
    }
  };
  for (const p of paths) {
    const st = await stat(p).catch(() => undefined);
    if (st?.isDirectory()) await walk(p);
    else files.push(p);
  }
  return { files: [...new Set(files)], skipped, fromFolders };
}
