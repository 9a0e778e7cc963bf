// The listing computed the plain way, from the base tables on every call (the query the
// storefront ran before the listings were kept by the database, migration 0014). Tests compare
// the kept listings with it: same products in the same order, same total, same facets and counts.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../server/db/client.ts";

export type ReferenceSort = { field: "price" | "name" | "reference" | "relevance"; direction: "asc" | "desc" };

export interface ReferenceRequest {
  page: number;
  size: number;
  sort: ReferenceSort;
  /** Attribute code → accepted values. */
  filters: Map<string, string[]>;
}

export interface ReferenceListing {
  ids: number[];
  total: number;
  /** `code=value` → count, for every facet value shown. */
  facets: Map<string, number>;
}

/** Products listed in a category (by id), or in the whole catalogue (null), the plain way. */
export function categoryCandidates(categoryId: number | null): SQL {
  if (categoryId === null) return sql`select p.id, 0::real as rank from products p`;
  const subtree = sql`
    with recursive subtree(id) as (
      select ${categoryId}::int union select c.id from categories c join subtree s on c.parent_id = s.id
    ) select id from subtree`;
  return sql`
    select p.id, 0::real as rank from products p where p.category_id in (${subtree})
    union
    select pc.product_id, 0::real from product_categories pc where pc.category_id in (${subtree})`;
}

export async function referenceListing(
  db: Database,
  candidates: SQL,
  request: ReferenceRequest,
  lang: "fr" | "en",
  ranked = false,
): Promise<ReferenceListing> {
  const entries = [...request.filters.entries()];
  const satisfies = (code: string, values: string[]) => sql`exists (
      select 1 from product_values pv join attribute_values av on av.id = pv.attribute_value_id
      where pv.product_id = c.id and av.attribute_code = ${code}
        and lower(av.value) in (${sql.join(values.map((value) => value.toLowerCase()), sql`, `)}))`;
  const misses =
    entries.length === 0
      ? sql`0`
      : sql.join(
          entries.map(([code, values]) => sql`(case when ${satisfies(code, values)} then 0 else 1 end)`),
          sql` + `,
        );
  const missed =
    entries.length === 0
      ? sql`null::text`
      : sql`(case ${sql.join(
          entries.map(([code, values]) => sql`when not ${satisfies(code, values)} then ${code}`),
          sql` `,
        )} end)`;
  const direction = sql.raw(request.sort.direction === "desc" ? "desc" : "asc");
  const reverse = sql.raw(request.sort.direction === "desc" ? "asc" : "desc");
  const order = {
    price: sql`f.price ${direction}, f.sort_name asc`,
    name: sql`f.sort_name ${direction}`,
    reference: sql`f.reference ${direction}`,
    relevance: ranked ? sql`f.rank ${reverse}, f.popularity desc` : sql`f.popularity ${reverse}`,
  }[request.sort.field];
  const sortName = sql.raw(lang === "fr" ? "p.sort_name_fr" : "p.sort_name_en");
  const rows = await db.rows<{ kind: string; id: number | null; total: number | null; facet: string | null; count: number | null }>(sql`
    with candidates as (${candidates}),
    stocked as (
      select v.product_id, min(coalesce(o.discount_price_cents, o.regular_price_cents)) as price
      from variants v join offers o on o.variant_id = v.id
      where o.stock_quantity > 0 and v.product_id in (select id from candidates)
      group by v.product_id
    ),
    product_values as (
      select v.product_id, vav.attribute_value_id
      from variants v
      join offers o on o.variant_id = v.id and o.stock_quantity > 0
      join variant_attribute_values vav on vav.variant_id = v.id
      where v.product_id in (select product_id from stocked)
      union
      select pav.product_id, pav.attribute_value_id from product_attribute_values pav
      where pav.product_id in (select product_id from stocked)
    ),
    scored as (
      select c.id, c.rank, s.price, ${misses} as misses, ${missed} as missed
      from candidates c join stocked s on s.product_id = c.id
    ),
    found as (
      select sc.id, sc.rank, sc.price, p.popularity, p.reference, ${sortName} as sort_name
      from scored sc join products p on p.id = sc.id
      where sc.misses = 0
    ),
    page as (
      select f.id from found f
      order by ${order}, f.id
      limit ${request.size} offset ${request.page * request.size}
    )
    select 'page' as kind, p.id, null::int as total, null as facet, null::int as count from page p
    union all
    select 'total', null, (select count(*)::int from found), null, null
    union all
    select 'facet', null, null, av.attribute_code || '=' || av.value, count(distinct sc.id)::int
    from scored sc
    join product_values pv on pv.product_id = sc.id
    join attribute_values av on av.id = pv.attribute_value_id
    join attributes a on a.code = av.attribute_code and a.filter_type = 'CHECKBOX'
    where sc.misses = 0 or (sc.misses = 1 and sc.missed = a.code)
    group by av.attribute_code, av.value`);
  return {
    ids: rows.filter((row) => row.kind === "page").map((row) => Number(row.id)),
    total: Number(rows.find((row) => row.kind === "total")?.total ?? 0),
    facets: new Map(rows.filter((row) => row.kind === "facet").map((row) => [String(row.facet), Number(row.count)])),
  };
}

