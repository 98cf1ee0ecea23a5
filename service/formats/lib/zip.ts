/**
 * Zip packages for document formats (service process, document workers): a guarded reader over `yauzl`
 * and a small writer that copies untouched entries raw.
 *
 * Reading: random access from the file (yauzl), entry names kept as their original bytes, limits on entry
 * count, total uncompressed size and compression ratio (zip bombs), entry sizes verified while streaming
 * (yauzl `validateEntrySizes`), encrypted entries refused. Entries whose name is absolute or contains a `..`
 * segment are ignored: they are never read and never written back.
 *
 * Writing is hand-written (about 150 lines) because neither yazl nor fflate can add an entry's already
 * compressed bytes as they are; re-deflating every image of a presentation would cost time and change
 * bytes that the translation never touched. Copied entries keep their method, CRC, sizes, timestamps and
 * order; new entries are deflated as a stream with a data descriptor. No ZIP64: the limits below keep every
 * archive far under 4 GiB and 65,535 entries.
 */
import { createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { DocumentFormatError } from '../types.js';

export interface ZipLimits {
  maxEntries: number;
  /** Sum of declared uncompressed sizes of all entries. */
  maxTotalUncompressed: number;
  /** Largest uncompressed/compressed ratio accepted for an entry bigger than `ratioFromBytes`. */
  maxRatio: number;
  ratioFromBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxTotalUncompressed: 1024 * 1024 * 1024,
  maxRatio: 300,
  ratioFromBytes: 16 * 1024 * 1024,
};

export const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function isZip(head: Buffer): boolean {
  return head.length >= 4 && head.subarray(0, 4).equals(ZIP_MAGIC);
}

export interface ZipItem {
  /** Decoded name (UTF-8 when the entry says so, else Latin-1, which is exact for the ASCII names packages use). */
  name: string;
  /** The name's original bytes, written back unchanged. */
  nameBytes: Buffer;
  entry: Entry;
}

function decodeName(bytes: Buffer, flags: number): string {
  return bytes.toString(flags & 0x800 ? 'utf8' : 'latin1');
}

/** True for names that could point outside the archive if someone extracted it. */
function isUnsafeName(name: string): boolean {
  return name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name) || name.split(/[\\/]/).includes('..');
}

export class ZipReader {
  private constructor(
    private readonly zip: ZipFile,
    readonly items: ZipItem[],
    private readonly label: string,
  ) {}

  static async open(path: string, label: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipReader> {
    let zip: ZipFile;
    try {
      zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true });
    } catch (err) {
      throw new DocumentFormatError(
        `The ${label} could not be opened: it is not a complete zip package (it may be truncated or damaged). Open it in its application, save it again, and upload the new file.`,
        { cause: err },
      );
    }
    if (zip.entryCount > limits.maxEntries) {
      zip.close();
      throw new DocumentFormatError(`The ${label} holds ${zip.entryCount} files, more than the ${limits.maxEntries} accepted.`);
    }
    const items: ZipItem[] = [];
    let total = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        zip.on('error', reject);
        zip.on('end', () => resolve());
        zip.on('entry', (entry: Entry) => {
          const nameBytes = entry.fileName as unknown as Buffer;
          const name = decodeName(nameBytes, entry.generalPurposeBitFlag);
          if (entry.isEncrypted()) {
            reject(new DocumentFormatError(`The ${label} is encrypted (password-protected). Remove the password and upload it again.`));
            return;
          }
          total += entry.uncompressedSize;
          if (total > limits.maxTotalUncompressed) {
            reject(new DocumentFormatError(
              `The ${label} would expand to more than ${Math.round(limits.maxTotalUncompressed / 1048576)} MB when unpacked, which is refused as a possible zip bomb.`,
            ));
            return;
          }
          const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
          if (entry.uncompressedSize > limits.ratioFromBytes && ratio > limits.maxRatio) {
            reject(new DocumentFormatError(
              `The ${label} contains "${name}", compressed ${Math.round(ratio)} to 1, which is refused as a possible zip bomb.`,
            ));
            return;
          }
          if (!isUnsafeName(name)) items.push({ name, nameBytes, entry });
          zip.readEntry();
        });
        zip.readEntry();
      });
    } catch (err) {
      zip.close();
      if (err instanceof DocumentFormatError) throw err;
      throw new DocumentFormatError(`The ${label} is a damaged zip package. Open it in its application, save it again, and upload the new file.`, { cause: err });
    }
    return new ZipReader(zip, items, label);
  }

  find(name: string): ZipItem | undefined {
    return this.items.find((i) => i.name === name);
  }

  /** Decompressed content as a stream of bytes; size and inflate errors surface as `DocumentFormatError`. */
  async openStream(item: ZipItem): Promise<Readable> {
    return this.open(item, false);
  }

  /** The entry's stored bytes exactly as they are in the archive (still compressed). */
  async openRaw(item: ZipItem): Promise<Readable> {
    return this.open(item, true);
  }

  private async open(item: ZipItem, raw: boolean): Promise<Readable> {
    try {
      const stream = raw
        ? await this.zip.openReadStreamPromise(item.entry, { decodeFileData: false })
        : await this.zip.openReadStreamPromise(item.entry);
      return stream;
    } catch (err) {
      throw this.damaged(item, err);
    }
  }

  damaged(item: ZipItem, err: unknown): Error {
    if (err instanceof DocumentFormatError || (err as Error).name === 'AbortError') return err as Error;
    if (err instanceof DocumentFormatError) return err;
    return new DocumentFormatError(
      `The ${this.label} is damaged: its part "${item.name}" cannot be read. Open the file in its application, save it again, and upload the new file.`,
      { cause: err },
    );
  }

  /** Reads and decodes a whole UTF-8 text entry (for small parts such as `[Content_Types].xml`). */
  async readText(item: ZipItem, maxBytes = 8 * 1024 * 1024): Promise<string> {
    if (item.entry.uncompressedSize > maxBytes) {
      throw new DocumentFormatError(`The ${this.label} has an oversized "${item.name}" (${item.entry.uncompressedSize} bytes).`);
    }
    const stream = await this.openStream(item);
    const decoder = new StringDecoder('utf8');
    let text = '';
    try {
      for await (const chunk of stream) text += decoder.write(chunk as Buffer);
    } catch (err) {
      throw this.damaged(item, err);
    }
    return text + decoder.end();
  }

  close(): void {
    this.zip.close();
  }
}

