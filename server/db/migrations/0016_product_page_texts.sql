CREATE TABLE "product_pages" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"page_fr" text NOT NULL,
	"page_en" text NOT NULL
);
--> statement-breakpoint
-- Product pages kept as the API sends them: each product's `Product` in JSON text per language, made
-- here from the base tables and kept by the commit-time refresh of the cards (migration 0015), so that a
-- product page is one lookup whose text the server sends as it is. The server adds what is not kept:
-- the description's paragraphs, the category and the breadcrumb (from its category tree).
--
-- What `product_pages` holds for each product. The offer shown is the card's (kept just before, in
-- `product_cards`); each variant with an offer shows its first offer (by id), the variants in their
-- order; every attribute value of the product and of its variants is listed once under its attribute
-- (attributes by position, values by index); a configurable attribute is labelled when the product has
-- values of it, else named by its code.
CREATE VIEW "product_page_sources" AS
SELECT p.id AS product_id, row_to_json(page_fr_fields)::text AS page_fr, row_to_json(page_en_fields)::text AS page_en
FROM products p
LEFT JOIN product_cards card ON card.product_id = p.id
CROSS JOIN LATERAL (
  SELECT coalesce(json_object_agg(a.code, a.values_fr ORDER BY a.position, a.code), '{}') AS by_name_fr,
         coalesce(json_object_agg(a.code, a.values_en ORDER BY a.position, a.code), '{}') AS by_name_en,
         coalesce(array_agg(a.code), '{}') AS codes
  FROM (
    SELECT at.code, at.position,
           json_agg(json_build_object('value', av.value, 'label', av.label_fr, 'displayType', at.display_type,
                                      'filterType', at.filter_type, 'index', av.index, 'colorCode', av.color_code)
                    ORDER BY av.index, av.value) AS values_fr,
           json_agg(json_build_object('value', av.value, 'label', av.label_en, 'displayType', at.display_type,
                                      'filterType', at.filter_type, 'index', av.index, 'colorCode', av.color_code)
                    ORDER BY av.index, av.value) AS values_en
    FROM (SELECT pav.attribute_value_id AS id FROM product_attribute_values pav WHERE pav.product_id = p.id
          UNION
          SELECT vav.attribute_value_id FROM variants v JOIN variant_attribute_values vav ON vav.variant_id = v.id
          WHERE v.product_id = p.id) used
    JOIN attribute_values av ON av.id = used.id
    JOIN attributes at ON at.code = av.attribute_code
    GROUP BY at.code, at.position) a) attribute_values
CROSS JOIN LATERAL (
  SELECT coalesce(json_agg(json_build_object('name', c.code, 'label', CASE WHEN c.code = ANY (attribute_values.codes) THEN at.label_fr ELSE c.code END)
                           ORDER BY c.n), '[]') AS fr,
         coalesce(json_agg(json_build_object('name', c.code, 'label', CASE WHEN c.code = ANY (attribute_values.codes) THEN at.label_en ELSE c.code END)
                           ORDER BY c.n), '[]') AS en
  FROM unnest(p.configurable_attributes) WITH ORDINALITY c(code, n)
  LEFT JOIN attributes at ON at.code = c.code) configurable
CROSS JOIN LATERAL (
  SELECT coalesce(json_agg(json_build_object('name', at.code, 'label', at.label_fr, 'value', av.value, 'valueLabel', av.label_fr)
                           ORDER BY at.position, av.index, av.value), '[]') AS fr,
         coalesce(json_agg(json_build_object('name', at.code, 'label', at.label_en, 'value', av.value, 'valueLabel', av.label_en)
                           ORDER BY at.position, av.index, av.value), '[]') AS en
  FROM product_attribute_values pav
  JOIN attribute_values av ON av.id = pav.attribute_value_id
  JOIN attributes at ON at.code = av.attribute_code
  WHERE pav.product_id = p.id) selected
