// A replica of the server's in-process read cache (an LRU with a time-to-live, whose entries are
// created when a request starts, so concurrent identical requests share one database call),
// fed with every API request the benchmark sends, in the order they started. It tells how many
// requests of a run the cache answered without touching the database, and how many of those
// still waited for an identical request's database call (coalesced). The server itself exposes
// no cache statistics; the model keys entries by request path, which for the URLs the benchmark
// builds matches the server's keys one to one.
import { loadConfig } from "../../server/config.ts";

/** Mirrors `maxEntries` of the catalogue read cache in server/app.ts. */
export const CACHE_MAX_ENTRIES = 5000;
/** The freshness of a cached answer with the default configuration; stale answers count as hits too. */
export const CACHE_TTL_MS = loadConfig({}).catalogCacheSeconds * 1000;

export interface CacheTally {
  /** Answered from a finished entry, without waiting for the database. */
  hits: number;
  /** Started while an identical request was loading: answered when that load finished. */
  coalesced: number;
  /** Went to the database. */
  misses: number;
}

export type Outcome = "hit" | "coalesced" | "miss";

interface Entry {
  expiresAt: number;
  /** When the request that loaded the entry got its answer. */
  loadedAt: number;
}

export class ReadCacheModel {
  /** Map order is recency order (least recently used first). */
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = CACHE_TTL_MS,
    private readonly maxEntries = CACHE_MAX_ENTRIES,
  ) {}

  /** Records a request that started at `startedAt` and was answered at `finishedAt` (ms). */
  observe(key: string, startedAt: number, finishedAt = startedAt): Outcome {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      this.entries.delete(key);
      if (entry.expiresAt > startedAt) {
        this.entries.set(key, entry);
        return startedAt < entry.loadedAt ? "coalesced" : "hit";
      }
    }
    this.entries.set(key, { expiresAt: startedAt + this.ttlMs, loadedAt: finishedAt });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return "miss";
  }

  /** Feeds a batch of requests (in any order) and tallies them. */
  observeAll(requests: { key: string; startedAt: number; finishedAt: number }[]): CacheTally {
    const tally: CacheTally = { hits: 0, coalesced: 0, misses: 0 };
    for (const request of [...requests].sort((a, b) => a.startedAt - b.startedAt)) {
      const outcome = this.observe(request.key, request.startedAt, request.finishedAt);
      if (outcome === "hit") tally.hits += 1;
      else if (outcome === "coalesced") tally.coalesced += 1;
      else tally.misses += 1;
    }
    return tally;
  }
}
