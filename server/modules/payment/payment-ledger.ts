// The payment ledger: starts card payments of carts, applies what the provider answers or notifies
// (an order exactly once per cart, never short of stock), reopens a cart whose payment failed and
// releases the stock of attempts nobody finished. Every change of an attempt runs in one
// transaction holding the attempt's locks (ledger-locks.ts); the provider is only called outside.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf, type Database, type Orm } from "../../db/client.ts";
import { lockCart, type CartRepository, type CartRow, type Requester } from "../cart/cart-repository.ts";
import { ledgerTransaction, lockCartKey, withAttempt } from "./ledger-locks.ts";
import { expireReservations } from "./payment-expiry.ts";
import { merchantReferenceOf } from "./merchant-reference.ts";
import { attemptReferenceOf, applyNotification } from "./payment-modifications.ts";
import { applyOutcome, closeAttempt, type OutcomeContext, type ProviderOutcome } from "./payment-outcome.ts";
import { GatewayRejectedError, type GatewayResult, type NotificationItem, type PaymentGateway, type PaymentMethodsAnswer } from "./payment-gateway.ts";
import { CLOSING_REASONS, findPaymentId, lockOpenPayment, lockPayment, orderOfCart, readPayment, type PaymentRow } from "./payment-records.ts";
import { paymentResultOf, type PaymentResult } from "./payment-result.ts";
import { createPaymentStart, type StartInput, type StartRefusal } from "./payment-start.ts";

export interface PaymentLedgerDeps {
  db: Database;
  carts: CartRepository;
  gateway: PaymentGateway;
  /** The shop's address (PUBLIC_URL): the origin 3-D Secure pages return to. */
  publicUrl: string;
  now: () => Date;
  /** Called in the order's transaction once it is made (the confirmation e-mail). */
  onOrderPlaced: OutcomeContext["onOrderPlaced"];
}

export interface InitiateInput extends StartInput {
  paymentMethod: Record<string, unknown>;
  browserInfo?: Record<string, unknown> | undefined;
  returnUrl: string;
  shopperIP?: string | undefined;
  shopperEmail?: string | undefined;
}

export type InitiateOutcome =
  | { outcome: "result"; result: PaymentResult }
  | { outcome: "unknown-cart" }
  | { outcome: "refused"; refusal: StartRefusal };

export type ReopenOutcome = { outcome: "reopened"; cart: CartRow } | { outcome: "unknown-cart" } | { outcome: "already-paid" };

/** The notification items of the attempts still to be applied, oldest first, at most this many per attempt. */
const WAITING_NOTIFICATIONS_LIMIT = 50;

/** `fr_FR` → `fr-FR`, as the provider names locales. */
const shopperLocaleOf = (locale: StartInput["locale"]) => locale.replace("_", "-");

function outcomeOf(result: GatewayResult): ProviderOutcome {
  return {
    resultCode: result.resultCode,
    pspReference: result.pspReference,
    refusalReason: result.refusalReason,
    method: result.paymentMethod?.brand ?? result.paymentMethod?.type,
  };
}

/** A key the same details always give: a reload of the return page replays the provider's answer. */
function detailsKey(details: Record<string, unknown>, paymentData: string | undefined): string {
  return `details-${createHash("sha256").update(JSON.stringify({ details, paymentData: paymentData ?? null })).digest("hex").slice(0, 48)}`;
}

