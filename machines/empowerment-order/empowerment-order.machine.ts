// The empowerment checkout (SPEC §2 /commande-empowerment, §7 empowerment/order): a crew member of
// the Empowerment group sends a passenger a gift paid from their money pot of the month. On the page
// they choose where it goes (an address in one of the programme's countries), how it travels, who is
// billed, and write the card's message (saved when the field is left, or before validating); then
// 'Place the order' validates the cart into an order paid from the pot and shows its thank-you page.
//
// Every cart the server answers is written to the app's query cache (`writeCart`), where the page
// reads it; the money pot is read there too (`refreshMoneyPot` asks it again). A refusal keeps
// everything chosen: too little left in the pot, a part missing, a country outside the programme, a
// cart emptied or being paid elsewhere are said on the page; goods gone meanwhile open the
// out-of-stock modal with the cart as it is now; no budget this month leaves nothing to validate.
//
// On arrival the flow sets the crew member's defaults on a cart that has none (SPEC §3, as the
// checkout does): the default delivery address (in the programme's countries, with a phone), then the
// default billing address; each is tried once, and what fails is left to them, with the notification.
import { assign, fromPromise, setup } from "xstate";
import type {
  BillingAddressInput,
  Cart,
  CartIdInput,
  CustomCardInput,
  EmpowermentOrderContext,
  EmpowermentOrderDefaults,
  EmpowermentOrderEvent,
  EmpowermentOrderInput,
  EmpowermentOrderMessageId,
  EmpowermentOrderNotification,
  EmpowermentOrderTag,
  Order,
  OrderPart,
  OrderRefusal,
  ShipmentMethodsInput,
  ShippingAddressInput,
} from "./empowerment-order.types.ts";

/** What the order still needs before it can be placed, in the order the page shows them. */
export function missingPartsOf(cart: Cart | null): OrderPart[] {
  if (cart === null) return ["delivery", "method", "billing"];
  const missing: OrderPart[] = [];
  if (cart.shippingAddress === null || cart.shipments.some((shipment) => shipment.address === null)) missing.push("delivery");
  if (cart.shipments.length === 0 || cart.shipments.some((shipment) => shipment.shipmentMethod === null)) missing.push("method");
  if (cart.billingAddress === null) missing.push("billing");
  return missing;
}

/** The status a failed call carries: the app's API client rejects with `{ status, message }`. */
export const statusOf = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : undefined;

/** The code a failed call carries (a refusal of the validation is one of OrderRefusal). */
const codeOf = (error: unknown): unknown => (typeof error === "object" && error !== null && "code" in error ? error.code : undefined);

const BAD_REQUEST = 400;
const UNAUTHORIZED = 401;
const NOT_FOUND = 404;
const CONFLICT = 409;

