-- Cards kept as the API sends them: each product's `ProductSummary` in JSON text, per language, so that
-- a listing, a search and the products-by-reference answer send the kept texts as they are (no
-- parsing, shaping and serialising of 24 cards per answer in the server). `offer_id` keeps the offer
-- the card shows, which the product page shows too.
DROP VIEW "product_card_sources";--> statement-breakpoint
DELETE FROM "product_cards";--> statement-breakpoint
ALTER TABLE "product_cards" DROP COLUMN "card";--> statement-breakpoint
ALTER TABLE "product_cards" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "product_cards" ADD COLUMN "summary_fr" text NOT NULL;--> statement-breakpoint
ALTER TABLE "product_cards" ADD COLUMN "summary_en" text NOT NULL;--> statement-breakpoint
-- The API's `Price` of a tax-included amount in cents: the tax-free part rounded to the cent (half
-- away from zero), the rate in percent, the tax. The server's `priceOf()` splits prices the same way
-- (tests/api/catalog-listings.test.ts compares them).
CREATE FUNCTION "escale_price_json"(tax_included_cents integer, tax_rate_bp integer) RETURNS json
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT row_to_json(x) FROM (
    SELECT tax_included_cents AS "taxIncluded", t.tax_free AS "taxFree",
           trim_scale(tax_rate_bp::numeric / 100) AS "taxRate", tax_included_cents - t.tax_free AS "taxAmount"
    FROM (SELECT round(tax_included_cents * 10000::numeric / (10000 + tax_rate_bp))::integer AS tax_free) t) x
$$;--> statement-breakpoint
-- The API's `Picture` of a product's picture: titled with the product's name, numbered from the second
-- picture on; the addresses are those the media routes serve (`pictureUrls()` in the server).
CREATE FUNCTION "escale_picture_json"(picture_id integer, picture_position integer, picture_is_cover boolean,
                                      picture_category text, picture_video_url text, product_name text) RETURNS json
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT row_to_json(x) FROM (
    SELECT picture_id AS id,
           CASE WHEN picture_position = 0 THEN product_name ELSE product_name || ' – ' || (picture_position + 1) END AS title,
           picture_is_cover AS "isCover", picture_position AS "order", picture_category AS category,
           '/media/pictures/' || picture_id || '/small.svg' AS "srcSmall",
           '/media/pictures/' || picture_id || '/medium.svg' AS "srcMedium",
           '/media/pictures/' || picture_id || '/large.svg' AS "srcLarge",
           picture_video_url AS url) x
$$;--> statement-breakpoint
-- What `product_cards` holds for each product, from the base tables: its card (`ProductSummary`) in
-- each language. The offer shown: the cheapest in stock (the first of them in variant order), else the
-- first variant's; the pictures: the cover and the first other one, in their order. What both
-- languages share (the offer, the pictures, the variant count) is read once per product.
CREATE VIEW "product_card_sources" AS
SELECT p.id AS product_id, shown.id AS offer_id, row_to_json(fr)::text AS summary_fr, row_to_json(en)::text AS summary_en
FROM products p
LEFT JOIN LATERAL (
  SELECT o.*
  FROM variants v JOIN offers o ON o.variant_id = v.id
  WHERE v.product_id = p.id
  ORDER BY o.stock_quantity > 0 DESC,
           CASE WHEN o.stock_quantity > 0 THEN coalesce(o.discount_price_cents, o.regular_price_cents) END,
           v.position, o.id
  LIMIT 1) shown ON true
LEFT JOIN LATERAL (
  SELECT row_to_json(x) AS json FROM (
    SELECT shown.id, json_build_object('id', s.id, 'name', s.name) AS shop, shown.picking_delay AS "pickingDelay",
           shown.stock_quantity AS "stockQuantity", shown.logistic_class AS "logisticClass",
           escale_price_json(shown.regular_price_cents, p.tax_rate_bp) AS "regularPrice",
           escale_price_json(shown.discount_price_cents, p.tax_rate_bp) AS "discountPrice",
           shown.min_order_quantity AS "minimalOrderQuantity", shown.max_order_quantity AS "maximalOrderQuantity"
    FROM shops s WHERE s.id = shown.shop_id) x) offer ON true
