// The empowerment checkout's rules on a cart and on a failure: pure functions shared by the machine
// and the page.
import type { Cart, OrderRefusal } from "./empowerment-order.types.ts";
import { ORDER_REFUSALS } from "./empowerment-order.types.ts";

/** What the order still needs before it can be placed, in the order the page shows them. */
export type OrderPart = "delivery" | "method" | "billing";

export function missingPartsOf(cart: Cart | null): OrderPart[] {
  if (cart === null) return ["delivery", "method", "billing"];
  const missing: OrderPart[] = [];
  if (cart.shippingAddress === null || cart.shipments.some((shipment) => shipment.address === null)) missing.push("delivery");
  if (cart.shipments.length === 0 || cart.shipments.some((shipment) => shipment.shipmentMethod === null)) missing.push("method");
  if (cart.billingAddress === null) missing.push("billing");
  return missing;
}

/** The refusal code a failure carries, if it is one of the validation's. */
export function refusalOf(error: unknown): OrderRefusal | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  const { code } = error;
  return ORDER_REFUSALS.find((refusal) => refusal === code);
}

export function statusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("status" in error)) return undefined;
  return typeof error.status === "number" ? error.status : undefined;
}
