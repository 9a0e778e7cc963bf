// API answers travel compressed to clients that accept it (a phone on a slow link), and plain to
// those that do not: the same JSON either way, for cached catalogue answers and for the others.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedCodings, answerCoding, negotiateCoding } from "../../server/http/read-cache.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

describe("compressed API answers", () => {
  let shop: TestApp;
  let categoryPath: string;

  beforeAll(async () => {
    shop = await startTestApp({ name: "pglite", url: null });
    const tree = (await shop.request({ url: "/api/v1/categories" })).json<{ path: string }[]>();
    categoryPath = tree[0]?.path ?? "";
  });
  afterAll(() => shop?.close());

  const listingUrl = () => `/api/v1/products/category?categoryPath=${encodeURIComponent(categoryPath)}&size=36`;

  it("sends a listing as plain JSON when the client names no encoding", async () => {
    const response = await shop.request({ url: listingUrl() });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.json<{ products: { content: unknown[] } }>().products.content.length).toBeGreaterThan(0);
  });

  it.each([
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ])("sends a listing in %s, much smaller, decoding to the same JSON (first and cached answer)", async (coding, decode) => {
    const plain = (await shop.request({ url: listingUrl() })).body;
    for (const attempt of [1, 2]) {
      const response = await shop.request({ url: listingUrl(), headers: { "accept-encoding": `${coding}, identity;q=0.5` } });
      expect(response.statusCode, `attempt ${attempt}`).toBe(200);
      expect(response.headers["content-encoding"]).toBe(coding);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.rawPayload.length).toBeLessThan(plain.length / 4);
      expect(decode(response.rawPayload).toString("utf8")).toBe(plain);
    }
  });

  it("gzips an answer made for one request and sends brotli once it is asked for again, to a browser offering both", async () => {
    // A listing no test asked for yet: a read-cache miss.
    const url = `/api/v1/products/category?categoryPath=${encodeURIComponent(categoryPath)}&size=35`;
    const browser = { "accept-encoding": "gzip, deflate, br, zstd" };
    const first = await shop.request({ url, headers: browser });
    expect(first.headers["content-encoding"]).toBe("gzip");
    const again = await shop.request({ url, headers: browser });
    expect(again.headers["content-encoding"]).toBe("br");
    const plain = (await shop.request({ url })).json();
    expect(JSON.parse(gunzipSync(first.rawPayload).toString("utf8"))).toEqual(plain);
    expect(JSON.parse(brotliDecompressSync(again.rawPayload).toString("utf8"))).toEqual(plain);
  });

  it("compresses the other JSON answers too (content pages)", async () => {
    const plain = await shop.request({ url: "/api/v1/platform/terms-of-use" });
    const compressed = await shop.request({ url: "/api/v1/platform/terms-of-use", headers: { "accept-encoding": "gzip" } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString("utf8"))).toEqual(plain.json());
  });

  it("leaves small answers and errors readable as they are", async () => {
    const missing = await shop.request({ url: "/api/v1/products/slug/no-such-product", headers: { "accept-encoding": "br" } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-encoding"]).toBeUndefined();
    expect(missing.json()).toMatchObject({ status: 404 });
  });
});

describe("choosing the encoding from Accept-Encoding", () => {
  it("takes brotli, then gzip, and honours q=0 and the wildcard", () => {
    expect(negotiateCoding(undefined)).toBeUndefined();
    expect(negotiateCoding("")).toBeUndefined();
    expect(negotiateCoding("identity")).toBeUndefined();
    expect(negotiateCoding("gzip, deflate, br")).toBe("br");
    expect(negotiateCoding("GZIP")).toBe("gzip");
    expect(negotiateCoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(negotiateCoding("*")).toBe("br");
    expect(negotiateCoding("*;q=0, gzip")).toBe("gzip");
    expect(negotiateCoding("deflate")).toBeUndefined();
  });

  it("answers a miss in gzip when the client takes it, brotli for an answer sent before or a client taking only brotli", () => {
    expect(answerCoding(acceptedCodings("gzip, deflate, br"), false)).toBe("gzip");
    expect(answerCoding(acceptedCodings("gzip, deflate, br"), true)).toBe("br");
    expect(answerCoding(acceptedCodings("br"), false)).toBe("br");
    expect(answerCoding(acceptedCodings("gzip"), true)).toBe("gzip");
    expect(answerCoding(acceptedCodings("identity"), true)).toBeUndefined();
  });
});