CROSS JOIN LATERAL (SELECT count(*) AS n FROM variants v WHERE v.product_id = p.id) variants
CROSS JOIN LATERAL (
  -- The cover picture: the cover, else the first; the list: both, in picture order.
  SELECT (array_agg(escale_picture_json(pi.id, pi.position, pi.is_cover, pi.category, pi.video_url, p.name_fr)
                     ORDER BY pi.is_cover DESC, pi.position, pi.id))[1] AS cover_fr,
         (array_agg(escale_picture_json(pi.id, pi.position, pi.is_cover, pi.category, pi.video_url, p.name_en)
                     ORDER BY pi.is_cover DESC, pi.position, pi.id))[1] AS cover_en,
         coalesce(json_agg(escale_picture_json(pi.id, pi.position, pi.is_cover, pi.category, pi.video_url, p.name_fr)
                           ORDER BY pi.position, pi.id), '[]') AS list_fr,
         coalesce(json_agg(escale_picture_json(pi.id, pi.position, pi.is_cover, pi.category, pi.video_url, p.name_en)
                           ORDER BY pi.position, pi.id), '[]') AS list_en
  FROM (SELECT * FROM pictures pi WHERE pi.product_id = p.id ORDER BY pi.is_cover DESC, pi.position, pi.id LIMIT 2) pi) pictures
CROSS JOIN LATERAL (
  SELECT p.id, p.slug_fr AS slug, p.reference, p.name_fr AS name, p.made_in_france AS "madeInFrance",
         p.made_in_europe AS "madeInEurope", p.up_cycling AS "upCycling", p.limited_edition AS "limitedEdition",
         cardinality(p.configurable_attributes) > 0 AS "isConfigurable", offer.json AS offer,
         pictures.cover_fr AS "coverPicture", pictures.list_fr AS pictures, variants.n AS "variantCount") fr
CROSS JOIN LATERAL (
  SELECT p.id, p.slug_en AS slug, p.reference, p.name_en AS name, p.made_in_france AS "madeInFrance",
         p.made_in_europe AS "madeInEurope", p.up_cycling AS "upCycling", p.limited_edition AS "limitedEdition",
         cardinality(p.configurable_attributes) > 0 AS "isConfigurable", offer.json AS offer,
         pictures.cover_en AS "coverPicture", pictures.list_en AS pictures, variants.n AS "variantCount") en;--> statement-breakpoint
-- Brings these products' cards up to date (part of `refresh_product_listings`), in id order.
CREATE FUNCTION "refresh_product_cards"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_cards (product_id, offer_id, summary_fr, summary_en)
  SELECT product_id, offer_id, summary_fr, summary_en FROM product_card_sources WHERE product_id = ANY (ids) ORDER BY product_id
  ON CONFLICT (product_id) DO UPDATE
  SET offer_id = excluded.offer_id, summary_fr = excluded.summary_fr, summary_en = excluded.summary_en
  WHERE (product_cards.offer_id, product_cards.summary_fr, product_cards.summary_en)
        IS DISTINCT FROM (excluded.offer_id, excluded.summary_fr, excluded.summary_en);
  DELETE FROM product_cards c WHERE c.product_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = c.product_id);
