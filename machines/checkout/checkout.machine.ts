// The checkout (SPEC §2 checkout routes, guards and modals, §4 Checkout and Address, §8 billing
// address errors). Each checkout page, when visited, has the flow load the cart and the profile
// again, then decide where the shopper stands: an empty or missing cart goes back to the cart page,
// a guest to the checkout's sign-in (or to the employee single sign-on when its flag is held), an
// Empowerment customer to the empowerment checkout, a cart with a line above today's stock to the
// out-of-stock modal; otherwise the shipping step, or the payment step when it was asked for and
// the cart is ready to pay. The routes' guards read that decision from the snapshot.
//
// On arrival at the shipping step the flow sets the customer's defaults on a cart that has none
// (SPEC §3: the default delivery address, then the default billing address), once: what fails is
// left to the shopper. Then it sends what the shopper chooses (delivery address or relay point,
// billing address from the address list modal, one shipment method per shipment) and writes each
// cart the server answers into the app's query cache (`writeCart`): the flow keeps no copy of the cart.
// 'Continue to payment' is taken only with a cart ready to pay, and checks the stock once more.
import { assign, fromPromise, setup } from "xstate";
import type {
  AddressInput,
  BillingAddressInput,
  Cart,
  CartIdInput,
  CartItem,
  CheckoutContext,
  CheckoutDefaults,
  CheckoutEvent,
  CheckoutMessageId,
  CheckoutNotification,
  CheckoutStart,
  CheckoutTag,
  CustomerGroup,
  ShipmentMethodsInput,
  ShippingAddressInput,
} from "./checkout.types.ts";

/** SPEC §6: the group sent to the empowerment checkout. */
export const EMPOWERMENT_GROUP: CustomerGroup = "EMPOWERMENT";

// The checkout's rules on a cart (SPEC §2 out-of-stock modal, the shipping step's 'Continue to
// payment'): pure functions of the cart as the server answered it, shared by the machine and the views.
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

/** The status a failed call carries: the app's API client rejects with `{ status, message }`. */
export const statusOf = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : undefined;

const BAD_REQUEST = 400;
const UNAUTHORIZED = 401;
const NOT_FOUND = 404;
const CONFLICT = 409;

/** SPEC §8: the billing address's failures. */
function billingMessageOf(error: unknown): CheckoutMessageId {
  switch (statusOf(error)) {
    case UNAUTHORIZED:
      return "errors.cartAdresse.unauthorized";
    case CONFLICT:
      return "errors.cartAdresse.allReadyExist";
    case NOT_FOUND:
      return "errors.cartAdresse.notFound";
    default:
      return "errors.server.access";
  }
}

/** The cart of a loaded checkout that has one (the routing guards chose the transition). */
function cartOf(start: CheckoutStart): Cart {
  if (start.cart === null) throw new Error("the checkout went on without a cart");
  return start.cart;
}

/** What of the customer's defaults the flow sets on the cart it loaded: what the cart does not have yet. */
function defaultsFor(start: CheckoutStart): CheckoutDefaults {
  const cart = cartOf(start);
  return {
    address: cart.shippingAddress === null ? start.defaultAddress : null,
    billing: cart.billingAddress === null ? start.defaultBilling : null,
  };
}

const NO_DEFAULTS: CheckoutDefaults = { address: null, billing: null };

function defaultAddressOf(context: CheckoutContext): AddressInput {
  if (context.defaults.address === null) throw new Error("the checkout saved a default delivery address it does not have");
  return context.defaults.address;
}

function defaultBillingOf(context: CheckoutContext): string {
  if (context.defaults.billing === null) throw new Error("the checkout saved a default billing address it does not have");
  return context.defaults.billing;
}

