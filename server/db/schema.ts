// Drizzle schema of the storefront database. Migrations in ./migrations are generated from it
// (`npm run db:generate`); full-text search columns and functions live in a custom migration.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  bit,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const tsquery = customType<{ data: string }>({ dataType: () => "tsquery" });

/** Category tree: three levels, labels and slugs in French and English. */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, {
      onDelete: "cascade",
    }),
    level: integer("level").notNull(),
    slugFr: text("slug_fr").notNull(),
    slugEn: text("slug_en").notNull(),
    labelFr: text("label_fr").notNull(),
    labelEn: text("label_en").notNull(),
    /** Full slug path from the root, e.g. `voyage/bagages/valises-cabine`. */
    pathFr: text("path_fr").notNull(),
    pathEn: text("path_en").notNull(),
    isEvent: boolean("is_event").notNull().default(false),
  },
  (t) => [
    uniqueIndex("categories_path_fr_key").on(t.pathFr),
    uniqueIndex("categories_path_en_key").on(t.pathEn),
    index("categories_parent_idx").on(t.parentId),
    check("categories_level_check", sql`${t.level} between 1 and 3`),
  ],
);

/** Attributes used to describe and configure products (colour, size, material…). */
export const attributes = pgTable("attributes", {
  code: text("code").primaryKey(),
  labelFr: text("label_fr").notNull(),
  labelEn: text("label_en").notNull(),
  /** How the SPA shows a value: TEXT, COLOR (swatch) or SIZE (button). */
  displayType: text("display_type").notNull(),
  /** How listings filter on it: CHECKBOX, or NONE when it is not a facet. */
  filterType: text("filter_type").notNull(),
  position: integer("position").notNull().default(0),
});

export const attributeValues = pgTable(
  "attribute_values",
  {
    id: serial("id").primaryKey(),
    attributeCode: text("attribute_code")
      .notNull()
      .references(() => attributes.code, { onDelete: "cascade" }),
    value: text("value").notNull(),
    labelFr: text("label_fr").notNull(),
    labelEn: text("label_en").notNull(),
    /** Display order within the attribute. */
    index: integer("index").notNull(),
    /** Swatch colour (#rrggbb) for COLOR attributes. */
    colorCode: text("color_code"),
  },
  (t) => [uniqueIndex("attribute_values_code_value_key").on(t.attributeCode, t.value)],
);

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull(),
    slugFr: text("slug_fr").notNull(),
    slugEn: text("slug_en").notNull(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    descriptionFr: text("description_fr").notNull(),
    descriptionEn: text("description_en").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    supplierReference: text("supplier_reference").notNull(),
    /** Logistic transport weight in grams (SPEC: shipment weight is in grams). */
    transportWeightGrams: integer("transport_weight_grams").notNull(),
    /** VAT rate in basis points: 2000 = 20 %. */
    taxRateBp: integer("tax_rate_bp").notNull(),
    madeInFrance: boolean("made_in_france").notNull().default(false),
    madeInEurope: boolean("made_in_europe").notNull().default(false),
    upCycling: boolean("up_cycling").notNull().default(false),
    limitedEdition: boolean("limited_edition").notNull().default(false),
    /** Attribute codes a shopper picks to choose a variant; empty for a simple product. */
    configurableAttributes: text("configurable_attributes").array().notNull().default(sql`'{}'::text[]`),
    /** Sales rank used by the `relevance` sort outside search (higher sells more). */
    popularity: integer("popularity").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    searchFr: tsvector("search_fr").generatedAlwaysAs(
      sql`setweight(to_tsvector('escale_fr', coalesce(name_fr, '')), 'A') || setweight(to_tsvector('escale_fr', coalesce(reference, '')), 'A') || setweight(to_tsvector('escale_fr', coalesce(description_fr, '')), 'C')`,
    ),
    searchEn: tsvector("search_en").generatedAlwaysAs(
      sql`setweight(to_tsvector('escale_en', coalesce(name_en, '')), 'A') || setweight(to_tsvector('escale_en', coalesce(reference, '')), 'A') || setweight(to_tsvector('escale_en', coalesce(description_en, '')), 'C')`,
    ),
    /** Lower-cased, unaccented names: the `name` sort ("Écharpe" sorts with the e's). */
    sortNameFr: text("sort_name_fr").generatedAlwaysAs(sql`lower(escale_unaccent(name_fr))`),
    sortNameEn: text("sort_name_en").generatedAlwaysAs(sql`lower(escale_unaccent(name_en))`),
    /** Unstemmed, unaccented words of the names, for prefix (autocomplete) matching. */
    prefixFr: tsvector("prefix_fr").generatedAlwaysAs(sql`to_tsvector('escale_simple', coalesce(name_fr, ''))`),
    prefixEn: tsvector("prefix_en").generatedAlwaysAs(sql`to_tsvector('escale_simple', coalesce(name_en, ''))`),
  },
  (t) => [
    uniqueIndex("products_reference_key").on(t.reference),
    uniqueIndex("products_slug_fr_key").on(t.slugFr),
    uniqueIndex("products_slug_en_key").on(t.slugEn),
    index("products_category_idx").on(t.categoryId),
    index("products_sort_name_fr_idx").on(t.sortNameFr, t.id),
    index("products_sort_name_en_idx").on(t.sortNameEn, t.id),
    index("products_popularity_idx").on(t.popularity, t.id),
    // Searches read the copies of these vectors in product_listings (migration 0014), indexed there.
    check("products_tax_rate_check", sql`${t.taxRateBp} between 0 and 10000`),
    check("products_weight_check", sql`${t.transportWeightGrams} >= 0`),
  ],
);

/** A product also listed in other categories than its main one (e.g. limited editions). */
export const productCategories = pgTable(
  "product_categories",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index("product_categories_category_idx").on(t.categoryId)],
);

/** Descriptive attribute values of a product as a whole (material of a mug…). */
export const productAttributeValues = pgTable(
  "product_attribute_values",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    attributeValueId: integer("attribute_value_id")
      .notNull()
      .references(() => attributeValues.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.attributeValueId] })],
);

