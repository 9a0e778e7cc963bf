CREATE TABLE "category_facets" (
	"category_id" integer NOT NULL,
	"attribute_value_id" integer NOT NULL,
	"product_count" integer NOT NULL,
	CONSTRAINT "category_facets_category_id_attribute_value_id_pk" PRIMARY KEY("category_id","attribute_value_id")
);
--> statement-breakpoint
CREATE TABLE "category_listings" (
	"category_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"popularity" integer NOT NULL,
	"reference" text NOT NULL,
	"sort_name_fr" text NOT NULL,
	"sort_name_en" text NOT NULL,
	CONSTRAINT "category_listings_category_id_product_id_pk" PRIMARY KEY("category_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "category_stats" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"product_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_cards" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"card" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_listing_changes" (
	"product_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_listings" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"in_stock" boolean NOT NULL,
	"price_cents" integer,
	"popularity" integer NOT NULL,
	"reference" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"sort_name_fr" text NOT NULL,
	"sort_name_en" text NOT NULL,
	"prefix_fr" "tsvector" NOT NULL,
	"prefix_en" "tsvector" NOT NULL,
	"search_fr" "tsvector" NOT NULL,
	"search_en" "tsvector" NOT NULL,
	"value_ids" integer[] NOT NULL,
	"category_ids" integer[] NOT NULL,
	CONSTRAINT "product_listings_price_check" CHECK ("product_listings"."in_stock" = ("product_listings"."price_cents" is not null))
);
--> statement-breakpoint
DROP INDEX "products_search_fr_idx";--> statement-breakpoint
DROP INDEX "products_search_en_idx";--> statement-breakpoint
DROP INDEX "products_prefix_fr_idx";--> statement-breakpoint
DROP INDEX "products_prefix_en_idx";--> statement-breakpoint
CREATE INDEX "category_listings_name_fr_idx" ON "category_listings" USING btree ("category_id","sort_name_fr","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_name_fr_desc_idx" ON "category_listings" USING btree ("category_id","sort_name_fr" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "category_listings_name_en_idx" ON "category_listings" USING btree ("category_id","sort_name_en","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_name_en_desc_idx" ON "category_listings" USING btree ("category_id","sort_name_en" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "category_listings_price_fr_idx" ON "category_listings" USING btree ("category_id","price_cents","sort_name_fr","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_price_fr_desc_idx" ON "category_listings" USING btree ("category_id","price_cents" DESC NULLS LAST,"sort_name_fr","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_price_en_idx" ON "category_listings" USING btree ("category_id","price_cents","sort_name_en","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_price_en_desc_idx" ON "category_listings" USING btree ("category_id","price_cents" DESC NULLS LAST,"sort_name_en","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_reference_idx" ON "category_listings" USING btree ("category_id","reference");--> statement-breakpoint
CREATE INDEX "category_listings_popularity_idx" ON "category_listings" USING btree ("category_id","popularity" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "category_listings_popularity_asc_idx" ON "category_listings" USING btree ("category_id","popularity","product_id");--> statement-breakpoint
CREATE INDEX "category_listings_product_idx" ON "category_listings" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_listings_prefix_fr_idx" ON "product_listings" USING gin ("prefix_fr") WHERE "product_listings"."in_stock";--> statement-breakpoint
CREATE INDEX "product_listings_prefix_en_idx" ON "product_listings" USING gin ("prefix_en") WHERE "product_listings"."in_stock";--> statement-breakpoint
CREATE INDEX "product_listings_search_fr_idx" ON "product_listings" USING gin ("search_fr") WHERE "product_listings"."in_stock";--> statement-breakpoint
CREATE INDEX "product_listings_search_en_idx" ON "product_listings" USING gin ("search_en") WHERE "product_listings"."in_stock";
--> statement-breakpoint
-- Autocomplete: best sellers first, with the name and its words in the index, so that walking it
-- checks the typed beginnings without reading the table (an index-only scan with a filter).
CREATE INDEX "product_listings_popularity_fr_idx" ON "product_listings" ("popularity" DESC NULLS LAST, "product_id")
  INCLUDE ("name_fr", "prefix_fr") WHERE "in_stock";
--> statement-breakpoint
CREATE INDEX "product_listings_popularity_en_idx" ON "product_listings" ("popularity" DESC NULLS LAST, "product_id")
  INCLUDE ("name_en", "prefix_en") WHERE "in_stock";
--> statement-breakpoint
-- What a product's listing row should hold, computed from the base tables: in stock when one of
-- its offers is, its lowest in-stock price (discount first), the attribute values of the product
-- and of its variants in stock, and the categories it is listed in (its own and its extra ones, with
-- their ancestors; 0 stands for the whole catalogue). Refreshes and the rebuild read it.
CREATE VIEW "product_listing_sources" AS
SELECT p.id AS product_id,
       st.price_cents IS NOT NULL AS in_stock,
       st.price_cents,
       p.popularity,
       p.reference,
       p.name_fr,
       p.name_en,
       p.sort_name_fr,
       p.sort_name_en,
       p.prefix_fr,
       p.prefix_en,
       p.search_fr,
       p.search_en,
       coalesce((
         SELECT array_agg(s.value_id ORDER BY s.value_id) FROM (
           SELECT pav.attribute_value_id AS value_id FROM product_attribute_values pav WHERE pav.product_id = p.id
           UNION
           SELECT vav.attribute_value_id FROM variants v JOIN variant_attribute_values vav ON vav.variant_id = v.id
           WHERE v.product_id = p.id AND EXISTS (SELECT 1 FROM offers o WHERE o.variant_id = v.id AND o.stock_quantity > 0)
         ) s), '{}'::integer[]) AS value_ids,
       (SELECT array_agg(s.category_id ORDER BY s.category_id) FROM (
          SELECT 0 AS category_id
          UNION
          SELECT a.category_id
          FROM (SELECT p.category_id AS id UNION SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = p.id) m
          JOIN categories c1 ON c1.id = m.id
          LEFT JOIN categories c2 ON c2.id = c1.parent_id
          LEFT JOIN categories c3 ON c3.id = c2.parent_id
          CROSS JOIN LATERAL (VALUES (c1.id), (c2.id), (c3.id)) a(category_id)
          WHERE a.category_id IS NOT NULL
        ) s) AS category_ids
FROM products p
LEFT JOIN LATERAL (
  SELECT min(coalesce(o.discount_price_cents, o.regular_price_cents)) AS price_cents
  FROM variants v JOIN offers o ON o.variant_id = v.id
  WHERE v.product_id = p.id AND o.stock_quantity > 0
) st ON true;
--> statement-breakpoint
-- What a product's card should show (kept in product_cards, apart from the narrow listing rows).
CREATE VIEW "product_card_sources" AS
SELECT p.id AS product_id,
       jsonb_build_object(
         'slug_fr', p.slug_fr, 'slug_en', p.slug_en,
         'made_in_france', p.made_in_france, 'made_in_europe', p.made_in_europe,
         'up_cycling', p.up_cycling, 'limited_edition', p.limited_edition,
         'is_configurable', cardinality(p.configurable_attributes) > 0,
         'variant_count', (SELECT count(*) FROM variants v WHERE v.product_id = p.id),
         -- The offer shown: the cheapest in stock (the first of them in variant order), else the first variant's.
         'offer', (
           SELECT to_jsonb(x) FROM (
             SELECT o.id, o.shop_id, s.name AS shop_name, o.picking_delay, o.stock_quantity, o.logistic_class,
                    o.regular_price_cents, o.discount_price_cents, o.min_order_quantity, o.max_order_quantity, p.tax_rate_bp
             FROM variants v JOIN offers o ON o.variant_id = v.id JOIN shops s ON s.id = o.shop_id
             WHERE v.product_id = p.id
             ORDER BY o.stock_quantity > 0 DESC,
                      CASE WHEN o.stock_quantity > 0 THEN coalesce(o.discount_price_cents, o.regular_price_cents) END,
                      v.position, o.id
             LIMIT 1) x),
         -- The cover and the first other picture, in their order.
         'pictures', coalesce((
           SELECT jsonb_agg(x ORDER BY x.position, x.id) FROM (
             SELECT pi.id, pi.product_id, pi.variant_id, pi.position, pi.is_cover, pi.category, pi.video_url
             FROM pictures pi WHERE pi.product_id = p.id
             ORDER BY pi.is_cover DESC, pi.position LIMIT 2) x), '[]'::jsonb)
       ) AS card
FROM products p;
--> statement-breakpoint
-- Brings the listing rows and cards of these products up to date with the base tables, and the
-- per-category rows, facet counts and totals by the difference. Products are locked one after the other (by
-- id), so two transactions refreshing the same product take turns and the later one sees the
-- earlier one's stock.
CREATE FUNCTION "refresh_product_listings"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO product_cards (product_id, card)
  SELECT product_id, card FROM product_card_sources WHERE product_id = ANY (ids) ORDER BY product_id
  ON CONFLICT (product_id) DO UPDATE SET card = excluded.card WHERE product_cards.card IS DISTINCT FROM excluded.card;
  DELETE FROM product_cards c WHERE c.product_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = c.product_id);

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
CREATE FUNCTION "rebuild_product_listings"() RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO product_cards (product_id, card) SELECT product_id, card FROM product_card_sources;
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
-- At commit, the transaction's queued products are refreshed (once each, whatever wrote them).
CREATE FUNCTION "apply_product_listing_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  WITH taken AS (DELETE FROM product_listing_changes RETURNING product_id)
  SELECT array_agg(DISTINCT product_id) INTO ids FROM taken;
  PERFORM refresh_product_listings(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_listing_changes_apply" AFTER INSERT ON "product_listing_changes"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION apply_product_listing_changes();
--> statement-breakpoint
-- Queues the products a statement touched. `escale.listings = 'manual'` (the seed, in its own
-- transaction) leaves the queue alone: the writer rebuilds the listings itself before committing.
CREATE FUNCTION "queue_product_listing_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('escale.listings', true) = 'manual' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME IN ('products') THEN
    INSERT INTO product_listing_changes (product_id) SELECT DISTINCT id FROM changed_rows;
  ELSIF TG_TABLE_NAME IN ('variants', 'pictures', 'product_categories', 'product_attribute_values') THEN
    INSERT INTO product_listing_changes (product_id) SELECT DISTINCT product_id FROM changed_rows;
  ELSIF TG_TABLE_NAME IN ('offers', 'variant_attribute_values') THEN
    -- A variant deleted with its offers is queued by the variants' own trigger.
    INSERT INTO product_listing_changes (product_id)
    SELECT DISTINCT v.product_id FROM changed_rows r JOIN variants v ON v.id = r.variant_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Categories (the tree) and shops (their names, on cards) change rarely and touch every product.
CREATE FUNCTION "rebuild_product_listings_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('escale.listings', true) IS DISTINCT FROM 'manual' THEN
    PERFORM rebuild_product_listings();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "categories_listings" AFTER UPDATE OR DELETE ON "categories"
FOR EACH STATEMENT EXECUTE FUNCTION rebuild_product_listings_on_change();
--> statement-breakpoint
CREATE TRIGGER "shops_listings" AFTER UPDATE ON "shops"
FOR EACH STATEMENT EXECUTE FUNCTION rebuild_product_listings_on_change();
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products', 'variants', 'offers', 'pictures', 'product_categories', 'product_attribute_values', 'variant_attribute_values'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_product_listing_changes()', t || '_listings_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_product_listing_changes()', t || '_listings_update_new', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_product_listing_changes()', t || '_listings_update_old', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_product_listing_changes()', t || '_listings_delete', t);
  END LOOP;
END $$;
--> statement-breakpoint
SELECT rebuild_product_listings();
