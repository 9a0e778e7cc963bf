// The cart (SPEC §2 cart sidebar and product modal, §4 Cart, §8 cart errors). Three regions run side
// by side: the cart's requests (loading the stored cart, quantity, coupon and clear requests, the
// customer's cart at sign-in), the sidebar (open or closed), and the added/removed product modal.
// The cart itself is not kept here: the app's query cache holds it, and the machine writes every
// cart the server answers through it (`writeCart`) or drops it (`removeCart`), so that every view
// (sidebar, cart page, checkout) shows the same one. A request carries the cart its view showed.
//
// Quantities follow SPEC §4: add = what the cart holds + n, update = n, remove = 0; an add or update
// above the offer's stock is refused with addToCart.max before any call, as are the server's own stock
// refusals. A quantity change that fails otherwise shows errors.server.access (a request is only ever
// cancelled by leaving its state, whose invoked actor then answers nothing); a clear that fails still empties the cart here. The id of the cart shown is
// kept (a cookie, through the provided storeCartId/forgetCartId); a fetch the server fails forgets it,
// but one that got no answer (no network, or the page left while it was on its way) keeps it for the
// next visit, which fetches it again, and for the next add, which goes to that cart. At sign-in
// a General public customer's cart is reloaded (the server merged the anonymous one into it); for any
// other group the stored id is forgotten first, so the anonymous cart does not follow them. With a
// customer's session stored, the cart waits for its restoring to say who the shopper is, and then loads
// one cart: the customer's, none (the session refused), or the stored one (the session unchecked).
import { assign, fromPromise, raise, setup } from "xstate";
import {
  type Cart,
  type CartContext,
  type CartEvent,
  type CartIdInput,
  type CartInput,
  type CartItem,
  type CartNotification,
  type CartTag,
  type CustomerGroup,
  type FetchCartInput,
  type OfferLimits,
  type ProductModalKind,
  type QuantityChange,
  type QuantityChangeKind,
  type SetCouponInput,
  type SetOfferQuantityInput,
} from "./cart.types.ts";

const NOT_FOUND = 404;
const CONFLICT = 409;
/** A call cut short before its answer (the status the app's client and servers' logs give it). */
const CANCELLED = 499;

/** The group whose anonymous cart follows them into their account (SPEC §4). */
export const GENERAL_PUBLIC: CustomerGroup = "GENERAL_PUBLIC";

/** Error codes of the contract the cart tells apart (openapi/storefront.yaml `Error`). */
export const STOCK_REFUSAL_CODES: readonly string[] = ["QUANTITY_EXCEEDS_STOCK", "QUANTITY_OUT_OF_BOUNDS"];
export const COUPON_ALREADY_APPLIED = "COUPON_ALREADY_APPLIED";
export const COUPON_NOT_APPLICABLE = "COUPON_NOT_APPLICABLE";
export const OFFER_NOT_FOUND = "OFFER_NOT_FOUND";

// The quantity arithmetic of the cart (SPEC §4): add = what the cart holds + the quantity asked for,
// update = the quantity, remove = 0; a quantity above the offer's stock (or its maximal order
// quantity) is refused with addToCart.max before anything is sent.
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

/** The status a failed call carries: the app's API client rejects with `{ status, message }`. */
const statusOf = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : undefined;

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/** The id of the cart a load, coupon or clear request is about; those states are only entered with one. */
function cartIdOf(context: CartContext): string {
  if (context.cartId === null) throw new Error("the cart machine asked for a cart request without a cart");
  return context.cartId;
}

/** The cart a view showed is the shopper's current one (not one the machine has since left). */
function isShown(context: CartContext, cart: Cart | null): boolean {
  return cart !== null && cart.uuid === context.cartId;
}

/** A quantity change asked for with the cart as the view showed it. */
function changeFor(cart: Cart | null, kind: QuantityChangeKind, offerId: number, quantity: number): QuantityChange {
  return { kind, offerId, quantity, line: lineOf(cart, offerId) ?? null, hadCoupon: cart !== null && cart.coupon !== null };
}

