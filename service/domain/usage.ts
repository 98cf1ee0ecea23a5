/**
 * Billing periods, usage counters and quotas (service process).
 *
 * A request that would take the account or the key past its limit is refused with 456 before any work is done;
 * the check and the increment run in one immediate SQLite transaction, and better-sqlite3 is synchronous, so
 * concurrent requests can neither lose an update nor overrun a limit. Limits: null = none, 0 blocks everything.
 */
import { LIMITS } from '../../shared/spec/limits.js';
export { codePoints } from '../../shared/spec/billing.js';
import { HttpError, quotaExceeded } from '../http/errors.js';
import type { Account, ApiKey, Store } from '../store/store.js';

export type Product = 'translate' | 'write';

/** The billing period: the calendar month (UTC) that contains `at`. */
let periodCache: { start: string; end: string; from: number; to: number } | undefined;

export function billingPeriod(at = new Date()): { start: string; end: string } {
  const t = at.getTime();
  if (periodCache && t >= periodCache.from && t < periodCache.to) return periodCache;
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  periodCache = {
    start: start.toISOString(),
    end: end.toISOString(),
    from: start.getTime(),
    to: end.getTime(),
  };
  return periodCache;
}

const fmt = (n: number): string => n.toLocaleString('en-US');

export class Quota {
  constructor(private readonly store: Store) {}

  /**
   * Reserves `characters` for the key and its account in the current period, or throws 456.
   * Returns a function that gives the reservation back (used when the work then fails).
   */
  charge(account: Account, key: ApiKey, characters: number, product: Product = 'translate'): () => void {
    const { start } = billingPeriod();
    // Reads and the write below run synchronously (better-sqlite3), so no other request of this process can come
    // between them. Without a limit the one UPSERT is atomic by itself; with a limit, the check and the increment
    // also run in one IMMEDIATE transaction so that another process (the CLI) cannot interleave either.
    const limits = this.store.limitsOf(key.keyId);
    if (!limits) throw new HttpError(403, 'The key or its account no longer exists.', 'forbidden');
    if (limits.keyLimit === null && limits.accountLimit === null) {
      if (characters > 0) this.store.addUsage(account.id, key.keyId, start, product, characters);
    } else {
      this.store.transaction(() => this.checkAndAdd(account, key, characters, product, start));
    }
    let refunded = false;
    return () => {
      if (refunded || characters === 0) return;
      refunded = true;
      this.store.addUsage(account.id, key.keyId, start, product, -characters);
    };
  }

  private checkAndAdd(
    account: Account,
    key: ApiKey,
    characters: number,
    product: Product,
    start: string,
  ): void {
    // Re-read inside the transaction: an admin may have changed the limits a moment ago.
    const limits = this.store.limitsOf(key.keyId);
    if (!limits) throw new HttpError(403, 'The key or its account no longer exists.', 'forbidden');
    const { keyLimit, accountLimit } = limits;
    if (keyLimit !== null) {
      const used = this.store.keyUsage(key.keyId, start);
      if (keyLimit === 0 || used + characters > keyLimit) {
        throw quotaExceeded(
          `Quota exceeded: this key's character limit is ${fmt(keyLimit)} per month and ${fmt(used)} are used; ` +
            `this request needs ${fmt(characters)}. Ask the account admin to raise the key's limit, or wait for the next period.`,
        );
      }
    }
    if (accountLimit !== null) {
      const used = this.store.accountUsage(account.id, start);
      if (accountLimit === 0 || used + characters > accountLimit) {
        throw quotaExceeded(
          `Quota exceeded: the account's character limit is ${fmt(accountLimit)} per month and ${fmt(used)} are used; ` +
            `this request needs ${fmt(characters)}. Raise the account's limit, or wait for the next period.`,
        );
      }
    }
    if (characters > 0) this.store.addUsage(account.id, key.keyId, start, product, characters);
  }

  /** The spec's usage record for the key: Free and Pro Classic get two fields, Pro gets all of them. */
  report(account: Account, key: ApiKey): Record<string, unknown> {
    const { start, end } = billingPeriod();
    const characterCount = this.store.accountUsage(account.id, start);
    const characterLimit = account.characterLimit ?? LIMITS.unsetLimit;
    if (key.tier === 'free' || account.plan !== 'pro') {
      return { character_count: characterCount, character_limit: characterLimit };
    }
    const keyCount = this.store.keyUsage(key.keyId, start);
    const products = (['translate', 'write'] as const).map((p) => ({
      product_type: p,
      api_key_character_count: this.store.keyUsage(key.keyId, start, p),
      character_count: this.store.accountProductUsage(account.id, start, p),
    }));
    return {
      character_count: characterCount,
      character_limit: characterLimit,
      products,
      api_key_character_count: keyCount,
      api_key_character_limit: key.characterLimit ?? LIMITS.unsetLimit,
      start_time: start,
      end_time: end,
    };
  }
}
