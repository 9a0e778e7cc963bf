import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../common/api/schema.gen.ts";
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

/** The words most product names share (the seed's French names), most frequent first. */
function commonWords(): string[] {
  const counts = new Map<string, number>();
  for (const product of products) {
    const words = new Set(
      product.name.fr
        .normalize("NFD")
        .replace(/\p{M}/gu, "")
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length >= 4),
    );
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([word]) => word);
}

/** The price a listing sorts by: the reduced one when on sale. */
const priceOf = (product: Schemas["ProductSummary"]) => product.offer?.discountPrice?.taxIncluded ?? product.offer?.regularPrice.taxIncluded ?? 0;

describe.each(backends())("search results page's paging, sorting and filters on $name", (backend) => {
  let shop: TestApp;
  /** A term many products match, so the results have pages and facets. */
  let term = "";
  let all: Schemas["SearchResult"];
  beforeAll(async () => {
    shop = await startTestApp(backend);
    for (const word of commonWords().slice(0, 5)) {
      const result = await search(`searchTerm=${encodeURIComponent(word)}&size=100`);
      if (!term || result.products.totalElements > all.products.totalElements) [term, all] = [word, result];
    }
  });
  afterAll(() => shop?.close());

  const search = async (query: string) => {
    const response = await shop.request({ url: `/api/v1/products/search?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Schemas["SearchResult"]>();
  };

  it("finds a term with several pages of results", () => {
    expect(all.products.totalElements).toBeGreaterThan(8);
    expect(all.products.content.length).toBe(Math.min(100, all.products.totalElements));
  });

  it("sorts by price both ways", async () => {
    const ascending = (await search(`searchTerm=${term}&size=100&sort=price,asc`)).products.content.map(priceOf);
    const descending = (await search(`searchTerm=${term}&size=100&sort=price,desc`)).products.content.map(priceOf);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(ascending[0]).toBeLessThan(ascending.at(-1) ?? 0);
  });

  it("sorts by name both ways, one the reverse of the other", async () => {
    const names = (sort: string) => search(`searchTerm=${term}&size=100&sort=name,${sort}`).then((result) => result.products.content.map((product) => product.name));
    const ascending = await names("asc");
    expect(new Set(ascending).size).toBe(ascending.length);
    expect(await names("desc")).toEqual([...ascending].reverse());
    expect(ascending).not.toEqual(all.products.content.map((product) => product.name));
  });

  it("pages: consecutive pages follow each other without overlap, with the page number and count", async () => {
    const four = await search(`searchTerm=${term}&size=4&sort=reference,asc`);
    const first = await search(`searchTerm=${term}&size=2&page=0&sort=reference,asc`);
    const second = await search(`searchTerm=${term}&size=2&page=1&sort=reference,asc`);
    const references = (result: Schemas["SearchResult"]) => result.products.content.map((product) => product.reference);
    expect([...references(first), ...references(second)]).toEqual(references(four));
    expect(second.products).toMatchObject({ number: 1, size: 2, totalElements: all.products.totalElements, totalPages: Math.ceil(all.products.totalElements / 2) });

    const beyond = await search(`searchTerm=${term}&size=24&page=${Math.ceil(all.products.totalElements / 24)}`);
    expect(beyond.products.content).toEqual([]);
    expect(beyond.products.totalElements).toBe(all.products.totalElements);
  });

  it("filters by a facet value: as many products as the value announced, the value marked selected", async () => {
    const total = all.products.totalElements;
    const facet = all.facets.find((item) => item.values.some((value) => value.count > 0 && value.count < total));
    const value = facet?.values.find((item) => item.count > 0 && item.count < total);
    if (!facet || !value) throw new Error(`no facet value narrows the results for "${term}"`);

    const filtered = await search(`searchTerm=${term}&size=100&filters=${encodeURIComponent(`${facet.name}:${value.value}`)}`);
    expect(filtered.products.totalElements).toBe(value.count);
    expect(filtered.products.content.length).toBe(value.count);
    const everyReference = new Set(all.products.content.map((product) => product.reference));
    for (const product of filtered.products.content) expect(everyReference.has(product.reference)).toBe(true);
    const echoed = filtered.facets.find((item) => item.name === facet.name)?.values.find((item) => item.value === value.value);
    expect(echoed?.selected).toBe(true);
  });

  it("answers 400 for a sort or page outside the contract", async () => {
    for (const query of ["sort=cheapest", "sort=price,up", "page=-1", "size=0", "size=101", "filters=nocolon"]) {
      const response = await shop.request({ url: `/api/v1/products/search?searchTerm=${term}&${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

/** Unaccented, lower-cased words of a name. */
const wordsOf = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** A seeded product with a word in its French name that starts no word of another product's name, and that word. */
function distinctivelyNamed(): { product: (typeof products)[number]; word: string } {
  for (const product of products) {
    const others = products.filter((other) => other !== product).flatMap((other) => wordsOf(other.name.fr));
    const word = wordsOf(product.name.fr).find((candidate) => candidate.length >= 6 && !others.some((other) => other.startsWith(candidate)));
    if (word) return { product, word };
  }
  throw new Error("no seeded product has a word of its own in its name");
}

describe.each(backends())("search leaves out products without stock on $name", (backend) => {
  let shop: TestApp;
  const { product, word } = distinctivelyNamed();
  beforeAll(async () => {
    // Uncached reads: the same search is asked before and after the stock changes.
    shop = await startTestApp(backend, { app: { cacheReads: false } });
  });
  afterAll(() => shop?.close());

  const references = async (term: string) => {
    const response = await shop.request({ url: `/api/v1/products/search?searchTerm=${encodeURIComponent(term)}&size=100` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Schemas["SearchResult"]>().products.content.map((found) => found.reference);
  };
  const suggestions = async (term: string) => {
    const response = await shop.request({ url: `/api/v1/products/search-autocomplete?searchTerm=${encodeURIComponent(term)}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Schemas["Autocomplete"]>().terms;
  };

  it("finds a product while it has stock, and neither lists nor suggests it once its stock is 0 (allowEmptyStock false)", async () => {
    expect(await references(word)).toContain(product.reference);
    expect(await references(product.reference)).toContain(product.reference);
    expect(await suggestions(word)).toEqual([product.name.fr]);

    // Every offer of the product (one per variant) runs out.
    await shop.db.rows(sql`
      update offers set stock_quantity = 0
      where variant_id in (select v.id from variants v join products p on p.id = v.product_id where p.reference = ${product.reference})`);

    expect(await references(word)).not.toContain(product.reference);
    expect(await references(product.reference)).not.toContain(product.reference);
    expect(await suggestions(word)).toEqual([]);
  });
});

describe.each(backends())("autocomplete with names several products share on $name", (backend) => {
  let shop: TestApp;
  beforeAll(async () => {
    // Uncached reads: the names change between requests.
    shop = await startTestApp(backend, { app: { cacheReads: false } });
  });
  afterAll(() => shop?.close());

  const suggestions = async (term: string, size: number) => {
    const response = await shop.request({ url: `/api/v1/products/search-autocomplete?searchTerm=${encodeURIComponent(term)}&size=${size}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Schemas["Autocomplete"]>().terms;
  };
  /** What grouping every matching product in stock by name gives: each name at its best seller. */
  const grouped = async (word: string, size: number) => {
    const rows = await shop.db.rows<{ name: string }>(sql`
      select p.name_fr as name from products p
      where p.prefix_fr @@ to_tsquery('escale_simple', ${`${word}:*`})
        and exists (select 1 from variants v join offers o on o.variant_id = v.id where v.product_id = p.id and o.stock_quantity > 0)
      group by p.name_fr
      order by max(p.popularity) desc, p.name_fr
      limit ${size}`);
    return rows.map((row) => row.name);
  };

  it("suggests a shared name once, at its best seller's rank, and still fills the list", async () => {
    const [word = ""] = commonWords();
    const size = 3;
    // The best sellers matching the word all take one name: more repeats than the first batch holds.
    await shop.db.rows(sql`
      update products set name_fr = 'Même nom ' || ${word}
      where id in (select id from products where prefix_fr @@ to_tsquery('escale_simple', ${`${word}:*`})
                   order by popularity desc limit ${size * 3})`);
    const expected = await grouped(word, size);
    expect(expected[0]).toBe(`Même nom ${word}`);
    expect(await suggestions(word, size)).toEqual(expected);
    expect(await suggestions(word, 10)).toEqual(await grouped(word, 10));
  });
});
