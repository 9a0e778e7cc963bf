// The start of a payment attempt, before the provider is asked: the cart must be the customer's,
// ready to pay (lines, delivery address, a method for every shipment, billing address) and priced
// as the shopper was shown; then, in one transaction, the order's draft is recorded with the
// amount, the stock is reserved and the cart is locked. An earlier attempt of the cart left
// waiting for the shopper (an abandoned 3-D Secure challenge, the back button) is expired first;
// only a start still under way answers CART_LOCKED.
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import { lockCart, type CartRepository, type CartRow } from "../cart/cart-repository.ts";
import type { OrderDraft } from "../orders/order-records.ts";
import { cartFingerprint, draftOfCart, outOfStockRefusal } from "./cart-readiness.ts";
import { ledgerTransaction, lockCartKey } from "./ledger-locks.ts";
import type { OrderRefusal } from "./refusal-errors.ts";
import { closeAttempt } from "./payment-outcome.ts";
import { CLOSING_REASONS, lockOpenPayment } from "./payment-records.ts";
import { reserveStock } from "./stock-reservations.ts";

/** How long stock stays held for an attempt that is neither authorised nor refused. */
export const RESERVATION_MS = 15 * 60_000;
/** A start whose provider call has not come back after this long is taken to be lost. */
const STALE_START_MS = 2 * 60_000;
/** A cart changed while its payment was being prepared is read again, this many times at most. */
const PREPARE_ATTEMPTS = 3;

export type StartRefusal = OrderRefusal;

export type StartResult =
  | { outcome: "started"; paymentId: number; draft: OrderDraft }
  | { outcome: "unknown-cart" }
  | { outcome: "refused"; refusal: StartRefusal };

export interface StartInput {
  customerId: string;
  cartUuid: string;
  /** What the shopper was shown and agreed to pay, in cents. */
  amountCents: number;
  locale: OrderDraft["locale"];
}

class OutOfStock extends Error {
  constructor(readonly offerIds: number[]) {
    super("out of stock");
  }
}

const ownedBy = (cart: CartRow | undefined, customerId: string): cart is CartRow => cart !== undefined && cart.customer_id === customerId.toLowerCase();

export function createPaymentStart(deps: { db: Database; carts: CartRepository; now: () => Date }) {
  const { db, carts, now } = deps;

  /** The draft of the cart as it is now, or why it cannot be paid. */
  async function prepare(cart: CartRow, input: StartInput): Promise<{ draft: OrderDraft } | { refusal: StartRefusal }> {
    const prepared = await draftOfCart({ db, carts }, cart, { customerId: input.customerId, locale: input.locale });
    if ("refusal" in prepared) return prepared;
    const expectedCents = (prepared.shown.specialPrice ?? prepared.shown.totalPrice).taxIncluded;
    if (input.amountCents !== expectedCents) return { refusal: { code: "AMOUNT_MISMATCH", expectedCents } };
    return { draft: prepared.draft };
  }

  return {
    async start(input: StartInput): Promise<StartResult> {
      for (let attempt = 1; attempt <= PREPARE_ATTEMPTS; attempt += 1) {
        const cart = await carts.find(input.cartUuid, { customerId: input.customerId });
        if (!ownedBy(cart, input.customerId)) return { outcome: "unknown-cart" };
        const fingerprint = await cartFingerprint(db.orm, cart.id);
        const prepared = await prepare(cart, input);
        if ("refusal" in prepared) return { outcome: "refused", refusal: prepared.refusal };
        const { draft } = prepared;
        try {
          const result = await ledgerTransaction(db, async (tx): Promise<StartResult | "changed"> => {
            await lockCartKey(tx, cart.uuid);
            const locked = await lockCart(tx, cart.uuid);
            if (!ownedBy(locked, input.customerId)) return { outcome: "unknown-cart" };
            if ((await cartFingerprint(tx, locked.id)) !== fingerprint) return "changed";
            const startedAt = now();
            const open = await lockOpenPayment(tx, cart.uuid);
            if (open) {
              const startedLately = open.status === "started" && new Date(open.created_at).getTime() > startedAt.getTime() - STALE_START_MS;
              if (startedLately) return { outcome: "refused", refusal: { code: "CART_LOCKED" } };
              await closeAttempt(tx, open, "expired", CLOSING_REASONS.superseded);
            }
            const [payment] = await rowsOf<{ id: number }>(
              tx,
              sql`insert into payments (cart_uuid, customer_id, status, amount_cents, locale, draft, reserved_until, created_at)
                  values (${cart.uuid}, ${draft.customerId}, 'started', ${draft.amounts.totalPrice.taxIncluded}, ${draft.locale},
                          ${JSON.stringify(draft)}::jsonb, ${new Date(startedAt.getTime() + RESERVATION_MS).toISOString()}, ${startedAt.toISOString()})
                  returning id`,
            );
            if (!payment) throw new Error("the payment insert returned no row");
            const reserved = await reserveStock(
              tx,
              payment.id,
              draft.items.map((item) => ({ offerId: item.offerId, quantity: item.quantity })),
            );
            // Nothing of this attempt may stay: the whole transaction is rolled back.
            if (reserved.short.length > 0) throw new OutOfStock(reserved.short);
            await tx.execute(sql`update carts set locked_at = ${startedAt.toISOString()} where id = ${locked.id}`);
            return { outcome: "started", paymentId: payment.id, draft };
          });
          if (result !== "changed") return result;
        } catch (error) {
          if (error instanceof OutOfStock) return { outcome: "refused", refusal: await outOfStockRefusal(db.orm, draft, error.offerIds) };
          throw error;
        }
      }
      return { outcome: "refused", refusal: { code: "CART_LOCKED" } };
    },
  };
}

export type PaymentStart = ReturnType<typeof createPaymentStart>;