/** The sellable unit: a simple product has one variant, a configurable one several. */
export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    reference: text("reference").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("variants_reference_key").on(t.reference), index("variants_product_idx").on(t.productId)],
);

export const variantAttributeValues = pgTable(
  "variant_attribute_values",
  {
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    attributeValueId: integer("attribute_value_id")
      .notNull()
      .references(() => attributeValues.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.attributeValueId] }),
    index("variant_attribute_values_value_idx").on(t.attributeValueId),
  ],
);

export const pictures = pgTable(
  "pictures",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** A picture of one colour variant, or of the product as a whole when null. */
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    isCover: boolean("is_cover").notNull().default(false),
    /** What the picture shows: PRODUCT, DETAIL, AMBIANCE. */
    category: text("category").notNull().default("PRODUCT"),
    /** How the generated picture is drawn: an icon of the icon set, colours and a layout. */
    icon: text("icon").notNull(),
    background: text("background").notNull(),
    foreground: text("foreground").notNull(),
    layout: text("layout").notNull().default("centered"),
    /** An mp4 shown instead of the picture in the gallery, when set. */
    videoUrl: text("video_url"),
  },
  (t) => [index("pictures_product_idx").on(t.productId, t.position)],
);

export const shops = pgTable("shops", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
});

export const offers = pgTable(
  "offers",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id),
    /** Days needed to prepare the parcel. */
    pickingDelay: integer("picking_delay").notNull().default(1),
    stockQuantity: integer("stock_quantity").notNull(),
    logisticClass: text("logistic_class").notNull(),
    /** Tax-included prices in euro cents. */
    regularPriceCents: integer("regular_price_cents").notNull(),
    discountPriceCents: integer("discount_price_cents"),
    minOrderQuantity: integer("min_order_quantity").notNull().default(1),
    maxOrderQuantity: integer("max_order_quantity"),
  },
  (t) => [
    uniqueIndex("offers_variant_shop_key").on(t.variantId, t.shopId),
    check("offers_stock_check", sql`${t.stockQuantity} >= 0`),
    check("offers_price_check", sql`${t.regularPriceCents} > 0`),
    check(
      "offers_discount_check",
      sql`${t.discountPriceCents} is null or (${t.discountPriceCents} > 0 and ${t.discountPriceCents} < ${t.regularPriceCents})`,
    ),
    check(
      "offers_quantity_bounds_check",
      sql`${t.minOrderQuantity} >= 1 and (${t.maxOrderQuantity} is null or ${t.maxOrderQuantity} >= ${t.minOrderQuantity})`,
    ),
  ],
);

// ---- listings, kept by the database (migration 0014) -------------------------------------------
// What every listing, search and autocomplete would otherwise recompute from products, variants,
// offers and attribute values. Triggers on those tables queue the products a statement touched;
// at commit the queue is read and these rows brought up to date, in the same transaction as the
// write (`refresh_product_listings`). Nothing else writes them.

/**
 * One row per product (what searches and autocomplete read, without the products' descriptions):
 * whether it is in stock, its lowest in-stock price, sort keys, search vectors and facet values.
 */
export const productListings = pgTable(
  "product_listings",
  {
    productId: integer("product_id").primaryKey(),
    inStock: boolean("in_stock").notNull(),
    /** Lowest tax-included price (discount first) among offers in stock; null when none is. */
    priceCents: integer("price_cents"),
    popularity: integer("popularity").notNull(),
    reference: text("reference").notNull(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    sortNameFr: text("sort_name_fr").notNull(),
    sortNameEn: text("sort_name_en").notNull(),
    prefixFr: tsvector("prefix_fr").notNull(),
    prefixEn: tsvector("prefix_en").notNull(),
    searchFr: tsvector("search_fr").notNull(),
    searchEn: tsvector("search_en").notNull(),
    /** Attribute values of the product and of its variants in stock, sorted, each once. */
    valueIds: integer("value_ids").array().notNull(),
    /** Categories it is listed in: its own and its extra ones with their ancestors, and 0 (the whole catalogue). */
    categoryIds: integer("category_ids").array().notNull(),
  },
  (t) => [
    index("product_listings_prefix_fr_idx").using("gin", t.prefixFr).where(sql`${t.inStock}`),
    index("product_listings_prefix_en_idx").using("gin", t.prefixEn).where(sql`${t.inStock}`),
    index("product_listings_search_fr_idx").using("gin", t.searchFr).where(sql`${t.inStock}`),
    index("product_listings_search_en_idx").using("gin", t.searchEn).where(sql`${t.inStock}`),
    check("product_listings_price_check", sql`${t.inStock} = (${t.priceCents} is not null)`),
  ],
);

/**
 * Each product's card as the API sends it (`ProductSummary`), in JSON text per language, made by the
 * database (migration 0015): listings send these texts as they are. `offer_id` is the offer the card
 * shows (stock included), which the product page shows too.
 */
export const productCards = pgTable("product_cards", {
  productId: integer("product_id").primaryKey(),
  offerId: integer("offer_id"),
  summaryFr: text("summary_fr").notNull(),
  summaryEn: text("summary_en").notNull(),
});

/**
 * Each product's page as the API sends it (`Product`), in JSON text per language, made by the database
 * (migration 0016) without the fields the server adds: the description's paragraphs, the category and
 * the breadcrumb. Kept with the cards, by the same commit-time refresh.
 */
export const productPages = pgTable("product_pages", {
  productId: integer("product_id").primaryKey(),
  pageFr: text("page_fr").notNull(),
  pageEn: text("page_en").notNull(),
});

/** Products in stock per category they are listed in (0: the whole catalogue), with every sort's key. */
export const categoryListings = pgTable(
  "category_listings",
  {
    categoryId: integer("category_id").notNull(),
    productId: integer("product_id").notNull(),
    priceCents: integer("price_cents").notNull(),
    popularity: integer("popularity").notNull(),
    reference: text("reference").notNull(),
    sortNameFr: text("sort_name_fr").notNull(),
    sortNameEn: text("sort_name_en").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.productId] }),
    // One index per sort a shopper can pick, in the listing's exact order, so a page is a walk.
    index("category_listings_name_fr_idx").on(t.categoryId, t.sortNameFr, t.productId),
    index("category_listings_name_fr_desc_idx").on(t.categoryId, t.sortNameFr.desc(), t.productId),
    index("category_listings_name_en_idx").on(t.categoryId, t.sortNameEn, t.productId),
    index("category_listings_name_en_desc_idx").on(t.categoryId, t.sortNameEn.desc(), t.productId),
    index("category_listings_price_fr_idx").on(t.categoryId, t.priceCents, t.sortNameFr, t.productId),
    index("category_listings_price_fr_desc_idx").on(t.categoryId, t.priceCents.desc(), t.sortNameFr, t.productId),
    index("category_listings_price_en_idx").on(t.categoryId, t.priceCents, t.sortNameEn, t.productId),
    index("category_listings_price_en_desc_idx").on(t.categoryId, t.priceCents.desc(), t.sortNameEn, t.productId),
    index("category_listings_reference_idx").on(t.categoryId, t.reference),
    index("category_listings_popularity_idx").on(t.categoryId, t.popularity.desc(), t.productId),
    index("category_listings_popularity_asc_idx").on(t.categoryId, t.popularity, t.productId),
    index("category_listings_product_idx").on(t.productId),
  ],
);

