// An empowerment order: a crew member's cart turned into an order paid from their money pot of the
// month, without a card. The cart is priced and checked as for a card payment (cart-readiness.ts)
// outside the transaction; then one transaction, under the payment ledger's locks in its order
// (cart key, cart row, offers by id, then the pot, then the invoice counter), checks the cart did
// not change, takes the stock and the money with guarded updates, makes the order, deletes the
// cart and writes the confirmation e-mail. Validating again answers the order already made.
import { sql } from "drizzle-orm";
import { isEmpowermentCountry } from "../../../common/empowerment-countries.ts";
import type { Database, Orm } from "../../db/client.ts";
import { lockCart, type CartRepository, type CartRow } from "../cart/cart-repository.ts";
import type { OrderDraft } from "../orders/order-records.ts";
import { cartFingerprint, draftOfCart, outOfStockRefusal } from "../payment/cart-readiness.ts";
import { ledgerTransaction, lockCartKey } from "../payment/ledger-locks.ts";
import { placeOrder } from "../payment/order-placement.ts";
import { orderOfCart } from "../payment/payment-records.ts";
import type { OrderRefusal } from "../payment/refusal-errors.ts";
import { takeStock } from "../payment/stock-reservations.ts";
import { potOfCustomer, readPot, spendFromPot, type PotRow } from "./money-pots.ts";
import { parisMonthOf } from "./paris-month.ts";

/** A cart changed while its order was being prepared is read again, this many times at most. */
const PREPARE_ATTEMPTS = 3;

export type ValidateResult =
  | { outcome: "ordered"; cartUuid: string }
  | { outcome: "unknown-cart" }
  | { outcome: "refused"; refusal: OrderRefusal }
  | { outcome: "country-not-allowed"; country: string }
  | { outcome: "no-pot" }
  | { outcome: "budget-exceeded"; amountCents: number; remainingCents: number };

/** Thrown to roll the transaction back: nothing of the order may stay. */
class OutOfStock extends Error {
  constructor(readonly offerIds: number[]) {
    super("out of stock");
  }
}

class BudgetExceeded extends Error {
  constructor(
    readonly amountCents: number,
    readonly pot: PotRow | undefined,
  ) {
    super("budget exceeded");
  }
}

export interface EmpowermentOrderDeps {
  db: Database;
  carts: CartRepository;
  now: () => Date;
  /** Called in the order's transaction once it is made (the confirmation e-mail). */
  onOrderPlaced: (tx: Orm, orderId: number) => Promise<void>;
}

export function createEmpowermentOrders(deps: EmpowermentOrderDeps) {
  const { db, carts, now } = deps;
  const ownedBy = (cart: CartRow | undefined, owner: string): cart is CartRow => cart !== undefined && cart.customer_id === owner;

  /** The order made from the cart already, if it is this customer's. */
  async function madeAlready(orm: Orm, cartUuid: string, owner: string): Promise<ValidateResult | undefined> {
    const order = await orderOfCart(orm, cartUuid);
    if (!order) return undefined;
    return order.customer_id === owner ? { outcome: "ordered", cartUuid: cartUuid.toLowerCase() } : { outcome: "unknown-cart" };
  }

  /** One transaction: the order, or "changed" when the cart moved since it was priced. */
  function order(cart: CartRow, owner: string, draft: OrderDraft, fingerprint: string, pot: PotRow): Promise<ValidateResult | "changed"> {
    const amountCents = draft.amounts.totalPrice.taxIncluded;
    return ledgerTransaction(db, async (tx): Promise<ValidateResult | "changed"> => {
      await lockCartKey(tx, cart.uuid);
      // A second tab (or a retry) after the first made the order: the same order.
      const existing = await madeAlready(tx, cart.uuid, owner);
      if (existing) return existing;
      const locked = await lockCart(tx, cart.uuid);
      if (!ownedBy(locked, owner)) return { outcome: "unknown-cart" };
      if (locked.locked_at) return { outcome: "refused", refusal: { code: "CART_LOCKED" } };
      if ((await cartFingerprint(tx, locked.id)) !== fingerprint) return "changed";
      const taken = await takeStock(
        tx,
        draft.items.map((item) => ({ offerId: item.offerId, quantity: item.quantity })),
      );
      if (taken.short.length > 0) throw new OutOfStock(taken.short);
      if (!(await spendFromPot(tx, pot.id, amountCents))) throw new BudgetExceeded(amountCents, await readPot(tx, pot.id));
      const placed = await placeOrder(tx, draft, now(), { moneyPotId: pot.id });
      await tx.execute(sql`delete from carts where id = ${locked.id}`);
      await deps.onOrderPlaced(tx, placed.id);
      return { outcome: "ordered", cartUuid: cart.uuid };
    });
  }

  return {
    async validate(input: { customerId: string; cartUuid: string; locale: OrderDraft["locale"] }): Promise<ValidateResult> {
      const owner = input.customerId.toLowerCase();
      for (let attempt = 1; attempt <= PREPARE_ATTEMPTS; attempt += 1) {
        const cart = await carts.find(input.cartUuid, { customerId: owner });
        if (!ownedBy(cart, owner)) return (await madeAlready(db.orm, input.cartUuid, owner)) ?? { outcome: "unknown-cart" };
        if (cart.locked_at) return { outcome: "refused", refusal: { code: "CART_LOCKED" } };
        const fingerprint = await cartFingerprint(db.orm, cart.id);
        const prepared = await draftOfCart({ db, carts }, cart, { customerId: owner, locale: input.locale });
        if ("refusal" in prepared) return { outcome: "refused", refusal: prepared.refusal };
        const { draft, shown } = prepared;
        const country = shown.shippingAddress?.country ?? "";
        if (!isEmpowermentCountry(country)) return { outcome: "country-not-allowed", country };
        const pot = await potOfCustomer(db.orm, owner, parisMonthOf(now()));
        if (!pot) return { outcome: "no-pot" };
        try {
          const result = await order(cart, owner, draft, fingerprint, pot);
          if (result !== "changed") return result;
        } catch (error) {
          if (error instanceof OutOfStock) return { outcome: "refused", refusal: await outOfStockRefusal(db.orm, draft, error.offerIds) };
          if (error instanceof BudgetExceeded) {
            const remainingCents = error.pot ? Math.max(0, error.pot.budget_cents - error.pot.spent_cents) : 0;
            return { outcome: "budget-exceeded", amountCents: error.amountCents, remainingCents };
          }
          throw error;
        }
      }
      return { outcome: "refused", refusal: { code: "CART_LOCKED" } };
    },
  };
}

export type EmpowermentOrders = ReturnType<typeof createEmpowermentOrders>;
