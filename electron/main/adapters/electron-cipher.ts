/**
 * Secret cipher over Electron's `safeStorage` async API (main process, Electron only). It fails closed: on Linux
 * with the `basic_text` backend (a hard-coded password, i.e. obfuscation) or an unknown backend it reports that
 * keys cannot be persisted, and Verso offers "this session only" instead of writing weakly protected keys.
 */
import { safeStorage } from 'electron';
import type { CipherAvailability, SecretCipher } from '../services/ports.js';

function backendName(): string {
  if (process.platform === 'darwin') return 'keychain';
  if (process.platform === 'win32') return 'dpapi';
  return safeStorage.getSelectedStorageBackend();
}

export function createSafeStorageCipher(): SecretCipher {
  return {
    async availability(): Promise<CipherAvailability> {
      const backend = backendName();
      if (backend === 'basic_text' || backend === 'unknown') {
        return {
          canPersist: false,
          backend,
          reason:
            'This desktop has no keyring Verso can use (no GNOME Keyring or KWallet found), so it will not write keys to disk. Keep keys for this session only, or install and unlock a keyring and restart Verso.',
        };
      }
      if (!(await safeStorage.isAsyncEncryptionAvailable())) {
        return { canPersist: false, backend, reason: 'The system keyring is not available right now (is it locked?). Unlock it and restart Verso, or keep keys for this session only.' };
      }
      return { canPersist: true, backend };
    },
    async encrypt(plain) {
      return new Uint8Array(await safeStorage.encryptStringAsync(plain));
    },
    async decrypt(data) {
      const r = await safeStorage.decryptStringAsync(Buffer.from(data));
      return { plain: r.result, shouldReEncrypt: r.shouldReEncrypt };
    },
  };
}
