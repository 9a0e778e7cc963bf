// The shipments of a cart: one parcel per shop its lines come from (in the order of the shops'
// ids, which `shipmentMethodIds` follows), its weight, the method chosen for it and that
// method's price for this weight and destination. Only a customer's cart has shipments: the
// checkout needs a signed-in customer, and an anonymous cart shows none.
import { sql } from "drizzle-orm";
import type { components } from "../../../common/api/schema.gen.ts";
import { rowsOf, type Orm } from "../../db/client.ts";
import { priceOf } from "../catalog/catalog-repository.ts";
import type { Lang } from "../catalog/locale.ts";
import { loadShippingRules } from "./shipping-rules-repository.ts";
import { DEFAULT_DESTINATION, methodName, quote, type Destination, type MethodRule, type ShippingRules } from "./shipping-rules.ts";

type Schemas = components["schemas"];
type Address = Schemas["Address"];
type Price = Schemas["Price"];
type Shipment = Schemas["Shipment"];
export type ShipmentMethod = Schemas["ShipmentMethod"];

/** A cart line as shipping sees it. */
interface ShippableLine {
  offerId: number;
  shopId: number;
  variantReference: string;
  productName: string;
  quantity: number;
  /** The product's logistic transport weight, in grams. */
  unitWeightGrams: number;
}

/** What a parcel's weight needs of a line. */
interface WeighedLine {
  shopId: number;
  quantity: number;
  unitWeightGrams: number;
}

export interface Parcel<Line extends WeighedLine = WeighedLine> {
  shopId: number;
  /** Sum over the lines of quantity × transport weight, in grams (SPEC §3). */
  weightGrams: number;
  lines: Line[];
}

/** The cart's parcels, one per shop, in the order of the shops' ids. */
export function parcelsOf<Line extends WeighedLine>(lines: readonly Line[]): Parcel<Line>[] {
  const byShop = new Map<number, Parcel<Line>>();
  for (const line of lines) {
    const parcel = byShop.get(line.shopId) ?? { shopId: line.shopId, weightGrams: 0, lines: [] };
    parcel.weightGrams += line.quantity * line.unitWeightGrams;
    parcel.lines.push(line);
    byShop.set(line.shopId, parcel);
  }
  return [...byShop.values()].sort((a, b) => a.shopId - b.shopId);
}

/** The parcels of a cart (gift lines travel in them too). */
export async function cartParcels(orm: Orm, cartId: number): Promise<Parcel[]> {
  const rows = await rowsOf<WeighedLine>(
    orm,
    sql`select o.shop_id as "shopId", l.quantity, p.transport_weight_grams as "unitWeightGrams"
        from cart_lines l join offers o on o.id = l.offer_id join variants v on v.id = o.variant_id join products p on p.id = v.product_id
        where l.cart_id = ${cartId}`,
  );
  return parcelsOf(rows);
}

/** Where a cart's parcels go: its delivery address (a relay point's when it names one), else metropolitan France. */
export function destinationOf(address: Pick<Address, "country" | "postCode" | "company"> | null, relayPointId: string | null): Destination {
  if (!address) return DEFAULT_DESTINATION;
  return { country: address.country, postCode: address.postCode, company: address.company, relayPointId };
}

/** The method chosen for each shop's parcel of the cart. */
async function chosenMethods(orm: Orm, cartId: number): Promise<Map<number, number>> {
  const rows = await rowsOf<{ shop_id: number; method_id: number }>(orm, sql`select shop_id, method_id from cart_shipment_methods where cart_id = ${cartId}`);
  return new Map(rows.map((row) => [row.shop_id, row.method_id]));
}

/** A method as the contract shows it, with its price for what it carries. */
export function shipmentMethodView(method: MethodRule, offer: { deliveryTime: number; deliveryTimeUnit: "DAY" | "HOUR"; priceCents: number }, lang: Lang): ShipmentMethod {
  return {
    id: method.id,
    carrier: method.carrier,
    name: methodName(method, lang),
    deliveryTime: offer.deliveryTime,
    deliveryTimeUnit: offer.deliveryTimeUnit,
    price: priceOf(offer.priceCents, method.taxRateBp),
  };
}

/** What nothing costs: a shipment without a method yet. */
const NOTHING: Price = priceOf(0, 0);

export interface CartShipmentsInput {
  cartId: number;
  /** The cart's customer (uuid); an anonymous cart has no shipments. */
  customerId: string | null;
  shippingAddress: Address | null;
  relayPointId: string | null;
  lines: readonly ShippableLine[];
  lang: Lang;
}

export interface CartShipments {
  shipments: Shipment[];
  /** The shipments' prices with their tax rates; null until every shipment has a method. */
  charges: { price: Price; taxRateBp: number }[] | null;
}

export async function cartShipments(orm: Orm, input: CartShipmentsInput): Promise<CartShipments> {
  const parcels = input.customerId === null ? [] : parcelsOf(input.lines);
  if (parcels.length === 0) return { shipments: [], charges: null };
  const [rules, chosen] = await Promise.all([loadShippingRules(orm), chosenMethods(orm, input.cartId)]);
  const destination = destinationOf(input.shippingAddress, input.relayPointId);
  const charges: { price: Price; taxRateBp: number }[] = [];
  const shipments: Shipment[] = [];
  for (const parcel of parcels) {
    const priced = pricedChoice(rules, chosen.get(parcel.shopId), destination, parcel.weightGrams);
    if (priced) charges.push({ price: priced.method.price, taxRateBp: priced.rule.taxRateBp });
    const pickup = priced?.rule.deliveryMode === "STORE" ? priced.rule.pickupAddress : null;
    shipments.push({
      // The cart's parcel of a shop is named by the shop's id (the order's shipments get their own).
      id: parcel.shopId,
      items: parcel.lines.map((line) => ({ offerId: line.offerId, reference: line.variantReference, name: line.productName, quantity: line.quantity })),
      shipmentWeight: parcel.weightGrams,
      price: priced?.method.price ?? NOTHING,
      trackingInfo: null,
      shipmentMethod: priced?.method ?? null,
      address: pickup ? await pickupAddressFor(orm, pickup, input) : input.shippingAddress,
      relayPointId: pickup ? null : input.relayPointId,
    });
  }
  return { shipments, charges: charges.length === parcels.length ? charges : null };

  function pricedChoice(rules: ShippingRules, methodId: number | undefined, destination: Destination, weightGrams: number) {
    // A method disabled since, or that no longer takes this parcel (it got heavier), is no choice.
    const rule = rules.methods.find((method) => method.id === methodId);
    if (!rule) return undefined;
    const result = quote(rules.areas, rule, destination, weightGrams);
    return "quote" in result ? { rule, method: shipmentMethodView(rule, result.quote, input.lang) } : undefined;
  }
}

/** The store's address, held for the customer (their name, and the phone of their delivery address). */
async function pickupAddressFor(orm: Orm, store: NonNullable<MethodRule["pickupAddress"]>, input: CartShipmentsInput): Promise<Address> {
  const [customer] = await rowsOf<{ first_name: string; last_name: string }>(
    orm,
    sql`select first_name, last_name from customers where uuid = ${input.customerId}`,
  );
  return {
    ...store,
    firstName: input.shippingAddress?.firstName ?? customer?.first_name ?? "",
    lastName: input.shippingAddress?.lastName ?? customer?.last_name ?? "",
    phone: input.shippingAddress?.phone ?? store.phone,
    defaultShipping: false,
    defaultBilling: false,
  };
}