/** The uuid of the shopper's cart; the shipping step is only entered with one. */
function cartIdOf(context: CheckoutContext): string {
  if (context.cartId === null) throw new Error("the checkout sent a request without a cart");
  return context.cartId;
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    tags: {} as CheckoutTag,
  },
  actors: {
    /** The session settled, the profile and the cart as the server has them now. */
    loadCheckout: fromPromise<CheckoutStart>(async () => {
      throw new Error("loadCheckout not provided");
    }),
    /** The cart as the server has it now (its lines' stock up to date). */
    fetchCart: fromPromise<Cart, CartIdInput>(async () => {
      throw new Error("fetchCart not provided");
    }),
    setShippingAddress: fromPromise<Cart, ShippingAddressInput>(async () => {
      throw new Error("setShippingAddress not provided");
    }),
    setBillingAddress: fromPromise<Cart, BillingAddressInput>(async () => {
      throw new Error("setBillingAddress not provided");
    }),
    setShipmentMethods: fromPromise<Cart, ShipmentMethodsInput>(async () => {
      throw new Error("setShipmentMethods not provided");
    }),
  },
  actions: {
    /** The cart the server answered: into the app's query cache, where every view reads it. */
    writeCart: (_, _params: { cart: Cart }) => {},
    notify: (_, _params: CheckoutNotification) => {},
    request: assign((_, params: { step: CheckoutContext["requested"] }) => ({ requested: params.step })),
    keepCart: assign((_, params: { cart: Cart }) => ({ cartId: params.cart.uuid })),
    keepDefaults: assign((_, params: { start: CheckoutStart }) => ({ defaults: defaultsFor(params.start) })),
    /** The defaults are tried once, on arrival: saved, refused or failed, the shopper chooses from then on
     *  (a default delivery address that fails leaves the billing address to the shopper too). */
    forgetDefaults: assign({ defaults: NO_DEFAULTS }),
    forgetDefaultAddress: assign(({ context }) => ({ defaults: { ...context.defaults, address: null } })),
    forgetDefaultBilling: assign(({ context }) => ({ defaults: { ...context.defaults, billing: null } })),
  },
  guards: {
    hasNoLines: (_, params: { start: CheckoutStart }) => !hasLines(params.start.cart),
    isGuestWithEmployeeSignIn: (_, params: { start: CheckoutStart }) => params.start.customerGroup === null && params.start.employeeSignIn,
    isGuest: (_, params: { start: CheckoutStart }) => params.start.customerGroup === null,
    isEmpowerment: (_, params: { start: CheckoutStart }) => params.start.customerGroup === EMPOWERMENT_GROUP,
    isOverStock: (_, params: { cart: Cart }) => linesOverStock(params.cart).length > 0,
    /** The payment step was asked for and the cart is ready to pay. */
    isPaymentReady: ({ context }, params: { cart: Cart }) => context.requested === "payment" && isReadyToPay(params.cart),
    isReadyToPay: (_, params: { cart: Cart | null }) => isReadyToPay(params.cart),
    isBadRequest: (_, params: { error: unknown }) => statusOf(params.error) === BAD_REQUEST,
    /** The session ended (signed out elsewhere, or expired): the server no longer knows the customer. */
    isUnauthorized: (_, params: { error: unknown }) => statusOf(params.error) === UNAUTHORIZED,
    /** On the shipping step's own visit (another page asked for sends the shopper there, whose visit loads
     *  again), the cart loaded has no delivery address and the customer has a default one the carrier can use. */
    choosesDefaultAddress: ({ context }, params: { start: CheckoutStart }) => context.requested === "shipping" && defaultsFor(params.start).address !== null,
    choosesDefaultBilling: ({ context }, params: { start: CheckoutStart }) => context.requested === "shipping" && defaultsFor(params.start).billing !== null,
    /** The default billing address is still to set, and the cart just answered has none. */
    setsDefaultBillingNext: ({ context }, params: { cart: Cart }) => context.defaults.billing !== null && params.cart.billingAddress === null,
  },
}).createMachine({
  id: "checkout",
  context: { requested: "shipping", cartId: null, defaults: NO_DEFAULTS },
  initial: "idle",
  on: {
    "checkout.enter": { target: ".loading", actions: [{ type: "request", params: ({ event }) => ({ step: event.step }) }, "forgetDefaults"] },
  },
  states: {
    /** No checkout page has been visited yet. */
    idle: {},
    loading: {
      tags: ["loading"],
      invoke: {
        id: "loadCheckout",
        src: "loadCheckout",
        onDone: [
          { guard: { type: "hasNoLines", params: ({ event }) => ({ start: event.output }) }, target: "emptyCart" },
          { guard: { type: "isGuestWithEmployeeSignIn", params: ({ event }) => ({ start: event.output }) }, target: "singleSignOn" },
          { guard: { type: "isGuest", params: ({ event }) => ({ start: event.output }) }, target: "signIn" },
          { guard: { type: "isEmpowerment", params: ({ event }) => ({ start: event.output }) }, target: "empowerment" },
          {
            guard: { type: "isOverStock", params: ({ event }) => ({ cart: cartOf(event.output) }) },
            target: "shipping.outOfStock",
            actions: [
              { type: "keepCart", params: ({ event }) => ({ cart: cartOf(event.output) }) },
              { type: "writeCart", params: ({ event }) => ({ cart: cartOf(event.output) }) },
            ],
          },
          {
            guard: { type: "isPaymentReady", params: ({ event }) => ({ cart: cartOf(event.output) }) },
            target: "payment",
            actions: [
              { type: "keepCart", params: ({ event }) => ({ cart: cartOf(event.output) }) },
              { type: "writeCart", params: ({ event }) => ({ cart: cartOf(event.output) }) },
            ],
          },
          // The customer's defaults, on a cart without them: the delivery address first, then the billing one.
          {
            guard: { type: "choosesDefaultAddress", params: ({ event }) => ({ start: event.output }) },
            target: "shipping.savingAddress",
            actions: [
              { type: "keepCart", params: ({ event }) => ({ cart: cartOf(event.output) }) },
              { type: "keepDefaults", params: ({ event }) => ({ start: event.output }) },
              { type: "writeCart", params: ({ event }) => ({ cart: cartOf(event.output) }) },
            ],
          },
          {
            guard: { type: "choosesDefaultBilling", params: ({ event }) => ({ start: event.output }) },
            target: "shipping.savingDefaultBilling",
            actions: [
              { type: "keepCart", params: ({ event }) => ({ cart: cartOf(event.output) }) },
              { type: "keepDefaults", params: ({ event }) => ({ start: event.output }) },
              { type: "writeCart", params: ({ event }) => ({ cart: cartOf(event.output) }) },
            ],
          },
          {
            target: "shipping",
            actions: [
              { type: "keepCart", params: ({ event }) => ({ cart: cartOf(event.output) }) },
              { type: "writeCart", params: ({ event }) => ({ cart: cartOf(event.output) }) },
            ],
          },
        ],
        onError: { target: "failed", actions: { type: "notify", params: { kind: "danger", messageId: "errors.server.access" } } },
      },
    },
    /** The cart could not be loaded: the page says so and offers to try again. */
    failed: {},
    /** No cart, or no line in it: back to the cart page. */
    emptyCart: {},
    /** A guest, or a customer whose session ended on the step: the checkout's sign-in. */
    signIn: {},
    /** A guest holding the employee sign-in flag: the employee single sign-on (SPEC §2 Guards). */
    singleSignOn: {},
    /** An Empowerment customer: the empowerment checkout. */
    empowerment: {},
    shipping: {
      initial: "editing",
      states: {
        editing: {
          on: {
            "checkout.chooseAddress": { target: "savingAddress" },
            "checkout.openRelay": { target: "relay" },
            "checkout.openAddressList": { target: "addressList" },
            "checkout.chooseMethods": { target: "savingMethods" },
            "checkout.continue": { guard: { type: "isReadyToPay", params: ({ event }) => ({ cart: event.cart }) }, target: "verifyingStock" },
          },
        },
        /** The Colissimo relay modal is open. */
        relay: {
          on: {
            "checkout.chooseRelay": { target: "savingAddress" },
            "checkout.closeRelay": { target: "editing" },
          },
        },
        /** The delivery address chosen, or the customer's default one on arrival. */
        savingAddress: {
          tags: ["loading"],
          invoke: {
            id: "setShippingAddress",
            src: "setShippingAddress",
            input: ({ context, event }) => {
              if (event.type === "checkout.chooseRelay") return { cartId: cartIdOf(context), address: event.address, relayPointId: event.relayPointId };
              if (event.type === "checkout.chooseAddress") return { cartId: cartIdOf(context), address: event.address, relayPointId: null };
              return { cartId: cartIdOf(context), address: defaultAddressOf(context), relayPointId: null };
            },
            onDone: [
              {
                guard: { type: "setsDefaultBillingNext", params: ({ event }) => ({ cart: event.output }) },
                target: "savingDefaultBilling",
                actions: ["forgetDefaultAddress", { type: "writeCart", params: ({ event }) => ({ cart: event.output }) }],
              },
              { target: "editing", actions: ["forgetDefaults", { type: "writeCart", params: ({ event }) => ({ cart: event.output }) }] },
            ],
            onError: [
              {
                guard: { type: "isBadRequest", params: ({ event }) => ({ error: event.error }) },
                target: "editing",
                actions: ["forgetDefaults", { type: "notify", params: { kind: "danger", messageId: "checkout.shipping.addressRefused" } }],
              },
              { target: "editing", actions: ["forgetDefaults", { type: "notify", params: { kind: "danger", messageId: "errors.server.access" } }] },
            ],
          },
        },
        /** The customer's default billing address, set on arrival (no modal: the step waits meanwhile). */
        savingDefaultBilling: {
          tags: ["loading"],
          invoke: {
            id: "setBillingAddress",
            src: "setBillingAddress",
            input: ({ context }) => ({ cartId: cartIdOf(context), name: defaultBillingOf(context) }),
            onDone: { target: "editing", actions: ["forgetDefaultBilling", { type: "writeCart", params: ({ event }) => ({ cart: event.output }) }] },
            onError: [
              {
                guard: { type: "isUnauthorized", params: ({ event }) => ({ error: event.error }) },
                target: "#checkout.signIn",
                actions: ["forgetDefaultBilling", { type: "notify", params: { kind: "danger", messageId: "errors.cartAdresse.unauthorized" } }],
              },
              {
                target: "editing",
                actions: ["forgetDefaultBilling", { type: "notify", params: ({ event }) => ({ kind: "danger", messageId: billingMessageOf(event.error) }) }],
              },
            ],
          },
        },
        /** The address list modal, to choose the billing address. */
        addressList: {
          on: {
            "checkout.chooseBilling": { target: "savingBilling" },
            "checkout.closeAddressList": { target: "editing" },
          },
        },
        savingBilling: {
          tags: ["loading"],
          invoke: {
            id: "setBillingAddress",
            src: "setBillingAddress",
            input: ({ context, event }) => {
              if (event.type !== "checkout.chooseBilling") throw new Error(`the checkout saved a billing address on ${event.type}`);
              return { cartId: cartIdOf(context), name: event.name };
            },
            // Confirm sets the billing address on the cart, then closes the modal (SPEC §4 Address).
            onDone: { target: "editing", actions: { type: "writeCart", params: ({ event }) => ({ cart: event.output }) } },
            onError: [
              // The session ended: the checkout's sign-in, in the step's place (SPEC §4 Session expiry).
              {
                guard: { type: "isUnauthorized", params: ({ event }) => ({ error: event.error }) },
                target: "#checkout.signIn",
                actions: { type: "notify", params: { kind: "danger", messageId: "errors.cartAdresse.unauthorized" } },
              },
              { target: "addressList", actions: { type: "notify", params: ({ event }) => ({ kind: "danger", messageId: billingMessageOf(event.error) }) } },
            ],
          },
        },
        savingMethods: {
          tags: ["loading"],
          invoke: {
            id: "setShipmentMethods",
            src: "setShipmentMethods",
            input: ({ context, event }) => {
              if (event.type !== "checkout.chooseMethods") throw new Error(`the checkout saved methods on ${event.type}`);
              return { cartId: cartIdOf(context), shipmentMethodIds: event.shipmentMethodIds };
            },
            onDone: { target: "editing", actions: { type: "writeCart", params: ({ event }) => ({ cart: event.output }) } },
            onError: [
              {
                guard: { type: "isBadRequest", params: ({ event }) => ({ error: event.error }) },
                target: "editing",
                actions: { type: "notify", params: { kind: "danger", messageId: "checkout.shipping.methodRefused" } },
              },
              { target: "editing", actions: { type: "notify", params: { kind: "danger", messageId: "errors.server.access" } } },
            ],
          },
        },
        /** Before the payment step: the stock once more, as it is now. */
        verifyingStock: {
          tags: ["loading"],
          invoke: {
            id: "fetchCart",
            src: "fetchCart",
            input: ({ context }) => ({ cartId: cartIdOf(context) }),
            onDone: [
              {
                guard: { type: "isOverStock", params: ({ event }) => ({ cart: event.output }) },
                target: "outOfStock",
                actions: { type: "writeCart", params: ({ event }) => ({ cart: event.output }) },
              },
              {
                guard: { type: "isReadyToPay", params: ({ event }) => ({ cart: event.output }) },
                target: "#checkout.payment",
                actions: { type: "writeCart", params: ({ event }) => ({ cart: event.output }) },
              },
              { target: "editing", actions: { type: "writeCart", params: ({ event }) => ({ cart: event.output }) } },
            ],
            onError: { target: "editing", actions: { type: "notify", params: { kind: "danger", messageId: "errors.server.access" } } },
          },
        },
        /** SPEC §2: the out-of-stock modal lists the lines of the cart just written that are above
         *  their stock; nothing goes on to payment with them. */
        outOfStock: {
          on: { "checkout.closeOutOfStock": { target: "editing" } },
        },
      },
    },
    /** The payment step (its flow comes with the payment issue). */
    payment: {},
  },
});
