// A small in-process cache for catalogue reads. An entry is fresh for a few seconds, then served
// stale while one refresh runs in the background, so a slow query never makes shoppers wait once
// it has been answered; several server instances never disagree for long; `clear()` empties it.
import { LRUCache } from "lru-cache";

export interface ReadCache {
  /** The cached value for this key, or the loader's (shared by concurrent callers). */
  get<T extends object>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

interface Entry {
  value: Promise<object>;
  freshUntil: number;
  refreshing: boolean;
}

export interface ReadCacheOptions {
  /** How long a value is served without asking the database again. */
  ttlMs: number;
  /** How long past that a value may still be served while a refresh runs. */
  staleMs: number;
  maxEntries: number;
  now?: () => number;
}

export function createReadCache(options: ReadCacheOptions): ReadCache {
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry>({ max: options.maxEntries, ttl: options.ttlMs + options.staleMs, perf: { now } });

  function refresh(key: string, entry: Entry, load: () => Promise<object>) {
    entry.refreshing = true;
    const next = load();
    next.then(
      () => entries.set(key, { value: next, freshUntil: now() + options.ttlMs, refreshing: false }),
      // A failed refresh keeps the stale value a little longer and tries again later.
      () => {
        entry.refreshing = false;
      },
    );
  }

  return {
    get<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (entry) {
        if (!entry.refreshing && now() >= entry.freshUntil) refresh(key, entry, load);
        return entry.value as Promise<T>;
      }
      const value = load();
      entries.set(key, { value, freshUntil: now() + options.ttlMs, refreshing: false });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}

/** A cache that keeps nothing, for when caching is switched off. */
export const noCache: ReadCache = { get: (_key, load) => load(), clear: () => undefined };
