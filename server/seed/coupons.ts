// The demo coupons: one of each kind the cart handles, and one that has expired. Loaded when the
// coupons table is empty (a demo part), after the catalogue since the gift is one of its offers.
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client.ts";
import type { DemoPart } from "./demo-parts.ts";

/** The product given by the gift coupon (the boarding-pass luggage tag). */
export const GIFT_PRODUCT_REFERENCE = "ESC-TRV-0025";

export const DEMO_COUPONS = {
  percent: "BIENVENUE10",
  amount: "VOYAGE15",
  gift: "CADEAU",
  expired: "ETE2025",
} as const;

interface DemoCoupon {
  code: string;
  kind: "PERCENT" | "AMOUNT" | "GIFT";
  percentOffBp?: number;
  amountOffCents?: number;
  minimumBasketCents?: number;
  descriptionFr: string;
  descriptionEn: string;
  validFrom?: string;
  validUntil?: string;
}

const coupons: DemoCoupon[] = [
  {
    code: DEMO_COUPONS.percent,
    kind: "PERCENT",
    percentOffBp: 1000,
    descriptionFr: "10 % de réduction sur votre panier",
    descriptionEn: "10% off your basket",
  },
  {
    code: DEMO_COUPONS.amount,
    kind: "AMOUNT",
    amountOffCents: 1500,
    minimumBasketCents: 10_000,
    descriptionFr: "15 € de réduction dès 100 € d’achats",
    descriptionEn: "€15 off orders of €100 or more",
  },
  {
    code: DEMO_COUPONS.gift,
    kind: "GIFT",
    descriptionFr: "Une étiquette bagage offerte",
    descriptionEn: "A free luggage tag",
  },
  {
    code: DEMO_COUPONS.expired,
    kind: "PERCENT",
    percentOffBp: 2000,
    descriptionFr: "20 % de réduction pour l’été 2025",
    descriptionEn: "20% off for summer 2025",
    validFrom: "2025-06-01T00:00:00Z",
    validUntil: "2025-09-01T00:00:00Z",
  },
];

export const demoCoupons: DemoPart = {
  name: "coupons",
  async seedIfEmpty(db: Database) {
    return db.orm.transaction(async (tx) => {
      const [row] = await rowsOf<{ count: number }>(tx, sql`select count(*)::int as count from coupons`);
      if ((row?.count ?? 0) > 0) return false;
      for (const coupon of coupons) {
        await tx.execute(sql`
          insert into coupons (code, kind, percent_off_bp, amount_off_cents, gift_offer_id, minimum_basket_cents,
                               description_fr, description_en, valid_from, valid_until)
          select ${coupon.code}, ${coupon.kind}, ${coupon.percentOffBp ?? null}::int, ${coupon.amountOffCents ?? null}::int,
                 ${coupon.kind === "GIFT" ? sql`(select o.id from offers o join variants v on v.id = o.variant_id join products p on p.id = v.product_id where p.reference = ${GIFT_PRODUCT_REFERENCE} order by v.position, o.id limit 1)` : sql`null::int`},
                 ${coupon.minimumBasketCents ?? 0}, ${coupon.descriptionFr}, ${coupon.descriptionEn},
                 coalesce(${coupon.validFrom ?? null}::timestamptz, now()), ${coupon.validUntil ?? null}::timestamptz
          where ${coupon.kind} <> 'GIFT' or exists (select 1 from products where reference = ${GIFT_PRODUCT_REFERENCE})`);
      }
      return true;
    });
  },
};