/** Per category (0: the whole catalogue) and attribute value, how many products in stock have it. */
export const categoryFacets = pgTable(
  "category_facets",
  {
    categoryId: integer("category_id").notNull(),
    attributeValueId: integer("attribute_value_id").notNull(),
    productCount: integer("product_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.attributeValueId] })],
);

/** Per category (0: the whole catalogue), how many products in stock it lists. */
export const categoryStats = pgTable("category_stats", {
  categoryId: integer("category_id").primaryKey(),
  productCount: integer("product_count").notNull(),
});

/**
 * The words of product names in each language (the lexemes of `prefix_fr|en`), with how many products in
 * stock have each (migration 0017): autocomplete finds the words a typed beginning starts and picks the
 * rarest typed word to walk. `word` is compared in the "C" collation (set in the migration), so that the
 * words beginning with a prefix are one range of the primary key.
 */
export const nameWords = pgTable(
  "name_words",
  {
    lang: text("lang").notNull(),
    word: text("word").notNull(),
    productCount: integer("product_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.word] }), check("name_words_lang_check", sql`${t.lang} in ('fr', 'en')`)],
);

/**
 * Each word of each product in stock, with the product's popularity (migration 0017): a word's products,
 * best sellers first, are one backward walk of the primary key. Kept by the commit-time refresh of
 * `product_listings`, in the same transaction as the writes.
 */
export const nameWordProducts = pgTable(
  "name_word_products",
  {
    lang: text("lang").notNull(),
    word: text("word").notNull(),
    popularity: integer("popularity").notNull(),
    productId: integer("product_id").notNull(),
    /**
     * The first letter, first two letters (twice, hashed two ways) and first three letters of every word
     * of the product's name in this language, one bit each (`escale_word_bits`, migration 0019): a walk
     * skips, within the index, the products that cannot have the other typed beginnings. Included in
     * the primary key's index (the migration: Drizzle has no INCLUDE).
     */
    wordBits: bit("word_bits", { dimensions: 128 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.word, t.popularity, t.productId] })],
);

/**
 * The searches whose matches are kept (migration 0018): every word of the names of products in stock, and
 * every two words that follow each other in one, as a shopper's term splits into words (unaccented, lower
 * case, letters and digits), joined by a space; with the two queries a search for it runs (`query`: its
 * stemmed words; `beginning`: the beginnings of name words) and how many products in stock match. A search
 * is read from here only when its own query equals `query`. Terms are added as names bring them and left
 * until the next rebuild: their matches stay exact.
 */
export const searchTerms = pgTable(
  "search_terms",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    lang: text("lang").notNull(),
    term: text("term").notNull(),
    query: tsquery("query").notNull(),
    beginning: tsquery("beginning").notNull(),
    matchCount: integer("match_count").notNull(),
  },
  (t) => [uniqueIndex("search_terms_lang_term_idx").on(t.lang, t.term), check("search_terms_lang_check", sql`${t.lang} in ('fr', 'en')`)],
);

/**
 * The products in stock each kept term's search finds, with their relevance and sort keys in the term's
 * language (migration 0018): a page of such a search is a walk along the index of its sort, like a
 * category's. Kept by the commit-time refresh of `product_listings`, in the same transaction.
 */
export const searchMatches = pgTable(
  "search_matches",
  {
    termId: integer("term_id").notNull(),
    productId: integer("product_id").notNull(),
    /** The search's relevance, the very expression the search computes (`ts_rank` sums, in double precision). */
    rank: doublePrecision("rank").notNull(),
    priceCents: integer("price_cents").notNull(),
    popularity: integer("popularity").notNull(),
    sortName: text("sort_name").notNull(),
  },
  (t) => [
    // The sorts shoppers use, in the search's exact orders; the others are read with a sort of the matches.
    index("search_matches_relevance_idx").on(t.termId, t.rank.desc(), t.popularity.desc(), t.productId),
    index("search_matches_price_idx").on(t.termId, t.priceCents, t.sortName, t.productId),
    index("search_matches_price_desc_idx").on(t.termId, t.priceCents.desc(), t.sortName, t.productId),
    index("search_matches_name_idx").on(t.termId, t.sortName, t.productId),
    index("search_matches_product_idx").on(t.productId),
  ],
);

/** Per kept term and attribute value, how many of the term's matches have it (migration 0018). */
export const searchTermFacets = pgTable(
  "search_term_facets",
  {
    termId: integer("term_id").notNull(),
    attributeValueId: integer("attribute_value_id").notNull(),
    productCount: integer("product_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.termId, t.attributeValueId] })],
);

/** Products a transaction's writes touched, read (and emptied) by the same transaction at commit. */
export const productListingChanges = pgTable("product_listing_changes", {
  productId: integer("product_id").notNull(),
});

/**
 * Destination zones of the shipping rules: the zone a delivery address falls in decides which
 * methods can deliver it and at what price (metropolitan France, the French overseas
 * territories, the European Union, the rest of the world in the demo).
 */
export const shippingZones = pgTable("shipping_zones", {
  code: text("code").primaryKey(),
  labelFr: text("label_fr").notNull(),
  labelEn: text("label_en").notNull(),
  position: integer("position").notNull().default(0),
});

/**
 * The addresses a zone holds: a country, narrowed to the postcodes starting with a prefix when
 * one is given; `*` stands for every country no other area names. An address falls in the zone
 * of its most specific area (its country before `*`, a longer prefix before a shorter one).
 */
export const shippingZoneAreas = pgTable(
  "shipping_zone_areas",
  {
    id: serial("id").primaryKey(),
    zoneCode: text("zone_code")
      .notNull()
      .references(() => shippingZones.code, { onDelete: "cascade", onUpdate: "cascade" }),
    /** ISO 3166-1 alpha-2 code, or `*`. */
    country: text("country").notNull(),
    postCodePrefix: text("post_code_prefix").notNull().default(""),
  },
  (t) => [
    uniqueIndex("shipping_zone_areas_country_prefix_key").on(t.country, t.postCodePrefix),
    check("shipping_zone_areas_country_check", sql`${t.country} ~ '^([A-Z]{2}|[*])$'`),
    check("shipping_zone_areas_prefix_check", sql`${t.postCodePrefix} ~ '^[0-9A-Z]*$' and (${t.country} <> '*' or ${t.postCodePrefix} = '')`),
  ],
);

/**
 * Carrier services the shop can ship with (SPEC §3 carrier codes). Where and at what price each
 * one delivers is in `shipment_method_zones` and `shipment_rates`: a method with no zone the
 * address falls in, or no weight band the parcel fits, is not offered.
 */
export const shipmentMethods = pgTable(
  "shipment_methods",
  {
    id: serial("id").primaryKey(),
    carrier: text("carrier").notNull(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    /**
     * HOME: to the delivery address; RELAY: only to a relay point (the cart's address names one);
     * STORE: collected at `pickup_address`, whatever the delivery address.
     */
    deliveryMode: text("delivery_mode").notNull().default("HOME"),
    /** A business service: only for a delivery address with a company. */
    requiresCompany: boolean("requires_company").notNull().default(false),
    /** Where a STORE method's parcels are collected, as the contract's Address (names left empty). */
    pickupAddress: jsonb("pickup_address"),
    /** VAT of the shipping price, in basis points. */
    taxRateBp: integer("tax_rate_bp").notNull().default(2000),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [
    uniqueIndex("shipment_methods_carrier_key").on(t.carrier),
    check("shipment_methods_delivery_mode_check", sql`${t.deliveryMode} in ('HOME', 'RELAY', 'STORE')`),
    check("shipment_methods_pickup_address_check", sql`(${t.deliveryMode} = 'STORE') = (${t.pickupAddress} is not null)`),
    check("shipment_methods_tax_rate_check", sql`${t.taxRateBp} between 0 and 10000`),
  ],
);

/** The zones a method delivers to, with its delivery time there. */
export const shipmentMethodZones = pgTable(
  "shipment_method_zones",
  {
    methodId: integer("method_id")
      .notNull()
      .references(() => shipmentMethods.id, { onDelete: "cascade" }),
    zoneCode: text("zone_code")
      .notNull()
      .references(() => shippingZones.code, { onDelete: "cascade", onUpdate: "cascade" }),
    deliveryTime: integer("delivery_time").notNull(),
    /** DAY or HOUR. */
    deliveryTimeUnit: text("delivery_time_unit").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.methodId, t.zoneCode] }),
    index("shipment_method_zones_zone_idx").on(t.zoneCode),
    check("shipment_method_zones_delivery_time_check", sql`${t.deliveryTime} > 0`),
    check("shipment_method_zones_unit_check", sql`${t.deliveryTimeUnit} in ('DAY', 'HOUR')`),
  ],
);

/**
 * Weight bands of a method in a zone: a parcel weighing from `min_weight_grams` to
 * `max_weight_grams` (both included) costs `price_cents`, tax included. A parcel heavier than
 * every band of the zone is not offered the method.
 */
export const shipmentRates = pgTable(
  "shipment_rates",
  {
    id: serial("id").primaryKey(),
    methodId: integer("method_id").notNull(),
    zoneCode: text("zone_code").notNull(),
    minWeightGrams: integer("min_weight_grams").notNull().default(0),
    maxWeightGrams: integer("max_weight_grams").notNull(),
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [
    foreignKey({
      name: "shipment_rates_method_zone_fk",
      columns: [t.methodId, t.zoneCode],
      foreignColumns: [shipmentMethodZones.methodId, shipmentMethodZones.zoneCode],
    })
      .onDelete("cascade")
      .onUpdate("cascade"),
    uniqueIndex("shipment_rates_band_key").on(t.methodId, t.zoneCode, t.minWeightGrams),
    check("shipment_rates_weight_check", sql`${t.minWeightGrams} >= 0 and ${t.maxWeightGrams} >= ${t.minWeightGrams}`),
    check("shipment_rates_price_check", sql`${t.priceCents} >= 0`),
  ],
);

/**
 * Marketing documents, one row per key and language: `homepage`, `faq`, `delivery`,
 * `exchange-return`, `terms-of-use`, `legal-mentions`, `home-slider`, `landing:<category path>`.
 * The body is the JSON document the contract describes for that key.
 */
export const marketingContent = pgTable(
  "marketing_content",
  {
    key: text("key").notNull(),
    locale: text("locale").notNull(),
    body: jsonb("body").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.locale] }), check("marketing_content_locale_check", sql`${t.locale} in ('fr_FR', 'en_US')`)],
);

/**
 * Back-in-stock alerts: one e-mail (stored lower-case) waiting for one offer. An alert is sent
 * once, then kept with `notified_at` set; the same address may then ask again.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    /** Language of the e-mail to send: fr_FR or en_US. */
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("stock_alerts_pending_key").on(sql`lower(${t.email})`, t.offerId).where(sql`${t.notifiedAt} is null`),
    index("stock_alerts_pending_offer_idx").on(t.offerId).where(sql`${t.notifiedAt} is null`),
    check("stock_alerts_email_check", sql`${t.email} = lower(${t.email})`),
    check("stock_alerts_locale_check", sql`${t.locale} in ('fr_FR', 'en_US')`),
  ],
);

