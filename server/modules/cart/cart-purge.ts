// Anonymous carts nobody used for a day are deleted (with their lines): the client's cart cookie
// lasts a day too, so nobody can come back to them. Customers' carts are kept.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { RecurringJob } from "../../platform/job-queue.ts";
import type { Logger } from "../../platform/logger.ts";

/** How long an anonymous cart is kept after its last use. */
const ANONYMOUS_CART_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How often the shop looks for abandoned carts. */
const CART_PURGE_INTERVAL_MS = 15 * 60 * 1000;

/** Deletes the anonymous carts unused for longer than `lifetimeMs`; returns how many. */
export async function purgeAbandonedCarts(db: Database, lifetimeMs = ANONYMOUS_CART_LIFETIME_MS): Promise<number> {
  const seconds = Math.floor(lifetimeMs / 1000);
  const deleted = await db.rows<{ id: number }>(sql`
    delete from carts
    where customer_id is null and locked_at is null
      and last_used_at < now() - make_interval(secs => ${seconds})
    returning id`);
  return deleted.length;
}

export interface CartPurgeOptions {
  db: Database;
  log: Logger;
  intervalMs?: number;
}

/** A recurring job of the queue. */
export function cartPurge(options: CartPurgeOptions): RecurringJob {
  return {
    name: "cart-purge",
    intervalMs: options.intervalMs ?? CART_PURGE_INTERVAL_MS,
    run: async () => {
      const purged = await purgeAbandonedCarts(options.db);
      if (purged > 0) options.log.info({ purged }, "abandoned anonymous carts purged");
    },
  };
}