CROSS JOIN LATERAL (
  SELECT (array_agg(escale_picture_json(pi.id, pi.position, pi.is_cover, pi.category, pi.video_url, p.name_fr)
                     ORDER BY pi.is_cover DESC, pi.position, pi.id))[1] AS cover_fr,
         (array_agg(escale_picture_json(pi.id, pi.position, pi.is_cover, pi.category, pi.video_url, p.name_en)
                     ORDER BY pi.is_cover DESC, pi.position, pi.id))[1] AS cover_en,
         coalesce(json_agg(escale_picture_json(pi.id, pi.position, pi.is_cover, pi.category, pi.video_url, p.name_fr)
                           ORDER BY pi.position, pi.id), '[]') AS list_fr,
         coalesce(json_agg(escale_picture_json(pi.id, pi.position, pi.is_cover, pi.category, pi.video_url, p.name_en)
                           ORDER BY pi.position, pi.id), '[]') AS list_en
  FROM pictures pi WHERE pi.product_id = p.id) pictures
CROSS JOIN LATERAL (
  SELECT coalesce(json_agg(json_build_object('reference', v.reference, 'selectedAttributes', vs.fr, 'offer', o.json, 'pictures', vp.fr)
                           ORDER BY v.position, o.id), '[]') AS fr,
         coalesce(json_agg(json_build_object('reference', v.reference, 'selectedAttributes', vs.en, 'offer', o.json, 'pictures', vp.en)
                           ORDER BY v.position, o.id), '[]') AS en
  FROM variants v
  -- A variant without an offer is not shown.
  JOIN LATERAL (
    SELECT o.id, json_build_object('id', o.id, 'shop', json_build_object('id', s.id, 'name', s.name), 'pickingDelay', o.picking_delay,
                                   'stockQuantity', o.stock_quantity, 'logisticClass', o.logistic_class,
                                   'regularPrice', escale_price_json(o.regular_price_cents, p.tax_rate_bp),
                                   'discountPrice', escale_price_json(o.discount_price_cents, p.tax_rate_bp),
                                   'minimalOrderQuantity', o.min_order_quantity, 'maximalOrderQuantity', o.max_order_quantity) AS json
    FROM offers o JOIN shops s ON s.id = o.shop_id WHERE o.variant_id = v.id ORDER BY o.id LIMIT 1) o ON true
  CROSS JOIN LATERAL (
    SELECT coalesce(json_agg(json_build_object('name', at.code, 'label', at.label_fr, 'value', av.value, 'valueLabel', av.label_fr)
                             ORDER BY at.position, av.index, av.value), '[]') AS fr,
           coalesce(json_agg(json_build_object('name', at.code, 'label', at.label_en, 'value', av.value, 'valueLabel', av.label_en)
                             ORDER BY at.position, av.index, av.value), '[]') AS en
    FROM variant_attribute_values vav
    JOIN attribute_values av ON av.id = vav.attribute_value_id
    JOIN attributes at ON at.code = av.attribute_code
    WHERE vav.variant_id = v.id) vs
  CROSS JOIN LATERAL (
    SELECT coalesce(json_agg(escale_picture_json(pi.id, pi.position, pi.is_cover, pi.category, pi.video_url, p.name_fr)
                             ORDER BY pi.position, pi.id), '[]') AS fr,
           coalesce(json_agg(escale_picture_json(pi.id, pi.position, pi.is_cover, pi.category, pi.video_url, p.name_en)
                             ORDER BY pi.position, pi.id), '[]') AS en
    FROM pictures pi WHERE pi.product_id = p.id AND pi.variant_id = v.id) vp
  WHERE v.product_id = p.id) variants
