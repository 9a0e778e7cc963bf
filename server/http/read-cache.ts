// A small in-process cache for catalogue reads. Entries live a few seconds, so several server
// instances never disagree for long; writes in this process clear it at once.
import { LRUCache } from "lru-cache";

export interface ReadCache {
  /** The cached value for this key, or the loader's (shared by concurrent callers). */
  get<T extends object>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createReadCache(options: { ttlMs: number; maxEntries: number }): ReadCache {
  const cache = new LRUCache<string, Promise<object>>({ max: options.maxEntries, ttl: options.ttlMs });
  return {
    get<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = cache.get(key);
      if (hit) return hit as Promise<T>;
      const pending = load();
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
      return pending;
    },
    clear: () => cache.clear(),
  };
}

/** A cache that keeps nothing, for when caching is switched off. */
export const noCache: ReadCache = { get: (_key, load) => load(), clear: () => undefined };
