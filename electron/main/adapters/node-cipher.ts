/**
 * Node twins of the secret cipher (main-process code under plain Node). TEST AND HARNESS ONLY: the AES-GCM key
 * sits in a file next to the data, which protects nothing against someone who can read that folder. It exists so
 * the encrypted-at-rest code path runs in tests and in the web harness; the desktop app uses Electron safeStorage.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { CipherAvailability, SecretCipher } from '../services/ports.js';

/** AES-256-GCM with a random key stored (0600) in `keyFile`. Layout of a ciphertext: iv(12) | tag(16) | data. */
export function createTestFileCipher(keyFile: string): SecretCipher {
  let key: Buffer;
  if (existsSync(keyFile)) {
    key = readFileSync(keyFile);
  } else {
    key = randomBytes(32);
    writeFileSync(keyFile, key, { mode: 0o600 });
    chmodSync(keyFile, 0o600);
  }
  return {
    async availability(): Promise<CipherAvailability> {
      return { canPersist: true, backend: 'test-file-key' };
    },
    async encrypt(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return new Uint8Array(Buffer.concat([iv, c.getAuthTag(), data]));
    },
    async decrypt(blob) {
      const b = Buffer.from(blob);
      const d = createDecipheriv('aes-256-gcm', key, b.subarray(0, 12));
      d.setAuthTag(b.subarray(12, 28));
      const plain = Buffer.concat([d.update(b.subarray(28)), d.final()]).toString('utf8');
      return { plain, shouldReEncrypt: false };
    },
  };
}

/** A cipher that cannot persist (as Electron's safeStorage on Linux without a keyring): session-only mode. */
export function createUnavailableCipher(backend = 'basic_text', reason?: string): SecretCipher {
  const why =
    reason ??
    'This system has no keyring to protect keys (no GNOME Keyring or KWallet found), so Verso will not write them to disk. Keep keys for this session only, or install and unlock a keyring and restart Verso.';
  return {
    async availability() {
      return { canPersist: false, backend, reason: why };
    },
    async encrypt() {
      throw new Error(why);
    },
    async decrypt() {
      throw new Error(why);
    },
  };
}
