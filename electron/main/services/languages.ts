/**
 * Languages (main process, plain Node): source and target lists of the active connection from `/v2/languages`,
 * cached per connection for 24 h (memory and the cache store, so a restart offline still has them) and refreshed
 * on request. When a refresh fails and a cached list exists, the cached list is returned and marked as such.
 */
import type { LanguageList } from '../../../shared/ipc/contract.js';
import type { ConnectionsService } from './connections.js';
import type { KeyValueStore } from './ports.js';

const TTL_MS = 24 * 60 * 60 * 1000;
export const PSEUDO_SUFFIX = ' (pseudo)';

export class LanguagesService {
  constructor(
    private readonly connections: ConnectionsService,
    private readonly cache: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  private key(connectionId: string, type: string): string {
    return `languages:${connectionId}:${type}`;
  }

  async list(type: 'source' | 'target', refresh = false, connectionId = this.connections.activeId()): Promise<LanguageList> {
    const cacheKey = this.key(connectionId ?? 'none', type);
    const cached = this.cache.get(cacheKey) as LanguageList | undefined;
    if (!refresh && cached && this.now() - Date.parse(cached.fetchedAt) < TTL_MS) {
      return { ...cached, fromCache: true };
    }
    try {
      const client = await this.connections.clientFor(connectionId);
      const wire = await client.getLanguages(type, { deadlineMs: 30_000 });
      const list: LanguageList = {
        type,
        languages: wire.map((l) => ({ code: l.language.toUpperCase(), name: l.name, supportsFormality: l.supports_formality === true })),
        fetchedAt: new Date(this.now()).toISOString(),
        fromCache: false,
        pseudo: wire.length > 0 && wire.every((l) => l.name.endsWith(PSEUDO_SUFFIX)),
      };
      this.cache.set(cacheKey, list);
      return list;
    } catch (e) {
      if (cached) return { ...cached, fromCache: true };
      throw e;
    }
  }
}
