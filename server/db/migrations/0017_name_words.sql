CREATE TABLE "name_word_products" (
	"lang" text NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"popularity" integer NOT NULL,
	"product_id" integer NOT NULL,
	"word_bits" bigint NOT NULL,
	CONSTRAINT "name_word_products_lang_word_popularity_product_id_pk" PRIMARY KEY("lang","word","popularity","product_id") INCLUDE ("word_bits")
);
--> statement-breakpoint
CREATE TABLE "name_words" (
	"lang" text NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"product_count" integer NOT NULL,
	CONSTRAINT "name_words_lang_word_pk" PRIMARY KEY("lang","word"),
	CONSTRAINT "name_words_lang_check" CHECK ("name_words"."lang" in ('fr', 'en'))
);
--> statement-breakpoint
-- Autocomplete from the words of the names (issue 19). Walking the best sellers in stock and checking
-- each one's name words (the covering indexes of 0014) stops early for a common beginning, but walks the
-- whole catalogue for one that few products in stock match (`trousse:* & v:*`: all 181,000 rows at
-- 200,000 products). Instead `name_words` lists the words of the names of products in stock, with how
-- many have each, and `name_word_products` each word's products by popularity: a typed beginning is a
-- range of words, each word's best sellers the end of one index, whatever the size of the catalogue.
-- Both are kept by `refresh_product_listings` at commit, from the listing rows' old and new names, stock
-- and popularity, and rebuilt with them; "C" order makes the words a beginning starts one range.
DROP INDEX "product_listings_popularity_fr_idx";
--> statement-breakpoint
DROP INDEX "product_listings_popularity_en_idx";
--> statement-breakpoint
-- A bit for a word's first letter and one for its first two, from their code points (the same in every
-- version): the bits of all a name's words say which beginnings it cannot have.
CREATE FUNCTION "escale_prefix_bits"(prefix text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT (1::bigint << (ascii(prefix) % 24))
         | CASE WHEN length(prefix) > 1 THEN 1::bigint << (24 + (ascii(prefix) * 31 + ascii(substr(prefix, 2, 1))) % 40) ELSE 0 END
$$;
--> statement-breakpoint
CREATE FUNCTION "escale_word_bits"(words text[]) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(bit_or(escale_prefix_bits(w)), 0) FROM unnest(words) w
$$;
--> statement-breakpoint
-- The words of a product's names (the lexemes of `prefix_fr` and `prefix_en`) by language, each with the
-- bits of all the words of its name.
CREATE FUNCTION "escale_name_words"(prefix_fr tsvector, prefix_en tsvector) RETURNS TABLE (lang text, word text, word_bits bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'fr', w, escale_word_bits(tsvector_to_array(prefix_fr)) FROM unnest(tsvector_to_array(prefix_fr)) w
  UNION ALL
  SELECT 'en', w, escale_word_bits(tsvector_to_array(prefix_en)) FROM unnest(tsvector_to_array(prefix_en)) w
$$;
--> statement-breakpoint
-- Fills the words' tables from the listing rows of products in stock (the rebuild, this migration), in
-- key order: the index is then written page after page instead of at random places.
CREATE FUNCTION "fill_name_words"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO name_word_products (lang, word, popularity, product_id, word_bits)
  SELECT w.lang, w.word, pl.popularity, pl.product_id, w.word_bits
  FROM product_listings pl CROSS JOIN LATERAL escale_name_words(pl.prefix_fr, pl.prefix_en) w
  WHERE pl.in_stock
  ORDER BY w.lang, w.word COLLATE "C", pl.popularity, pl.product_id;
  INSERT INTO name_words (lang, word, product_count)
  SELECT lang, word, count(*) FROM name_word_products GROUP BY lang, word;
END $$;
--> statement-breakpoint
-- The refresh of migration 0015, keeping the words' tables too: a product's words leave them when it runs
-- out or is deleted, come back with its stock, follow its names and move with its popularity.
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
           o.popularity AS old_popularity, o.prefix_fr AS old_prefix_fr, o.prefix_en AS old_prefix_en,
           f.popularity AS new_popularity, f.prefix_fr AS new_prefix_fr, f.prefix_en AS new_prefix_en,
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
  ), words_old AS (
    SELECT w.lang, w.word, ch.old_popularity AS popularity, ch.product_id, w.word_bits
    FROM changed ch CROSS JOIN LATERAL escale_name_words(ch.old_prefix_fr, ch.old_prefix_en) w WHERE ch.was_in_stock
  ), words_new AS (
    SELECT w.lang, w.word, ch.new_popularity AS popularity, ch.product_id, w.word_bits
    FROM changed ch CROSS JOIN LATERAL escale_name_words(ch.new_prefix_fr, ch.new_prefix_en) w WHERE ch.in_stock
  ), word_delta AS (
    -- How many products in stock have each word: a product's words come and go with it.
    SELECT d.lang, d.word, sum(d.delta)::integer AS delta FROM (
      SELECT lang, word, product_id, -1 AS delta FROM (SELECT lang, word, product_id FROM words_old
                                                      EXCEPT SELECT lang, word, product_id FROM words_new) gone
      UNION ALL
      SELECT lang, word, product_id, 1 FROM (SELECT lang, word, product_id FROM words_new
                                             EXCEPT SELECT lang, word, product_id FROM words_old) came
    ) d GROUP BY d.lang, d.word HAVING sum(d.delta) <> 0
  ), vocabulary AS (
    -- In key order, like the facet counts.
    INSERT INTO name_words (lang, word, product_count)
    SELECT lang, word, delta FROM word_delta ORDER BY lang, word
    ON CONFLICT (lang, word) DO UPDATE SET product_count = name_words.product_count + excluded.product_count
  ), unworded AS (
    -- Keys that go (the product left the stock, lost the word, or its popularity moved); a key that stays
    -- with other bits (another word of the name changed) is updated below instead.
    DELETE FROM name_word_products n
    USING (SELECT lang, word, popularity, product_id FROM words_old
           EXCEPT SELECT lang, word, popularity, product_id FROM words_new) g
    WHERE n.lang = g.lang AND n.word = g.word AND n.popularity = g.popularity AND n.product_id = g.product_id
  ), worded AS (
    INSERT INTO name_word_products (lang, word, popularity, product_id, word_bits)
    SELECT * FROM words_new EXCEPT SELECT * FROM words_old
    ON CONFLICT (lang, word, popularity, product_id) DO UPDATE SET word_bits = excluded.word_bits
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
-- The rebuild of migration 0016, filling the words' tables too.
CREATE OR REPLACE FUNCTION "rebuild_product_listings"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE product_listings, product_cards, product_pages, category_listings, category_facets, category_stats,
             name_words, name_word_products IN EXCLUSIVE MODE;
  DELETE FROM product_listing_changes;
  DELETE FROM name_word_products;
  DELETE FROM name_words;
  DELETE FROM product_pages;
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
  INSERT INTO product_pages (product_id, page_fr, page_en)
  SELECT product_id, page_fr, page_en FROM product_page_sources;
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
  PERFORM fill_name_words();
END $$;
--> statement-breakpoint
SELECT fill_name_words();
