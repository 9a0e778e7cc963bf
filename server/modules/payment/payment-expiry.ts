// Attempts nobody finished (the shopper left the bank's page, the browser closed) give their stock
// back once their reservation time is over, and their cart is unlocked. An authorisation arriving
// later is still applied (payment-outcome.ts): it takes the stock again, or is cancelled.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { withAttempt } from "./ledger-locks.ts";
import { closeAttempt } from "./payment-outcome.ts";
import { CLOSING_REASONS, isOpen } from "./payment-records.ts";

/** Attempts released per run. */
const EXPIRY_BATCH = 100;

/** Releases the open attempts whose reservation ended before `now()`; answers how many. */
export async function expireReservations(db: Database, now: () => Date): Promise<number> {
  const due = await db.rows<{ id: number }>(sql`
    select id from payments where status in ('started', 'action') and reserved_until < ${now().toISOString()}
    order by reserved_until limit ${EXPIRY_BATCH}`);
  let expired = 0;
  for (const { id } of due) {
    const done = await withAttempt(db, id, async (tx, payment) => {
      if (!isOpen(payment.status) || new Date(payment.reserved_until).getTime() >= now().getTime()) return false;
      await closeAttempt(tx, payment, "expired", CLOSING_REASONS.expired);
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}
