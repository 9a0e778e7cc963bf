// Footer newsletter sign-ups.
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { customers, newsletterSubscriptions } from "../../db/schema.ts";
import type { ApiLocale } from "../catalog/locale.ts";

export function createNewsletterRepository(db: Database) {
  return {
    /**
     * Subscribes the address; false when it already is (whatever its case). The unique index
     * settles concurrent sign-ups of the same address. A customer account with that address is
     * marked subscribed in the same transaction, so its profile tells the truth.
     */
    async subscribe(input: { email: string; locale: ApiLocale }): Promise<boolean> {
      return db.orm.transaction(async (tx) => {
        const inserted = await tx
          .insert(newsletterSubscriptions)
          .values(input)
          .onConflictDoNothing()
          .returning({ id: newsletterSubscriptions.id });
        await tx
          .update(customers)
          .set({ newsletterSubscribed: true })
          .where(sql`lower(${customers.email}) = ${input.email.toLowerCase()}`);
        return inserted.length > 0;
      });
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
