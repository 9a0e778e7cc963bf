// Checks shared by the kept-listings tests: the kept rows equal a recomputation from the base
// tables, and the storefront's listings equal the plain query's (tests/support/reference-listing.ts).
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../../server/db/client.ts";
import type { components } from "../../common/api/schema.gen.ts";
import { descriptionHtml, type CatalogRepository, type Facet, type ListingResult, type PageRequest, type ProductSummary } from "../../server/modules/catalog/catalog-repository.ts";
import { categoryCandidates, referenceCard, referenceListing, type ReferenceRequest } from "../support/reference-listing.ts";
import { referenceProductPage } from "../support/reference-product-page.ts";

type Product = components["schemas"]["Product"];

/** Rows of the kept tables that differ from what the base tables give now (both ways). */
export async function keptDifferences(db: Database): Promise<string[]> {
  const checks = {
    product_listings: sql`
      select product_id, in_stock, price_cents, popularity, reference, name_fr, name_en, sort_name_fr, sort_name_en,
             prefix_fr, prefix_en, search_fr, search_en, value_ids, category_ids from product_listings`,
    product_listing_sources: sql`select * from product_listing_sources`,
    product_cards: sql`select product_id, offer_id, summary_fr, summary_en from product_cards`,
    product_card_sources: sql`select product_id, offer_id, summary_fr, summary_en from product_card_sources`,
    product_pages: sql`select product_id, page_fr, page_en from product_pages`,
    product_page_sources: sql`select product_id, page_fr, page_en from product_page_sources`,
    category_listings: sql`select category_id, product_id, price_cents, popularity, reference, sort_name_fr, sort_name_en from category_listings`,
    category_listings_expected: sql`
      select c.category_id, s.product_id, s.price_cents, s.popularity, s.reference, s.sort_name_fr, s.sort_name_en
      from product_listing_sources s, unnest(s.category_ids) c(category_id) where s.in_stock`,
    category_stats: sql`select category_id, product_count from category_stats where product_count <> 0`,
    category_stats_expected: sql`
      select c.category_id, count(*)::int from product_listing_sources s, unnest(s.category_ids) c(category_id)
      where s.in_stock group by 1`,
    category_facets: sql`select category_id, attribute_value_id, product_count from category_facets where product_count <> 0`,
    category_facets_expected: sql`
      select c.category_id, v.value_id, count(*)::int
      from product_listing_sources s, unnest(s.category_ids) c(category_id), unnest(s.value_ids) v(value_id)
      where s.in_stock group by 1, 2`,
    // The words of the names of products with an offer in stock (migration 0017), from the products' names and popularity.
    name_word_products: sql`select lang, word, popularity, product_id, word_bits from name_word_products`,
    name_word_products_expected: sql`
      select w.lang, w.word collate "C", p.popularity, p.id, w.word_bits
      from products p cross join lateral escale_name_words(p.prefix_fr, p.prefix_en) w
      where exists (select 1 from variants v join offers o on o.variant_id = v.id where v.product_id = p.id and o.stock_quantity > 0)`,
    name_words: sql`select lang, word, product_count from name_words where product_count <> 0`,
    name_words_expected: sql`
      select w.lang, w.word collate "C", count(*)::int
      from products p cross join lateral escale_name_words(p.prefix_fr, p.prefix_en) w
      where exists (select 1 from variants v join offers o on o.variant_id = v.id where v.product_id = p.id and o.stock_quantity > 0)
      group by 1, 2`,
  };
  const differences: string[] = [];
  const pairs = [
    ["product_listings", "product_listing_sources"],
    ["product_cards", "product_card_sources"],
    ["product_pages", "product_page_sources"],
    ["category_listings", "category_listings_expected"],
    ["category_stats", "category_stats_expected"],
    ["category_facets", "category_facets_expected"],
    ["name_word_products", "name_word_products_expected"],
    ["name_words", "name_words_expected"],
  ] as const;
  for (const [kept, expected] of pairs) {
    const extra = await db.rows(sql`(${checks[kept]}) except all (${checks[expected]}) limit 3`);
    const missing = await db.rows(sql`(${checks[expected]}) except all (${checks[kept]}) limit 3`);
    if (extra.length > 0) differences.push(`${kept} has rows it should not: ${JSON.stringify(extra)}`);
    if (missing.length > 0) differences.push(`${kept} lacks rows: ${JSON.stringify(missing)}`);
  }
  differences.push(...(await searchDifferences(db)));
  // Every term of the names of products in stock (each word, each two that follow each other, two telling
  // words around a stop word) is kept; terms of names gone may stay.
  const unkept = await db.rows(sql`
    select t.lang, t.term from products p
    cross join lateral (select 'fr' as lang, x as term from escale_search_terms(p.name_fr, 'escale_fr') x
                        union all select 'en', x from escale_search_terms(p.name_en, 'escale_en') x) t
    where exists (select 1 from variants v join offers o on o.variant_id = v.id where v.product_id = p.id and o.stock_quantity > 0)
    except select lang, term from search_terms limit 3`);
  if (unkept.length > 0) differences.push(`search_terms lacks terms: ${JSON.stringify(unkept)}`);
  const queued = await db.rows<{ count: number }>(sql`select count(*)::int as count from product_listing_changes`);
  if (Number(queued[0]?.count) !== 0) differences.push(`${queued[0]?.count} product(s) left in the queue`);
  return differences;
}

