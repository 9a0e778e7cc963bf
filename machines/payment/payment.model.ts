// The payment's model: visits of the payment step (with and without the 'payment' consent), of the
// return page (with the bank's redirect result, without one, after a reload), of the result page and
// of the retry page; the shopper's 'Pay', the component's action done in place or abandoned; and each
// request's answers: every outcome of a provider result (authorised, an action, pending, refused,
// cancelled, cancelled for want of stock, error), the 409 codes of the contract, a failure.
import { CHECKOUT_CART_ID, overStockCart, readyCart } from "../checkout/checkout.model.ts";
import { defineFlowModel, type ModelEvent } from "../shared/flow-model.ts";
import { paymentMachine } from "./payment.machine.ts";
import type { PaymentSnapshot } from "./payment.selectors.ts";
import type { OrderState, OrderStatus, PaymentEvent, PaymentResult } from "./payment.types.ts";

export const PAYMENT_CART_ID = CHECKOUT_CART_ID;
export const ORDER_REFERENCE = "ESC-2026-000042";
export const REDIRECT_RESULT = "X3XtfGC9!H4sIAAAAAAAA";
const CARD_DATA = { type: "scheme", encryptedCardNumber: "test_4111111111111111" };
const BROWSER_INFO = { userAgent: "Chromium", acceptHeader: "*/*", language: "fr-FR", colorDepth: 24, screenHeight: 900, screenWidth: 1440, timeZoneOffset: -60, javaEnabled: false };
const REDIRECT_ACTION = { type: "redirect", paymentMethodType: "scheme", method: "GET", url: "http://localhost/payment-sandbox/issuer" };
const CHALLENGE_DETAILS = { threeDSResult: "eyJ0cmFuc1N0YXR1cyI6IlkifQ==" };

function result(resultCode: PaymentResult["resultCode"], extra: Partial<PaymentResult> = {}): PaymentResult {
  return { resultCode, action: null, orderReference: ORDER_REFERENCE, refusalReason: null, ...extra };
}

/** Every kind of answer the provider gives, as the server passes it on. */
export const RESULTS = {
  authorised: result("Authorised"),
  redirect: result("RedirectShopper", { action: REDIRECT_ACTION }),
  challenge: result("ChallengeShopper", { action: { type: "threeDS2", subtype: "challenge", token: "eyJ0aHJlZURTTWV0aG9kVXJsIjoiIn0=" } }),
  pending: result("Pending"),
  received: result("Received"),
  refused: result("Refused", { refusalReason: "Refused" }),
  cancelled: result("Cancelled"),
  outOfStock: result("Cancelled", { refusalReason: "OUT_OF_STOCK" }),
  error: result("Error", { refusalReason: "Acquirer Error" }),
} satisfies Record<string, PaymentResult>;

const conflict = (code: string, fields?: string[]) => ({ status: 409, message: code, code, ...(fields ? { fields } : {}) });
export const ERRORS = {
  amountMismatch: conflict("AMOUNT_MISMATCH"),
  outOfStock: conflict("OUT_OF_STOCK", ["TRV-001"]),
  locked: conflict("CART_LOCKED"),
  incomplete: conflict("CART_INCOMPLETE"),
  empty: conflict("CART_EMPTY"),
  alreadyPaid: conflict("ORDER_ALREADY_PAID"),
  notFound: { status: 404, message: "Cart not found", code: "NOT_FOUND" },
  server: { status: 500, message: "Internal Server Error" },
  gateway: { status: 502, message: "Bad Gateway" },
};

export function sampleOrder(status: OrderStatus): OrderState {
  return { reference: ORDER_REFERENCE, status };
}

export const ORDERS = { paid: sampleOrder("PAID"), pending: sampleOrder("PENDING_PAYMENT"), cancelled: sampleOrder("CANCELLED") };

type PaymentModelEvent = ModelEvent<PaymentEvent>;

const answersOf = (actor: "initiatePayment" | "submitDetails", errors: unknown[]): PaymentModelEvent[] => [
  ...Object.values(RESULTS).map((output) => ({ type: `xstate.done.actor.${actor}` as const, output })),
  ...errors.map((error) => ({ type: `xstate.error.actor.${actor}` as const, error })),
];

