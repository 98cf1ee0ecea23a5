/**
 * A minimal reader of OLE compound files (service process, document workers and the upload path), just enough to
 * tell a user why an Office file cannot be read: a docx/xlsx/pptx saved with a password is an OLE container
 * holding `EncryptionInfo` and `EncryptedPackage` instead of a zip; a .doc carries the `fEncrypted` flag in its
 * File Information Block, and a Word 6/95 file has another FIB magic number.
 *
 * Hand-written (about 80 lines, [MS-CFB] sections 2.2 to 2.6): the runtime has no OLE library (word-extractor's
 * reader is internal to it and throws library messages on exactly these files), and only the header, the FAT
 * chain of the directory and the first sector of one stream are needed. Every offset is bounds-checked; a file
 * that does not parse is simply "not recognised", never an exception.
 */
import { readFile } from 'node:fs/promises';

export const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const isOle = (head: Buffer): boolean => head.length >= 8 && head.subarray(0, 8).equals(OLE_MAGIC);

const END_OF_CHAIN = 0xfffffffe;

interface DirEntry {
  name: string;
  start: number;
  size: number;
}

export class OleFile {
  private constructor(
    private readonly data: Buffer,
    private readonly sectorSize: number,
    private readonly fat: number[],
    readonly entries: DirEntry[],
  ) {}

  /** Parses the container, or returns undefined when the bytes are not a readable OLE file. */
  static parse(data: Buffer): OleFile | undefined {
    if (!isOle(data) || data.length < 512) return undefined;
    const shift = data.readUInt16LE(30);
    if (shift !== 9 && shift !== 12) return undefined;
    const sectorSize = 1 << shift;
    const sector = (n: number) => 512 + n * sectorSize;
    // The FAT sectors listed in the header (109 of them cover files up to about 7 MB with 512-byte sectors,
    // far beyond any encrypted-package header we need; larger files still parse when their chains stay inside).
    const fat: number[] = [];
    const fatSectors = Math.min(data.readUInt32LE(44), 109);
    for (let i = 0; i < fatSectors; i++) {
      const s = data.readUInt32LE(76 + i * 4);
      if (s >= 0xfffffffa || sector(s) + sectorSize > data.length) continue;
      for (let o = 0; o < sectorSize; o += 4) fat.push(data.readUInt32LE(sector(s) + o));
    }
    const entries: DirEntry[] = [];
    let s = data.readUInt32LE(48);
    for (let guard = 0; s !== END_OF_CHAIN && guard < 10_000; guard++) {
      const at = sector(s);
      if (s >= 0xfffffffa || at + sectorSize > data.length) break;
      for (let o = at; o < at + sectorSize; o += 128) {
        const nameLen = data.readUInt16LE(o + 64);
        if (nameLen < 2 || nameLen > 64) continue;
        entries.push({
          name: data.toString('utf16le', o, o + nameLen - 2),
          start: data.readUInt32LE(o + 116),
          size: data.readUInt32LE(o + 120),
        });
      }
      s = fat[s] ?? END_OF_CHAIN;
    }
    return new OleFile(data, sectorSize, fat, entries);
  }

  has(name: string): boolean {
    return this.entries.some((e) => e.name === name);
  }

  /** The first bytes of a stream stored in regular sectors (streams of 4096 bytes or more), or undefined. */
  streamHead(name: string, bytes: number): Buffer | undefined {
    const e = this.entries.find((x) => x.name === name);
    if (!e || e.size < 4096) return undefined;
    const at = 512 + e.start * this.sectorSize;
    if (at + bytes > this.data.length) return undefined;
    return this.data.subarray(at, at + Math.min(bytes, this.sectorSize));
  }
}

/** What an OLE file that should have been something else really is, said for people; undefined when unknown. */
export async function explainOleOffice(path: string, ext: string): Promise<string | undefined> {
  const ole = OleFile.parse(await readFile(path));
  if (!ole) return undefined;
  if (ole.has('EncryptedPackage') || ole.has('EncryptionInfo')) {
    return (
      `The file is protected by a password, so the service cannot read it. Open it in its application, save a ` +
      `copy without the password (File › Info › Protect › Encrypt with password, then clear the password), and ` +
      `upload that copy.`
    );
  }
  if (ext !== 'doc' && ole.has('WordDocument')) {
    return `The file is named .${ext} but is an older Word 97-2003 document. Rename it to .doc, or save it as .${ext} in Word, and upload it again.`;
  }
  return undefined;
}

/** Reasons a Word 97-2003 file cannot be read, said for people (password, Word 6/95); undefined when none. */
export function explainDoc(data: Buffer): string | undefined {
  const ole = OleFile.parse(data);
  if (!ole) return undefined;
  if (ole.has('EncryptedPackage') || ole.has('EncryptionInfo')) {
    return 'The file is a password-protected Office document. Open it in Word, save a copy without the password, and upload that copy.';
  }
  const fib = ole.streamHead('WordDocument', 16);
  if (!fib) return undefined;
  const ident = fib.readUInt16LE(0);
  if (ident === 0xa5dc) {
    return 'The file is a Word 6.0/95 document, which the local service cannot read. Open it in Word or LibreOffice, save it as .docx, and upload that file.';
  }
  // FIB base, bit fEncrypted (0x0100) of the flags word at offset 0x0A ([MS-DOC] 2.5.2).
  if (ident === 0xa5ec && (fib.readUInt16LE(10) & 0x0100) !== 0) {
    return 'The file is protected by a password, so the service cannot read it. Open it in Word, save a copy without the password (File › Info › Protect Document › Encrypt with Password, then clear it), and upload that copy.';
  }
  return undefined;
}
