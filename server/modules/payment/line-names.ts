// The names and chosen attributes of a cart's lines in both languages: an order keeps both (its
// e-mail, invoice and history follow the reader's language), while the cart was priced in one.
import { sql } from "drizzle-orm";
import type { components } from "../../../common/api/schema.gen.ts";
import { rowsOf, type Orm } from "../../db/client.ts";

type SelectedAttribute = components["schemas"]["SelectedAttribute"];

export interface LineNames {
  nameFr: string;
  nameEn: string;
  selectedAttributes: { fr: SelectedAttribute[]; en: SelectedAttribute[] };
}

export async function lineNames(orm: Orm, offerIds: readonly number[]): Promise<Map<number, LineNames>> {
  if (offerIds.length === 0) return new Map();
  const ids = sql.join([...new Set(offerIds)], sql`, `);
  const offers = await rowsOf<{ offer_id: number; variant_id: number; name_fr: string; name_en: string }>(
    orm,
    sql`select o.id as offer_id, o.variant_id, p.name_fr, p.name_en
        from offers o join variants v on v.id = o.variant_id join products p on p.id = v.product_id
        where o.id in (${ids})`,
  );
  // The same attributes the cart shows: the product's configurable ones, in their order.
  const attributes = await rowsOf<{ variant_id: number; name: string; label_fr: string; label_en: string; value: string; value_fr: string; value_en: string }>(
    orm,
    sql`select vav.variant_id, a.code as name, a.label_fr, a.label_en, av.value, av.label_fr as value_fr, av.label_en as value_en
        from variant_attribute_values vav
        join attribute_values av on av.id = vav.attribute_value_id
        join attributes a on a.code = av.attribute_code
        join variants v on v.id = vav.variant_id
        join products p on p.id = v.product_id
        where vav.variant_id in (select variant_id from offers where id in (${ids})) and a.code = any(p.configurable_attributes)
        order by a.position, av.index`,
  );
  return new Map(
    offers.map((offer) => {
      const own = attributes.filter((row) => row.variant_id === offer.variant_id);
      return [
        offer.offer_id,
        {
          nameFr: offer.name_fr,
          nameEn: offer.name_en,
          selectedAttributes: {
            fr: own.map((row) => ({ name: row.name, label: row.label_fr, value: row.value, valueLabel: row.value_fr })),
            en: own.map((row) => ({ name: row.name, label: row.label_en, value: row.value, valueLabel: row.value_en })),
          },
        },
      ];
    }),
  );
}
