// Applies what the provider says of an attempt (the payment's answer, the details' answer, or a
// notification), whichever comes first, any number of times, in any order. The caller holds the
// attempt's locks (cart key, cart row, payment row): an authorisation makes the order exactly
// once; a refusal gives the stock back and unlocks the cart for a retry; an action keeps both.
import { sql } from "drizzle-orm";
import { rowsOf, type Orm } from "../../db/client.ts";
import { enqueueJob } from "../../platform/job-queue.ts";
import type { GatewayResultCode } from "./payment-gateway.ts";
import { placeOrder } from "./order-placement.ts";
import { CLOSING_REASONS, isOpen, lockPayment, orderOfCart, type PaymentRow, type PaymentStatus } from "./payment-records.ts";
import { consumeStock, giveBack, notHeld, releaseStock, takeStock } from "./stock-reservations.ts";

/** The queue of the jobs that cancel an authorisation the shop cannot honour (server/jobs/shop-jobs.ts runs them). */
export const PAYMENT_CANCEL_QUEUE = "payment-cancel";

export interface OutcomeContext {
  now: () => Date;
  /** Called in the order's transaction once it is made (the confirmation e-mail). */
  onOrderPlaced: (tx: Orm, orderId: number) => Promise<void>;
}

/** What the provider said, as the ledger needs it. */
export interface ProviderOutcome {
  resultCode: GatewayResultCode;
  pspReference?: string | undefined;
  refusalReason?: string | undefined;
  method?: string | undefined;
}

const FAILED_STATUS: Partial<Record<GatewayResultCode, PaymentStatus>> = { Refused: "refused", Error: "error", Cancelled: "cancelled" };

/** Closes an attempt: an open one gives its stock back and unlocks its cart (kept for a retry). */
export async function closeAttempt(tx: Orm, payment: PaymentRow, status: PaymentStatus, reason: string | null): Promise<PaymentRow> {
  if (isOpen(payment.status)) {
    await releaseStock(tx, payment.id);
    await tx.execute(sql`update carts set locked_at = null where uuid = ${payment.cart_uuid}`);
  }
  await tx.execute(sql`
    update payments set status = ${status}, refusal_reason = coalesce(${reason}, refusal_reason), updated_at = now()
    where id = ${payment.id}`);
  return { ...payment, status, refusal_reason: reason ?? payment.refusal_reason };
}

async function cancelWithProvider(tx: Orm, payment: PaymentRow, reason: string): Promise<PaymentRow> {
  const closed = await closeAttempt(tx, payment, "cancelled", reason);
  await enqueueJob(tx, { queue: PAYMENT_CANCEL_QUEUE, payload: { paymentId: payment.id } });
  return closed;
}

async function markAuthorised(tx: Orm, payment: PaymentRow, now: Date, method: string | undefined): Promise<PaymentRow> {
  await tx.execute(sql`
    update payments set authorised_at = ${now.toISOString()}, result_code = 'Authorised', method = coalesce(${method ?? null}, method), updated_at = now()
    where id = ${payment.id}`);
  return { ...payment, authorised_at: now, result_code: "Authorised" };
}

/** An authorisation the shop will not honour whatever the stock (e.g. of another amount than the attempt's): its money goes back. */
export async function refuseAuthorisation(tx: Orm, context: OutcomeContext, payment: PaymentRow, pspReference: string, reason: string): Promise<PaymentRow> {
  if (payment.authorised_at !== null || payment.order_id !== null) return payment;
  if (payment.psp_reference === null) await tx.execute(sql`update payments set psp_reference = ${pspReference} where id = ${payment.id}`);
  const authorised = await markAuthorised(tx, { ...payment, psp_reference: payment.psp_reference ?? pspReference }, context.now(), undefined);
  return cancelWithProvider(tx, authorised, reason);
}

async function authorise(tx: Orm, context: OutcomeContext, payment: PaymentRow, method: string | undefined): Promise<PaymentRow> {
  // Handled already: a replay changes nothing.
  if (payment.authorised_at !== null || payment.order_id !== null) return payment;
  const now = context.now();
  const authorised = await markAuthorised(tx, payment, now, method);

  // Another attempt of this cart (a second tab) made its order: this money goes back.
  if (await orderOfCart(tx, payment.cart_uuid)) return cancelWithProvider(tx, authorised, CLOSING_REASONS.orderAlreadyPaid);

  const wanted = payment.draft.items.map((item) => ({ offerId: item.offerId, quantity: item.quantity }));
  const held = await consumeStock(tx, payment.id);
  const missing = notHeld(wanted, held);
  if (missing.length > 0 && (await takeStock(tx, missing)).short.length > 0) {
    // The reservation went (expired) and so did the goods: a paid order is never short.
    await giveBack(tx, held);
    return cancelWithProvider(tx, authorised, CLOSING_REASONS.outOfStock);
  }

  // A later attempt of the same cart still open (this one was abandoned, then paid after all) is
  // closed before the invoice counter is locked: offers are always locked before the counter.
  await closeOtherAttempts(tx, payment);
  const order = await placeOrder(tx, payment.draft, now);
  await tx.execute(sql`update payments set status = 'authorised', order_id = ${order.id}, refusal_reason = null, updated_at = now() where id = ${payment.id}`);
  await tx.execute(sql`delete from carts where uuid = ${payment.cart_uuid}`);
  await context.onOrderPlaced(tx, order.id);
  return { ...authorised, status: "authorised", order_id: order.id, refusal_reason: null };
}

async function closeOtherAttempts(tx: Orm, payment: PaymentRow): Promise<void> {
  const others = await rowsOf<{ id: number }>(
    tx,
    sql`select id from payments where cart_uuid = ${payment.cart_uuid} and id <> ${payment.id} and status in ('started', 'action')`,
  );
  for (const { id } of others) {
    const other = await lockPayment(tx, id);
    if (other && isOpen(other.status)) await closeAttempt(tx, other, "cancelled", CLOSING_REASONS.orderAlreadyPaid);
  }
}

/** Applies one outcome to the locked attempt; answers the attempt as it now stands. */
export async function applyOutcome(tx: Orm, context: OutcomeContext, payment: PaymentRow, outcome: ProviderOutcome): Promise<PaymentRow> {
  let current = payment;
  if (outcome.pspReference && current.psp_reference === null) {
    await tx.execute(sql`update payments set psp_reference = ${outcome.pspReference}, updated_at = now() where id = ${current.id}`);
    current = { ...current, psp_reference: outcome.pspReference };
  }
  if (outcome.resultCode === "Authorised") return authorise(tx, context, current, outcome.method);
  const failed = FAILED_STATUS[outcome.resultCode];
  if (failed) {
    // An authorisation stands; a closed attempt stays closed.
    if (current.authorised_at !== null || !isOpen(current.status)) return current;
    await tx.execute(sql`update payments set result_code = ${outcome.resultCode} where id = ${current.id}`);
    return closeAttempt(tx, { ...current, result_code: outcome.resultCode }, failed, outcome.refusalReason ?? null);
  }
  // Redirect, challenge, identification, pending, received: the shopper or the provider still has to act.
  if (!isOpen(current.status)) return current;
  await tx.execute(sql`update payments set status = 'action', result_code = ${outcome.resultCode}, updated_at = now() where id = ${current.id}`);
  return { ...current, status: "action", result_code: outcome.resultCode };
}
