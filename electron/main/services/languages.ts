/**
 * Languages (main process, plain Node): source and target lists of the active connection from `/v2/languages`,
 * cached per connection for 24 h (memory and the cache store, so a restart offline still has them) and refreshed
 * on request. When a refresh fails and a cached list exists, the cached list is returned and marked as such.
 * `pairs` asks the local engine which source → target combinations it can do (Verso's `GET /v2/languages/pairs`
 * extension); other connections answer null, which the pickers read as "every combination".
 */
import type { LanguageList } from '../../../shared/ipc/contract.js';
import type { LanguagePairs } from '../../../shared/ipc/contract-translate.js';
import { z } from 'zod';
import { ApiError } from './api-errors.js';
import type { ConnectionsService } from './connections.js';
import type { KeyValueStore } from './ports.js';

const TTL_MS = 24 * 60 * 60 * 1000;
export const PSEUDO_SUFFIX = ' (pseudo)';

export class LanguagesService {
  /** The list requests on their way, by cache key. */
  private readonly fetching = new Map<string, Promise<LanguageList>>();

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
    // One request per list at a time: a second reader (the renderer's own call after `app.start` gave up waiting)
    // joins the one on its way instead of sending another.
    const going = refresh ? undefined : this.fetching.get(cacheKey);
    if (going) return going;
    const read = this.fetchList(type, connectionId, cacheKey, cached);
    if (!refresh) {
      this.fetching.set(cacheKey, read);
      void read.finally(() => this.fetching.delete(cacheKey)).catch(() => undefined);
    }
    return read;
  }

  private async fetchList(type: 'source' | 'target', connectionId: string | null, cacheKey: string, cached: LanguageList | undefined): Promise<LanguageList> {
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

  async pairs(refresh = false, connectionId = this.connections.activeId()): Promise<LanguagePairs> {
    const conn = this.connections.list().connections.find((c) => c.id === connectionId);
    // Only the local engine has the extension; asking a hosted service would be a wasted (and logged) 404.
    if (!conn || conn.kind !== 'local') return { pairs: null };
    const cacheKey = this.key(conn.id, 'pairs');
    const cached = this.cache.get(cacheKey) as (LanguagePairs & { fetchedAt: string }) | undefined;
    if (!refresh && cached && this.now() - Date.parse(cached.fetchedAt) < TTL_MS) return { pairs: cached.pairs };
    try {
      const client = await this.connections.clientFor(conn.id);
      const res = await client.request({ operation: 'languages.pairs', method: 'GET', path: '/v2/languages/pairs' }, { deadlineMs: 30_000 });
      const parsed = PairsWire.safeParse(JSON.parse(await res.text()));
      if (!parsed.success) return { pairs: null };
      const pairs = parsed.data.pairs.map((p) => ({
        source: p.source_lang.toUpperCase(),
        target: p.target_lang.toUpperCase(),
        ...(p.via_lang && { via: p.via_lang.toUpperCase() }),
      }));
      this.cache.set(cacheKey, { pairs, fetchedAt: new Date(this.now()).toISOString() });
      return { pairs };
    } catch (e) {
      if (cached) return { pairs: cached.pairs };
      // An older local service without the extension: every combination, as for hosted services.
      if (e instanceof ApiError && (e.status === 404 || e.code === 'not_found')) return { pairs: null };
      throw e;
    }
  }
}

const PairsWire = z.object({
  pairs: z.array(z.object({ source_lang: z.string(), target_lang: z.string(), via_lang: z.string().optional() })),
});