/** Rows as text, each once per occurrence. */
function multisetDifferences(name: string, kept: unknown[][], expected: unknown[][]): string[] {
  const counts = new Map<string, number>();
  for (const row of kept) counts.set(JSON.stringify(row), (counts.get(JSON.stringify(row)) ?? 0) + 1);
  for (const row of expected) counts.set(JSON.stringify(row), (counts.get(JSON.stringify(row)) ?? 0) - 1);
  const extra = [...counts].filter(([, count]) => count > 0).map(([row]) => row).slice(0, 3);
  const missing = [...counts].filter(([, count]) => count < 0).map(([row]) => row).slice(0, 3);
  return [
    ...(extra.length > 0 ? [`${name} has rows it should not: ${extra.join(" ")}`] : []),
    ...(missing.length > 0 ? [`${name} lacks rows: ${missing.join(" ")}`] : []),
  ];
}

/**
 * The kept searches (migration 0018) against the search itself: each kept term's matches among the
 * products in stock, found and ranked with the queries the search makes of the term, with the sort keys;
 * its queries and total; its facet counts. The matches are computed once, compared here.
 */
async function searchDifferences(db: Database): Promise<string[]> {
  // From product_listings, whose rows the checks above compare with the base tables: its full-text
  // indexes find each term's matches without trying every product.
  const matchesIn = (lang: "fr" | "en") => sql`
    select w.id as term_id, s.product_id,
           ts_rank(s.${sql.raw(`search_${lang}`)}, q.query) + 0.1 * ts_rank(s.${sql.raw(`prefix_${lang}`)}, q.beginning) as rank,
           s.price_cents, s.popularity, s.${sql.raw(`sort_name_${lang}`)} as sort_name, s.value_ids
    from search_terms w
    cross join lateral (select websearch_to_tsquery(${lang === "fr" ? "escale_fr" : "escale_en"}::regconfig, w.term) as query,
                               to_tsquery('escale_simple', array_to_string(array(select x || ':*' from unnest(string_to_array(w.term, ' ')) x), ' & ')) as beginning) q
    join product_listings s on s.in_stock and (s.${sql.raw(`search_${lang}`)} @@ q.query or s.${sql.raw(`prefix_${lang}`)} @@ q.beginning)
    where w.lang = ${lang}`;
  const expected = await db.rows<{ term_id: number; product_id: number; rank: number; price_cents: number; popularity: number; sort_name: string; value_ids: number[] }>(
    sql`${matchesIn("fr")} union all ${matchesIn("en")}`,
  );
  const matches = await db.rows<{ term_id: number; product_id: number; rank: number; price_cents: number; popularity: number; sort_name: string }>(sql`
    select term_id, product_id, rank, price_cents, popularity, sort_name from search_matches`);
  // The beginning expected from the term's words, as the search writes it.
  const terms = await db.rows<{ id: number; lang: string; term: string; query: string; beginning: string; expected_query: string; expected_beginning: string; match_count: number }>(sql`
    select w.id, w.lang, w.term, w.query::text as query, w.beginning::text as beginning, w.match_count,
           websearch_to_tsquery((case w.lang when 'fr' then 'escale_fr' else 'escale_en' end)::regconfig, w.term)::text as expected_query,
           to_tsquery('escale_simple', array_to_string(array(select x || ':*' from unnest(string_to_array(w.term, ' ')) x), ' & '))::text as expected_beginning
    from search_terms w`);
  const facets = await db.rows<{ term_id: number; attribute_value_id: number; product_count: number }>(sql`
    select term_id, attribute_value_id, product_count from search_term_facets where product_count <> 0`);
  const matchKey = (row: { term_id: number; product_id: number; rank: number; price_cents: number; popularity: number; sort_name: string }) =>
    [row.term_id, row.product_id, Number(row.rank), row.price_cents, row.popularity, row.sort_name];
  const expectedCounts = new Map<number, number>();
  const expectedFacets = new Map<string, number>();
  for (const row of expected) {
    expectedCounts.set(row.term_id, (expectedCounts.get(row.term_id) ?? 0) + 1);
    for (const value of row.value_ids) expectedFacets.set(`${row.term_id},${value}`, (expectedFacets.get(`${row.term_id},${value}`) ?? 0) + 1);
  }
  return [
    ...multisetDifferences("search_matches", matches.map(matchKey), expected.map(matchKey)),
    ...multisetDifferences(
      "search_terms",
      terms.map((row) => [row.lang, row.term, row.query, row.beginning, row.match_count]),
      terms.map((row) => [row.lang, row.term, row.expected_query, row.expected_beginning, expectedCounts.get(row.id) ?? 0]),
    ),
    ...multisetDifferences(
      "search_term_facets",
      facets.map((row) => [`${row.term_id},${row.attribute_value_id}`, row.product_count]),
      [...expectedFacets].map(([key, count]) => [key, count]),
    ),
  ];
}

