/** Credentials at rest: encrypted, never in plain text on disk, session-only when the OS cannot protect them. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJsonFileStore } from '../adapters/json-file-store.js';
import { createTestFileCipher, createUnavailableCipher } from '../adapters/node-cipher.js';
import { ApiError } from './api-errors.js';
import { CredentialStore } from './credentials.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'verso-cred-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SECRET = 'f63c02c5-f056-4a2e-8b5b-8e9a3f1c2d4e';

describe('CredentialStore', () => {
  it('stores only ciphertext and gets the key back after a restart', async () => {
    const file = join(dir, 'secrets.json');
    const a = new CredentialStore(createJsonFileStore(file), createTestFileCipher(join(dir, 'k')));
    expect(await a.set('c1/api', SECRET)).toEqual({ configured: true, persisted: true });
    expect(await readFile(file, 'utf8')).not.toContain(SECRET);
    const b = new CredentialStore(createJsonFileStore(file), createTestFileCipher(join(dir, 'k')));
    expect(b.status('c1/api')).toEqual({ configured: true, persisted: true });
    expect(await b.reveal('c1/api')).toBe(SECRET);
  });

  it('treats a ciphertext it can no longer decrypt as "enter the key again", not a crash', async () => {
    const file = join(dir, 'secrets.json');
    await new CredentialStore(createJsonFileStore(file), createTestFileCipher(join(dir, 'k1'))).set('c1/api', SECRET);
    const other = new CredentialStore(createJsonFileStore(file), createTestFileCipher(join(dir, 'k2')));
    expect(await other.reveal('c1/api')).toBeUndefined();
  });

  it('refuses to persist without a keyring, keeps session keys in memory only, and clears', async () => {
    const file = join(dir, 'secrets.json');
    const s = new CredentialStore(createJsonFileStore(file), createUnavailableCipher());
    await expect(s.set('c1/api', SECRET)).rejects.toBeInstanceOf(ApiError);
    expect(await s.set('c1/api', SECRET, 'session')).toEqual({ configured: true, persisted: false });
    expect(await s.reveal('c1/api')).toBe(SECRET);
    expect(await readFile(file, 'utf8').catch(() => '')).not.toContain(SECRET);
    expect(await s.clear('c1/api')).toEqual({ configured: false, persisted: false });
    expect(await s.reveal('c1/api')).toBeUndefined();
  });
});
