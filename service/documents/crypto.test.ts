/**
 * Encryption at rest of documents (service process): round trip, and every way of reading a file with the wrong
 * key, the wrong document or role, or altered bytes fails instead of returning text.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ENCRYPTION_OVERHEAD,
  createEncryptStream,
  hashDocumentKey,
  keyMatches,
  newDocumentId,
  newDocumentKey,
  openDecryptStream,
} from './crypto.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-doc-crypto-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function encrypt(plain: Buffer, key: string, id: string, role: 'source' | 'result' = 'source') {
  const path = join(dir, `${id}.${role}`);
  await pipeline(Readable.from([plain]), createEncryptStream(key, id, role), createWriteStream(path));
  return path;
}

async function decrypt(path: string, key: string, id: string, role: 'source' | 'result' = 'source') {
  const { stream } = await openDecryptStream(path, key, id, role);
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('document encryption', () => {
  it('round-trips and stores no plain text', async () => {
    const key = newDocumentKey();
    const id = newDocumentId();
    const plain = Buffer.from('Quarterly numbers: revenue up 12 %. '.repeat(5000));
    const path = await encrypt(plain, key, id);
    const stored = await readFile(path);
    expect(stored.length).toBe(plain.length + ENCRYPTION_OVERHEAD);
    expect(stored.includes(Buffer.from('Quarterly'))).toBe(false);
    expect((await decrypt(path, key, id)).equals(plain)).toBe(true);
  });

  it('two uploads of the same text under the same key differ on disk (fresh IV per file)', async () => {
    const key = newDocumentKey();
    const plain = Buffer.from('same text');
    const a = await readFile(await encrypt(plain, key, 'A'.repeat(32)));
    const b = await readFile(await encrypt(plain, key, 'B'.repeat(32)));
    expect(a.equals(b)).toBe(false);
  });

  it('fails with the wrong key, another document id, the other role, or a flipped byte', async () => {
    const key = newDocumentKey();
    const id = newDocumentId();
    const path = await encrypt(Buffer.from('secret text'), key, id);
    await expect(decrypt(path, newDocumentKey(), id)).rejects.toThrow();
    await expect(decrypt(path, key, newDocumentId())).rejects.toThrow();
    await expect(decrypt(path, key, id, 'result')).rejects.toThrow();
    const bytes = await readFile(path);
    bytes[30] = bytes[30]! ^ 1;
    await writeFile(path, bytes);
    await expect(decrypt(path, key, id)).rejects.toThrow();
  });

  it('handles an empty file', async () => {
    const key = newDocumentKey();
    const id = newDocumentId();
    const path = await encrypt(Buffer.alloc(0), key, id);
    expect((await decrypt(path, key, id)).length).toBe(0);
  });

  it('matches keys only against their hash, case-insensitively, and rejects malformed keys', () => {
    const key = newDocumentKey();
    const hash = hashDocumentKey(key);
    expect(hash).not.toContain(key);
    expect(keyMatches(key, hash)).toBe(true);
    expect(keyMatches(key.toLowerCase(), hash)).toBe(true);
    expect(keyMatches(newDocumentKey(), hash)).toBe(false);
    expect(keyMatches('', hash)).toBe(false);
    expect(keyMatches('../../etc/passwd', hash)).toBe(false);
  });
});
