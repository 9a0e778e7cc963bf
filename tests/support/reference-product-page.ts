// A product page computed the plain way, from the base tables on every call, and shaped by the
// server's own code (prices by `priceOf()`, offers by `toOffer()`, pictures addressed as the media
// routes serve them): what the storefront answered before the pages were kept by the database
// (migration 0016). Tests compare the kept pages with it. Without the fields the server adds to the
// kept text (description, category, breadcrumb).
import { sql } from "drizzle-orm";
import type { components } from "../../common/api/schema.gen.ts";
import type { Database } from "../../server/db/client.ts";
import { toOffer, type OfferColumns } from "../../server/modules/catalog/catalog-repository.ts";
import { pictureUrls } from "../../server/modules/media/picture-urls.ts";

type Schemas = components["schemas"];
type Product = Schemas["Product"];
type Picture = Schemas["Picture"];
type AttributeValue = Schemas["AttributeValue"];
type SelectedAttribute = Schemas["SelectedAttribute"];

/** The kept part of a product page. */
export type ReferenceProductPage = Omit<Product, "description" | "category" | "breadcrumb">;

interface ValueRow {
  owner_kind: "product" | "variant";
  owner_id: number;
  attribute_code: string;
  attribute_label: string;
  attribute_position: number;
  display_type: AttributeValue["displayType"];
  filter_type: AttributeValue["filterType"];
  value: string;
  label: string;
  color_code: string | null;
  value_index: number;
}

interface PictureRow {
  id: number;
  variant_id: number | null;
  position: number;
  is_cover: boolean;
  category: Picture["category"];
  video_url: string | null;
}

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