interface CentralRecord {
  nameBytes: Buffer;
  flags: number;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  offset: number;
  externalAttributes: number;
  versionMadeBy: number;
  /** Position in the central directory (see `ZipWriter.begin`). */
  rank: number;
}

const MAX_U32 = 0xffffffff;

/** Waits for 'drain', or rejects on 'error', removing both listeners either way. */
function drained(stream: NodeJS.EventEmitter): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error): void => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = (): void => done();
    const onError = (err: Error): void => done(err);
    stream.on('drain', onDrain);
    stream.on('error', onError);
  });
}

/** Writes a zip archive entry by entry; see the module comment for why it is not yazl. */
export class ZipWriter {
  private readonly out: WriteStream;
  private offset = 0;
  private readonly records: CentralRecord[] = [];
  private failed: Error | undefined;

  constructor(path: string) {
    this.out = createWriteStream(path);
    this.out.on('error', (err) => {
      this.failed = err;
    });
  }

  private async put(buf: Buffer): Promise<void> {
    if (this.failed) throw this.failed;
    this.offset += buf.length;
    if (this.offset > MAX_U32) throw new DocumentFormatError('The translated document would exceed 4 GB, which is not supported.');
    if (!this.out.write(buf)) await drained(this.out);
    if (this.failed) throw this.failed;
  }