END $$;--> statement-breakpoint
-- The refresh and the rebuild of migration 0014, writing the cards as texts.
CREATE OR REPLACE FUNCTION "refresh_product_listings"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  relisted integer[];
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO product_listings (product_id, in_stock, price_cents, popularity, reference, name_fr, name_en,
                                sort_name_fr, sort_name_en, prefix_fr, prefix_en, search_fr, search_en, value_ids, category_ids)
  SELECT p.id, false, NULL, 0, '', '', '', '', '', ''::tsvector, ''::tsvector, ''::tsvector, ''::tsvector, '{}', '{}'
  FROM products p WHERE p.id = ANY (ids) ORDER BY p.id
  ON CONFLICT (product_id) DO NOTHING;
  PERFORM 1 FROM product_listings WHERE product_id = ANY (ids) ORDER BY product_id FOR UPDATE;

  WITH fresh AS (
    SELECT * FROM product_listing_sources WHERE product_id = ANY (ids)
  ), changed AS (
    SELECT o.product_id,
           f.product_id IS NOT NULL AS present,
           o.in_stock AS was_in_stock, o.value_ids AS old_values, o.category_ids AS old_categories,
           coalesce(f.in_stock, false) AS in_stock, f.value_ids AS new_values, f.category_ids AS new_categories,
           f.product_id IS NULL
             OR (o.in_stock, o.price_cents, o.popularity, o.reference, o.sort_name_fr, o.sort_name_en, o.category_ids)
                IS DISTINCT FROM (f.in_stock, f.price_cents, f.popularity, f.reference, f.sort_name_fr, f.sort_name_en, f.category_ids)
             AS relist
    FROM product_listings o LEFT JOIN fresh f ON f.product_id = o.product_id
    WHERE o.product_id = ANY (ids)
      AND (f.product_id IS NULL
           OR (o.in_stock, o.price_cents, o.popularity, o.reference, o.name_fr, o.name_en, o.sort_name_fr, o.sort_name_en,
               o.prefix_fr, o.prefix_en, o.search_fr, o.search_en, o.value_ids, o.category_ids)
              IS DISTINCT FROM (f.in_stock, f.price_cents, f.popularity, f.reference, f.name_fr, f.name_en, f.sort_name_fr,
                                f.sort_name_en, f.prefix_fr, f.prefix_en, f.search_fr, f.search_en, f.value_ids, f.category_ids))
  ), facet_delta AS (
    SELECT d.category_id, d.value_id, sum(d.delta)::integer AS delta FROM (
      SELECT c.category_id, v.value_id, -1 AS delta
      FROM changed ch, unnest(ch.old_categories) c(category_id), unnest(ch.old_values) v(value_id) WHERE ch.was_in_stock
      UNION ALL
      SELECT c.category_id, v.value_id, 1
      FROM changed ch, unnest(ch.new_categories) c(category_id), unnest(ch.new_values) v(value_id) WHERE ch.in_stock
    ) d GROUP BY d.category_id, d.value_id HAVING sum(d.delta) <> 0
  ), count_delta AS (
    SELECT d.category_id, sum(d.delta)::integer AS delta FROM (
      SELECT c.category_id, -1 AS delta FROM changed ch, unnest(ch.old_categories) c(category_id) WHERE ch.was_in_stock
      UNION ALL
      SELECT c.category_id, 1 FROM changed ch, unnest(ch.new_categories) c(category_id) WHERE ch.in_stock
    ) d GROUP BY d.category_id HAVING sum(d.delta) <> 0
  ), facets AS (
    -- In key order, so that two transactions changing the same counts take them in the same order.
    INSERT INTO category_facets (category_id, attribute_value_id, product_count)
    SELECT category_id, value_id, delta FROM facet_delta ORDER BY category_id, value_id
    ON CONFLICT (category_id, attribute_value_id) DO UPDATE SET product_count = category_facets.product_count + excluded.product_count
  ), counts AS (
    INSERT INTO category_stats (category_id, product_count)
    SELECT category_id, delta FROM count_delta ORDER BY category_id
    ON CONFLICT (category_id) DO UPDATE SET product_count = category_stats.product_count + excluded.product_count
  ), unlisted AS (
    DELETE FROM category_listings cl USING changed ch WHERE ch.relist AND cl.product_id = ch.product_id
  ), gone AS (
    DELETE FROM product_listings pl USING changed ch WHERE NOT ch.present AND pl.product_id = ch.product_id
  ), updated AS (
    UPDATE product_listings pl
    SET in_stock = f.in_stock, price_cents = f.price_cents, popularity = f.popularity, reference = f.reference,
        name_fr = f.name_fr, name_en = f.name_en, sort_name_fr = f.sort_name_fr, sort_name_en = f.sort_name_en,
        prefix_fr = f.prefix_fr, prefix_en = f.prefix_en, search_fr = f.search_fr, search_en = f.search_en,
        value_ids = f.value_ids, category_ids = f.category_ids
    FROM fresh f JOIN changed ch ON ch.product_id = f.product_id
    WHERE pl.product_id = f.product_id
  )
  SELECT array_agg(product_id) INTO relisted FROM changed WHERE relist AND in_stock;

  -- Cards (the offer's stock changes them with every order).
  PERFORM refresh_product_cards(ids);

  IF relisted IS NOT NULL THEN
    INSERT INTO category_listings (category_id, product_id, price_cents, popularity, reference, sort_name_fr, sort_name_en)
    SELECT c.category_id, pl.product_id, pl.price_cents, pl.popularity, pl.reference, pl.sort_name_fr, pl.sort_name_en
    FROM product_listings pl, unnest(pl.category_ids) c(category_id)
    WHERE pl.product_id = ANY (relisted)
    ORDER BY 1, 2;
  END IF;
END $$;
--> statement-breakpoint
-- Recomputes every listing row from the base tables (the seed, this migration, a category moved).
CREATE OR REPLACE FUNCTION "rebuild_product_listings"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE product_listings, product_cards, category_listings, category_facets, category_stats IN EXCLUSIVE MODE;
  DELETE FROM product_listing_changes;
  DELETE FROM product_cards;
  DELETE FROM category_listings;
  DELETE FROM category_facets;
  DELETE FROM category_stats;
  DELETE FROM product_listings;
  INSERT INTO product_listings (product_id, in_stock, price_cents, popularity, reference, name_fr, name_en,
                                sort_name_fr, sort_name_en, prefix_fr, prefix_en, search_fr, search_en, value_ids, category_ids)
  SELECT product_id, in_stock, price_cents, popularity, reference, name_fr, name_en,
         sort_name_fr, sort_name_en, prefix_fr, prefix_en, search_fr, search_en, value_ids, category_ids
  FROM product_listing_sources;
  INSERT INTO product_cards (product_id, offer_id, summary_fr, summary_en)
  SELECT product_id, offer_id, summary_fr, summary_en FROM product_card_sources;
  INSERT INTO category_listings (category_id, product_id, price_cents, popularity, reference, sort_name_fr, sort_name_en)
  SELECT c.category_id, pl.product_id, pl.price_cents, pl.popularity, pl.reference, pl.sort_name_fr, pl.sort_name_en
  FROM product_listings pl, unnest(pl.category_ids) c(category_id) WHERE pl.in_stock;
  INSERT INTO category_stats (category_id, product_count)
  SELECT c.category_id, count(*) FROM product_listings pl, unnest(pl.category_ids) c(category_id)
  WHERE pl.in_stock GROUP BY c.category_id;
  INSERT INTO category_facets (category_id, attribute_value_id, product_count)
  SELECT c.category_id, v.value_id, count(*)
  FROM product_listings pl, unnest(pl.category_ids) c(category_id), unnest(pl.value_ids) v(value_id)
  WHERE pl.in_stock GROUP BY c.category_id, v.value_id;
END $$;
--> statement-breakpoint
INSERT INTO "product_cards" ("product_id", "offer_id", "summary_fr", "summary_en")
SELECT "product_id", "offer_id", "summary_fr", "summary_en" FROM "product_card_sources";