/** Messages sent through the contact form, kept as received. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** One of the contract's subjects: order, product, delivery, return, account, other. */
    subject: text("subject").notNull(),
    orderReference: text("order_reference"),
    message: text("message").notNull(),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("contact_messages_locale_check", sql`${t.locale} in ('fr_FR', 'en_US')`)],
);

/** Footer newsletter sign-ups; an address subscribes once, whatever its case. */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("newsletter_subscriptions_email_key").on(sql`lower(${t.email})`),
    check("newsletter_subscriptions_locale_check", sql`${t.locale} in ('fr_FR', 'en_US')`),
  ],
);

/**
 * E-mails the shop sends, written in the transaction of the change that causes them. With no
 * mail server configured this is the whole delivery: demo mode shows it at /dev/mailbox.
 */
export const outbox = pgTable("outbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** When the mail transport accepted the message (the embedded mailbox: when the delivery job ran). */
  deliveredAt: timestamp("delivered_at", { withTimezone: true }),
});

/**
 * The job queue: work done after the request that asked for it (mail delivery) or on a schedule
 * (recurring jobs, one row each, keyed by `singleton_key`). Workers of every server instance claim
 * due rows with `FOR UPDATE SKIP LOCKED`; a claim holds until `locked_until`, after which a job
 * whose worker stopped is claimed again. A failed job is retried later (exponential backoff) and
 * becomes `dead` after `max_attempts`.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    queue: text("queue").notNull(),
    payload: jsonb("payload").notNull().default({}),
    state: text("state", { enum: ["pending", "running", "dead"] }).notNull().default("pending"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    lastError: text("last_error"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Names a job that exists once at most while pending or running (a recurring job). */
    singletonKey: text("singleton_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("jobs_state_check", sql`${t.state} in ('pending', 'running', 'dead')`),
    check("jobs_attempts_check", sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
    index("jobs_due_idx").on(t.runAt).where(sql`${t.state} <> 'dead'`),
    uniqueIndex("jobs_singleton_idx").on(t.singletonKey).where(sql`${t.singletonKey} is not null and ${t.state} <> 'dead'`),
  ],
);

