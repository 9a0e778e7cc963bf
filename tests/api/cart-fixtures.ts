// Shared set-up of the cart API tests: offers shaped for each test, and a stand-in for the
// customer sessions of the accounts module (a test double of the `CustomerSessions` seam).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { components } from "../../common/api/schema.gen.ts";
import { customerTokenInvalid, type CustomerGroup, type CustomerIdentity, type CustomerSessions } from "../../server/platform/sessions.ts";
import { GIFT_PRODUCT_REFERENCE } from "../../server/seed/coupons.ts";
import type { TestApp } from "../support/test-app.ts";

export type Schemas = components["schemas"];
export type Cart = Schemas["Cart"];

export interface OfferShape {
  stock: number;
  /** Tax-included regular price in cents. */
  regular: number;
  discount?: number | null;
  min?: number;
  max?: number | null;
}

/** Hands out distinct offers of the demo catalogue, reshaped to what a test needs. */
export async function offerPool(shop: TestApp) {
  const rows = await shop.db.rows<{ id: number; tax_rate_bp: number }>(sql`
    select o.id, p.tax_rate_bp from offers o join variants v on v.id = o.variant_id join products p on p.id = v.product_id
    where p.reference <> ${GIFT_PRODUCT_REFERENCE} order by o.id`);
  const free = new Map<number, number[]>();
  for (const row of rows) free.set(row.tax_rate_bp, [...(free.get(row.tax_rate_bp) ?? []), row.id]);
  return {
    /** A fresh offer of a product taxed at `taxRateBp` (2000 = 20 %), with this stock and these prices. */
    async take(shape: OfferShape, taxRateBp = 2000): Promise<number> {
      const id = free.get(taxRateBp)?.shift();
      if (id === undefined) throw new Error(`the demo catalogue has too few offers taxed at ${taxRateBp}`);
      await shop.db.rows(sql`
        update offers set stock_quantity = ${shape.stock}, regular_price_cents = ${shape.regular},
               discount_price_cents = ${shape.discount ?? null}::int, min_order_quantity = ${shape.min ?? 1},
               max_order_quantity = ${shape.max === undefined ? null : shape.max}::int
        where id = ${id}`);
      return id;
    },
  };
}

/** Customer sessions a test controls: `signIn()` gives the headers of a new customer. */
export function fakeSessions() {
  const customers = new Map<string, CustomerIdentity>();
  const sessions: CustomerSessions = {
    async identify(token) {
      const customer = customers.get(token);
      if (!customer) throw customerTokenInvalid();
      return { identity: customer, renewedToken: null };
    },
  };
  /** The headers of a session of this customer. */
  const signInAs = (customer: CustomerIdentity) => {
    const token = `token-${randomUUID()}`;
    customers.set(token, customer);
    return { "x-customer-authorization": `Bearer ${token}` };
  };
  return {
    sessions,
    signInAs,
    signIn(group: CustomerGroup = "GENERAL_PUBLIC") {
      const customer: CustomerIdentity = { id: randomUUID(), email: `${randomUUID()}@example.com`, group, locale: "fr_FR" };
      return { customer, headers: signInAs(customer) };
    },
  };
}

/** The cart API of one test app. */
export function cartClient(shop: TestApp) {
  return {
    setQuantity: (body: Record<string, unknown>, headers: Record<string, string> = {}, locale?: string) =>
      shop.request({
        method: "PUT",
        url: `/api/v1/shopping-cart/set-offer-quantity${locale ? `?locale=${locale}` : ""}`,
        payload: body,
        headers,
      }),
    get: (id: string, headers: Record<string, string> = {}, locale?: string) =>
      shop.request({ url: `/api/v1/shopping-cart/${id}${locale ? `?locale=${locale}` : ""}`, headers }),
    getCustomer: (headers: Record<string, string> = {}) => shop.request({ url: "/api/v1/shopping-cart", headers }),
    remove: (id: string, headers: Record<string, string> = {}) => shop.request({ method: "DELETE", url: `/api/v1/shopping-cart/${id}`, headers }),
    setCoupon: (id: string, coupon: string, headers: Record<string, string> = {}, locale?: string) =>
      shop.request({
        method: "PUT",
        url: `/api/v1/shopping-cart/${id}/set-coupon${locale ? `?locale=${locale}` : ""}`,
        payload: { coupon },
        headers,
      }),
    removeCoupon: (id: string, headers: Record<string, string> = {}) =>
      shop.request({ method: "DELETE", url: `/api/v1/shopping-cart/${id}/remove-coupon`, headers }),
  };
}

/** The cart of a 200 answer (fails with the body otherwise). */
export function cartOf(response: LightMyRequestResponse): Cart {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return response.json<Cart>();
}

export const lineOf = (cart: Cart, offerId: number, isGift = false) =>
  cart.cartItems.find((item) => item.offerId === offerId && item.isGift === isGift);
