/**
 * Credentials (main process, plain Node): API keys and admin keys, write-only from the renderer. Persisted keys
 * are encrypted by the `SecretCipher` (Electron safeStorage in the app) and only the ciphertext is stored; when the
 * OS cannot protect secrets, persisting is refused and "this session only" (memory) is offered instead. Nothing
 * here ever returns a key to IPC: callers in main get it with `reveal()`, the renderer only sees `status()`.
 */
import type { CipherAvailability, KeyValueStore, SecretCipher } from './ports.js';
import type { Persistence, SecretStatus } from '../../../shared/ipc/contract.js';
import { ApiError } from './api-errors.js';

const STORE_KEY = 'secrets';

export type SecretKind = 'api' | 'admin';

export function slotOf(connectionId: string, kind: SecretKind): string {
  return `${connectionId}/${kind}`;
}

export class CredentialStore {
  /** Keys kept for this session only; never written anywhere. */
  private readonly session = new Map<string, string>();
  /** Decrypted persisted keys, so each is decrypted once per run. */
  private readonly cache = new Map<string, string>();

  constructor(
    private readonly store: KeyValueStore,
    private readonly cipher: SecretCipher,
  ) {}

  availability(): Promise<CipherAvailability> {
    return this.cipher.availability();
  }

  private persisted(): Record<string, string> {
    const v = this.store.get(STORE_KEY);
    return v && typeof v === 'object' ? (v as Record<string, string>) : {};
  }

  async set(slot: string, secret: string, persistence: Persistence = 'persist'): Promise<SecretStatus> {
    const value = secret.trim();
    if (persistence === 'persist') {
      const avail = await this.cipher.availability();
      if (!avail.canPersist) {
        throw new ApiError(
          'secret_storage_unavailable',
          `${avail.reason ?? 'This system cannot protect keys on disk.'} Choose "this session only" to use the key until Verso quits.`,
        );
      }
      const blob = await this.cipher.encrypt(value);
      const all = this.persisted();
      all[slot] = Buffer.from(blob).toString('base64');
      this.store.set(STORE_KEY, all);
      this.session.delete(slot);
      this.cache.set(slot, value);
    } else {
      this.session.set(slot, value);
      this.cache.delete(slot);
      const all = this.persisted();
      if (slot in all) {
        delete all[slot];
        this.store.set(STORE_KEY, all);
      }
    }
    return this.status(slot);
  }

  async clear(slot: string): Promise<SecretStatus> {
    this.session.delete(slot);
    this.cache.delete(slot);
    const all = this.persisted();
    if (slot in all) {
      delete all[slot];
      this.store.set(STORE_KEY, all);
    }
    return this.status(slot);
  }

  status(slot: string): SecretStatus {
    if (this.session.has(slot)) return { configured: true, persisted: false };
    if (slot in this.persisted()) return { configured: true, persisted: true };
    return { configured: false, persisted: false };
  }

  /** The key itself: for the API client in main only. Undefined when not configured or no longer decryptable. */
  async reveal(slot: string): Promise<string | undefined> {
    const s = this.session.get(slot) ?? this.cache.get(slot);
    if (s !== undefined) return s;
    const b64 = this.persisted()[slot];
    if (b64 === undefined) return undefined;
    try {
      const { plain, shouldReEncrypt } = await this.cipher.decrypt(new Uint8Array(Buffer.from(b64, 'base64')));
      this.cache.set(slot, plain);
      if (shouldReEncrypt) await this.set(slot, plain, 'persist');
      return plain;
    } catch {
      // The OS key changed or the keyring is locked: the stored key is unusable, the user must enter it again.
      return undefined;
    }
  }

  /** Every secret currently known in memory, for redaction of logs and error messages. */
  knownSecrets(): string[] {
    return [...this.session.values(), ...this.cache.values()];
  }
}
