// Random catalogue edits — stock, prices and discounts, categories, variants, attribute values,
// covers, names, popularity; several in one transaction or one at a time — followed by listings: the
// kept rows always equal a recomputation from the base tables, and any listing (category or
// whole catalogue, sort, language, page, filters) and search equal the plain query's, cards included.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type Orm } from "../../server/db/client.ts";
import { createCatalogRepository, type CatalogRepository } from "../../server/modules/catalog/catalog-repository.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";
import { referenceListing, searchCandidates } from "../support/reference-listing.ts";
import { SORTS, cardsOf, expectKeptUpToDate, expectListingMatches, facetsOf } from "./listing-checks.ts";

const pick = fc.nat({ max: 10_000 });

const editArbitrary = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("stock" as const), offer: pick, quantity: fc.constantFrom(0, 0, 1, 6) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("price" as const),
      offer: pick,
      regular: fc.integer({ min: 100, max: 40_000 }),
      discountPercent: fc.option(fc.integer({ min: 5, max: 90 }), { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("move" as const), product: pick, category: pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("extraCategory" as const), product: pick, category: pick, add: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("newVariant" as const),
      product: pick,
      value: pick,
      quantity: fc.constantFrom(0, 2),
      price: fc.integer({ min: 100, max: 40_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteVariant" as const), variant: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("productValue" as const), product: pick, value: pick, add: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("rename" as const), product: pick, name: fc.constantFrom("Àpre", "zèbre", "Valise", "valise", "Écharpe") }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cover" as const), picture: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("popularity" as const), product: pick, popularity: fc.integer({ min: 0, max: 2000 }) }) },
);
type Edit = typeof editArbitrary extends fc.Arbitrary<infer T> ? T : never;

const listingArbitrary = fc.record({
  category: fc.option(pick, { nil: null }),
  lang: fc.constantFrom("fr" as const, "en" as const),
  sort: fc.constantFrom(...SORTS),
  page: fc.constantFrom(0, 1, 3),
  size: fc.constantFrom(3, 10),
  filters: fc.array(pick, { maxLength: 2 }),
});

const planArbitrary = fc.record({
  // Edits in groups: each group is one transaction.
  groups: fc.array(fc.array(editArbitrary, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }),
  listings: fc.array(listingArbitrary, { minLength: 2, maxLength: 4 }),
  // A search after the edits: kept terms (the renames' words among them, new to the names at first), a pair.
  search: fc.record({
    term: fc.constantFrom("valise", "Zèbre", "apre", "echarpe", "sac", "valise cabine"),
    lang: fc.constantFrom("fr" as const, "en" as const),
    sort: fc.constantFrom(...SORTS),
    page: fc.constantFrom(0, 1),
  }),
});

