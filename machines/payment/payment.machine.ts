// The card payment (SPEC §2 payment, result, retry, return and thank-you pages; §4 Checkout; §7
// Payment). Each payment page starts one actor and sends it its visit:
// - the payment step (`payment.open`): without the 'payment' consent it offers it; then the methods are
//   loaded, the payment component (Drop-in) is shown, 'Pay' starts the payment, the component performs
//   the action the answer asks for (a redirect to the bank, a 3-D Secure step in place), its result is
//   handed over; an authorised payment goes to the thank-you page, a refused one to the retry page;
// - the return page (`payment.return`): the bank's `redirectResult` is handed over once per tab (a
//   reload finds it marked and goes to the result page, which asks for the order instead); coming
//   back without one is an abandoned payment;
// - the result page (`payment.await`): the order of the cart is asked for until the bank has answered;
// - the retry page (`payment.reopen`): the cart of the failed payment is reopened, then paid again.
// Where the shopper goes is told to the app (the `show…` actions); carts the server answers are written
// to the query cache (`writeCart`), and an order made forgets the shopper's cart (`forgetCart`).
import { assign, fromPromise, setup } from "xstate";
import type {
  Cart,
  CartIdInput,
  InitiatePaymentInput,
  OrderState,
  OrderStatus,
  PaymentContext,
  PaymentDetailsInput,
  PaymentEvent,
  PaymentMessageId,
  PaymentNotification,
  PaymentOutcome,
  PaymentResult,
  PaymentTag,
  RetryReason,
} from "./payment.types.ts";

/** The server's 409 codes the payment tells apart (openapi/storefront.yaml, initiatePayment, getPaymentFailedCart). */
export const AMOUNT_MISMATCH = "AMOUNT_MISMATCH";
export const OUT_OF_STOCK = "OUT_OF_STOCK";
export const CART_LOCKED = "CART_LOCKED";
export const CART_INCOMPLETE = "CART_INCOMPLETE";
export const CART_EMPTY = "CART_EMPTY";
export const ORDER_ALREADY_PAID = "ORDER_ALREADY_PAID";

/** How long the result page waits before asking again for the bank's answer. */
export const ORDER_POLL_MS = 3000;

/** How long the result page waits for the bank before saying its answer is late. */
export const BANK_PATIENCE_MS = 120_000;

// The payment's rules on the server's answers, pure: how a provider result ends, what an order's
// status says about its payment, which 409 code a failure carries.
const CONFLICT = 409;
const NOT_FOUND = 404;

/** The status a failed call carries: the app's API client rejects with `{ status, message }`. */
const statusOf = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : undefined;

/** Result codes after which the payment component performs an action (a redirect, a 3-D Secure step). */
const ACTION_CODES: readonly PaymentResult["resultCode"][] = ["RedirectShopper", "ChallengeShopper", "IdentifyShopper"];

export function outcomeOf(result: PaymentResult): PaymentOutcome {
  switch (result.resultCode) {
    case "Authorised":
      // An authorised payment names its order; without one the order is looked up elsewhere.
      return result.orderReference === null ? "pending" : "authorised";
    case "Pending":
    case "Received":
      return "pending";
    case "Refused":
      return "refused";
    case "Cancelled":
      // The goods were gone when the authorisation came: the server cancelled the payment.
      return result.refusalReason === OUT_OF_STOCK ? "outOfStock" : "cancelled";
    case "Error":
      return "error";
    default:
      return ACTION_CODES.includes(result.resultCode) && result.action !== null ? "action" : "error";
  }
}

/** The retry page's explanation for an outcome that did not pay. */
export function retryReasonOf(outcome: PaymentOutcome): RetryReason {
  if (outcome === "refused") return "refused";
  if (outcome === "cancelled") return "cancelled";
  return "error";
}

/** What an order's status says about its payment. */
export function paymentStateOf(status: OrderStatus): "paid" | "pending" | "failed" {
  if (status === "PENDING_PAYMENT") return "pending";
  if (status === "CANCELLED" || status === "REFUNDED") return "failed";
  return "paid";
}