export async function referenceProductPage(db: Database, productId: number, lang: "fr" | "en"): Promise<ReferenceProductPage> {
  const l = (fr: string, en: string) => sql.raw(lang === "fr" ? fr : en);
  const [product] = await db.rows<{
    id: number;
    slug: string;
    slug_fr: string;
    slug_en: string;
    reference: string;
    name: string;
    supplier_reference: string;
    transport_weight_grams: number;
    made_in_france: boolean;
    made_in_europe: boolean;
    up_cycling: boolean;
    limited_edition: boolean;
    configurable_attributes: string[];
    shown_offer_id: number | null;
  }>(sql`
    select p.id, ${l("p.slug_fr", "p.slug_en")} as slug, p.slug_fr, p.slug_en, p.reference, ${l("p.name_fr", "p.name_en")} as name,
           p.supplier_reference, p.transport_weight_grams, p.made_in_france, p.made_in_europe, p.up_cycling,
           p.limited_edition, p.configurable_attributes, pc.offer_id as shown_offer_id
    from products p left join product_cards pc on pc.product_id = p.id where p.id = ${productId}`);
  if (!product) throw new Error(`no product ${productId}`);
  const offers = await db.rows<OfferColumns & { variant_id: number; variant_reference: string }>(sql`
    select o.id, o.variant_id, v.reference as variant_reference, o.shop_id, s.name as shop_name, o.picking_delay,
           o.stock_quantity, o.logistic_class, o.regular_price_cents, o.discount_price_cents, o.min_order_quantity,
           o.max_order_quantity, p.tax_rate_bp
    from variants v join offers o on o.variant_id = v.id join shops s on s.id = o.shop_id join products p on p.id = v.product_id
    where v.product_id = ${productId} order by v.position, o.id`);
  const pictures = await db.rows<PictureRow>(sql`
    select pi.id, pi.variant_id, pi.position, pi.is_cover, pi.category, pi.video_url
    from pictures pi where pi.product_id = ${productId} order by pi.position, pi.id`);
  const values = await db.rows<ValueRow>(sql`
    select 'product' as owner_kind, pav.product_id as owner_id, a.code as attribute_code,
           ${l("a.label_fr", "a.label_en")} as attribute_label, a.position as attribute_position, a.display_type, a.filter_type,
           av.value, ${l("av.label_fr", "av.label_en")} as label, av.color_code, av.index as value_index
    from product_attribute_values pav
    join attribute_values av on av.id = pav.attribute_value_id join attributes a on a.code = av.attribute_code
    where pav.product_id = ${productId}
    union all
    select 'variant', vav.variant_id, a.code, ${l("a.label_fr", "a.label_en")}, a.position, a.display_type, a.filter_type,
           av.value, ${l("av.label_fr", "av.label_en")}, av.color_code, av.index
    from variants v join variant_attribute_values vav on vav.variant_id = v.id
    join attribute_values av on av.id = vav.attribute_value_id join attributes a on a.code = av.attribute_code
    where v.product_id = ${productId}`);

  const toPicture = (row: PictureRow): Picture => ({
    id: row.id,
    title: row.position === 0 ? product.name : `${product.name} – ${row.position + 1}`,
    isCover: row.is_cover,
    order: row.position,
    category: row.category,
    ...pictureUrls(row.id),
    url: row.video_url,
  });
  const selectedOf = (value: ValueRow): SelectedAttribute => ({
    name: value.attribute_code,
    label: value.attribute_label,
    value: value.value,
    valueLabel: value.label,
  });
  const byPosition = (a: ValueRow, b: ValueRow) =>
    a.attribute_position - b.attribute_position || a.value_index - b.value_index || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

  const attributeValuesByAttributeName: Record<string, AttributeValue[]> = {};
  const seen = new Set<string>();
  for (const value of [...values].sort(byPosition)) {
    const key = `${value.attribute_code}\u0000${value.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    (attributeValuesByAttributeName[value.attribute_code] ??= []).push({
      value: value.value,
      label: value.label,
      displayType: value.display_type,
      filterType: value.filter_type,
      index: value.value_index,
      colorCode: value.color_code,
    });
  }
  const labels = new Map(values.map((value) => [value.attribute_code, value.attribute_label]));
  const variantValues = groupBy(
    values.filter((value) => value.owner_kind === "variant"),
    (value) => value.owner_id,
  );
  const picturesByVariant = groupBy(pictures, (picture) => picture.variant_id);
  const offersByVariant = groupBy(offers, (offer) => offer.variant_id);
  const variantRows = [...new Map(offers.map((offer) => [offer.variant_id, offer])).values()];
  const shown = offers.find((offer) => offer.id === product.shown_offer_id);
  const productPictures = pictures.map(toPicture);
  return {
    id: product.id,
    slug: product.slug,
    slugs: { fr: product.slug_fr, en: product.slug_en },
    reference: product.reference,
    name: product.name,
    supplierReference: product.supplier_reference,
    transportWeight: product.transport_weight_grams,
    madeInFrance: product.made_in_france,
    madeInEurope: product.made_in_europe,
    upCycling: product.up_cycling,
    limitedEdition: product.limited_edition,
    isConfigurable: product.configurable_attributes.length > 0,
    configurableAttributes: product.configurable_attributes.map((code) => ({ name: code, label: labels.get(code) ?? code })),
    attributeValuesByAttributeName,
    selectedAttributes: values
      .filter((value) => value.owner_kind === "product")
      .sort(byPosition)
      .map(selectedOf),
    offer: shown ? toOffer(shown) : null,
    variants: variantRows.map((variant) => {
      const offer = offersByVariant.get(variant.variant_id)?.[0];
      return {
        reference: variant.variant_reference,
        selectedAttributes: (variantValues.get(variant.variant_id) ?? []).sort(byPosition).map(selectedOf),
        offer: offer ? toOffer(offer) : null,
        pictures: (picturesByVariant.get(variant.variant_id) ?? []).map(toPicture),
      };
    }),
    coverPicture: productPictures.find((picture) => picture.isCover) ?? productPictures[0] ?? null,
    pictures: productPictures,
  };
}