export async function expectKeptUpToDate(db: Database): Promise<void> {
  expect(await keptDifferences(db)).toEqual([]);
}

/** A listing's cards, parsed from the texts the database wrote. */
export function cardsOf(result: ListingResult): ProductSummary[] {
  return JSON.parse(`[${result.cards.toString()}]`) as ProductSummary[];
}

/** A listing's facets, parsed. */
export function facetsOf(result: ListingResult): Facet[] {
  return JSON.parse(result.facets.toString()) as Facet[];
}

/** The product page of a slug as the API sends it, parsed. */
export async function productPageOf(catalog: CatalogRepository, slug: string, lang: "fr" | "en"): Promise<Product | undefined> {
  const page = await catalog.productPage(slug, lang);
  return page === undefined ? undefined : (JSON.parse(page) as Product);
}

/**
 * The product page the database keeps (migration 0016) says what the server's own code shaped from the
 * base tables (tests/support/reference-product-page.ts), with the description, category and breadcrumb
 * the server adds; the reference page is returned.
 */
export async function expectProductPageAsReference(db: Database, catalog: CatalogRepository, productId: number, lang: "fr" | "en", label = "") {
  const reference = await referenceProductPage(db, productId, lang);
  const page = await productPageOf(catalog, reference.slug, lang);
  if (!page) throw new Error(`${label}: no product page for ${reference.slug}`);
  const { description, category, breadcrumb, ...kept } = page;
  expect(kept, `${label} product page ${reference.slug}`).toEqual(reference);
  const [product] = await db.rows<{ description: string; category_id: number }>(sql`
    select ${sql.raw(lang === "fr" ? "description_fr" : "description_en")} as description, category_id from products where id = ${productId}`);
  expect(description).toBe(descriptionHtml(product!.description));
  expect(category.id).toBe(product!.category_id);
  expect(breadcrumb.at(-1)).toEqual(category);
  return reference;
}