describe.each(backends())("kept listings under random edits on $name", (backend) => {
  let shop: TestApp;
  let catalog: CatalogRepository;
  let variantCounter = 0;

  beforeAll(async () => {
    shop = await startTestApp(backend);
    catalog = createCatalogRepository(shop.db);
  });
  afterAll(() => shop?.close());

  const ids = async (orm: Orm, table: "offers" | "products" | "variants" | "categories" | "attribute_values" | "pictures") =>
    (await rowsOf<{ id: number }>(orm, sql`select id from ${sql.identifier(table)} order by id`)).map((row) => Number(row.id));
  const at = <T>(list: T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);

  async function apply(tx: Orm, edit: Edit): Promise<void> {
    switch (edit.kind) {
      case "stock": {
        const offer = at(await ids(tx, "offers"), edit.offer);
        if (offer !== undefined) await tx.execute(sql`update offers set stock_quantity = ${edit.quantity} where id = ${offer}`);
        return;
      }
      case "price": {
        const offer = at(await ids(tx, "offers"), edit.offer);
        const discount = edit.discountPercent === null ? null : Math.floor((edit.regular * (100 - edit.discountPercent)) / 100);
        if (offer !== undefined) {
          await tx.execute(sql`update offers set regular_price_cents = ${edit.regular}, discount_price_cents = ${discount} where id = ${offer}`);
        }
        return;
      }
      case "move": {
        const product = at(await ids(tx, "products"), edit.product);
        const category = at(await ids(tx, "categories"), edit.category);
        if (product !== undefined && category !== undefined) await tx.execute(sql`update products set category_id = ${category} where id = ${product}`);
        return;
      }
      case "extraCategory": {
        const product = at(await ids(tx, "products"), edit.product);
        const category = at(await ids(tx, "categories"), edit.category);
        if (product === undefined || category === undefined) return;
        await tx.execute(
          edit.add
            ? sql`insert into product_categories (product_id, category_id) values (${product}, ${category}) on conflict do nothing`
            : sql`delete from product_categories where product_id = ${product} and category_id = ${category}`,
        );
        return;
      }
      case "newVariant": {
        const product = at(await ids(tx, "products"), edit.product);
        const value = at(await ids(tx, "attribute_values"), edit.value);
        if (product === undefined || value === undefined) return;
        variantCounter += 1;
        const [variant] = await rowsOf<{ id: number }>(
          tx,
          sql`insert into variants (product_id, reference) values (${product}, ${`PROP-${backend.name}-${variantCounter}`}) returning id`,
        );
        await tx.execute(sql`insert into variant_attribute_values (variant_id, attribute_value_id) values (${variant!.id}, ${value})`);
        await tx.execute(sql`
          insert into offers (variant_id, shop_id, stock_quantity, logistic_class, regular_price_cents)
          values (${variant!.id}, (select min(id) from shops), ${edit.quantity}, 'STANDARD', ${edit.price})`);
        return;
      }
      case "deleteVariant": {
        const variant = at(await ids(tx, "variants"), edit.variant);
        // Lines of carts and orders refer to offers: only variants nobody bought or holds go.
        if (variant !== undefined) {
          await tx.execute(sql`
            delete from variants v where v.id = ${variant}
              and not exists (select 1 from cart_lines cl join offers o on o.id = cl.offer_id where o.variant_id = v.id)`);
        }
        return;
      }
      case "productValue": {
        const product = at(await ids(tx, "products"), edit.product);
        const value = at(await ids(tx, "attribute_values"), edit.value);
        if (product === undefined || value === undefined) return;
        await tx.execute(
          edit.add
            ? sql`insert into product_attribute_values (product_id, attribute_value_id) values (${product}, ${value}) on conflict do nothing`
            : sql`delete from product_attribute_values where product_id = ${product} and attribute_value_id = ${value}`,
        );
        return;
      }
      case "rename": {
        const product = at(await ids(tx, "products"), edit.product);
        if (product !== undefined) await tx.execute(sql`update products set name_fr = ${edit.name}, name_en = ${edit.name} where id = ${product}`);
        return;
      }
      case "cover": {
        // Another picture becomes its product's cover.
        const picture = at(await ids(tx, "pictures"), edit.picture);
        if (picture !== undefined) {
          await tx.execute(sql`
            update pictures set is_cover = (id = ${picture}) where product_id = (select product_id from pictures where id = ${picture})`);
        }
        return;
      }
      case "popularity": {
        const product = at(await ids(tx, "products"), edit.product);
        if (product !== undefined) await tx.execute(sql`update products set popularity = ${edit.popularity} where id = ${product}`);
        return;
      }
    }
  }

  it("match the plain query after every batch of edits", async () => {
    const checkboxValues = await shop.db.rows<{ attribute_code: string; value: string }>(sql`
      select av.attribute_code, av.value from attribute_values av join attributes a on a.code = av.attribute_code
      where a.filter_type = 'CHECKBOX' order by av.id`);
    await fc.assert(
      fc.asyncProperty(planArbitrary, async (plan) => {
        for (const group of plan.groups) {
          await shop.db.orm.transaction(async (tx) => {
            for (const edit of group) await apply(tx, edit);
          });
        }
        await expectKeptUpToDate(shop.db);
        const categories = await ids(shop.db.orm, "categories");
        for (const listing of plan.listings) {
          const filters = new Map<string, string[]>();
          for (const index of listing.filters) {
            const value = at(checkboxValues, index);
            if (value) filters.set(value.attribute_code, [...(filters.get(value.attribute_code) ?? []), value.value]);
          }
          await expectListingMatches(shop.db, catalog, {
            categoryId: listing.category === null ? null : (at(categories, listing.category) ?? null),
            lang: listing.lang,
            request: { page: listing.page, size: listing.size, sort: listing.sort, filters },
          });
        }
        const { term, lang, sort, page } = plan.search;
        const request = { page, size: 4, sort, filters: new Map<string, string[]>() };
        const found = await catalog.search(term, request, lang);
        const expected = await referenceListing(shop.db, searchCandidates(term, lang), request, lang, true);
        expect(cardsOf(found).map((card) => card.id), `${lang} ${term} ${sort.field},${sort.direction} page ${page}`).toEqual(expected.ids);
        expect(found.page.totalElements).toBe(expected.total);
        expect(Object.fromEntries(facetsOf(found).flatMap((facet) => facet.values.map((value) => [`${facet.name}=${value.value}`, value.count])))).toEqual(
          Object.fromEntries(expected.facets),
        );
      }),
      { numRuns: 30 },
    );
    // Thirty runs of edits and checks take about 30 s on the embedded database of a quiet 2-core
    // machine (44 s within the whole suite; the kept searches' checks are about 9 s of it); the
    // suite's 30 s would fail it on a busy or slower one, with nothing wrong.
  }, 120_000);
});
