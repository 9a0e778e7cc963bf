// What the payment pages read from the payment's snapshot: what the page shows, whether the payment
// component is on screen, what is in flight, what the page says.
import type { SnapshotFrom } from "xstate";
import type { paymentMachine } from "./payment.machine.ts";
import type { PaymentMessageId } from "./payment.types.ts";

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

/** What a payment page shows. */
export type PaymentView =
  | "starting"
  | "consent"
  | "dropin"
  | "outOfStock"
  | "locked"
  | "failed"
  | "confirming"
  | "awaitingBank"
  | "bankSilent"
  | "retryOffered"
  | "reopenFailed"
  | "leaving";

const DROPIN_STATES = ["mounting", "ready", "submitting", "actionInProgress", "confirming"] as const;
const LEAVING_STATES = ["thankYou", "retryPage", "resultPage", "paymentStep", "shippingStep", "cartPage"] as const;

export function selectView(snapshot: PaymentSnapshot): PaymentView {
  if (snapshot.matches("needsConsent")) return "consent";
  if (DROPIN_STATES.some((state) => snapshot.matches(state))) return "dropin";
  if (snapshot.matches("outOfStock")) return "outOfStock";
  if (snapshot.matches("locked")) return "locked";
  if (snapshot.matches("failed")) return "failed";
  if (snapshot.matches("returning")) return "confirming";
  if (snapshot.matches("waitingForBank")) return "awaitingBank";
  if (snapshot.matches("bankSilent")) return "bankSilent";
  if (snapshot.matches("retryOffered")) return "retryOffered";
  if (snapshot.matches("reopenFailed")) return "reopenFailed";
  if (LEAVING_STATES.some((state) => snapshot.matches(state))) return "leaving";
  return "starting";
}

/** The payment component may take the shopper's card ('Pay' is not in flight). */
export function isPayable(snapshot: PaymentSnapshot): boolean {
  return snapshot.matches("ready");
}

/** A request is in flight (the step's status says so). */
export function isBusy(snapshot: PaymentSnapshot): boolean {
  return snapshot.hasTag("loading");
}

/** What the page says when the payment cannot go on. */
export function selectMessage(snapshot: PaymentSnapshot): PaymentMessageId | null {
  return snapshot.context.messageId;
}
