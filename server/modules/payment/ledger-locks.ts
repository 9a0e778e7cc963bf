// How the payment ledger's transactions take their locks, always in the same order so that two
// of them never wait for each other in a circle: the cart's key (an advisory lock on its uuid,
// held even once the cart row is gone), the cart row, the payment row, then offers by ascending
// id, then the invoice counter. A transaction PostgreSQL still aborts (deadlock, serialization)
// is run again.
import { sql } from "drizzle-orm";
import type { Database, Orm } from "../../db/client.ts";
import { lockCart } from "../cart/cart-repository.ts";
import { lockPayment, readPayment, type PaymentRow } from "./payment-records.ts";

/** First key of the ledger's advisory locks (the second is the hash of the cart's uuid). */
const CART_LOCK_SPACE = 0x0e5ca1e;
const RETRIED_CODES = new Set(["40001", "40P01"]);
const ATTEMPTS = 5;

/** Serialises the ledger's work on one cart, whether or not its row still exists. */
export async function lockCartKey(tx: Orm, cartUuid: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CART_LOCK_SPACE}, hashtext(${cartUuid.toLowerCase()}))`);
}

function sqlStateOf(error: unknown): string | undefined {
  for (let current: unknown = error; typeof current === "object" && current !== null; current = "cause" in current ? current.cause : undefined) {
    if ("code" in current && typeof current.code === "string") return current.code;
  }
  return undefined;
}

/** Runs `work` in a transaction, again when PostgreSQL aborted it for a deadlock or a serialization failure. */
export async function ledgerTransaction<T>(db: Database, work: (tx: Orm) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.orm.transaction(work);
    } catch (error) {
      const code = sqlStateOf(error);
      if (attempt >= ATTEMPTS || code === undefined || !RETRIED_CODES.has(code)) throw error;
    }
  }
}

/** Runs `change` on the attempt with its locks held (cart key, cart row, payment row); undefined for no such attempt. */
export async function withAttempt<T>(db: Database, paymentId: number, change: (tx: Orm, payment: PaymentRow) => Promise<T>): Promise<T | undefined> {
  const known = await readPayment(db.orm, paymentId);
  if (!known) return undefined;
  return ledgerTransaction(db, async (tx) => {
    await lockCartKey(tx, known.cart_uuid);
    await lockCart(tx, known.cart_uuid);
    const payment = await lockPayment(tx, paymentId);
    return payment ? change(tx, payment) : undefined;
  });
}
