CREATE TABLE "search_matches" (
	"term_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"rank" double precision NOT NULL,
	"price_cents" integer NOT NULL,
	"popularity" integer NOT NULL,
	"sort_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_term_facets" (
	"term_id" integer NOT NULL,
	"attribute_value_id" integer NOT NULL,
	"product_count" integer NOT NULL,
	CONSTRAINT "search_term_facets_term_id_attribute_value_id_pk" PRIMARY KEY("term_id","attribute_value_id")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lang" text NOT NULL,
	"term" text NOT NULL,
	"query" "tsquery" NOT NULL,
	"beginning" "tsquery" NOT NULL,
	"match_count" integer NOT NULL,
	CONSTRAINT "search_terms_lang_check" CHECK ("search_terms"."lang" in ('fr', 'en'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_terms_lang_term_idx" ON "search_terms" USING btree ("lang","term");--> statement-breakpoint
-- Searches read from kept matches (issue 19). A search finds the products in stock whose stemmed words
-- match its query or whose name words begin with its words, then ranks, sorts, counts and facets every
-- match: at 200,000 products a common word's thousands of matches for every page. Here each term a
-- shopper is likely to search (every word of the names of products in stock, every two words that follow
-- each other in one, and two telling words around a little one: `escale_search_terms`) keeps its search's
-- matches with their rank and sort keys, its total and its facet counts: a page is a walk along an index,
-- as a category's is. The search reads them only when its
-- term's words are a kept term and its query equals the term's: any other term runs the search itself.
--
-- `refresh_product_listings` now snapshots the rows it will change, runs the refresh of migration 0017
-- (renamed `refresh_product_listing_rows`), then moves each changed product's matches
-- (`refresh_search_matches`) and adds the terms new names bring: in the same transaction as the write.
-- The rebuild likewise wraps the former one (`rebuild_product_listing_rows`). A later migration that
-- replaces either must replace the inner one.

-- The terms of a name: its words as a shopper's term splits (unaccented, lower case, letters and digits;
-- `termWords` in the catalogue repository), each alone and each with the next one; and each word that says
-- something (three letters or more, not a stop word of the language) with the next such word, as shoppers
-- type a name without its little words ("sac voyage" for "Sac de voyage", "valise cabine" for "Valise 55 cm
-- cabine").
CREATE FUNCTION "escale_search_terms"(name text, config regconfig) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  WITH words AS (
    SELECT w.word, w.position
    FROM unnest(regexp_split_to_array(lower(unaccent(name)), '[^[:alnum:]]+')) WITH ORDINALITY w(word, position)
    WHERE w.word <> ''
  ), telling AS (
    SELECT word, row_number() OVER (ORDER BY position) AS position FROM words
    WHERE length(word) >= 3 AND length(to_tsvector(config, word)) > 0
  )
  SELECT word FROM words
  UNION
  SELECT a.word || ' ' || b.word FROM words a JOIN words b ON b.position = a.position + 1
  UNION
  SELECT a.word || ' ' || b.word FROM telling a JOIN telling b ON b.position = a.position + 1
$$;
--> statement-breakpoint
-- The beginnings a search for a term matches in the names: each of its words as a prefix, all of them.
CREATE FUNCTION "escale_term_beginning"(term text) RETURNS tsquery LANGUAGE sql STABLE AS $$
  SELECT to_tsquery('escale_simple', array_to_string(array(SELECT w || ':*' FROM unnest(string_to_array(term, ' ')) w), ' & '))
$$;
--> statement-breakpoint
-- Adds terms of one language and their matches among the products in stock: the search's very conditions
-- and rank (`searchSource` in the catalogue repository), with the full-text indexes, term by term. A query
-- of stop words only matches nothing and ranks 0 (tested first: the search would say so in a notice).
-- Terms already kept are left. The caller holds the lock that keeps the terms still (see below).
CREATE FUNCTION "add_search_terms"(l text, terms text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF l NOT IN ('fr', 'en') THEN
    RAISE EXCEPTION 'unknown language %', l;
  END IF;
  EXECUTE format($q$
    WITH candidates AS (
      SELECT DISTINCT t AS term, websearch_to_tsquery(%L::regconfig, t) AS query, escale_term_beginning(t) AS beginning
      FROM unnest($1) t
      WHERE NOT EXISTS (SELECT FROM search_terms s WHERE s.lang = %L AND s.term = t)
    ), found AS (
      SELECT c.term, pl.product_id,
             CASE WHEN numnode(c.query) > 0 THEN ts_rank(pl.search_%s, c.query) ELSE 0::real END
               + 0.1 * ts_rank(pl.prefix_%s, c.beginning) AS rank,
             pl.price_cents, pl.popularity, pl.sort_name_%s AS sort_name, pl.value_ids
      FROM candidates c
      CROSS JOIN LATERAL (SELECT * FROM product_listings pl
                          WHERE pl.in_stock AND ((numnode(c.query) > 0 AND pl.search_%s @@ c.query) OR pl.prefix_%s @@ c.beginning)) pl
    ), counts AS (
      SELECT term, count(*) AS match_count FROM found GROUP BY term
    ), added AS (
      INSERT INTO search_terms (lang, term, query, beginning, match_count)
      SELECT %L, c.term, c.query, c.beginning, coalesce(n.match_count, 0)
      FROM candidates c LEFT JOIN counts n ON n.term = c.term ORDER BY c.term
      RETURNING id, term
    ), matches AS (
      INSERT INTO search_matches (term_id, product_id, rank, price_cents, popularity, sort_name)
      SELECT a.id, f.product_id, f.rank, f.price_cents, f.popularity, f.sort_name
      FROM found f JOIN added a ON a.term = f.term
      ORDER BY a.id, f.product_id
    )
    INSERT INTO search_term_facets (term_id, attribute_value_id, product_count)
    SELECT a.id, v.value_id, count(*)
    FROM found f JOIN added a ON a.term = f.term, unnest(f.value_ids) v(value_id)
    GROUP BY a.id, v.value_id
  $q$, CASE l WHEN 'fr' THEN 'escale_fr' ELSE 'escale_en' END, l, l, l, l, l, l, l)
  USING terms;
END $$;
--> statement-breakpoint
-- Every term of the names of products in stock, both languages (this migration and the rebuild).
CREATE FUNCTION "fill_search_terms"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_search_terms('fr', array(SELECT DISTINCT t FROM product_listings pl, escale_search_terms(pl.name_fr, 'escale_fr') t WHERE pl.in_stock));
  PERFORM add_search_terms('en', array(SELECT DISTINCT t FROM product_listings pl, escale_search_terms(pl.name_en, 'escale_en') t WHERE pl.in_stock));
END $$;
--> statement-breakpoint
-- Moves the matches of the products `ids` whose listing row changed from `before` (the rows as they were)
-- to `product_listings` (as they are now), with the kept totals and facet counts, then adds the terms the
-- new names bring. A lock on `search_terms` keeps the terms and the matches together, taken before either
-- is read: ROW EXCLUSIVE to move matches, SHARE ROW EXCLUSIVE to add terms too, which waits for the
-- transactions moving matches to end and makes later ones wait for it. So no product's matches are written
-- against terms that miss one added meanwhile, and no term's matches miss a product moved meanwhile;
-- taking the one lock once, first, two refreshes do not wait for each other's.
CREATE FUNCTION "refresh_search_matches"(ids integer[], before product_listings[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  moved integer[];
  counted integer[];
  deltas integer[];
  adding boolean;
BEGIN
  SELECT array_agg(coalesce(n.product_id, o.product_id) ORDER BY coalesce(n.product_id, o.product_id)) INTO moved
  FROM unnest(before) o
  FULL JOIN (SELECT * FROM product_listings WHERE product_id = ANY (ids)) n ON n.product_id = o.product_id
  WHERE (o.in_stock IS TRUE OR n.in_stock IS TRUE)
    AND (o.in_stock, o.price_cents, o.popularity, o.name_fr, o.name_en, o.sort_name_fr, o.sort_name_en, o.prefix_fr, o.prefix_en,
         o.search_fr, o.search_en, o.value_ids)
        IS DISTINCT FROM (n.in_stock, n.price_cents, n.popularity, n.name_fr, n.name_en, n.sort_name_fr, n.sort_name_en,
                          n.prefix_fr, n.prefix_en, n.search_fr, n.search_en, n.value_ids);
  IF moved IS NULL THEN
    RETURN;
  END IF;
  -- Terms leave only with a rebuild: one not kept now is one to add.
  SELECT EXISTS (
    SELECT FROM product_listings n
    CROSS JOIN LATERAL (SELECT 'fr' AS lang, t FROM escale_search_terms(n.name_fr, 'escale_fr') t
                        UNION ALL SELECT 'en', t FROM escale_search_terms(n.name_en, 'escale_en') t) w
    WHERE n.product_id = ANY (moved) AND n.in_stock
      AND NOT EXISTS (SELECT FROM search_terms s WHERE s.lang = w.lang AND s.term = w.t)) INTO adding;
  IF adding THEN
    LOCK TABLE search_terms IN SHARE ROW EXCLUSIVE MODE;
  ELSE
    LOCK TABLE search_terms IN ROW EXCLUSIVE MODE;
  END IF;

  -- The statement's parts share one snapshot: the delete does not see the rows the insert adds. Each
  -- product is tried against every term (a few thousand), the search's conditions and rank.
  WITH old AS (
    SELECT * FROM unnest(before) o WHERE o.product_id = ANY (moved)
  ), now AS (
    SELECT * FROM product_listings WHERE product_id = ANY (moved) AND in_stock
  ), gone AS (
    DELETE FROM search_matches sm WHERE sm.product_id = ANY (moved) RETURNING sm.term_id, sm.product_id
  ), came AS (
    INSERT INTO search_matches (term_id, product_id, rank, price_cents, popularity, sort_name)
    SELECT t.id, n.product_id,
           CASE t.lang WHEN 'fr' THEN CASE WHEN numnode(t.query) > 0 THEN ts_rank(n.search_fr, t.query) ELSE 0::real END
                                        + 0.1 * ts_rank(n.prefix_fr, t.beginning)
                       ELSE CASE WHEN numnode(t.query) > 0 THEN ts_rank(n.search_en, t.query) ELSE 0::real END
                              + 0.1 * ts_rank(n.prefix_en, t.beginning) END,
           n.price_cents, n.popularity, CASE t.lang WHEN 'fr' THEN n.sort_name_fr ELSE n.sort_name_en END
    FROM now n JOIN search_terms t
      ON CASE t.lang WHEN 'fr' THEN (numnode(t.query) > 0 AND n.search_fr @@ t.query) OR n.prefix_fr @@ t.beginning
                     ELSE (numnode(t.query) > 0 AND n.search_en @@ t.query) OR n.prefix_en @@ t.beginning END
    ORDER BY t.id, n.product_id
    RETURNING term_id, product_id
  ), count_delta AS (
    SELECT d.term_id, sum(d.delta)::integer AS delta FROM (
      SELECT term_id, -1 AS delta FROM gone UNION ALL SELECT term_id, 1 FROM came
    ) d GROUP BY d.term_id HAVING sum(d.delta) <> 0
  ), facet_delta AS (
    SELECT d.term_id, d.value_id, sum(d.delta)::integer AS delta FROM (
      SELECT g.term_id, v.value_id, -1 AS delta FROM gone g JOIN old o ON o.product_id = g.product_id, unnest(o.value_ids) v(value_id)
      UNION ALL
      SELECT c.term_id, v.value_id, 1 FROM came c JOIN now n ON n.product_id = c.product_id, unnest(n.value_ids) v(value_id)
    ) d GROUP BY d.term_id, d.value_id HAVING sum(d.delta) <> 0
  ), facets AS (
    -- In key order, so that two transactions changing the same counts take them in the same order.
    INSERT INTO search_term_facets (term_id, attribute_value_id, product_count)
    SELECT term_id, value_id, delta FROM facet_delta ORDER BY term_id, value_id
    ON CONFLICT (term_id, attribute_value_id) DO UPDATE SET product_count = search_term_facets.product_count + excluded.product_count
  )
  SELECT array_agg(term_id ORDER BY term_id), array_agg(delta ORDER BY term_id) INTO counted, deltas FROM count_delta;

  IF counted IS NOT NULL THEN
    -- The totals, locked in key order too.
    PERFORM 1 FROM search_terms WHERE id = ANY (counted) ORDER BY id FOR UPDATE;
    UPDATE search_terms s SET match_count = s.match_count + d.delta
    FROM unnest(counted, deltas) d(term_id, delta) WHERE s.id = d.term_id;
  END IF;

  -- Terms the new names bring, with their matches (the products just moved among them). Another
  -- transaction may have added some before this one had the lock: those are left.
  IF adding THEN
    PERFORM add_search_terms('fr', array(SELECT DISTINCT t FROM product_listings n, escale_search_terms(n.name_fr, 'escale_fr') t
                                         WHERE n.product_id = ANY (moved) AND n.in_stock));
    PERFORM add_search_terms('en', array(SELECT DISTINCT t FROM product_listings n, escale_search_terms(n.name_en, 'escale_en') t
                                         WHERE n.product_id = ANY (moved) AND n.in_stock));
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
DECLARE
  definitions text[];
  definition text;
BEGIN
  -- The listings' tables first, in the order the refresh takes them.
  PERFORM rebuild_product_listing_rows();
  LOCK TABLE search_terms, search_matches, search_term_facets IN EXCLUSIVE MODE;
  DELETE FROM search_term_facets;
  DELETE FROM search_matches;
  DELETE FROM search_terms;
  -- The matches' indexes are built again after the fill (millions of rows at 200,000 products):
  -- sorting each once is several times faster than keeping five indexes row by row.
  SELECT array_agg(indexdef ORDER BY indexname) INTO definitions
  FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'search_matches';
  FOR definition IN SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'search_matches' LOOP
    EXECUTE format('DROP INDEX %I', definition);
  END LOOP;
  PERFORM fill_search_terms();
  FOREACH definition IN ARRAY coalesce(definitions, '{}') LOOP
    EXECUTE definition;
  END LOOP;
END $$;
--> statement-breakpoint
SELECT fill_search_terms();
--> statement-breakpoint
-- The indexes after the fill: each sorted once.
CREATE INDEX "search_matches_relevance_idx" ON "search_matches" USING btree ("term_id","rank" DESC NULLS LAST,"popularity" DESC NULLS LAST,"product_id");
--> statement-breakpoint
CREATE INDEX "search_matches_price_idx" ON "search_matches" USING btree ("term_id","price_cents","sort_name","product_id");
--> statement-breakpoint
CREATE INDEX "search_matches_price_desc_idx" ON "search_matches" USING btree ("term_id","price_cents" DESC NULLS LAST,"sort_name","product_id");
--> statement-breakpoint
CREATE INDEX "search_matches_name_idx" ON "search_matches" USING btree ("term_id","sort_name","product_id");
--> statement-breakpoint
CREATE INDEX "search_matches_product_idx" ON "search_matches" USING btree ("product_id");
