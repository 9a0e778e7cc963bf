// Whether a cart can become an order, however it is paid (card or empowerment budget): it has
// lines, a delivery address, a method for every shipment and a billing address; then the order's
// draft priced by the server. Also what a transaction re-checks under its locks (the cart's
// fingerprint) and how a shortage of stock is told.
import { sql } from "drizzle-orm";
import { rowsOf, type Database, type Orm } from "../../db/client.ts";
import type { Cart, CartRepository, CartRow } from "../cart/cart-repository.ts";
import { langOf } from "../catalog/locale.ts";
import type { OrderDraft } from "../orders/order-records.ts";
import { lineNames } from "./line-names.ts";
import { billingAddressOf, orderDraftOf } from "./order-draft.ts";

export type ReadinessRefusal =
  | { code: "CART_EMPTY" }
  | { code: "CART_INCOMPLETE"; missing: string[] }
  | { code: "OUT_OF_STOCK"; lines: { productReference: string; stockLeft: number }[] };

/** What an order's draft depends on: the cart's lines, coupon, addresses, methods, card message and its offers' prices. */
export async function cartFingerprint(orm: Orm, cartId: number): Promise<string> {
  const [row] = await rowsOf<{ fingerprint: string }>(
    orm,
    sql`select md5(concat_ws('|', c.coupon_code, c.billing_address_name, c.shipping_address::text, c.relay_point_id, c.custom_card_message,
          (select string_agg(l.offer_id || ':' || l.quantity || ':' || l.is_gift || ':' || o.regular_price_cents || ':' || coalesce(o.discount_price_cents, 0), ','
                  order by l.offer_id, l.is_gift)
           from cart_lines l join offers o on o.id = l.offer_id where l.cart_id = c.id),
          (select string_agg(m.shop_id || ':' || m.method_id, ',' order by m.shop_id) from cart_shipment_methods m where m.cart_id = c.id))) as fingerprint
        from carts c where c.id = ${cartId}`,
  );
  return row?.fingerprint ?? "";
}

/** The cart as the shopper sees it and the order it would make, or why it cannot be ordered yet. */
export async function draftOfCart(
  deps: { db: Database; carts: CartRepository },
  cart: CartRow,
  context: { customerId: string; locale: OrderDraft["locale"] },
): Promise<{ shown: Cart; draft: OrderDraft } | { refusal: ReadinessRefusal }> {
  const { db, carts } = deps;
  const shown = await carts.view(cart, langOf(context.locale));
  if (shown.cartItems.length === 0) return { refusal: { code: "CART_EMPTY" } };
  const billingAddress = await billingAddressOf(db.orm, context.customerId, shown.billingAddress?.name ?? null);
  const missing = [
    ...(shown.shippingAddress ? [] : ["shippingAddress"]),
    ...(shown.shipments.length > 0 && shown.shipments.every((shipment) => shipment.shipmentMethod !== null) ? [] : ["shipmentMethodIds"]),
    ...(billingAddress ? [] : ["billingAddress"]),
  ];
  if (missing.length > 0) return { refusal: { code: "CART_INCOMPLETE", missing } };
  const names = await lineNames(db.orm, shown.cartItems.map((item) => item.offerId));
  const draft = orderDraftOf(shown, names, {
    customerId: context.customerId.toLowerCase(),
    locale: context.locale,
    billingAddress,
    customCardMessage: cart.custom_card_message,
  });
  return { shown, draft };
}

/** The refusal of a draft some of whose offers lacked stock: each product once, with what is left. */
export async function outOfStockRefusal(orm: Orm, draft: OrderDraft, offerIds: number[]): Promise<ReadinessRefusal> {
  const stock = await rowsOf<{ id: number; stock_quantity: number }>(
    orm,
    sql`select id, stock_quantity from offers where id in (${sql.join(offerIds, sql`, `)})`,
  );
  const left = new Map(stock.map((row) => [row.id, row.stock_quantity]));
  const lines = draft.items
    .filter((item) => offerIds.includes(item.offerId))
    .map((item) => ({ productReference: item.productReference, stockLeft: left.get(item.offerId) ?? 0 }));
  return { code: "OUT_OF_STOCK", lines: lines.filter((line, index) => lines.findIndex((other) => other.productReference === line.productReference) === index) };
}
