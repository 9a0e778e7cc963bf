-- Autocomplete: more bits for the beginnings of a name's words (issue 19). A typed term of two words
-- walks the products of one word's list and skips, within the index, those whose bits say their name
-- cannot have the other typed beginning; only the rest are checked on their listing row (a heap
-- fetch each). With 64 bits (0017: a first letter in 24, a first two letters in 40) the two letters of
-- a common word often shared a bit with a collection's name that most products carry ("av" with
-- "in" of "Été indien" and "he" of "Héritage"): at 200,000 products "premier av" checked about 3,000
-- rows to find 20 (15 ms). Now 128 bits: the same 64, the first two letters hashed a second way into
-- 32 more, and the first three letters into the last 32. A beginning must have all its bits, so a
-- collision must happen in both two-letter hashes (and in the three-letter one for a longer word).
-- The refresh and the rebuild (0017) call these functions by name: the words' tables are filled again
-- here and kept by them as before.
ALTER TABLE "name_word_products" DROP CONSTRAINT "name_word_products_lang_word_popularity_product_id_pk";
--> statement-breakpoint
DELETE FROM "name_word_products";
--> statement-breakpoint
DELETE FROM "name_words";
--> statement-breakpoint
DROP FUNCTION "escale_name_words"(tsvector, tsvector);
--> statement-breakpoint
DROP FUNCTION "escale_word_bits"(text[]);
--> statement-breakpoint
DROP FUNCTION "escale_prefix_bits"(text);
--> statement-breakpoint
ALTER TABLE "name_word_products" ALTER COLUMN "word_bits" SET DATA TYPE bit(128) USING B'0'::bit(128);
--> statement-breakpoint
-- Bits numbered from the left, from the beginning's code points (the same in every version); a
-- missing part sets the first letter's bit again. Written as one expression so that it is inlined.
CREATE FUNCTION "escale_prefix_bits"(prefix text) RETURNS bit(128) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT set_bit(set_bit(set_bit(set_bit(B'0'::bit(128),
    ascii(prefix) % 24, 1),
    CASE WHEN length(prefix) > 1 THEN 24 + (ascii(prefix) * 31 + ascii(substr(prefix, 2, 1))) % 40 ELSE ascii(prefix) % 24 END, 1),
    CASE WHEN length(prefix) > 1 THEN 64 + (ascii(prefix) * 7 + ascii(substr(prefix, 2, 1)) * 13) % 32 ELSE ascii(prefix) % 24 END, 1),
    CASE WHEN length(prefix) > 2
         THEN 96 + (ascii(prefix) * 961 + ascii(substr(prefix, 2, 1)) * 31 + ascii(substr(prefix, 3, 1))) % 32
         ELSE ascii(prefix) % 24 END, 1)
$$;
--> statement-breakpoint
CREATE FUNCTION "escale_word_bits"(words text[]) RETURNS bit(128) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(escale_prefix_bits(w)), B'0'::bit(128)) FROM unnest(words) w
$$;
--> statement-breakpoint
CREATE FUNCTION "escale_name_words"(prefix_fr tsvector, prefix_en tsvector) RETURNS TABLE (lang text, word text, word_bits bit(128))
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'fr', w, escale_word_bits(tsvector_to_array(prefix_fr)) FROM unnest(tsvector_to_array(prefix_fr)) w
  UNION ALL
  SELECT 'en', w, escale_word_bits(tsvector_to_array(prefix_en)) FROM unnest(tsvector_to_array(prefix_en)) w
$$;
--> statement-breakpoint
SELECT fill_name_words();
--> statement-breakpoint
ALTER TABLE "name_word_products" ADD CONSTRAINT "name_word_products_lang_word_popularity_product_id_pk"
  PRIMARY KEY ("lang", "word", "popularity", "product_id") INCLUDE ("word_bits");
--> statement-breakpoint
ANALYZE "name_word_products";
--> statement-breakpoint
ANALYZE "name_words";