/** SPEC §8: the billing address's failures. */
function billingMessageOf(error: unknown): EmpowermentOrderMessageId {
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

const NO_DEFAULTS: EmpowermentOrderDefaults = { address: null, billing: null };

function defaultAddressOf(context: EmpowermentOrderContext): ShippingAddressInput["address"] {
  if (context.defaults.address === null) throw new Error("the empowerment checkout saved a default delivery address it does not have");
  return context.defaults.address;
}

function defaultBillingOf(context: EmpowermentOrderContext): string {
  if (context.defaults.billing === null) throw new Error("the empowerment checkout saved a default billing address it does not have");
  return context.defaults.billing;
}

/** The validation's answer is this refusal (a transition's guard). */
const refused = (refusal: OrderRefusal) => ({ type: "isRefusal", params: ({ event }: { event: { error: unknown } }) => ({ error: event.error, refusal }) }) as const;

export const empowermentOrderMachine = setup({
  types: {
    context: {} as EmpowermentOrderContext,
    events: {} as EmpowermentOrderEvent,
    input: {} as EmpowermentOrderInput,
    tags: {} as EmpowermentOrderTag,
  },
  actors: {
    setShippingAddress: fromPromise<Cart, ShippingAddressInput>(async () => {
      throw new Error("setShippingAddress not provided");
    }),
    setBillingAddress: fromPromise<Cart, BillingAddressInput>(async () => {
      throw new Error("setBillingAddress not provided");
    }),
    setShipmentMethods: fromPromise<Cart, ShipmentMethodsInput>(async () => {
      throw new Error("setShipmentMethods not provided");
    }),
    setCustomCard: fromPromise<Cart, CustomCardInput>(async () => {
      throw new Error("setCustomCard not provided");
    }),
    /** Turns the cart into an order paid from the money pot. */
    validateOrder: fromPromise<Order, CartIdInput>(async () => {
      throw new Error("validateOrder not provided");
    }),
    /** The cart as the server has it now (its lines' stock up to date). */
    fetchCart: fromPromise<Cart, CartIdInput>(async () => {
      throw new Error("fetchCart not provided");
    }),
  },
  actions: {
    /** The cart the server answered: into the app's query cache, where the page reads it. */
    writeCart: (_, _params: { cart: Cart }) => {},
    notify: (_, _params: EmpowermentOrderNotification) => {},
    /** The money pot is asked of the server again (what is left changed, or there is none). */
    refreshMoneyPot: () => {},
    /** The order is made: the cart flow starts again without a cart; the pot and the orders are asked again. */
    forgetOrderedCart: (_, _params: { order: Order }) => {},
    showThankYou: (_, _params: { reference: string }) => {},
    keepMessage: assign((_, params: { cart: Cart }) => ({ savedMessage: params.cart.customCardMessage ?? "" })),
    /** The defaults are tried once, on arrival: saved, refused or failed, the crew member chooses from then on
     *  (a default delivery address that fails leaves the billing address to them too). */
    forgetDefaults: assign({ defaults: NO_DEFAULTS }),
    forgetDefaultAddress: assign(({ context }) => ({ defaults: { ...context.defaults, address: null } })),
  },
  guards: {
    hasDefaultAddress: ({ context }) => context.defaults.address !== null,
    hasDefaultBilling: ({ context }) => context.defaults.billing !== null,
    /** The default billing address is still to set, and the cart just answered has none. */
    setsDefaultBillingNext: ({ context }, params: { cart: Cart }) => context.defaults.billing !== null && params.cart.billingAddress === null,
    isMessageChanged: ({ context }, params: { message: string }) => params.message !== context.savedMessage,
    isBadRequest: (_, params: { error: unknown }) => statusOf(params.error) === BAD_REQUEST,
    isRefusal: (_, params: { error: unknown; refusal: OrderRefusal }) => codeOf(params.error) === params.refusal,
  },
}).createMachine({
  id: "empowermentOrder",
  context: ({ input }) => ({ cartId: input.cartId, savedMessage: input.cardMessage ?? "", defaults: input.defaults ?? NO_DEFAULTS }),
  initial: "arriving",
  states: {
    /** SPEC §3: the crew member's defaults on a cart without them, the delivery address first. */
    arriving: {
      always: [
        { guard: "hasDefaultAddress", target: "savingAddress" },
        { guard: "hasDefaultBilling", target: "savingDefaultBilling" },
        { target: "editing" },
      ],
    },
    editing: {
      initial: "ready",
      on: {
        "empowermentOrder.chooseAddress": { target: "savingAddress" },
        "empowermentOrder.chooseBilling": { target: "savingBilling" },
        "empowermentOrder.chooseMethods": { target: "savingMethods" },
        "empowermentOrder.saveMessage": {
          guard: { type: "isMessageChanged", params: ({ event }) => ({ message: event.message }) },
          target: "savingMessage",
        },
        "empowermentOrder.validate": [
          { guard: { type: "isMessageChanged", params: ({ event }) => ({ message: event.message }) }, target: "placing.savingMessage" },
          { target: "placing.validating" },
        ],
      },
      states: {
        ready: {},
        /** SPEC §7 BUDGET_EXCEEDED: the total is above what is left in the pot (the pot is shown again). */
        budgetExceeded: { tags: ["error"] },
        /** CART_INCOMPLETE: the page points at the part still missing. */
        incomplete: { tags: ["error"] },
        /** CART_EMPTY: nothing left to send; the way back to the cart. */
        cartEmpty: { tags: ["error"] },
        /** CART_LOCKED: the cart is being paid elsewhere (a card payment started on it). */
        cartLocked: { tags: ["error"] },
        /** COUNTRY_NOT_ALLOWED: the delivery address is outside the programme's countries. */
        countryNotAllowed: { tags: ["error"] },
        /** The card message was not saved, or the validation failed otherwise. */
        failed: { tags: ["error"] },
      },
    },
    /** The delivery address chosen, or the crew member's default one on arrival. */
    savingAddress: {
      tags: ["loading"],
      invoke: {
        id: "setShippingAddress",
        src: "setShippingAddress",
        input: ({ context, event }) => ({
          cartId: context.cartId,
          address: event.type === "empowermentOrder.chooseAddress" ? event.address : defaultAddressOf(context),
          relayPointId: null,
        }),
        onDone: [
          {
            guard: { type: "setsDefaultBillingNext", params: ({ event }) => ({ cart: event.output }) },
            target: "savingDefaultBilling",
            actions: ["forgetDefaultAddress", { type: "writeCart", params: ({ event }) => ({ cart: event.output }) }, { type: "keepMessage", params: ({ event }) => ({ cart: event.output }) }],
          },
          {
            target: "editing",
            actions: ["forgetDefaults", { type: "writeCart", params: ({ event }) => ({ cart: event.output }) }, { type: "keepMessage", params: ({ event }) => ({ cart: event.output }) }],
          },
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
    /** The crew member's default billing address, set on arrival. */
    savingDefaultBilling: {
      tags: ["loading"],
      invoke: {
        id: "setBillingAddress",
        src: "setBillingAddress",
        input: ({ context }) => ({ cartId: context.cartId, name: defaultBillingOf(context) }),
        onDone: {
          target: "editing",
          actions: ["forgetDefaults", { type: "writeCart", params: ({ event }) => ({ cart: event.output }) }, { type: "keepMessage", params: ({ event }) => ({ cart: event.output }) }],
        },
        onError: { target: "editing", actions: ["forgetDefaults", { type: "notify", params: ({ event }) => ({ kind: "danger", messageId: billingMessageOf(event.error) }) }] },
      },
    },
    savingBilling: {
      tags: ["loading"],
      invoke: {
        id: "setBillingAddress",
        src: "setBillingAddress",
        input: ({ context, event }) => {
          if (event.type !== "empowermentOrder.chooseBilling") throw new Error(`the empowerment checkout saved a billing address on ${event.type}`);
          return { cartId: context.cartId, name: event.name };
        },
        onDone: { target: "editing", actions: [{ type: "writeCart", params: ({ event }) => ({ cart: event.output }) }, { type: "keepMessage", params: ({ event }) => ({ cart: event.output }) }] },
        onError: { target: "editing", actions: { type: "notify", params: ({ event }) => ({ kind: "danger", messageId: billingMessageOf(event.error) }) } },
      },
    },
    savingMethods: {
      tags: ["loading"],
      invoke: {
        id: "setShipmentMethods",
        src: "setShipmentMethods",
        input: ({ context, event }) => {
          if (event.type !== "empowermentOrder.chooseMethods") throw new Error(`the empowerment checkout saved methods on ${event.type}`);
          return { cartId: context.cartId, shipmentMethodIds: event.shipmentMethodIds };
        },
        onDone: { target: "editing", actions: [{ type: "writeCart", params: ({ event }) => ({ cart: event.output }) }, { type: "keepMessage", params: ({ event }) => ({ cart: event.output }) }] },
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
    /** The card message field was left with another message than the saved one. */
    savingMessage: {
      tags: ["loading"],
      // Leaving the field for 'Place the order' saves the message on the way: the click is not lost,
      // the placing saves it (again, the same) and validates.
      on: { "empowermentOrder.validate": { target: "placing.savingMessage" } },
      invoke: {
        id: "setCustomCard",
        src: "setCustomCard",
        input: ({ context, event }) => {
          if (event.type !== "empowermentOrder.saveMessage") throw new Error(`the empowerment checkout saved the card on ${event.type}`);
          return { cartId: context.cartId, message: event.message };
        },
        onDone: { target: "editing", actions: [{ type: "writeCart", params: ({ event }) => ({ cart: event.output }) }, { type: "keepMessage", params: ({ event }) => ({ cart: event.output }) }] },
        onError: { target: "editing", actions: { type: "notify", params: { kind: "danger", messageId: "empowerment.order.cardRefused" } } },
      },
    },
    /** 'Place the order': the card message saved if it changed, then the validation. */
    placing: {
      tags: ["loading"],
      initial: "validating",
      states: {
        savingMessage: {
          invoke: {
            id: "setCustomCardBeforeOrder",
            src: "setCustomCard",
            input: ({ context, event }) => {
              if (event.type !== "empowermentOrder.validate") throw new Error(`the empowerment checkout saved the card on ${event.type}`);
              return { cartId: context.cartId, message: event.message };
            },
            onDone: { target: "validating", actions: [{ type: "writeCart", params: ({ event }) => ({ cart: event.output }) }, { type: "keepMessage", params: ({ event }) => ({ cart: event.output }) }] },
            onError: { target: "#empowermentOrder.editing.failed", actions: { type: "notify", params: { kind: "danger", messageId: "empowerment.order.cardRefused" } } },
          },
        },
        validating: {
          invoke: {
            id: "validateOrder",
            src: "validateOrder",
            input: ({ context }) => ({ cartId: context.cartId }),
            onDone: {
              target: "#empowermentOrder.ordered",
              actions: [
                { type: "forgetOrderedCart", params: ({ event }) => ({ order: event.output }) },
                { type: "showThankYou", params: ({ event }) => ({ reference: event.output.reference }) },
              ],
            },
            onError: [
              { guard: refused("BUDGET_EXCEEDED"), target: "#empowermentOrder.editing.budgetExceeded", actions: "refreshMoneyPot" },
              { guard: refused("OUT_OF_STOCK"), target: "#empowermentOrder.checkingStock" },
              { guard: refused("CART_INCOMPLETE"), target: "#empowermentOrder.editing.incomplete" },
              { guard: refused("CART_EMPTY"), target: "#empowermentOrder.editing.cartEmpty" },
              { guard: refused("CART_LOCKED"), target: "#empowermentOrder.editing.cartLocked" },
              { guard: refused("COUNTRY_NOT_ALLOWED"), target: "#empowermentOrder.editing.countryNotAllowed" },
              { guard: refused("MONEY_POT_NOT_FOUND"), target: "#empowermentOrder.noMoneyPot", actions: "refreshMoneyPot" },
              { target: "#empowermentOrder.editing.failed" },
            ],
          },
        },
      },
    },
    /** OUT_OF_STOCK: the cart as it is now, for the out-of-stock modal to list the lines above their stock. */
    checkingStock: {
      tags: ["loading"],
      invoke: {
        id: "fetchCart",
        src: "fetchCart",
        input: ({ context }) => ({ cartId: context.cartId }),
        onDone: { target: "outOfStock", actions: { type: "writeCart", params: ({ event }) => ({ cart: event.output }) } },
        onError: { target: "editing.failed" },
      },
    },
    /** SPEC §2: the out-of-stock modal, with 'Edit my shopping cart'. */
    outOfStock: {
      on: { "empowermentOrder.closeOutOfStock": { target: "editing" } },
    },
    /** MONEY_POT_NOT_FOUND: no budget is set for this month; nothing can be validated. */
    noMoneyPot: {},
    /** The order is made; the thank-you page is shown. */
    ordered: { type: "final" },
  },
});
