// The listings the database keeps (migration 0014) follow every write that changes them: stock to
// zero and back, prices and discounts, a product moved or listed in another category, a new
// variant, a new or deleted product, a renamed one. After each, the kept rows equal a
// recomputation from the base tables, and listings and searches (pages, totals, facets and their
// counts; kept search terms, migration 0018, and the others) equal what the plain query gives — on
// PGlite and on PostgreSQL.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../common/api/schema.gen.ts";
import { rowsOf } from "../../server/db/client.ts";
import { createCatalogRepository, priceOf, type CatalogRepository } from "../../server/modules/catalog/catalog-repository.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";
import { waitFor } from "../support/wait-for.ts";
import { referenceCard, referenceListing, searchCandidates } from "../support/reference-listing.ts";
import { SORTS, cardsOf, categoriesOf, facetsOf, expectKeptUpToDate, expectListingMatches, expectProductPageAsReference, productPageOf } from "./listing-checks.ts";

type ProductListing = components["schemas"]["ProductListing"];
type ProductSearch = components["schemas"]["SearchResult"];
type ProductSummary = components["schemas"]["ProductSummary"];

interface OfferOf {
  offer_id: number;
  product_id: number;
  variant_id: number;
  category_id: number;
}

describe.each(backends())("kept listings on $name", (backend) => {
  let shop: TestApp;
  let catalog: CatalogRepository;

  beforeAll(async () => {
    shop = await startTestApp(backend);
    catalog = createCatalogRepository(shop.db);
  });
  afterAll(() => shop?.close());

  /** Every sort in both languages, first page and a later one, for these categories (null: all). */
  async function expectListingsMatch(categoryIds: (number | null)[], filters = new Map<string, string[]>()) {
    for (const categoryId of categoryIds) {
      for (const sort of SORTS) {
        for (const lang of ["fr", "en"] as const) {
          for (const page of [0, 2]) {
            await expectListingMatches(shop.db, catalog, { categoryId, lang, request: { page, size: 4, sort, filters } });
          }
        }
      }
    }
  }

  /** A product in stock with at least two offers in stock, listed in a subcategory. */
  async function productWithTwoStockedOffers(): Promise<OfferOf[]> {
    const rows = await shop.db.rows<OfferOf>(sql`
      select o.id as offer_id, v.product_id, v.id as variant_id, p.category_id
      from offers o join variants v on v.id = o.variant_id join products p on p.id = v.product_id
      where v.product_id = (
        select v2.product_id from offers o2 join variants v2 on v2.id = o2.variant_id
        where o2.stock_quantity > 0 group by v2.product_id having count(*) >= 2 order by v2.product_id limit 1)
      order by o.id`);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    return rows;
  }

  it("start equal to the base tables after the seed", async () => {
    await expectKeptUpToDate(shop.db);
    // The rebuild builds the kept searches' indexes again after filling them: all there.
    const indexes = await shop.db.rows<{ indexname: string }>(sql`select indexname from pg_indexes where tablename = 'search_matches' order by 1`);
    expect(indexes.map((row) => row.indexname)).toEqual([
      "search_matches_name_idx",
      "search_matches_price_desc_idx",
      "search_matches_price_idx",
      "search_matches_product_idx",
      "search_matches_relevance_idx",
    ]);
    const roots = await shop.db.rows<{ id: number }>(sql`select id from categories where parent_id is null order by id limit 2`);
    await expectListingsMatch([null, ...roots.map((row) => row.id)]);
  });

  it("keep every product page as the server's code shapes it from the base tables, in both languages", async () => {
    const products = await shop.db.rows<{ id: number }>(sql`select id from products order by id`);
    expect(products.length).toBeGreaterThan(100);
    for (const { id } of products) {
      for (const lang of ["fr", "en"] as const) await expectProductPageAsReference(shop.db, catalog, id, lang);
    }
  });

  it("follow an attribute's label and a value's label, order and swatch on the product pages that show them", async () => {
    const [value] = await shop.db.rows<{ id: number; attribute_code: string; product_id: number; label_fr: string; index: number }>(sql`
      select av.id, av.attribute_code, vav.variant_id, v.product_id, av.label_fr, av.index
      from attribute_values av join variant_attribute_values vav on vav.attribute_value_id = av.id join variants v on v.id = vav.variant_id
      join offers o on o.variant_id = v.id
      order by av.id limit 1`);
    const productId = value!.product_id;
    await shop.db.rows(sql`update attributes set label_fr = 'Teinte', label_en = 'Hue' where code = ${value!.attribute_code}`);
    await shop.db.rows(sql`update attribute_values set label_fr = 'Bleu nuit', index = 42, color_code = '#101040' where id = ${value!.id}`);
    await expectKeptUpToDate(shop.db);
    for (const lang of ["fr", "en"] as const) {
      const page = await expectProductPageAsReference(shop.db, catalog, productId, lang);
      const shown = page.attributeValuesByAttributeName[value!.attribute_code] ?? [];
      expect(shown.find((item) => item.index === 42)).toMatchObject({ colorCode: "#101040", ...(lang === "fr" ? { label: "Bleu nuit" } : {}) });
      const selected = page.variants.flatMap((variant) => variant.selectedAttributes).find((item) => item.name === value!.attribute_code);
      expect(selected?.label).toBe(lang === "fr" ? "Teinte" : "Hue");
    }
  });

  it("drop a product when its last offer runs out and bring it back when restocked", async () => {
    const offers = await productWithTwoStockedOffers();
    const productId = offers[0]!.product_id;
    const categories = await categoriesOf(shop.db, productId);
    const listed = async () =>
      (await shop.db.rows(sql`select 1 from category_listings where product_id = ${productId}`)).length;
    const before = await listed();
    expect(before).toBe(categories.length + 1);

    // One offer out of stock: still listed (another is in stock).
    await shop.db.rows(sql`update offers set stock_quantity = 0 where id = ${offers[0]!.offer_id}`);
    expect(await listed()).toBe(before);
    await expectKeptUpToDate(shop.db);

    // Every offer out of stock: gone from every listing, counts and facets down.
    await shop.db.rows(sql`update offers set stock_quantity = 0 where variant_id in (select id from variants where product_id = ${productId})`);
    expect(await listed()).toBe(0);
    await expectKeptUpToDate(shop.db);
    await expectListingsMatch([offers[0]!.category_id, null]);

    // Restocked.
    await shop.db.rows(sql`update offers set stock_quantity = 7 where id = ${offers[1]!.offer_id}`);
    expect(await listed()).toBe(before);
    await expectKeptUpToDate(shop.db);
    await expectListingsMatch([offers[0]!.category_id]);
  });

  it("follow price and discount changes (the lowest price in stock, discount first)", async () => {
    const offers = await productWithTwoStockedOffers();
    const productId = offers[0]!.product_id;
    const price = async () =>
      Number((await shop.db.rows<{ price_cents: number }>(sql`select price_cents from product_listings where product_id = ${productId}`))[0]?.price_cents);

    await shop.db.rows(sql`update offers set regular_price_cents = 100000, discount_price_cents = null where variant_id in (select id from variants where product_id = ${productId})`);
    expect(await price()).toBe(100000);
    await shop.db.rows(sql`update offers set discount_price_cents = 150 where id = ${offers[1]!.offer_id}`);
    expect(await price()).toBe(150);
    await expectKeptUpToDate(shop.db);
    await expectListingsMatch([offers[0]!.category_id]);
    // The discounted offer runs out: the other one's price shows.
    await shop.db.rows(sql`update offers set stock_quantity = 0 where id = ${offers[1]!.offer_id}`);
    await shop.db.rows(sql`update offers set stock_quantity = 3 where id = ${offers[0]!.offer_id}`);
    expect(await price()).toBe(100000);
    await shop.db.rows(sql`update offers set discount_price_cents = null where id = ${offers[1]!.offer_id}`);
    expect(await price()).toBe(100000);
    await expectKeptUpToDate(shop.db);
    // The product page shows the offer its card shows (one rule, kept with the card).
    const [slug] = await shop.db.rows<{ slug_fr: string }>(sql`select slug_fr from products where id = ${productId}`);
    const page = await productPageOf(catalog, slug!.slug_fr, "fr");
    expect(page?.offer?.id).toBe((await referenceCard(shop.db, productId, "fr")).offerId);
    await expectListingsMatch([offers[0]!.category_id, null]);
  });

  it("follow a product moved to another category, and listed in an extra one", async () => {
    const [product] = await shop.db.rows<{ id: number; category_id: number }>(sql`
      select p.id, p.category_id from products p join product_listings pl on pl.product_id = p.id
      where pl.in_stock and not exists (select 1 from product_categories pc where pc.product_id = p.id) order by p.id limit 1`);
    const [target] = await shop.db.rows<{ id: number }>(sql`
      select c.id from categories c where c.level = 3
        and c.id not in (select id from categories where id = ${product!.category_id})
        and (select parent_id from categories where id = c.parent_id) is distinct from
            (select parent_id from categories where id = (select parent_id from categories where id = ${product!.category_id}))
      order by c.id limit 1`);
    const before = await categoriesOf(shop.db, product!.id);

    await shop.db.rows(sql`update products set category_id = ${target!.id} where id = ${product!.id}`);
    const after = await categoriesOf(shop.db, product!.id);
    expect(after).not.toEqual(before);
    await expectKeptUpToDate(shop.db);
    await expectListingsMatch([product!.category_id, target!.id]);

    // Listed in its former category too.
    await shop.db.rows(sql`insert into product_categories (product_id, category_id) values (${product!.id}, ${product!.category_id})`);
    const listed = await shop.db.rows<{ category_id: number }>(sql`select category_id from category_listings where product_id = ${product!.id}`);
    expect(new Set(listed.map((row) => Number(row.category_id)))).toEqual(new Set([0, ...before, ...after]));
    await expectKeptUpToDate(shop.db);
    await expectListingsMatch([product!.category_id]);
    await shop.db.rows(sql`delete from product_categories where product_id = ${product!.id}`);
    await expectKeptUpToDate(shop.db);
  });

  it("follow a new variant with its own value, a deleted variant, a renamed product", async () => {
    const offers = await productWithTwoStockedOffers();
    const productId = offers[0]!.product_id;
    const [value] = await shop.db.rows<{ id: number; attribute_code: string; value: string }>(sql`
      select av.id, av.attribute_code, av.value from attribute_values av join attributes a on a.code = av.attribute_code
      where a.filter_type = 'CHECKBOX'
        and av.id <> all ((select value_ids from product_listings where product_id = ${productId})::int[])
      order by av.id limit 1`);
    const [shopRow] = await shop.db.rows<{ id: number }>(sql`select id from shops order by id limit 1`);
    await shop.db.orm.transaction(async (tx) => {
      const [variant] = await rowsOf<{ id: number }>(tx, sql`
        insert into variants (product_id, reference, position) values (${productId}, ${`NEW-${productId}-V`}, 99) returning id`);
      await tx.execute(sql`insert into variant_attribute_values (variant_id, attribute_value_id) values (${variant!.id}, ${value!.id})`);
      await tx.execute(sql`
        insert into offers (variant_id, shop_id, stock_quantity, logistic_class, regular_price_cents)
        values (${variant!.id}, ${shopRow!.id}, 4, 'STANDARD', 990)`);
    });
    const [row] = await shop.db.rows<{ value_ids: number[]; price_cents: number }>(sql`select value_ids, price_cents from product_listings where product_id = ${productId}`);
    expect(row!.value_ids.map(Number)).toContain(Number(value!.id));
    expect(Number(row!.price_cents)).toBe(990);
    await expectKeptUpToDate(shop.db);
    // Filtered by the new value: the product is found, and the facet counts it.
    await expectListingsMatch([offers[0]!.category_id], new Map([[value!.attribute_code, [value!.value]]]));

    // Its page lists the new variant with its offer and value.
    const withVariant = await expectProductPageAsReference(shop.db, catalog, productId, "fr");
    expect(withVariant.variants.map((variant) => variant.reference)).toContain(`NEW-${productId}-V`);

    await shop.db.rows(sql`delete from variants where reference = ${`NEW-${productId}-V`}`);
    const [after] = await shop.db.rows<{ value_ids: number[] }>(sql`select value_ids from product_listings where product_id = ${productId}`);
    expect(after!.value_ids.map(Number)).not.toContain(Number(value!.id));
    await expectKeptUpToDate(shop.db);

    await shop.db.rows(sql`update products set name_fr = 'Aaaa premier nom', name_en = 'Zzzz last name' where id = ${productId}`);
    await expectKeptUpToDate(shop.db);
    expect((await expectProductPageAsReference(shop.db, catalog, productId, "en")).name).toBe("Zzzz last name");
    await expectListingsMatch([offers[0]!.category_id]);
  });

  it("follow a new product and a deleted one", async () => {
    const [category] = await shop.db.rows<{ id: number }>(sql`select id from categories where level = 3 order by id desc limit 1`);
    const [shopRow] = await shop.db.rows<{ id: number }>(sql`select id from shops order by id limit 1`);
    const productId = await shop.db.orm.transaction(async (tx) => {
      const [product] = await rowsOf<{ id: number }>(tx, sql`
        insert into products (reference, slug_fr, slug_en, name_fr, name_en, description_fr, description_en, category_id,
                              supplier_reference, transport_weight_grams, tax_rate_bp, popularity)
        values ('KEPT-NEW', 'kept-new', 'kept-new-en', 'Produit tout neuf', 'Brand new product', 'd', 'd', ${category!.id},
                'S', 100, 2000, 5000) returning id`);
      const [variant] = await rowsOf<{ id: number }>(tx, sql`
        insert into variants (product_id, reference) values (${product!.id}, 'KEPT-NEW-1') returning id`);
      await tx.execute(sql`
        insert into offers (variant_id, shop_id, stock_quantity, logistic_class, regular_price_cents)
        values (${variant!.id}, ${shopRow!.id}, 2, 'STANDARD', 1234)`);
      return product!.id;
    });
    // The best seller of its category now.
    const relevance = await catalog.listAll({ page: 0, size: 1, sort: { field: "relevance", direction: "asc" }, filters: new Map() }, "fr");
    expect(cardsOf(relevance)[0]?.id).toBe(productId);
    expect(await catalog.autocomplete("tout ne", 10, "fr")).toContain("Produit tout neuf");
    await expectKeptUpToDate(shop.db);
    await expectListingsMatch([category!.id, null]);

    await shop.db.rows(sql`delete from products where id = ${productId}`);
    expect(await shop.db.rows(sql`select 1 from product_listings where product_id = ${productId}`)).toEqual([]);
    expect(await catalog.autocomplete("tout ne", 10, "fr")).not.toContain("Produit tout neuf");
    await expectKeptUpToDate(shop.db);
    await expectListingsMatch([category!.id, null]);
  });

  /** A search's answer equals the plain query's for every sort, two pages of 5 (cards, total, facets); its totals. */
  async function expectSearchAsReference(term: string, lang: "fr" | "en"): Promise<number[]> {
    const totals: number[] = [];
    for (const sort of SORTS) {
      for (const page of [0, 1]) {
        const request = { page, size: 5, sort, filters: new Map<string, string[]>() };
        const actual = await catalog.search(term, request, lang);
        const expected = await referenceListing(shop.db, searchCandidates(term, lang), request, lang, true);
        const label = `${lang} ${term} ${sort.field},${sort.direction} page ${page}`;
        expect(cardsOf(actual).map((product) => product.id), label).toEqual(expected.ids);
        expect(actual.page.totalElements, label).toBe(expected.total);
        const facets = facetsOf(actual).flatMap((facet) => facet.values.map((value) => [`${facet.name}=${value.value}`, value.count] as const));
        expect(Object.fromEntries(facets.sort()), label).toEqual(Object.fromEntries([...expected.facets].sort()));
        totals.push(expected.total);
      }
    }
    return totals;
  }

  it("find in searches what the plain query finds, in the same order, with the same facets", async () => {
    const terms = { fr: ["valise", "sac cuir", "écharpe", "av", "bleu marine"], en: ["suitcase", "leather bag", "scarf", "pl"] };
    let searchesWithResults = 0;
    for (const lang of ["fr", "en"] as const) {
      for (const term of terms[lang]) {
        searchesWithResults += (await expectSearchAsReference(term, lang)).filter((total) => total > 5).length;
      }
    }
    // Most terms find more than a page: the comparisons are about real results.
    expect(searchesWithResults).toBeGreaterThan(60);
  });

  it("answer searches of kept terms from their kept matches, and any other term as the plain query does", async () => {
    // The one-word terms of the comparisons above are kept: those comparisons read kept matches.
    const kept = await shop.db.rows<{ lang: string; term: string; match_count: number }>(sql`
      select lang, term, match_count from search_terms where (lang, term) in (('fr', 'valise'), ('fr', 'echarpe'), ('en', 'suitcase'), ('en', 'scarf'))
      order by lang, term`);
    expect(kept.map((row) => `${row.lang} ${row.term}`)).toEqual(["en scarf", "en suitcase", "fr echarpe", "fr valise"]);
    expect(Math.min(...kept.map((row) => row.match_count))).toBeGreaterThan(2);
    // Two words that follow each other in a name are kept too (the most common such pair here).
    const [pair] = await shop.db.rows<{ term: string; match_count: number }>(sql`
      select term, match_count from search_terms where lang = 'fr' and term like '% %' order by match_count desc, term limit 1`);
    expect(pair!.match_count).toBeGreaterThan(2);
    // The terms' common spellings read the kept matches; a sign makes another query (not "valise"), a
    // beginning of a word or three words are not kept: those run the search itself.
    const [first, second] = pair!.term.split(" ") as [string, string];
    for (const term of ["Valise", "VALISE!", '"valise"', "-valise", "valise -cabine", "vali", "sous-main", pair!.term, `${first.toUpperCase()}, ${second}`, `${second} ${first}`, `${pair!.term} valise`]) {
      await expectSearchAsReference(term, "fr");
    }

    // A word no name had yet is kept with the product that brings it, at once; it stays when the product
    // runs out (matching nothing), and finds it again when restocked.
    const [category] = await shop.db.rows<{ id: number }>(sql`select id from categories where level = 3 order by id limit 1`);
    const [shopRow] = await shop.db.rows<{ id: number }>(sql`select id from shops order by id limit 1`);
    expect(await shop.db.rows(sql`select 1 from search_terms where term like '%zorglub%'`)).toEqual([]);
    const { productId, offerId } = await shop.db.orm.transaction(async (tx) => {
      const [product] = await rowsOf<{ id: number }>(tx, sql`
        insert into products (reference, slug_fr, slug_en, name_fr, name_en, description_fr, description_en, category_id,
                              supplier_reference, transport_weight_grams, tax_rate_bp, popularity)
        values ('KEPT-WORD', 'gourde-zorglubienne', 'zorglubian-flask', 'Gourde de zorglubienne', 'Zorglubian flask', 'd', 'd', ${category!.id},
                'S', 100, 2000, 10) returning id`);
      const [variant] = await rowsOf<{ id: number }>(tx, sql`insert into variants (product_id, reference) values (${product!.id}, 'KEPT-WORD-1') returning id`);
      const [offer] = await rowsOf<{ id: number }>(tx, sql`
        insert into offers (variant_id, shop_id, stock_quantity, logistic_class, regular_price_cents)
        values (${variant!.id}, ${shopRow!.id}, 3, 'STANDARD', 990) returning id`);
      return { productId: product!.id, offerId: offer!.id };
    });
    const firstPage = { page: 0, size: 5, sort: SORTS[0]!, filters: new Map<string, string[]>() };
    const found = async (term: string, lang: "fr" | "en") => cardsOf(await catalog.search(term, firstPage, lang)).map((product) => product.id);
    expect(await found("zorglubienne", "fr")).toEqual([productId]);
    expect(await found("Zorglubian", "en")).toEqual([productId]);
    expect(await found("gourde zorglubienne", "fr")).toEqual([productId]);
    // Two words that follow each other, and two that do but for a stop word ("de").
    expect(await shop.db.rows(sql`select lang, term, match_count from search_terms where term like '%zorglub%' order by lang, term`)).toEqual([
      { lang: "en", term: "zorglubian", match_count: 1 },
      { lang: "en", term: "zorglubian flask", match_count: 1 },
      { lang: "fr", term: "de zorglubienne", match_count: 1 },
      { lang: "fr", term: "gourde zorglubienne", match_count: 1 },
      { lang: "fr", term: "zorglubienne", match_count: 1 },
    ]);
    await expectKeptUpToDate(shop.db);
    await expectSearchAsReference("zorglubienne", "fr");
    await expectSearchAsReference("Gourde zorglubienne", "fr");

    await shop.db.rows(sql`update offers set stock_quantity = 0 where id = ${offerId}`);
    expect(await found("zorglubienne", "fr")).toEqual([]);
    expect(await shop.db.rows(sql`select match_count from search_terms where term = 'zorglubienne'`)).toEqual([{ match_count: 0 }]);
    await expectKeptUpToDate(shop.db);
    await shop.db.rows(sql`update offers set stock_quantity = 1 where id = ${offerId}`);
    expect(await found("zorglubienne", "fr")).toEqual([productId]);
    await expectKeptUpToDate(shop.db);

    await shop.db.rows(sql`delete from products where id = ${productId}`);
    expect(await found("zorglubienne", "fr")).toEqual([]);
    await expectKeptUpToDate(shop.db);
  });

  it("find in filtered searches what the plain query finds, with each facet counted without its own filter", async () => {
    // Among a common word's matches, each filterable attribute's most common value; the first two attributes' are used.
    const values = await shop.db.rows<{ code: string; value: string }>(sql`
      select distinct on (av.attribute_code) av.attribute_code as code, av.value
      from product_listings pl cross join unnest(pl.value_ids) u(id)
      join attribute_values av on av.id = u.id join attributes a on a.code = av.attribute_code and a.filter_type = 'CHECKBOX'
      where pl.in_stock and pl.search_fr @@ websearch_to_tsquery('escale_fr', 'valise')
      group by av.attribute_code, av.value order by av.attribute_code, count(*) desc`);
    expect(values.length).toBeGreaterThanOrEqual(2);
    const [first, second] = values as [{ code: string; value: string }, { code: string; value: string }];
    const filterSets = [
      new Map([[first.code, [first.value]]]),
      new Map([
        [first.code, [first.value]],
        [second.code, [second.value]],
      ]),
    ];
    for (const filters of filterSets) {
      for (const term of ["valise", "sac cuir"]) {
        for (const sort of SORTS) {
          const request = { page: 0, size: 5, sort, filters };
          const actual = await catalog.search(term, request, "fr");
          const expected = await referenceListing(shop.db, searchCandidates(term, "fr"), request, "fr", true);
          const label = `${term} ${sort.field},${sort.direction} ${JSON.stringify([...filters])}`;
          expect(cardsOf(actual).map((product) => product.id), label).toEqual(expected.ids);
          expect(actual.page.totalElements, label).toBe(expected.total);
          const facets = facetsOf(actual).flatMap((facet) => facet.values.map((value) => [`${facet.name}=${value.value}`, value.count] as const));
          expect(Object.fromEntries(facets.sort()), label).toEqual(Object.fromEntries([...expected.facets].sort()));
        }
      }
    }
  });

  it("split the kept cards' prices as the server splits every other price", async () => {
    // The cards' prices are made by the database (escale_price_json), the cart's and the orders' by priceOf().
    const pair = fc.tuple(fc.integer({ min: 0, max: 50_000_000 }), fc.oneof(fc.constantFrom(0, 210, 550, 1000, 2000), fc.integer({ min: 0, max: 10_000 })));
    const pairs = fc.sample(pair, { numRuns: 2000, seed: 19 });
    const rows = await shop.db.rows<{ price: string }>(sql`
      select escale_price_json(p.cents, p.bp)::text as price
      from unnest(${`{${pairs.map(([cents]) => cents).join(",")}}`}::int[], ${`{${pairs.map(([, bp]) => bp).join(",")}}`}::int[]) with ordinality p(cents, bp, n)
      order by p.n`);
    expect(rows.map((row) => JSON.parse(row.price) as unknown)).toEqual(pairs.map(([cents, bp]) => priceOf(cents, bp)));
  });

  it("answer listings, searches and cards by reference in the contract's shapes, cards as the product page shows them", async () => {
    const [category] = await shop.db.rows<{ id: number; path_en: string; label_en: string }>(sql`
      select c.id, c.path_en, c.label_en from categories c join category_stats s on s.category_id = c.id
      where c.parent_id is not null and s.product_count > 3 order by c.id limit 1`);
    const listing = await shop.request({ url: `/api/v1/products/category?categoryPath=${category!.path_en}&size=3&page=1&locale=en_US` });
    expect(listing.statusCode).toBe(200);
    expect(listing.headers["content-type"]).toMatch(/^application\/json/u);
    const body = listing.json<ProductListing>();
    expect(Object.keys(body)).toEqual(["category", "products", "facets"]);
    expect(body.category).toEqual({ id: category!.id, label: category!.label_en, path: category!.path_en });
    expect(Object.keys(body.products)).toEqual(["content", "totalElements", "totalPages", "size", "number"]);
    expect(body.products).toMatchObject({ size: 3, number: 1, totalPages: Math.ceil(body.products.totalElements / 3) });
    expect(body.products.content).toHaveLength(3);
    expect(body.facets.length).toBeGreaterThan(0);
    for (const facet of body.facets) {
      expect(Object.keys(facet)).toEqual(["name", "label", "filterType", "values"]);
      for (const value of facet.values) expect(Object.keys(value)).toEqual(["value", "label", "colorCode", "count", "selected"]);
    }
    for (const card of body.products.content) {
      const page = await shop.request({ url: `/api/v1/products/slug/${card.slug}?locale=en_US` });
      expect(page.statusCode).toBe(200);
      const product = page.json<components["schemas"]["Product"]>();
      expect(card.offer).toEqual(product.offer);
      expect(card.pictures).toEqual(product.pictures.filter((picture) => card.pictures.some((shown) => shown.id === picture.id)));
      expect(card.name).toBe(product.name);
    }

    const search = await shop.request({ url: "/api/v1/products/search?searchTerm=valise&size=2" });
    expect(search.statusCode).toBe(200);
    const found = search.json<ProductSearch>();
    expect(Object.keys(found)).toEqual(["searchTerm", "products", "facets"]);
    expect(found.searchTerm).toBe("valise");
    expect(found.products.content).toHaveLength(2);

    const references = body.products.content.map((card) => card.reference);
    const byReference = await shop.request({ url: `/api/v1/products/references?referenceList=${references.join(",")}&locale=en_US` });
    expect(byReference.statusCode).toBe(200);
    expect(byReference.json<ProductSummary[]>()).toEqual(body.products.content);
  });

  it("show a stock change to the next request the read cache does not answer", async () => {
    const offers = await productWithTwoStockedOffers();
    const productId = offers[0]!.product_id;
    const [category] = await shop.db.rows<{ path_fr: string }>(sql`select path_fr from categories where id = ${offers[0]!.category_id}`);
    const ids = async (size: number) => {
      const response = await shop.request({ url: `/api/v1/products/category?categoryPath=${category!.path_fr}&size=${size}` });
      expect(response.statusCode).toBe(200);
      return response.json<ProductListing>().products.content.map((product) => product.id);
    };
    expect(await ids(100)).toContain(productId);
    await shop.db.rows(sql`update offers set stock_quantity = 0 where variant_id in (select id from variants where product_id = ${productId})`);
    expect(await ids(99)).not.toContain(productId);
    await shop.db.rows(sql`update offers set stock_quantity = 1 where id = ${offers[0]!.offer_id}`);
    expect(await ids(98)).toContain(productId);
  });

  // Concurrent transactions need a server (PGlite has one connection).
  if (backend.name === "postgres") it(
    "keep a word two transactions bring at once with both their products, neither failing",
    async () => {
      const [category] = await shop.db.rows<{ id: number }>(sql`select id from categories where level = 3 order by id limit 1`);
      const [shopRow] = await shop.db.rows<{ id: number }>(sql`select id from shops order by id limit 1`);
      let written = 0;
      // Each transaction writes a product whose names bring the same new word, then both refresh before
      // either commits: one adds the word, the other's product must be among its matches all the same.
      const bring = (reference: string, nameFr: string, nameEn: string) =>
        shop.db.orm.transaction(async (tx) => {
          const [product] = await rowsOf<{ id: number }>(tx, sql`
            insert into products (reference, slug_fr, slug_en, name_fr, name_en, description_fr, description_en, category_id,
                                  supplier_reference, transport_weight_grams, tax_rate_bp, popularity)
            values (${reference}, ${reference.toLowerCase()}, ${`${reference.toLowerCase()}-en`}, ${nameFr}, ${nameEn}, 'd', 'd', ${category!.id},
                    'S', 100, 2000, 10) returning id`);
          const [variant] = await rowsOf<{ id: number }>(tx, sql`insert into variants (product_id, reference) values (${product!.id}, ${`${reference}-1`}) returning id`);
          await tx.execute(sql`
            insert into offers (variant_id, shop_id, stock_quantity, logistic_class, regular_price_cents)
            values (${variant!.id}, ${shopRow!.id}, 3, 'STANDARD', 1500)`);
          written += 1;
          await waitFor(async () => (written === 2 ? true : undefined), "both products written");
          await tx.execute(sql`set constraints all immediate`);
          return product!.id;
        });
      const ids = await Promise.all([
        bring("KEPT-BLORX-1", "Gourde blorxienne", "Blorxian flask"),
        bring("KEPT-BLORX-2", "Tasse blorxienne", "Blorxian mug"),
      ]);
      const request = { page: 0, size: 5, sort: { field: "price" as const, direction: "asc" as const }, filters: new Map<string, string[]>() };
      expect(cardsOf(await catalog.search("blorxienne", request, "fr")).map((product) => product.id).sort()).toEqual([...ids].sort());
      expect(cardsOf(await catalog.search("blorxian", request, "en")).map((product) => product.id).sort()).toEqual([...ids].sort());
      await expectKeptUpToDate(shop.db);
    },
  );

  // Concurrent transactions need a server (PGlite has one connection).
  if (backend.name === "postgres") it(
    "stay exact when two transactions empty the last two offers of a product at once",
    async () => {
      const offers = await productWithTwoStockedOffers();
      const productId = offers[0]!.product_id;
      await shop.db.rows(sql`update offers set stock_quantity = 0 where variant_id in (select id from variants where product_id = ${productId}) and id not in (${offers[0]!.offer_id}, ${offers[1]!.offer_id})`);
      await shop.db.rows(sql`update offers set stock_quantity = 1, regular_price_cents = 2500, discount_price_cents = null where id in (${offers[0]!.offer_id}, ${offers[1]!.offer_id})`);
      // The two variants alike (no values of their own, same price): emptying either one alone
      // changes nothing in the product's listing row, so neither refresh has anything to write.
      await shop.db.rows(sql`delete from variant_attribute_values where variant_id in (${offers[0]!.variant_id}, ${offers[1]!.variant_id})`);
      // Each transaction empties one offer, then both refresh the listing before either commits
      // (`set constraints all immediate` runs the refresh kept for the commit): each sees the
      // other's offer still in stock unless the refreshes of a product take turns.
      let written = 0;
      let refreshed = 0;
      const lockWaits = async () =>
        Number(
          (await shop.db.rows<{ count: number }>(sql`
            select count(*)::int as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]?.count,
        );
      const empty = (offerId: number) =>
        shop.db.orm.transaction(async (tx) => {
          await tx.execute(sql`update offers set stock_quantity = 0 where id = ${offerId}`);
          written += 1;
          await waitFor(async () => (written === 2 ? true : undefined), "both offers emptied");
          await tx.execute(sql`set constraints all immediate`);
          refreshed += 1;
          // Commit once the other one has refreshed too, or is waiting for this one's lock.
          await waitFor(async () => (refreshed === 2 || (await lockWaits()) > 0 ? true : undefined), "the other refresh");
        });
      await Promise.all([empty(offers[0]!.offer_id), empty(offers[1]!.offer_id)]);
      const [row] = await shop.db.rows<{ in_stock: boolean }>(sql`select in_stock from product_listings where product_id = ${productId}`);
      expect(row!.in_stock).toBe(false);
      await expectKeptUpToDate(shop.db);
    },
  );
});
