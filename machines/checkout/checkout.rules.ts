// The checkout's rules on a cart (SPEC §2 out-of-stock modal, the shipping step's 'Continue to
// payment'): pure functions of the cart as the server answered it, shared by the machine and the views.
import type { Cart, CartItem } from "./checkout.types.ts";

/** The paid lines whose quantity is more than today's stock of their offer (gift lines come with a coupon). */
export function linesOverStock(cart: Cart | null): CartItem[] {
  return (cart?.cartItems ?? []).filter((line) => !line.isGift && line.quantity > line.offer.stockQuantity);
}

export function hasLines(cart: Cart | null): boolean {
  return (cart?.cartItems.length ?? 0) > 0;
}

/** Where the cart goes, who pays and how it travels are all set (SPEC §2: 'Continue to payment'). */
export function isReadyToPay(cart: Cart | null): boolean {
  if (cart === null || !hasLines(cart) || cart.billingAddress === null) return false;
  if (cart.shipments.length === 0) return false;
  return cart.shipments.every((shipment) => shipment.address !== null && shipment.shipmentMethod !== null);
}
