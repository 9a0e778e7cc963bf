CREATE TABLE "search_matches" (
	"word_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"rank" double precision NOT NULL,
	"price_cents" integer NOT NULL,
	"popularity" integer NOT NULL,
	"sort_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_word_facets" (
	"word_id" integer NOT NULL,
	"attribute_value_id" integer NOT NULL,
	"product_count" integer NOT NULL,
	CONSTRAINT "search_word_facets_word_id_attribute_value_id_pk" PRIMARY KEY("word_id","attribute_value_id")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_words_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lang" text NOT NULL,
	"word" text NOT NULL,
	"query" "tsquery" NOT NULL,
	"beginning" "tsquery" NOT NULL,
	"match_count" integer NOT NULL,
	CONSTRAINT "search_words_lang_check" CHECK ("search_words"."lang" in ('fr', 'en'))
);
--> statement-breakpoint
CREATE INDEX "search_matches_relevance_idx" ON "search_matches" USING btree ("word_id","rank" DESC NULLS LAST,"popularity" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "search_matches_price_idx" ON "search_matches" USING btree ("word_id","price_cents","sort_name","product_id");--> statement-breakpoint
CREATE INDEX "search_matches_price_desc_idx" ON "search_matches" USING btree ("word_id","price_cents" DESC NULLS LAST,"sort_name","product_id");--> statement-breakpoint
CREATE INDEX "search_matches_name_idx" ON "search_matches" USING btree ("word_id","sort_name","product_id");--> statement-breakpoint
CREATE INDEX "search_matches_product_idx" ON "search_matches" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_words_lang_word_idx" ON "search_words" USING btree ("lang","word");--> statement-breakpoint
-- One-word searches read from kept matches (issue 19). A search finds the products in stock whose
-- stemmed words match its query or whose name words begin with its words, and sorts, counts and
-- facets every match: at 200,000 products a common word's thousands of matches were found, ranked and
-- sorted for every page. Here each word of the names (the vocabulary of `name_words`) keeps its
-- search's matches with their rank and sort keys, its total and its facet counts, so a page is a walk
-- along an index, as a category's is. The search reads them only when its term's query equals the
-- word's: any other term (several words, signs, a word no name has) runs the search itself.
--
-- `refresh_product_listings` now snapshots the rows it will change, runs the refresh of migration
-- 0017 (renamed `refresh_product_listing_rows`), then moves each changed product's matches
-- (`refresh_search_matches`) and adds the words new names bring: in the same transaction as the write.
-- The rebuild likewise wraps the former one (`rebuild_product_listing_rows`).

-- The words a one-word search is: letters and digits only (a shopper's term is split at anything else).
CREATE FUNCTION "escale_searchable_word"(word text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT word ~ '^[[:alnum:]]+$'
$$;
--> statement-breakpoint
-- Adds words of one language and their matches among the products in stock: the search's very
-- conditions and rank (`searchSource` in the catalogue repository), the two full-text indexes per word.
-- Words already kept are left. The caller holds the lock that keeps the vocabulary still (see below).
CREATE FUNCTION "add_search_words"(l text, words text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF l NOT IN ('fr', 'en') THEN
    RAISE EXCEPTION 'unknown language %', l;
  END IF;
  EXECUTE format($q$
    WITH candidates AS (
      SELECT w AS word, websearch_to_tsquery(%L::regconfig, w) AS query, to_tsquery('escale_simple', w || ':*') AS beginning
      FROM unnest($1) w
      WHERE escale_searchable_word(w) AND NOT EXISTS (SELECT FROM search_words s WHERE s.lang = %L AND s.word = w)
    ), found AS (
      SELECT c.word, pl.product_id, ts_rank(pl.search_%s, c.query) + 0.1 * ts_rank(pl.prefix_%s, c.beginning) AS rank,
             pl.price_cents, pl.popularity, pl.sort_name_%s AS sort_name, pl.value_ids
      FROM candidates c
      CROSS JOIN LATERAL (SELECT * FROM product_listings pl
                          WHERE pl.in_stock AND (pl.search_%s @@ c.query OR pl.prefix_%s @@ c.beginning)) pl
    ), added AS (
      INSERT INTO search_words (lang, word, query, beginning, match_count)
      SELECT %L, c.word, c.query, c.beginning, (SELECT count(*) FROM found f WHERE f.word = c.word)
      FROM candidates c ORDER BY c.word
      RETURNING id, word
    ), matches AS (
      INSERT INTO search_matches (word_id, product_id, rank, price_cents, popularity, sort_name)
      SELECT a.id, f.product_id, f.rank, f.price_cents, f.popularity, f.sort_name
      FROM found f JOIN added a ON a.word = f.word
      ORDER BY a.id, f.product_id
    )
    INSERT INTO search_word_facets (word_id, attribute_value_id, product_count)
    SELECT a.id, v.value_id, count(*)
    FROM found f JOIN added a ON a.word = f.word, unnest(f.value_ids) v(value_id)
    GROUP BY a.id, v.value_id
  $q$, CASE l WHEN 'fr' THEN 'escale_fr' ELSE 'escale_en' END, l, l, l, l, l, l, l)
  USING words;
END $$;
--> statement-breakpoint
-- Every name word of products in stock, both languages (this migration and the rebuild).
CREATE FUNCTION "fill_search_words"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_search_words(n.lang, array_agg(n.word ORDER BY n.word))
  FROM name_words n WHERE n.product_count > 0 GROUP BY n.lang;
END $$;
--> statement-breakpoint
-- Moves the matches of the products `ids` whose listing row changed from `before` (the rows as they were)
-- to `product_listings` (as they are now), with the kept totals and facet counts, then adds the words the
-- new names bring. A lock on `search_words` keeps the vocabulary and the matches together, taken before
-- either is read: ROW EXCLUSIVE to move matches, SHARE ROW EXCLUSIVE to add words too, which waits for the
-- transactions moving matches to end and makes later ones wait for it. So no product's matches are written
-- against a vocabulary that misses a word added meanwhile, and no word's matches miss a product moved
-- meanwhile; taking the one lock once, first, two refreshes cannot wait for each other's.
CREATE FUNCTION "refresh_search_matches"(ids integer[], before product_listings[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved integer[];
  counted integer[];
  deltas integer[];
  new_words record;
  adding boolean;
BEGIN
  SELECT array_agg(coalesce(n.product_id, o.product_id) ORDER BY coalesce(n.product_id, o.product_id)) INTO moved
  FROM unnest(before) o
  FULL JOIN (SELECT * FROM product_listings WHERE product_id = ANY (ids)) n ON n.product_id = o.product_id
  WHERE (o.in_stock IS TRUE OR n.in_stock IS TRUE)
    AND (o.in_stock, o.price_cents, o.popularity, o.sort_name_fr, o.sort_name_en, o.prefix_fr, o.prefix_en,
         o.search_fr, o.search_en, o.value_ids)
        IS DISTINCT FROM (n.in_stock, n.price_cents, n.popularity, n.sort_name_fr, n.sort_name_en, n.prefix_fr, n.prefix_en,
                          n.search_fr, n.search_en, n.value_ids);
  IF moved IS NULL THEN
    RETURN;
  END IF;
  -- Words no longer leave the vocabulary (until a rebuild): one not kept now is one to add.
  SELECT EXISTS (
    SELECT FROM product_listings n CROSS JOIN LATERAL escale_name_words(n.prefix_fr, n.prefix_en) w
    WHERE n.product_id = ANY (moved) AND n.in_stock AND escale_searchable_word(w.word)
      AND NOT EXISTS (SELECT FROM search_words s WHERE s.lang = w.lang AND s.word = w.word)) INTO adding;
  IF adding THEN
    LOCK TABLE search_words IN SHARE ROW EXCLUSIVE MODE;
  ELSE
    LOCK TABLE search_words IN ROW EXCLUSIVE MODE;
  END IF;

  -- The statement's parts share one snapshot: the delete does not see the rows the insert adds.
  WITH old AS (
    SELECT * FROM unnest(before) o WHERE o.product_id = ANY (moved)
  ), now AS (
    SELECT * FROM product_listings WHERE product_id = ANY (moved) AND in_stock
  ), gone AS (
    DELETE FROM search_matches sm WHERE sm.product_id = ANY (moved) RETURNING sm.word_id, sm.product_id
  ), came AS (
    INSERT INTO search_matches (word_id, product_id, rank, price_cents, popularity, sort_name)
    SELECT w.id, n.product_id,
           CASE w.lang WHEN 'fr' THEN ts_rank(n.search_fr, w.query) + 0.1 * ts_rank(n.prefix_fr, w.beginning)
                       ELSE ts_rank(n.search_en, w.query) + 0.1 * ts_rank(n.prefix_en, w.beginning) END,
           n.price_cents, n.popularity, CASE w.lang WHEN 'fr' THEN n.sort_name_fr ELSE n.sort_name_en END
    FROM now n JOIN search_words w
      ON CASE w.lang WHEN 'fr' THEN n.search_fr @@ w.query OR n.prefix_fr @@ w.beginning
                     ELSE n.search_en @@ w.query OR n.prefix_en @@ w.beginning END
    ORDER BY w.id, n.product_id
    RETURNING word_id, product_id
  ), count_delta AS (
    SELECT d.word_id, sum(d.delta)::integer AS delta FROM (
      SELECT word_id, -1 AS delta FROM gone UNION ALL SELECT word_id, 1 FROM came
    ) d GROUP BY d.word_id HAVING sum(d.delta) <> 0
  ), facet_delta AS (
    SELECT d.word_id, d.value_id, sum(d.delta)::integer AS delta FROM (
      SELECT g.word_id, v.value_id, -1 AS delta FROM gone g JOIN old o ON o.product_id = g.product_id, unnest(o.value_ids) v(value_id)
      UNION ALL
      SELECT c.word_id, v.value_id, 1 FROM came c JOIN now n ON n.product_id = c.product_id, unnest(n.value_ids) v(value_id)
    ) d GROUP BY d.word_id, d.value_id HAVING sum(d.delta) <> 0
  ), facets AS (
    -- In key order, so that two transactions changing the same counts take them in the same order.
    INSERT INTO search_word_facets (word_id, attribute_value_id, product_count)
    SELECT word_id, value_id, delta FROM facet_delta ORDER BY word_id, value_id
    ON CONFLICT (word_id, attribute_value_id) DO UPDATE SET product_count = search_word_facets.product_count + excluded.product_count
  )
  SELECT array_agg(word_id ORDER BY word_id), array_agg(delta ORDER BY word_id) INTO counted, deltas FROM count_delta;

  IF counted IS NOT NULL THEN
    -- The totals, locked in key order too.
    PERFORM 1 FROM search_words WHERE id = ANY (counted) ORDER BY id FOR UPDATE;
    UPDATE search_words s SET match_count = s.match_count + d.delta
    FROM unnest(counted, deltas) d(word_id, delta) WHERE s.id = d.word_id;
  END IF;

  -- Words the new names bring, with their matches (the products just moved among them). Another
  -- transaction may have added some before this one had the lock: those are left.
  IF adding THEN
    FOR new_words IN
      SELECT w.lang, array_agg(DISTINCT w.word) AS words
      FROM product_listings n CROSS JOIN LATERAL escale_name_words(n.prefix_fr, n.prefix_en) w
      WHERE n.product_id = ANY (moved) AND n.in_stock
      GROUP BY w.lang
    LOOP
      PERFORM add_search_words(new_words.lang, new_words.words);
    END LOOP;
  END IF;
END $$;
--> statement-breakpoint
ALTER FUNCTION "refresh_product_listings"(integer[]) RENAME TO "refresh_product_listing_rows";
--> statement-breakpoint
CREATE FUNCTION "refresh_product_listings"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  before product_listings[];
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  -- Locked first, as the refresh locks them, so that no other transaction changes them after the snapshot.
  PERFORM 1 FROM product_listings WHERE product_id = ANY (ids) ORDER BY product_id FOR UPDATE;
  SELECT array_agg(pl ORDER BY pl.product_id) INTO before FROM product_listings pl WHERE pl.product_id = ANY (ids);
  PERFORM refresh_product_listing_rows(ids);
  PERFORM refresh_search_matches(ids, coalesce(before, '{}'));
END $$;
--> statement-breakpoint
ALTER FUNCTION "rebuild_product_listings"() RENAME TO "rebuild_product_listing_rows";
--> statement-breakpoint
CREATE FUNCTION "rebuild_product_listings"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The listings' tables first, in the order the refresh takes them.
  PERFORM rebuild_product_listing_rows();
  LOCK TABLE search_words, search_matches, search_word_facets IN EXCLUSIVE MODE;
  DELETE FROM search_word_facets;
  DELETE FROM search_matches;
  DELETE FROM search_words;
  PERFORM fill_search_words();
END $$;
--> statement-breakpoint
SELECT fill_search_words();
