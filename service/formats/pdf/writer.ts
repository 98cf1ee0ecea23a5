/**
 * Writes the translated text into the file PDFium saved (service process, document worker): an incremental update
 * (PDF 32000-1 §7.5.6) appended to PDFium's output adds the embedded fonts and replaces each page's placeholder form
 * XObject with one that draws the page's translation. PDFium itself places the placeholder on the page (see
 * index.ts), so no page dictionary has to be parsed or rewritten here and the file is loaded once and saved once;
 * the former route loaded PDFium's output again with pdf-lib and saved it whole, which took longer than the rest
 * of the PDF work together. Hand-written (about 150 lines): pdf-lib has no incremental save, and PDFium's saved
 * files always end in a classic cross-reference table and trailer, which is all this reads.
 */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const latin1 = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1');

/** A PDF number as content streams and dictionaries want it (at most 3 decimals, no exponent). */
export function pdfNumber(n: number): string {
  const r = Math.round(n * 1000) / 1000;
  return Object.is(r, -0) ? '0' : r.toString();
}

/** A PDF literal string (parentheses and backslashes escaped; bytes as latin1). */
export function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => '\\' + c)})`;
}

/** The dictionary key that marks placeholder XObjects of one run (random, so no input file can contain it). */
export function slotKey(): string {
  return `VersoSlot${randomBytes(6).toString('hex')}`;
}

/** A small PDF with one empty page per slot, each carrying `/Resources << /<key> <slot> >>`: PDFium copies the
 * page into the document as a form XObject (FPDF_NewXObjectFromPage) and the key finds the copy after saving. */
export function slotPdf(key: string, count: number): Uint8Array {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>'];
  const kids = Array.from({ length: count }, (_, i) => `${3 + i} 0 R`).join(' ');
  objects.push(`<< /Type /Pages /Count ${count} /Kids [${kids}] >>`);
  for (let i = 0; i < count; i++)
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Resources << /${key} ${i} >> >>`);
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Object numbers of the placeholder XObjects in a saved file, by slot. */
export function findSlots(file: Uint8Array, key: string): Map<number, number> {
  const slots = new Map<number, number>();
  const buffer = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const needle = Buffer.from(`/${key}`, 'latin1');
  for (let at = buffer.indexOf(needle); at >= 0; at = buffer.indexOf(needle, at + needle.length)) {
    const slot = /^\s*(\d+)/.exec(
      latin1(file, at + needle.length, Math.min(file.length, at + needle.length + 12)),
    );
    // The object header is the last "N G obj" before the key (the dictionary holds no streams or nested objects).
    const before = latin1(file, Math.max(0, at - 1024), at);
    const headers = [...before.matchAll(/(\d+)\s+(\d+)\s+obj\b/g)];
    const header = headers[headers.length - 1];
    if (slot && header) slots.set(Number(slot[1]), Number(header[1]));
  }
  return slots;
}

/** Stream data as IncrementalUpdate writes it (zlib, /FlateDecode). */
export function deflate(stream: Uint8Array | string): Buffer {
  return deflateSync(typeof stream === 'string' ? Buffer.from(stream, 'latin1') : stream);
}

/** New and replaced objects appended to a complete PDF, with their cross-reference section. */
export class IncrementalUpdate {
  private readonly parts: Buffer[] = [];
  private readonly offsets = new Map<number, number>();
  private length: number;
  private size: number;
  private readonly trailer: { root: string; info?: string; id?: string; prev: number };

  constructor(private readonly base: Uint8Array) {
    const tailFrom = Math.max(0, base.length - 4096);
    const tail = latin1(base, tailFrom, base.length);
    const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
    const at = tail.lastIndexOf('trailer');
    const dict = at >= 0 ? tail.slice(at) : '';
    const size = /\/Size\s+(\d+)/.exec(dict);
    const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(dict);
    if (!startxref || !size || !root) {
      // PDFium writes a classic table and trailer; anything else means its output changed.
      throw new Error('The PDF written by PDFium has no classic trailer to update.');
    }
    this.size = Number(size[1]);
    this.trailer = {
      root: root[1]!,
      info: /\/Info\s+(\d+\s+\d+\s+R)/.exec(dict)?.[1],
      id: /\/ID\s*(\[\s*<[0-9A-Fa-f]*>\s*<[0-9A-Fa-f]*>\s*\])/.exec(dict)?.[1],
      prev: Number(startxref[1]),
    };
    this.length = base.length;
    if (base[base.length - 1] !== 0x0a) this.push(Buffer.from('\n'));
  }

  private push(part: Buffer): void {
    this.parts.push(part);
    this.length += part.length;
  }

  /** A fresh object number. */
  allocate(): number {
    return this.size++;
  }

  /** Writes object `num` (new or replacing an existing one): a dictionary, and the stream data when given
   * (compressed here with zlib; `extra` goes into the dictionary next to /Length and /Filter). */
  set(num: number, dict: string, stream?: Uint8Array | string, extra = ''): void {
    if (stream === undefined) {
      this.offsets.set(num, this.length);
      this.push(Buffer.from(`${num} 0 obj\n${dict}\nendobj\n`, 'latin1'));
      return;
    }
    this.setDeflated(num, dict, deflate(stream), extra);
  }

  /** `set` with stream data compressed beforehand (by `deflate`, e.g. while the engine is still translating). */
  setDeflated(num: number, dict: string, data: Buffer, extra = ''): void {
    this.offsets.set(num, this.length);
    const head = dict.replace(/>>\s*$/, ` /Filter /FlateDecode /Length ${data.length}${extra} >>`);
    this.push(Buffer.from(`${num} 0 obj\n${head}\nstream\n`, 'latin1'));
    this.push(data);
    this.push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  }

  /** The updated file. */
  finish(): Buffer {
    const xrefAt = this.length;
    const nums = [...this.offsets.keys()].sort((a, b) => a - b);
    let xref = 'xref\n';
    for (let i = 0; i < nums.length;) {
      let j = i;
      while (j + 1 < nums.length && nums[j + 1] === nums[j]! + 1) j++;
      xref += `${nums[i]} ${j - i + 1}\n`;
      for (let k = i; k <= j; k++)
        xref += `${String(this.offsets.get(nums[k]!)).padStart(10, '0')} 00000 n \n`;
      i = j + 1;
    }
    const t = this.trailer;
    xref +=
      `trailer\n<< /Size ${this.size} /Root ${t.root}${t.info ? ` /Info ${t.info}` : ''}` +
      `${t.id ? ` /ID ${t.id}` : ''} /Prev ${t.prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    this.push(Buffer.from(xref, 'latin1'));
    return Buffer.concat([
      Buffer.from(this.base.buffer, this.base.byteOffset, this.base.byteLength),
      ...this.parts,
    ]);
  }
}