function answers(snapshot: PaymentSnapshot): PaymentModelEvent[] {
  if (snapshot.matches("loadingMethods")) {
    return [
      { type: "xstate.done.actor.loadPaymentMethods", output: undefined },
      { type: "xstate.error.actor.loadPaymentMethods", error: ERRORS.gateway },
    ];
  }
  if (snapshot.matches("submitting")) {
    return answersOf("initiatePayment", [ERRORS.amountMismatch, ERRORS.outOfStock, ERRORS.locked, ERRORS.incomplete, ERRORS.empty, ERRORS.server]);
  }
  if (snapshot.matches("confirming") || snapshot.matches("returning")) return answersOf("submitDetails", [ERRORS.outOfStock, ERRORS.server]);
  if (snapshot.matches("refreshingAmount") || snapshot.matches("checkingStock")) {
    return [
      { type: "xstate.done.actor.fetchCart", output: snapshot.matches("checkingStock") ? overStockCart() : readyCart() },
      { type: "xstate.error.actor.fetchCart", error: ERRORS.server },
    ];
  }
  if (snapshot.matches({ waitingForBank: "lookingUpOrder" })) {
    return [
      ...Object.values(ORDERS).map((output) => ({ type: "xstate.done.actor.findOrder" as const, output })),
      { type: "xstate.done.actor.findOrder", output: null },
      { type: "xstate.error.actor.findOrder", error: ERRORS.server },
      // The bank's answer is late (asked while a request is out, when no poll is waiting).
      { type: "xstate.after.bankPatience.payment.waitingForBank" },
    ];
  }
  if (snapshot.matches("reopening")) {
    return [
      { type: "xstate.done.actor.reopenCart", output: readyCart() },
      { type: "xstate.error.actor.reopenCart", error: ERRORS.alreadyPaid },
      { type: "xstate.error.actor.reopenCart", error: ERRORS.notFound },
      { type: "xstate.error.actor.reopenCart", error: ERRORS.server },
    ];
  }
  if (snapshot.matches({ waitingForBank: "awaitingBank" })) return [{ type: "xstate.after.orderPoll.payment.waitingForBank.awaitingBank" }];
  return [];
}

const VISITS: PaymentModelEvent[] = [
  { type: "payment.open", cartId: PAYMENT_CART_ID, consented: true },
  { type: "payment.open", cartId: PAYMENT_CART_ID, consented: false },
  { type: "payment.return", cartId: PAYMENT_CART_ID, redirectResult: REDIRECT_RESULT, alreadySubmitted: false },
  { type: "payment.return", cartId: PAYMENT_CART_ID, redirectResult: REDIRECT_RESULT, alreadySubmitted: true },
  { type: "payment.return", cartId: PAYMENT_CART_ID, redirectResult: null, alreadySubmitted: false },
  { type: "payment.await", cartId: PAYMENT_CART_ID },
  { type: "payment.reopen", cartId: PAYMENT_CART_ID },
];

const SHOPPER_EVENTS: PaymentModelEvent[] = [
  { type: "payment.consented" },
  { type: "payment.dropinReady" },
  { type: "payment.dropinFailed" },
  { type: "payment.submit", paymentMethod: CARD_DATA, browserInfo: BROWSER_INFO },
  { type: "payment.details", details: CHALLENGE_DETAILS, paymentData: null },
  { type: "payment.abandon" },
  { type: "payment.retry" },
  { type: "payment.closeOutOfStock" },
  { type: "payment.payAgain" },
  { type: "payment.reopen", cartId: PAYMENT_CART_ID },
];

export const paymentModel = defineFlowModel(paymentMachine, {
  name: "payment",
  input: undefined,
  events: (snapshot) => {
    const pending = answers(snapshot);
    if (pending.length > 0) return pending;
    return snapshot.matches("idle") ? VISITS : SHOPPER_EVENTS;
  },
  describeEvent: (event) => {
    if (event.type === "xstate.done.actor.initiatePayment" || event.type === "xstate.done.actor.submitDetails") {
      const found = Object.entries(RESULTS).find(([, answer]) => answer === event.output);
      return found ? `${event.type.replace("xstate.done.actor.", "")} answers ${found[0]}` : undefined;
    }
    if (event.type === "xstate.error.actor.initiatePayment" || event.type === "xstate.error.actor.submitDetails" || event.type === "xstate.error.actor.reopenCart") {
      const found = Object.entries(ERRORS).find(([, error]) => error === event.error);
      return found ? `${event.type.replace("xstate.error.actor.", "")} fails: ${found[0]}` : undefined;
    }
    if (event.type === "xstate.done.actor.findOrder") {
      const found = Object.entries(ORDERS).find(([, order]) => order === event.output);
      return found ? `findOrder answers a ${found[0]} order` : "findOrder answers no order";
    }
    if (event.type === "payment.submit") return "payment.submit (the card)";
    if (event.type === "payment.details") return "payment.details (the 3-D Secure answer)";
    if (event.type === "payment.open") return `payment.open (${event.consented ? "consent given" : "no consent"})`;
    if (event.type === "payment.return") {
      if (event.redirectResult === null) return "payment.return without redirectResult";
      return event.alreadySubmitted ? "payment.return (reloaded)" : "payment.return with redirectResult";
    }
    return undefined;
  },
});
