// The cart's model: one offer (stock 3) that the shopper adds, changes and removes, a coupon, clearing,
// the sidebar and the product modal, sign-in of a General public and of an employee customer, their sign-out
// and their order, and the answers of each request (the cart the server would give back, a stock refusal, an unknown
// cart, a failure). A visitor arrives with a stored cart id. The machine keeps no
// copy of the cart: each request carries the cart its view shows (one of the offer, or one of the
// offer with the coupon). To keep the paths few, the sidebar and the modal are tried from a settled cart.
import { defineFlowModel, type ModelEvent } from "../shared/flow-model.ts";
import { cartMachine } from "./cart.machine.ts";
import type { CartSnapshot } from "./cart.selectors.ts";
import type { Cart, CartEvent, CartItem, Offer, QuantityChange } from "./cart.types.ts";

/** Carts are named by their uuid (SPEC §3 `uuid`); the sequential id is never used to address one. */
export const STORED_CART_ID = "3f2c9a4e-8b1d-4c6f-9e2a-5d7b1c0e8f47";
export const CUSTOMER_CART_ID = "a81e6d0c-2f4b-4e9a-b3c7-0d5f9e1a6b28";
export const SAMPLE_STOCK = 3;
export const SAMPLE_COUPON = "BIENVENUE10";
const UNIT_PRICE = 2500;
const TAX_RATE = 20;
const COUPON_PERCENT = 10;

export function samplePrice(taxIncluded: number) {
  const taxFree = Math.round((taxIncluded * 100) / (100 + TAX_RATE));
  return { taxIncluded, taxFree, taxRate: TAX_RATE, taxAmount: taxIncluded - taxFree };
}

export const SAMPLE_OFFER: Offer = {
  id: 101,
  shop: { id: 1, name: "Escale" },
  pickingDelay: 2,
  stockQuantity: SAMPLE_STOCK,
  logisticClass: "STANDARD",
  regularPrice: samplePrice(UNIT_PRICE),
  discountPrice: null,
  minimalOrderQuantity: 1,
  maximalOrderQuantity: null,
};

function sampleLine(quantity: number): CartItem {
  return {
    quantity,
    product: {
      id: 11,
      slug: "trousse-de-voyage",
      reference: "TRV-001",
      name: "Trousse de voyage",
      madeInFrance: true,
      madeInEurope: true,
      upCycling: false,
      limitedEdition: false,
      isConfigurable: false,
      offer: SAMPLE_OFFER,
      coverPicture: null,
      pictures: [],
      variantCount: 1,
    },
    offerId: SAMPLE_OFFER.id,
    offer: SAMPLE_OFFER,
    variantReference: "TRV-001",
    selectedAttributes: [],
    price: samplePrice(UNIT_PRICE * quantity),
    unitPrice: { regular: samplePrice(UNIT_PRICE), discount: null },
    isGift: false,
    taxIncludedTotalPrice: UNIT_PRICE * quantity,
  };
}

/** A cart of `quantity` of the sample offer (none: no line), with the sample coupon or not. */
export function sampleCart(uuid: string, quantity: number, coupon = false): Cart {
  const total = UNIT_PRICE * quantity;
  return {
    uuid,
    id: uuid === CUSTOMER_CART_ID ? 9 : 7,
    cartItems: quantity > 0 ? [sampleLine(quantity)] : [],
    coupon: coupon ? { code: SAMPLE_COUPON, description: "-10 %" } : null,
    billingAddress: null,
    shippingAddress: null,
    specialPrice: coupon ? samplePrice(total - (total * COUPON_PERCENT) / 100) : null,
    totalPrice: samplePrice(total),
    shippingPrice: null,
    shipments: [],
    customCardMessage: null,
  };
}

/** The cart the server answers a quantity change with (keeping the coupon the cart had, if any). */
function cartAfter(cartId: string | null, change: QuantityChange): Cart {
  return sampleCart(cartId ?? STORED_CART_ID, change.quantity, change.hadCoupon);
}

const STOCK_ERROR = { status: 409, message: "Not enough stock", code: "QUANTITY_EXCEEDS_STOCK" };
export const CART_GONE_ERROR = { status: 404, message: "Cart not found", code: "NOT_FOUND" };
export const SERVER_ERROR = { status: 500, message: "Internal Server Error" };
/** A call that got no answer (the app's client gives -1 and the browser's message). */
export const NO_ANSWER_ERROR = { status: -1, message: "Failed to fetch" };
export const COUPON_APPLIED_ERROR = { status: 409, message: "Coupon already applied", code: "COUPON_ALREADY_APPLIED" };
export const COUPON_UNKNOWN_ERROR = { status: 404, message: "Coupon not found", code: "COUPON_NOT_FOUND" };