/**
 * A card says what the product page says (the page as the server's own code shapes it: prices split by
 * `priceOf()`, pictures titled and addressed as the media routes serve them): the same offer, the
 * same pictures, names and flags. The kept product page says the same.
 */
export async function expectCardAsProductPage(db: Database, catalog: CatalogRepository, card: ProductSummary, lang: "fr" | "en", label: string) {
  const page = await expectProductPageAsReference(db, catalog, card.id, lang, label);
  const shown = new Set(card.pictures.map((picture) => picture.id));
  expect(card, label).toEqual({
    id: page.id,
    slug: card.slug,
    reference: page.reference,
    name: page.name,
    madeInFrance: page.madeInFrance,
    madeInEurope: page.madeInEurope,
    upCycling: page.upCycling,
    limitedEdition: page.limitedEdition,
    isConfigurable: card.isConfigurable,
    offer: page.offer,
    coverPicture: page.pictures.find((picture) => picture.id === card.coverPicture?.id) ?? null,
    pictures: page.pictures.filter((picture) => shown.has(picture.id)),
    variantCount: card.variantCount,
  });
}

export interface ListingCase {
  categoryId: number | null;
  lang: "fr" | "en";
  request: ReferenceRequest;
}

/** The storefront's listing and the plain query's: same page (ids in order), total and facets. */
export async function expectListingMatches(db: Database, catalog: CatalogRepository, listing: ListingCase): Promise<void> {
  const request: PageRequest = listing.request;
  let actual;
  if (listing.categoryId === null) {
    actual = await catalog.listAll(request, listing.lang);
  } else {
    const [row] = await db.rows<{ path_fr: string }>(sql`select path_fr from categories where id = ${listing.categoryId}`);
    const category = row && (await catalog.findCategory(row.path_fr));
    if (!category) throw new Error(`no category ${listing.categoryId}`);
    actual = await catalog.listByCategory(category, request, listing.lang);
  }
  const expected = await referenceListing(db, categoryCandidates(listing.categoryId), listing.request, listing.lang);
  const label = JSON.stringify({ ...listing, request: { ...listing.request, filters: [...listing.request.filters] } });
  const content = cardsOf(actual);
  expect(content.map((product) => product.id), label).toEqual(expected.ids);
  expect(actual.page.totalElements, label).toBe(expected.total);
  // Every card shows what the base tables say now (the offer's stock above all), as the product page does.
  for (const product of content) {
    await expectCardAsProductPage(db, catalog, product, listing.lang, label);
    const card = await referenceCard(db, product.id, listing.lang);
    expect(
      {
        id: product.id,
        slug: product.slug,
        name: product.name,
        reference: product.reference,
        offerId: product.offer?.id ?? null,
        stockQuantity: product.offer?.stockQuantity ?? null,
        priceCents: product.offer?.regularPrice.taxIncluded ?? null,
        discountCents: product.offer?.discountPrice?.taxIncluded ?? null,
        pictureIds: product.pictures.map((picture) => picture.id),
        coverId: product.coverPicture?.id ?? null,
        variantCount: product.variantCount,
        isConfigurable: product.isConfigurable,
      },
      label,
    ).toEqual(card);
  }
  const facets = new Map(facetsOf(actual).flatMap((facet) => facet.values.map((value) => [`${facet.name}=${value.value}`, value.count] as const)));
  expect(Object.fromEntries([...facets].sort()), label).toEqual(Object.fromEntries([...expected.facets].sort()));
}

export const SORTS: ReferenceRequest["sort"][] = (["price", "name", "reference", "relevance"] as const).flatMap((field) =>
  (["asc", "desc"] as const).map((direction) => ({ field, direction })),
);

/** The categories that list a product (its own and extra ones, with their ancestors). */
export async function categoriesOf(db: Database, productId: number): Promise<number[]> {
  const rows = await db.rows<{ id: number }>(sql`
    with recursive up(id) as (
      select category_id from products where id = ${productId}
      union select category_id from product_categories where product_id = ${productId}
      union select c.parent_id from categories c join up on up.id = c.id where c.parent_id is not null
    ) select id from up`);
  return rows.map((row) => Number(row.id));
}