/** The code of a 409 answer, if the failure is one. */
export function conflictCodeOf(error: unknown): string | undefined {
  if (statusOf(error) !== CONFLICT || typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

export function isNotFound(error: unknown): boolean {
  return statusOf(error) === NOT_FOUND;
}

/** The cart being paid; the states that call the server about it are only entered with one. */
function cartIdOf(context: PaymentContext): string {
  if (context.cartId === null) throw new Error("the payment called the server without a cart");
  return context.cartId;
}

/** The reference of an order an authorised answer names (the `authorised` outcome has one). */
function referenceOf(result: PaymentResult): string {
  if (result.orderReference === null) throw new Error("an authorised payment without its order");
  return result.orderReference;
}

/** The reference of an order found paid (the `isPaid` guard saw one). */
function orderReferenceOf(order: OrderState | null): string {
  if (order === null) throw new Error("a paid order that is not there");
  return order.reference;
}

/** The bank's redirect result (the `hasRedirectResult` guard saw one). */
function redirectResultOf(redirectResult: string | null): string {
  if (redirectResult === null) throw new Error("a redirect handed over without its result");
  return redirectResult;
}

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    tags: {} as PaymentTag,
  },
  actors: {
    /** The payment methods for the cart's amount, into the query cache where the component reads them. */
    loadPaymentMethods: fromPromise<void, CartIdInput>(async () => {
      throw new Error("loadPaymentMethods not provided");
    }),
    /** Starts the payment of the cart (amount, lines and return address from the cart as cached). */
    initiatePayment: fromPromise<PaymentResult, InitiatePaymentInput>(async () => {
      throw new Error("initiatePayment not provided");
    }),
    /** Hands over the result of the action (redirect result, 3-D Secure answer). */
    submitDetails: fromPromise<PaymentResult, PaymentDetailsInput>(async () => {
      throw new Error("submitDetails not provided");
    }),
    /** The cart as the server has it now. */
    fetchCart: fromPromise<Cart, CartIdInput>(async () => {
      throw new Error("fetchCart not provided");
    }),
    /** The order made from the cart; null when there is none. */
    findOrder: fromPromise<OrderState | null, CartIdInput>(async () => {
      throw new Error("findOrder not provided");
    }),
    /** Reopens the cart of a failed payment for another try. */
    reopenCart: fromPromise<Cart, CartIdInput>(async () => {
      throw new Error("reopenCart not provided");
    }),
  },
  delays: {
    orderPoll: ORDER_POLL_MS,
    bankPatience: BANK_PATIENCE_MS,
  },
  actions: {
    keepCart: assign((_, params: { cartId: string }) => ({ cartId: params.cartId })),
    say: assign((_, params: { messageId: PaymentMessageId | null }) => ({ messageId: params.messageId })),
    /** The cart the server answered: into the app's query cache. */
    writeCart: (_, _params: { cart: Cart }) => {},
    /** An order was made from the cart: the shopper has no cart any more. */
    forgetCart: () => {},
    notify: (_, _params: PaymentNotification) => {},
    /** This tab handed the redirect result over (sessionStorage): a reload does not do it again. */
    markRedirect: (_, _params: { redirectResult: string }) => {},
    /** Gives the payment component the answer to its submission (it performs the action, if any). */
    answerDropin: (_, _params: { result: PaymentResult }) => {},
    /** Tells the payment component its submission failed. */
    failDropin: () => {},
    showThankYou: (_, _params: { orderReference: string }) => {},
    showRetry: (_, _params: { cartId: string; reason: RetryReason }) => {},
    showResult: (_, _params: { cartId: string }) => {},
    showPayment: () => {},
    showShipping: () => {},
    showCart: () => {},
  },
  guards: {
    hasConsent: (_, params: { consented: boolean }) => params.consented,
    hasOutcome: (_, params: { result: PaymentResult; outcome: PaymentOutcome }) => outcomeOf(params.result) === params.outcome,
    hasConflict: (_, params: { error: unknown; code: string }) => conflictCodeOf(params.error) === params.code,
    isNotFound: (_, params: { error: unknown }) => isNotFound(params.error),
    hasRedirectResult: (_, params: { redirectResult: string | null }) => params.redirectResult !== null,
    wasSubmitted: (_, params: { alreadySubmitted: boolean }) => params.alreadySubmitted,
    isPaid: (_, params: { order: OrderState | null }) => params.order !== null && paymentStateOf(params.order.status) === "paid",
    isCancelled: (_, params: { order: OrderState | null }) => params.order !== null && paymentStateOf(params.order.status) === "failed",
  },
}).createMachine({
  id: "payment",
  context: { cartId: null, messageId: null },
  initial: "idle",
  states: {
    /** No payment page has sent its visit yet. */
    idle: {
      on: {
        "payment.open": [
          {
            guard: { type: "hasConsent", params: ({ event }) => ({ consented: event.consented }) },
            target: "loadingMethods",
            actions: { type: "keepCart", params: ({ event }) => ({ cartId: event.cartId }) },
          },
          { target: "needsConsent", actions: { type: "keepCart", params: ({ event }) => ({ cartId: event.cartId }) } },
        ],
        "payment.return": [
          {
            guard: { type: "wasSubmitted", params: ({ event }) => ({ alreadySubmitted: event.alreadySubmitted }) },
            target: "resultPage",
            actions: [
              { type: "keepCart", params: ({ event }) => ({ cartId: event.cartId }) },
              { type: "showResult", params: ({ event }) => ({ cartId: event.cartId }) },
            ],
          },
          {
            guard: { type: "hasRedirectResult", params: ({ event }) => ({ redirectResult: event.redirectResult }) },
            target: "returning",
            actions: [
              { type: "keepCart", params: ({ event }) => ({ cartId: event.cartId }) },
              { type: "markRedirect", params: ({ event }) => ({ redirectResult: redirectResultOf(event.redirectResult) }) },
            ],
          },
          // Back from the bank without its answer: the payment was abandoned.
          {
            target: "retryPage",
            actions: [
              { type: "keepCart", params: ({ event }) => ({ cartId: event.cartId }) },
              { type: "showRetry", params: ({ event }) => ({ cartId: event.cartId, reason: "abandoned" }) },
            ],
          },
        ],
        "payment.await": { target: "waitingForBank", actions: { type: "keepCart", params: ({ event }) => ({ cartId: event.cartId }) } },
        "payment.reopen": { target: "reopening", actions: { type: "keepCart", params: ({ event }) => ({ cartId: event.cartId }) } },
      },
    },

    // ── The payment step.
    /** The 'payment' consent is missing: the step explains why it is needed and offers it. */
    needsConsent: {
      on: { "payment.consented": { target: "loadingMethods" } },
    },
    loadingMethods: {
      tags: ["loading"],
      invoke: {
        id: "loadPaymentMethods",
        src: "loadPaymentMethods",
        input: ({ context }) => ({ cartId: cartIdOf(context) }),
        onDone: { target: "mounting" },
        onError: { target: "failed", actions: { type: "say", params: { messageId: "errors.server.access" } } },
      },
    },
    /** The payment component is being loaded and shown. */
    mounting: {
      tags: ["loading"],
      on: {
        "payment.dropinReady": { target: "ready" },
        "payment.dropinFailed": { target: "failed", actions: { type: "say", params: { messageId: "payment.unavailable" } } },
      },
    },
    /** The payment component waits for the shopper's card. */
    ready: {
      entry: { type: "say", params: { messageId: null } },
      on: {
        "payment.submit": { target: "submitting" },
        "payment.dropinFailed": { target: "failed", actions: { type: "say", params: { messageId: "payment.unavailable" } } },
      },
    },
    submitting: {
      tags: ["loading"],
      invoke: {
        id: "initiatePayment",
        src: "initiatePayment",
        input: ({ context, event }) => {
          if (event.type !== "payment.submit") throw new Error(`the payment started on ${event.type}`);
          return { cartId: cartIdOf(context), paymentMethod: event.paymentMethod, browserInfo: event.browserInfo };
        },
        onDone: [
          {
            guard: { type: "hasOutcome", params: ({ event }) => ({ result: event.output, outcome: "authorised" }) },
            target: "thankYou",
            actions: [
              { type: "answerDropin", params: ({ event }) => ({ result: event.output }) },
              "forgetCart",
              { type: "showThankYou", params: ({ event }) => ({ orderReference: referenceOf(event.output) }) },
            ],
          },
          {
            guard: { type: "hasOutcome", params: ({ event }) => ({ result: event.output, outcome: "action" }) },
            target: "actionInProgress",
            actions: { type: "answerDropin", params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: "hasOutcome", params: ({ event }) => ({ result: event.output, outcome: "pending" }) },
            target: "resultPage",
            actions: [{ type: "answerDropin", params: ({ event }) => ({ result: event.output }) }, { type: "showResult", params: ({ context }) => ({ cartId: cartIdOf(context) }) }],
          },
          {
            guard: { type: "hasOutcome", params: ({ event }) => ({ result: event.output, outcome: "outOfStock" }) },
            target: "checkingStock",
            actions: "failDropin",
          },
          {
            target: "retryPage",
            actions: [
              { type: "answerDropin", params: ({ event }) => ({ result: event.output }) },
              { type: "showRetry", params: ({ context, event }) => ({ cartId: cartIdOf(context), reason: retryReasonOf(outcomeOf(event.output)) }) },
            ],
          },
        ],
        onError: [
          {
            guard: { type: "hasConflict", params: ({ event }) => ({ error: event.error, code: AMOUNT_MISMATCH }) },
            target: "refreshingAmount",
            actions: "failDropin",
          },
          {
            guard: { type: "hasConflict", params: ({ event }) => ({ error: event.error, code: OUT_OF_STOCK }) },
            target: "checkingStock",
            actions: "failDropin",
          },
          {
            guard: { type: "hasConflict", params: ({ event }) => ({ error: event.error, code: CART_LOCKED }) },
            target: "locked",
            actions: ["failDropin", { type: "say", params: { messageId: "payment.locked" } }],
          },
          {
            guard: { type: "hasConflict", params: ({ event }) => ({ error: event.error, code: CART_INCOMPLETE }) },
            target: "shippingStep",
            actions: ["failDropin", "showShipping"],
          },
          {
            guard: { type: "hasConflict", params: ({ event }) => ({ error: event.error, code: CART_EMPTY }) },
            target: "cartPage",
            actions: ["failDropin", "showCart"],
          },
          { target: "failed", actions: ["failDropin", { type: "say", params: { messageId: "payment.error" } }] },
        ],
      },
    },
    /** The component performs the action the answer asked for: a redirect to the bank (the page is
     *  left), or a 3-D Secure step in place. */
    actionInProgress: {
      on: {
        "payment.details": { target: "confirming" },
        "payment.abandon": {
          target: "retryPage",
          actions: { type: "showRetry", params: ({ context }) => ({ cartId: cartIdOf(context), reason: "abandoned" }) },
        },
        "payment.dropinFailed": {
          target: "retryPage",
          actions: { type: "showRetry", params: ({ context }) => ({ cartId: cartIdOf(context), reason: "error" }) },
        },
      },
    },
    /** The result of the action done in place is handed over. */
    confirming: {
      tags: ["loading"],
      invoke: {
        id: "submitDetails",
        src: "submitDetails",
        input: ({ event }) => {
          if (event.type !== "payment.details") throw new Error(`the payment handed details over on ${event.type}`);
          return { details: event.details, paymentData: event.paymentData };
        },
        onDone: [
          {
            guard: { type: "hasOutcome", params: ({ event }) => ({ result: event.output, outcome: "authorised" }) },
            target: "thankYou",
            actions: [
              { type: "answerDropin", params: ({ event }) => ({ result: event.output }) },
              "forgetCart",
              { type: "showThankYou", params: ({ event }) => ({ orderReference: referenceOf(event.output) }) },
            ],
          },
          {
            guard: { type: "hasOutcome", params: ({ event }) => ({ result: event.output, outcome: "action" }) },
            target: "actionInProgress",
            actions: { type: "answerDropin", params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: "hasOutcome", params: ({ event }) => ({ result: event.output, outcome: "pending" }) },
            target: "resultPage",
            actions: [{ type: "answerDropin", params: ({ event }) => ({ result: event.output }) }, { type: "showResult", params: ({ context }) => ({ cartId: cartIdOf(context) }) }],
          },
          {
            guard: { type: "hasOutcome", params: ({ event }) => ({ result: event.output, outcome: "outOfStock" }) },
            target: "checkingStock",
            actions: "failDropin",
          },
          {
            target: "retryPage",
            actions: [
              { type: "answerDropin", params: ({ event }) => ({ result: event.output }) },
              { type: "showRetry", params: ({ context, event }) => ({ cartId: cartIdOf(context), reason: retryReasonOf(outcomeOf(event.output)) }) },
            ],
          },
        ],
        onError: { target: "retryPage", actions: ["failDropin", { type: "showRetry", params: ({ context }) => ({ cartId: cartIdOf(context), reason: "error" }) }] },
      },
    },
    /** The amount changed since the step was shown (AMOUNT_MISMATCH): the cart is read again and the
     *  component shown again with the new amount. */
    refreshingAmount: {
      tags: ["loading"],
      invoke: {
        id: "fetchCart",
        src: "fetchCart",
        input: ({ context }) => ({ cartId: cartIdOf(context) }),
        onDone: {
          target: "loadingMethods",
          actions: [
            { type: "writeCart", params: ({ event }) => ({ cart: event.output }) },
            { type: "notify", params: { kind: "info", messageId: "payment.amountChanged" } },
          ],
        },
        onError: { target: "failed", actions: { type: "say", params: { messageId: "errors.server.access" } } },
      },
    },
    /** Goods are gone (OUT_OF_STOCK): the cart with today's stock, for the out-of-stock modal. */
    checkingStock: {
      tags: ["loading"],
      invoke: {
        id: "fetchCart",
        src: "fetchCart",
        input: ({ context }) => ({ cartId: cartIdOf(context) }),
        onDone: { target: "outOfStock", actions: { type: "writeCart", params: ({ event }) => ({ cart: event.output }) } },
        onError: { target: "outOfStock" },
      },
    },
    /** SPEC §2: the out-of-stock modal lists the lines above their stock; the cart must be edited. */
    outOfStock: {
      on: { "payment.closeOutOfStock": { target: "cartPage", actions: "showCart" } },
    },
    /** A payment of this cart was being started at that moment (CART_LOCKED: another tab): the
     *  shopper may try again once it is. */
    locked: {
      on: { "payment.retry": { target: "loadingMethods" } },
    },
    /** The payment could not go on (methods not loaded, component not shown, server failure). */
    failed: {
      on: { "payment.retry": { target: "loadingMethods" } },
    },

    // ── The return page.
    /** The bank's redirect result is handed over (once per tab). */
    returning: {
      tags: ["loading"],
      invoke: {
        id: "submitDetails",
        src: "submitDetails",
        input: ({ event }) => {
          if (event.type !== "payment.return") throw new Error(`the payment handed a redirect over on ${event.type}`);
          return { details: { redirectResult: redirectResultOf(event.redirectResult) }, paymentData: null };
        },
        onDone: [
          {
            guard: { type: "hasOutcome", params: ({ event }) => ({ result: event.output, outcome: "authorised" }) },
            target: "thankYou",
            actions: ["forgetCart", { type: "showThankYou", params: ({ event }) => ({ orderReference: referenceOf(event.output) }) }],
          },
          {
            guard: { type: "hasOutcome", params: ({ event }) => ({ result: event.output, outcome: "outOfStock" }) },
            target: "checkingStock",
          },
          {
            guard: { type: "hasOutcome", params: ({ event }) => ({ result: event.output, outcome: "pending" }) },
            target: "resultPage",
            actions: { type: "showResult", params: ({ context }) => ({ cartId: cartIdOf(context) }) },
          },
          {
            // An action the return page cannot perform: the result page follows the order.
            guard: { type: "hasOutcome", params: ({ event }) => ({ result: event.output, outcome: "action" }) },
            target: "resultPage",
            actions: { type: "showResult", params: ({ context }) => ({ cartId: cartIdOf(context) }) },
          },
          {
            target: "retryPage",
            actions: { type: "showRetry", params: ({ context, event }) => ({ cartId: cartIdOf(context), reason: retryReasonOf(outcomeOf(event.output)) }) },
          },
        ],
        onError: [
          {
            guard: { type: "hasConflict", params: ({ event }) => ({ error: event.error, code: OUT_OF_STOCK }) },
            target: "checkingStock",
          },
          { target: "retryPage", actions: { type: "showRetry", params: ({ context }) => ({ cartId: cartIdOf(context), reason: "error" }) } },
        ],
      },
    },

    // ── The result page.
    /** SPEC §2 result page: the bank has not answered yet. The order is made when the payment is
     *  authorised, so its order is asked for until it is there (or the payment failed); past a while
     *  the page says the answer is late and offers to try again. */
    waitingForBank: {
      initial: "lookingUpOrder",
      after: { bankPatience: { target: "bankSilent" } },
      states: {
        lookingUpOrder: {
          tags: ["loading"],
          invoke: {
            id: "findOrder",
            src: "findOrder",
            input: ({ context }) => ({ cartId: cartIdOf(context) }),
            onDone: [
              {
                guard: { type: "isPaid", params: ({ event }) => ({ order: event.output }) },
                target: "#payment.thankYou",
                actions: ["forgetCart", { type: "showThankYou", params: ({ event }) => ({ orderReference: orderReferenceOf(event.output) }) }],
              },
              {
                guard: { type: "isCancelled", params: ({ event }) => ({ order: event.output }) },
                target: "#payment.retryPage",
                actions: { type: "showRetry", params: ({ context }) => ({ cartId: cartIdOf(context), reason: "cancelled" }) },
              },
              // No order yet, or one still waiting for its payment.
              { target: "awaitingBank" },
            ],
            // The bank's answer is asked for again a little later.
            onError: { target: "awaitingBank" },
          },
        },
        awaitingBank: {
          after: { orderPoll: { target: "lookingUpOrder" } },
        },
      },
    },
    /** The bank's answer is late: the order may still come (and its e-mail); the shopper may try again. */
    bankSilent: {
      on: {
        "payment.retry": {
          target: "retryPage",
          actions: { type: "showRetry", params: ({ context }) => ({ cartId: cartIdOf(context), reason: "error" }) },
        },
      },
    },

    // ── The retry page.
    reopening: {
      tags: ["loading"],
      invoke: {
        id: "reopenCart",
        src: "reopenCart",
        input: ({ context }) => ({ cartId: cartIdOf(context) }),
        onDone: { target: "retryOffered", actions: { type: "writeCart", params: ({ event }) => ({ cart: event.output }) } },
        onError: [
          {
            // The payment went through after all: the result page finds its order.
            guard: { type: "hasConflict", params: ({ event }) => ({ error: event.error, code: ORDER_ALREADY_PAID }) },
            target: "resultPage",
            actions: { type: "showResult", params: ({ context }) => ({ cartId: cartIdOf(context) }) },
          },
          { guard: { type: "isNotFound", params: ({ event }) => ({ error: event.error }) }, target: "reopenFailed", actions: { type: "say", params: { messageId: "payment.notFound" } } },
          { target: "reopenFailed", actions: { type: "say", params: { messageId: "errors.server.access" } } },
        ],
      },
    },
    /** The cart is open again: the page explains what happened and offers to pay again. */
    retryOffered: {
      on: { "payment.payAgain": { target: "paymentStep", actions: "showPayment" } },
    },
    reopenFailed: {
      on: { "payment.reopen": { target: "reopening", actions: { type: "keepCart", params: ({ event }) => ({ cartId: event.cartId }) } } },
    },

    // ── Where the flow sent the shopper (another page takes over).
    thankYou: {},
    retryPage: {},
    resultPage: {},
    paymentStep: {},
    shippingStep: {},
    cartPage: {},
  },
});
