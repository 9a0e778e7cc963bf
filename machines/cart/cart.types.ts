// The vocabulary of the cart (SPEC §2 cart sidebar and product modal, §3 Cart, §4 Cart, §8 cart
// errors): the cart as the API gives it, what views and the auth flow send, and what the IO actors
// are asked.
import type { components } from "../../common/api/schema.gen.ts";

export type Cart = components["schemas"]["Cart"];
export type CartItem = components["schemas"]["CartItem"];
export type Offer = components["schemas"]["Offer"];
export type CustomerGroup = components["schemas"]["CustomerGroup"];

/** What the stock check needs of an offer (SPEC §4: stock; §3: minimal and maximal order quantity). */
export type OfferLimits = Pick<Offer, "id" | "stockQuantity" | "minimalOrderQuantity" | "maximalOrderQuantity">;

export interface CartInput {
  /** The cart's uuid kept in the cart-id cookie, if any: the cart is loaded from it at start. */
  storedCartId: string | null;
  /** A customer's session is stored and being restored: the cart waits to know whose it is (false when absent). */
  restoringSession?: boolean;
}

/** How a quantity change was asked for (SPEC §4 quantity methods): add = existing + n, update = n, remove = 0. */
export type QuantityChangeKind = "add" | "update" | "remove";

export interface QuantityChange {
  kind: QuantityChangeKind;
  offerId: number;
  /** The line's new quantity, as sent to the server. */
  quantity: number;
  /** The line as it was before the change (the removed product modal shows it). */
  line: CartItem | null;
  /** The cart had a coupon before the change (the server may take it off: coupon.dropped). */
  hadCoupon: boolean;
}

export type ProductModalKind = "added" | "removed";

/**
 * The machine keeps which cart is the shopper's and what it is doing, not the cart itself: the cart
 * lives in the app's query cache, which the machine writes through (`writeCart`, `removeCart`), and
 * a request carries the cart as the view showed it when it was asked (`cart`).
 */
export interface CartContext {
  /** The uuid of the shopper's cart: the stored one at start, then the one the server answers with. */
  cartId: string | null;
  /** The quantity change in flight (its kind chooses the notification and the modal). */
  change: QuantityChange | null;
  /** The line the added/removed product modal shows. */
  modalLine: CartItem | null;
  /** The customer's session stored at start is being restored: nothing is loaded until it says who the shopper is. */
  awaitsSession: boolean;
}

/** The cart as the view that sends an event shows it (from the query cache); null when there is none. */
type Shown = { cart: Cart | null };

export type CartEvent =
  /** Add to cart (product page, product card): `quantity` more of the offer. */
  | ({ type: "cart.add"; offer: OfferLimits; quantity: number } & Shown)
  /** The stepper of a line: set its quantity. */
  | ({ type: "cart.update"; offerId: number; quantity: number } & Shown)
  | ({ type: "cart.remove"; offerId: number } & Shown)
  | { type: "cart.clear" }
  | ({ type: "cart.applyCoupon"; code: string } & Shown)
  | ({ type: "cart.removeCoupon" } & Shown)
  | { type: "cart.openSidebar" }
  | { type: "cart.closeSidebar" }
  | { type: "cart.closeProductModal" }
  /** Raised by the cart itself after a quantity change: did the server take the coupon off? Views do not send it. */
  | { type: "cart.coupon.checked"; dropped: boolean }
  /** Raised by the cart itself after an add or a remove; views do not send it. */
  | { type: "cart.productModal.open"; kind: ProductModalKind; line: CartItem | null }
  /** From the auth flow: a customer signed in (the server merged a General public customer's anonymous cart). */
  | { type: "customer.signedIn"; customerGroup: CustomerGroup }
  | { type: "customer.signedOut" }
  /** From the auth flow: the stored session could not be checked (no answer from the server); the shopper is a visitor for now. */
  | { type: "customer.notRestored" }
  /** From the payment: an order was made from the cart, which the server then deleted. */
  | { type: "cart.ordered" };

export type CartTag = "loading";

export interface FetchCartInput {
  cartId: string;
}

export interface SetOfferQuantityInput {
  offerId: number;
  quantity: number;
  /** The cart to change; null for the signed-in customer's cart or a new one. */
  cartId: string | null;
}

export interface CartIdInput {
  cartId: string;
}

export interface SetCouponInput {
  cartId: string;
  code: string;
}

type CartMessageId =
  | "addToCart.add"
  | "addToCart.update"
  | "addToCart.remove"
  | "addToCart.max"
  | "coupon.add"
  | "coupon.removed"
  | "coupon.allready"
  | "coupon.not"
  | "coupon.dropped"
  | "errors.server.access";

/** A notification the cart asks the app to show (a `notifications.push` without its type). */
export interface CartNotification {
  kind: "info" | "danger";
  messageId: CartMessageId;
}
