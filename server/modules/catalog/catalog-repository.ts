// Reads the catalogue: category tree, listings with facets, product pages, search.
import DataLoader from "dataloader";
import { eq, or, sql, type SQL } from "drizzle-orm";
import type { components } from "../../../common/api/schema.gen.ts";
import type { Database } from "../../db/client.ts";
import { productCards, productPages, products } from "../../db/schema.ts";
import { compareLabels, type Lang } from "./locale.ts";
import { pictureUrls } from "../media/picture-urls.ts";

type Schemas = components["schemas"];
export type CategoryNode = Schemas["CategoryNode"];
export type CategoryRef = Schemas["CategoryRef"];
export type ProductSummary = Schemas["ProductSummary"];
export type Product = Schemas["Product"];
export type Offer = Schemas["Offer"];
export type Picture = Schemas["Picture"];
export type Facet = Schemas["Facet"];
type ProductPage = Schemas["ProductPage"];
type Price = Schemas["Price"];

export type SortField = "price" | "name" | "reference" | "relevance";
export type SortDirection = "asc" | "desc";

/** Attribute code → accepted values (OR within an attribute, AND across attributes). */
export type AttributeFilters = Map<string, string[]>;

export interface PageRequest {
  page: number;
  size: number;
  sort: { field: SortField; direction: SortDirection };
  filters: AttributeFilters;
}

/** JSON text as the API sends it, written by the database (a card kept in `product_cards`, migration 0015; facets). */
export type JsonText = string & { readonly jsonText: unique symbol };

/** JSON text in UTF-8 bytes, as the database sent it (never decoded into a JS string on PostgreSQL). */
export type JsonBytes = Buffer & { readonly jsonBytes: unique symbol };

/** JSON texts joined by commas, the inside of a JSON array, in UTF-8 bytes as the database sent them. */
export type JsonItemsBytes = Buffer & { readonly jsonItemsBytes: unique symbol };

/**
 * A page of products as the database writes it: the cards (the kept texts, comma-separated, in
 * order), the page's numbers, and the facets (the contract's `Facet[]` in JSON text). The texts are
 * bytes, sent to the client as they came (`Database.preparedBytes`).
 */
export interface ListingResult {
  cards: JsonItemsBytes;
  page: Omit<ProductPage, "content">;
  facets: JsonBytes;
}

interface CategoryRow {
  id: number;
  parent_id: number | null;
  level: number;
  slug_fr: string;
  slug_en: string;
  label_fr: string;
  label_en: string;
  path_fr: string;
  path_en: string;
  is_event: boolean;
}

interface OfferRow {
  id: number;
  variant_id: number;
  product_id: number;
  variant_reference: string;
  variant_position: number;
  shop_id: number;
  shop_name: string;
  picking_delay: number;
  stock_quantity: number;
  logistic_class: string;
  regular_price_cents: number;
  discount_price_cents: number | null;
  min_order_quantity: number;
  max_order_quantity: number | null;
  tax_rate_bp: number;
}

interface PictureRow {
  id: number;
  product_id: number;
  variant_id: number | null;
  position: number;
  is_cover: boolean;
  category: Picture["category"];
  video_url: string | null;
}

/** At most this many autocomplete requests answered by one statement. */
const AUTOCOMPLETE_BATCH = 8;

const toError = (failure: unknown) => (failure instanceof Error ? failure : new Error(String(failure)));

const col = (lang: Lang, fr: string, en: string) => sql.raw(lang === "fr" ? fr : en);

/**
 * Splits a tax-included amount into the API's price shape (all in cents). The kept cards' prices are
 * split alike by the database (`escale_price_json`, migration 0015; a test compares the two).
 */
export function priceOf(taxIncludedCents: number, taxRateBp: number): Price {
  const taxFree = Math.round((taxIncludedCents * 10000) / (10000 + taxRateBp));
  return { taxIncluded: taxIncludedCents, taxFree, taxRate: taxRateBp / 100, taxAmount: taxIncludedCents - taxFree };
}

