/**
 * Encryption at rest of uploaded documents and their results (service process).
 *
 * Each document has a `document_key` (32 random bytes, hex) that only the client keeps. Files are encrypted with
 * AES-256-GCM under a key derived with HKDF-SHA256 from the document key, salted with the document id, so one
 * document key never encrypts two documents with the same AES key. Every file gets its own random 96-bit IV and
 * is bound to its id and role (source or result) through the GCM additional data, so swapping files between
 * documents or roles fails authentication. The service stores only SHA-256 of the document key.
 *
 * File layout: `VDOC` | version 1 | IV (12 bytes) | ciphertext (same length as the plain text) | tag (16 bytes).
 * Encryption and decryption stream; nothing is held whole in memory.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
  type CipherGCM,
} from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Transform, type Readable, type TransformCallback } from 'node:stream';

export type FileRole = 'source' | 'result';

const MAGIC = Buffer.from('VDOC\x01', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + IV_BYTES;
/** Bytes an encrypted file has beyond its plain text. */
export const ENCRYPTION_OVERHEAD = HEADER_BYTES + TAG_BYTES;

const KEY_RE = /^[0-9a-f]{64}$/i;

/** A new document key: 32 random bytes as 64 upper-case hex digits (DeepL's spelling). */
export function newDocumentKey(): string {
  return randomBytes(32).toString('hex').toUpperCase();
}

/** A new document id: 16 random bytes as 32 upper-case hex digits. */
export function newDocumentId(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

export function isWellFormedKey(key: string): boolean {
  return KEY_RE.test(key);
}

/** What the service stores instead of the key. Keys are 256 random bits, so a plain hash cannot be brute-forced. */
export function hashDocumentKey(key: string): string {
  return createHash('sha256').update(key.toUpperCase(), 'utf8').digest('hex');
}

/** Constant-time comparison of a presented key with the stored hash. */
export function keyMatches(key: string, storedHash: string): boolean {
  if (!isWellFormedKey(key)) return false;
  const a = Buffer.from(hashDocumentKey(key), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

function fileKey(documentKey: string, documentId: string): Buffer {
  if (!isWellFormedKey(documentKey)) throw new Error('malformed document key');
  const ikm = Buffer.from(documentKey, 'hex');
  return Buffer.from(hkdfSync('sha256', ikm, Buffer.from(documentId, 'utf8'), 'verso-document-v1', 32));
}

const aad = (documentId: string, role: FileRole) => Buffer.from(`${documentId}:${role}`, 'utf8');

/** A Transform that encrypts what goes through it into the file layout above. */
export function createEncryptStream(documentKey: string, documentId: string, role: FileRole): Transform {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', fileKey(documentKey, documentId), iv) as CipherGCM;
  cipher.setAAD(aad(documentId, role));
  let started = false;
  const header = () => {
    if (started) return undefined;
    started = true;
    return Buffer.concat([MAGIC, iv]);
  };
  return new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
      const h = header();
      if (h) this.push(h);
      cb(null, cipher.update(chunk));
    },
    flush(cb: TransformCallback) {
      const h = header();
      if (h) this.push(h);
      this.push(cipher.final());
      cb(null, cipher.getAuthTag());
    },
  });
}

/** Size of the plain text inside an encrypted file. */
export async function plainSize(path: string): Promise<number> {
  return Math.max(0, (await stat(path)).size - ENCRYPTION_OVERHEAD);
}

/**
 * Opens an encrypted file for streaming decryption. The tag is read first so that the stream fails at its end
 * when the file was altered (GCM can only tell after the last byte).
 */
export async function openDecryptStream(
  path: string,
  documentKey: string,
  documentId: string,
  role: FileRole,
): Promise<{ stream: Readable; size: number }> {
  const size = (await stat(path)).size;
  if (size < ENCRYPTION_OVERHEAD) throw new Error('encrypted file is truncated');
  const fh = await open(path, 'r');
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await fh.read(header, 0, HEADER_BYTES, 0);
    await fh.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await fh.close();
  }
  if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not an encrypted document file');
  const decipher = createDecipheriv('aes-256-gcm', fileKey(documentKey, documentId), header.subarray(MAGIC.length));
  decipher.setAAD(aad(documentId, role));
  decipher.setAuthTag(tag);
  const plainBytes = size - ENCRYPTION_OVERHEAD;
  if (plainBytes === 0) {
    // createReadStream with end < start would read the whole file; an empty body needs no ciphertext.
    queueMicrotask(() => decipher.end());
    return { stream: decipher, size: 0 };
  }
  const source = createReadStream(path, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 });
  source.on('error', (e) => decipher.destroy(e));
  decipher.on('close', () => source.destroy());
  source.pipe(decipher);
  return { stream: decipher, size: plainBytes };
}
