// What the provider's notifications say of an attempt: its authorisation (or its refusal), and
// later its cancellation or refund. A cancelled order gives its stock back (it never left); a
// refunded one keeps its status history only (the goods may have been shipped).
import { sql } from "drizzle-orm";
import { rowsOf, type Orm } from "../../db/client.ts";
import type { NotificationItem } from "./payment-gateway.ts";
import { applyOutcome, closeAttempt, refuseAuthorisation, type OutcomeContext } from "./payment-outcome.ts";
import { CLOSING_REASONS, isOpen, type PaymentRow } from "./payment-records.ts";
import { restockOrder } from "./stock-reservations.ts";

/** Sets the order's status once, from a paid state; true when it changed. */
async function moveOrder(tx: Orm, orderId: number, status: "CANCELLED" | "REFUNDED"): Promise<boolean> {
  const moved = await rowsOf<{ id: number }>(
    tx,
    sql`update orders set status = ${status}, updated_at = now()
        where id = ${orderId} and status not in ('CANCELLED', 'REFUNDED') returning id`,
  );
  return moved.length > 0;
}

async function cancelled(tx: Orm, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.order_id !== null && (await moveOrder(tx, payment.order_id, "CANCELLED"))) await restockOrder(tx, payment.order_id);
  if (isOpen(payment.status)) return closeAttempt(tx, payment, "cancelled", null);
  if (payment.status === "refunded" || payment.status === "cancelled") return payment;
  await tx.execute(sql`update payments set status = 'cancelled', updated_at = now() where id = ${payment.id}`);
  return { ...payment, status: "cancelled" };
}

async function refunded(tx: Orm, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.order_id !== null) await moveOrder(tx, payment.order_id, "REFUNDED");
  if (isOpen(payment.status)) return closeAttempt(tx, payment, "refunded", null);
  await tx.execute(sql`update payments set status = 'refunded', updated_at = now() where id = ${payment.id}`);
  return { ...payment, status: "refunded" };
}

/** Applies one notification item to its locked attempt. Events the shop does not act on change nothing. */
export async function applyNotification(tx: Orm, context: OutcomeContext, payment: PaymentRow, item: NotificationItem): Promise<PaymentRow> {
  const success = item.success === "true";
  switch (item.eventCode) {
    case "AUTHORISATION":
      // Money other than the attempt's amount never makes its order.
      if (success && (item.amount.value !== payment.amount_cents || item.amount.currency !== "EUR")) {
        return refuseAuthorisation(tx, context, payment, item.pspReference, CLOSING_REASONS.amountMismatch);
      }
      return applyOutcome(
        tx,
        context,
        payment,
        success
          ? { resultCode: "Authorised", pspReference: item.pspReference, method: item.paymentMethod }
          : { resultCode: "Refused", pspReference: item.pspReference, refusalReason: item.reason },
      );
    case "CANCELLATION":
      return success ? cancelled(tx, payment) : payment;
    case "REFUND":
      return success ? refunded(tx, payment) : payment;
    default:
      return payment;
  }
}

/** The psp reference of the attempt a notification item is about. */
export const attemptReferenceOf = (item: NotificationItem) => (item.eventCode === "AUTHORISATION" ? item.pspReference : (item.originalReference ?? item.pspReference));