export function createPaymentLedger(deps: PaymentLedgerDeps) {
  const { db, carts, gateway, now } = deps;
  const context: OutcomeContext = { now, onOrderPlaced: deps.onOrderPlaced };
  const starts = createPaymentStart({ db, carts, now });

  /** Notifications that came before their attempt was known, applied now that it is. */
  async function applyWaiting(tx: Orm, payment: PaymentRow): Promise<PaymentRow> {
    if (payment.psp_reference === null) return payment;
    const waiting = await rowsOf<{ id: number; payload: NotificationItem }>(
      tx,
      sql`select id, payload from payment_notifications
          where processed_at is null
            and ((event_code = 'AUTHORISATION' and psp_reference = ${payment.psp_reference}) or original_reference = ${payment.psp_reference})
          order by id limit ${WAITING_NOTIFICATIONS_LIMIT}`,
    );
    let current = payment;
    for (const notification of waiting) {
      current = await applyNotification(tx, context, current, notification.payload);
      await tx.execute(sql`update payment_notifications set processed_at = ${now().toISOString()} where id = ${notification.id}`);
    }
    return current;
  }

  /** Applies an answer of the provider to the attempt; answers the attempt as it then stands. */
  async function settle(paymentId: number, outcome: ProviderOutcome, action?: Record<string, unknown>): Promise<PaymentResult> {
    const result = await withAttempt(db, paymentId, async (tx, payment) => {
      const applied = await applyWaiting(tx, await applyOutcome(tx, context, payment, outcome));
      return paymentResultOf(tx, applied, action);
    });
    if (!result) throw new Error(`payment ${paymentId} vanished`);
    return result;
  }

  return {
    async initiate(input: InitiateInput): Promise<InitiateOutcome> {
      const started = await starts.start(input);
      if (started.outcome !== "started") return started;
      const { paymentId, draft } = started;
      const reference = merchantReferenceOf(input.cartUuid, paymentId);
      let answer: GatewayResult;
      try {
        answer = await gateway.payments({
          reference,
          amount: { value: draft.amounts.totalPrice.taxIncluded, currency: "EUR" },
          paymentMethod: input.paymentMethod,
          ...(input.browserInfo ? { browserInfo: input.browserInfo } : {}),
          returnUrl: input.returnUrl,
          origin: new URL(deps.publicUrl).origin,
          // The lines as the server priced them, never the browser's.
          lineItems: draft.items.map((item) => ({
            id: item.variantReference,
            description: draft.locale === "en_US" ? item.nameEn : item.nameFr,
            quantity: item.quantity,
            amountIncludingTax: Math.round(item.totalCents / item.quantity),
            taxPercentage: item.taxRateBp,
          })),
          ...(input.shopperIP ? { shopperIP: input.shopperIP } : {}),
          shopperReference: draft.customerId,
          ...(input.shopperEmail ? { shopperEmail: input.shopperEmail } : {}),
          shopperLocale: shopperLocaleOf(draft.locale),
          countryCode: draft.billingAddress?.country ?? "FR",
          channel: "Web",
          idempotencyKey: `payment-${reference}`,
        });
      } catch (error) {
        // Whether the provider took the payment is unknown: the stock goes back, and a late authorisation is applied as any other.
        const refusalReason = error instanceof GatewayRejectedError ? error.message : CLOSING_REASONS.gatewayFailed;
        const result = await settle(paymentId, { resultCode: "Error", refusalReason });
        if (error instanceof GatewayRejectedError) return { outcome: "result", result };
        throw error;
      }
      return { outcome: "result", result: await settle(paymentId, outcomeOf(answer), answer.action) };
    },

    /** After a redirect or a challenge: undefined when the answer is about no attempt of this customer. */
    async submitDetails(input: { customerId: string; details: Record<string, unknown>; paymentData?: string | undefined }): Promise<PaymentResult | undefined> {
      const answer = await gateway.paymentDetails({
        details: input.details,
        ...(input.paymentData !== undefined ? { paymentData: input.paymentData } : {}),
        idempotencyKey: detailsKey(input.details, input.paymentData),
      });
      const paymentId = await findPaymentId(db.orm, { pspReference: answer.pspReference, merchantReference: answer.merchantReference });
      const payment = paymentId === undefined ? undefined : await readPayment(db.orm, paymentId);
      if (!payment || payment.customer_id !== input.customerId.toLowerCase()) return undefined;
      return settle(payment.id, outcomeOf(answer), answer.action);
    },

    paymentMethods(input: { customerId: string; amountCents: number; countryCode: string; locale: StartInput["locale"] }): Promise<PaymentMethodsAnswer> {
      return gateway.paymentMethods({
        amount: { value: input.amountCents, currency: "EUR" },
        countryCode: input.countryCode,
        shopperLocale: shopperLocaleOf(input.locale),
        channel: "Web",
        shopperReference: input.customerId.toLowerCase(),
      });
    },

    /** The retry page: an unfinished attempt of the cart is given up (stock back, cart unlocked). */
    async reopenFailedCart(input: { cartUuid: string; requester: Requester }): Promise<ReopenOutcome> {
      const cart = await carts.find(input.cartUuid, input.requester);
      if (!cart) {
        const order = await orderOfCart(db.orm, input.cartUuid);
        const own = order !== undefined && input.requester.customerId !== null && order.customer_id === input.requester.customerId.toLowerCase();
        return own ? { outcome: "already-paid" } : { outcome: "unknown-cart" };
      }
      const reopened = await ledgerTransaction(db, async (tx) => {
        await lockCartKey(tx, cart.uuid);
        const locked = await lockCart(tx, cart.uuid);
        if (!locked) return undefined;
        const open = await lockOpenPayment(tx, cart.uuid);
        if (open) await closeAttempt(tx, open, "cancelled", CLOSING_REASONS.abandoned);
        return { ...locked, locked_at: null };
      });
      if (reopened) return { outcome: "reopened", cart: reopened };
      // The cart went meanwhile: its payment made the order after all.
      return (await orderOfCart(db.orm, input.cartUuid)) ? { outcome: "already-paid" } : { outcome: "unknown-cart" };
    },

    /** Gives back the stock of attempts past their reservation; answers how many. */
    expireReservations: () => expireReservations(db, now),

    /**
     * Stores and applies the items of a notification (already verified): a replay of an item
     * stored before is acknowledged and ignored; an item about an attempt not known yet waits for it.
     */
    async receiveNotification(item: NotificationItem): Promise<void> {
      const paymentId = await findPaymentId(db.orm, { pspReference: attemptReferenceOf(item), merchantReference: item.merchantReference });
      const known = paymentId === undefined ? undefined : await readPayment(db.orm, paymentId);
      await ledgerTransaction(db, async (tx) => {
        const [inserted] = await rowsOf<{ id: number }>(
          tx,
          sql`insert into payment_notifications (psp_reference, original_reference, merchant_reference, event_code, success, payload)
              values (${item.pspReference}, ${item.originalReference ?? null}, ${item.merchantReference}, ${item.eventCode},
                      ${item.success === "true"}, ${JSON.stringify(item)}::jsonb)
              on conflict (psp_reference, event_code, success) do nothing
              returning id`,
        );
        const [stored] = inserted
          ? [{ id: inserted.id, processed_at: null }]
          : await rowsOf<{ id: number; processed_at: Date | null }>(
              tx,
              sql`select id, processed_at from payment_notifications
                  where psp_reference = ${item.pspReference} and event_code = ${item.eventCode} and success = ${item.success === "true"}`,
            );
        if (!stored || stored.processed_at !== null || !known) return;
        await lockCartKey(tx, known.cart_uuid);
        await lockCart(tx, known.cart_uuid);
        const payment = await lockPayment(tx, known.id);
        if (!payment) return;
        await tx.execute(sql`update payment_notifications set processed_at = ${now().toISOString()} where id = ${stored.id}`);
        await applyWaiting(tx, await applyNotification(tx, context, payment, item));
      });
    },
  };
}

export type PaymentLedger = ReturnType<typeof createPaymentLedger>;
