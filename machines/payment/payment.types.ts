// The vocabulary of the card payment (SPEC §2 payment, result, retry, return and thank-you pages,
// §4 Checkout, §7 Payment): what the payment pages send, what the IO actors are asked and answer.
import type { components } from "../../common/api/schema.gen.ts";

export type Cart = components["schemas"]["Cart"];
export type PaymentResult = components["schemas"]["PaymentResult"];
export type Order = components["schemas"]["Order"];
/** What the payment reads of an order: which it is and where its payment stands. */
export type OrderState = Pick<Order, "reference" | "status">;
export type OrderStatus = components["schemas"]["OrderStatus"];

/** What the payment component produced (Drop-in's `state.data`), passed on as it is. */
export type ProviderData = Record<string, unknown>;

/** Why the retry page is shown (its address carries it: `?reason=`). */
export type RetryReason = "refused" | "cancelled" | "error" | "abandoned";

/** How a payment answer ends (the machine's outcomeOf reads it from the provider's result code). */
export type PaymentOutcome = "authorised" | "action" | "pending" | "refused" | "outOfStock" | "cancelled" | "error";

export interface PaymentContext {
  /** The uuid of the cart being paid (its contents are in the app's query cache). */
  cartId: string | null;
  /** What the page says when the payment cannot go on. */
  messageId: PaymentMessageId | null;
}

export type PaymentEvent =
  /** The payment step is visited with a cart ready to pay; `consented`: the 'payment' consent is given. */
  | { type: "payment.open"; cartId: string; consented: boolean }
  /** The shopper gave the 'payment' consent on the step. */
  | { type: "payment.consented" }
  /** The payment component is shown, or could not be. */
  | { type: "payment.dropinReady" }
  | { type: "payment.dropinFailed" }
  /** 'Pay': the method and browser data the payment component produced. */
  | { type: "payment.submit"; paymentMethod: ProviderData; browserInfo: ProviderData | null }
  /** The component performed an action in place (3-D Secure) and hands over its result. */
  | { type: "payment.details"; details: ProviderData; paymentData: string | null }
  /** The shopper came back to the step without finishing the action (Back from the bank's page). */
  | { type: "payment.abandon" }
  /** Try again where the payment stopped (a failure, a payment locked by another tab). */
  | { type: "payment.retry" }
  | { type: "payment.closeOutOfStock" }
  /** The return page: the bank sent the shopper back, with its `redirectResult` or without one;
   *  `alreadySubmitted`: this tab already handed that result over (a reload). */
  | { type: "payment.return"; cartId: string; redirectResult: string | null; alreadySubmitted: boolean }
  /** The result page: waiting for the bank's answer on the order of this cart. */
  | { type: "payment.await"; cartId: string }
  /** The retry page: reopen the cart of the failed payment. */
  | { type: "payment.reopen"; cartId: string }
  /** The retry page's 'Pay again'. */
  | { type: "payment.payAgain" };

export type PaymentTag = "loading";

export interface CartIdInput {
  cartId: string;
}

export interface InitiatePaymentInput {
  cartId: string;
  paymentMethod: ProviderData;
  browserInfo: ProviderData | null;
}

export interface PaymentDetailsInput {
  details: ProviderData;
  paymentData: string | null;
}

export type PaymentMessageId =
  | "errors.server.access"
  | "payment.error"
  | "payment.unavailable"
  | "payment.locked"
  | "payment.amountChanged"
  | "payment.notFound";

/** A notification the payment asks the app to show. */
export interface PaymentNotification {
  kind: "info" | "danger";
  messageId: PaymentMessageId;
}