/**
 * Coupons a shopper types in the cart. A coupon takes a percentage or a fixed amount off the
 * lines, or adds a gift line; it may need a minimum basket and is valid between two dates.
 * Codes are stored upper-case and matched whatever the case typed.
 */
export const coupons = pgTable(
  "coupons",
  {
    code: text("code").primaryKey(),
    /** PERCENT (percentOff), AMOUNT (amountOffCents) or GIFT (giftOfferId). */
    kind: text("kind").notNull(),
    /** Percentage taken off the lines, in basis points: 1000 = 10 %. */
    percentOffBp: integer("percent_off_bp"),
    /** Tax-included euro cents taken off the lines. */
    amountOffCents: integer("amount_off_cents"),
    /** The offer added as a free gift line. */
    giftOfferId: integer("gift_offer_id").references(() => offers.id, { onDelete: "cascade" }),
    /** Tax-included total of the paid lines the coupon needs, in euro cents. */
    minimumBasketCents: integer("minimum_basket_cents").notNull().default(0),
    descriptionFr: text("description_fr").notNull(),
    descriptionEn: text("description_en").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull().defaultNow(),
    /** Null: no end date. */
    validUntil: timestamp("valid_until", { withTimezone: true }),
  },
  (t) => [
    check("coupons_code_check", sql`${t.code} = upper(${t.code})`),
    check(
      "coupons_kind_check",
      sql`(${t.kind} = 'PERCENT' and ${t.percentOffBp} between 1 and 10000)
        or (${t.kind} = 'AMOUNT' and ${t.amountOffCents} > 0)
        or (${t.kind} = 'GIFT' and ${t.giftOfferId} is not null)`,
    ),
    check("coupons_minimum_check", sql`${t.minimumBasketCents} >= 0`),
  ],
);

/**
 * Shopping carts. An anonymous cart (no customer) is addressed by its id and purged after a day
 * unused; a customer has at most one cart. `locked_at` is set while a payment is in progress.
 */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    /** The customer's id (accounts module); null for an anonymous cart. */
    customerId: uuid("customer_id"),
    couponCode: text("coupon_code").references(() => coupons.code, { onDelete: "set null", onUpdate: "cascade" }),
    /** Name of the customer's address chosen for billing (checkout). */
    billingAddressName: text("billing_address_name"),
    /** The delivery address copied into the cart (checkout), as the contract's Address. */
    shippingAddress: jsonb("shipping_address"),
    /** The Colissimo relay point the parcel goes to, when the delivery address is one's. */
    relayPointId: text("relay_point_id"),
    customCardMessage: text("custom_card_message"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last read or change; anonymous carts unused for a day are purged. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("carts_uuid_key").on(t.uuid),
    uniqueIndex("carts_customer_key").on(t.customerId).where(sql`${t.customerId} is not null`),
    index("carts_anonymous_last_used_idx").on(t.lastUsedAt).where(sql`${t.customerId} is null`),
  ],
);

/** Lines of a cart: one per offer, plus at most one gift line per offer added by a coupon. */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    isGift: boolean("is_gift").notNull().default(false),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cart_lines_cart_offer_gift_key").on(t.cartId, t.offerId, t.isGift),
    index("cart_lines_offer_idx").on(t.offerId),
    check("cart_lines_quantity_check", sql`${t.quantity} > 0`),
  ],
);

/**
 * The shipment method chosen for each shipment of a cart. A cart has one shipment per shop its
 * lines come from; the choice is dropped when the delivery address changes.
 */
export const cartShipmentMethods = pgTable(
  "cart_shipment_methods",
  {
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    methodId: integer("method_id")
      .notNull()
      .references(() => shipmentMethods.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.shopId] }), index("cart_shipment_methods_method_idx").on(t.methodId)],
);

/**
 * Customer accounts. The e-mail is unique whatever its case; `uuid` is the id other modules and
 * the session tokens use, `id` the number the contract shows. Passwords are argon2id hashes.
 */