/** The customer's cart of a fetch that found one (the guard `isCart` chose the transition). */
function customerCartOf(cart: Cart | null): Cart {
  if (cart === null) throw new Error("the cart machine stored a customer cart that does not exist");
  return cart;
}

/** The quantity change in flight; the updating state is only entered with one. */
function changeOf(context: CartContext): QuantityChange {
  if (context.change === null) throw new Error("the cart machine sent a quantity without a change");
  return context.change;
}

const MESSAGE_OF_CHANGE: Record<QuantityChangeKind, CartNotification["messageId"]> = {
  add: "addToCart.add",
  update: "addToCart.update",
  remove: "addToCart.remove",
};

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as CartInput,
    tags: {} as CartTag,
  },
  actors: {
    fetchCart: fromPromise<Cart, FetchCartInput>(async () => {
      throw new Error("fetchCart not provided");
    }),
    /** The signed-in customer's cart; null when they have none yet. */
    fetchCustomerCart: fromPromise<Cart | null>(async () => {
      throw new Error("fetchCustomerCart not provided");
    }),
    setOfferQuantity: fromPromise<Cart, SetOfferQuantityInput>(async () => {
      throw new Error("setOfferQuantity not provided");
    }),
    deleteCart: fromPromise<unknown, CartIdInput>(async () => {
      throw new Error("deleteCart not provided");
    }),
    setCoupon: fromPromise<Cart, SetCouponInput>(async () => {
      throw new Error("setCoupon not provided");
    }),
    removeCoupon: fromPromise<Cart, CartIdInput>(async () => {
      throw new Error("removeCoupon not provided");
    }),
  },
  guards: {
    hasCartId: ({ context }) => context.cartId !== null,
    awaitsSession: ({ context }) => context.awaitsSession,
    isCart: (_, params: { cart: Cart | null }) => params.cart !== null,
    /** The shown cart is the shopper's and has a coupon. */
    hasCoupon: ({ context }, params: { cart: Cart | null }) => isShown(context, params.cart) && params.cart?.coupon !== null,
    hasLine: ({ context }, params: { cart: Cart | null; offerId: number }) =>
      isShown(context, params.cart) && lineOf(params.cart, params.offerId) !== undefined,
    isOrderable: (_, params: { quantity: number }) => isOrderableQuantity(params.quantity),
    /** An existing line of the shopper's cart and a quantity a shopper may ask for. */
    isLineQuantity: ({ context }, params: { cart: Cart | null; offerId: number; quantity: number }) =>
      isShown(context, params.cart) && lineOf(params.cart, params.offerId) !== undefined && isOrderableQuantity(params.quantity),
    /** A coupon may be applied: the shopper's cart has lines and no coupon yet, and a code was typed. */
    canApplyCoupon: ({ context }, params: { cart: Cart | null; code: string }) =>
      isShown(context, params.cart) && params.cart !== null && params.cart.cartItems.length > 0 && params.cart.coupon === null && params.code.trim() !== "",
    /** SPEC §4: a quantity that may be asked for, but the cart would then hold more than the stock. */
    isOverStock: (_, params: { offer: OfferLimits | undefined; requested: number; total: number }) =>
      params.offer !== undefined && isOrderableQuantity(params.requested) && exceedsStock(params.offer, params.total),
    isChange: ({ context }, params: { kind: QuantityChangeKind }) => context.change?.kind === params.kind,
    isGeneralPublic: (_, params: { customerGroup: CustomerGroup }) => params.customerGroup === GENERAL_PUBLIC,
    isStockRefusal: (_, params: { error: unknown }) =>
      statusOf(params.error) === CONFLICT && STOCK_REFUSAL_CODES.includes(codeOf(params.error) ?? ""),
    /** The call got no HTTP answer from the server: the network failed (the app's client gives no
     *  HTTP status), or the call was cut short (499 for that, as a server's log would say). */
    isUnanswered: (_, params: { error: unknown }) => {
      const status = statusOf(params.error);
      return status !== undefined && (status < 400 || status > 599 || status === CANCELLED);
    },
    /** The cart asked for is unknown to the server (expired, or another customer's). */
    isCartGone: ({ context }, params: { error: unknown }) =>
      context.cartId !== null && statusOf(params.error) === NOT_FOUND && codeOf(params.error) !== OFFER_NOT_FOUND,
    isCouponAlreadyApplied: (_, params: { error: unknown }) =>
      statusOf(params.error) === CONFLICT && codeOf(params.error) === COUPON_ALREADY_APPLIED,
    isCouponNotApplicable: (_, params: { error: unknown }) =>
      statusOf(params.error) === NOT_FOUND || (statusOf(params.error) === CONFLICT && codeOf(params.error) === COUPON_NOT_APPLICABLE),
    isCouponDropped: (_, params: { dropped: boolean }) => params.dropped,
    isProductModal: (_, params: { kind: ProductModalKind; expected: ProductModalKind; line: CartItem | null }) =>
      params.kind === params.expected && params.line !== null,
  },
  actions: {
    setCartId: assign({ cartId: (_, params: { cart: Cart }) => params.cart.uuid }),
    clearCartId: assign({ cartId: null }),
    stopAwaitingSession: assign({ awaitsSession: false }),
    setChange: assign({ change: (_, params: QuantityChange) => params }),
    clearChange: assign({ change: null }),
    setModalLine: assign({ modalLine: (_, params: { line: CartItem | null }) => params.line }),
    clearModalLine: assign({ modalLine: null }),
    openProductModal: raise((_, params: { kind: ProductModalKind; line: CartItem | null }) => ({
      type: "cart.productModal.open" as const,
      kind: params.kind,
      line: params.line,
    })),
    /** Provided by the app: the cart the server answered is the one every view shows (the query cache). */
    writeCart: (_, _params: { cart: Cart }) => {},
    /** Provided by the app: no cart is shown any more (the query cache forgets it). */
    removeCart: () => {},
    /** After a quantity change: whether it took the basket out of its coupon's reach (its minimum). */
    checkCoupon: raise((_, params: { hadCoupon: boolean; cart: Cart }) => ({
      type: "cart.coupon.checked" as const,
      dropped: params.hadCoupon && params.cart.coupon === null,
    })),
    /** Provided by the app: keep the cart id (the cart-id cookie, one more day). */
    storeCartId: (_, _params: { cartId: string }) => {},
    /** Provided by the app: delete the stored cart id. */
    forgetCartId: () => {},
    /** Provided by the app: push the notification. */
    notify: (_, _params: CartNotification) => {},
  },
}).createMachine({
  id: "cart",
  type: "parallel",
  context: ({ input }) => ({ cartId: input.storedCartId, change: null, modalLine: null, awaitsSession: input.restoringSession ?? false }),
  states: {
    data: {
      initial: "starting",
      on: {
        "customer.signedIn": [
          {
            guard: { type: "isGeneralPublic", params: ({ event }) => ({ customerGroup: event.customerGroup }) },
            target: ".loadingCustomerCart",
            actions: "clearChange",
          },
          {
            target: ".loadingCustomerCart",
            actions: ["forgetCartId", "clearCartId", "removeCart", "clearChange"],
          },
        ],
        "cart.coupon.checked": {
          description: "The server took the coupon off: the basket fell below its minimum.",
          guard: { type: "isCouponDropped", params: ({ event }) => ({ dropped: event.dropped }) },
          actions: { type: "notify", params: { kind: "info", messageId: "coupon.dropped" } },
        },
        "customer.signedOut": {
          target: ".ready",
          actions: ["clearCartId", "removeCart", "forgetCartId", "clearChange"],
        },
        "cart.ordered": {
          description: "An order was made from the cart: the shopper starts again without one.",
          target: ".ready",
          actions: ["clearCartId", "removeCart", "forgetCartId", "clearChange"],
        },
      },
      states: {
        starting: {
          always: [{ guard: "awaitsSession", target: "awaitingSession" }, { guard: "hasCartId", target: "loading" }, { target: "ready" }],
        },
        awaitingSession: {
          tags: ["loading"],
          description:
            "A customer's session is being restored, and the cart waits for it (a sign-in loads the customer's cart, a refused session none), so that one cart is loaded, not the stored one and then theirs.",
          exit: "stopAwaitingSession",
          on: {
            "customer.notRestored": {
              description: "The session could not be checked: the stored cart is loaded, as a visitor's.",
              target: "starting",
            },
          },
        },
        loading: {
          tags: ["loading"],
          description: "The stored cart is fetched at start.",
          invoke: {
            id: "fetchCart",
            src: "fetchCart",
            input: ({ context }) => ({ cartId: cartIdOf(context) }),
            onDone: {
              target: "ready",
              actions: [
                { type: "setCartId", params: ({ event }) => ({ cart: event.output }) },
                { type: "writeCart", params: ({ event }) => ({ cart: event.output }) },
                { type: "storeCartId", params: ({ event }) => ({ cartId: event.output.uuid }) },
              ],
            },
            onError: [
              // No answer: the cart may well be there still. None is shown meanwhile.
              { guard: { type: "isUnanswered", params: ({ event }) => ({ error: event.error }) }, target: "ready", actions: ["removeCart"] },
              { target: "ready", actions: ["clearCartId", "removeCart", "forgetCartId"] },
            ],
          },
        },
        loadingCustomerCart: {
          tags: ["loading"],
          description: "A customer signed in: their cart is fetched (General public: merged with the anonymous one).",
          invoke: {
            id: "fetchCustomerCart",
            src: "fetchCustomerCart",
            onDone: [
              {
                guard: { type: "isCart", params: ({ event }) => ({ cart: event.output }) },
                target: "ready",
                actions: [
                  { type: "setCartId", params: ({ event }) => ({ cart: customerCartOf(event.output) }) },
                  { type: "writeCart", params: ({ event }) => ({ cart: customerCartOf(event.output) }) },
                  { type: "storeCartId", params: ({ event }) => ({ cartId: customerCartOf(event.output).uuid }) },
                ],
              },
              { target: "ready", actions: ["clearCartId", "removeCart", "forgetCartId"] },
            ],
            onError: [
              { target: "ready", actions: ["clearCartId", "removeCart", "forgetCartId"] },
            ],
          },
        },
        ready: {
          description: "The cart takes requests.",
          on: {
            "cart.add": [
              {
                guard: {
                  type: "isOverStock",
                  params: ({ event }) => ({
                    offer: event.offer,
                    requested: event.quantity,
                    total: quantityAfterAdd(event.cart, event.offer.id, event.quantity),
                  }),
                },
                actions: { type: "notify", params: { kind: "danger", messageId: "addToCart.max" } },
              },
              {
                guard: { type: "isOrderable", params: ({ event }) => ({ quantity: event.quantity }) },
                target: "updating",
                actions: {
                  type: "setChange",
                  params: ({ event }) => changeFor(event.cart, "add", event.offer.id, quantityAfterAdd(event.cart, event.offer.id, event.quantity)),
                },
              },
            ],
            "cart.update": [
              {
                guard: {
                  type: "isOverStock",
                  params: ({ event }) => ({ offer: lineOf(event.cart, event.offerId)?.offer, requested: event.quantity, total: event.quantity }),
                },
                actions: { type: "notify", params: { kind: "danger", messageId: "addToCart.max" } },
              },
              {
                guard: {
                  type: "isLineQuantity",
                  params: ({ event }) => ({ cart: event.cart, offerId: event.offerId, quantity: event.quantity }),
                },
                target: "updating",
                actions: { type: "setChange", params: ({ event }) => changeFor(event.cart, "update", event.offerId, event.quantity) },
              },
            ],
            "cart.remove": {
              guard: { type: "hasLine", params: ({ event }) => ({ cart: event.cart, offerId: event.offerId }) },
              target: "updating",
              actions: { type: "setChange", params: ({ event }) => changeFor(event.cart, "remove", event.offerId, 0) },
            },
            "cart.clear": { guard: "hasCartId", target: "clearing" },
            "cart.applyCoupon": {
              guard: { type: "canApplyCoupon", params: ({ event }) => ({ cart: event.cart, code: event.code }) },
              target: "applyingCoupon",
            },
            "cart.removeCoupon": { guard: { type: "hasCoupon", params: ({ event }) => ({ cart: event.cart }) }, target: "removingCoupon" },
          },
        },
        updating: {
          tags: ["loading"],
          description: "A line's new quantity is being sent.",
          invoke: {
            id: "setOfferQuantity",
            src: "setOfferQuantity",
            input: ({ context }) => ({ offerId: changeOf(context).offerId, quantity: changeOf(context).quantity, cartId: context.cartId }),
            onDone: [
              {
                guard: { type: "isChange", params: { kind: "add" } },
                target: "ready",
                actions: [
                  { type: "checkCoupon", params: ({ context, event }) => ({ hadCoupon: changeOf(context).hadCoupon, cart: event.output }) },
                  { type: "setCartId", params: ({ event }) => ({ cart: event.output }) },
                  { type: "writeCart", params: ({ event }) => ({ cart: event.output }) },
                  { type: "storeCartId", params: ({ event }) => ({ cartId: event.output.uuid }) },
                  { type: "notify", params: { kind: "info", messageId: MESSAGE_OF_CHANGE.add } },
                  {
                    type: "openProductModal",
                    params: ({ context, event }) => ({ kind: "added", line: lineOf(event.output, changeOf(context).offerId) ?? null }),
                  },
                  "clearChange",
                ],
              },
              {
                guard: { type: "isChange", params: { kind: "remove" } },
                target: "ready",
                actions: [
                  { type: "checkCoupon", params: ({ context, event }) => ({ hadCoupon: changeOf(context).hadCoupon, cart: event.output }) },
                  { type: "openProductModal", params: ({ context }) => ({ kind: "removed", line: changeOf(context).line }) },
                  { type: "setCartId", params: ({ event }) => ({ cart: event.output }) },
                  { type: "writeCart", params: ({ event }) => ({ cart: event.output }) },
                  { type: "storeCartId", params: ({ event }) => ({ cartId: event.output.uuid }) },
                  { type: "notify", params: { kind: "info", messageId: MESSAGE_OF_CHANGE.remove } },
                  "clearChange",
                ],
              },
              {
                target: "ready",
                actions: [
                  { type: "checkCoupon", params: ({ context, event }) => ({ hadCoupon: changeOf(context).hadCoupon, cart: event.output }) },
                  { type: "setCartId", params: ({ event }) => ({ cart: event.output }) },
                  { type: "writeCart", params: ({ event }) => ({ cart: event.output }) },
                  { type: "storeCartId", params: ({ event }) => ({ cartId: event.output.uuid }) },
                  { type: "notify", params: { kind: "info", messageId: MESSAGE_OF_CHANGE.update } },
                  "clearChange",
                ],
              },
            ],
            onError: [
              {
                guard: { type: "isStockRefusal", params: ({ event }) => ({ error: event.error }) },
                target: "ready",
                actions: [{ type: "notify", params: { kind: "danger", messageId: "addToCart.max" } }, "clearChange"],
              },
              {
                guard: { type: "isCartGone", params: ({ event }) => ({ error: event.error }) },
                target: "ready",
                actions: [
                  "clearCartId",
                  "removeCart",
                  "forgetCartId",
                  { type: "notify", params: { kind: "danger", messageId: "errors.server.access" } },
                  "clearChange",
                ],
              },
              {
                target: "ready",
                actions: [{ type: "notify", params: { kind: "danger", messageId: "errors.server.access" } }, "clearChange"],
              },
            ],
          },
        },
        clearing: {
          tags: ["loading"],
          description: "The cart is being deleted; whatever the answer, it is empty here afterwards.",
          invoke: {
            id: "deleteCart",
            src: "deleteCart",
            input: ({ context }) => ({ cartId: cartIdOf(context) }),
            onDone: { target: "ready", actions: ["clearCartId", "removeCart", "forgetCartId"] },
            onError: { target: "ready", actions: ["clearCartId", "removeCart", "forgetCartId"] },
          },
        },
        applyingCoupon: {
          tags: ["loading"],
          invoke: {
            id: "setCoupon",
            src: "setCoupon",
            input: ({ context, event }) => ({ cartId: cartIdOf(context), code: event.type === "cart.applyCoupon" ? event.code.trim() : "" }),
            onDone: {
              target: "ready",
              actions: [{ type: "writeCart", params: ({ event }) => ({ cart: event.output }) }, { type: "notify", params: { kind: "info", messageId: "coupon.add" } }],
            },
            onError: [
              {
                guard: { type: "isCouponAlreadyApplied", params: ({ event }) => ({ error: event.error }) },
                target: "ready",
                actions: { type: "notify", params: { kind: "danger", messageId: "coupon.allready" } },
              },
              {
                guard: { type: "isCouponNotApplicable", params: ({ event }) => ({ error: event.error }) },
                target: "ready",
                actions: { type: "notify", params: { kind: "danger", messageId: "coupon.not" } },
              },
              { target: "ready", actions: { type: "notify", params: { kind: "danger", messageId: "errors.server.access" } } },
            ],
          },
        },
        removingCoupon: {
          tags: ["loading"],
          invoke: {
            id: "removeCoupon",
            src: "removeCoupon",
            input: ({ context }) => ({ cartId: cartIdOf(context) }),
            onDone: {
              target: "ready",
              actions: [{ type: "writeCart", params: ({ event }) => ({ cart: event.output }) }, { type: "notify", params: { kind: "info", messageId: "coupon.removed" } }],
            },
            onError: [
              { target: "ready", actions: { type: "notify", params: { kind: "danger", messageId: "errors.server.access" } } },
            ],
          },
        },
      },
    },
    sidebar: {
      initial: "closed",
      states: {
        closed: { on: { "cart.openSidebar": "open" } },
        open: { on: { "cart.closeSidebar": "closed" } },
      },
    },
    productModal: {
      initial: "closed",
      on: {
        "cart.productModal.open": [
          {
            guard: { type: "isProductModal", params: ({ event }) => ({ kind: event.kind, expected: "added", line: event.line }) },
            target: ".added",
            actions: { type: "setModalLine", params: ({ event }) => ({ line: event.line }) },
          },
          {
            guard: { type: "isProductModal", params: ({ event }) => ({ kind: event.kind, expected: "removed", line: event.line }) },
            target: ".removed",
            actions: { type: "setModalLine", params: ({ event }) => ({ line: event.line }) },
          },
        ],
      },
      states: {
        closed: {},
        added: {
          description: "The added product modal: Continue shopping / Show my shopping cart.",
          on: { "cart.closeProductModal": { target: "closed", actions: "clearModalLine" } },
        },
        removed: {
          description: "The removed product modal: Continue shopping / Show my shopping cart.",
          on: { "cart.closeProductModal": { target: "closed", actions: "clearModalLine" } },
        },
      },
    },
  },
});