/** The columns of an offer row that make the API's `Offer`. */
export type OfferColumns = Pick<
  OfferRow,
  | "id"
  | "shop_id"
  | "shop_name"
  | "picking_delay"
  | "stock_quantity"
  | "logistic_class"
  | "regular_price_cents"
  | "discount_price_cents"
  | "min_order_quantity"
  | "max_order_quantity"
  | "tax_rate_bp"
>;

export function toOffer(row: OfferColumns): Offer {
  return {
    id: row.id,
    shop: { id: row.shop_id, name: row.shop_name },
    pickingDelay: row.picking_delay,
    stockQuantity: row.stock_quantity,
    logisticClass: row.logistic_class,
    regularPrice: priceOf(row.regular_price_cents, row.tax_rate_bp),
    discountPrice: row.discount_price_cents === null ? null : priceOf(row.discount_price_cents, row.tax_rate_bp),
    minimalOrderQuantity: row.min_order_quantity,
    maximalOrderQuantity: row.max_order_quantity,
  };
}

/**
 * A picture's title: the product's name, numbered from the second picture on. The kept cards' pictures
 * are made alike by the database (`escale_picture_json`, migration 0015; the listing tests compare them).
 */
function pictureTitle(productName: string, position: number): string {
  return position === 0 ? productName : `${productName} – ${position + 1}`;
}

function toPicture(row: PictureRow, productName: string): Picture {
  return {
    id: row.id,
    title: pictureTitle(productName, row.position),
    isCover: row.is_cover,
    order: row.position,
    category: row.category,
    ...pictureUrls(row.id),
    url: row.video_url,
  };
}

