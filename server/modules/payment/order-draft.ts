// The order a payment attempt will make, computed from the cart when the payment starts: its
// lines with prices as paid (the coupon's reduction shared among them as the cart shares it), its
// shipments and addresses, and its amounts with the taxes per rate. The amount charged is the
// draft's total, so the order and the payment always agree.
import { sql } from "drizzle-orm";
import type { components } from "../../../common/api/schema.gen.ts";
import { rowsOf, type Orm } from "../../db/client.ts";
import { priceOf } from "../catalog/catalog-repository.ts";
import type { Cart } from "../cart/cart-repository.ts";
import { shareInProportion, sumPrices } from "../cart/cart-pricing.ts";
import type { LineNames } from "./line-names.ts";
import type { OrderAmounts, OrderDraft, OrderDraftItem, TaxLine } from "../orders/order-records.ts";

type Address = components["schemas"]["Address"];
type Price = components["schemas"]["Price"];

/** A contract tax rate in percent (20, 5.5) as basis points (2000, 550). */
const basisPoints = (taxRate: number) => Math.round(taxRate * 100);

/** What the cart's views do not say: who pays, in which language, the full billing address. */
export interface DraftContext {
  customerId: string;
  locale: OrderDraft["locale"];
  billingAddress: Address | null;
  customCardMessage: string | null;
}

/** Builds the draft from the cart as priced for the shopper, with its lines' names in both languages. */
export function orderDraftOf(shown: Cart, names: ReadonlyMap<number, LineNames>, context: DraftContext): OrderDraft {
  const totalCents = (shown.specialPrice ?? shown.totalPrice).taxIncluded;
  const shippingCharges = shown.shipments.map((shipment) => ({ price: shipment.price, taxRateBp: basisPoints(shipment.price.taxRate) }));
  const shippingCents = shippingCharges.reduce((sum, charge) => sum + charge.price.taxIncluded, 0);
  const linesCents = shown.cartItems.reduce((sum, item) => sum + item.price.taxIncluded, 0);
  // The cart's special price is the lines after the coupon plus shipping: what the coupon took is the rest.
  const reduction = linesCents + shippingCents - totalCents;
  const shares = shareInProportion(reduction, shown.cartItems.map((item) => item.price.taxIncluded));

  const draftItems = shown.cartItems.map((item, index): OrderDraftItem => {
    const named = names.get(item.offerId);
    const taxRateBp = basisPoints(item.price.taxRate);
    const paidCents = item.price.taxIncluded - (shares[index] ?? 0);
    return {
      offerId: item.offerId,
      productId: item.product.id,
      productReference: item.product.reference,
      variantReference: item.variantReference,
      nameFr: named?.nameFr ?? item.product.name,
      nameEn: named?.nameEn ?? item.product.name,
      selectedAttributes: named?.selectedAttributes ?? { fr: item.selectedAttributes, en: item.selectedAttributes },
      coverPicture: item.product.coverPicture,
      quantity: item.quantity,
      unitPriceCents: item.isGift ? 0 : (item.unitPrice.discount ?? item.unitPrice.regular).taxIncluded,
      totalCents: paidCents,
      totalTaxFreeCents: priceOf(paidCents, taxRateBp).taxFree,
      taxRateBp,
      isGift: item.isGift,
    };
  });

  const paidLines = draftItems.map((item) => ({ price: priceOf(item.totalCents, item.taxRateBp), taxRateBp: item.taxRateBp }));
  const linesPrice = sumPrices(shown.cartItems.map((item) => ({ price: item.price, taxRateBp: basisPoints(item.price.taxRate) })));
  const shippingPrice: Price = shippingCharges.length > 0 ? sumPrices(shippingCharges) : priceOf(0, 0);
  const amounts: OrderAmounts = {
    linesPrice,
    couponReductionCents: reduction,
    shippingPrice,
    totalPrice: sumPrices([...paidLines, ...shippingCharges]),
    taxes: taxesPerRate([...paidLines, ...shippingCharges]),
  };
  return {
    cartUuid: shown.uuid,
    customerId: context.customerId,
    locale: context.locale,
    couponCode: shown.coupon?.code ?? null,
    billingAddress: context.billingAddress,
    shipments: shown.shipments.map((shipment, index) => ({ ...shipment, id: index + 1, trackingInfo: null })),
    items: draftItems,
    amounts,
    customCardMessage: context.customCardMessage,
  };
}

/** One line per tax rate (ascending), over what is paid; free lines count for nothing. */
function taxesPerRate(parts: { price: Price; taxRateBp: number }[]): TaxLine[] {
  const byRate = new Map<number, TaxLine>();
  for (const { price, taxRateBp } of parts) {
    if (price.taxIncluded === 0) continue;
    const line = byRate.get(taxRateBp) ?? { taxRate: taxRateBp / 100, taxFree: 0, taxAmount: 0 };
    line.taxFree += price.taxFree;
    line.taxAmount += price.taxAmount;
    byRate.set(taxRateBp, line);
  }
  return [...byRate.entries()].sort(([a], [b]) => a - b).map(([, line]) => line);
}

/** The address of the customer's address book of this name, as the contract's Address. */
export async function billingAddressOf(orm: Orm, customerId: string, name: string | null): Promise<Address | null> {
  if (name === null) return null;
  const [row] = await rowsOf<{
    name: string;
    company: string | null;
    first_name: string;
    last_name: string;
    street: string;
    city: string;
    post_code: string;
    country: string;
    phone: string | null;
    email: string | null;
    website: string | null;
    latitude: number | null;
    longitude: number | null;
  }>(
    orm,
    sql`select a.name, a.company, a.first_name, a.last_name, a.street, a.city, a.post_code, a.country, a.phone, a.email,
               a.website, a.latitude, a.longitude
        from customer_addresses a join customers c on c.id = a.customer_id
        where c.uuid = ${customerId.toLowerCase()} and a.name = ${name}`,
  );
  if (!row) return null;
  return {
    name: row.name,
    company: row.company,
    firstName: row.first_name,
    lastName: row.last_name,
    street: row.street,
    city: row.city,
    postCode: row.post_code,
    country: row.country,
    phone: row.phone,
    email: row.email,
    website: row.website,
    latitude: row.latitude,
    longitude: row.longitude,
    defaultShipping: false,
    defaultBilling: false,
  };
}