CROSS JOIN LATERAL (
  SELECT p.id, p.slug_fr AS slug, json_build_object('fr', p.slug_fr, 'en', p.slug_en) AS slugs, p.reference, p.name_fr AS name,
         p.supplier_reference AS "supplierReference", p.transport_weight_grams AS "transportWeight",
         p.made_in_france AS "madeInFrance", p.made_in_europe AS "madeInEurope", p.up_cycling AS "upCycling",
         p.limited_edition AS "limitedEdition", cardinality(p.configurable_attributes) > 0 AS "isConfigurable",
         configurable.fr AS "configurableAttributes", attribute_values.by_name_fr AS "attributeValuesByAttributeName",
         selected.fr AS "selectedAttributes", card.summary_fr::json -> 'offer' AS offer, variants.fr AS variants,
         pictures.cover_fr AS "coverPicture", pictures.list_fr AS pictures) page_fr_fields
CROSS JOIN LATERAL (
  SELECT p.id, p.slug_en AS slug, json_build_object('fr', p.slug_fr, 'en', p.slug_en) AS slugs, p.reference, p.name_en AS name,
         p.supplier_reference AS "supplierReference", p.transport_weight_grams AS "transportWeight",
         p.made_in_france AS "madeInFrance", p.made_in_europe AS "madeInEurope", p.up_cycling AS "upCycling",
         p.limited_edition AS "limitedEdition", cardinality(p.configurable_attributes) > 0 AS "isConfigurable",
         configurable.en AS "configurableAttributes", attribute_values.by_name_en AS "attributeValuesByAttributeName",
         selected.en AS "selectedAttributes", card.summary_en::json -> 'offer' AS offer, variants.en AS variants,
         pictures.cover_en AS "coverPicture", pictures.list_en AS pictures) page_en_fields;--> statement-breakpoint
-- Brings these products' cards, then their pages (which show the card's offer), up to date: part of
-- `refresh_product_listings`, in id order.
CREATE OR REPLACE FUNCTION "refresh_product_cards"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_cards (product_id, offer_id, summary_fr, summary_en)
  SELECT product_id, offer_id, summary_fr, summary_en FROM product_card_sources WHERE product_id = ANY (ids) ORDER BY product_id
  ON CONFLICT (product_id) DO UPDATE
  SET offer_id = excluded.offer_id, summary_fr = excluded.summary_fr, summary_en = excluded.summary_en
  WHERE (product_cards.offer_id, product_cards.summary_fr, product_cards.summary_en)
        IS DISTINCT FROM (excluded.offer_id, excluded.summary_fr, excluded.summary_en);
  DELETE FROM product_cards c WHERE c.product_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = c.product_id);
  INSERT INTO product_pages (product_id, page_fr, page_en)
  SELECT product_id, page_fr, page_en FROM product_page_sources WHERE product_id = ANY (ids) ORDER BY product_id
  ON CONFLICT (product_id) DO UPDATE
  SET page_fr = excluded.page_fr, page_en = excluded.page_en
  WHERE (product_pages.page_fr, product_pages.page_en) IS DISTINCT FROM (excluded.page_fr, excluded.page_en);
  DELETE FROM product_pages pp WHERE pp.product_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = pp.product_id);
END $$;--> statement-breakpoint
-- The rebuild of migration 0015, writing the pages after the cards.
CREATE OR REPLACE FUNCTION "rebuild_product_listings"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE product_listings, product_cards, product_pages, category_listings, category_facets, category_stats IN EXCLUSIVE MODE;
  DELETE FROM product_listing_changes;
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
END $$;
--> statement-breakpoint
-- Attributes and their values (labels, order, swatches) show on the pages of every product that has
-- them: a change rebuilds, as a change of the category tree or of a shop's name does.
CREATE TRIGGER "attributes_listings" AFTER UPDATE OR DELETE ON "attributes"
FOR EACH STATEMENT EXECUTE FUNCTION rebuild_product_listings_on_change();
--> statement-breakpoint
CREATE TRIGGER "attribute_values_listings" AFTER UPDATE OR DELETE ON "attribute_values"
FOR EACH STATEMENT EXECUTE FUNCTION rebuild_product_listings_on_change();
--> statement-breakpoint
INSERT INTO "product_pages" ("product_id", "page_fr", "page_en")
SELECT "product_id", "page_fr", "page_en" FROM "product_page_sources";
