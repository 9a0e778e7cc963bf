// The payment's rules on the server's answers, pure: how a provider result ends, what an order's
// status says about its payment, which 409 code a failure carries. Shared by the machine and the views.
import { statusOf } from "../shared/http-status.ts";
import { OUT_OF_STOCK, type OrderStatus, type PaymentOutcome, type PaymentResult, type RetryReason } from "./payment.types.ts";

const CONFLICT = 409;
const NOT_FOUND = 404;

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
