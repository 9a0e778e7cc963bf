// Footer newsletter sign-ups.
import type { Database } from "../../db/client.ts";
import { newsletterSubscriptions } from "../../db/schema.ts";
import type { ApiLocale } from "../catalog/locale.ts";

export function createNewsletterRepository(db: Database) {
  return {
    /**
     * Subscribes the address; false when it already is (whatever its case). The unique index
     * settles concurrent sign-ups of the same address.
     */
    async subscribe(input: { email: string; locale: ApiLocale }): Promise<boolean> {
      const inserted = await db.orm
        .insert(newsletterSubscriptions)
        .values(input)
        .onConflictDoNothing()
        .returning({ id: newsletterSubscriptions.id });
      return inserted.length > 0;
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
