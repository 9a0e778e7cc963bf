import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../common/api/schema.gen.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";

type Schemas = components["schemas"];
type CategoryNode = Schemas["CategoryNode"];
type ProductListing = Schemas["ProductListing"];
type ProductSummary = Schemas["ProductSummary"];
type Product = Schemas["Product"];

const effectivePrice = (product: ProductSummary) =>
  product.offer ? (product.offer.discountPrice ?? product.offer.regularPrice).taxIncluded : Number.POSITIVE_INFINITY;

const collator = (locale: string) => new Intl.Collator(locale, { sensitivity: "base", numeric: true });

function depth(nodes: CategoryNode[]): number {
  return nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((node) => depth(node.children)));
}

function walk(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...walk(node.children)]);
}

describe.each(backends())("catalogue on $name", (backend) => {
  let shop: TestApp;
  let tree: CategoryNode[];

  beforeAll(async () => {
    shop = await startTestApp(backend);
    tree = (await shop.request({ url: "/api/v1/categories" })).json<CategoryNode[]>();
  });
  afterAll(() => shop?.close());

  const listing = async (query: string) => {
    const response = await shop.request({ url: `/api/v1/products/category?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProductListing>();
  };

  describe("GET categories", () => {
    it("returns a three-level tree of at least six top categories", () => {
      expect(tree.length).toBeGreaterThanOrEqual(6);
      expect(depth(tree)).toBe(3);
      expect(tree.some((node) => node.isEvent)).toBe(true);
    });

    it.each([
      ["fr_FR", "fr"],
      ["en_US", "en"],
    ])("sorts every level by label in the request's language (%s)", async (locale, lang) => {
      const nodes = (await shop.request({ url: `/api/v1/categories?locale=${locale}` })).json<CategoryNode[]>();
      const compare = collator(lang);
      for (const level of [nodes, ...walk(nodes).map((node) => node.children)]) {
        const labels = level.map((node) => node.label);
        expect(labels).toEqual([...labels].sort(compare.compare));
      }
    });

    it("builds paths from the slugs in the request's language", async () => {
      const english = (await shop.request({ url: "/api/v1/categories?locale=en_US" })).json<CategoryNode[]>();
      for (const node of walk(english)) {
        expect(node.path.split("/").at(-1)).toBe(node.slug);
        for (const child of node.children) expect(child.path).toBe(`${node.path}/${child.slug}`);
      }
      expect(walk(english).map((node) => node.path)).not.toEqual(walk(tree).map((node) => node.path));
    });
  });

  describe("GET products/category", () => {
    it("lists 24 products by name by default, all in stock", async () => {
      const top = tree[0];
      if (!top) throw new Error("no category");
      const result = await listing(`categoryPath=${top.path}`);
      expect(result.category?.path).toBe(top.path);
      expect(result.products.size).toBe(24);
      expect(result.products.number).toBe(0);
      expect(result.products.content.length).toBe(Math.min(24, result.products.totalElements));
      expect(result.products.totalPages).toBe(Math.ceil(result.products.totalElements / 24));
      const names = result.products.content.map((product) => product.name);
      expect(names).toEqual([...names].sort(collator("fr").compare));
      for (const product of result.products.content) expect(product.offer?.stockQuantity).toBeGreaterThan(0);
    });

    it("pages without overlap and accepts the English path", async () => {
      const english = (await shop.request({ url: "/api/v1/categories?locale=en_US" })).json<CategoryNode[]>();
      const englishNode = english.find((candidate) => candidate.id === tree[0]?.id);
      const first = await listing(`categoryPath=${englishNode?.path}&size=5&page=0&locale=en_US`);
      const second = await listing(`categoryPath=${englishNode?.path}&size=5&page=1&locale=en_US`);
      expect(first.products.totalElements).toBeGreaterThan(10);
      const firstIds = new Set(first.products.content.map((product) => product.id));
      expect(second.products.content.some((product) => firstIds.has(product.id))).toBe(false);
      expect(second.products.number).toBe(1);
    });

    it("lists the whole catalogue, best sellers first, without a category", async () => {
      const all = await listing("size=10&sort=relevance,asc");
      expect(all.category).toBeNull();
      let total = 0;
      for (const top of tree) total += (await listing(`categoryPath=${top.path}&size=1`)).products.totalElements;
      expect(all.products.totalElements).toBeGreaterThan(0);
      expect(all.products.totalElements).toBeLessThanOrEqual(total);
      expect(all.products.content).toHaveLength(10);
    });

    it("puts the most popular products in stock first for relevance, in the seeded popularity order", async () => {
      // Popularity is not part of the API: the seeded values are read from the database.
      const ranked = await shop.db.rows<{ id: number; popularity: number }>(sql`
        select p.id, p.popularity from products p
        where exists (select 1 from variants v join offers o on o.variant_id = v.id where v.product_id = p.id and o.stock_quantity > 0)
        order by p.popularity desc, p.id asc`);
      expect(new Set(ranked.map((row) => row.popularity)).size).toBeGreaterThan(10);
      const first = await listing("size=10&sort=relevance,asc");
      const second = await listing("size=10&page=1&sort=relevance,asc");
      expect(first.products.totalElements).toBe(ranked.length);
      expect([...first.products.content, ...second.products.content].map((product) => product.id)).toEqual(
        ranked.slice(0, 20).map((row) => row.id),
      );
    });

    it("sorts by price both ways, using the discount price when there is one", async () => {
      const path = tree[0]?.path ?? "";
      const ascending = await listing(`categoryPath=${path}&sort=price,asc&size=100`);
      const prices = ascending.products.content.map(effectivePrice);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const descending = await listing(`categoryPath=${path}&sort=price,desc&size=100`);
      const high = descending.products.content.map(effectivePrice);
      expect(high).toEqual([...high].sort((a, b) => b - a));
    });

    it("sorts by reference and by name descending", async () => {
      const path = tree[1]?.path ?? "";
      const byReference = (await listing(`categoryPath=${path}&sort=reference,asc&size=100`)).products.content.map((p) => p.reference);
      expect(byReference).toEqual([...byReference].sort());
      const byName = (await listing(`categoryPath=${path}&sort=name,desc&size=100`)).products.content.map((p) => p.name);
      expect(byName).toEqual([...byName].sort(collator("fr").compare).reverse());
    });

    it("includes the products of sub-categories", async () => {
      const parent = tree.find((node) => node.children.length > 1);
      if (!parent) throw new Error("no parent category");
      const whole = await listing(`categoryPath=${parent.path}&size=100&sort=reference,asc`);
      const all = [...whole.products.content];
      for (let page = 1; page < whole.products.totalPages; page += 1) {
        all.push(...(await listing(`categoryPath=${parent.path}&size=100&sort=reference,asc&page=${page}`)).products.content);
      }
      const ids = new Set(all.map((product) => product.id));
      for (const child of parent.children) {
        const part = await listing(`categoryPath=${child.path}&size=100`);
        expect(part.products.totalElements).toBeGreaterThan(0);
        for (const product of part.products.content) expect(ids.has(product.id)).toBe(true);
      }
    });

    it("filters by attribute values and counts facets", async () => {
      const candidates = walk(tree);
      let chosen: { path: string; facet: Schemas["Facet"] } | undefined;
      for (const node of candidates) {
        const result = await listing(`categoryPath=${node.path}&size=100`);
        const facet = result.facets.find((item) => item.values.length >= 2);
        if (facet) {
          chosen = { path: node.path, facet };
          break;
        }
      }
      if (!chosen) throw new Error("no category has a facet with two values");
      const [a, b] = chosen.facet.values;
      if (!a || !b) throw new Error("facet values");
      const onlyA = await listing(`categoryPath=${chosen.path}&filters=${chosen.facet.name}:${a.value}&size=100`);
      expect(onlyA.products.totalElements).toBe(a.count);
      const shouted = await listing(`categoryPath=${chosen.path}&filters=${chosen.facet.name}:${a.value.toUpperCase()}&size=100`);
      expect(shouted.products.totalElements).toBe(a.count);
      const nothing = await listing(`categoryPath=${chosen.path}&filters=${chosen.facet.name}:no-such-value&size=100`);
      expect(nothing.products.totalElements).toBe(0);
      const both = await listing(
        `categoryPath=${chosen.path}&filters=${chosen.facet.name}:${a.value}&filters=${chosen.facet.name}:${b.value}&size=100`,
      );
      expect(both.products.totalElements).toBeGreaterThanOrEqual(Math.max(a.count, b.count));
      expect(both.products.totalElements).toBeLessThanOrEqual(a.count + b.count);
      // The facet of a filtered attribute still shows the other values, with the selected one marked.
      const facetAfter = onlyA.facets.find((facet) => facet.name === chosen?.facet.name);
      expect(facetAfter?.values.find((value) => value.value === a.value)?.selected).toBe(true);
      expect(facetAfter?.values.find((value) => value.value === b.value)?.count).toBe(b.count);
    });

    it("answers 404 for an unknown category and 400 naming a bad parameter", async () => {
      const unknown = await shop.request({ url: "/api/v1/products/category?categoryPath=nowhere/at-all" });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ status: 404, code: "CATEGORY_NOT_FOUND" });

      for (const [query, field] of [
        ["size=101", "size"],
        ["size=0", "size"],
        ["page=-1", "page"],
        ["page=abc", "page"],
        ["sort=colour,asc", "sort"],
        ["sort=price", "sort"],
        ["filters=nocolon", "filters"],
        ["locale=de_DE", "locale"],
      ]) {
        const response = await shop.request({ url: `/api/v1/products/category?categoryPath=${tree[0]?.path}&${query}` });
        expect(response.statusCode, query).toBe(400);
        const body = response.json<Schemas["Error"]>();
        expect(body.status).toBe(400);
        expect(body.fields?.[0]?.field, query).toContain(field);
        expect(body.message).toContain(field);
      }
      const empty = await shop.request({ url: "/api/v1/products/category?categoryPath=" });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<Schemas["Error"]>().fields?.[0]?.field).toBe("categoryPath");
    });
  });

  describe("GET products/slug/{slug}", () => {
    let sample: ProductSummary;
    beforeAll(async () => {
      const configurable = walk(tree);
      for (const node of configurable) {
        const found = (await listing(`categoryPath=${node.path}&size=100`)).products.content.find((product) => product.isConfigurable);
        if (found) {
          sample = found;
          break;
        }
      }
    });

    it("returns the product with its variants, offers and pictures in either language's slug", async () => {
      const french = (await shop.request({ url: `/api/v1/products/slug/${sample.slug}` })).json<Product>();
      expect(french.reference).toBe(sample.reference);
      expect(french.isConfigurable).toBe(true);
      expect(french.variants.length).toBeGreaterThan(1);
      for (const attribute of french.configurableAttributes) {
        expect(french.attributeValuesByAttributeName[attribute.name]?.length).toBeGreaterThan(0);
        for (const variant of french.variants) {
          expect(variant.selectedAttributes.map((selected) => selected.name)).toContain(attribute.name);
        }
      }
      expect(french.breadcrumb.at(-1)).toEqual(french.category);
      expect(french.description).toMatch(/^<p>/);

      const english = await shop.request({ url: `/api/v1/products/slug/${french.slugs.en}?locale=en_US` });
      expect(english.statusCode).toBe(200);
      const englishProduct = english.json<Product>();
      expect(englishProduct.id).toBe(french.id);
      expect(englishProduct.slug).toBe(french.slugs.en);
      // The French slug also works when browsing in English (a shared link), answering in English.
      const crossed = (await shop.request({ url: `/api/v1/products/slug/${french.slugs.fr}?locale=en_US` })).json<Product>();
      expect(crossed.name).toBe(englishProduct.name);
    });

    it("serves the product's pictures", async () => {
      const product = (await shop.request({ url: `/api/v1/products/slug/${sample.slug}` })).json<Product>();
      const cover = product.coverPicture;
      expect(cover?.isCover).toBe(true);
      const image = await shop.app.inject({ url: cover?.srcMedium ?? "" });
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toContain("image/svg+xml");
      expect(image.body).toContain("<svg");
      expect((await shop.app.inject({ url: "/media/pictures/999999/small.svg" })).statusCode).toBe(404);
    });

    it("serves the demo video of a product's gallery as an mp4 a video element can seek in", async () => {
      const product = (await shop.request({ url: "/api/v1/products/slug/mahogany-desk-model-1-100?locale=en_US" })).json<Product>();
      const videos = product.pictures.filter((picture) => picture.url);
      expect(videos).toHaveLength(1);
      const [video] = videos;
      // Last in the gallery, with a picture to show until it plays.
      expect(video?.order).toBe(Math.max(...product.pictures.map((picture) => picture.order)));
      expect(video?.isCover).toBe(false);
      expect((await shop.app.inject({ url: video?.srcMedium ?? "" })).statusCode).toBe(200);

      const whole = await shop.app.inject({ url: video?.url ?? "" });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers["content-type"]).toBe("video/mp4");
      expect(whole.rawPayload.subarray(4, 8).toString("latin1")).toBe("ftyp");
      const part = await shop.app.inject({ url: video?.url ?? "", headers: { range: "bytes=0-99" } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload).toHaveLength(100);
      expect(part.headers["content-range"]).toBe(`bytes 0-99/${whole.rawPayload.length}`);
      expect((await shop.app.inject({ url: "/media/videos/no-such-video.mp4" })).statusCode).toBe(404);
    });

    it("answers 404 for an unknown slug and 400 for a malformed one", async () => {
      expect((await shop.request({ url: "/api/v1/products/slug/no-such-product" })).statusCode).toBe(404);
      expect((await shop.request({ url: "/api/v1/products/slug/BAD%20SLUG" })).statusCode).toBe(400);
    });
  });

  describe("GET products/references", () => {
    it("returns the products asked for, in that order, skipping unknown ones", async () => {
      const some = (await listing(`categoryPath=${tree[2]?.path}&size=3`)).products.content;
      const references = [some[2]?.reference, "NOPE-0000", some[0]?.reference].join(",");
      const response = await shop.request({ url: `/api/v1/products/references?referenceList=${references}` });
      expect(response.statusCode).toBe(200);
      expect(response.json<ProductSummary[]>().map((product) => product.reference)).toEqual([some[2]?.reference, some[0]?.reference]);
    });
  });

  describe("storefront token", () => {
    it("is required on every API call", async () => {
      const missing = await shop.app.inject({ url: "/api/v1/categories" });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({ status: 401, code: "STOREFRONT_TOKEN_INVALID" });
      const wrong = await shop.app.inject({ url: "/api/v1/categories", headers: { authorization: "Bearer wrong-token" } });
      expect(wrong.statusCode).toBe(401);
    });
  });
});
