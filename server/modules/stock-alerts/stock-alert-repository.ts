// Back-in-stock alerts: who waits for which offer, in which language.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { ApiLocale } from "../catalog/locale.ts";

interface StockAlert {
  id: number;
  email: string;
  offerId: number;
  createdAt: string;
}

export type CreateAlertResult =
  | { outcome: "created"; alert: StockAlert }
  | { outcome: "unknown-offer" }
  | { outcome: "already-waiting" };

interface AlertRow {
  id: number;
  email: string;
  offer_id: number;
  created_at: Date | string;
}

const isoTime = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function createStockAlertRepository(db: Database) {
  return {
    /**
     * Registers the alert in one statement: nothing is inserted for an unknown offer, nor when the
     * address already waits for that offer (the partial unique index settles concurrent requests).
     */
    async create(input: { email: string; offerId: number; locale: ApiLocale }): Promise<CreateAlertResult> {
      const inserted = await db.rows<AlertRow>(sql`
        insert into stock_alerts (email, offer_id, locale)
        select ${input.email}, o.id, ${input.locale} from offers o where o.id = ${input.offerId}
        on conflict do nothing
        returning id, email, offer_id, created_at`);
      const row = inserted[0];
      if (row) {
        return { outcome: "created", alert: { id: row.id, email: row.email, offerId: row.offer_id, createdAt: isoTime(row.created_at) } };
      }
      const offers = await db.rows<{ id: number }>(sql`select id from offers where id = ${input.offerId}`);
      return offers.length === 0 ? { outcome: "unknown-offer" } : { outcome: "already-waiting" };
    },
  };
}

export type StockAlertRepository = ReturnType<typeof createStockAlertRepository>;