  private localHeader(r: Omit<CentralRecord, 'offset' | 'externalAttributes' | 'versionMadeBy'>): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(r.flags, 6);
    h.writeUInt16LE(r.method, 8);
    h.writeUInt16LE(r.time, 10);
    h.writeUInt16LE(r.date, 12);
    h.writeUInt32LE(r.crc >>> 0, 14);
    h.writeUInt32LE(r.compressedSize, 18);
    h.writeUInt32LE(r.uncompressedSize, 22);
    h.writeUInt16LE(r.nameBytes.length, 26);
    h.writeUInt16LE(0, 28);
    return Buffer.concat([h, r.nameBytes]);
  }

  /** Copies an entry's stored bytes unchanged (same method, CRC, sizes, timestamps); `rank` as in `begin`. */
  async copyRaw(item: ZipItem, raw: Readable, rank?: number): Promise<void> {
    const e = item.entry;
    if (e.compressedSize >= MAX_U32 || e.uncompressedSize >= MAX_U32) {
      throw new DocumentFormatError(`"${item.name}" is larger than 4 GB, which is not supported.`);
    }
    // Bit 3 (data descriptor) is cleared because sizes and CRC go into the local header; bits 1-2 (deflate
    // options) and 11 (UTF-8 name) describe the kept bytes and stay.
    const rec: CentralRecord = {
      nameBytes: item.nameBytes,
      flags: e.generalPurposeBitFlag & 0x0806,
      method: e.compressionMethod,
      time: e.lastModFileTime,
      date: e.lastModFileDate,
      crc: e.crc32,
      compressedSize: e.compressedSize,
      uncompressedSize: e.uncompressedSize,
      offset: this.offset,
      externalAttributes: e.externalFileAttributes,
      versionMadeBy: e.versionMadeBy,
      rank: rank ?? this.records.length,
    };
    await this.put(this.localHeader(rec));
    let copied = 0;
    for await (const chunk of raw) {
      copied += (chunk as Buffer).length;
      await this.put(chunk as Buffer);
    }
    if (copied !== e.compressedSize) {
      throw new DocumentFormatError(`The document is damaged: "${item.name}" is shorter than its directory says.`);
    }
    this.records.push(rec);
  }

  /**
   * Starts a new deflated entry (named with the original bytes of `like`, keeping its timestamps) and
   * returns a sink for its content. Call `end()` on the sink before starting another entry.
   * `rank` orders the central directory (default: the order entries were written). A caller that must write
   * an entry late (its content depends on entries after it) passes each entry's original index, so readers
   * that list entries (every zip tool, Office) still see the original order; only the data moves.
   */
  async begin(like: ZipItem, rank?: number): Promise<{ write(text: string): Promise<void>; end(): Promise<void> }> {
    const e = like.entry;
    const rec: CentralRecord = {
      nameBytes: like.nameBytes,
      flags: 0x0008 | (e.generalPurposeBitFlag & 0x0800),
      method: 8,
      time: e.lastModFileTime,
      date: e.lastModFileDate,
      crc: 0,
      compressedSize: 0,
      uncompressedSize: 0,
      offset: this.offset,
      externalAttributes: e.externalFileAttributes,
      versionMadeBy: e.versionMadeBy,
      rank: rank ?? this.records.length,
    };
    await this.put(this.localHeader(rec));
    const deflate = zlib.createDeflateRaw({ level: 6 });
    const pumped = (async () => {
      for await (const chunk of deflate) {
        rec.compressedSize += (chunk as Buffer).length;
        await this.put(chunk as Buffer);
      }
    })();
    // Keeps an early write failure from surfacing as an unhandled rejection; `end()` rethrows it.
    pumped.catch(() => undefined);
    const write = async (text: string): Promise<void> => {
      if (text.length === 0) return;
      const buf = Buffer.from(text, 'utf8');
      rec.crc = zlib.crc32(buf, rec.crc);
      rec.uncompressedSize += buf.length;
      if (rec.uncompressedSize > MAX_U32) throw new DocumentFormatError('A translated part would exceed 4 GB, which is not supported.');
      if (!deflate.write(buf)) await Promise.race([drained(deflate), pumped]);
    };
    const end = async (): Promise<void> => {
      deflate.end();
      await pumped;
      const d = Buffer.alloc(16);
      d.writeUInt32LE(0x08074b50, 0);
      d.writeUInt32LE(rec.crc >>> 0, 4);
      d.writeUInt32LE(rec.compressedSize, 8);
      d.writeUInt32LE(rec.uncompressedSize, 12);
      await this.put(d);
      this.records.push(rec);
    };
    return { write, end };
  }

  async finish(): Promise<void> {
    if (this.records.length > 0xffff) throw new DocumentFormatError('The translated document would hold more than 65,535 files.');
    const cdStart = this.offset;
    // Array sort is stable: equal ranks keep their writing order.
    const ordered = [...this.records].sort((a, b) => a.rank - b.rank);
    for (const r of ordered) {
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(r.versionMadeBy || 20, 4);
      c.writeUInt16LE(20, 6);
      c.writeUInt16LE(r.flags, 8);
      c.writeUInt16LE(r.method, 10);
      c.writeUInt16LE(r.time, 12);
      c.writeUInt16LE(r.date, 14);
      c.writeUInt32LE(r.crc >>> 0, 16);
      c.writeUInt32LE(r.compressedSize, 20);
      c.writeUInt32LE(r.uncompressedSize, 24);
      c.writeUInt16LE(r.nameBytes.length, 28);
      c.writeUInt32LE(r.externalAttributes >>> 0, 38);
      c.writeUInt32LE(r.offset, 42);
      await this.put(Buffer.concat([c, r.nameBytes]));
    }
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(this.records.length, 8);
    eocd.writeUInt16LE(this.records.length, 10);
    eocd.writeUInt32LE(this.offset - cdStart, 12);
    eocd.writeUInt32LE(cdStart, 16);
    await this.put(eocd);
    this.out.end();
    await once(this.out, 'close');
    if (this.failed) throw this.failed;
  }

  /** Stops writing after a failure (the caller removes the partial file). */
  async abort(): Promise<void> {
    if (this.out.closed) return;
    this.out.destroy();
    await once(this.out, 'close').catch(() => undefined);
  }
}

/**
 * Names of the first entries, read from the local headers found in the first bytes of a file (for sniffing
 * without opening the archive). Stops at the first entry whose size is only known after its data.
 */
export function zipNamesInHead(head: Buffer, max = 32): string[] {
  const names: string[] = [];
  let at = 0;
  while (names.length < max && at + 30 <= head.length && head.readUInt32LE(at) === 0x04034b50) {
    const flags = head.readUInt16LE(at + 6);
    const compressed = head.readUInt32LE(at + 18);
    const nameLen = head.readUInt16LE(at + 26);
    const extraLen = head.readUInt16LE(at + 28);
    if (at + 30 + nameLen > head.length) break;
    names.push(decodeName(head.subarray(at + 30, at + 30 + nameLen), flags));
    if (flags & 0x0008) break;
    at += 30 + nameLen + extraLen + compressed;
  }
  return names;
}
