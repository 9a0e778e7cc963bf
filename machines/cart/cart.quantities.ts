// The quantity arithmetic of the cart (SPEC §4): add = what the cart holds + the quantity asked for,
// update = the quantity, remove = 0; a quantity above the offer's stock (or its maximal order
// quantity) is refused with addToCart.max before anything is sent.
import type { Cart, CartItem, OfferLimits } from "./cart.types.ts";

/** The line of an offer (gift lines aside: a coupon adds them, the shopper does not). */
export function lineOf(cart: Cart | null, offerId: number): CartItem | undefined {
  return cart?.cartItems.find((item) => item.offerId === offerId && !item.isGift);
}

/** How many of the offer the cart holds (0 without a line). */
export function quantityInCart(cart: Cart | null, offerId: number): number {
  return lineOf(cart, offerId)?.quantity ?? 0;
}

/** The most of an offer one cart may hold: its stock, or its maximal order quantity when lower. */
export function maxQuantity(offer: OfferLimits): number {
  const stock = Math.max(0, offer.stockQuantity);
  return offer.maximalOrderQuantity === null ? stock : Math.min(stock, offer.maximalOrderQuantity);
}

/** The least a line may hold (at least 1: less is a removal). */
export function minQuantity(offer: OfferLimits): number {
  return Math.max(1, offer.minimalOrderQuantity);
}

/** The line's quantity after adding `quantity` more. */
export function quantityAfterAdd(cart: Cart | null, offerId: number, quantity: number): number {
  return quantityInCart(cart, offerId) + quantity;
}

/** SPEC §4 and §5: the cart may not hold more than the offer's stock (nor its maximal order quantity). */
export function exceedsStock(offer: OfferLimits, quantity: number): boolean {
  return quantity > maxQuantity(offer);
}

/** A quantity a shopper may ask for: a whole number of at least 1. */
export function isOrderableQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1;
}

/** Number of lines of the cart (the header's badge). */
export function lineCount(cart: Cart | null): number {
  return cart?.cartItems.length ?? 0;
}
