import { describe, expect, it } from "vitest";
import { createReadCache } from "../../server/http/read-cache.ts";

function clock() {
  let time = 1_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("the catalogue read cache", () => {
  it("shares one load between concurrent readers and serves it while fresh", async () => {
    const time = clock();
    const cache = createReadCache({ ttlMs: 100, staleMs: 1000, maxEntries: 10, now: time.now });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const [a, b] = await Promise.all([cache.get("k", load), cache.get("k", load)]);
    expect(a).toEqual({ n: 1 });
    expect(b).toBe(a);
    time.advance(50);
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    expect(loads).toBe(1);
  });

  it("serves the stale value while one refresh runs, then the new one", async () => {
    const time = clock();
    const cache = createReadCache({ ttlMs: 100, staleMs: 1000, maxEntries: 10, now: time.now });
    let release: (value: { v: string }) => void = () => undefined;
    await cache.get("k", async () => ({ v: "old" }));
    time.advance(150);
    let refreshes = 0;
    const slow = () => {
      refreshes += 1;
      return new Promise<{ v: string }>((resolve) => (release = resolve));
    };
    expect(await cache.get("k", slow)).toEqual({ v: "old" });
    expect(await cache.get("k", slow)).toEqual({ v: "old" });
    expect(refreshes).toBe(1);
    release({ v: "new" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get("k", slow)).toEqual({ v: "new" });
  });

  it("forgets a failed first load, and keeps the stale value when a refresh fails", async () => {
    const time = clock();
    const cache = createReadCache({ ttlMs: 100, staleMs: 1000, maxEntries: 10, now: time.now });
    await expect(cache.get("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => ({ v: "up" }))).toEqual({ v: "up" });
    time.advance(150);
    expect(await cache.get("k", async () => Promise.reject(new Error("down again")))).toEqual({ v: "up" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get("k", async () => ({ v: "back" }))).toEqual({ v: "up" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get("k", async () => ({ v: "later" }))).toEqual({ v: "back" });
  });

  it("drops a value once it is older than fresh plus stale", async () => {
    const time = clock();
    const cache = createReadCache({ ttlMs: 100, staleMs: 200, maxEntries: 10, now: time.now });
    await cache.get("k", async () => ({ v: 1 }));
    time.advance(301);
    expect(await cache.get("k", async () => ({ v: 2 }))).toEqual({ v: 2 });
  });
});