type CartModelEvent = ModelEvent<CartEvent>;

/** How an event's shown cart reads in a path. */
function shownLabel(cart: Cart | null): string {
  if (cart === null) return " (no cart shown)";
  const quantity = cart.cartItems[0]?.quantity ?? 0;
  return ` (shown: ${quantity} item(s)${cart.coupon ? " with the coupon" : ""})`;
}

function isCart(value: unknown): value is Cart {
  return typeof value === "object" && value !== null && "cartItems" in value && "coupon" in value;
}

/**
 * What a settled cart is asked, each request with the cart its view shows: the machine keeps no copy
 * of the cart, so the samples say what the shopper sees (one of the offer; the offer with a coupon).
 */
function settledEvents(snapshot: CartSnapshot): CartModelEvent[] {
  const { cartId } = snapshot.context;
  // Only a customer signs out, or orders (an order needs a signed-in customer): from their cart, after a sign-in.
  const events: CartModelEvent[] = cartId === CUSTOMER_CART_ID ? [{ type: "customer.signedOut" }, { type: "cart.ordered" }] : [];
  const shown = cartId === null ? null : sampleCart(cartId, 1);
  if (snapshot.matches({ sidebar: "open" })) {
    return [...events, { type: "cart.closeSidebar" }, { type: "cart.remove", offerId: SAMPLE_OFFER.id, cart: shown }];
  }
  const withCoupon = cartId === null ? null : sampleCart(cartId, 1, true);
  return [
    ...events,
    { type: "cart.add", offer: SAMPLE_OFFER, quantity: 1, cart: shown },
    { type: "cart.add", offer: SAMPLE_OFFER, quantity: SAMPLE_STOCK, cart: shown },
    { type: "cart.update", offerId: SAMPLE_OFFER.id, quantity: 2, cart: shown },
    { type: "cart.update", offerId: SAMPLE_OFFER.id, quantity: SAMPLE_STOCK + 1, cart: shown },
    { type: "cart.remove", offerId: SAMPLE_OFFER.id, cart: shown },
    { type: "cart.clear" },
    { type: "cart.applyCoupon", code: SAMPLE_COUPON, cart: shown },
    { type: "cart.removeCoupon", cart: withCoupon },
    // A change to a cart with a coupon: the server may take the coupon off (coupon.dropped).
    { type: "cart.update", offerId: SAMPLE_OFFER.id, quantity: 2, cart: withCoupon },
    { type: "customer.signedIn", customerGroup: "GENERAL_PUBLIC" },
    { type: "customer.signedIn", customerGroup: "BRAND_EMPLOYEE" },
    { type: "cart.openSidebar" },
  ];
}

function answers(snapshot: CartSnapshot): CartModelEvent[] {
  const { cartId, change } = snapshot.context;
  if (snapshot.matches({ data: "loading" })) {
    return [
      { type: "xstate.done.actor.fetchCart", output: sampleCart(cartId ?? STORED_CART_ID, 1) },
      { type: "xstate.error.actor.fetchCart", error: CART_GONE_ERROR },
      { type: "xstate.error.actor.fetchCart", error: NO_ANSWER_ERROR },
    ];
  }
  if (snapshot.matches({ data: "loadingCustomerCart" })) {
    return [
      { type: "xstate.done.actor.fetchCustomerCart", output: sampleCart(CUSTOMER_CART_ID, 2) },
      { type: "xstate.done.actor.fetchCustomerCart", output: null },
      { type: "xstate.error.actor.fetchCustomerCart", error: { status: 500, message: "Internal Server Error" } },
    ];
  }
  if (snapshot.matches({ data: "updating" }) && change) {
    return [
      { type: "xstate.done.actor.setOfferQuantity", output: cartAfter(cartId, change) },
      // The change took the basket below its coupon's minimum: the server took the coupon off.
      ...(change.hadCoupon ? [{ type: "xstate.done.actor.setOfferQuantity" as const, output: { ...cartAfter(cartId, change), coupon: null, specialPrice: null } }] : []),
      { type: "xstate.error.actor.setOfferQuantity", error: STOCK_ERROR },
      ...(cartId ? [{ type: "xstate.error.actor.setOfferQuantity" as const, error: CART_GONE_ERROR }] : []),
      { type: "xstate.error.actor.setOfferQuantity", error: SERVER_ERROR },
    ];
  }
  if (snapshot.matches({ data: "clearing" })) {
    return [
      { type: "xstate.done.actor.deleteCart", output: undefined },
      { type: "xstate.error.actor.deleteCart", error: SERVER_ERROR },
    ];
  }
  if (snapshot.matches({ data: "applyingCoupon" }) && cartId) {
    return [
      { type: "xstate.done.actor.setCoupon", output: sampleCart(cartId, 1, true) },
      { type: "xstate.error.actor.setCoupon", error: COUPON_APPLIED_ERROR },
      { type: "xstate.error.actor.setCoupon", error: COUPON_UNKNOWN_ERROR },
      { type: "xstate.error.actor.setCoupon", error: SERVER_ERROR },
    ];
  }
  if (snapshot.matches({ data: "removingCoupon" }) && cartId) {
    return [
      { type: "xstate.done.actor.removeCoupon", output: sampleCart(cartId, 1) },
      { type: "xstate.error.actor.removeCoupon", error: SERVER_ERROR },
    ];
  }
  return [];
}

