import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../src/api/schema.gen.ts";
import { products } from "../../server/seed/data/products.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";

type Schemas = components["schemas"];

const scarf = products.find((product) => product.name.fr.startsWith("Écharpe"));
const suitcase = products.find((product) => /\bvalise\b/i.test(product.name.fr));

describe.each(backends())("search on $name", (backend) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp(backend);
  });
  afterAll(() => shop?.close());

  const search = async (query: string) => {
    const response = await shop.request({ url: `/api/v1/products/search?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Schemas["SearchResult"]>();
  };
  const autocomplete = async (query: string) => {
    const response = await shop.request({ url: `/api/v1/products/search-autocomplete?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Schemas["Autocomplete"]>().terms;
  };

  it("ignores accents and case: 'echarpe' finds 'Écharpe…'", async () => {
    expect(scarf).toBeDefined();
    const result = await search("searchTerm=ECHARPE&size=100");
    const names = result.products.content.map((product) => product.name);
    expect(names.some((name) => name.startsWith("Écharpe"))).toBe(true);
    expect(result.searchTerm).toBe("ECHARPE");
  });

  it("stems French words: 'valises' finds a 'valise'", async () => {
    expect(suitcase).toBeDefined();
    const result = await search("searchTerm=valises&size=100");
    expect(result.products.content.map((product) => product.reference)).toContain(suitcase?.reference);
  });

  it("searches the English names when asked in English", async () => {
    const word = suitcase?.name.en.split(/\s+/).find((part) => part.length > 4) ?? "suitcase";
    const result = await search(`searchTerm=${encodeURIComponent(word.toLowerCase())}&locale=en_US&size=100`);
    expect(result.products.content.map((product) => product.name)).toContain(suitcase?.name.en);
  });

  it("finds a product by its reference", async () => {
    const product = products[5];
    const result = await search(`searchTerm=${product?.reference}`);
    expect(result.products.content[0]?.reference).toBe(product?.reference);
  });

  it("returns a quick-search page of 4 with the total, and facets", async () => {
    const full = await search("searchTerm=echarpe&size=100");
    const quick = await search("searchTerm=echarpe&size=4");
    expect(quick.products.content.length).toBe(Math.min(4, full.products.totalElements));
    expect(quick.products.totalElements).toBe(full.products.totalElements);
    expect(Array.isArray(quick.facets)).toBe(true);
  });

  it("answers an empty page when nothing matches", async () => {
    const result = await search("searchTerm=zzqxwv");
    expect(result.products.totalElements).toBe(0);
    expect(result.products.content).toEqual([]);
  });

  it("survives search syntax and odd characters", async () => {
    for (const term of ['"unclosed', "a & b | !c", "'); drop table products; --", "<script>", "***", "-", "éé:*"]) {
      const response = await shop.request({ url: `/api/v1/products/search?searchTerm=${encodeURIComponent(term)}` });
      expect(response.statusCode, term).toBe(200);
    }
    const afterwards = await search("searchTerm=echarpe");
    expect(afterwards.products.totalElements).toBeGreaterThan(0);
  });

  it("completes a prefix with product names, at most 10 by default", async () => {
    const terms = await autocomplete("searchTerm=echa");
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.length).toBeLessThanOrEqual(10);
    for (const term of terms) expect(term.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()).toMatch(/\becha/);
    expect(await autocomplete("searchTerm=e&size=3")).toHaveLength(3);
  });

  it("completes several words, the last one as a prefix", async () => {
    const [first, second] = (suitcase?.name.fr ?? "").split(/\s+/);
    const terms = await autocomplete(`searchTerm=${encodeURIComponent(`${first} ${second?.slice(0, 3)}`)}`);
    expect(terms).toContain(suitcase?.name.fr);
  });

  it("answers 400 naming searchTerm when it is missing or too long", async () => {
    for (const url of [
      "/api/v1/products/search",
      `/api/v1/products/search?searchTerm=${"a".repeat(101)}`,
      "/api/v1/products/search-autocomplete",
    ]) {
      const response = await shop.request({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<Schemas["Error"]>().fields?.[0]?.field).toBe("searchTerm");
    }
    const tooMany = await shop.request({ url: "/api/v1/products/search-autocomplete?searchTerm=abc&size=50" });
    expect(tooMany.statusCode).toBe(400);
  });
});