/** HTML paragraphs from the plain text stored for a description. */
export function descriptionHtml(text: string): string {
  const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escape(paragraph)}</p>`)
    .join("");
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

export function createCatalogRepository(db: Database) {
  let categoriesCache: Promise<CategoryRow[]> | undefined;

  function allCategories(): Promise<CategoryRow[]> {
    categoriesCache ??= db
      .rows<CategoryRow>(
        sql`select id, parent_id, level, slug_fr, slug_en, label_fr, label_en, path_fr, path_en, is_event from categories`,
      )
      .catch((error: unknown) => {
        categoriesCache = undefined;
        throw error;
      });
    return categoriesCache;
  }

  function categoryRef(row: CategoryRow, lang: Lang): CategoryRef {
    return { id: row.id, label: lang === "fr" ? row.label_fr : row.label_en, path: lang === "fr" ? row.path_fr : row.path_en };
  }

  async function categoryTree(lang: Lang): Promise<CategoryNode[]> {
    const rows = await allCategories();
    const children = groupBy(rows, (row) => row.parent_id);
    const build = (parentId: number | null): CategoryNode[] =>
      (children.get(parentId) ?? [])
        .map((row) => ({
          id: row.id,
          slug: lang === "fr" ? row.slug_fr : row.slug_en,
          label: lang === "fr" ? row.label_fr : row.label_en,
          path: lang === "fr" ? row.path_fr : row.path_en,
          isEvent: row.is_event,
          children: build(row.id),
        }))
        .sort((a, b) => compareLabels(lang, a.label, b.label));
    return build(null);
  }

  /** A category by its path in either language. */
  async function findCategory(path: string): Promise<CategoryRow | undefined> {
    const normalized = path.replace(/^\/+|\/+$/g, "").toLowerCase();
    const rows = await allCategories();
    return rows.find((row) => row.path_fr === normalized) ?? rows.find((row) => row.path_en === normalized);
  }

  async function breadcrumb(categoryId: number, lang: Lang): Promise<CategoryRef[]> {
    const rows = await allCategories();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const trail: CategoryRef[] = [];
    for (let row = byId.get(categoryId); row; row = row.parent_id === null ? undefined : byId.get(row.parent_id)) {
      trail.unshift(categoryRef(row, lang));
    }
    return trail;
  }

  // ---- product summaries --------------------------------------------------------------------

  /** The cards of these products in one language, as kept (`product_cards`), by product id. */
  function cardStatement(lang: Lang) {
    return db.orm
      .select({ id: productCards.productId, summary: sql<JsonText>`${lang === "fr" ? productCards.summaryFr : productCards.summaryEn}` })
      .from(productCards)
      .where(sql`${productCards.productId} = any(${sql.placeholder("ids")}::int[])`)
      .prepare(`catalog_cards_${lang}`);
  }

  const cardStatements = { fr: cardStatement("fr"), en: cardStatement("en") };

  /** Product cards for these ids, in the given order, as kept texts. */
  async function cardTexts(productIds: number[], lang: Lang): Promise<JsonText[]> {
    if (productIds.length === 0) return [];
    const rows = await cardStatements[lang].execute({ ids: productIds });
    const byId = new Map(rows.map((row) => [row.id, row.summary]));
    return productIds.flatMap((id) => {
      const card = byId.get(id);
      return card === undefined ? [] : [card];
    });
  }

  /** Product cards for these ids, in the given order. */
  async function summaries(productIds: number[], lang: Lang): Promise<ProductSummary[]> {
    return (await cardTexts(productIds, lang)).map((card) => JSON.parse(card) as ProductSummary);
  }

  /** The picture of each variant that has its own (its cover, else its first), by variant id. */
  async function variantPictures(variantIds: number[], lang: Lang): Promise<Map<number, Picture>> {
    if (variantIds.length === 0) return new Map();
    const rows = await db.rows<PictureRow & { product_name: string }>(sql`
      select distinct on (pi.variant_id) pi.id, pi.product_id, pi.variant_id, pi.position, pi.is_cover, pi.category, pi.video_url,
             ${col(lang, "p.name_fr", "p.name_en")} as product_name
      from pictures pi join products p on p.id = pi.product_id
      where pi.variant_id in (${sql.join(variantIds, sql`, `)}) and pi.video_url is null
      order by pi.variant_id, pi.is_cover desc, pi.position`);
    return new Map(
      rows.flatMap((row) => (row.variant_id === null ? [] : [[row.variant_id, toPicture(row, row.product_name)] as const])),
    );
  }

  // ---- listings -----------------------------------------------------------------------------
  // Listings read what the database keeps up to date in the transactions that change stock, prices
  // and the catalogue (migration 0014): `product_listings` (per product: in stock, lowest price,
  // sort keys, search vectors, facet values), `product_cards` (each card as JSON text, migration 0015),
  // `category_listings` (the products in stock of each category and its subtree, with an index per
  // sort), `category_facets` and `category_stats` (counts per category).

  /** The one row a listing statement answers, its columns' bytes (`Database.preparedBytes`). */
  type ListingRow = Record<"cards" | "total" | "facets", Buffer | null>;

  const NO_CARDS = Buffer.alloc(0) as JsonItemsBytes;
  const NO_FACETS = Buffer.from("[]") as JsonBytes;

  /** The cards of a page, comma-separated in their order, from `pages` rows (product_id, ordinal). */
  const cardsOfPage = (pages: SQL, lang: Lang) => sql`(
      select string_agg(${col(lang, "pc.summary_fr", "pc.summary_en")}, ',' order by p.ordinal)
      from ${pages} p join product_cards pc on pc.product_id = p.product_id)`;

  /**
   * The facets (the contract's `Facet[]`) in JSON text, from `counts` rows (value_id, count):
   * filterable attributes in their order, each with its values in theirs; a value is selected when
   * a filter asks for it.
   */
  function facetsJson(counts: SQL, lang: Lang, filters: AttributeFilters): SQL {
    const entries = [...filters.entries()];
    const selected =
      entries.length === 0
        ? sql`false`
        : sql.join(
            entries.map(([code, values]) => sql`(a.code = ${code} and lower(av.value) in (${sql.join(values.map((value) => value.toLowerCase()), sql`, `)}))`),
            sql` or `,
          );
    return sql`(
      select coalesce(json_agg(json_build_object('name', f.code, 'label', f.label, 'filterType', 'CHECKBOX', 'values', f.entries)
                               order by f.position, f.code), '[]')::text
      from (
        select a.code, a.position, ${col(lang, "a.label_fr", "a.label_en")} as label,
               json_agg(json_build_object('value', av.value, 'label', ${col(lang, "av.label_fr", "av.label_en")}, 'colorCode', av.color_code,
                                          'count', c.count, 'selected', ${selected}) order by av.index, av.id) as entries
        from (${counts}) c
        join attribute_values av on av.id = c.value_id
        join attributes a on a.code = av.attribute_code and a.filter_type = 'CHECKBOX'
        group by a.code, a.position, a.label_fr, a.label_en) f)`;
  }

  function listingResult(row: ListingRow | undefined, request: PageRequest): ListingResult {
    const total = Number(row?.total?.toString("latin1") ?? 0);
    return {
      cards: (row?.cards ?? NO_CARDS) as JsonItemsBytes,
      page: { totalElements: total, totalPages: Math.ceil(total / request.size), size: request.size, number: request.page },
      facets: (row?.facets ?? NO_FACETS) as JsonBytes,
    };
  }

  /**
   * A category's products in stock (0: the whole catalogue), unfiltered: the page is a walk along
   * the index of its sort, the total and the facets are the kept counts.
   */
  async function listCategory(categoryId: number, request: PageRequest, lang: Lang): Promise<ListingResult> {
    const sortName = col(lang, "sort_name_fr", "sort_name_en");
    const desc = request.sort.direction === "desc";
    // Each order is one of category_listings' indexes, read forwards (descending keys are stored so).
    const order: Record<SortField, SQL> = {
      price: desc ? sql`price_cents desc nulls last, ${sortName}, product_id` : sql`price_cents, ${sortName}, product_id`,
      name: desc ? sql`${sortName} desc nulls last, product_id` : sql`${sortName}, product_id`,
      // References are unique.
      reference: desc ? sql`reference desc` : sql`reference`,
      relevance: desc ? sql`popularity, product_id` : sql`popularity desc nulls last, product_id`,
    };
    const [row] = await db.preparedBytes<keyof ListingRow>(sql`
      with page as (
        select product_id, row_number() over () as ordinal
        from (select product_id from category_listings where category_id = ${categoryId}
              order by ${order[request.sort.field]} limit ${request.size} offset ${request.page * request.size}) y)
      select ${cardsOfPage(sql`page`, lang)} as cards,
             coalesce((select product_count from category_stats where category_id = ${categoryId}), 0) as total,
             ${facetsJson(sql`select attribute_value_id as value_id, product_count as count from category_facets
                              where category_id = ${categoryId} and product_count > 0`, lang, request.filters)} as facets`);
    return listingResult(row, request);
  }

  /**
   * The products a listing starts from: rows of `product_listings pl` in stock (`from` and `where`),
   * with their search relevance (`rank`; absent outside search).
   */
  interface ListingSource {
    from: SQL;
    where: SQL;
    rank?: SQL;
  }

  /**
   * Products of a set, in stock, filtered and sorted, one page of them, and the facets. A facet
   * of an attribute counts products matching every filter but that attribute's own, so picking
   * "blue" still shows how many are red.
   */
  async function list(source: ListingSource, request: PageRequest, lang: Lang): Promise<ListingResult> {
    const ranked = source.rank !== undefined;
    const filterEntries = [...request.filters.entries()];
    // The values a filter accepts, as ids (an uncorrelated subquery: computed once).
    const accepted = (code: string, values: string[]) => sql`(
        select coalesce(array_agg(av.id), '{}') from attribute_values av
        where av.attribute_code = ${code} and lower(av.value) in (${sql.join(values.map((value) => value.toLowerCase()), sql`, `)}))`;
    const satisfies = (code: string, values: string[]) => sql`pl.value_ids && ${accepted(code, values)}`;
    const misses =
      filterEntries.length === 0
        ? sql`0`
        : sql.join(
            filterEntries.map(([code, values]) => sql`(case when ${satisfies(code, values)} then 0 else 1 end)`),
            sql` + `,
          );
    const missedAttribute =
      filterEntries.length === 0
        ? sql`null::text`
        : sql`(case ${sql.join(
            filterEntries.map(([code, values]) => sql`when not ${satisfies(code, values)} then ${code}`),
            sql` `,
          )} end)`;
    const direction = sql.raw(request.sort.direction === "desc" ? "desc" : "asc");
    const reverse = sql.raw(request.sort.direction === "desc" ? "asc" : "desc");
    const order: Record<SortField, SQL> = {
      price: sql`f.price ${direction}, f.sort_name asc`,
      name: sql`f.sort_name ${direction}`,
      reference: sql`f.reference ${direction}`,
      relevance: ranked ? sql`f.rank ${reverse}, f.popularity desc` : sql`f.popularity ${reverse}`,
    };
    // Unfiltered, every product scored is found: no second copy of them.
    const found = filterEntries.length === 0 ? sql`scored` : sql`found`;
    const [row] = await db.preparedBytes<keyof ListingRow>(sql`
      with scored as (
        -- Only a sort by relevance reads the rank: other sorts do not compute it for every match.
        select pl.product_id as id, ${(request.sort.field === "relevance" ? source.rank : undefined) ?? sql`0::real`} as rank, pl.price_cents as price, pl.popularity, pl.reference,
               ${col(lang, "pl.sort_name_fr", "pl.sort_name_en")} as sort_name, pl.value_ids,
               ${misses} as misses, ${missedAttribute} as missed
        from ${source.from}
        where pl.in_stock and ${source.where}
      ),
      ${filterEntries.length === 0 ? sql`` : sql`found as (select * from scored where misses = 0),`}
      page as (
        select f.id from ${found} f
        order by ${order[request.sort.field]}, f.id
        limit ${request.size} offset ${request.page * request.size}
      ),
      -- Numbered after the limit (a top-N sort above, not a sort of every row found).
      numbered as (select id as product_id, row_number() over () as ordinal from page)
      select ${cardsOfPage(sql`numbered`, lang)} as cards,
             (select count(*)::int from ${found}) as total,
             ${facetsJson(
               // Counted by value first (a few dozen groups), then each group kept when the products it
               // counts match every filter but its attribute's own.
               sql`select v.value_id, sum(v.count)::int as count
                   from (select u.value_id, u.misses, u.missed, count(*) as count
                         from (select unnest(sc.value_ids) as value_id, sc.misses, sc.missed from scored sc where sc.misses <= 1) u
                         group by u.value_id, u.misses, u.missed) v
                   join attribute_values av on av.id = v.value_id
                   where v.misses = 0 or v.missed = av.attribute_code
                   group by v.value_id`,
               lang,
               request.filters,
             )} as facets`);
    return listingResult(row, request);
  }

  /** The whole catalogue's row in the kept listings. */
  const WHOLE_CATALOGUE = 0;

  function listKept(categoryId: number, request: PageRequest, lang: Lang): Promise<ListingResult> {
    if (request.filters.size === 0) return listCategory(categoryId, request, lang);
    return list(
      { from: sql`category_listings cl join product_listings pl on pl.product_id = cl.product_id`, where: sql`cl.category_id = ${categoryId}` },
      request,
      lang,
    );
  }

  async function listByCategory(category: CategoryRow, request: PageRequest, lang: Lang): Promise<ListingResult> {
    return listKept(category.id, request, lang);
  }

  async function listAll(request: PageRequest, lang: Lang): Promise<ListingResult> {
    return listKept(WHOLE_CATALOGUE, request, lang);
  }

  /** Unaccented, lower-cased words of a search term, safe to put in a tsquery. */
  function prefixQuery(term: string): string | undefined {
    const words = termWords(term);
    return words.length === 0 ? undefined : words.map((word) => `${word}:*`).join(" & ");
  }

  /** Products whose words match the term (stemmed, or as the beginnings of name words), by relevance. */
  function searchSource(term: string, lang: Lang): ListingSource {
    const config = lang === "fr" ? "escale_fr" : "escale_en";
    const searchColumn = col(lang, "pl.search_fr", "pl.search_en");
    const prefixColumn = col(lang, "pl.prefix_fr", "pl.prefix_en");
    const prefix = prefixQuery(term);
    // Each query is a scalar subquery, parsed once per statement: written inline, a prepared (generic)
    // plan parsed them again for every match, in the heap scan's filter and in the rank.
    const words = sql`(select websearch_to_tsquery(${config}::regconfig, ${term}))`;
    if (prefix === undefined) {
      // No word to match the beginnings of names with (an empty query ranks 0).
      return { from: sql`product_listings pl`, where: sql`${searchColumn} @@ ${words}`, rank: sql`ts_rank(${searchColumn}, ${words})` };
    }
    const beginnings = sql`(select to_tsquery('escale_simple', ${prefix}))`;
    // Exactly the two indexes' conditions: the matches need no second check.
    return {
      from: sql`product_listings pl`,
      where: sql`(${searchColumn} @@ ${words} or ${prefixColumn} @@ ${beginnings})`,
      rank: sql`ts_rank(${searchColumn}, ${words}) + 0.1 * ts_rank(${prefixColumn}, ${beginnings})`,
    };
  }

  /**
   * A search, unfiltered, from its term's kept matches (migration 0018: the words of the names and every
   * two that follow each other): the page is a walk along the index of its sort, the total and the facets
   * are the kept counts. Undefined when the term is not kept or its query is not the kept one (a sign or a
   * quote in the term changes what it finds).
   */
  async function searchKept(term: string, words: string[], request: PageRequest, lang: Lang): Promise<ListingResult | undefined> {
    if (request.sort.field === "reference") return undefined;
    const config = lang === "fr" ? "escale_fr" : "escale_en";
    const desc = request.sort.direction === "desc";
    // The search's orders (`list`), matches having no null key; the first four are indexes read forwards.
    const order: Record<Exclude<SortField, "reference">, SQL> = {
      relevance: desc ? sql`rank, popularity desc nulls last, product_id` : sql`rank desc nulls last, popularity desc nulls last, product_id`,
      price: desc ? sql`price_cents desc nulls last, sort_name, product_id` : sql`price_cents, sort_name, product_id`,
      name: desc ? sql`sort_name desc, product_id` : sql`sort_name, product_id`,
    };
    const [row] = await db.preparedBytes<keyof ListingRow>(sql`
      with kept as (
        select id, match_count from search_terms
        where lang = ${lang} and term = ${words.join(" ")} and query = websearch_to_tsquery(${config}::regconfig, ${term})),
      page as (
        select product_id, row_number() over () as ordinal
        from (select product_id from search_matches where term_id = (select id from kept)
              order by ${order[request.sort.field]} limit ${request.size} offset ${request.page * request.size}) y)
      select ${cardsOfPage(sql`page`, lang)} as cards,
             (select match_count from kept) as total,
             ${facetsJson(sql`select attribute_value_id as value_id, product_count as count from search_term_facets
                              where term_id = (select id from kept) and product_count > 0`, lang, request.filters)} as facets`);
    return row?.total == null ? undefined : listingResult(row, request);
  }

  async function search(term: string, request: PageRequest, lang: Lang): Promise<ListingResult> {
    const words = termWords(term);
    // Kept terms are one or two words.
    if (words.length > 0 && words.length <= 2 && request.filters.size === 0) {
      const kept = await searchKept(term, words, request, lang);
      if (kept !== undefined) return kept;
    }
    return list(searchSource(term, lang), request, lang);
  }

  /** Unaccented, lower-cased words of a search term (at most 8), as `prefixQuery` takes them. */
  function termWords(term: string): string[] {
    return term
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, 8);
  }

  /**
   * Names of products in stock whose words start with the typed ones, best sellers first; a name
   * several products share counts once, at its best seller. Read from the words of the names
   * (`name_words`, `name_word_products`, migrations 0017 and 0019): the typed word the fewest products in stock
   * start is the one walked; each word it begins gives its best sellers from the end of one index,
   * checked against the other typed words when there are any: first, within the index, against the
   * beginnings (one to three letters) its name's words have (`word_bits`), then the whole query on the listing row.
   * Each word's list gives its first `limit` matches and those tying with the last (popularity), so
   * the best `limit` of all, in (popularity, name) order, are among them; names are read for those only.
   *
   * One statement answers several requests at once (one row of the arrays each, `request` its place):
   * under load, keystrokes arriving together cost PostgreSQL and the server one round trip between them.
   */
  function autocompleteStatement(lang: Lang): SQL {
    const words = sql.placeholder("words");
    const prefixes = sql.placeholder("prefixes");
    const limits = sql.placeholder("limits");
    const name = col(lang, "pl.name_fr", "pl.name_en");
    const prefixColumn = col(lang, "pl.prefix_fr", "pl.prefix_en");
    return sql`
      select r.request::int as request, a.name
      from unnest(${words}::text[], ${prefixes}::text[], ${limits}::int[]) with ordinality r(words, prefix, lim, request)
      cross join lateral (
        with typed as (
          -- A typed word gives one lexeme (the words are runs of letters and digits); one that gives none is
          -- left out, as to_tsquery leaves it out; one that would give several is checked whole, below.
          select t.lexemes[1] as lexeme, cardinality(t.lexemes) as lexeme_count
          from string_to_table(r.words, ' ') w(word)
          cross join lateral (select tsvector_to_array(to_tsvector('escale_simple', w.word)) as lexemes) t
          where cardinality(t.lexemes) > 0
        ), query as (
          select to_tsquery('escale_simple', r.prefix) as q,
                 (select count(*) = 1 and bool_and(lexeme_count = 1) from typed) as one_word,
                 (select coalesce(bit_or(escale_prefix_bits(lexeme)), B'0'::bit(128)) from typed) as bits
        ), driver as (
          -- The words a lexeme begins: from it to it followed by the highest code point ("C" order).
          select t.lexeme from typed t
          order by (select coalesce(sum(c.product_count), 0) from name_words c
                    where c.lang = ${lang} and c.word >= t.lexeme and c.word < t.lexeme || chr(1114111)), t.lexeme
          limit 1
        ), found as (
          select distinct h.product_id, h.popularity
          from driver d
          -- ^@ (starts with) repeats the range for the planner, which otherwise guesses that a range holds a
          -- tenth of all words and costs the statement high enough to compile it (JIT, 0.6 s a statement).
          join name_words c on c.lang = ${lang} and c.word >= d.lexeme and c.word < d.lexeme || chr(1114111)
                           and c.word ^@ d.lexeme and c.product_count > 0
          cross join lateral (
            select n.product_id, n.popularity from name_word_products n
            where n.lang = ${lang} and n.word = c.word
              and n.word_bits & (select bits from query) = (select bits from query)
              and ((select one_word from query)
                   or exists (select 1 from product_listings pl
                              where pl.product_id = n.product_id and ${prefixColumn} @@ (select q from query)))
            order by n.popularity desc
            fetch first (r.lim) rows with ties) h
        ), cut as (
          select popularity from found order by popularity desc offset r.lim - 1 limit 1
        )
        select ${name} as name, f.popularity
        from found f join product_listings pl on pl.product_id = f.product_id
        where (select popularity from cut) is null or f.popularity >= (select popularity from cut)
        order by f.popularity desc, ${name}
        limit r.lim) a
      order by r.request, a.popularity desc, a.name`;
  }

  interface AutocompleteRequest {
    /** Unaccented, lower-cased typed words, space-separated. */
    words: string;
    /** Their beginnings as a text search query (`prefixQuery`). */
    prefix: string;
    limit: number;
  }

  /**
   * The keystrokes' requests gathered until the event loop has read every request that has arrived
   * (`setImmediate`), then answered by one statement per language. The statement is made once: a
   * request only fills the values in. Nothing is kept between batches.
   */
  function autocompleteLoader(lang: Lang): DataLoader<AutocompleteRequest, string[]> {
    const statement = db.prepare<{ request: number; name: string }>(autocompleteStatement(lang));
    const run = async (requests: readonly AutocompleteRequest[]): Promise<string[][]> => {
      const rows = await statement.run({
        words: requests.map((request) => request.words),
        prefixes: requests.map((request) => request.prefix),
        limits: requests.map((request) => request.limit),
      });
      const names = requests.map((): string[] => []);
      for (const row of rows) names[row.request - 1]!.push(row.name);
      return names;
    };
    return new DataLoader<AutocompleteRequest, string[]>(
      async (requests) => {
        try {
          return await run(requests);
        } catch (error) {
          // One request's failure must not fail the others gathered with it: each is tried alone.
          if (requests.length === 1) throw error;
          return Promise.all(requests.map((request) => run([request]).then(([names]) => names!, (failure: unknown) => toError(failure))));
        }
      },
      { cache: false, maxBatchSize: AUTOCOMPLETE_BATCH, batchScheduleFn: (callback) => setImmediate(callback) },
    );
  }

  const autocompleteLoaders = { fr: autocompleteLoader("fr"), en: autocompleteLoader("en") };

  async function autocomplete(term: string, size: number, lang: Lang): Promise<string[]> {
    const words = termWords(term);
    const prefix = prefixQuery(term);
    if (words.length === 0 || !prefix) return [];
    for (let limit = size * 2; ; limit *= 4) {
      const rows = await autocompleteLoaders[lang].load({ words: words.join(" "), prefix, limit });
      const names = [...new Set(rows)];
      // Fewer rows than the limit: every match is here; else more rows only matter when names repeat.
      if (names.length >= size || rows.length < limit) return names.slice(0, size);
    }
  }

  // ---- product page -------------------------------------------------------------------------

  async function productIdsByReferences(references: string[]): Promise<number[]> {
    if (references.length === 0) return [];
    const rows = await db.rows<{ id: number; reference: string }>(
      sql`select id, reference from products where reference in (${sql.join(references, sql`, `)})`,
    );
    const byReference = new Map(rows.map((row) => [row.reference, row.id]));
    return references.flatMap((reference) => {
      const id = byReference.get(reference);
      return id === undefined ? [] : [id];
    });
  }

  /** A product by either slug (a slug that is one product's French slug and another's English one means the French), with its kept page. */
  function productPageStatement(lang: Lang) {
    const slug = sql.placeholder("slug");
    return db.orm
      .select({
        categoryId: products.categoryId,
        description: lang === "fr" ? products.descriptionFr : products.descriptionEn,
        page: sql<JsonText>`${lang === "fr" ? productPages.pageFr : productPages.pageEn}`,
      })
      .from(products)
      .innerJoin(productPages, eq(productPages.productId, products.id))
      .where(or(eq(products.slugFr, slug), eq(products.slugEn, slug)))
      .orderBy(sql`(${products.slugFr} = ${slug}) desc`)
      .limit(1)
      .prepare(`catalog_product_page_${lang}`);
  }

  const productPageStatements = { fr: productPageStatement("fr"), en: productPageStatement("en") };

  /**
   * The product page of a slug in either language as the API sends it (`Product` in JSON text), undefined
   * when no product has it: the page the database keeps (migration 0016), with the description's
   * paragraphs, the category and the breadcrumb added.
   */
  async function productPage(slug: string, lang: Lang): Promise<JsonText | undefined> {
    const [row] = await productPageStatements[lang].execute({ slug });
    if (!row) return undefined;
    const trail = await breadcrumb(row.categoryId, lang);
    const category = trail.at(-1) ?? { id: row.categoryId, label: "", path: "" };
    const added = `"description":${JSON.stringify(descriptionHtml(row.description))},"category":${JSON.stringify(category)},"breadcrumb":${JSON.stringify(trail)}`;
    return `{${added},${row.page.slice(1)}` as JsonText;
  }

  return {
    categoryTree,
    findCategory,
    categoryRef,
    listByCategory,
    listAll,
    search,
    autocomplete,
    productIdsByReferences,
    productPage,
    summaries,
    cardTexts,
    variantPictures,
    /** Forgets cached categories after the tree changed. */
    invalidate() {
      categoriesCache = undefined;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