export interface ReferenceCard {
  id: number;
  slug: string;
  name: string;
  reference: string;
  /** The offer shown: the cheapest in stock (first in variant order among equals), else the first variant's. */
  offerId: number | null;
  stockQuantity: number | null;
  priceCents: number | null;
  discountCents: number | null;
  /** The cover first among the pictures shown (at most two: the cover and the first others), in their order. */
  pictureIds: number[];
  coverId: number | null;
  variantCount: number;
  isConfigurable: boolean;
}

/** A product's card computed from the base tables, as the storefront did before cards were kept. */
export async function referenceCard(db: Database, productId: number, lang: "fr" | "en"): Promise<ReferenceCard> {
  const [product] = await db.rows<{ slug: string; name: string; reference: string; configurable: number; variants: number }>(sql`
    select ${sql.raw(lang === "fr" ? "slug_fr" : "slug_en")} as slug, ${sql.raw(lang === "fr" ? "name_fr" : "name_en")} as name,
           reference, cardinality(configurable_attributes) as configurable,
           (select count(*)::int from variants v where v.product_id = p.id) as variants
    from products p where p.id = ${productId}`);
  if (!product) throw new Error(`no product ${productId}`);
  const offers = await db.rows<{ id: number; stock_quantity: number; regular_price_cents: number; discount_price_cents: number | null }>(sql`
    select o.id, o.stock_quantity, o.regular_price_cents, o.discount_price_cents
    from offers o join variants v on v.id = o.variant_id where v.product_id = ${productId} order by v.position, o.id`);
  const price = (offer: (typeof offers)[number]) => offer.discount_price_cents ?? offer.regular_price_cents;
  const inStock = offers.filter((offer) => offer.stock_quantity > 0);
  const shown = inStock.length > 0 ? inStock.reduce((best, offer) => (price(offer) < price(best) ? offer : best)) : offers[0];
  const pictures = await db.rows<{ id: number; is_cover: boolean; rank: number }>(sql`
    select id, is_cover, row_number() over (order by is_cover desc, position) as rank
    from pictures where product_id = ${productId} order by position, id`);
  const kept = pictures.filter((picture) => Number(picture.rank) <= 2);
  return {
    id: productId,
    slug: product.slug,
    name: product.name,
    reference: product.reference,
    offerId: shown?.id ?? null,
    stockQuantity: shown?.stock_quantity ?? null,
    priceCents: shown?.regular_price_cents ?? null,
    discountCents: shown?.discount_price_cents ?? null,
    pictureIds: kept.map((picture) => picture.id),
    coverId: (kept.find((picture) => picture.is_cover) ?? kept[0])?.id ?? null,
    variantCount: Number(product.variants),
    isConfigurable: Number(product.configurable) > 0,
  };
}

/** The typed words as the storefront reads them (unaccented, lower-cased runs of letters and digits, at most 8). */
export function typedWords(term: string): string[] {
  return term
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/** Products a search finds, with their relevance, from the products table (the plain way). */
export function searchCandidates(term: string, lang: "fr" | "en"): SQL {
  const words = typedWords(term);
  const prefix = words.map((word) => `${word}:*`).join(" & ");
  const config = lang === "fr" ? "escale_fr" : "escale_en";
  const searchColumn = sql.raw(lang === "fr" ? "p.search_fr" : "p.search_en");
  const prefixColumn = sql.raw(lang === "fr" ? "p.prefix_fr" : "p.prefix_en");
  return sql`
    select p.id,
           ts_rank(${searchColumn}, websearch_to_tsquery(${config}::regconfig, ${term}))
             + 0.1 * ts_rank(${prefixColumn}, to_tsquery('escale_simple', ${prefix})) as rank
    from products p
    where ${searchColumn} @@ websearch_to_tsquery(${config}::regconfig, ${term})
       or (${prefix} <> '' and ${prefixColumn} @@ to_tsquery('escale_simple', ${prefix}))`;
}