export const cartModel = defineFlowModel(cartMachine, {
  name: "cart",
  input: { storedCartId: STORED_CART_ID },
  events: (snapshot) => {
    if (!snapshot.matches({ productModal: "closed" })) return [{ type: "cart.closeProductModal" }];
    if (snapshot.matches({ data: "ready" })) return settledEvents(snapshot);
    return answers(snapshot);
  },
  describeEvent: (event) => {
    if (event.type === "cart.add") return `cart.add ${event.quantity} (stock ${event.offer.stockQuantity})${shownLabel(event.cart)}`;
    if (event.type === "cart.update") return `cart.update to ${event.quantity}${shownLabel(event.cart)}`;
    if (event.type === "cart.remove" || event.type === "cart.applyCoupon" || event.type === "cart.removeCoupon") return `${event.type}${shownLabel(event.cart)}`;
    if (event.type.startsWith("xstate.done.actor.")) {
      const name = event.type.slice("xstate.done.actor.".length);
      const output = "output" in event ? event.output : undefined;
      if (output === null) return `(${name} answers no cart)`;
      if (!isCart(output)) return `(${name} succeeds)`;
      const quantity = output.cartItems[0]?.quantity ?? 0;
      return `(${name} answers a cart of ${quantity} item(s)${output.coupon ? " with the coupon" : ""})`;
    }
    if (event.type.startsWith("xstate.error.actor.")) {
      const error = "error" in event ? event.error : undefined;
      const name = event.type.slice("xstate.error.actor.".length);
      if (error === NO_ANSWER_ERROR) return `(${name} gets no answer)`;
      const status = typeof error === "object" && error !== null && "status" in error ? String(error.status) : "?";
      const code = typeof error === "object" && error !== null && "code" in error ? ` ${String(error.code)}` : "";
      return `(${name} answers ${status}${code})`;
    }
    return undefined;
  },
});

/**
 * The cart's other start: a visitor without a stored cart. The same model from that input, with no
 * further event (from there on the cart is the one above): its one path is what the machine does on
 * its own at start, nothing asked, the cart ready and empty.
 */
export const visitorWithoutCartModel = defineFlowModel(cartMachine, { ...cartModel, input: { storedCartId: null }, events: () => [] });

/**
 * The cart's other start: a returning customer, whose stored session is being restored. The same
 * machine from that input; the cart waits for the session, then loads one cart: the customer's (a
 * General public customer's, or an employee's, whose stored anonymous cart is forgotten), none (the
 * session refused), or the stored one (the server could not answer). Its paths end once the cart is
 * settled: from there on it is the cart above.
 */
export const returningCustomerModel = defineFlowModel(cartMachine, {
  ...cartModel,
  input: { storedCartId: STORED_CART_ID, restoringSession: true },
  events: (snapshot): CartModelEvent[] => {
    if (snapshot.matches({ data: "awaitingSession" })) {
      return [
        { type: "customer.signedIn", customerGroup: "GENERAL_PUBLIC" },
        { type: "customer.signedIn", customerGroup: "BRAND_EMPLOYEE" },
        { type: "customer.signedOut" },
        { type: "customer.notRestored" },
      ];
    }
    if (snapshot.matches({ data: "loading" })) return [{ type: "xstate.done.actor.fetchCart", output: sampleCart(STORED_CART_ID, 1) }];
    if (snapshot.matches({ data: "loadingCustomerCart" })) return [{ type: "xstate.done.actor.fetchCustomerCart", output: sampleCart(CUSTOMER_CART_ID, 2) }];
    return [];
  },
});