export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    gender: text("gender"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    birthDate: date("birth_date", { mode: "string" }),
    locale: text("locale").notNull(),
    /** One of the contract's CustomerGroup values. */
    customerGroup: text("customer_group").notNull(),
    /** Staff number of a GPNET account (8 characters). */
    gpnetId: text("gpnet_id"),
    /** Flying blue miles balance; null for other groups. */
    miles: integer("miles"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    newsletterSubscribed: boolean("newsletter_subscribed").notNull().default(false),
    isEmpowermentAdmin: boolean("is_empowerment_admin").notNull().default(false),
    /** The staff number an employee's single sign-on vouched for (8 characters): the key of their money pots. */
    staffNumber: text("staff_number"),
    defaultShippingAddress: text("default_shipping_address"),
    defaultBillingAddress: text("default_billing_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customers_uuid_key").on(t.uuid),
    uniqueIndex("customers_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("customers_gpnet_id_key").on(t.gpnetId).where(sql`${t.gpnetId} is not null`),
    check("customers_locale_check", sql`${t.locale} in ('fr_FR', 'en_US')`),
    check(
      "customers_group_check",
      sql`${t.customerGroup} in ('GENERAL_PUBLIC', 'BRAND_EMPLOYEE', 'BRAND_SERVICES', 'HABILE', 'GPNET', 'FLYING_BLUE', 'EMPOWERMENT')`,
    ),
    check("customers_gender_check", sql`${t.gender} is null or ${t.gender} in ('FEMALE', 'MALE', 'OTHER')`),
    check("customers_gpnet_id_check", sql`${t.gpnetId} is null or char_length(${t.gpnetId}) = 8`),
    check("customers_staff_number_check", sql`${t.staffNumber} is null or char_length(${t.staffNumber}) = 8`),
    index("customers_staff_number_idx").on(t.staffNumber),
  ],
);

/** The address book: names are unique per customer. */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    company: text("company"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    street: text("street").notNull(),
    city: text("city").notNull(),
    postCode: text("post_code").notNull(),
    country: text("country").notNull(),
    phone: text("phone"),
    email: text("email"),
    website: text("website"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customer_addresses_name_key").on(t.customerId, t.name)],
);

/** Signed-in sessions: a token names its session, which logout or a password change revokes. */
export const customerSessions = pgTable(
  "customer_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the latest token of the session expires (kept roughly: moved forward every few minutes). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** How the customer proved who they are when the session opened (see platform/sessions.ts). */
    signedInWith: text("signed_in_with", { enum: ["password", "one-time-code", "staff-number", "registration", "single-sign-on"] })
      .notNull()
      .default("password"),
  },
  (t) => [index("customer_sessions_customer_idx").on(t.customerId), index("customer_sessions_expires_idx").on(t.expiresAt)],
);

/** The pending two-factor code of a customer (one at a time), stored as a keyed hash. */
export const oneTimePasswords = pgTable("one_time_passwords", {
  customerId: integer("customer_id")
    .primaryKey()
    .references(() => customers.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  attemptsLeft: integer("attempts_left").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Password reset tokens, stored as hashes; single use. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_reset_tokens_customer_idx").on(t.customerId)],
);

/**
 * Failed (or counted) attempts of the abuse-limited operations, per account and per client
 * address, kept in the database so that every server of the shop sees the same counts.
 */
/**
 * The client addresses an account last signed in from successfully: failures from these
 * addresses do not count against the account (its owner mistyping), and a sign-in from one of
 * them is never stepped up.
 */
export const signInAddresses = pgTable(
  "sign_in_addresses",
  {
    /** `account:<e-mail>`. */
    account: text("account").notNull(),
    address: text("address").notNull(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] }), index("sign_in_addresses_last_success_idx").on(t.lastSuccessAt)],
);

export const authAttempts = pgTable(
  "auth_attempts",
  {
    id: serial("id").primaryKey(),
    /** sign-in, one-time-password, reset or register. */
    action: text("action").notNull(),
    /** `account:<e-mail>` or `ip:<address>`. */
    subject: text("subject").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("auth_attempts_lookup_idx").on(t.action, t.subject, t.at)],
);

/** Captcha challenges already used by a form, so that one answer serves once. */
export const usedCaptchaChallenges = pgTable("used_captcha_challenges", {
  id: text("id").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Secrets the shop generates for itself when none is configured (token signing, captcha HMAC). */
export const generatedSecrets = pgTable("generated_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The staff directory of the embedded default: staff numbers that may open a GPNET account. */
export const staffDirectory = pgTable(
  "staff_directory",
  {
    staffNumber: text("staff_number").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
  },
  (t) => [check("staff_directory_number_check", sql`char_length(${t.staffNumber}) = 8`)],
);

/**
 * Colissimo relay points of the embedded default (a demo dataset around real French towns).
 * Searched nearest first through a GiST index on `ll_to_earth(lat, lng)` (extensions cube and
 * earthdistance), created in a custom migration since Drizzle cannot express it.
 */
export const relayPoints = pgTable(
  "relay_points",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    company: text("company"),
    street: text("street").notNull(),
    postCode: text("post_code").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull().default("FR"),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    /** Colissimo's type of point: A2P (shop), BPR (post office), ACP (village post office), CDI (delivery office), PCS (locker)… */
    pointType: text("point_type").notNull(),
    /** Heaviest parcel the point takes, in grams. */
    maxWeightGrams: integer("max_weight_grams").notNull(),
    /** Opening hours Monday to Sunday (`08:30-12:00 14:00-18:30`), null on a closed day. */
    openingHours: jsonb("opening_hours").$type<(string | null)[]>().notNull(),
    /** A yearly closure for holidays (`MM-DD`, both days included): no parcel goes there for a date inside it. */
    closedFrom: text("closed_from"),
    closedUntil: text("closed_until"),
  },
  (t) => [
    check("relay_points_weight_check", sql`${t.maxWeightGrams} > 0`),
    check("relay_points_position_check", sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`),
    check("relay_points_hours_check", sql`jsonb_array_length(${t.openingHours}) = 7`),
    check(
      "relay_points_closure_check",
      sql`(${t.closedFrom} is null) = (${t.closedUntil} is null) and ${t.closedFrom} ~ '^[0-9]{2}-[0-9]{2}$' and ${t.closedUntil} ~ '^[0-9]{2}-[0-9]{2}$'`,
    ),
  ],
);

/**
 * Orders: made from a cart exactly once, when its payment is authorised (or, for an empowerment
 * order, paid from the money pot). `uuid` is the uuid of the cart it was made from (unique: one
 * cart, one order); `reference` is what the shopper reads (readable, random, unique). Lines,
 * shipments, addresses and amounts are kept as they were paid; the catalogue may change later.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull(),
    reference: text("reference").notNull(),
    /** The customer's uuid (accounts module). */
    customerId: uuid("customer_id").notNull(),
    /** PAID, PREPARING, SHIPPED, DELIVERED, CANCELLED, REFUNDED (the contract's OrderStatus). */
    status: text("status").notNull(),
    /** The customer's language when the order was placed (e-mails, invoice): fr_FR or en_US. */
    locale: text("locale").notNull(),
    couponCode: text("coupon_code"),
    /** The billing address as the contract's Address. */
    billingAddress: jsonb("billing_address"),
    /** The parcels as the contract's Shipment, methods and addresses as chosen, tracking filled once shipped. */
    shipments: jsonb("shipments").notNull(),
    /** Tax-included total paid (lines after coupon, plus shipping), in euro cents. */
    totalCents: integer("total_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    /** The amounts as paid: total, shipping, coupon reduction and the taxes per rate. */
    amounts: jsonb("amounts").notNull(),
    customCardMessage: text("custom_card_message"),
    paymentDate: timestamp("payment_date", { withTimezone: true }),
    /** The invoice number, from the gapless `invoice_sequence`, allocated in the order's transaction. */
    invoiceNumber: integer("invoice_number"),
    /** The money pot an empowerment order was paid from (null for card orders). */
    moneyPotId: integer("money_pot_id").references(() => moneyPots.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_uuid_key").on(t.uuid),
    uniqueIndex("orders_reference_key").on(t.reference),
    uniqueIndex("orders_invoice_number_key").on(t.invoiceNumber),
    index("orders_customer_payment_idx").on(t.customerId, t.paymentDate, t.id),
    check("orders_status_check", sql`${t.status} in ('PAID', 'PREPARING', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'REFUNDED')`),
    check("orders_locale_check", sql`${t.locale} in ('fr_FR', 'en_US')`),
    check("orders_amounts_check", sql`${t.totalCents} >= 0 and ${t.shippingCents} >= 0`),
  ],
);

/** Lines of an order, with the product as it was when ordered (the product may change or go). */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Null once the offer no longer exists. */
    offerId: integer("offer_id").references(() => offers.id, { onDelete: "set null" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    productReference: text("product_reference").notNull(),
    variantReference: text("variant_reference").notNull(),
    nameFr: text("name_fr").notNull(),
    nameEn: text("name_en").notNull(),
    /** The contract's SelectedAttribute[] in both languages: `{ fr: [...], en: [...] }`. */
    selectedAttributes: jsonb("selected_attributes").notNull(),
    /** The cover picture's contract Picture, null when the product had none. */
    coverPicture: jsonb("cover_picture"),
    quantity: integer("quantity").notNull(),
    /** Tax-included unit price charged (before the coupon's share), in euro cents. */
    unitPriceCents: integer("unit_price_cents").notNull(),
    /** Tax-included line total paid (after the coupon's share), in euro cents. */
    totalCents: integer("total_cents").notNull(),
    /** Tax-free part of the line total, in euro cents. */
    totalTaxFreeCents: integer("total_tax_free_cents").notNull(),
    taxRateBp: integer("tax_rate_bp").notNull(),
    isGift: boolean("is_gift").notNull().default(false),
    position: integer("position").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    check("order_items_amounts_check", sql`${t.unitPriceCents} >= 0 and ${t.totalCents} >= 0 and ${t.totalTaxFreeCents} >= 0`),
  ],
);

/**
 * Payment attempts of a cart. One attempt at a time may be open (`started` or `action`) per cart;
 * `draft` is the order as it will be made (lines, prices, shipments, addresses, amounts) computed
 * from the cart when the payment started: the amount charged and the order always agree.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    /** The cart paid (no foreign key: the cart goes once its order exists). */
    cartUuid: uuid("cart_uuid").notNull(),
    customerId: uuid("customer_id").notNull(),
    /** The provider's reference of the payment, known once the provider answered. */
    pspReference: text("psp_reference"),
    /** started, action (redirect or challenge pending), authorised, refused, cancelled, error, expired, refunded. */
    status: text("status").notNull(),
    /** The provider's last result code (Authorised, Refused, RedirectShopper…). */
    resultCode: text("result_code"),
    refusalReason: text("refusal_reason"),
    /** The payment method's type or brand (scheme, visa, mc…). */
    method: text("method"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    locale: text("locale").notNull(),
    draft: jsonb("draft").notNull(),
    /** The stock held for this attempt is released after this moment unless the payment is authorised. */
    reservedUntil: timestamp("reserved_until", { withTimezone: true }).notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    authorisedAt: timestamp("authorised_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payments_psp_reference_key").on(t.pspReference).where(sql`${t.pspReference} is not null`),
    uniqueIndex("payments_open_per_cart_key").on(t.cartUuid).where(sql`${t.status} in ('started', 'action')`),
    index("payments_cart_idx").on(t.cartUuid),
    index("payments_reserved_until_idx").on(t.reservedUntil).where(sql`${t.status} in ('started', 'action')`),
    check(
      "payments_status_check",
      sql`${t.status} in ('started', 'action', 'authorised', 'refused', 'cancelled', 'error', 'expired', 'refunded')`,
    ),
    check("payments_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Stock held by an open payment: taken off `offers.stock_quantity` when the payment starts (guarded
 * update), given back when it is refused, abandoned or expires, and kept for good (row deleted)
 * when the order is made.
 */
export const stockReservations = pgTable(
  "stock_reservations",
  {
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    offerId: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.offerId] }),
    index("stock_reservations_offer_idx").on(t.offerId),
    check("stock_reservations_quantity_check", sql`${t.quantity} > 0`),
  ],
);

/**
 * The payment provider's notifications (webhooks), kept once each: a replay of the same event
 * (same psp reference, event code and success) is acknowledged and ignored.
 */
export const paymentNotifications = pgTable(
  "payment_notifications",
  {
    id: serial("id").primaryKey(),
    pspReference: text("psp_reference").notNull(),
    /** For REFUND, CANCELLATION…: the psp reference of the payment concerned. */
    originalReference: text("original_reference"),
    merchantReference: text("merchant_reference"),
    eventCode: text("event_code").notNull(),
    success: boolean("success").notNull(),
    payload: jsonb("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null until applied (a notification for a payment not known yet waits for it). */
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("payment_notifications_event_key").on(t.pspReference, t.eventCode, t.success)],
);

/** Gapless counters (invoice numbers): a row per sequence, incremented in the caller's transaction. */
export const counters = pgTable(
  "counters",
  {
    name: text("name").primaryKey(),
    lastValue: integer("last_value").notNull().default(0),
  },
  (t) => [check("counters_value_check", sql`${t.lastValue} >= 0`)],
);

/**
 * The payment sandbox's outcomes (server/adapters/payment-sandbox/): one per sandbox payment,
 * fixed when it is first decided, so that a form posted twice or a redirect result replayed
 * answers the same outcome, as Adyen does, and its notification is sent once.
 */
export const paymentSandboxOutcomes = pgTable(
  "payment_sandbox_outcomes",
  {
    pspReference: text("psp_reference").primaryKey(),
    merchantReference: text("merchant_reference").notNull(),
    /** Authorised, Refused, Error or Cancelled. */
    resultCode: text("result_code").notNull(),
    refusalReason: text("refusal_reason"),
    /** The card's brand (visa, mc, amex, cartebancaire), or the sandbox's method when abandoned. */
    brand: text("brand"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payment_sandbox_outcomes_result_check", sql`${t.resultCode} in ('Authorised', 'Refused', 'Error', 'Cancelled')`),
    check("payment_sandbox_outcomes_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

// ───────────── Employee single sign-on (habile) ─────────────

/** Who an identity provider's subject is in the shop: found by (issuer, subject), created on first sign-in. */
export const customerIdentities = pgTable(
  "customer_identities",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customer_identities_subject_key").on(t.issuer, t.subject), index("customer_identities_customer_idx").on(t.customerId)],
);

/** Authorization requests on their way to the identity provider: single use, short-lived; the PKCE
 *  verifier and the nonce never leave the server. */
export const singleSignOnRequests = pgTable(
  "single_sign_on_requests",
  {
    /** SHA-256 of the `state` handed to the browser. */
    stateHash: text("state_hash").primaryKey(),
    habileType: text("habile_type").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("single_sign_on_requests_expires_idx").on(t.expiresAt),
    check("single_sign_on_requests_type_check", sql`${t.habileType} in ('BRAND_EMPLOYEE', 'EMPOWERMENT')`),
  ],
);

/** What the embedded identity provider keeps (sessions, grants, codes, interactions): its adapter's storage. */
export const identityProviderRecords = pgTable(
  "identity_provider_records",
  {
    kind: text("kind").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index("identity_provider_records_grant_idx").on(t.grantId),
    index("identity_provider_records_uid_idx").on(t.uid),
    index("identity_provider_records_expires_idx").on(t.expiresAt),
  ],
);

/** The employees of the embedded identity provider (demo mode): who can sign in on its page. */
export const identityProviderEmployees = pgTable(
  "identity_provider_employees",
  {
    subject: text("subject").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    givenName: text("given_name").notNull(),
    familyName: text("family_name").notNull(),
    staffNumber: text("staff_number"),
    /** EMPLOYEE (ground staff) or CABIN_CREW. */
    role: text("role").notNull(),
    /** Sent as the `empowerment_admin` claim: may configure the empowerment budget. */
    empowermentAdmin: boolean("empowerment_admin").notNull().default(false),
  },
  (t) => [
    uniqueIndex("identity_provider_employees_email_key").on(sql`lower(${t.email})`),
    check("identity_provider_employees_role_check", sql`${t.role} in ('EMPLOYEE', 'CABIN_CREW')`),
    check("identity_provider_employees_staff_number_check", sql`${t.staffNumber} is null or char_length(${t.staffNumber}) = 8`),
  ],
);

// ───────────── Empowerment programme ─────────────

/** The budget of a month, set by an empowerment admin; a new setup of the month replaces it. */
export const empowermentSetups = pgTable(
  "empowerment_setups",
  {
    id: serial("id").primaryKey(),
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    budgetCents: integer("budget_cents").notNull(),
    /** The admin who saved it last. */
    updatedBy: integer("updated_by").references(() => customers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("empowerment_setups_month_key").on(t.year, t.month),
    check("empowerment_setups_month_check", sql`${t.month} between 1 and 12`),
    check("empowerment_setups_budget_check", sql`${t.budgetCents} > 0`),
  ],
);

/** The staff numbers a month's setup covers. */
export const empowermentBeneficiaries = pgTable(
  "empowerment_beneficiaries",
  {
    setupId: integer("setup_id")
      .notNull()
      .references(() => empowermentSetups.id, { onDelete: "cascade" }),
    staffNumber: text("staff_number").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.setupId, t.staffNumber] }),
    check("empowerment_beneficiaries_staff_number_check", sql`char_length(${t.staffNumber}) = 8`),
  ],
);

/** A crew member's budget for a month: spent only through a guarded update, so it never goes below zero. */
export const moneyPots = pgTable(
  "money_pots",
  {
    id: serial("id").primaryKey(),
    staffNumber: text("staff_number").notNull(),
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    budgetCents: integer("budget_cents").notNull(),
    spentCents: integer("spent_cents").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("money_pots_owner_month_key").on(t.staffNumber, t.year, t.month),
    check("money_pots_amounts_check", sql`${t.budgetCents} >= 0 and ${t.spentCents} >= 0`),
    check("money_pots_month_check", sql`${t.month} between 1 and 12`),
  ],
);
